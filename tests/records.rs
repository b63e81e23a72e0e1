//! Game records read, replayed and written: real and published records in KIF and CSA (UTF-8
//! and Shift_JIS), a handicap game, variations, sennichite and perpetual check, impasse points,
//! and malformed records with their located errors. Sources: tests/data/records/SOURCES.md.

use shogiprint::formats::notation::usi;
use shogiprint::formats::record::{Comment, CommentKind, EndKind, GameResult, Record};
use shogiprint::formats::record_io::{self, RecordFormat};
use shogiprint::formats::{csa, ki2, kif};
use shogiprint::rules::{Color, ImpasseRule, ImpasseVerdict, Position, Repetition, Variant};
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

fn standard() -> Arc<Variant> {
    Variant::builtin("standard").unwrap()
}

fn data(name: &str) -> String {
    format!("{}/tests/data/records/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn read(name: &str) -> Record {
    let path = data(name);
    let bytes = std::fs::read(&path).unwrap();
    record_io::read(
        &bytes,
        RecordFormat::from_path(Path::new(&path)),
        &standard(),
    )
    .unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn error_of(name: &str) -> String {
    let path = data(name);
    let bytes = std::fs::read(&path).unwrap();
    record_io::read(
        &bytes,
        RecordFormat::from_path(Path::new(&path)),
        &standard(),
    )
    .map(|_| ())
    .unwrap_err()
    .located(name)
}

fn usi_moves(r: &Record) -> Vec<String> {
    r.moves
        .iter()
        .map(|m| usi::write_move(r.variant(), m.mv))
        .collect()
}

#[test]
fn habu_fujii_2006_replays_all_181_moves_to_a_black_win() {
    let r = read("habu-fujii-2006.kif");
    assert_eq!(r.players[0].as_deref(), Some("羽生善治"));
    assert_eq!(r.players[1].as_deref(), Some("藤井猛"));
    assert_eq!(r.moves.len(), 181);
    assert_eq!(r.end.as_ref().map(|e| &e.kind), Some(&EndKind::Resign));
    // The record's own last line: まで181手で先手の勝ち.
    assert_eq!(r.result(), GameResult::Win(Color::Black));
    assert_eq!(r.header("棋戦"), Some("順位戦"));
    assert_eq!(r.start_comments.len(), 2);
    assert_eq!(&usi_moves(&r)[..4], ["7g7f", "3c3d", "2g2f", "4c4d"]);
    assert_eq!(usi_moves(&r)[180], "7a7b+");
    assert!(r.warnings.is_empty());
}

#[test]
fn a_shift_jis_record_reads_as_its_utf8_original() {
    let utf8 = read("habu-fujii-2006.kif");
    let sjis = read("habu-fujii-2006.sjis.kif");
    assert_eq!(usi_moves(&utf8), usi_moves(&sjis));
    assert_eq!(utf8.players, sjis.players);
    assert_eq!(utf8.start_comments, sjis.start_comments);
}

#[test]
fn the_csa_standard_example_reads_with_players_fields_and_times() {
    let r = read("csa-spec-example.csa");
    assert_eq!(r.players[0].as_deref(), Some("NAKAHARA"));
    assert_eq!(r.players[1].as_deref(), Some("YONENAGA"));
    assert_eq!(
        r.header("$EVENT"),
        Some("13th World Computer Shogi Championship")
    );
    assert_eq!(usi_moves(&r), ["2g2f", "3c3d", "7g7f"]);
    assert_eq!(r.moves[0].time.map(|t| t.seconds), Some(12));
    assert_eq!(r.moves[1].time.map(|t| t.seconds), Some(6));
    // python-shogi's test of the same file expects Black to win.
    assert_eq!(r.result(), GameResult::Win(Color::Black));
}

#[test]
fn csa_pi_with_removals_and_several_games() {
    // python-shogi tests/csa_test.py TEST_CSA_WITH_PI: expected start SFEN and White's win.
    let game = "V2.2\nN+先手\nN-後手\n$START_TIME:2020/05/04 12:40:52\nPI82HI22KA\n+\n+7776FU\nT1\n-8384FU\nT11\n%TORYO\nT0\n";
    let two = format!("{game}/\n{game}");
    let games = csa::read(&two, &standard()).unwrap();
    assert_eq!(games.len(), 2);
    for r in games {
        assert_eq!(
            r.start.to_sfen(),
            "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
        );
        assert_eq!(usi_moves(&r), ["7g7f", "8c8d"]);
        assert_eq!(r.result(), GameResult::Win(Color::White));
    }
}

#[test]
fn csa_p_lines_with_00al_put_the_rest_of_the_set_in_hand() {
    let text = "P1 *  *  *  *  * -OU *  *  * \nP2 *  *  *  *  *  *  *  *  * \nP3 *  *  *  *  *  *  *  *  * \nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  *  *  * \nP9 *  *  *  *  * +OU *  *  * \nP+00HI\nP-00AL\n+\n";
    let r = csa::read_one(text, &standard()).unwrap();
    assert_eq!(
        r.start.to_sfen(),
        "5k3/9/9/9/9/9/9/9/5K3 b Rr2b4g4s4n4l18p 1"
    );
}

#[test]
fn a_handicap_record_starts_from_the_variants_handicap_with_the_giver_moving() {
    let r = read("two-piece-handicap.kif");
    assert_eq!(r.handicap.as_deref(), Some("two_piece"));
    assert_eq!(r.start.turn(), Color::White);
    assert_eq!(r.moves.len(), 24);
    assert_eq!(r.players[0].as_deref(), Some("下手"));
    assert_eq!(r.end.as_ref().map(|e| &e.kind), Some(&EndKind::Abort));
    assert_eq!(r.result(), GameResult::Unknown);
    // The KIF writer names the handicap and the players 下手/上手.
    let text = kif::write(&r);
    assert!(text.contains("手合割：二枚落ち\n"), "{text}");
    assert!(text.contains("上手：上手\n"), "{text}");
}

#[test]
fn variations_branch_from_the_ply_they_name() {
    // tsshogi's swapWithNextBranch record: two variations from move 4.
    let r = read("variations.kif");
    assert_eq!(usi_moves(&r), ["7g7f", "3c3d", "7f7e", "8c8d", "2h7h"]);
    assert_eq!(r.branches.len(), 2);
    let firsts: Vec<String> = r
        .branches
        .iter()
        .map(|b| usi::write_move(r.variant(), b.moves[0].mv))
        .collect();
    assert_eq!(firsts, ["7a6b", "3d3e"]);
    assert!(r.branches.iter().all(|b| b.ply == 4 && b.parent.is_none()));
    assert_eq!(r.branches[1].moves.len(), 3);
    // Written and read back, the variations stay.
    let again = kif::read(&kif::write(&r), &standard()).unwrap();
    assert_eq!(again.branches.len(), 2);
    assert_eq!(again.branches[1].moves.len(), 3);
}

#[test]
fn fourfold_repetition_is_sennichite_after_move_49() {
    // tsshogi: repetition after move 49, not after 48, and no perpetual check.
    let r = read("sennichite.kif");
    assert_eq!(r.repetition, Some((49, Repetition::Draw)));
    assert_eq!(r.result(), GameResult::Draw);
    assert!(r.warnings.is_empty());
    assert_eq!(
        r.final_position().to_sfen(),
        "lr5nl/3g1kg2/2n1ppsp1/p1pps1p1p/1p5P1/P1PPSPP1P/1PS1P1N2/2GK1G3/LN5RL w Bb 50"
    );
}

#[test]
fn perpetual_check_loses_for_the_checking_side() {
    let black = read("perpetual-check-black.kif");
    assert_eq!(
        black.repetition,
        Some((
            17,
            Repetition::PerpetualCheck {
                checker: Color::Black
            }
        ))
    );
    assert_eq!(black.result(), GameResult::Win(Color::White));
    let white = read("perpetual-check-white.kif");
    assert_eq!(
        white.repetition,
        Some((
            14,
            Repetition::PerpetualCheck {
                checker: Color::White
            }
        ))
    );
    assert_eq!(white.result(), GameResult::Win(Color::Black));
}

/// A board copied from a game (`手数＝2 … まで`) with the moves after it numbered on from the
/// game's (3, 4, …), as MyShogi reports some programs write them (MyShogi pull request 41): read
/// as the moves after the board, its variations and summary numbered the same way; the start
/// position keeps its move number. Numbered from 1, as Kifu for Windows writes it, too.
#[test]
fn moves_numbered_on_from_a_copied_boards_game_read() {
    let board = "手合割：平手\n後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n\
        +---------------------------+\n|v香v桂v銀v金v玉v金v銀v桂v香|一\n\
        | ・v飛 ・ ・ ・ ・ ・v角 ・|二\n|v歩v歩v歩v歩v歩v歩 ・v歩v歩|三\n\
        | ・ ・ ・ ・ ・ ・v歩 ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n\
        | ・ ・ 歩 ・ ・ ・ ・ ・ ・|六\n| 歩 歩 ・ 歩 歩 歩 歩 歩 歩|七\n\
        | ・ 角 ・ ・ ・ ・ ・ 飛 ・|八\n| 香 桂 銀 金 玉 金 銀 桂 香|九\n\
        +---------------------------+\n先手の持駒：なし\n手数＝2  △３四歩(33)  まで\n先手番\n\
        手数----指手---------消費時間--\n";
    let start = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3";
    let on = format!("{board}   3 ２六歩(27)\n   4 ８四歩(83)+\n   5 投了\nまで4手で後手の勝ち\n\n変化：4手\n   4 ４四歩(43)\n");
    let r = kif::read(&on, &standard()).unwrap();
    assert_eq!(r.start.to_sfen(), start);
    let usi: Vec<String> = r
        .moves
        .iter()
        .map(|m| usi::write_move(r.start.variant(), m.mv))
        .collect();
    assert_eq!(usi, ["2g2f", "8c8d"]);
    assert_eq!(r.result(), GameResult::Win(Color::White));
    assert_eq!(r.branches.len(), 1);
    assert_eq!(r.branches[0].ply, 2);
    assert_eq!(
        usi::write_move(r.start.variant(), r.branches[0].moves[0].mv),
        "4c4d"
    );
    // Numbered from 1, with a summary that counts the moves after the board.
    let from_one = format!("{board}   1 ２六歩(27)\n   2 ８四歩(83)\nまで2手で中断\n");
    let r = kif::read(&from_one, &standard()).unwrap();
    assert_eq!(r.moves.len(), 2);
    // Neither: an error that names the number expected.
    let wrong = format!("{board}   5 ２六歩(27)\n");
    let e = kif::read(&wrong, &standard()).unwrap_err();
    assert!(
        e.to_string()
            .contains("move number 5, expected 1 (or 3 on from the board's 手数＝2)"),
        "{e}"
    );
}

/// A tsume record's 詰み leaves out the defender's interpositions (tests/data/tsume/
/// lets-play-shogi-a.kif ends with a bishop's check that a drop from the defender's full hand
/// could block): no warning. A 詰み the king walks out of is still one.
#[test]
fn a_tsume_records_mate_may_leave_interpositions() {
    let text = std::fs::read_to_string("tests/data/tsume/lets-play-shogi-a.kif").unwrap();
    let r = kif::read(&text, &standard()).unwrap();
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    let board =
        "後手の持駒：残り全部\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n\
        | ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n\
        | ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n\
        | ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n\
        | ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n\
        | ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n+---------------------------+\n先手の持駒：金\n";
    let text = format!("{board}手数----指手---------消費時間--\n   1 ５二金打\n   2 詰み\n");
    let r = kif::read(&text, &standard()).unwrap();
    assert_eq!(
        r.warnings,
        ["17: 詰み, but the side to move is not checkmated"]
    );
}

#[test]
fn a_stated_end_that_contradicts_the_position_is_a_warning() {
    let text = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 詰み\n";
    let r = kif::read(text, &standard()).unwrap();
    assert_eq!(
        r.warnings,
        ["4: 詰み, but the side to move is not checkmated"]
    );
    let text = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 千日手\n";
    let r = kif::read(text, &standard()).unwrap();
    assert_eq!(
        r.warnings,
        ["4: 千日手, but no position occurred four times"]
    );
}

fn position(sfen: &str) -> Position {
    shogiprint::formats::sfen::position(sfen, &standard(), Default::default()).unwrap()
}

#[test]
fn impasse_points_decide_by_the_24_point_rule_by_default() {
    // Seed 004: 5 for each rook and bishop, 1 for the rest, on the board and in hand; fewer
    // than 24 loses. Black: 2 rooks, 2 bishops, 3 pawns = 23; White: the other 31.
    let pos = position("8K/9/9/9/9/9/9/9/k8 b 2R2B3P4g4s4n4l15p 1");
    assert!(pos.is_impasse());
    assert_eq!(pos.impasse_points(Color::Black), 23);
    assert_eq!(pos.impasse_points(Color::White), 31);
    assert_eq!(
        pos.impasse_verdict(ImpasseRule::Points24),
        ImpasseVerdict::Win(Color::White)
    );
    // The kings outside their zones: no impasse.
    let start = Position::start(&standard()).unwrap();
    assert!(!start.is_impasse());
    assert_eq!(start.impasse_points(Color::Black), 27);
    assert_eq!(
        start.impasse_verdict(ImpasseRule::Points24),
        ImpasseVerdict::NotImpasse
    );
}

#[test]
fn the_27_point_declaration_needs_ten_pieces_in_the_zone_and_28_points_for_black() {
    // King in the zone, rook, bishop and 8 pawns there (10 pieces, 18 points), rook, bishop
    // and 4 golds in hand (14): 32 points.
    let pos = position("4K4/R7B/PPPPPPPP1/9/9/9/9/9/4k4 b RB4G4s4n4l10p 1");
    assert_eq!(
        pos.impasse_verdict(ImpasseRule::Declaration27),
        ImpasseVerdict::Win(Color::Black)
    );
    // Without the pawns in the zone the declaration fails and the declarer loses.
    let short = position("4K4/R7B/9/9/9/9/9/9/4k4 b RB4G4s4n4l8P10p 1");
    assert_eq!(
        short.impasse_verdict(ImpasseRule::Declaration27),
        ImpasseVerdict::Win(Color::White)
    );
}

#[test]
fn kif_to_csa_to_kif_keeps_moves_comments_and_result() {
    let text = "手合割：平手\n先手：A\n後手：B\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:03/00:00:03)\n*角道を開ける\n   2 ３四歩(33)   ( 0:05/00:00:05)\n   3 ２二角成(88)\n*角交換\n   4 同　銀(31)\n   5 投了\n*終局\n";
    let original = kif::read(text, &standard()).unwrap();
    let via_csa = csa::read_one(&csa::write(&original), &standard()).unwrap();
    let back = kif::read(&kif::write(&via_csa), &standard()).unwrap();
    for r in [&via_csa, &back] {
        assert_eq!(usi_moves(r), usi_moves(&original));
        let comments: Vec<_> = r.moves.iter().map(|m| m.comments.clone()).collect();
        let expected: Vec<_> = original.moves.iter().map(|m| m.comments.clone()).collect();
        assert_eq!(comments, expected);
        let end = |r: &Record| r.end.as_ref().map(|e| (e.kind.clone(), e.comments.clone()));
        assert_eq!(end(r), end(&original));
        assert_eq!(r.result(), GameResult::Win(Color::White));
        assert_eq!(r.players, original.players);
    }
    assert_eq!(back.moves[0].time.map(|t| t.seconds), Some(3));
}

/// The time column of each numbered move line of a KIF text (`None` for a move without one).
fn kif_times(kif: &str) -> Vec<Option<String>> {
    kif.lines()
        .filter(|l| {
            let t = l.trim_start();
            t.starts_with(|c: char| c.is_ascii_digit()) && !t.contains("投了")
        })
        .map(|l| {
            // A move a variation replaces ends in '+' after its time.
            let l = l.trim_end_matches('+');
            let i = l.rfind('(')?;
            l[i..].contains(':').then(|| l[i..].to_string())
        })
        .collect()
}

#[test]
fn csa_times_become_each_players_running_total_in_kif() {
    // The spec example: ▲T12, △T6, then an untimed move.
    let spec = kif::write(&read("csa-spec-example.csa"));
    assert_eq!(
        kif_times(&spec),
        [
            Some("( 0:12/00:00:12)".to_string()),
            Some("( 0:06/00:00:06)".to_string()),
            None,
        ]
    );
    // Summed by hand, each side on its own: ▲ 12, 12+30=42, 42+3600=3642 (1:00:42), +0;
    // △ 6, 6+3725=3731 (1:02:11); move 6 has no T and neither shows nor adds a time.
    let game = "V2.2\nPI\n+\n+7776FU\nT12\n-3334FU\nT6\n+2726FU\nT30\n-8384FU\nT3725\n+2625FU\nT3600\n-8485FU\n+6978KI\nT0\n%TORYO\n";
    let r = csa::read_one(game, &standard()).unwrap();
    let times = kif_times(&kif::write(&r));
    let expected = [
        Some("( 0:12/00:00:12)"),
        Some("( 0:06/00:00:06)"),
        Some("( 0:30/00:00:42)"),
        Some("(62:05/01:02:11)"),
        Some("(60:00/01:00:42)"),
        None,
        Some("( 0:00/01:00:42)"),
    ];
    assert_eq!(times, expected.map(|t| t.map(String::from)));
    // And back: KIF read gives the totals, CSA writes each move's own seconds again.
    let back = kif::read(&kif::write(&r), &standard()).unwrap();
    assert_eq!(back.moves[3].time.and_then(|t| t.total), Some(3731));
    let t_lines: Vec<_> = csa::write(&back)
        .lines()
        .filter(|l| l.starts_with('T'))
        .map(String::from)
        .collect();
    assert_eq!(t_lines, ["T12", "T6", "T30", "T3725", "T3600", "T0"]);
}

#[test]
fn a_variation_counts_its_totals_on_from_the_line_it_leaves() {
    // Only each move's own time: main line ▲10 △20 ▲30 △40 → totals 10, 20, 40, 60; the
    // variation at 3 leaves after ▲10 △20: ▲60 → 70 (0:01:10), △5 → 25.
    let text = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:10)\n   2 ３四歩(33)   ( 0:20)\n   3 ２六歩(27)   ( 0:30)+\n   4 ８四歩(83)   ( 0:40)\n\n変化：3手\n   3 ６六歩(67)   ( 1:00)\n   4 ８四歩(83)   ( 0:05)\n";
    let r = kif::read(text, &standard()).unwrap();
    let times = kif_times(&kif::write(&r));
    let expected = [
        "( 0:10/00:00:10)",
        "( 0:20/00:00:20)",
        "( 0:30/00:00:40)",
        "( 0:40/00:01:00)",
        "( 1:00/00:01:10)",
        "( 0:05/00:00:25)",
    ];
    assert_eq!(times, expected.map(|t| Some(t.to_string())));
}

#[test]
fn kif_totals_as_written_survive_kif_to_kif_even_before_a_variation_mark() {
    // A record from a later position: the totals carry time from before it, so they are
    // kept as stated, not recounted; move 2's total sits before the `+` variation mark.
    let text = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:03/00:10:03)\n   2 ３四歩(33)   ( 0:05/01:20:05)+\n   3 ２六歩(27)   ( 0:07)\n\n変化：2手\n   2 ８四歩(83)   ( 0:09/01:20:09)\n";
    let r = kif::read(text, &standard()).unwrap();
    let totals: Vec<_> = r
        .moves
        .iter()
        .map(|m| m.time.and_then(|t| t.total))
        .collect();
    assert_eq!(totals, [Some(603), Some(4805), None]);
    let written = kif::write(&r);
    let expected = [
        "( 0:03/00:10:03)",
        "( 0:05/01:20:05)",
        // Counted on from ▲'s stated 10:03.
        "( 0:07/00:10:10)",
        "( 0:09/01:20:09)",
    ];
    assert_eq!(kif_times(&written), expected.map(|t| Some(t.to_string())));
    assert_eq!(
        kif::write(&kif::read(&written, &standard()).unwrap()),
        written
    );
}

#[test]
fn a_record_without_times_writes_none() {
    let r = read("habu-fujii-2006.kif");
    assert!(r.moves.iter().all(|m| m.time.is_none()));
    assert!(kif_times(&kif::write(&r)).iter().all(Option::is_none));
    assert!(!csa::write(&r).lines().any(|l| l.starts_with('T')));
}

#[test]
fn the_real_game_survives_kif_csa_kif() {
    let r = read("habu-fujii-2006.kif");
    let back = kif::read(
        &kif::write(&csa::read_one(&csa::write(&r), &standard()).unwrap()),
        &standard(),
    )
    .unwrap();
    assert_eq!(usi_moves(&back), usi_moves(&r));
    assert_eq!(back.start_comments, r.start_comments);
    assert_eq!(back.result(), r.result());
}

#[test]
fn malformed_records_are_located_errors() {
    assert_eq!(
        error_of("illegal-nifu.kif"),
        "illegal-nifu.kif:68: △５三歩打: nifu on file 5"
    );
    assert_eq!(
        error_of("truncated.kif"),
        "truncated.kif:66: △同: expected a piece name like 歩"
    );
    assert!(error_of("unknown-handicap.kif").starts_with(
        "unknown-handicap.kif:10: 手合割：七枚落ち: unknown handicap '七枚落ち': expected one of 平手, 香落ち,"
    ));
    assert_eq!(
        error_of("wrong-encoding.csa"),
        "wrong-encoding.csa:1: UTF-16 text: save the file as UTF-8 or Shift_JIS"
    );
}

#[test]
fn csa_moves_that_do_not_fit_are_errors() {
    let v = standard();
    let e = csa::read_one("PI\n+\n+7776FU\n+3334FU\n", &v).unwrap_err();
    assert_eq!(e.located("x.csa"), "x.csa:4: +3334FU: it is white's turn");
    let e = csa::read_one("PI\n+\n+7775FU\n", &v).unwrap_err();
    assert_eq!(
        e.located("x.csa"),
        "x.csa:3: +7775FU: the piece cannot move there"
    );
    let e = csa::read_one("PI\n+\n+8822KA\n", &v).unwrap_err();
    assert_eq!(
        e.located("x.csa"),
        "x.csa:3: +8822KA: the piece cannot move there"
    );
}

#[test]
fn the_cli_prints_a_summary_and_converts() {
    let bin = env!("CARGO_BIN_EXE_shogiprint");
    let out = Command::new(bin)
        .args(["game", &data("sennichite.kif"), "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["moves"], 49);
    assert_eq!(json["result"], "draw");
    assert_eq!(json["repetition"], "sennichite at move 49");
    let out = Command::new(bin)
        .args(["convert", &data("csa-spec-example.csa"), "--to", "usi"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "position startpos moves 2g2f 3c3d 7g7f\n"
    );
    let out = Command::new(bin)
        .args(["game", &data("illegal-nifu.kif")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(":68: △５三歩打: nifu on file 5"));
}

#[test]
fn captions_name_the_last_move_as_books_do() {
    let r = read("habu-fujii-2006.kif");
    assert_eq!(r.caption(41, 1).as_deref(), Some("第1図 ▲2六飛まで"));
    assert_eq!(r.caption(50, 2).as_deref(), Some("第2図 △同歩まで"));
    assert_eq!(r.caption(53, 3).as_deref(), Some("第3図 ▲3一角まで"));
    assert_eq!(r.caption(0, 1), None);
    let h = read("two-piece-handicap.kif");
    assert_eq!(h.caption(21, 1).as_deref(), Some("第1図 △3三歩まで"));
}

#[test]
fn diagram_draws_a_record_at_a_ply() {
    let bin = env!("CARGO_BIN_EXE_shogiprint");
    let out = Command::new(bin)
        .args(["diagram", &data("two-piece-handicap.kif"), "--move", "21"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = String::from_utf8_lossy(&out.stdout);
    assert!(svg.contains("<svg"));
    let out = Command::new(bin)
        .args(["diagram", &data("two-piece-handicap.kif"), "--ply", "99"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn ki2_moves_resolve_against_the_legal_moves() {
    // The same 二枚落ち opening as KI2 (no source squares) and as KIF (with them).
    let ki2 = read("two-piece-handicap.ki2");
    let kif = read("two-piece-handicap.kif");
    assert_eq!(usi_moves(&ki2), usi_moves(&kif));
    assert_eq!(ki2.handicap.as_deref(), Some("two_piece"));
    assert_eq!(
        error_of("ambiguous.ki2"),
        "ambiguous.ki2:2: ▲５八金: '▲５八金' fits 2 legal moves"
    );
}

#[test]
fn kif_to_ki2_to_kif_keeps_moves_comments_variations_and_result() {
    use shogiprint::formats::ki2;
    for name in [
        "habu-fujii-2006.kif",
        "variations.kif",
        "perpetual-check-white.kif",
    ] {
        let original = read(name);
        let back = kif::read(
            &kif::write(&ki2::read(&ki2::write(&original), &standard()).unwrap()),
            &standard(),
        )
        .unwrap();
        assert_eq!(usi_moves(&back), usi_moves(&original), "{name}");
        assert_eq!(back.start_comments, original.start_comments, "{name}");
        assert_eq!(back.branches.len(), original.branches.len(), "{name}");
        assert_eq!(back.result(), original.result(), "{name}");
        assert_eq!(back.start.to_sfen(), original.start.to_sfen(), "{name}");
    }
    let text = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n*角道を開ける\n&第1図\n   2 ３四歩(33)\n   3 中断\n";
    let original = kif::read(text, &standard()).unwrap();
    let back = ki2::read(&ki2::write(&original), &standard()).unwrap();
    assert_eq!(back.moves[0].comments, [Comment::note("角道を開ける")]);
    assert_eq!(back.moves[0].bookmark.as_deref(), Some("第1図"));
    assert_eq!(back.end.map(|e| e.kind), Some(EndKind::Abort));
}

fn diagram_yaml(yaml: &str) -> Result<shogiprint::diagram::Diagram, String> {
    use shogiprint::diagram::spec;
    // The file need not exist: only its directory matters (records are found beside it).
    let name = data("figure.yaml");
    let load = |v: &str| Variant::builtin(v).map_err(shogiprint::Error::from);
    spec::from_yaml_text(yaml, &name, &standard(), &load).map_err(|e| e.to_string())
}

#[test]
fn a_diagram_file_draws_a_record_at_a_ply_with_the_books_caption_and_the_players() {
    let r = read("habu-fujii-2006.kif");
    let d = diagram_yaml("position: {record: habu-fujii-2006.kif, ply: 41}\n").unwrap();
    assert_eq!(d.caption.as_deref(), Some("第1図 ▲2六飛まで"));
    assert_eq!(d.players, [Some("羽生善治".into()), Some("藤井猛".into())]);
    assert_eq!(d.setup, r.position_at(41).to_setup());
    assert!(!d.options.handicap);
    // move: as ply:, figure: numbers the caption, and the file's caption wins.
    let d = diagram_yaml("position:\n  record: habu-fujii-2006.kif\n  move: 50\n  figure: 2\n")
        .unwrap();
    assert_eq!(d.caption.as_deref(), Some("第2図 △同歩まで"));
    let d = diagram_yaml("position: {record: habu-fujii-2006.kif}\ncaption: 投了図\n").unwrap();
    assert_eq!(d.caption.as_deref(), Some("投了図"));
    assert_eq!(d.setup, r.final_position().to_setup());
    // A handicap record: 下手/上手, and the record's players.
    let d = diagram_yaml("position: {record: two-piece-handicap.kif, ply: 21}\n").unwrap();
    assert!(d.options.handicap);
    assert_eq!(d.caption.as_deref(), Some("第1図 △3三歩まで"));
}

#[test]
fn record_positions_in_diagram_files_fail_with_located_errors() {
    let name = data("figure.yaml");
    let e =
        diagram_yaml("title: x\nposition: {record: habu-fujii-2006.kif, ply: 300}\n").unwrap_err();
    assert_eq!(
        e,
        format!("{name}:2:46: position.ply: move 300: the game has 181 moves (0 is the start)")
    );
    let e = diagram_yaml("position:\n  record: missing.kif\n").unwrap_err();
    assert!(
        e.starts_with(&format!("{name}:2:11: position.record: ")) && e.contains("missing.kif: "),
        "{e}"
    );
    let e = diagram_yaml("position: {record: illegal-nifu.kif, ply: 3}\n").unwrap_err();
    assert!(
        e.ends_with("illegal-nifu.kif:68: △５三歩打: nifu on file 5"),
        "{e}"
    );
    assert!(
        e.starts_with(&format!("{name}:1:20: position.record: ")),
        "{e}"
    );
    let e = diagram_yaml("position: {record: habu-fujii-2006.kif, page: 3}\n").unwrap_err();
    assert!(e.contains("unknown key 'page' in position"), "{e}");
    let e = diagram_yaml("position: {record: habu-fujii-2006.kif, ply: -1}\n").unwrap_err();
    assert!(
        e.contains("position.ply: '-1': expected a number of moves"),
        "{e}"
    );
}

#[test]
fn booklet_entries_take_record_positions_numbered_by_their_place() {
    use shogiprint::booklet::Book;
    let yaml = "numbering: zu\ndiagrams:\n  - position: startpos\n  - position: {record: habu-fujii-2006.kif, ply: 41}\n    comment: 飛車を振った。\n  - position: {record: habu-fujii-2006.kif, ply: 999}\n";
    let name = data("book.yaml");
    let book = Book::from_yaml(yaml, &name, &|_| Err("no file".into())).unwrap();
    let load = |v: &str| Variant::builtin(v).map_err(shogiprint::Error::from);
    let e = book.entry(1, 2, &standard(), &load).unwrap();
    // The heading says 第2図 (the booklet's label): the caption keeps the move.
    assert_eq!(e.diagram.caption.as_deref(), Some("▲2六飛まで"));
    assert_eq!(e.notes.comment.as_deref(), Some("飛車を振った。"));
    let err = book
        .entry(2, 3, &standard(), &load)
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        format!("{name}:6:50: diagrams[2].position.ply: move 999: the game has 181 moves (0 is the start)")
    );
}

/// Entry `i` of a booklet, as figure `i + 1`, with the standard pieces.
fn entry_of(b: &shogiprint::booklet::Book, i: usize) -> shogiprint::booklet::Entry {
    let load = |v: &str| Variant::builtin(v).map_err(shogiprint::Error::from);
    b.entry(i, i + 1, &standard(), &load).unwrap()
}

/// The notes under entry `i` of a game booklet.
fn notes_of(b: &shogiprint::booklet::Book, i: usize) -> String {
    entry_of(b, i).notes.comment.unwrap()
}

/// The plies a game booklet of `r` draws for its bookmarks and/or its comments.
fn plies_for(r: &Record, bookmarks: bool, comments: bool) -> Vec<usize> {
    shogiprint::booklet::game::Selection {
        every: None,
        bookmarks,
        comments,
    }
    .plies(r)
}

#[test]
fn a_game_booklet_has_a_diagram_every_n_moves_and_at_the_end_with_the_moves_between() {
    use shogiprint::booklet::game::{book, Selection};
    let r = read("habu-fujii-2006.kif");
    let selection = Selection {
        every: Some(50),
        ..Selection::default()
    };
    assert_eq!(selection.plies(&r), [50, 100, 150, 181]);
    let b = book(r, "habu-fujii-2006.kif", &selection);
    assert_eq!(b.entries.len(), 4);
    assert_eq!(b.options.title.as_deref(), Some("▲羽生善治 対 △藤井猛"));
    let header = b.options.header.clone().unwrap();
    assert!(
        header.starts_with("▲羽生善治 対 △藤井猛　順位戦"),
        "{header}"
    );
    let first = entry_of(&b, 0);
    // Ply 50 is △同歩 (the captions test above); the moves from the start lead to it.
    // The heading says 第1図 (the booklet's figure numbering), so the caption keeps the move.
    assert_eq!(first.diagram.caption.as_deref(), Some("△同歩まで"));
    assert_eq!(first.diagram.title.as_deref(), Some("50手目"));
    let notes = first.notes.comment.unwrap();
    assert!(
        notes.starts_with("初手からの指し手\n▲7六歩△3四歩▲2六歩△4四歩"),
        "{notes}"
    );
    assert!(notes.contains("△同歩（第1図）"), "{notes}");
    let second = notes_of(&b, 1);
    assert!(second.starts_with("第1図以下の指し手\n"), "{second}");
    let last = entry_of(&b, 3);
    assert_eq!(
        b.place(3),
        format!("habu-fujii-2006.kif:{}", last_line_of_move(181))
    );
    let notes = last.notes.comment.unwrap();
    // The record's own last line: まで181手で先手の勝ち.
    assert!(notes.ends_with("まで181手で先手の勝ち"), "{notes}");
    assert!(notes.contains("▲7二飛成（第4図）"), "{notes}");
}

#[test]
fn a_game_booklet_of_one_diagram_holds_its_move_list_to_the_note_lines() {
    use shogiprint::booklet::game::{book, Selection};
    let r = read("habu-fujii-2006.kif");
    for every in [181, 500] {
        let selection = Selection {
            every: Some(every),
            ..Selection::default()
        };
        assert_eq!(selection.plies(&r), [181]);
        let b = book(r.clone(), "habu-fujii-2006.kif", &selection);
        let notes = notes_of(&b, 0);
        let lines: Vec<&str> = notes.lines().collect();
        // Eight lines, as the README says: the heading, the first moves, … and the moves
        // that lead to the diagram, then the result.
        assert_eq!(lines.len(), 8, "{notes}");
        assert_eq!(lines[0], "初手からの指し手");
        assert!(lines[1].starts_with("▲7六歩△3四歩"), "{notes}");
        assert!(lines[6].starts_with('…'), "{notes}");
        assert!(lines[6].ends_with("▲7二飛成（第1図）"), "{notes}");
        assert_eq!(lines[7], "まで181手で先手の勝ち");
    }
    // And the booklet is made (it had been refused for want of room).
    let bin = env!("CARGO_BIN_EXE_shogiprint");
    let dir = std::env::temp_dir().join(format!("shogiprint-one-diagram-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pdf = dir.join("game.pdf");
    let out = Command::new(bin)
        .args([
            "booklet",
            &data("habu-fujii-2006.kif"),
            "--every",
            "181",
            "-o",
        ])
        .arg(&pdf)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
    std::fs::remove_dir_all(&dir).ok();
}

fn last_line_of_move(ply: usize) -> String {
    read("habu-fujii-2006.kif").moves[ply - 1].line.to_string()
}

#[test]
fn a_game_booklet_can_follow_bookmarks_and_comments() {
    use shogiprint::booklet::game::Selection;
    let text = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n&第1図\n   2 ３四歩(33)\n   3 ２六歩(27)\n*居飛車。\n   4 ４四歩(43)\n   5 中断\n";
    let r = kif::read(text, &standard()).unwrap();
    assert_eq!(plies_for(&r, true, false), [1, 4]);
    assert_eq!(plies_for(&r, false, true), [3, 4]);
    assert_eq!(plies_for(&r, true, true), [1, 3, 4]);
    let b = shogiprint::booklet::game::book(
        r.clone(),
        "x.kif",
        &Selection {
            comments: true,
            ..Selection::default()
        },
    );
    assert_eq!(
        notes_of(&b, 0),
        "初手からの指し手\n▲7六歩△3四歩▲2六歩（第1図）\n居飛車。"
    );
    assert_eq!(
        notes_of(&b, 1),
        "第1図以下の指し手\n△4四歩（第2図）\nまで4手で中断"
    );
}

/// A diagram's heading counts moves as the record numbers them: a board copied after 25 moves
/// (`手数＝25`, its SFEN at move 26) is headed 25手目, not 開始局面, and the move after it,
/// numbered 26 in the file, 26手目, not 1手目.
#[test]
fn a_game_booklet_heads_a_copied_boards_diagrams_with_the_games_move_numbers() {
    use shogiprint::booklet::game::{book, Selection};
    let bod = std::fs::read_to_string(data("kifu-for-js-zumen.bod")).unwrap();
    let every = Selection {
        every: Some(1),
        ..Selection::default()
    };
    let heading = |r: Record, i: usize| {
        let b = book(r, "x", &every);
        entry_of(&b, i).diagram.title.unwrap()
    };
    let board = record_io::read(bod.as_bytes(), Some(RecordFormat::Bod), &standard()).unwrap();
    assert_eq!(heading(board, 0), "25手目");
    let kif = format!("{bod}\n手数----指手---------消費時間--\n  26 ２二角(31)\n");
    assert_eq!(heading(read_text(&kif), 0), "26手目");
    // A game from the usual start: unchanged.
    let r = read("habu-fujii-2006.kif");
    assert_eq!(heading(r, 0), "1手目");
}

/// A bookmark or a comment on the start position (ShogiGUI's `&しおり` before move 1, a note
/// before the first move) draws the start too, as 第1図; the next diagram's moves then follow
/// on from it (第1図以下の指し手), not from the start again.
#[test]
fn a_game_booklet_draws_the_start_when_it_is_bookmarked_or_commented() {
    use shogiprint::booklet::game::{book, Selection};
    let text = "手合割：平手\n手数----指手---------消費時間--\n&序盤\n*角換わりの定跡。\n   1 ７六歩(77)\n   2 ３四歩(33)\n&第2図\n   3 ２六歩(27)\n   4 中断\n";
    let r = kif::read(text, &standard()).unwrap();
    assert_eq!(r.start_bookmark.as_deref(), Some("序盤"));
    assert_eq!(plies_for(&r, true, false), [0, 2, 3]);
    assert_eq!(plies_for(&r, false, true), [0, 3]);
    assert_eq!(plies_for(&r, false, false), [3]);
    let b = book(
        r.clone(),
        "x.kif",
        &Selection {
            bookmarks: true,
            ..Selection::default()
        },
    );
    let start = entry_of(&b, 0);
    assert_eq!(start.diagram.title.as_deref(), Some("開始局面"));
    assert_eq!(start.notes.comment.as_deref(), Some("角換わりの定跡。"));
    assert_eq!(notes_of(&b, 1), "第1図以下の指し手\n▲7六歩△3四歩（第2図）");
}

/// Kifu for JS's board of move 25 (`手数＝25 ▲３七銀 まで`) with the game's moves after it,
/// numbered on from 26 as the record numbers them: the start is `w - 26`.
fn record_from_move_26() -> Record {
    let board = std::fs::read_to_string(data("kifu-for-js-zumen.bod")).unwrap();
    let text = format!(
        "{board}手数----指手---------消費時間--\n  26 ８五歩(84)\n  27 ６八金(78)\n  28 投了\n"
    );
    let r = kif::read(&text, &standard()).unwrap();
    assert_eq!(r.start.move_number(), 26);
    r
}

/// A game booklet numbers its diagrams and its result as the record numbers the moves: after a
/// board copied at move 25 the first diagram is 26手目 and its moves follow on from the start
/// position (開始局面からの指し手), not from the first move of the game (初手); ordinary and
/// handicap records still count from their first move.
#[test]
fn a_game_booklet_of_a_record_that_starts_mid_game_numbers_its_moves_as_the_record_does() {
    use shogiprint::booklet::game::{book, Selection};
    let every = |n| Selection {
        every: Some(n),
        ..Selection::default()
    };
    let b = book(record_from_move_26(), "zk.kif", &every(1));
    let first = entry_of(&b, 0);
    assert_eq!(first.diagram.title.as_deref(), Some("26手目"));
    assert_eq!(
        first.notes.comment.as_deref(),
        Some("開始局面からの指し手\n△8五歩（第1図）")
    );
    let last = entry_of(&b, 1);
    assert_eq!(last.diagram.title.as_deref(), Some("27手目"));
    assert_eq!(
        last.notes.comment.as_deref(),
        Some("第1図以下の指し手\n▲6八金寄（第2図）\nまで27手で先手の勝ち")
    );
    // A handicap game counts from 上手's first move, an even game from Black's.
    let b = book(read("two-piece-handicap.kif"), "h.kif", &every(10));
    let first = entry_of(&b, 0);
    assert_eq!(first.diagram.title.as_deref(), Some("10手目"));
    let notes = first.notes.comment.unwrap();
    assert!(
        notes.starts_with("初手からの指し手\n△6二銀▲7六歩"),
        "{notes}"
    );
    let b = book(read("habu-fujii-2006.kif"), "g.kif", &every(100));
    assert_eq!(entry_of(&b, 0).diagram.title.as_deref(), Some("100手目"));
    assert!(notes_of(&b, 1).ends_with("まで181手で先手の勝ち"));
}

/// A western diagram of a record is captioned in western notation, the move numbered as the
/// record numbers it; the Japanese styles keep the book's caption, and a caption given by hand
/// is drawn as written.
#[test]
fn a_western_diagram_of_a_record_gets_a_western_caption() {
    let game = data("habu-fujii-2006.kif");
    let title = |extra: &[&str]| {
        let mut args = vec!["diagram", game.as_str(), "--ply", "150"];
        args.extend_from_slice(extra);
        let (code, svg, err) = shogiprint(&args);
        assert_eq!(code, Some(0), "{err}");
        let start = svg.find("<title>").unwrap() + "<title>".len();
        svg[start..start + svg[start..].find("</title>").unwrap()].to_string()
    };
    assert_eq!(title(&["--style", "western"]), "Figure 1: after 150. G-7b");
    assert_eq!(title(&[]), "第1図 △7二金まで");
    assert_eq!(title(&["--style", "arrows"]), "第1図 △7二金まで");
    assert_eq!(
        title(&["--style", "western", "--caption", "Diagram A"]),
        "Diagram A"
    );
    // A diagram file: its style: comes after the record's caption is made.
    let d = diagram_yaml(
        "position: {record: habu-fujii-2006.kif, ply: 41, figure: 2}\nstyle: western\n",
    )
    .unwrap();
    assert_eq!(d.shown_caption(), Some("Figure 2: after 41. R-2f"));
    let d = diagram_yaml("position: {record: habu-fujii-2006.kif, ply: 41}\n").unwrap();
    assert_eq!(d.shown_caption(), Some("第1図 ▲2六飛まで"));
    // A record from move 26 numbers its first move 26.
    let mut d = shogiprint::diagram::from_record(&record_from_move_26(), Some(1), 1).unwrap();
    d.options.style = shogiprint::diagram::Style::Western;
    assert_eq!(d.shown_caption(), Some("Figure 1: after 26. P-8e"));
}

/// `--bookmarks` or `--comments` on a record that has none still draws the final position, and
/// says so in one line (exit 0).
#[test]
fn a_game_booklet_says_when_the_record_has_no_bookmarks_or_comments() {
    let game = data("habu-fujii-2006.kif");
    let dir = std::env::temp_dir().join(format!("shogiprint-no-marks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pdf = dir.join("g.pdf");
    let pdf = pdf.to_str().unwrap();
    let (code, _, err) = shogiprint(&["booklet", &game, "--bookmarks", "-o", pdf]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        err,
        format!("warning: {game} has no bookmarks: only the final position is drawn\n")
    );
    assert!(std::fs::read(pdf).unwrap().starts_with(b"%PDF"));
    // The game has comments: --comments finds them, and says nothing.
    let (code, _, err) = shogiprint(&["booklet", &game, "--comments", "-o", pdf]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    let (code, _, err) = shogiprint(&[
        "booklet",
        &game,
        "--bookmarks",
        "--comments",
        "--every",
        "60",
        "-o",
        pdf,
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        err,
        format!("warning: {game} has no bookmarks: --bookmarks adds no diagram\n")
    );
    std::fs::remove_dir_all(&dir).ok();
    // Neither, in a record with neither.
    let r = record_from_move_26();
    let both = shogiprint::booklet::game::Selection {
        every: None,
        bookmarks: true,
        comments: true,
    };
    assert_eq!(
        both.unmatched(&r, "zk.kif").as_deref(),
        Some("zk.kif has no bookmarks or comments: only the final position is drawn")
    );
    let text =
        "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n&第1図\n   2 ３四歩(33)\n";
    let r = kif::read(text, &standard()).unwrap();
    assert_eq!(
        both.unmatched(&r, "x.kif").as_deref(),
        Some("x.kif has no comments: --comments adds no diagram")
    );
    let bookmarks = shogiprint::booklet::game::Selection {
        comments: false,
        ..both
    };
    assert_eq!(bookmarks.unmatched(&r, "x.kif"), None);
}

#[test]
fn the_cli_makes_a_game_booklet_and_labels_handicap_sides() {
    let bin = env!("CARGO_BIN_EXE_shogiprint");
    let dir = std::env::temp_dir().join(format!("shogiprint-game-booklet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pdf = dir.join("game.pdf");
    let out = Command::new(bin)
        .args([
            "booklet",
            &data("habu-fujii-2006.kif"),
            "--every",
            "30",
            "--bookmarks",
            "-o",
        ])
        .arg(&pdf)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
    let out = Command::new(bin)
        .args(["booklet", &data("habu-fujii-2006.kif"), "--every", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
    // 下手/上手 in the summary of a handicap game, text and JSON.
    let out = Command::new(bin)
        .args(["game", &data("two-piece-handicap.kif")])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("black (下手): 下手\nwhite (上手): 上手\n"),
        "{text}"
    );
    let out = Command::new(bin)
        .args(["game", &data("habu-fujii-2006.kif"), "--json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["black_label"], "先手");
    assert_eq!(json["white_label"], "後手");
}

#[test]
fn the_declaration_rule_gives_lishogis_published_answers() {
    // The known answers of lishogi's rules library (WandererXII/scalashogi,
    // src/test/scala/ImpasseTest.scala): whether the side to move may declare (27-point rule:
    // king in the zone, ten other pieces there, 28 points for Black and 27 for White counting
    // the zone and the hand, not in check). The cases that depend on a handicap are left out
    // (lishogi lowers the points needed for the player who gave one; we do not).
    let declares = |text: &str| {
        let pos = shogiprint::formats::usi::parse_position(text, &standard(), Default::default())
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.impasse_verdict(ImpasseRule::Declaration27) == ImpasseVerdict::Win(pos.turn())
    };
    for (sfen, expected, case) in [
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            false,
            "start",
        ),
        (
            "2SGS4/+B+RGKG2RB/9/9/7pp/8k/9/9/9 b g2s4n4l16p 1",
            false,
            "fewer than 10 pieces in the zone",
        ),
        (
            "2SGS4/+B+RG1G2RB/3G5/9/7pp/8k/9/9/4K4 b - 1",
            false,
            "king outside the zone",
        ),
        (
            "9/1G2K2G1/PPPPPPPPP/9/9/7ss/7sk/9/9 w 2r2b2gs4n4l9p 2",
            false,
            "not enough value",
        ),
        (
            "9/9/9/9/9/9/3r1lllg/+P+P1+bkssgg/K+P4ssg w r 2",
            false,
            "26 points for White",
        ),
        (
            "G3+R3S/GG5SS/GLPBKBPLS/9/9/7+p+p/7+pk/7+p+p/9 b - 1",
            false,
            "27 points for Black",
        ),
        (
            "2SGS4/+B+RGKGLLRB/3G5/9/7pp/8k/9/9/9 b - 1",
            true,
            "all pieces on the board",
        ),
        (
            "G8/4K4/PPPPPPPPP/9/9/7ss/7sk/9/9 b 2R2B 1",
            true,
            "some from the hand",
        ),
        (
            "9/9/9/9/9/9/3r1llll/+P+P1+bkssgg/K+P3ssgg w r 2",
            true,
            "27 points for White",
        ),
        (
            "G3+R3S/GG2P2SS/GLPBKBPLS/9/9/7+p+p/7+pk/7+p+p/9 b - 1",
            true,
            "28 points for Black",
        ),
    ] {
        assert_eq!(
            declares(&format!("sfen {sfen}")),
            expected,
            "{case}: {sfen}"
        );
    }
    // Played into: one move short, then enough. (lishogi's 'opponent prevents impasse' case
    // has three bishops, which a real set cannot, and is left out.)
    let s = "sfen 2SGS4/+B1GKGLLRB/3G5/9/1+R5pp/8k/9/9/9 b - 1 moves 8e8b";
    assert!(!declares(s), "one move away");
    assert!(declares(&format!("{s} 2e2f")), "after moves");
}

/// Each line of the record as (parent, first ply, USI moves), the main line first.
fn lines_of(r: &Record) -> Vec<(Option<usize>, usize, Vec<String>)> {
    let usi_of = |moves: &[shogiprint::formats::record::RecordMove]| {
        moves
            .iter()
            .map(|m| usi::write_move(r.variant(), m.mv))
            .collect()
    };
    let mut lines = vec![(None, 1, usi_of(&r.moves))];
    lines.extend(
        r.branches
            .iter()
            .map(|b| (b.parent, b.ply, usi_of(&b.moves))),
    );
    lines
}

#[test]
fn kif_marks_with_plus_each_move_a_variation_replaces_and_reads_back_the_same_tree() {
    // Main line with variations at 2 (two alternatives) and 5, and one nested at 4 inside the
    // first alternative; written without any '+' so the writer alone puts them.
    let text = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)   ( 0:05)\n   3 ２六歩(27)\n   4 ８四歩(83)\n   5 ２五歩(26)\n\n変化：2手\n   2 ８四歩(83)\n   3 ２六歩(27)\n   4 ８五歩(84)\n\n変化：4手\n   4 ３四歩(33)\n\n変化：2手\n   2 ４四歩(43)\n   3 ２六歩(27)\n\n変化：5手\n   5 ７八金(69)\n";
    let r = kif::read(text, &standard()).unwrap();
    let written = kif::write(&r);
    let marked: Vec<&str> = written
        .lines()
        .filter(|l| l.ends_with('+'))
        .map(str::trim_start)
        .collect();
    // The main line's moves 2 (after its time) and 5; in the first alternative at 2, its
    // move 2 (the second alternative follows it, as Kifu for Windows writes siblings) and its
    // move 4 (the nested variation replaces it).
    assert_eq!(
        marked,
        [
            "2 ３四歩(33)     ( 0:05/00:00:05)+",
            "5 ２五歩(26)+",
            "2 ８四歩(83)+",
            "4 ８五歩(84)+",
        ],
        "{written}"
    );
    let again = kif::read(&written, &standard()).unwrap();
    assert_eq!(lines_of(&again), lines_of(&r));
    assert_eq!(
        lines_of(&r)[1..]
            .iter()
            .map(|(parent, ply, _)| (*parent, *ply))
            .collect::<Vec<_>>(),
        [(None, 2), (Some(0), 4), (None, 2), (None, 5)]
    );
    assert_eq!(kif::write(&again), written);
}

/// Tsume files write the defender's hand as 残り全部 (all the rest): it is the set less the
/// board and the attacker's hand, whichever of the two hand lines comes first.
#[test]
fn a_bod_hand_of_all_the_rest_holds_what_the_board_and_the_other_hand_leave() {
    let board = "\
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・ ・v角v玉 ・ ・|一
| ・ ・ ・ ・ ・ ・ ・v竜 ・|二
| ・ ・ ・ ・ ・ ・ 銀 ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ 角 ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ ・ ・ ・ ・ ・|九
+---------------------------+
";
    let rest_first = format!("後手の持駒：残り全部\n{board}先手の持駒：飛\n");
    let rest_last = format!("先手の持駒：飛\n{board}後手の持駒：残り全部\n");
    for text in [rest_first, rest_last] {
        let record = record_io::read(text.as_bytes(), None, &standard()).unwrap();
        assert_eq!(
            record.start.to_sfen(),
            "5bk2/7+r1/6S2/9/4B4/9/9/9/9 b R4g3s4n4l18p 1",
            "{text}"
        );
    }
}

/// Runs the binary; the exit code, standard output and standard error.
fn shogiprint(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_shogiprint"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A record named where a position is wanted stands for its final position (a tsume record,
/// with `--tsume`, for its start), in either encoding; not for each of its lines as an SFEN.
#[test]
fn position_commands_read_a_record_as_its_final_position() {
    let (code, out, err) = shogiprint(&[
        "validate",
        &data("habu-fujii-2006.kif"),
        &data("habu-fujii-2006.sjis.kif"),
    ]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert_eq!(out.matches(": valid").count(), 2, "{out}");

    // The CSA example's three moves: the same moves and counts as its USI position string.
    let usi = "position startpos moves 2g2f 3c3d 7g7f";
    let csa = data("csa-spec-example.csa");
    assert_eq!(
        shogiprint(&["moves", &csa]).1,
        shogiprint(&["moves", usi]).1
    );
    let (code, perft, _) = shogiprint(&["perft", "--depth", "2", &csa]);
    assert_eq!(code, Some(0));
    assert_eq!(perft, shogiprint(&["perft", "--depth", "2", usi]).1);

    // An illegal move is malformed input, located as FILE:LINE as every command locates it.
    let (code, _, err) = shogiprint(&["validate", &data("illegal-nifu.kif")]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("illegal-nifu.kif:68: △５三歩打: nifu on file 5"),
        "{err}"
    );

    // A tsume file ends with the attacker's mate: as a game its final position has no Black
    // king; as a tsume its start is the problem.
    let tsume = "tests/data/tsume/lets-play-shogi-a.kif";
    let (code, out, _) = shogiprint(&["validate", tsume]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("missing-king"), "{out}");
    let (code, out, _) = shogiprint(&["validate", "--tsume", tsume]);
    assert_eq!(code, Some(0), "{out}");
    let (_, moves, _) = shogiprint(&["moves", "--tsume", tsume]);
    assert_eq!(
        moves,
        shogiprint(&[
            "moves",
            "--tsume",
            "5bk2/7+r1/6S2/9/4B4/9/9/9/9 b R4g3s4n4l18p 1"
        ])
        .1
    );
}

/// Reads `text` as the format its first lines show.
fn read_text(text: &str) -> Record {
    record_io::read(text.as_bytes(), None, &standard()).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// A BOD board below White's hand: a gold and White's king on the 2nd file, Black's king in
/// the corner, a bishop in Black's hand.
const GOLD_BOARD: &str = "\
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・ ・ ・ ・ ・ ・|一
| ・ ・ ・ ・ ・ ・ ・v玉 ・|二
| ・ ・ ・ ・ ・ ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ 金 ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ ・ ・ ・ ・ 玉|九
+---------------------------+
先手の持駒：角
";

/// Kifu for Windows writes a copied position's board with a `手数＝N` line (the number of moves
/// before it) above the side to move; it is not the `手数----指手--` line that starts the moves.
#[test]
fn a_kif_board_with_its_move_count_line_reads_the_board_and_the_moves() {
    let text = format!(
        "後手の持駒：飛二　角　金三　銀四　桂四　香四　歩十八　\n{GOLD_BOARD}\
手数＝12  △３一玉(22)  まで
後手番
手数----指手---------消費時間--
   1 ２一玉(22)   ( 0:00/00:00:00)
   2 中断
"
    );
    let record = read_text(&text);
    assert_eq!(
        record.start.to_sfen(),
        "9/7k1/9/7G1/9/9/9/9/8K w B2rb3g4s4n4l18p 1"
    );
    assert_eq!(usi_moves(&record), ["2b2a"]);
}

/// KI2 has no end move: the summary line says how the game ended and who won, as tsshogi
/// (sunfish-shogi/tsshogi, `exportKI2`) writes it — the side named wins, or with 反則負け loses.
#[test]
fn ki2_summaries_name_the_winner_of_fouls_declarations_and_time() {
    for (summary, kind, result) in [
        ("まで1手で先手の勝ち", EndKind::Resign, Color::Black),
        (
            "まで1手で時間切れにより先手の勝ち",
            EndKind::TimeUp,
            Color::Black,
        ),
        ("まで1手で後手の反則勝ち", EndKind::IllegalWin, Color::White),
        (
            "まで1手で先手の反則勝ち",
            EndKind::IllegalLoss,
            Color::Black,
        ),
        (
            "まで1手で後手の反則負け",
            EndKind::IllegalLoss,
            Color::Black,
        ),
        ("まで1手で先手の反則負け", EndKind::IllegalWin, Color::White),
        (
            "まで1手で後手の入玉勝ち",
            EndKind::Declaration,
            Color::White,
        ),
        // A space setting the result apart, as tsshogi's reader allows for (`readEndOfGame`).
        (
            "まで1手で　後手の反則勝ち",
            EndKind::IllegalWin,
            Color::White,
        ),
    ] {
        let record = read_text(&format!("手合割：平手\n▲７六歩\n{summary}\n"));
        assert_eq!(
            record.end.as_ref().map(|e| &e.kind),
            Some(&kind),
            "{summary}"
        );
        assert_eq!(record.result(), GameResult::Win(result), "{summary}");
    }
    let record = read_text("手合割：平手\n▲７六歩\nまで1手で 千日手\n");
    assert_eq!(
        record.end.as_ref().map(|e| &e.kind),
        Some(&EndKind::Repetition)
    );
}

/// Books and the JSA's pages run KI2 moves together with no space between them.
#[test]
fn ki2_moves_written_without_spaces_between_them_read_one_by_one() {
    let spaced = read_text("手合割：平手\n▲７六歩　△３四歩　▲２二角成　△同　銀\nまで4手で中断\n");
    let joined = read_text("手合割：平手\n▲７六歩△３四歩▲２二角成△同　銀\nまで4手で中断\n");
    assert_eq!(usi_moves(&joined), ["7g7f", "3c3d", "8h2b+", "3a2b"]);
    assert_eq!(usi_moves(&joined), usi_moves(&spaced));
}

/// WCSC's relayed CSA records put `$END_TIME` after the end of the game (tsshogi,
/// `importCSA`, reads them for that reason); it is a field like those of the header.
#[test]
fn a_csa_field_after_the_end_is_a_field() {
    let record = read_text(
        "V2.2\n$START_TIME:2024/05/03 10:00:00\nPI\n+\n+7776FU\nT1\n%TORYO\n$END_TIME:2024/05/03 10:00:05\n",
    );
    assert_eq!(record.end.as_ref().map(|e| &e.kind), Some(&EndKind::Resign));
    assert!(record
        .headers
        .contains(&("$END_TIME".to_string(), "2024/05/03 10:00:05".to_string())));
    assert!(kif::write(&record).contains("終了日時：2024/05/03 10:00:05"));
}

/// CSA V3.0 files open with `'CSA encoding=UTF-8` (record_v3.html, 2.2): a declaration for
/// readers, not a comment on the game to carry into a KIF.
#[test]
fn the_csa_v3_encoding_line_is_no_comment() {
    let record =
        read_text("'CSA encoding=UTF-8\nV3.0\nN+先手\n'*対局前\nPI\n+\n+7776FU\nT1.5\n%CHUDAN\n");
    assert_eq!(record.start_comments, [Comment::note("対局前")]);
    assert_eq!(record.moves[0].time.map(|t| t.seconds), Some(1));
}

/// The CSA server protocol page (tcp_ip_server_112.html, as quoted on ls3600.hatenadiary.org,
/// 2009-12-01) prints its start position with the squares' spaces run together (` * * `);
/// tsshogi reads such rows. A row that does not come to nine squares stays an error.
#[test]
fn csa_rows_with_their_spaces_run_together_read_as_nine_squares() {
    let collapsed = "V2.2\nP1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI * * * * * -KA *\n\
        P3-FU-FU-FU-FU-FU-FU-FU-FU-FU\nP4 * * * * * * * * *\nP5 * * * * * * * * *\n\
        P6 * * * * * * * * *\nP7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA * * * * * +HI *\n\
        P9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n+\n+7776FU\n";
    let record = read_text(collapsed);
    assert_eq!(
        record.start.to_sfen(),
        Position::start(&standard()).unwrap().to_sfen()
    );
    assert_eq!(usi_moves(&record), ["7g7f"]);

    let short = collapsed.replace("P4 * * * * * * * * *", "P4 * * * * * * * *");
    let err = record_io::read(short.as_bytes(), None, &standard())
        .unwrap_err()
        .to_string();
    assert!(
        err.ends_with("P4 * * * * * * * *: 8 squares, but a row has 9"),
        "{err}"
    );
}

/// A hand whose pieces run together with no space between them (`飛二角金三…`): Kifu for
/// Windows and ShogiGUI read it, as tsshogi notes (`readHand`, electron-shogi issue 572).
#[test]
fn a_bod_hand_without_spaces_between_its_pieces_reads_each_piece() {
    let board = GOLD_BOARD;
    let spaced = read_text(&format!(
        "後手の持駒：飛二　角　金三　銀四　桂四　香四　歩十八\n{board}"
    ));
    let joined = read_text(&format!(
        "後手の持駒：飛二角金三銀四桂四香四歩十八\n{board}"
    ));
    assert_eq!(joined.start.to_sfen(), spaced.start.to_sfen());
    assert_eq!(
        joined.start.to_sfen(),
        "9/7k1/9/7G1/9/9/9/9/8K b B2rb3g4s4n4l18p 1"
    );
}

/// Some KIF writers mark each move with its side as KI2 does; tsshogi's KIF reader accepts the
/// mark (`moveRegExp`). A mark for the wrong side is an error, not ignored.
#[test]
fn kif_moves_marked_with_the_movers_side_read_as_unmarked_ones() {
    let marked = read_text(
        "手合割：平手\n手数----指手---------消費時間--\n   1 ▲７六歩(77)   ( 0:01/00:00:01)\n   2 △３四歩(33)   ( 0:02/00:00:02)\n   3 ▲２二角成(88)\n   4 △同　銀(31)\n   5 投了\n",
    );
    assert_eq!(usi_moves(&marked), ["7g7f", "3c3d", "8h2b+", "3a2b"]);
    assert_eq!(marked.moves[1].time.map(|t| t.seconds), Some(2));
    let wrong = "手合割：平手\n手数----指手---------消費時間--\n   1 △７六歩(77)\n";
    let err = kif::read(wrong, &standard()).unwrap_err().to_string();
    assert_eq!(
        err,
        "line 3: △７六歩(77): a white move, but it is black's turn"
    );
}

/// End words other programs write that name no rule this reader scores are kept as written:
/// the game ends there, with no winner claimed (ShogiHome/tsshogi write トライ for a game won
/// under the try rule, and 不戦勝/不戦敗 for a default).
#[test]
fn kif_end_words_of_other_programs_end_the_game_as_written() {
    for word in ["トライ", "不戦勝", "不戦敗", "封じ手"] {
        let record = read_text(&format!(
            "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 {word}   ( 0:01/00:00:01)\n"
        ));
        assert_eq!(
            record.end.as_ref().map(|e| &e.kind),
            Some(&EndKind::Other(word.to_string())),
            "{word}"
        );
        assert_eq!(record.result(), GameResult::Unknown, "{word}");
    }
}

/// A summary line may end a record with any words (`まで1手で1手ち`, found by fuzzing): they end the
/// game with no result claimed, and the record is written back as one the reader takes again,
/// the unknown words as 中断 (which claims no result either). It used to be written as a
/// numbered line `2 1手ち`, which the reader refused as a move.
#[test]
fn an_unknown_end_from_a_summary_is_written_as_a_record_that_reads_again() {
    let record = read_text(
        "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\nまで1手で1手ち\n",
    );
    assert_eq!(
        record.end.as_ref().map(|e| &e.kind),
        Some(&EndKind::Other("1手ち".to_string()))
    );
    for format in [RecordFormat::Kif, RecordFormat::Ki2] {
        let written = record_io::write(&record, format);
        let again = record_io::read(written.as_bytes(), Some(format), &standard())
            .unwrap_or_else(|e| panic!("{format:?}: {e}\n{written}"));
        assert_eq!(again.moves.len(), 1, "{written}");
        assert_eq!(again.result(), GameResult::Unknown, "{written}");
        assert!(written.contains("中断"), "{written}");
    }
}

/// Kakinoki's KIF format names seventeen 手合割 (kakinoki.o.oo7.jp/kif_format.html), 左七枚落ち
/// and 右七枚落ち among them: a Kifu for Windows record of either reads from its position.
#[test]
fn every_handicap_kakinokis_kif_format_names_reads() {
    for (name, board) in [
        ("香落ち", "lnsgkgsn1/1r5b1"),
        ("右香落ち", "1nsgkgsnl/1r5b1"),
        ("角落ち", "lnsgkgsnl/1r7"),
        ("飛車落ち", "lnsgkgsnl/7b1"),
        ("飛香落ち", "lnsgkgsn1/7b1"),
        ("二枚落ち", "lnsgkgsnl/9"),
        ("三枚落ち", "lnsgkgsn1/9"),
        ("四枚落ち", "1nsgkgsn1/9"),
        ("五枚落ち", "2sgkgsn1/9"),
        ("左五枚落ち", "1nsgkgs2/9"),
        ("六枚落ち", "2sgkgs2/9"),
        ("左七枚落ち", "2sgkg3/9"),
        ("右七枚落ち", "3gkgs2/9"),
        ("八枚落ち", "3gkg3/9"),
        ("十枚落ち", "4k4/9"),
    ] {
        let record = read_text(&format!(
            "手合割：{name}\n手数----指手---------消費時間--\n   1 ５二玉(51)\n   2 中断\n"
        ));
        let sfen = record.start.to_sfen();
        assert_eq!(
            sfen,
            format!("{board}/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
            "{name}"
        );
        assert!(record.handicap.is_some(), "{name}");
    }
}

/// A KIF whose moves stop without an end move line but with Kakinoki's summary
/// (`まで4手で後手の勝ち`) ends as the summary says; a summary that counts other moves than the
/// record holds (moves lost) is an error (`a_summary_that_counts_other_moves_than_were_read_is_refused`
/// in record_errors.rs).
#[test]
fn a_kif_without_an_end_move_ends_as_its_summary_says() {
    let moves = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n";
    let record = read_text(&format!("{moves}まで4手で後手の勝ち\n"));
    assert_eq!(record.end.as_ref().map(|e| &e.kind), Some(&EndKind::Resign));
    assert_eq!(record.result(), GameResult::Win(Color::White));
    let lost = kif::read(&format!("{moves}まで64手で後手の勝ち\n"), &standard());
    assert!(lost.is_err());
    // An end move line is what counts when there is one.
    let ended = read_text(&format!("{moves}   5 中断\nまで4手で後手の勝ち\n"));
    assert_eq!(ended.end.as_ref().map(|e| &e.kind), Some(&EndKind::Abort));
}

/// A CSA row with more squares than the board has is an error, not a row whose last pieces
/// vanish.
#[test]
fn a_csa_row_longer_than_the_board_is_an_error() {
    let text = "V2.2\nP1-KY-KE-GI-KI-OU-KI-GI-KE-KY-FU\n+\n";
    let err = record_io::read(text.as_bytes(), None, &standard())
        .unwrap_err()
        .to_string();
    assert!(err.ends_with("10 squares, but a row has 9"), "{err}");
}

/// A `T` after the end word is the time spent before it (tsshogi gives it to the end): the
/// last move keeps its own time.
#[test]
fn a_csa_time_after_the_end_word_is_not_the_last_moves() {
    let record = read_text("V2.2\nPI\n+\n+7776FU\nT1\n-3334FU\nT2\n%TORYO\nT7\n");
    let times: Vec<Option<u32>> = record
        .moves
        .iter()
        .map(|m| m.time.map(|t| t.seconds))
        .collect();
    assert_eq!(times, [Some(1), Some(2)]);
}

/// Commas part statements on a CSA line, but not a name or a `$` field, whose text may hold
/// one (tsshogi reads `N` and `$` lines whole for that reason).
#[test]
fn a_csa_name_or_field_with_a_comma_is_read_whole() {
    let record = read_text(
        "V2.2\nN+Sato, Taro\nN-Suzuki\n$EVENT:Cup 2024, round 1\nPI\n+\n+7776FU,T1,-3334FU,T2\n%CHUDAN\n",
    );
    assert_eq!(record.players[0].as_deref(), Some("Sato, Taro"));
    assert!(record
        .headers
        .contains(&("$EVENT".to_string(), "Cup 2024, round 1".to_string())));
    assert_eq!(usi_moves(&record), ["7g7f", "3c3d"]);
}

/// Kakinoki's KIF page and Kifu for Windows' boards name the king 玉 for both sides (`v玉`);
/// python-shogi's KIF reader stops at a board's `v王`, so written KIF keeps to 玉.
#[test]
fn written_kif_names_whites_king_gyoku_on_the_board_and_in_moves() {
    let r = record_io::read(
        b"position sfen 4k4/9/4P4/9/9/9/9/9/4K4 w G 1 moves 5a4b",
        Some(RecordFormat::Usi),
        &standard(),
    )
    .unwrap();
    let text = kif::write(&r);
    assert!(text.contains("| ・ ・ ・ ・v玉 ・ ・ ・ ・|一"), "{text}");
    assert!(text.contains("   1 ４二玉(51)"), "{text}");
    assert!(!text.contains('王'), "{text}");
}

/// Kakinoki's KIF page: a `.kif` file is Shift_JIS, a `.kifu` one UTF-8; readers that go by the
/// extension (cshogi's KIF and KI2 readers) cannot decode UTF-8 saved as `.kif`.
#[test]
fn kif_and_ki2_files_are_saved_in_shift_jis_kifu_in_utf8() {
    let r = read("habu-fujii-2006.kif");
    let kif = record_io::write(&r, RecordFormat::Kif);
    let sjis = record_io::encode(&kif, RecordFormat::Kif, Path::new("game.kif"));
    let (text, _, bad) = encoding_rs::SHIFT_JIS.decode(&sjis);
    assert!(!bad && std::str::from_utf8(&sjis).is_err());
    assert!(
        text.starts_with("#KIF version=2.0 encoding=Shift_JIS\n"),
        "{text}"
    );
    assert!(text.contains("先手：羽生善治"), "{text}");
    let back = record_io::read(&sjis, Some(RecordFormat::Kif), &standard()).unwrap();
    assert_eq!(usi_moves(&back), usi_moves(&r));
    let ki2 = record_io::write(&r, RecordFormat::Ki2);
    let bytes = record_io::encode(&ki2, RecordFormat::Ki2, Path::new("GAME.KI2"));
    assert_eq!(encoding_rs::SHIFT_JIS.decode(&bytes).0, ki2);
    // UTF-8 where the extension says so, or where Shift_JIS lacks a character.
    for (text, path) in [(&kif, "game.kifu"), (&kif, "game.txt"), (&ki2, "game.ki2u")] {
        let format = RecordFormat::sniff(text);
        assert_eq!(
            record_io::encode(text, format, Path::new(path)),
            text.as_bytes()
        );
    }
    let emoji = kif.replace("羽生善治", "羽生😀");
    let bytes = record_io::encode(&emoji, RecordFormat::Kif, Path::new("game.kif"));
    assert_eq!(bytes, emoji.as_bytes());
    // `convert -o game.kif` saves those bytes.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("game.kif");
    let status = Command::new(env!("CARGO_BIN_EXE_shogiprint"))
        .args(["convert", &data("habu-fujii-2006.kif"), "-o"])
        .arg(&out)
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(std::fs::read(&out).unwrap(), sjis);
}

/// A USI record may start from a mating problem's board, the attacker kingless, as a KIF or
/// BOD board may: `convert` turns a problem and its answer into a tsume file. A board that
/// breaks the rules either way is still refused by the game's rules.
#[test]
fn a_usi_record_reads_a_tsume_board_and_its_answer() {
    let record = read_text("position sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*5b");
    assert_eq!(record.moves.len(), 1);
    assert_eq!(record.start.to_sfen(), "4k4/9/4P4/9/9/9/9/9/9 b G 1");
    let nifu = record_io::read(
        b"position sfen 4k4/9/4P4/4P4/9/9/9/9/9 b G 1",
        None,
        &standard(),
    )
    .unwrap_err();
    assert!(nifu.message.contains("nifu"), "{}", nifu.message);
    assert!(nifu.invalid.is_some());
}

/// A floodgate game log (CSA V2, as wdoor.c.u-tokyo.ac.jp/shogi serves them): `'` lines in the
/// header, a `'**` reading after a move's time, and the final board and summary as `'` lines
/// after the end. A comment belongs to what it follows: the lines before the first move to the
/// game, a line after a move to that move, a line after the end to the end. Each keeps its
/// kind: `'*` is for people (KIF's `*`), `'**` an engine's reading (KIF's `**`, as ShogiGUI
/// writes one), a plain `'` a remark programs skip (KIF's `#`); CSA written back keeps every
/// comment in its place with its mark.
#[test]
fn csa_comments_belong_to_the_move_they_follow() {
    let text = "V2\nN+gpsfish\nN-Bonanza\n'Max_Moves:256\n$EVENT:wdoor+floodgate-300-10F+gpsfish+Bonanza+20240101120000\n\
PI\n+\n'rating:gpsfish+0123:3800\n+2726FU\nT3\n'** 30 -8384FU +2625FU\n-8384FU\nT5\n'*角道を開けない\n'考慮中\n\
+7776FU,T2\n%TORYO\n'summary:toryo:gpsfish win:Bonanza lose\n";
    let record = read_text(text);
    let remark = |t: &str| Comment::new(CommentKind::Remark, t);
    assert_eq!(
        record.start_comments,
        [remark("Max_Moves:256"), remark("rating:gpsfish+0123:3800")]
    );
    let comments: Vec<_> = record.moves.iter().map(|m| m.comments.clone()).collect();
    assert_eq!(
        comments,
        [
            vec![Comment::new(CommentKind::Engine, " 30 -8384FU +2625FU")],
            vec![Comment::note("角道を開けない"), remark("考慮中")],
            vec![],
        ]
    );
    assert_eq!(
        record.end.as_ref().map(|e| e.comments.clone()),
        Some(vec![remark("summary:toryo:gpsfish win:Bonanza lose")])
    );
    // KIF's `**` line reads as CSA's `'**` line does.
    let kif = kif::write(&record);
    assert!(kif.contains("   1 ２六歩(27)"), "{kif}");
    assert!(kif.contains("\n** 30 -8384FU +2625FU\n"), "{kif}");
    let from_kif = kif::read(&kif, &standard()).unwrap();
    assert_eq!(from_kif.moves[0].comments, record.moves[0].comments);
    // Written as CSA and read again: every comment where it was.
    let again = csa::read_one(&csa::write(&record), &standard()).unwrap();
    assert_eq!(again.start_comments, record.start_comments);
    let again_comments: Vec<_> = again.moves.iter().map(|m| m.comments.clone()).collect();
    assert_eq!(again_comments, comments);
    let end = |r: &Record| r.end.as_ref().map(|e| (e.kind.clone(), e.comments.clone()));
    assert_eq!(end(&again), end(&record));
}

/// A CSA record with each kind of comment: `'` remarks (before the game, after a move, after
/// the end), `'*` comments for people and `'**` readings. Written back, its comment lines are
/// the input's, in order, each with its own mark (they were all written `'*` once, so a
/// floodgate remark came back as a comment for people).
const CSA_COMMENT_KINDS: &str = "V2.2\nN+sente\nN-gote\n'Max_Moves:256\n'*対局前の解説\nPI\n+\n\
+7776FU\nT3\n'** 30 -3334FU +2726FU\n'*角道を開ける\n-3334FU\nT5\n'考慮中\n+2726FU\nT2\n\
'** -12 -8384FU\n%TORYO\n'summary:toryo:sente win:gote lose\n'*終局\n";

fn comment_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with('\'')).collect()
}

#[test]
fn csa_comments_keep_their_kind_through_csa() {
    let record = csa::read_one(CSA_COMMENT_KINDS, &standard()).unwrap();
    let kinds = |cs: &[Comment]| cs.iter().map(|c| c.kind).collect::<Vec<_>>();
    use CommentKind::{Engine, Note, Remark};
    assert_eq!(kinds(&record.start_comments), [Remark, Note]);
    assert_eq!(kinds(&record.moves[0].comments), [Engine, Note]);
    assert_eq!(kinds(&record.moves[1].comments), [Remark]);
    assert_eq!(kinds(&record.moves[2].comments), [Engine]);
    assert_eq!(
        record.end.as_ref().map(|e| kinds(&e.comments)),
        Some(vec![Remark, Note])
    );
    let written = csa::write(&record);
    assert_eq!(
        comment_lines(&written),
        comment_lines(CSA_COMMENT_KINDS),
        "{written}"
    );
    // And through KIF and KI2 (`*`, `**`, `#`) back to CSA: the same lines.
    for text in [kif::write(&record), ki2::write(&record)] {
        let back = csa::write(&read_text(&text));
        assert_eq!(
            comment_lines(&back),
            comment_lines(CSA_COMMENT_KINDS),
            "{text}\n{back}"
        );
    }
}

/// `convert` between CSA and KIF maps each kind to the other format's mark: `'*` ↔ `*` (a
/// comment for people), `'**` ↔ `**` (an engine's reading, as ShogiGUI writes its analysis in
/// KIF), `'` ↔ `#` (a remark programs skip).
#[test]
fn convert_maps_comment_kinds_between_csa_and_kif() {
    let dir = std::env::temp_dir().join(format!("shogiprint-comment-kinds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csa_path = dir.join("game.csa");
    std::fs::write(&csa_path, CSA_COMMENT_KINDS).unwrap();
    let convert = |path: &std::path::Path, to: &str| {
        let (code, out, err) = shogiprint(&["convert", path.to_str().unwrap(), "--to", to]);
        assert_eq!(code, Some(0), "{err}");
        out
    };
    let kif_text = convert(&csa_path, "kif");
    let kif_comments: Vec<&str> = kif_text
        .lines()
        .filter(|l| l.starts_with(['*', '#']) && !l.starts_with("#KIF "))
        .collect();
    assert_eq!(
        kif_comments,
        [
            "#Max_Moves:256",
            "*対局前の解説",
            "** 30 -3334FU +2726FU",
            "*角道を開ける",
            "#考慮中",
            "** -12 -8384FU",
            "#summary:toryo:sente win:gote lose",
            "*終局",
        ],
        "{kif_text}"
    );
    let kif_path = dir.join("game.kifu");
    std::fs::write(&kif_path, &kif_text).unwrap();
    let csa_text = convert(&kif_path, "csa");
    assert_eq!(
        comment_lines(&csa_text),
        comment_lines(CSA_COMMENT_KINDS),
        "{csa_text}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A game booklet prints what was written for people: `--comments` draws the moves with a `'*`
/// comment, not every move an engine evaluated (floodgate writes `'**` after each), and the
/// notes under a diagram leave the reading and the server's remarks out.
#[test]
fn a_game_booklet_prints_comments_for_people_only() {
    use shogiprint::booklet::game::{book, Selection};
    let r = csa::read_one(CSA_COMMENT_KINDS, &standard()).unwrap();
    // The start (対局前の解説), move 1 (角道を開ける) and the end; not moves 2 and 3.
    assert_eq!(plies_for(&r, false, true), [0, 1, 3]);
    let b = book(
        r,
        "game.csa",
        &Selection {
            comments: true,
            ..Selection::default()
        },
    );
    assert_eq!(notes_of(&b, 0), "対局前の解説");
    assert_eq!(
        notes_of(&b, 1),
        "第1図以下の指し手\n▲7六歩（第2図）\n角道を開ける"
    );
    assert_eq!(
        notes_of(&b, 2),
        "第2図以下の指し手\n△3四歩▲2六歩（第3図）\n終局\nまで3手で先手の勝ち"
    );
}

/// A record of a position and its result with no moves: bioshogi (akicho8/bioshogi, the
/// converter behind shogi-extend) writes a board, the side to move and the summary
/// `まで0手で後手の勝ち` (its spec `図面指定がある場合のヘッダー出力`), and this crate's own KI2
/// writer writes the summary under the header for a game ended before its first move. The
/// summary ends the game there; a line that is no header field, board, comment or summary is
/// still an error at its line.
#[test]
fn a_summary_with_no_moves_before_it_ends_the_game_at_the_start() {
    let bioshogi = format!("後手の持駒：なし\n{GOLD_BOARD}先手番\n\nまで0手で後手の勝ち\n");
    for text in [
        bioshogi.clone(),
        bioshogi.replace("先手番\n", "先手番\n手数----指手---------消費時間--\n"),
    ] {
        let record = read_text(&text);
        assert!(record.moves.is_empty());
        assert_eq!(record.end.as_ref().map(|e| &e.kind), Some(&EndKind::Resign));
        assert_eq!(record.result(), GameResult::Win(Color::White));
        assert_eq!(record.start.to_sfen(), "9/7k1/9/7G1/9/9/9/9/8K b B 1");
    }
    let as_ki2 = ki2::read(&bioshogi, &standard()).unwrap();
    assert_eq!(as_ki2.result(), GameResult::Win(Color::White));
    // A game resigned before its first move, through every writer.
    let resigned = csa::read_one("V2.2\nPI\n+\n%TORYO\n", &standard()).unwrap();
    for text in [kif::write(&resigned), ki2::write(&resigned)] {
        let record = read_text(&text);
        assert_eq!(
            record.end.as_ref().map(|e| &e.kind),
            Some(&EndKind::Resign),
            "{text}"
        );
        assert_eq!(record.result(), GameResult::Win(Color::White), "{text}");
    }
    let err = kif::read("手合割：平手\n棋譜ファイル\n", &standard()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2: 棋譜ファイル: not a KIF header line"
    );
}

/// CSA V3.0's `%MAX_MOVES` (www2.computer-shogi.org/protocol/record_v3.html): the game reached
/// the move limit of its tournament (`$MAX_MOVES:256`, floodgate's `'Max_Moves:256`). Floodgate
/// and the CSA server protocol score it a draw, as other readers of CSA do (ShogiHome's
/// `MAX_MOVES`, a draw by maximum plies elsewhere). KIF has no word for it: it is written
/// 持将棋, as ShogiHome (tsshogi, `exportKIF`) writes it and as the JSA's rules name a game
/// that reaches 500 moves; CSA writes it back as itself.
#[test]
fn a_csa_game_that_reaches_the_move_limit_is_a_draw() {
    let text = "V2\nN+gpsfish\nN-Bonanza\n'Max_Moves:3\nPI\n+\n+7776FU\nT1\n-3334FU\nT1\n+2726FU\nT1\n%MAX_MOVES\n'summary:max_moves:gpsfish draw:Bonanza draw\n";
    let limit = read_text(text);
    assert_eq!(
        limit.end.as_ref().map(|e| &e.kind),
        Some(&EndKind::MaxMoves)
    );
    assert_eq!(limit.result(), GameResult::Draw);
    assert!(csa::write(&limit).contains("\n%MAX_MOVES\n"));
    let kif_text = kif::write(&limit);
    assert!(
        kif_text.ends_with(
            "   4 持将棋\n#summary:max_moves:gpsfish draw:Bonanza draw\nまで3手で持将棋\n"
        ),
        "{kif_text}"
    );
    assert!(ki2::write(&limit).contains("まで3手で持将棋\n"));
    for text in [kif_text, ki2::write(&limit)] {
        assert_eq!(read_text(&text).result(), GameResult::Draw, "{text}");
    }
}

/// Every special move of the CSA standard (V2.2's list and V3.0's `%MAX_MOVES`) ends the game
/// with its outcome and writes back as itself, and the KIF and KI2 written from the record read
/// back to the same outcome: an illegal action by the side not to move is that side's loss
/// (KIF's 反則勝ち for the side to move, not 反則負け), and `%MATTA`, `%ERROR` and other `%`
/// words, which claim no result, are written 中断 (a KIF reader knows no `MATTA`). White is to
/// move at the end of these moves.
#[test]
fn every_csa_special_move_keeps_its_outcome_through_csa_kif_and_ki2() {
    use GameResult::{Draw, Unknown, Win};
    let moves = "V2.2\nPI\n+\n+7776FU\n-3334FU\n+2726FU\n";
    for (word, result) in [
        ("%TORYO", Win(Color::Black)),
        ("%CHUDAN", Unknown),
        ("%SENNICHITE", Draw),
        ("%TIME_UP", Win(Color::Black)),
        ("%ILLEGAL_MOVE", Win(Color::Black)),
        ("%+ILLEGAL_ACTION", Win(Color::White)),
        ("%-ILLEGAL_ACTION", Win(Color::Black)),
        ("%JISHOGI", Draw),
        ("%KACHI", Win(Color::White)),
        ("%HIKIWAKE", Draw),
        ("%MATTA", Unknown),
        ("%TSUMI", Win(Color::Black)),
        ("%FUZUMI", Unknown),
        ("%ERROR", Unknown),
        ("%MAX_MOVES", Draw),
    ] {
        let record = csa::read_one(&format!("{moves}{word}\n"), &standard()).unwrap();
        assert_eq!(record.result(), result, "{word}");
        let csa_text = csa::write(&record);
        assert_eq!(csa_text.lines().last(), Some(word), "{word}");
        for text in [kif::write(&record), ki2::write(&record)] {
            let back = record_io::read(text.as_bytes(), None, &standard())
                .unwrap_or_else(|e| panic!("{word}: {e}\n{text}"));
            assert_eq!(back.result(), result, "{word}\n{text}");
        }
    }
}

/// The header of a record relayed by Kifu for Windows (HTTP) V6.51d, as bioshogi keeps the
/// 第53期王位戦 game (`doc/oui201207240101.kif`): a `#` program line, fields of its own
/// (`対局ID`, `図`, `消費時間：115▲467△477`), 手合割 padded with ideographic spaces, a name with
/// one inside, and a comment before the first move. Every field is kept, in file order; the
/// `#` line is kept as a remark (what KIF's `#` and CSA's `'` are), the comment as a note.
#[test]
fn a_kifu_for_windows_relay_header_reads_whole() {
    let record = read_text(
        "# --- Kifu for Windows (HTTP) V6.51d 棋譜ファイル ---\n対局ID：1340\n開始日時：2012/07/24 09:00\n\
表題：王位戦\n消費時間：115▲467△477\n図：投了\n手合割：平手　　\n先手：藤井　猛\n後手：羽生善治\n先手省略名：藤井\n\
手数----指手---------消費時間--\n*第２局\n   1 ７六歩(77)   ( 0:00/00:00:00)\n   2 ３四歩(33)   ( 0:00/00:00:00)\n\
   3 投了         ( 0:00/00:00:00)\nまで2手で後手の勝ち\n",
    );
    let names: Vec<_> = record.headers.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        names,
        [
            "対局ID",
            "開始日時",
            "表題",
            "消費時間",
            "図",
            "手合割",
            "先手",
            "後手",
            "先手省略名"
        ]
    );
    assert_eq!(record.header("手合割"), Some("平手"));
    assert_eq!(record.players[0].as_deref(), Some("藤井　猛"));
    assert_eq!(
        record.start_comments,
        [
            Comment::new(
                CommentKind::Remark,
                " --- Kifu for Windows (HTTP) V6.51d 棋譜ファイル ---"
            ),
            Comment::note("第２局")
        ]
    );
    assert_eq!(record.result(), GameResult::Win(Color::White));
}
