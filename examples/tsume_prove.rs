//! Proving mates with the library alone: df-pn's answer (mate, no mate, or a limit hit) and
//! what it cost, without the length, main line and alternatives that `shogiprint tsume` adds
//! (on a 40-ply classic those take minutes). Part 4 of bench/tsume.sh runs it.
//!
//! Run: `cargo run --release --example tsume_prove -- FILE [MAX_NODES [HASH_MB]]`. FILE has one
//! SFEN per line (anything after a tab is ignored; blank lines and `#` comments are skipped).
//! Prints one line per problem: `status=mate nodes=12345 ms=6.789`.

use shogiprint::rules::{validate, Variant};
use shogiprint::tsume::{self, inventory, Limits, Status};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: tsume_prove FILE [MAX_NODES [HASH_MB]]");
        std::process::exit(2);
    };
    let number = |i: usize, default: u64| {
        args.get(i)
            .map_or(Ok(default), |a| a.parse::<u64>())
            .unwrap_or_else(|e| {
                eprintln!("argument {}: {e}", i + 1);
                std::process::exit(2)
            })
    };
    let limits = Limits {
        max_nodes: number(1, 1_500_000),
        time: None,
        hash_mb: number(2, 1024) as usize,
    };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2)
    });
    let standard = Variant::builtin("standard").expect("the built-in standard variant");
    let options = validate::Options { tsume: true };
    for (i, line) in text.lines().enumerate() {
        let sfen = line.split('\t').next().unwrap_or("").trim();
        if sfen.is_empty() || sfen.starts_with('#') {
            continue;
        }
        let complete = shogiprint::formats::sfen::position(sfen, &standard, options)
            .map_err(|e| e.to_string())
            .and_then(|p| inventory::complete(&p).map_err(|lines| lines.join("; ")));
        let pos = match complete {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{path}:{}: {e}", i + 1);
                std::process::exit(2)
            }
        };
        let started = Instant::now();
        let (status, nodes) = tsume::prove(&pos, limits);
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        let status = match status {
            Status::Mate => "mate".to_string(),
            Status::NoMate => "no-mate".to_string(),
            Status::Unknown(limit) => format!("unknown:{}", limit.name()),
        };
        println!("status={status} nodes={nodes} ms={ms:.3}");
    }
}
