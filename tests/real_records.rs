//! Records as other programs saved them — Kifu for Windows (95 V3.53, V4.01β, HTTP V6.54),
//! ShogiGUI, 81Dojo, 将棋ウォーズ through shogi-extend, a WCSC CSA log in Shift_JIS, a board
//! from Kifu for JS — read with the answers python-shogi and cshogi give for the same files,
//! and what each keeps through a conversion. Sources and licences: tests/data/records/SOURCES.md.

use shogiprint::formats::record::{Comment, CommentKind, EndKind, GameResult, Record};
use shogiprint::formats::record_io::{self, RecordFormat};
use shogiprint::rules::{Color, Variant};
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

#[path = "support/temp_dir.rs"]
mod temp_dir;

fn standard() -> Arc<Variant> {
    Variant::builtin("standard").unwrap()
}

fn data(name: &str) -> String {
    format!("{}/tests/data/records/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn read(name: &str) -> Record {
    record_io::read_file(Path::new(&data(name)), &standard())
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Reads `text` as the format `format` (the one its file name would say).
fn read_as(text: &str, format: RecordFormat) -> Record {
    record_io::read(text.as_bytes(), Some(format), &standard())
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Writes `record` in `format` and reads it back.
fn through(record: &Record, format: RecordFormat) -> Record {
    read_as(&record_io::write(record, format), format)
}

/// Each record's move count, players, result and final position, as python-shogi 1.1.1 and
/// cshogi 1.1.0 read the same files (bench/record_interop.sh's environment): the answers agree
/// wherever those readers read the file (cshogi reads no UTF-8 `.kif` and no Shift_JIS CSA;
/// neither reads variations, so the ShogiGUI file is left to its own test).
#[test]
fn records_of_other_programs_give_the_answers_python_shogi_and_cshogi_give() {
    let cases: [(&str, usize, [&str; 2], GameResult, &str); 6] = [
        (
            "81dojo-crlf.kif",
            11,
            ["KikiNoOmata", "XiaoNoOmata"],
            GameResult::Win(Color::Black),
            "ln1gkgsnl/1s3r1b1/pp1pp2pp/2R2pp2/9/9/PP1PPPPPP/1B1S5/LN1GKGSNL w Pp 12",
        ),
        (
            "kfw-http-v654-oui.kif",
            78,
            ["行方尚史", "羽生善治"],
            GameResult::Win(Color::White),
            "l3+LB2l/2P2kg2/n2ppp1s1/p1p4pp/9/PP6P/3PGPP2/6G2/2r1K2NL b RBS2NPg2s3p 79",
        ),
        (
            "kfw95-v353.kifu",
            2,
            ["先手の対局者名", "後手の対局者名"],
            GameResult::Unknown,
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
        ),
        (
            "shogiwars-shogi-extend.kifu",
            149,
            ["surokiti0510 初段", "muzudho 1級"],
            GameResult::Win(Color::Black),
            "ln7/1kSs5/1+R7/1pps5/1P1pP4/p8/2PP+B1P1P/P1G3RP1/LN3KSNL w BGN5P2glp 150",
        ),
        (
            "wcsc31-kfw-sjis.csa",
            52,
            ["A.I. AN shogi ver.1", "きふわらべ"],
            GameResult::Win(Color::White),
            "1n4kn1/1rs2s1bl/l1p1gpp1p/pp1pg2p1/7P1/2PP1PG1P/P1B1p1P1N/2GR4L/LNS1K1S2 b Pp 53",
        ),
        (
            "kfw-v401-tsume.kif",
            1,
            ["大内延介", "最新詰将棋２００選"],
            GameResult::Unknown,
            "6+B1l/4R3k/7p1/6s2/9/9/9/9/9 w rb4g3s4n3l17p 2",
        ),
    ];
    for (name, moves, players, result, sfen) in cases {
        let r = read(name);
        assert_eq!(r.moves.len(), moves, "{name}");
        assert_eq!(
            r.players.clone().map(|p| p.unwrap_or_default()),
            players.map(String::from),
            "{name}"
        );
        assert_eq!(r.result(), result, "{name}");
        assert_eq!(r.final_position().to_sfen(), sfen, "{name}");
    }
    // The WCSC log ends `%ILLEGAL_MOVE` with Black to move: Black's illegal move.
    assert_eq!(
        read("wcsc31-kfw-sjis.csa").end.map(|e| e.kind),
        Some(EndKind::IllegalLoss)
    );
}

/// Kifu for JS's board (`手数＝25 ▲３七銀 まで`, no `後手番` line): Black made the 25th move,
/// so White is to move, as Kifu for Windows reads such a copied board. An explicit `先手番`
/// still decides.
#[test]
fn a_board_whose_move_count_line_names_blacks_move_is_whites_turn() {
    let r = read("kifu-for-js-zumen.bod");
    assert_eq!(r.start.turn(), Color::White);
    // SFEN's last field is the number of the next move: 25 were played, so 26 (it once read 1
    // whatever the 手数＝ line said).
    assert_eq!(
        r.start.to_sfen(),
        "ln3kbnl/1r1sg1g2/p2p2spp/1pp1ppp2/9/2PPP1P2/PPSG1PSPP/2G4R1/LNBK3NL w - 26"
    );
    let text = std::fs::read_to_string(data("kifu-for-js-zumen.bod")).unwrap();
    let told = read_as(&format!("{text}\n先手番\n"), RecordFormat::Bod);
    assert_eq!(told.start.turn(), Color::Black);
    assert_eq!(told.start.move_number(), 26);
    // The same board heading a KIF record: White's move comes first, numbered on from 25.
    let kif = format!("{text}\n手数----指手---------消費時間--\n  26 ２二角(31)\n");
    let r = read_as(&kif, RecordFormat::Kif);
    assert_eq!(r.moves.len(), 1);
    assert_eq!(r.start.turn(), Color::White);
}

/// SFEN's last field is the number of the move to be played next, so a board copied after 25
/// moves (`手数＝25 ▲３七銀 まで`) is at move 26: in `convert --to sfen`, in the SFEN a diagram's
/// SVG carries in its `<desc>`, and read as a KIF of the board alone. A count no record could
/// hold (past the record limit) and 手数＝0 leave it at 1.
#[test]
fn a_bods_move_count_line_numbers_its_position() {
    let bin = env!("CARGO_BIN_EXE_shogiprint");
    let text = std::fs::read_to_string(data("kifu-for-js-zumen.bod")).unwrap();
    let dir = temp_dir::TempDir::new("bod-number");
    let bod = dir.file("board.bod", &text);
    let sfen = "ln3kbnl/1r1sg1g2/p2p2spp/1pp1ppp2/9/2PPP1P2/PPSG1PSPP/2G4R1/LNBK3NL w - 26";
    let out = Command::new(bin)
        .args(["convert", &bod, "--to", "sfen"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim_end(), sfen);
    let svg = dir.path("board.svg");
    let out = Command::new(bin)
        .args(["diagram", &bod, "-o", &svg])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = std::fs::read_to_string(&svg).unwrap();
    assert!(svg.contains(&format!("SFEN: {sfen}.")), "{svg}");
    // The same board in a KIF with no moves after it.
    assert_eq!(read_as(&text, RecordFormat::Kif).start.to_sfen(), sfen);
    let limit = shogiprint::formats::limits::MAX_RECORD_MOVES;
    for (count, number) in [(0, 1), (limit, limit + 1), (limit + 1, 1)] {
        let text = text.replace("手数＝25", &format!("手数＝{count}"));
        let r = read_as(&text, RecordFormat::Bod);
        assert_eq!(r.start.move_number() as usize, number, "手数＝{count}");
    }
}

/// A board pasted with its players' lines around it, as a KIF header names them: the names are
/// the record's (a diagram of the file labels its sides with them), other lines are passed over.
#[test]
fn a_bod_file_keeps_the_players_its_lines_name() {
    let text = std::fs::read_to_string(data("kifu-for-js-zumen.bod")).unwrap();
    let r = read_as(
        &format!("後手：羽生善治\n{text}\n先手：藤井猛\nこの局面の次の一手は？\n"),
        RecordFormat::Bod,
    );
    assert_eq!(r.players[0].as_deref(), Some("藤井猛"));
    assert_eq!(r.players[1].as_deref(), Some("羽生善治"));
    // Kept through KIF, whose header names them again, and through BOD, which writes them
    // around its board; so is the position with its move number (26, from the 手数＝25 line),
    // which both write back as a `手数＝25` line.
    for format in [RecordFormat::Kif, RecordFormat::Bod] {
        let back = through(&r, format);
        assert_eq!(back.players, r.players, "{format:?}");
        assert_eq!(back.start.to_sfen(), r.start.to_sfen(), "{format:?}");
    }
}

/// A USI record from the SFEN `sfen`, with one move.
fn usi_start(sfen: &str) -> Record {
    read_as(
        &format!("position sfen {sfen} moves 7g7f\n"),
        RecordFormat::Usi,
    )
}

/// Runs the binary; its exit code, standard output and standard error.
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_shogiprint"))
        .args(args)
        .output()
        .unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// A JSON string field of `game --json`'s output (`"start": "…"`).
fn json_field(json: &str, field: &str) -> String {
    let value: serde_json::Value =
        serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}: {json}"));
    value[field]
        .as_str()
        .unwrap_or_else(|| panic!("no {field} in {json}"))
        .to_string()
}

/// A tsume record (Kifu for Windows V4.01β: the attacker has no king) converted to every
/// format reads back with `game`: SFEN and BOD, which hold one position, hold the problem —
/// its final position has the kingless attacker not to move, which no reader takes — and the
/// others the problem with its moves.
#[test]
fn a_tsume_record_converted_to_every_format_reads_back() {
    let dir = temp_dir::TempDir::new("tsume-convert");
    let tsume = data("kfw-v401-tsume.kif");
    let (code, json, err) = run(&["game", "--json", &tsume]);
    assert_eq!(code, Some(0), "{err}");
    let problem = json_field(&json, "start");
    for format in RecordFormat::NAMES {
        let out = dir.path(&format!("t.{format}"));
        let (code, _, err) = run(&["convert", &tsume, "--to", format, "-o", &out]);
        assert_eq!(code, Some(0), "{format}: {err}");
        let (code, json, err) = run(&["game", "--json", &out]);
        assert_eq!(code, Some(0), "{format}: {err}");
        assert_eq!(json_field(&json, "start"), problem, "{format}");
    }
    // The problem is what a tsume's SFEN says, as `tsume` reads it.
    let (code, out, err) = run(&["convert", &tsume, "--to", "sfen"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.trim_end(), problem);
}

/// A record whose start is a board copied after 25 moves, with its players, a move and an end:
/// every format that can say the move number (KIF, KI2 and BOD by a `手数＝25` line, USI and
/// SFEN by the SFEN's last field) and the players (KIF, KI2, CSA, BOD) keeps them through a
/// conversion. A KIF numbers the moves on from the board's, as KIF files copied from a game
/// mid-way do, and its summary counts them so.
#[test]
fn a_copied_boards_move_number_and_players_survive_every_format() {
    let bod = std::fs::read_to_string(data("kifu-for-js-zumen.bod")).unwrap();
    let text = format!(
        "先手：藤井猛\n後手：羽生善治\n{bod}手数----指手---------消費時間--\n  26 ８五歩(84)\n  27 中断\n"
    );
    let r = read_as(&text, RecordFormat::Kif);
    assert_eq!(r.start.move_number(), 26);
    let kif = record_io::write(&r, RecordFormat::Kif);
    assert!(kif.contains("手数＝25"), "{kif}");
    assert!(
        kif.contains("  26 ８五歩(84)\n  27 中断\nまで26手で中断"),
        "{kif}"
    );
    let last = r.final_position().to_sfen();
    assert!(last.ends_with(" b - 27"), "{last}");
    for format in [
        RecordFormat::Kif,
        RecordFormat::Ki2,
        RecordFormat::Csa,
        RecordFormat::Bod,
        RecordFormat::Usi,
        RecordFormat::Sfen,
    ] {
        let back = through(&r, format);
        let number = !matches!(format, RecordFormat::Csa);
        let players = !matches!(format, RecordFormat::Usi | RecordFormat::Sfen);
        let sfen = back.final_position().to_sfen();
        if number {
            assert_eq!(sfen, last, "{format:?}");
        } else {
            // CSA has no field for a move number: the position alone is kept.
            assert_eq!(
                sfen.rsplit_once(' ').unwrap().0,
                last.rsplit_once(' ').unwrap().0
            );
        }
        if players {
            assert_eq!(back.players, r.players, "{format:?}");
        }
    }
    // A move number past the record limit, which the readers take for no count of a game's
    // moves (as they do a `手数＝` line past it): a KIF numbers from 1 and reads back.
    let far = usi_start("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 20000");
    for format in [RecordFormat::Kif, RecordFormat::Ki2, RecordFormat::Bod] {
        let back = through(&far, format);
        if format != RecordFormat::Bod {
            assert_eq!(back.moves.len(), far.moves.len(), "{format:?}");
        }
        let position = |r: &Record| {
            r.final_position()
                .to_sfen()
                .rsplit_once(' ')
                .unwrap()
                .0
                .to_string()
        };
        assert_eq!(position(&back), position(&far), "{format:?}");
    }
    // A whole game to BOD: its final position at move 182 and its players.
    let game = read("habu-fujii-2006.kif");
    let bod = record_io::write(&game, RecordFormat::Bod);
    assert!(bod.contains("手数＝181  ▲"), "{bod}");
    let back = read_as(&bod, RecordFormat::Bod);
    assert_eq!(back.start.to_sfen(), game.final_position().to_sfen());
    assert_eq!(back.players, game.players);
}

/// The bookmarks of a record's main line, the start's first.
fn bookmarks(r: &Record) -> Vec<(usize, String)> {
    let start = r.start_bookmark.iter().map(|b| (0, b.clone()));
    let moves = r.moves.iter().enumerate();
    start
        .chain(moves.filter_map(|(i, m)| Some((i + 1, m.bookmark.clone()?))))
        .collect()
}

/// ShogiGUI writes a bookmark before the first move for the start position (`&しおり１`), one
/// after a move for the position it leads to, and comments and two variations: every one is
/// read, and kept through KIF and KI2 (CSA has no bookmarks and no variations).
#[test]
fn shogiguis_bookmarks_comments_and_variations_survive_kif_and_ki2() {
    let r = read("shogigui-bookmark.kifu");
    assert_eq!(r.moves.len(), 7);
    assert_eq!(r.branches.len(), 2);
    let expected = [
        (0, "しおり１"),
        (1, "しおり２"),
        (2, "角換わりの形"),
        (6, "同銀"),
    ];
    assert_eq!(
        bookmarks(&r),
        expected.map(|(ply, name)| (ply, name.to_string()))
    );
    assert_eq!(r.moves[1].comments.len(), 4);
    for format in [RecordFormat::Kif, RecordFormat::Ki2] {
        let back = through(&r, format);
        assert_eq!(bookmarks(&back), bookmarks(&r), "{format:?}");
        assert_eq!(back.branches.len(), 2, "{format:?}");
        let comments = |r: &Record| {
            r.moves
                .iter()
                .map(|m| m.comments.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(comments(&back), comments(&r), "{format:?}");
        assert_eq!(
            back.final_position().to_sfen(),
            r.final_position().to_sfen()
        );
    }
}

/// The line of `text` that starts (after its number) with `word`, its spaces run together.
fn line_with(text: &str, word: &str) -> String {
    text.lines()
        .find(|l| {
            l.trim_start_matches([' ', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'])
                .starts_with(word)
        })
        .unwrap_or_else(|| panic!("no {word} line in\n{text}"))
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Kifu for Windows and 81Dojo write the time spent before the end on the end's line
/// (`3 中断 (00:03 / 00:00:19)`), Kifu for Windows' CSA a `T24` after `%ILLEGAL_MOVE`: the
/// end keeps that time through KIF and CSA, in both directions, and the last move keeps its own.
#[test]
fn the_time_spent_before_the_end_survives_kif_and_csa() {
    let kfw = read("kfw95-v353.kifu");
    let kif = record_io::write(&kfw, RecordFormat::Kif);
    assert_eq!(line_with(&kif, "中断"), "3 中断 ( 0:03/00:00:19)");
    let csa = record_io::write(&kfw, RecordFormat::Csa);
    assert!(csa.ends_with("T0\n%CHUDAN\nT3\n"), "{csa}");
    let again = record_io::write(&read_as(&csa, RecordFormat::Csa), RecordFormat::Kif);
    assert_eq!(line_with(&again, "中断"), "3 中断 ( 0:03/00:00:19)");

    let dojo = record_io::write(&read("81dojo-crlf.kif"), RecordFormat::Kif);
    assert_eq!(line_with(&dojo, "投了"), "12 投了 ( 0:05/00:00:22)");

    // Black's 18 + 19 + 24 seconds: the end's total counts on from Black's moves.
    let wcsc = read("wcsc31-kfw-sjis.csa");
    assert_eq!(
        wcsc.moves.last().and_then(|m| m.time).map(|t| t.seconds),
        Some(0)
    );
    let kif = record_io::write(&wcsc, RecordFormat::Kif);
    assert_eq!(line_with(&kif, "反則負け"), "53 反則負け ( 0:24/00:01:01)");
    let csa = record_io::write(&wcsc, RecordFormat::Csa);
    assert!(csa.ends_with("%ILLEGAL_MOVE\nT24\n"), "{csa}");
}

/// A KI2 has no end move: its summary is all that says how the game ended. The WCSC game ends
/// in Black's illegal move; the summary names the side (`先手の反則負け`, as Kifu for Windows
/// and tsshogi write it, and as cshogi needs to give the result), and reads back the same.
#[test]
fn a_fouls_summary_names_the_side_that_fouled() {
    let wcsc = read("wcsc31-kfw-sjis.csa");
    let ki2 = record_io::write(&wcsc, RecordFormat::Ki2);
    assert!(ki2.ends_with("まで52手で先手の反則負け\n"), "{ki2}");
    let back = read_as(&ki2, RecordFormat::Ki2);
    assert_eq!(
        back.end.as_ref().map(|e| &e.kind),
        Some(&EndKind::IllegalLoss)
    );
    assert_eq!(back.result(), GameResult::Win(Color::White));
    let kif = record_io::write(&wcsc, RecordFormat::Kif);
    assert!(kif.ends_with("まで52手で先手の反則負け\n"), "{kif}");
}

/// A declaration (`%KACHI`, 入玉勝ち) is judged by CSA servers and the JSA by the 27-point
/// rule: a record that states one where the declarer does not meet it keeps its stated result
/// and says so, as it does of a 詰み that is no mate.
#[test]
fn a_declaration_the_position_does_not_allow_is_a_warning() {
    let early = read_as(
        "V3.0\nN+a\nN-b\nPI\n+\n+7776FU,T1\n-3334FU,T2\n%KACHI\n",
        RecordFormat::Csa,
    );
    assert_eq!(early.result(), GameResult::Win(Color::Black));
    assert_eq!(early.warnings.len(), 1, "{:?}", early.warnings);
    assert!(
        early.warnings[0].starts_with("8: 入玉勝ち"),
        "{:?}",
        early.warnings
    );
    assert!(
        early.warnings[0].contains("27-point"),
        "{:?}",
        early.warnings
    );

    // King in the zone, ten pieces there, 32 points: a declaration that stands.
    let sfen = "4K4/R7B/PPPPPPPP1/9/9/9/9/9/4k4 b RB4G4s4n4l10p 1";
    let pos =
        shogiprint::formats::usi::parse_position(sfen, &standard(), Default::default()).unwrap();
    let board = shogiprint::formats::bod::write(&pos);
    let sound = read_as(
        &format!("{board}まで0手で先手の入玉勝ち\n"),
        RecordFormat::Ki2,
    );
    assert_eq!(
        sound.end.as_ref().map(|e| &e.kind),
        Some(&EndKind::Declaration)
    );
    assert_eq!(sound.warnings, Vec::<String>::new());
}

/// Floodgate's log of a game that reached its 256-move limit (muzudho/kif-parser,
/// `docs/examples/[floodgate]wdoor+floodgate-300-10F+Titanda_L+SILENT_MAJORITY_sf170225_6950XEE+20170302210003.csa`)
/// has no end statement after its last move, only the server's summary comment; its head and
/// its tail, with the first moves between them, end as `%MAX_MOVES` does: a draw.
#[test]
fn a_floodgate_log_ended_by_its_summary_at_the_move_limit_is_a_draw() {
    let text = "V2\nN+Titanda_L\nN-SILENT_MAJORITY_sf170225_6950XEE\n'Max_Moves:256\n\
'Least_Time_Per_Move:0\n'Increment:10\n\
$EVENT:wdoor+floodgate-300-10F+Titanda_L+SILENT_MAJORITY_sf170225_6950XEE+20170302210003\n\
$START_TIME:2017/03/02 21:00:02\nPI\n+\n+2726FU\nT0\n'** 0\n-3334FU\nT0\n'** 0\n+2625FU\nT0\n\
'** 0\n-8384FU\nT0\n'** 0\n\
'summary:max_moves:Titanda_L draw:SILENT_MAJORITY_sf170225_6950XEE draw\n\
'$END_TIME:2017/03/02 21:53:26\n";
    let r = read_as(text, RecordFormat::Csa);
    assert_eq!(r.moves.len(), 4);
    assert_eq!(r.end.as_ref().map(|e| &e.kind), Some(&EndKind::MaxMoves));
    assert_eq!(r.end.as_ref().map(|e| e.line), Some(23));
    assert_eq!(r.result(), GameResult::Draw);
    // The summary is kept, as the end's comment; the last move keeps its reading.
    assert_eq!(
        r.moves[3].comments,
        [Comment::new(CommentKind::Engine, " 0")]
    );
    assert_eq!(
        r.end.as_ref().map(|e| e.comments.len()),
        Some(2),
        "{:?}",
        r.end
    );
    // Written as CSA V3.0's %MAX_MOVES, and as 持将棋 in KIF, both read back as the same draw.
    for format in [RecordFormat::Csa, RecordFormat::Kif] {
        let back = through(&r, format);
        assert_eq!(back.result(), GameResult::Draw, "{format:?}");
        assert_eq!(back.moves.len(), 4, "{format:?}");
    }
}
