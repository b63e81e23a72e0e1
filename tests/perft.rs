//! Perft counts with known answers from outside the project (the shogi programming community's
//! published tables: the start position, minishogi, sho shogi, and the 'matsuri' position).

use shogiprint::formats::sfen;
use shogiprint::rules::{Position, Variant};

fn perft(variant: &str, sfen_text: &str, depth: u32) -> u64 {
    let v = Variant::builtin(variant).unwrap();
    let pos = sfen::position(sfen_text, &v, Default::default()).unwrap();
    pos.perft(depth)
}

fn start(variant: &str) -> Position {
    let v = Variant::builtin(variant).unwrap();
    Position::start(&v).unwrap()
}

const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";

#[test]
fn standard_start_position() {
    let pos = start("standard");
    let expected = [30, 900, 25470, 719731];
    for (depth, n) in expected.iter().enumerate() {
        assert_eq!(pos.perft(depth as u32 + 1), *n, "depth {}", depth + 1);
    }
}

#[test]
#[ignore = "long: run with --ignored, or see the benchmark"]
fn standard_start_position_deep() {
    let pos = start("standard");
    assert_eq!(pos.perft(5), 19_861_490);
    assert_eq!(pos.perft(6), 547_581_517);
}

#[test]
fn minishogi_start_position() {
    let pos = start("minishogi");
    for (depth, n) in [14, 181, 2512, 35401].iter().enumerate() {
        assert_eq!(pos.perft(depth as u32 + 1), *n, "depth {}", depth + 1);
    }
}

#[test]
fn sho_shogi_start_position() {
    let pos = start("sho");
    for (depth, n) in [26, 676, 17368, 445372].iter().enumerate() {
        assert_eq!(pos.perft(depth as u32 + 1), *n, "depth {}", depth + 1);
    }
}

#[test]
fn matsuri_position() {
    assert_eq!(perft("standard", MATSURI, 1), 207);
    assert_eq!(perft("standard", MATSURI, 2), 28684);
    assert_eq!(perft("standard", MATSURI, 3), 4809015);
}
