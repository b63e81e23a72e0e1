//! The record benchmark's helper (bench/records.sh): `generate DIR N SEED` writes N random legal
//! games (a fixed-seed generator; a piece promotes whenever it may) as DIR/gNNNN.kifu and
//! DIR/gNNNN.csa; `read DIR EXT` reads and replays every file with that extension and prints
//! the files, moves and CPU seconds taken.

use shogiprint::formats::record::{Builder, EndKind};
use shogiprint::formats::record_io::{self, RecordFormat};
use shogiprint::rules::{Move, Position, Variant};
use std::time::Instant;

/// xorshift64*: enough randomness for a corpus, and the same games on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

fn generate(dir: &str, n: usize, seed: u64) {
    let v = Variant::builtin("standard").unwrap();
    let mut rng = Rng(seed.max(1));
    std::fs::create_dir_all(dir).unwrap();
    for g in 0..n {
        let mut b = Builder::new(Position::start(&v).unwrap());
        let plies = 60 + (rng.next() % 100) as usize;
        for _ in 0..plies {
            let moves = b.position().legal_moves();
            // Where a move may promote or not, keep only the promotion.
            let moves: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| match m {
                    Move::Normal {
                        from,
                        to,
                        promote: false,
                    } => !moves.contains(&Move::Normal {
                        from: *from,
                        to: *to,
                        promote: true,
                    }),
                    _ => true,
                })
                .collect();
            if moves.is_empty() {
                break;
            }
            let mv = moves[(rng.next() % moves.len() as u64) as usize];
            b.play(0, "", mv).unwrap();
        }
        b.end(0, EndKind::Resign);
        let record = b.finish();
        for (ext, format) in [("kifu", RecordFormat::Kif), ("csa", RecordFormat::Csa)] {
            let path = format!("{dir}/g{g:04}.{ext}");
            std::fs::write(path, record_io::write(&record, format)).unwrap();
        }
    }
}

fn read(dir: &str, ext: &str) {
    let v = Variant::builtin("standard").unwrap();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    let texts: Vec<Vec<u8>> = files.iter().map(|p| std::fs::read(p).unwrap()).collect();
    let format = RecordFormat::from_name(ext);
    let (start, cpu) = (Instant::now(), cpu_seconds());
    let mut moves = 0;
    for t in &texts {
        let r = record_io::read(t, format, &v).expect("the corpus reads");
        moves += r.moves.len();
    }
    // CPU time where Linux tells it: on a shared machine wall time mostly measures the others.
    let secs = match (cpu, cpu_seconds()) {
        (Some(a), Some(b)) => b - a,
        _ => start.elapsed().as_secs_f64(),
    };
    println!("{} {moves} {secs:.6}", texts.len());
}

/// CPU time of this (single-threaded) process so far, from /proc/self/schedstat (nanoseconds).
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("generate") => generate(&args[2], args[3].parse().unwrap(), args[4].parse().unwrap()),
        Some("read") => read(&args[2], &args[3]),
        _ => eprintln!("usage: record_corpus generate DIR N SEED | read DIR EXT"),
    }
}
