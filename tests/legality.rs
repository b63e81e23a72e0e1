//! `Position::is_legal` decides one move without listing the others; the move generator (whose
//! counts perft checks against published figures) lists them all. The two must agree on every
//! conceivable move — each from-to pair with and without promotion, each drop of each kind onto
//! each square — in every position of fixed-seed random games of every built-in variant, and in
//! tsume positions whose attacker has no king.

use shogiprint::formats::sfen;
use shogiprint::rules::{validate, Move, Position, Variant};
use std::collections::HashSet;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// Every move `is_legal` could be asked about in `pos`, checked against the generator.
fn check_every_candidate(pos: &Position) {
    let v = pos.variant();
    // Lion double moves (chu shogi) are checked against lishogi's cases in tests/chu.rs.
    let legal: HashSet<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| !matches!(m, Move::Lion { .. }))
        .collect();
    let squares: Vec<_> = v.size.squares().collect();
    let mut candidates = Vec::new();
    for &from in &squares {
        for &to in &squares {
            for promote in [false, true] {
                candidates.push(Move::Normal { from, to, promote });
            }
        }
    }
    for &kind in v.kinds() {
        for &to in &squares {
            candidates.push(Move::Drop { kind, to });
        }
    }
    let mut found = 0;
    for mv in candidates {
        let expected = legal.contains(&mv);
        assert_eq!(
            pos.is_legal(mv),
            expected,
            "{} in {}: generator says {expected}",
            shogiprint::formats::notation::usi::write_move(v, mv),
            pos.to_sfen()
        );
        found += usize::from(expected);
    }
    assert_eq!(found, legal.len(), "{}", pos.to_sfen());
}

#[test]
fn is_legal_agrees_with_the_move_generator_in_random_games_of_every_variant() {
    let mut rng = Rng(20261125);
    for name in Variant::builtin_names() {
        let v = Variant::builtin(name).unwrap();
        // The large-board engine (chu shogi) answers is_legal from its own move list.
        if v.is_large() {
            continue;
        }
        for _ in 0..6 {
            let mut pos = Position::start(&v).unwrap();
            for _ in 0..80 {
                check_every_candidate(&pos);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[(rng.next() % moves.len() as u64) as usize]);
            }
        }
    }
}

#[test]
fn is_legal_agrees_with_the_move_generator_in_tsume_and_check_positions() {
    let v = Variant::builtin("standard").unwrap();
    for text in [
        // An attacker without a king (tsume), a pawn drop that would mate (uchifuzume),
        // a double check, a pinned piece, a king in check with drops to block.
        "4k4/9/4P4/9/9/9/9/9/9 b G 1",
        "4k4/4g4/9/9/9/9/9/9/4K4 b P 1",
        "kn7/9/1G7/9/9/9/9/9/8K b P 1",
        "4k4/9/9/9/1b2r4/9/9/4L4/4K4 w - 1",
        "4k4/9/9/9/4r4/9/4G4/9/4K4 b - 1",
        "4k4/9/9/9/9/9/9/9/r3K4 b GSNLP 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
    ] {
        let setup = sfen::parse(text, &v.catalog).unwrap();
        let pos = validate::validate(&v, setup, validate::Options { tsume: true })
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        check_every_candidate(&pos);
    }
}
