//! Bad game records are refused as the README promises: an invalid start position exits 1 with
//! its problem codes like any other invalid position, malformed input exits 2 with
//! `FILE:LINE: why`, an empty record is an error in every format, records are held to the
//! documented move limit, and the messages name what is wrong (the end a move comes after, the
//! line that is not Shift_JIS, the rule a USI move breaks, a missing file). Nothing is written
//! on failure.

#[path = "support/temp_dir.rs"]
mod temp_dir;

use shogiprint::formats::limits::MAX_RECORD_MOVES;
use shogiprint::formats::record::RecordError;
use shogiprint::formats::record_io::{self, RecordFormat};
use shogiprint::rules::{ProblemCode, Variant};
use std::io::Write;
use std::process::{Command, Output, Stdio};
use temp_dir::TempDir;

const NIFU_SFEN: &str = "4k4/9/9/9/4P4/4P4/9/9/4K4 b - 1";

/// The standard start with a second black pawn on file 2 (2f and 2g), as CSA.
const NIFU_CSA: &str = "V2.2\n\
P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\n\
P2 * -HI *  *  *  *  * -KA * \n\
P3-FU-FU-FU-FU-FU-FU-FU-FU-FU\n\
P4 *  *  *  *  *  *  *  *  * \n\
P5 *  *  *  *  *  *  *  *  * \n\
P6 *  *  *  *  *  *  * +FU * \n\
P7+FU+FU+FU+FU+FU+FU+FU+FU+FU\n\
P8 * +KA *  *  *  *  * +HI * \n\
P9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n\
+\n";

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_shogiprint"))
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().unwrap()
}

/// Runs the binary with `input` on its standard input.
fn run_with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

fn data(name: &str) -> String {
    format!("{}/tests/data/records/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn read(text: &[u8], format: Option<RecordFormat>) -> Result<(), RecordError> {
    let v = Variant::builtin("standard").unwrap();
    record_io::read(text, format, &v).map(|_| ())
}

#[test]
fn an_invalid_start_position_of_a_record_exits_1_in_every_command() {
    let dir = TempDir::new("record-invalid");
    let files = [
        dir.file("nifu.sfen", &format!("{NIFU_SFEN}\n")),
        dir.file(
            "nifu.usi",
            &format!("position sfen {NIFU_SFEN} moves 5a4a\n"),
        ),
        dir.file("nifu.csa", NIFU_CSA),
    ];
    let out_dir = TempDir::new("record-invalid-out");
    for file in &files {
        let svg = out_dir.path("out.svg");
        let pdf = out_dir.path("out.pdf");
        let csa = out_dir.path("out.csa");
        for args in [
            vec!["game", file],
            vec!["convert", file, "-o", &csa],
            vec!["diagram", file, "-o", &svg],
            vec!["booklet", file, "-o", &pdf],
        ] {
            let out = run(&args);
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
            assert!(err.contains(": invalid position: nifu "), "{args:?}: {err}");
        }
        let written: Vec<_> = std::fs::read_dir(&out_dir.0).unwrap().collect();
        assert!(written.is_empty(), "{file}: {written:?}");
    }
    // Located at the line that ends the board, one line per problem, with codes and squares.
    let err = stderr(&run(&["game", &files[2]]));
    assert!(
        err.contains("nifu.csa:11: invalid position: nifu 2f,2g: "),
        "{err}"
    );
    // A diagram or booklet file that names the record (and a diagram file that names it as
    // its position) reports it as an invalid position too.
    for (name, text) in [
        ("d.yaml", "position: {record: nifu.csa, ply: 0}\n"),
        ("p.yaml", "position: nifu.csa\n"),
    ] {
        let yaml = dir.file(name, text);
        let out = run(&["diagram", &yaml, "-o", &out_dir.path("out.svg")]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{name}: {err}");
        assert!(err.contains("nifu"), "{name}: {err}");
    }
    let book = dir.file(
        "b.yaml",
        "diagrams:\n  - position: {record: nifu.csa, ply: 0}\n",
    );
    let out = run(&["booklet", &book, "-o", &out_dir.path("out.pdf")]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    // The library keeps the problems in the error.
    let e = read(NIFU_CSA.as_bytes(), Some(RecordFormat::Csa)).unwrap_err();
    assert_eq!(e.invalid.unwrap().codes()[1], ProblemCode::Nifu);
}

/// CSA's first move played again: no piece is left on 77.
const ILLEGAL_CSA: &str = "V2.2\nPI\n+\n+7776FU\n-3334FU\n+7776FU\n";

/// The lines every command prints for a record's error name the file and the line alike,
/// `FILE:LINE: …`: an illegal move at its line, an invalid start position at the line that
/// ends its board, one line per problem.
#[test]
fn a_record_error_is_located_as_file_colon_line() {
    let e = read(ILLEGAL_CSA.as_bytes(), Some(RecordFormat::Csa)).unwrap_err();
    assert_eq!(
        e.located_lines("ill.csa"),
        ["ill.csa:6: +7776FU: no piece on 77"]
    );
    let e = read(NIFU_CSA.as_bytes(), Some(RecordFormat::Csa)).unwrap_err();
    let lines = e.located_lines("bad.csa");
    assert_eq!(lines.len(), e.invalid.as_ref().unwrap().problems.len());
    assert!(
        lines
            .iter()
            .all(|l| l.starts_with("bad.csa:11: invalid position: ")),
        "{lines:?}"
    );
    assert!(lines[1].starts_with("bad.csa:11: invalid position: nifu 2f,2g: "));
}

/// `moves`, `perft` and `validate` report a record's errors as `game` and `diagram` do:
/// `FILE:LINE: …`, with the line for an invalid start position too. Needs the CLI to print
/// [`RecordError::located_lines`] (src/cli/input.rs `record_error`/`entry_failure`,
/// src/cli/validate.rs `check`), which is another change's.
#[test]
fn every_command_locates_a_record_error_the_same_way() {
    let dir = TempDir::new("record-located");
    let ill = dir.file("ill.csa", ILLEGAL_CSA);
    let bad = dir.file("bad.csa", NIFU_CSA);
    for command in [
        vec!["game"],
        vec!["moves"],
        vec!["perft", "-d", "1"],
        vec!["validate"],
    ] {
        let args = |file| [command.as_slice(), &[file]].concat();
        let out = run(&args(ill.as_str()));
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{command:?}: {err}");
        assert!(
            err.contains(&format!("{ill}:6: +7776FU: no piece on 77")),
            "{command:?}: {err}"
        );
        if command[0] == "validate" {
            continue; // its report of an invalid position lists the problems on stdout
        }
        let out = run(&args(bad.as_str()));
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{command:?}: {err}");
        assert!(
            err.contains(&format!("{bad}:11: invalid position: nifu 2f,2g: ")),
            "{command:?}: {err}"
        );
    }
}

#[test]
fn an_illegal_move_in_a_record_is_still_bad_input() {
    let out = run(&["game", &data("illegal-nifu.kif")]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn an_empty_record_is_an_error_in_every_format() {
    let formats = [
        RecordFormat::Kif,
        RecordFormat::Ki2,
        RecordFormat::Csa,
        RecordFormat::Bod,
        RecordFormat::Usi,
        RecordFormat::Sfen,
    ];
    for format in formats.map(Some).into_iter().chain([None]) {
        for text in ["", "\n  \n\r\n"] {
            let e = read(text.as_bytes(), format).unwrap_err();
            assert_eq!(e.located("x"), "x:1: empty record", "{format:?} {text:?}");
        }
    }
    // Comments alone are no record either.
    for format in [RecordFormat::Kif, RecordFormat::Ki2] {
        let e = read(b"# made by hand\n*a comment\n\n", Some(format)).unwrap_err();
        assert_eq!(
            e.located("x"),
            "x:1: empty record: no header, board or moves"
        );
    }
    // A header alone still is a record (a game not yet played).
    read("手合割：平手\n".as_bytes(), Some(RecordFormat::Kif)).unwrap();
}

#[test]
fn the_cli_refuses_an_empty_kif_or_ki2_and_writes_nothing() {
    let dir = TempDir::new("record-empty");
    for name in ["empty.kif", "empty.ki2"] {
        let file = dir.file(name, "");
        let out = run(&["game", &file]);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains(&format!("{name}:1: empty record")));
        let target = dir.path("out.csa");
        let out = run(&["convert", &file, "-o", &target]);
        assert_eq!(out.status.code(), Some(2));
        assert!(!std::path::Path::new(&target).exists());
        std::fs::remove_file(&file).unwrap();
    }
}

#[test]
fn a_record_of_more_than_the_move_limit_is_refused_at_the_move_past_it() {
    let moves = ["5i4h", "5a4b", "4h5i", "4b5a"];
    let text = |n: usize| {
        let list: Vec<&str> = moves.iter().copied().cycle().take(n).collect();
        format!("position startpos moves {}\n", list.join(" "))
    };
    read(text(MAX_RECORD_MOVES).as_bytes(), None).unwrap();
    let e = read(text(MAX_RECORD_MOVES + 1).as_bytes(), None).unwrap_err();
    assert_eq!(
        e.message,
        format!("a record holds at most {MAX_RECORD_MOVES} moves (variations included)")
    );
    // From the command line: exit 2, at once, whatever the record's length.
    let dir = TempDir::new("record-long");
    let file = dir.file("long.usi", &text(200_000));
    let pdf = dir.path("long.pdf");
    let started = std::time::Instant::now();
    let out = run(&["booklet", &file, "--every", "1", "-o", &pdf]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("long.usi:1: 5i4h: a record holds at most"));
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
    assert!(!std::path::Path::new(&pdf).exists());
}

/// A copied board's `手数＝N` past what any record holds is no count of moves before it (found
/// by fuzzing record_kif: `手数＝18446744073709551615` overflowed the "numbered on from the
/// board" test): the moves are then numbered from 1, and a move numbered 0 is refused.
#[test]
fn a_boards_move_count_too_large_for_a_record_is_not_numbered_on_from() {
    let too_many = u64::MAX;
    let text = format!("手数＝{too_many}\n   0 ７六歩(77)\n   1 ３四歩(33)\n");
    let e = read(text.as_bytes(), Some(RecordFormat::Kif)).unwrap_err();
    assert_eq!(e.line, 2, "{e}");
    assert_eq!(e.message, "move number 0, expected 1");
    // Just past the limit: the same.
    let past = MAX_RECORD_MOVES + 1;
    let text = format!("手数＝{past}\n   {} ７六歩(77)\n", past + 1);
    let e = read(text.as_bytes(), Some(RecordFormat::Kif)).unwrap_err();
    assert_eq!(e.message, format!("move number {}, expected 1", past + 1));
}

#[test]
fn a_move_after_the_end_of_the_game_names_the_end() {
    let csa = "V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n-2726FU\n";
    let e = read(csa.as_bytes(), Some(RecordFormat::Csa)).unwrap_err();
    assert_eq!(
        e.located("x.csa"),
        "x.csa:7: -2726FU: a move after the end of the game (%TORYO at line 6)"
    );
    let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n   4 ２六歩(27)\n";
    let e = read(kif.as_bytes(), Some(RecordFormat::Kif)).unwrap_err();
    assert_eq!(
        e.located("x.kif"),
        "x.kif:6: ２六歩(27): a move after the end of the game (投了 at line 5)"
    );
    let ki2 = "手合割：平手\n▲７六歩    △３四歩\nまで2手で中断\n▲２六歩\n";
    let e = read(ki2.as_bytes(), Some(RecordFormat::Ki2)).unwrap_err();
    assert_eq!(
        e.located("x.ki2"),
        "x.ki2:4: ▲２六歩: a move after the end of the game (まで2手で中断 at line 3)"
    );
}

#[test]
fn a_utf8_line_in_a_shift_jis_record_is_reported_at_its_line() {
    let sjis = std::fs::read(data("habu-fujii-2006.sjis.kif")).unwrap();
    let mut lines: Vec<&[u8]> = sjis.split(|b| *b == b'\n').collect();
    let comment = "*これはUTF-8のコメント".as_bytes();
    lines.insert(5, comment);
    let mixed = lines.join(&b'\n');
    let e = read(&mixed, Some(RecordFormat::Kif)).unwrap_err();
    assert_eq!(
        e.located("x.kif"),
        "x.kif:6: not Shift_JIS text, though the lines before are (UTF-8 pasted in?)"
    );
}

#[test]
fn an_illegal_usi_move_says_which_rule_it_breaks() {
    for (position, why) in [
        (
            "sfen 4k4/9/9/9/9/9/4P4/9/4K4 b P 1 moves 5i4i 5a4a P*5e",
            "move 3 (P*5e) is illegal: nifu on file 5",
        ),
        (
            "sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1 moves P*1a",
            "move 1 (P*1a) is illegal: the piece would have no move there",
        ),
        (
            "sfen k8/9/G1N6/9/9/9/9/9/4K4 b P 1 moves P*9b",
            "move 1 (P*9b) is illegal: pawn drop mate (uchifuzume)",
        ),
    ] {
        let out = run(&["moves", position]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(why), "{err}");
    }
}

#[test]
fn a_game_booklet_of_a_missing_file_says_so() {
    let out = run(&["booklet", "no-such-game.kif", "--every", "10"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("no-such-game.kif: No such file"), "{err}");
}

#[test]
fn a_diagram_at_a_ply_of_a_missing_record_says_the_file_is_missing() {
    // Not "is not a game record": the name is a record's, the file is what is missing.
    let out = run(&["diagram", "no-such-game.kif", "--ply", "24"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("no-such-game.kif: No such file"), "{err}");
}

#[test]
fn records_on_standard_input_are_recognised_by_their_text() {
    for (name, moves) in [
        ("two-piece-handicap.ki2", None),
        ("habu-fujii-2006.kif", Some("moves: 181")),
        ("csa-spec-example.csa", Some("moves: 3")),
    ] {
        let out = run_with_stdin(&["game", "-"], &std::fs::read(data(name)).unwrap());
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        let text = String::from_utf8_lossy(&out.stdout);
        if let Some(m) = moves {
            assert!(text.contains(m), "{name}: {text}");
        }
    }
    // `diagram -` too: a record piped in is drawn at `--ply` as the same file would be
    // (it was read as a position, and failed at the first '手').
    let dir = TempDir::new("record-stdin");
    for name in [
        "habu-fujii-2006.kif",
        "two-piece-handicap.ki2",
        "csa-spec-example.csa",
    ] {
        let from_stdin = dir.path("stdin.svg");
        let from_file = dir.path("file.svg");
        let out = run_with_stdin(
            &["diagram", "-", "--ply", "2", "-o", &from_stdin],
            &std::fs::read(data(name)).unwrap(),
        );
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        let out = run(&["diagram", &data(name), "--ply", "2", "-o", &from_file]);
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        assert_eq!(
            std::fs::read(&from_stdin).unwrap(),
            std::fs::read(&from_file).unwrap(),
            "{name}"
        );
    }
    // And by the library, for every format it reads.
    let two_piece = std::fs::read(data("two-piece-handicap.ki2")).unwrap();
    let text = String::from_utf8(two_piece).unwrap();
    assert_eq!(RecordFormat::sniff(&text), RecordFormat::Ki2);
    assert_eq!(
        RecordFormat::sniff("position startpos moves 7g7f"),
        RecordFormat::Usi
    );
    assert_eq!(RecordFormat::sniff(NIFU_SFEN), RecordFormat::Sfen);
    assert_eq!(RecordFormat::sniff(NIFU_CSA), RecordFormat::Csa);
    assert_eq!(
        RecordFormat::sniff("手合割：平手\n   1 ７六歩(77)\n"),
        RecordFormat::Kif
    );
}

/// A KIF move line that is neither a move nor an end word the reader knows (a misspelt end, a
/// variant's own end) says so, rather than asking for a square.
#[test]
fn a_kif_line_that_is_no_move_and_no_end_word_says_so() {
    let text = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 投げ         ( 0:02/00:00:02)\n";
    let err = record_io::read(
        text.as_bytes(),
        None,
        &Variant::builtin("standard").unwrap(),
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.starts_with(
            "line 4: 投げ: neither a move like ７六歩(77) nor an end word (投了, 中断,"
        ),
        "{err}"
    );
}

/// A marked KIF move line with nothing after its mark shows the line as written.
#[test]
fn a_kif_mark_alone_is_shown_as_written() {
    let text = "手合割：平手\n手数----指手---------消費時間--\n   1 ▲\n";
    let err = record_io::read(
        text.as_bytes(),
        None,
        &Variant::builtin("standard").unwrap(),
    )
    .unwrap_err()
    .to_string();
    assert!(err.starts_with("line 3: ▲: neither a move"), "{err}");
}

/// A KI2 numbers no move: its summary (`まで24手で中断`) is the one count of the moves, and a
/// summary that counts other than the moves read means a line of moves was lost (or added), so
/// the record is refused at the summary with both counts, exit 2. Kifu for Windows counts the
/// moves without the end (`116 投了` then `まで115手で先手の勝ち`, its relayed 王位戦 records as
/// bioshogi keeps them), as do bioshogi's and tsshogi's KI2; a KIF, whose end move line is
/// numbered, agrees with a summary that counts that line too.
#[test]
fn a_summary_that_counts_other_moves_than_were_read_is_refused() {
    let ki2 = std::fs::read_to_string(data("two-piece-handicap.ki2")).unwrap();
    let whole = format!("{ki2}まで24手で中断\n");
    assert!(read(whole.as_bytes(), Some(RecordFormat::Ki2)).is_ok());
    let lost = whole.replace(
        "△同　歩    ▲同　飛    △３三歩    ▲３六飛    △６四金    ▲７八金\n",
        "",
    );
    let e = read(lost.as_bytes(), Some(RecordFormat::Ki2)).unwrap_err();
    assert_eq!(
        e.located("x.ki2"),
        "x.ki2:5: まで24手で中断: the summary counts 24 moves, but 18 were read (a line of moves lost?)"
    );
    let dir = TempDir::new("summary-count");
    let path = dir.file("lost.ki2", &lost);
    let out = run(&["game", &path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("lost.ki2:5: まで24手で中断: the summary counts 24 moves"));

    let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n";
    let e = read(
        format!("{kif}まで4手で後手の勝ち\n").as_bytes(),
        Some(RecordFormat::Kif),
    )
    .unwrap_err();
    assert_eq!(
        e.located("x.kif"),
        "x.kif:5: まで4手で後手の勝ち: the summary counts 4 moves, but 2 were read (a line of moves lost?)"
    );
    for summary in ["まで2手で後手の勝ち", "まで3手で後手の勝ち"] {
        let text = format!("{kif}   3 投了\n{summary}\n");
        assert!(
            read(text.as_bytes(), Some(RecordFormat::Kif)).is_ok(),
            "{summary}"
        );
    }
    let e = read(
        format!("{kif}   3 投了\nまで1手で後手の勝ち\n").as_bytes(),
        Some(RecordFormat::Kif),
    )
    .unwrap_err();
    assert!(e.message.ends_with("but 2 were read"), "{}", e.message);
}

#[test]
fn a_character_the_reader_cannot_see_is_named_by_its_code_point_and_a_long_line_is_cut() {
    // A zero-width space pasted into a move looked like a good move in the message.
    let kif = "手合割：平手\n手数----指手--\n   1 ７\u{200b}六歩(77)\n";
    let e = read(kif.as_bytes(), Some(RecordFormat::Kif)).unwrap_err();
    assert!(e.to_string().contains("７<U+200B>六歩(77)"), "{e}");
    // Control bytes (a binary file named .kif) are not written raw to the terminal.
    let e = read(b"\x00\x01\x1b[31m\n", Some(RecordFormat::Kif)).unwrap_err();
    assert!(
        e.to_string().contains("<U+0000><U+0001><U+001B>[31m"),
        "{e}"
    );
    assert!(!e.to_string().contains(['\0', '\x1b']), "{e:?}");
    // A 100 000-character line is quoted in part, not whole.
    let csa = format!("P1{}\n", "x".repeat(100_000));
    let e = read(csa.as_bytes(), Some(RecordFormat::Csa)).unwrap_err();
    assert!(e.to_string().len() < 300, "{} bytes", e.to_string().len());
    assert!(e.to_string().contains("P1xxxxxxxx"), "{e}");
    // A USI move.
    let out = run(&["moves", "startpos moves 7g7f\u{200b}"]);
    assert!(
        stderr(&out).contains("move 1: '7g7f<U+200B>': expected"),
        "{}",
        stderr(&out)
    );
    // The same in an SFEN: the column, and what stands there.
    let v = Variant::builtin("standard").unwrap();
    let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL\u{200b} b - 1";
    let e = shogiprint::formats::sfen::parse(sfen, &v.catalog).unwrap_err();
    assert_eq!(
        e.to_string(),
        "at character 58: unexpected <U+200B> in the board: expected a piece letter, '+', a digit or '/'"
    );
}

#[test]
fn a_directory_named_as_a_record_says_so_in_plain_words() {
    // It said "Is a directory (os error 21)".
    let dir = TempDir::new("record-dir");
    let path = dir.0.display().to_string();
    for args in [vec!["game", &path], vec!["convert", &path, "-o", "-"]] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&out).trim_end(),
            format!("error: {path}: is a directory, not a game record")
        );
    }
}

#[test]
fn a_ki2_move_cut_off_after_its_square_asks_for_the_piece() {
    // It said "'' is not a piece of this variant".
    let ki2 = "手合割：平手\n▲７六歩△３四歩▲９九";
    let e = read(ki2.as_bytes(), Some(RecordFormat::Ki2)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2: ▲９九: the piece is missing: expected a piece name like 歩 after the square"
    );
}

#[test]
fn a_csa_file_of_several_games_warns_that_only_the_first_is_read() {
    // The games after the first '/' were dropped without a word.
    let dir = TempDir::new("csa-games");
    let path = dir.0.join("two.csa");
    std::fs::write(&path, "PI\n+\n+7776FU\n/\nPI\n+\n+2726FU\n").unwrap();
    let path = path.display().to_string();
    let out = run(&["game", &path]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stderr(&out).trim_end(),
        format!("warning: {path}:4: the file holds 2 games (each after a '/' line); only the first is read")
    );
}

/// `変化：0手` names no move to branch at: said so, not blamed on a board the record does not
/// have.
#[test]
fn a_variation_at_move_0_is_said_to_start_too_early() {
    let text = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n\n変化：0手\n   1 ２六歩(27)\n";
    let e = read(text.as_bytes(), Some(RecordFormat::Kif)).unwrap_err();
    assert_eq!(
        e.located("game.kif"),
        "game.kif:5: 変化：0手: a variation starts at move 1 or later"
    );
}
