//! A fixed workload for measuring the mate-in-one test after a defender's move
//! (`Position::one_ply_after`), as the prover calls it two plies from the end: every legal
//! answer to each check met on random walks from the classic problems. Run under cachegrind,
//! once with the calls and once without (`MATE_COST_CALLS=0`), the difference divided by the
//! number of calls is the test's cost (`MATE_COST_CALLS=play`: each answer only played on a
//! copy, the share of that):
//!
//! ```text
//! cargo build --profile bench --example mate_in_one_cost
//! valgrind --tool=cachegrind --cache-sim=no target/release/examples/mate_in_one_cost
//! ```
//!
//! At stop 49 (see `bench/tsume-log.md`): 85 131 tests (6 086 mates, 76 109 surely none, 2 936 unclear), 749.7 M
//! instructions against 153.6 M for the walk alone, 7 000 a test.

use shogiprint::rules::{validate, OnePly, Position, Variant};
use shogiprint::tsume::inventory;
use std::sync::Arc;

fn problems(path: &str) -> Vec<Position> {
    let v: Arc<Variant> = Variant::builtin("standard").unwrap();
    std::fs::read_to_string(path)
        .expect("run from the repository root: bench/data/tsume-classic.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let sfen = l.split('\t').next()?;
            let p =
                shogiprint::formats::sfen::position(sfen, &v, validate::Options { tsume: true })
                    .ok()?;
            inventory::complete(&p).ok()
        })
        .collect()
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn main() {
    // "0": the walk alone; "play": each answer played on a copy of the position; else the test.
    let mode = std::env::var("MATE_COST_CALLS").unwrap_or_default();
    let roots = problems("bench/data/tsume-classic.tsv");
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut tests = 0u64;
    let mut answers = [0u64; 3];
    for root in &roots {
        for _ in 0..16 {
            let mut p = root.clone();
            for _ in 0..8 {
                // The attacker checks, then each of the defender's answers is tested.
                let checks = p.checking_moves();
                if checks.is_empty() {
                    break;
                }
                p.play_unchecked(checks[rng.below(checks.len())]);
                let answers_now = p.legal_moves();
                if answers_now.is_empty() {
                    break;
                }
                for &mv in &answers_now {
                    tests += 1;
                    if mode == "play" {
                        let mut after = p.clone();
                        after.play_unchecked(mv);
                        std::hint::black_box(&after);
                    } else if mode != "0" {
                        let i = match p.one_ply_after(mv, true) {
                            OnePly::Mate(_) => 0,
                            OnePly::NoMate => 1,
                            OnePly::Unclear => 2,
                        };
                        answers[i] += 1;
                    }
                }
                p.play_unchecked(answers_now[rng.below(answers_now.len())]);
            }
        }
    }
    eprintln!("{tests} tests (mate, no mate, unclear: {answers:?})");
}
