//! Perft speed, side by side with haitaka (MIT, a bitboard shogi move generator in the style of
//! cozy-chess) in the same run. Both count the leaf moves without making them (bulk counting).
//!
//! Run: `cargo bench --bench perft` (add `-- --quick` for fewer repetitions).
//! Prints, per case: node counts (which must agree), best and median time of each, and the ratio.
//! Matsuri at depth 4 (516 million leaves) runs 3 times only.

use std::hint::black_box;
use std::time::{Duration, Instant};

use shogiprint::formats::sfen;
use shogiprint::rules::{Position, Variant};

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";

/// haitaka's perft with bulk counting at the last ply, written against its public API.
fn haitaka_perft(board: &haitaka::Board, depth: u8) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.into_iter().len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += haitaka_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

fn time<F: FnMut() -> u64>(runs: usize, mut f: F) -> (u64, Duration, Duration) {
    let mut times = Vec::with_capacity(runs);
    let mut nodes = 0;
    for _ in 0..runs {
        let start = Instant::now();
        nodes = black_box(f());
        times.push(start.elapsed());
    }
    times.sort();
    (nodes, times[0], times[runs / 2])
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let runs = if quick { 3 } else { 11 };
    let standard = Variant::builtin("standard").expect("built-in variant");
    println!("perft with bulk counting, best and median of {runs} runs (3 for the longest case)");
    println!(
        "{:<22} {:>12} {:>12} {:>12} {:>12} {:>12} {:>8}",
        "case", "nodes", "ours best", "ours median", "haitaka best", "haitaka med", "ratio"
    );
    let cases = [
        ("start, depth 5", START, 5u8, runs),
        ("matsuri, depth 3", MATSURI, 3, runs),
        ("matsuri, depth 4", MATSURI, 4, 3),
    ];
    for (name, text, depth, runs) in cases {
        let ours: Position =
            sfen::position(text, &standard, Default::default()).expect("valid position");
        let theirs = haitaka::Board::from_sfen(text).expect("haitaka parses the position");
        let (n1, best1, med1) = time(runs, || ours.perft(depth as u32));
        let (n2, best2, med2) = time(runs, || haitaka_perft(&theirs, depth));
        assert_eq!(n1, n2, "{name}: node counts differ");
        println!(
            "{name:<22} {n1:>12} {:>10.1}ms {:>10.1}ms {:>10.1}ms {:>10.1}ms {:>7.2}x",
            ms(best1),
            ms(med1),
            ms(best2),
            ms(med2),
            ms(best1) / ms(best2),
        );
    }
    println!("ratio = our best time / haitaka's best time (below 1.00: shogiprint is faster)");
}
