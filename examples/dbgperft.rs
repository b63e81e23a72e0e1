use shogiprint::rules::{Position, Variant};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let v = Variant::builtin("standard").unwrap();
    let depth: u32 = args[1].parse().unwrap();
    let pos = if args.len() > 2 {
        shogiprint::formats::sfen::position(&args[2], &v, Default::default()).unwrap()
    } else {
        Position::start(&v).unwrap()
    };
    let t = std::time::Instant::now();
    let n = pos.perft(depth);
    println!("{n} in {:?}", t.elapsed());
}
