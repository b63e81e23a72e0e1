//! Position validation: one test per problem code, each with a hand-built SFEN and the exact
//! codes, sides and squares (USI names) expected. Boards are sketched in comments with file 9 on
//! the left and rank a at the top, as an SFEN lists them; uppercase is Black, lowercase White.

use shogiprint::formats::notation;
use shogiprint::formats::sfen;
use shogiprint::rules::validate::{self, Options};
use shogiprint::rules::{Color, ProblemCode, Variant};

/// (code, side, squares) of every problem, in the validator's order.
type Found = Vec<(&'static str, Option<Color>, Vec<String>)>;

fn problems_with(variant: &str, text: &str, options: Options) -> Found {
    let v = Variant::builtin(variant).unwrap();
    let setup = sfen::parse(text, &v.catalog).unwrap_or_else(|e| panic!("{text}: {e}"));
    let found = validate::problems(&v, &setup, options);
    // `validate` must agree with `problems`.
    match validate::validate(&v, setup, options) {
        Ok(_) => assert!(
            found.is_empty(),
            "validate accepted {text} but problems() = {found:?}"
        ),
        Err(e) => assert_eq!(e.problems, found),
    }
    found
        .iter()
        .map(|p| (p.code.as_str(), p.side, p.square_names(v.size)))
        .collect()
}

fn problems(variant: &str, text: &str) -> Found {
    problems_with(variant, text, Options::default())
}

fn sq(names: &[&str]) -> Vec<String> {
    names.iter().map(|s| s.to_string()).collect()
}

const B: Option<Color> = Some(Color::Black);
const W: Option<Color> = Some(Color::White);

#[test]
fn every_code_has_a_stable_name() {
    let names: Vec<&str> = ProblemCode::ALL.iter().map(|c| c.as_str()).collect();
    assert_eq!(
        names,
        [
            "wrong-board-size",
            "piece-not-in-variant",
            "drops-not-allowed",
            "promoted-in-hand",
            "royal-in-hand",
            "too-many-pieces",
            "dead-piece",
            "nifu",
            "missing-king",
            "too-many-kings",
            "opponent-in-check",
            "tsume-hand",
        ]
    );
    for c in ProblemCode::ALL {
        assert_eq!(ProblemCode::parse(c.as_str()), Some(c));
    }
    assert_eq!(ProblemCode::parse("check"), None);
}

#[test]
fn nifu_two_black_pawns_on_file_5() {
    //   9 8 7 6 5 4 3 2 1
    // a . . . . k . . . .
    // f . . . . P . . . .
    // g . . . . P . . . .
    // i . . . . K . . . .
    let found = problems("standard", "4k4/9/9/9/9/4P4/4P4/9/4K4 b - 1");
    assert_eq!(found, vec![("nifu", B, sq(&["5f", "5g"]))]);
}

#[test]
fn nifu_for_white_too() {
    let found = problems("standard", "4k4/2p6/9/2p6/9/9/9/9/4K4 b - 1");
    assert_eq!(found, vec![("nifu", W, sq(&["7b", "7d"]))]);
}

#[test]
fn tokins_and_the_opponents_pawn_are_not_nifu() {
    // Two tokins and a pawn of Black on file 5: only unpromoted pawns count.
    assert_eq!(
        problems("standard", "4k4/9/9/9/4+P4/4+P4/4P4/9/4K4 b - 1"),
        vec![]
    );
    // A black and a white pawn on file 5.
    assert_eq!(
        problems("standard", "4k4/9/4p4/9/9/9/4P4/9/4K4 b - 1"),
        vec![]
    );
}

#[test]
fn dead_pieces() {
    //   9 8 7 6 5 4 3 2 1
    // a P . L . k . . . .     black pawn 9a, black lance 7a
    // b . . N . . . . . .     black knight 7b
    // h . . . . . . n . .     white knight 3h
    // i . . . . K . . . .
    let found = problems("standard", "P1L1k4/2N6/9/9/9/9/9/6n2/4K4 b - 1");
    assert_eq!(
        found,
        vec![
            ("dead-piece", B, sq(&["9a"])),
            ("dead-piece", B, sq(&["7a"])),
            ("dead-piece", B, sq(&["7b"])),
            ("dead-piece", W, sq(&["3h"])),
        ]
    );
}

#[test]
fn a_knight_on_rank_c_and_a_white_pawn_on_rank_h_are_alive() {
    assert_eq!(
        problems("standard", "4k4/9/2N6/9/9/9/9/6p2/4K4 b - 1"),
        vec![]
    );
}

#[test]
fn too_many_pawns_counting_the_hands() {
    // The start position with a pawn in Black's hand: 19 pawns.
    let found = problems(
        "standard",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1",
    );
    let mut squares: Vec<String> = "9c 8c 7c 6c 5c 4c 3c 2c 1c"
        .split(' ')
        .map(String::from)
        .collect();
    squares.extend("9g 8g 7g 6g 5g 4g 3g 2g 1g".split(' ').map(String::from));
    assert_eq!(found, vec![("too-many-pieces", None, squares)]);
}

#[test]
fn tokins_count_as_pawns() {
    // 17 pawns and a tokin (1f) on the board, a pawn in White's hand: 19.
    let found = problems(
        "standard",
        "lnsgkgsnl/1r5b1/pppppppp1/9/9/8+P/PPPPPPPPP/1B5R1/LNSGKGSNL b p 1",
    );
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "too-many-pieces");
    assert_eq!(found[0].2.len(), 18);
    assert!(found[0].2.contains(&"1f".to_string()));
}

#[test]
fn five_golds() {
    //   9 8 7 6 5 4 3 2 1
    // a . . . g k g . . .
    // i . . . G K G . . .     and a gold in Black's hand
    let found = problems("standard", "3gkg3/9/9/9/9/9/9/9/3GKG3 b G 1");
    assert_eq!(
        found,
        vec![("too-many-pieces", None, sq(&["6a", "4a", "6i", "4i"]))]
    );
}

#[test]
fn three_kings_are_too_many_pieces_and_too_many_kings() {
    //   9 8 7 6 5 4 3 2 1
    // a . . . . k . . . .
    // i . . . K K . . . .
    let found = problems("standard", "4k4/9/9/9/9/9/9/9/3KK4 b - 1");
    assert_eq!(
        found,
        vec![
            ("too-many-pieces", None, sq(&["5a", "6i", "5i"])),
            ("too-many-kings", B, sq(&["6i", "5i"])),
        ]
    );
}

#[test]
fn two_kings_of_one_side_without_an_opponent_king() {
    // In a tsume the attacker (Black, to move) may lack a king, so the only problem left is
    // White's second king.
    let found = problems_with(
        "standard",
        "3kk4/9/9/9/9/9/9/9/9 b - 1",
        Options { tsume: true },
    );
    assert_eq!(found, vec![("too-many-kings", W, sq(&["6a", "5a"]))]);
}

#[test]
fn promoted_piece_in_hand() {
    let found = problems("standard", "4k4/9/9/9/9/9/9/9/4K4 b +P 1");
    assert_eq!(found, vec![("promoted-in-hand", B, vec![])]);
    let found = problems("standard", "4k4/9/9/9/9/9/9/9/4K4 w 2+r 1");
    assert_eq!(found, vec![("promoted-in-hand", W, vec![])]);
}

#[test]
fn royal_in_hand() {
    // A tsume whose attacker holds its king in hand: no missing-king (the attacker may lack one),
    // and two kings in all is not too many.
    let found = problems_with(
        "standard",
        "4k4/9/9/9/9/9/9/9/9 b K 1",
        Options { tsume: true },
    );
    assert_eq!(found, vec![("royal-in-hand", B, vec![])]);
    // A third king in hand in an ordinary position is also one king too many.
    let found = problems("standard", "4k4/9/9/9/9/9/9/9/4K4 b k 1");
    assert_eq!(
        found,
        vec![
            ("royal-in-hand", W, vec![]),
            ("too-many-pieces", None, sq(&["5a", "5i"])),
        ]
    );
}

#[test]
fn missing_kings() {
    let found = problems("standard", "9/9/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(found, vec![("missing-king", W, vec![])]);
    let found = problems("standard", "4k4/9/9/9/9/9/9/9/9 w - 1");
    assert_eq!(found, vec![("missing-king", B, vec![])]);
    let found = problems("standard", "9/9/9/9/9/9/9/9/9 b - 1");
    assert_eq!(
        found,
        vec![("missing-king", B, vec![]), ("missing-king", W, vec![])]
    );
}

#[test]
fn tsume_lets_only_the_attacker_go_without_a_king() {
    let tsume = Options { tsume: true };
    // Black attacks with two golds in hand and no king.
    let sfen_text = "4k4/9/4P4/9/9/9/9/9/9 b 2G 1";
    assert_eq!(problems_with("standard", sfen_text, tsume), vec![]);
    // Without the option the same position lacks Black's king.
    assert_eq!(
        problems("standard", sfen_text),
        vec![("missing-king", B, vec![])]
    );
    // The defender still needs a king.
    assert_eq!(
        problems_with("standard", "9/9/9/9/9/9/9/9/4K4 b G 1", tsume),
        vec![("missing-king", W, vec![])]
    );
    // White to move: White is the attacker, Black the defender.
    assert_eq!(
        problems_with("standard", "4k4/9/9/9/9/9/9/9/9 w g 1", tsume),
        vec![("missing-king", B, vec![])]
    );
    assert_eq!(
        problems_with("standard", "9/9/9/9/9/9/9/9/4K4 w g 1", tsume),
        vec![]
    );
    // A tsume position is playable: the attacker's drops are generated.
    let v = Variant::builtin("standard").unwrap();
    let pos = sfen::position(sfen_text, &v, tsume).unwrap();
    let moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| notation::usi::write_move(&v, *m))
        .collect();
    assert!(moves.contains(&"G*5b".to_string()), "{moves:?}");
}

#[test]
fn opponent_in_check() {
    // Black to move, but White's king on 5a is attacked by the rook on 5e.
    //   9 8 7 6 5 4 3 2 1
    // a . . . . k . . . .
    // e . . . . R . . . .
    // i . . . . K . . . .
    let found = problems("standard", "4k4/9/9/9/4R4/9/9/9/4K4 b - 1");
    assert_eq!(found, vec![("opponent-in-check", W, sq(&["5a", "5e"]))]);
    // Two checkers: the rook on 5e and the bishop on 1e (1e-2d-3c-4b-5a).
    let found = problems("standard", "4k4/9/9/9/4R3B/9/9/9/4K4 b - 1");
    assert_eq!(
        found,
        vec![("opponent-in-check", W, sq(&["5a", "5e", "1e"]))]
    );
    // The same with White to move is an ordinary check, not a problem.
    assert_eq!(
        problems("standard", "4k4/9/9/9/4R4/9/9/9/4K4 w - 1"),
        vec![]
    );
    // A blocked rook gives no check.
    assert_eq!(
        problems("standard", "4k4/4g4/9/9/4R4/9/9/9/4K4 b - 1"),
        vec![]
    );
    // The mirror problem: White to move and Black's king on 5i attacked by a white knight on
    // 6g (White's knights jump towards rank i: from 6g to 7i and 5i).
    let found = problems("standard", "4k4/9/9/9/9/9/3n5/9/4K4 w - 1");
    assert_eq!(found, vec![("opponent-in-check", B, sq(&["5i", "6g"]))]);
}

#[test]
fn piece_not_in_variant() {
    // A drunk elephant on 5h in standard shogi.
    let found = problems("standard", "4k4/9/9/9/9/9/9/4E4/4K4 b - 1");
    assert_eq!(found, vec![("piece-not-in-variant", B, sq(&["5h"]))]);
    // In hand it has no square.
    let found = problems("standard", "4k4/9/9/9/9/9/9/9/4K4 b e 1");
    assert_eq!(found, vec![("piece-not-in-variant", W, vec![])]);
    // Lances are not minishogi pieces.
    let found = problems("minishogi", "rbsgk/4p/5/P4/KGSBL b - 1");
    assert_eq!(found, vec![("piece-not-in-variant", B, sq(&["1e"]))]);
}

#[test]
fn drops_not_allowed_in_sho() {
    // Sho shogi's start with a white pawn moved from 1c into Black's hand (18 pawns in all).
    let found = problems(
        "sho",
        "lnsgkgsnl/1r2e2b1/pppppppp1/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b P 1",
    );
    assert_eq!(found, vec![("drops-not-allowed", B, vec![])]);
}

#[test]
fn wrong_board_size() {
    let found = problems("standard", "rbsgk/4p/5/P4/KGSBR b - 1");
    assert_eq!(found, vec![("wrong-board-size", None, vec![])]);
    let found = problems(
        "minishogi",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    );
    assert_eq!(found, vec![("wrong-board-size", None, vec![])]);
    // 5x5 is not goro-goro's 5x6 either.
    let found = problems("gorogoro", "rbsgk/4p/5/P4/KGSBR b - 1");
    assert_eq!(found, vec![("wrong-board-size", None, vec![])]);
}

#[test]
fn several_problems_are_reported_at_once() {
    //   9 8 7 6 5 4 3 2 1
    // a P k . . . . . . .     dead black pawn on 9a, white king on 8a
    // e . R . . . . . . .     black rook on 8e checks the white king
    // f . . . . P . . . .
    // g . . . . P . . . .     nifu on file 5
    // (no black king; White holds a tokin in hand)
    let found = problems("standard", "Pk7/9/9/9/1R7/4P4/4P4/9/9 b +p 1");
    assert_eq!(
        found,
        vec![
            ("promoted-in-hand", W, vec![]),
            ("dead-piece", B, sq(&["9a"])),
            ("nifu", B, sq(&["5f", "5g"])),
            ("missing-king", B, vec![]),
            ("opponent-in-check", W, sq(&["8a", "8e"])),
        ]
    );
    // The error lists them all, one per line item.
    let v = Variant::builtin("standard").unwrap();
    let err =
        sfen::position("Pk7/9/9/9/1R7/4P4/4P4/9/9 b +p 1", &v, Options::default()).unwrap_err();
    assert!(matches!(err, shogiprint::Error::Invalid(_)), "{err}");
    let text = err.to_string();
    for code in [
        "promoted-in-hand",
        "dead-piece 9a",
        "nifu 5f,5g",
        "missing-king -",
    ] {
        assert!(text.contains(code), "{code} missing from {text}");
    }
}

#[test]
fn start_positions_and_handicaps_are_valid() {
    for name in Variant::builtin_names() {
        let v = Variant::builtin(name).unwrap();
        let start = sfen::write(&v.start, &v.catalog);
        assert_eq!(problems(name, &start), vec![], "{name} start");
    }
    let v = Variant::builtin("standard").unwrap();
    assert!(v.handicaps.len() >= 10);
    for h in &v.handicaps {
        let text = sfen::write(&h.setup, &v.catalog);
        assert_eq!(problems("standard", &text), vec![], "handicap {}", h.id);
        // The handicap giver is White and moves first.
        assert_eq!(h.setup.turn, Color::White, "{}", h.id);
    }
}

#[test]
fn a_king_in_check_next_to_a_crown_prince_is_not_a_problem_in_sho() {
    // Sho shogi, Black to move: White's king on 5a is attacked by the rook on 5e, but White also
    // has a crown prince on 1a, so it loses nothing by leaving the king en prise.
    //   9 8 7 6 5 4 3 2 1
    // a . . . . k . . . +e
    // e . . . . R . . . .
    // i . . . . K . . . .
    assert_eq!(problems("sho", "4k3+e/9/9/9/4R4/9/9/9/4K4 b - 1"), vec![]);
    // Without the crown prince it is an ordinary opponent-in-check.
    assert_eq!(
        problems("sho", "4k4/9/9/9/4R4/9/9/9/4K4 b - 1"),
        vec![("opponent-in-check", W, sq(&["5a", "5e"]))]
    );
    // A crown prince alone is enough royalty for White.
    assert_eq!(problems("sho", "8+e/9/9/9/9/9/9/9/4K4 b - 1"), vec![]);
    // Two crown princes for one side are too many (a set has two drunk elephants).
    assert_eq!(
        problems("sho", "4k2+e+e/9/9/9/9/9/9/9/4K4 b - 1"),
        vec![("too-many-kings", W, sq(&["2a", "1a"]))]
    );
}

#[test]
fn tsume_defender_holds_exactly_the_rest() {
    let tsume = Options { tsume: true };
    // Empty means "all the rest"; written out, it must be exactly the rest.
    assert!(problems_with("standard", "4k4/9/4P4/9/9/9/9/9/9 b G 1", tsume).is_empty());
    let rest = "2r2b3g4s4n4l17p";
    assert!(problems_with(
        "standard",
        &format!("4k4/9/4P4/9/9/9/9/9/9 b G{rest} 1"),
        tsume
    )
    .is_empty());
    let short = problems_with(
        "standard",
        "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l16p 1",
        tsume,
    );
    assert_eq!(short, [("tsume-hand", W, sq(&[]))]);
    // Outside tsume mode a partial hand is fine.
    assert!(problems("standard", "4k4/9/4P4/9/9/9/9/9/4K4 b G2r 1").is_empty());
}

#[test]
fn tsume_rest_counts_promoted_pieces_as_their_base_kind() {
    let v = Variant::builtin("standard").unwrap();
    let setup = sfen::parse("4k4/9/4+P4/9/9/9/9/9/9 b G 1", &v.catalog).unwrap();
    let rest = validate::tsume_rest(&v, &setup);
    let pawn = v.catalog.by_letter('P', false).unwrap();
    let gold = v.catalog.by_letter('G', false).unwrap();
    assert_eq!(rest[&pawn], 17);
    assert_eq!(rest[&gold], 3);
    assert_eq!(rest.values().sum::<u32>(), 38 - 1 - 1);
}

#[test]
fn a_position_error_keeps_its_setup_and_accepts_named_problems() {
    // Two black pawns on file 5 (nifu, the rule that forbids two unpromoted pawns of one side
    // on a file) is the only problem.
    let v = Variant::builtin("standard").unwrap();
    let text = "4k4/9/9/9/9/4P4/4P4/9/4K4 b - 1";
    let setup = sfen::parse(text, &v.catalog).unwrap();
    let err = validate::validate(&v, setup.clone(), Options::default()).unwrap_err();
    assert_eq!(err.setup, setup);
    assert_eq!(err.codes(), vec![ProblemCode::Nifu]);
    // Accepting it gives the setup back; accepting something else leaves the error whole.
    assert_eq!(err.clone().accept(&[ProblemCode::Nifu]), Ok(setup.clone()));
    assert_eq!(
        err.clone().accept(&[ProblemCode::DeadPiece]),
        Err(err.clone())
    );
    assert_eq!(err.clone().accept(&ProblemCode::ALL), Ok(setup.clone()));
    // Expecting exactly it passes; expecting another problem as well names the one not found.
    assert_eq!(err.clone().expect(&[ProblemCode::Nifu]), Ok(setup));
    let missing = err
        .expect(&[ProblemCode::Nifu, ProblemCode::MissingKing])
        .unwrap_err();
    assert_eq!(missing.codes(), vec![ProblemCode::MissingKing]);
    assert!(missing.problems[0].message.contains("expect_problems"));
}
