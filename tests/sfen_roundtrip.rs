//! SFEN reading and writing: property tests that writing then reading gives back the same setup,
//! the reader's leniency and its located errors, and the consistency of the move generator with
//! its own SFEN over random playouts of every built-in variant.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use shogiprint::formats::notation;
use shogiprint::formats::sfen;
use shogiprint::rules::validate::{self, Options};
use shogiprint::rules::{
    BoardSize, Color, KindId, Piece, Position, ProblemCode, Setup, Square, Variant,
};
use std::collections::BTreeSet;
use std::sync::Arc;

fn variants() -> Vec<Arc<Variant>> {
    Variant::builtin_names()
        .map(|n| Variant::builtin(n).unwrap())
        .collect()
}

fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(0x5f3e_2024),
        failure_persistence: None,
        ..Config::default()
    }
}

/// A random setup on a built-in variant's board, with any pieces of the catalog (validation is
/// not the writer's business): each square empty or holding a random piece, random hands.
fn arb_setup() -> impl Strategy<Value = (usize, Setup)> {
    let vs = variants();
    let n_variants = vs.len();
    (0..n_variants).prop_flat_map(move |vi| {
        let v = Variant::builtin(Variant::builtin_names().nth(vi).unwrap()).unwrap();
        let size = v.size;
        let kinds = v.catalog.len() as u8;
        let square = prop_oneof![
            3 => Just(None),
            1 => (0..kinds, any::<bool>()).prop_map(|(k, black)| Some(Piece {
                kind: KindId(k),
                color: if black { Color::Black } else { Color::White },
            })),
        ];
        // Boards over 9×9 (chu shogi) have no hands in their SFEN: the third field is the
        // counter-strike square there.
        let held = if size.is_large() { 0..1 } else { 0..5 };
        let hand = proptest::collection::btree_map(0..kinds, 1u32..=999, held);
        (
            Just(vi),
            proptest::collection::vec(square, size.len()),
            hand.clone(),
            hand,
            any::<bool>(),
            1u32..=u32::MAX,
        )
            .prop_map(move |(vi, board, black, white, turn, number)| {
                let mut s = Setup::empty(size);
                s.board = board;
                s.hands[0] = black.into_iter().map(|(k, n)| (KindId(k), n)).collect();
                s.hands[1] = white.into_iter().map(|(k, n)| (KindId(k), n)).collect();
                s.turn = if turn { Color::Black } else { Color::White };
                s.move_number = number;
                (vi, s)
            })
    })
}

proptest! {
    #![proptest_config(config(400))]

    #[test]
    fn write_then_parse_gives_the_setup_back((vi, setup) in arb_setup()) {
        let v = &variants()[vi];
        let text = sfen::write(&setup, &v.catalog);
        let back = sfen::parse(&text, &v.catalog);
        prop_assert_eq!(back.as_ref(), Ok(&setup), "{}", text);
        // Writing is canonical: the same text again.
        prop_assert_eq!(sfen::write(&back.unwrap(), &v.catalog), text);
    }
}

// ---------------------------------------------------------------------------------------------
// Leniency and canonical output.

fn standard() -> Arc<Variant> {
    Variant::builtin("standard").unwrap()
}

fn hand_of(text: &str) -> String {
    let v = standard();
    let setup = sfen::parse(text, &v.catalog).unwrap();
    sfen::write(&setup, &v.catalog)
        .split(' ')
        .nth(2)
        .unwrap()
        .to_string()
}

const KINGS: &str = "4k4/9/9/9/9/9/9/9/4K4";

#[test]
fn hand_pieces_in_any_order_and_repeated() {
    let v = standard();
    let setup = sfen::parse(&format!("{KINGS} b 2P1p3P 1"), &v.catalog).unwrap();
    let pawn = v.catalog.by_id("pawn").unwrap();
    assert_eq!(setup.hand(Color::Black).get(&pawn), Some(&5));
    assert_eq!(setup.hand(Color::White).get(&pawn), Some(&1));
    assert_eq!(hand_of(&format!("{KINGS} b 2P1p3P 1")), "5Pp");
    // Canonical order: RBGSNLP for Black, then rbgsnlp for White.
    assert_eq!(
        hand_of(&format!("{KINGS} b plnsgbrPLNSGBR 1")),
        "RBGSNLPrbgsnlp"
    );
    assert_eq!(hand_of(&format!("{KINGS} b pPgG2bB 1")), "BGP2bgp");
    assert_eq!(hand_of(&format!("{KINGS} w 10p2S 1")), "2S10p");
    assert_eq!(hand_of(&format!("{KINGS} b - 1")), "-");
    // Counts of one written out (`1B`, as some records do) read as one.
    assert_eq!(hand_of(&format!("{KINGS} b 1B1b 1")), "Bb");
}

#[test]
fn missing_hands_and_move_number_default() {
    let v = standard();
    let full = sfen::parse(&format!("{KINGS} w - 1"), &v.catalog).unwrap();
    let short = sfen::parse(&format!("{KINGS} w -"), &v.catalog).unwrap();
    assert_eq!(short, full);
    assert_eq!(short.move_number, 1);
    let shorter = sfen::parse(&format!("{KINGS} w"), &v.catalog).unwrap();
    assert_eq!(shorter, full);
    assert_eq!(sfen::write(&shorter, &v.catalog), format!("{KINGS} w - 1"));
    // Extra whitespace between fields is fine.
    let spaced = sfen::parse(&format!("  {KINGS}   w\t-  1 "), &v.catalog).unwrap();
    assert_eq!(spaced, full);
    let later = sfen::parse(&format!("{KINGS} b - 124"), &v.catalog).unwrap();
    assert_eq!(later.move_number, 124);
}

/// The error's column, checked against the character it should point at.
fn error_at(text: &str) -> (usize, String) {
    let v = standard();
    let e = sfen::parse(text, &v.catalog).unwrap_err();
    (e.column, e.message)
}

#[test]
fn errors_name_the_column() {
    const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";
    assert_eq!(START.len(), 57);
    // A bad side letter: the board is 57 characters, a space, then the side at column 59.
    let (col, msg) = error_at(&format!("{START} x - 1"));
    assert_eq!(col, 59, "{msg}");
    assert!(msg.contains("'x'"), "{msg}");
    // An unknown piece letter: the last character of the board.
    let (col, msg) = error_at("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1");
    assert_eq!(col, 57, "{msg}");
    assert!(msg.contains("'X'"), "{msg}");
    // Uneven ranks: the third rank (starting at column 7) has eight squares.
    let (col, msg) = error_at("4k4/9/8/9/9/9/9/9/4K4 b - 1");
    assert_eq!(col, 7, "{msg}");
    assert!(msg.contains("rank 3"), "{msg}");
    // A promoted king: the '+' at column 2.
    let (col, msg) = error_at("4+k3/9/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(col, 2, "{msg}");
    assert!(msg.contains("+k"), "{msg}");
    let (col, _) = error_at("+K8/9/9/9/9/9/9/9/4k4 b - 1");
    assert_eq!(col, 1);
    // '+' with nothing after it, and a gold cannot promote either.
    assert_eq!(error_at("4k3+/9/9/9/9/9/9/9/4K4 b - 1").0, 4);
    assert_eq!(error_at("4k2+G1/9/9/9/9/9/9/9/4K4 b - 1").0, 4);
    // A rank wider than sixteen squares (the largest board): the second digit.
    assert_eq!(error_at("98/9/9/9/9/9/9/9/4K4 b - 1").0, 2);
    // Seventeen ranks: the seventeenth starts at column 33.
    assert_eq!(error_at(&format!("{}9 b - 1", "9/".repeat(16))).0, 33);
    // A stray character in the board.
    assert_eq!(error_at("4k4/9/9/9/4#4/9/9/9/4K4 b - 1").0, 12);
    // Hands: a zero count, a count with no letter, an unknown letter, a bad character.
    assert_eq!(error_at(&format!("{KINGS} b 0P 1")).0, 25);
    assert_eq!(error_at(&format!("{KINGS} b P2 1")).0, 27);
    assert_eq!(error_at(&format!("{KINGS} b PX 1")).0, 26);
    assert_eq!(error_at(&format!("{KINGS} b P* 1")).0, 26);
    assert_eq!(error_at(&format!("{KINGS} b 1000P 1")).0, 25);
    // Counts of one kind add up, but only to what SFEN can write (found by fuzzing: 888p888p
    // read as 1776 pawns, written as 1776p, which did not read back): the second count.
    let (col, msg) = error_at(&format!("{KINGS} b 888p888p 1"));
    assert_eq!(col, 29, "{msg}");
    assert!(msg.contains("1776"), "{msg}");
    assert_eq!(hand_of(&format!("{KINGS} b 998p1p 1")), "999p");
    // The move number must be a positive whole number.
    assert_eq!(error_at(&format!("{KINGS} b - 0")).0, 27);
    assert_eq!(error_at(&format!("{KINGS} b - x")).0, 27);
    assert_eq!(error_at(&format!("{KINGS} b - -3")).0, 27);
    // Too many fields, nothing at all, no side.
    assert_eq!(error_at(&format!("{KINGS} b - 1 moves")).0, 29);
    assert_eq!(error_at("").0, 1);
    assert_eq!(error_at("   ").0, 1);
    assert_eq!(error_at(KINGS).0, 22);
    // Columns count characters, not bytes.
    let (col, msg) = error_at(&format!("{KINGS} 先 - 1"));
    assert_eq!(col, 23, "{msg}");
    let (col, _) = error_at(&format!("{KINGS} b P先 1"));
    assert_eq!(col, 26);
}

// ---------------------------------------------------------------------------------------------
// The generator against its own SFEN, over random playouts.

fn usi_set(p: &Position) -> BTreeSet<String> {
    p.legal_moves()
        .into_iter()
        .map(|m| notation::usi::write_move(p.variant(), m))
        .collect()
}

/// Plays `choices.len()` random legal moves (fewer if the game ends) from the variant's start.
fn playout(v: &Arc<Variant>, choices: &[u16]) -> Position {
    let mut p = Position::start(v).unwrap();
    for c in choices {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        p.play(moves[*c as usize % moves.len()]).unwrap();
    }
    p
}

fn single_royal(v: &Variant, p: &Position, color: Color) -> bool {
    let royals = v
        .size
        .squares()
        .filter(|s| {
            p.piece_at(*s)
                .is_some_and(|pc| pc.color == color && v.is_royal(pc.kind))
        })
        .count();
    royals == 1
}

proptest! {
    #![proptest_config(config(48))]

    #[test]
    fn playouts_survive_their_own_sfen(
        vi in 0usize..4,
        choices in proptest::collection::vec(any::<u16>(), 0..150),
    ) {
        let v = &variants()[vi];
        let p = playout(v, &choices);
        let text = p.to_sfen();
        let setup = sfen::parse(&text, &v.catalog).unwrap();
        prop_assert_eq!(&setup, &p.to_setup());
        let q = validate::validate(v, setup, Options::default())
            .map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(q.to_sfen(), text.clone());
        prop_assert_eq!(usi_set(&q), usi_set(&p), "{}", text);
        prop_assert_eq!(q.perft(2), p.perft(2), "{}", text);
        prop_assert_eq!(q.is_check(), p.is_check());

        // Every legal move leads to a position that validates: in particular the mover never
        // leaves its only royal piece attacked.
        let mover = p.turn();
        for m in p.legal_moves() {
            let mut child = p.clone();
            child.play(m).unwrap();
            let problems = validate::problems(v, &child.to_setup(), Options::default());
            prop_assert!(problems.is_empty(), "{} then {}: {:?}", text, notation::usi::write_move(v, m), problems);
            if single_royal(v, &child, mover) {
                let codes: Vec<ProblemCode> = problems.iter().map(|p| p.code).collect();
                prop_assert!(!codes.contains(&ProblemCode::OpponentInCheck));
            }
            // The child's move number and side moved on by one.
            prop_assert_eq!(child.turn(), !mover);
            prop_assert_eq!(child.move_number(), p.move_number() + 1);
            // USI notation of every move reads back as the same move.
            prop_assert_eq!(notation::usi::parse_move(v, &notation::usi::write_move(v, m)), Ok(m));
        }
    }
}

#[test]
fn square_names_cover_each_board() {
    for v in variants() {
        let size: BoardSize = v.size;
        let mut names = BTreeSet::new();
        for i in 0..size.len() {
            let sq = Square::new(i as u8);
            let name = notation::usi::square(size, sq);
            assert_eq!(notation::usi::parse_square(size, &name), Some(sq));
            names.insert(name);
        }
        assert_eq!(names.len(), size.len());
    }
}
