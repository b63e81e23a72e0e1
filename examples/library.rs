//! Using shogiprint as a library: load a variant, read a position, validate it, list its moves.
//!
//! Run: `cargo run --example library -- "<SFEN or USI position string>"`

use shogiprint::formats::notation;
use shogiprint::formats::usi;
use shogiprint::rules::{validate, Variant};

fn main() {
    let text = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "position startpos moves 7g7f 3c3d".to_string());
    let standard = match Variant::builtin("standard") {
        Ok(v) => v,
        Err(e) => return eprintln!("{e}"),
    };
    let result = if usi::is_position_string(&text) {
        usi::parse_position(&text, &standard, validate::Options::default())
    } else {
        shogiprint::formats::sfen::position(&text, &standard, validate::Options::default())
    };
    match result {
        Ok(pos) => {
            let mut moves: Vec<String> = pos
                .legal_moves()
                .iter()
                .map(|m| notation::usi::write_move(&standard, *m))
                .collect();
            moves.sort();
            println!("{}", pos.to_sfen());
            println!("{} legal moves: {}", moves.len(), moves.join(" "));
            if pos.is_checkmate() {
                println!("checkmate");
            }
        }
        Err(shogiprint::Error::Invalid(problems)) => {
            for p in &problems.problems {
                println!("{}", p.line(problems.size()));
            }
        }
        Err(e) => eprintln!("{e}"),
    }
}
