//! USI position strings and move notation, on the standard board and on the small boards.

use shogiprint::formats::notation;
use shogiprint::formats::usi::{is_position_string, parse_position};
use shogiprint::rules::{Color, Move, Position, Variant};
use shogiprint::Error;
use std::sync::Arc;

fn variant(name: &str) -> Arc<Variant> {
    Variant::builtin(name).unwrap()
}

fn sfen_after(name: &str, text: &str) -> String {
    let v = variant(name);
    parse_position(text, &v, Default::default())
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .to_sfen()
}

/// The parse error's column and message; panics on success or another kind of error.
fn parse_error(name: &str, text: &str) -> (usize, String) {
    let v = variant(name);
    match parse_position(text, &v, Default::default()) {
        Err(Error::Parse(e)) => (e.column, e.message),
        Err(e) => panic!("{text}: not a parse error: {e}"),
        Ok(p) => panic!("{text}: accepted as {}", p.to_sfen()),
    }
}

#[test]
fn startpos_with_a_bishop_exchange() {
    // 7g7f opens Black's bishop, 3c3d opens White's, 8h2b+ takes White's bishop and promotes:
    // ranks f and g show the pawn moved from 7g to 7f, ranks c and d the pawn from 3c to 3d,
    // rank b the horse on 2b, rank h the empty bishop square, Black holds a bishop, and White is
    // to move at move 4.
    assert_eq!(
        sfen_after("standard", "position startpos moves 7g7f 3c3d 8h2b+"),
        "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4"
    );
    // The recapture 3a2b (the silver from 3a) gives White the bishop back.
    assert_eq!(
        sfen_after("standard", "position startpos moves 7g7f 3c3d 8h2b+ 3a2b"),
        "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5"
    );
    // The same without the promotion leaves a plain bishop on 2b.
    assert_eq!(
        sfen_after("standard", "startpos moves 7g7f 3c3d 8h2b"),
        "lnsgkgsnl/1r5B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4"
    );
}

#[test]
fn the_forms_of_a_position_string() {
    let standard = variant("standard");
    let start = shogiprint::formats::sfen::write(&standard.start, &standard.catalog);
    assert_eq!(sfen_after("standard", "position startpos"), start);
    assert_eq!(sfen_after("standard", "startpos"), start);
    assert_eq!(sfen_after("standard", "position startpos moves"), start);
    assert_eq!(
        sfen_after("standard", &format!("position sfen {start}")),
        start
    );
    assert_eq!(sfen_after("standard", &format!("sfen {start}")), start);
    assert_eq!(sfen_after("standard", &start), start);
    let after = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
    assert_eq!(
        sfen_after("standard", &format!("position sfen {start} moves 7g7f")),
        after
    );
    assert_eq!(
        sfen_after("standard", &format!("{start} moves 7g7f")),
        after
    );
    // An SFEN without hands or move number, then moves.
    assert_eq!(
        sfen_after(
            "standard",
            "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b moves 7g7f"
        ),
        after
    );
    assert!(is_position_string("position startpos"));
    assert!(is_position_string("startpos moves 7g7f"));
    assert!(is_position_string(&format!("sfen {start}")));
    assert!(is_position_string(&format!("{start} moves 7g7f")));
    assert!(!is_position_string(&start));
}

#[test]
fn sfen_then_moves_with_a_drop_and_a_mate() {
    // White king 1a, Black gold 3b and knight 2d; Black drops the gold on 1b: mate.
    let v = variant("standard");
    let p = parse_position(
        "position sfen 8k/6G2/9/7N1/9/9/9/9/K8 b GP 1 moves G*1b",
        &v,
        Default::default(),
    )
    .unwrap();
    assert_eq!(p.to_sfen(), "8k/6G1G/9/7N1/9/9/9/9/K8 w P 2");
    assert!(p.is_checkmate());
    // The pawn drop on the same square would be uchifuzume.
    let (col, msg) = parse_error(
        "standard",
        "position sfen 8k/6G2/9/7N1/9/9/9/9/K8 b GP 1 moves P*1b",
    );
    assert_eq!(col, 52, "{msg}");
    assert!(msg.contains("move 1 (P*1b) is illegal"), "{msg}");
}

#[test]
fn usi_moves_round_trip() {
    let v = variant("standard");
    let size = v.size;
    let sq = |s: &str| notation::usi::parse_square(size, s).unwrap();
    let pawn = v.catalog.by_id("pawn").unwrap();
    let rook = v.catalog.by_id("rook").unwrap();
    let cases = [
        (
            "P*5e",
            Move::Drop {
                kind: pawn,
                to: sq("5e"),
            },
        ),
        (
            "R*9a",
            Move::Drop {
                kind: rook,
                to: sq("9a"),
            },
        ),
        (
            "7g7f",
            Move::Normal {
                from: sq("7g"),
                to: sq("7f"),
                promote: false,
            },
        ),
        (
            "8h2b+",
            Move::Normal {
                from: sq("8h"),
                to: sq("2b"),
                promote: true,
            },
        ),
        (
            "1a9i",
            Move::Normal {
                from: sq("1a"),
                to: sq("9i"),
                promote: false,
            },
        ),
    ];
    for (text, m) in cases {
        assert_eq!(notation::usi::parse_move(&v, text), Ok(m), "{text}");
        assert_eq!(notation::usi::write_move(&v, m), text);
    }
    // 9a is the top-left square, 1i the bottom-right: SFEN order starts at 9a.
    assert_eq!(sq("9a").index(), 0);
    assert_eq!(sq("1a").index(), 8);
    assert_eq!(sq("1i").index(), 80);
    for bad in [
        "", "7g", "7g7", "7g7f7", "7g7f=", "0a1b", "7j7f", "7g7F", "P*", "P*5", "P*5e+", "*5e",
        "X*5e", "E*5e", "P5e", "7g7f++", "７g７f",
    ] {
        assert!(
            notation::usi::parse_move(&v, bad).is_err(),
            "{bad:?} accepted"
        );
    }
}

#[test]
fn illegal_and_malformed_moves_are_located() {
    // position(1-8) startpos(10-17) moves(19-23) 7g7f(25-28) 7g7f(30-33)
    let (col, msg) = parse_error("standard", "position startpos moves 7g7f 7g7f");
    assert_eq!(col, 30);
    assert!(msg.contains("move 2 (7g7f) is illegal"), "{msg}");
    // The square named in USI, as the move was written, not in the digits KIF and CSA use.
    assert!(msg.ends_with("no piece on 7g"), "{msg}");
    // A move with a piece that is not there, and a promotion outside the zone.
    let (col, msg) = parse_error("standard", "position startpos moves 5e5d");
    assert_eq!(col, 25);
    assert!(msg.contains("move 1"), "{msg}");
    let (col, msg) = parse_error("standard", "position startpos moves 7g7f 3c3d 2g2f+");
    assert_eq!(col, 35);
    assert!(msg.contains("move 3 (2g2f+) is illegal"), "{msg}");
    // A drop of a piece nobody holds.
    let (col, msg) = parse_error("standard", "startpos moves P*5e");
    assert_eq!(col, 16);
    assert!(msg.contains("move 1 (P*5e)"), "{msg}");
    // Malformed notation.
    let (col, msg) = parse_error("standard", "position startpos moves 7g7f 3c3");
    assert_eq!(col, 30);
    assert!(msg.contains("move 2"), "{msg}");
    // Not the way to start.
    assert_eq!(parse_error("standard", "position").0, 9);
    assert_eq!(parse_error("standard", "").0, 1);
    assert_eq!(parse_error("standard", "position startpos 7g7f").0, 19);
    assert_eq!(parse_error("standard", "position sfen moves 7g7f").0, 15);
    assert_eq!(parse_error("standard", "position sfen").0, 14);
}

#[test]
fn sfen_errors_inside_a_position_string_point_into_the_whole_text() {
    // "position sfen " is 14 characters; the 21-character board starts at column 15, so the
    // side to move is at column 37.
    let (col, msg) = parse_error(
        "standard",
        "position sfen 4k4/9/9/9/9/9/9/9/4K4 x - 1 moves 5i5h",
    );
    assert_eq!(col, 37, "{msg}");
    // Extra spaces between the fields are kept in the count.
    let (col, _) = parse_error(
        "standard",
        "position sfen 4k4/9/9/9/9/9/9/9/4K4   b  X 1 moves 5i5h",
    );
    assert_eq!(col, 42);
    // An unknown letter in the board.
    let (col, _) = parse_error("standard", "sfen 4k4/9/9/9/9/9/9/9/4Z4 b - 1");
    assert_eq!(col, 25);
}

#[test]
fn invalid_positions_in_a_position_string_are_invalid_not_malformed() {
    let v = variant("standard");
    let e = parse_position(
        "position sfen 4k4/9/9/9/9/9/9/9/9 b - 1",
        &v,
        Default::default(),
    )
    .unwrap_err();
    assert!(matches!(e, Error::Invalid(_)), "{e}");
    match e {
        Error::Invalid(p) => assert_eq!(p.codes()[0].as_str(), "missing-king"),
        other => panic!("{other}"),
    }
    // With the tsume option the attacker needs no king.
    let p = parse_position(
        "position sfen 4k4/9/9/9/9/9/9/9/9 b G 1 moves G*5b",
        &v,
        shogiprint::rules::validate::Options { tsume: true },
    )
    .unwrap();
    assert!(p.is_check());
}

#[test]
fn minishogi_squares() {
    // Minishogi's start: White r b s g k on rank a (files 5-1) and a pawn on 1b; Black K G S B R
    // on rank e and a pawn on 5d.
    let v = variant("minishogi");
    let p = Position::start(&v).unwrap();
    let size = v.size;
    let at = |p: &Position, s: &str| {
        p.piece_at(notation::usi::parse_square(size, s).unwrap())
            .map(|pc| (v.catalog.get(pc.kind).id.clone(), pc.color))
    };
    assert_eq!(at(&p, "5e"), Some(("king".into(), Color::Black)));
    assert_eq!(at(&p, "1e"), Some(("rook".into(), Color::Black)));
    assert_eq!(at(&p, "1a"), Some(("king".into(), Color::White)));
    assert_eq!(at(&p, "5a"), Some(("rook".into(), Color::White)));
    assert_eq!(at(&p, "5d"), Some(("pawn".into(), Color::Black)));
    assert_eq!(at(&p, "1b"), Some(("pawn".into(), Color::White)));
    assert_eq!(notation::usi::parse_square(size, "6a"), None);
    assert_eq!(notation::usi::parse_square(size, "5f"), None);
    // The bishop goes 2e-3d-4c-5b, White pushes 1b1c, and the bishop takes on 4a promoting
    // (rank a is minishogi's whole zone).
    assert_eq!(
        sfen_after("minishogi", "position startpos moves 2e5b 1b1c 5b4a+"),
        "r+Bsgk/5/4p/P4/KGS1R w B 4"
    );
    // A bishop move to rank b does not promote in minishogi.
    let (col, msg) = parse_error("minishogi", "position startpos moves 2e5b+");
    assert_eq!(col, 25);
    assert!(msg.contains("is illegal"), "{msg}");
    // Squares off the 5x5 board are notation errors.
    let (col, msg) = parse_error("minishogi", "position startpos moves 5e6e");
    assert_eq!(col, 25);
    assert!(
        msg.contains("'6e' is not a square of the 5×5 board"),
        "{msg}"
    );
    assert!(parse_error("minishogi", "startpos moves 5d5c 1b1c 5c5f")
        .1
        .contains("'5f'"));
    // Every minishogi start move reads back through USI.
    for m in p.legal_moves() {
        assert_eq!(
            notation::usi::parse_move(&v, &notation::usi::write_move(&v, m)),
            Ok(m)
        );
    }
    assert_eq!(p.legal_moves().len(), 14);
}

#[test]
fn gorogoro_squares_run_to_rank_f() {
    // Goro-goro's 5x6 board: Black's back rank is f, White's pawns are on 4c 3c 2c and Black's
    // on 4d 3d 2d. 3d3c takes a pawn (rank c is outside the two-rank zone), 2c2d takes one back.
    let v = variant("gorogoro");
    let p = Position::start(&v).unwrap();
    let king = v.catalog.by_id("king").unwrap();
    assert_eq!(
        p.piece_at(notation::usi::parse_square(v.size, "3f").unwrap())
            .map(|pc| pc.kind),
        Some(king)
    );
    assert_eq!(notation::usi::parse_square(v.size, "3g"), None);
    assert_eq!(
        sfen_after("gorogoro", "position startpos moves 3d3c 2c2d"),
        "sgkgs/5/1pP2/1P1p1/5/SGKGS b Pp 3"
    );
    // Dropping the pawn back on file 3, where Black already has one on 3c, is nifu.
    let (col, msg) = parse_error("gorogoro", "position startpos moves 3d3c 2c2d P*3d");
    assert_eq!(col, 35);
    assert!(msg.contains("move 3 (P*3d) is illegal"), "{msg}");
    // File 1 is free: legal.
    assert_eq!(
        sfen_after("gorogoro", "position startpos moves 3d3c 2c2d P*1d"),
        "sgkgs/5/1pP2/1P1pP/5/SGKGS w p 4"
    );
    // The king on 3f steps forward to 3e; 3g does not exist.
    assert_eq!(
        sfen_after("gorogoro", "startpos moves 3f3e"),
        "sgkgs/5/1ppp1/1PPP1/2K2/SG1GS w - 2"
    );
    assert!(parse_error("gorogoro", "startpos moves 3f3g")
        .1
        .contains("'3g'"));
}

#[test]
fn a_tsume_line_is_validated_at_its_start() {
    // Found by the usi_position fuzz target (a harness assumption, not a crash): with the tsume
    // option the attacker may lack a king while it is to move, i.e. in the SFEN before the moves;
    // the moves themselves are checked for legality only.
    let v = variant("standard");
    let tsume = shogiprint::rules::validate::Options { tsume: true };
    let p = parse_position(
        "position sfen 8k/6G2/9/7G1/9/9/9/9/N8 b GP 1 moves G*1b",
        &v,
        tsume,
    )
    .unwrap();
    assert_eq!(p.turn(), Color::White);
    assert!(p.is_check());
    // The king takes the gold: 1b is not defended.
    assert!(p
        .legal_moves()
        .iter()
        .any(|m| notation::usi::write_move(&v, *m) == "1a1b"));
    assert_eq!(p.to_sfen(), "8k/6G1G/9/7G1/9/9/9/9/N8 w P 2");
}
