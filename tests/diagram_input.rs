//! What `diagram` refuses, and how it says so: values of the wrong form in a diagram file
//! (never a Rust type name), arrows and last moves the position cannot have, a variant or a
//! key that is wrong where it is written, files named by `position:`, annotation lists past
//! their bounds, and options that do not apply.

#[path = "support/temp_dir.rs"]
mod temp_dir;

use std::process::Command;
use temp_dir::TempDir;

struct Output {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_shogiprint"))
        .args(args)
        .output()
        .expect("the binary runs");
    Output {
        code: out.status.code().expect("exited, not killed by a signal"),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Runs `diagram` on a diagram file holding `yaml` and expects exit 2 with `words` in the
/// message (the file name comes first), and no Rust type name.
fn refused(dir: &TempDir, yaml: &str, words: &[&str]) {
    let file = dir.file("d.yaml", yaml);
    let out = run(&["diagram", &file]);
    assert_eq!(out.code, 2, "{yaml}: {}", out.stderr);
    assert!(
        out.stderr.starts_with(&format!("error: {file}:")),
        "{yaml}: {}",
        out.stderr
    );
    for w in words {
        assert!(out.stderr.contains(w), "{yaml}: wanted {w}: {}", out.stderr);
    }
    for leak in ["Raw", "untagged", "struct", "unit value"] {
        assert!(!out.stderr.contains(leak), "{yaml}: {}", out.stderr);
    }
}

#[test]
fn values_of_the_wrong_form_are_refused_in_the_files_terms() {
    let dir = TempDir::new("wrong-form");
    let position =
        "expected position text (SFEN, USI, a handicap name or a file) or {record: FILE, ply: N}";
    refused(
        &dir,
        "position: 42\n",
        &[":1:11: position: ", position, "42"],
    );
    refused(&dir, "position: [1, 2]\n", &[":1:11: position: ", position]);
    refused(&dir, "position: ~\n", &[":1:11: position: ", position]);
    refused(
        &dir,
        "position: startpos\narrows: [7g7f, P*5e, [1]]\n",
        &[
            ":2:22: arrows[2]: ",
            "expected \"7g7f\", \"P*5e\" or {from: 7g, to: 7f, color: red}",
        ],
    );
    refused(
        &dir,
        "position: startpos\narrows:\n  - {from: 7g}\n",
        &[":3:5: arrows[0]: ", "missing field `to`"],
    );
    refused(
        &dir,
        "position: startpos\nhighlights:\n  - 7g\n  - {square: 7g, colour: red}\n",
        &[":4:", "highlights[1]: ", "unknown field `colour`"],
    );
    refused(
        &dir,
        "position: startpos\nhighlights: [7g, true]\n",
        &[
            ":2:18: highlights[1]: ",
            "expected a square (7g, 76 or 7六) or {square: 7g, color: \"#6fa8dc\"}",
        ],
    );
    refused(
        &dir,
        "- position: startpos\n",
        &[
            ":1:1: ",
            "expected a mapping of diagram fields (position:, title:, …)",
        ],
    );
    refused(
        &dir,
        "position: startpos\nplayers: 5\n",
        &[":2:10: players: ", "expected {black: NAME, white: NAME}"],
    );
    refused(
        &dir,
        "position: startpos\nprover: [1]\n",
        &[
            ":2:9: prover: ",
            "expected {max_nodes: N, time: SECONDS, hash: MIB}",
        ],
    );
}

#[test]
fn a_square_or_a_label_may_be_written_as_a_number() {
    let dir = TempDir::new("numbers");
    let file = dir.file(
        "d.yaml",
        "position: startpos\nhighlights: [76]\narrows: [{from: 77, to: 76}]\nmarks: [{square: 55, mark: 1}]\n",
    );
    let out = run(&["diagram", &file]);
    assert_eq!(out.code, 0, "{}", out.stderr);
}

#[test]
fn other_yaml_files_name_no_rust_type_either() {
    let dir = TempDir::new("other-yaml");
    let book = dir.file("book.yaml", "- title: x\n");
    let out = run(&["booklet", &book, "-o", &dir.path("b.pdf")]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains(":1:1: invalid type: sequence, expected a mapping of booklet fields"),
        "{}",
        out.stderr
    );
    let pieces = dir.file("pieces.yaml", "pieces:\n  - 5\n");
    let out = run(&["--pieces", &pieces, "pieces"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains(":2:5: pieces[0]: ") && out.stderr.contains("a mapping of fields"),
        "{}",
        out.stderr
    );
    assert!(!out.stderr.contains("Raw"), "{}", out.stderr);
}

#[test]
fn a_key_given_twice_is_reported_where_it_repeats() {
    let dir = TempDir::new("twice");
    refused(
        &dir,
        "position: startpos\ntitle: a\ncaption: b\ntitle: c\n",
        &[":4:1: ", "`title` is given twice"],
    );
    refused(
        &dir,
        "title: a\nposition: startpos\nposition: startpos\n",
        &[":3:1: ", "`position` is given twice"],
    );
    refused(
        &dir,
        "position: {record: game.kif,\n  ply: 3, ply: 4}\n",
        &[":2:11: position: ", "`ply` is given twice"],
    );
    let book = dir.file("book.yaml", "title: a\nfooter: b\ntitle: c\n");
    let out = run(&["booklet", &book, "-o", &dir.path("b.pdf")]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains(":3:1: `title` is given twice"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_drop_arrow_needs_the_piece_in_hand() {
    let out = run(&["diagram", "startpos", "--arrow", "P*5e"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains("error: --arrow 'P*5e': Black has no pawn in hand"),
        "{}",
        out.stderr
    );
    let out = run(&["diagram", "startpos", "--arrow", "p*5e"]);
    assert!(
        out.stderr.contains("White has no pawn in hand"),
        "{}",
        out.stderr
    );
    // A hand that holds the piece.
    let with_pawn = "lnsgkgsnl/1r5b1/pppp1pppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL b Pp 1";
    for arrow in ["P*5e", "p*5d"] {
        let out = run(&["diagram", with_pawn, "--arrow", arrow]);
        assert_eq!(out.code, 0, "{arrow}: {}", out.stderr);
    }
    // A tsume defender's empty hand holds the rest: a gold, not a second king.
    let tsume = "4k4/9/9/9/9/9/9/9/9 b G 1";
    let out = run(&[
        "diagram",
        tsume,
        "--tsume",
        "--no-verify",
        "--arrow",
        "g*5b",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let out = run(&[
        "diagram",
        tsume,
        "--tsume",
        "--no-verify",
        "--arrow",
        "k*5b",
    ]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("White has no king in hand"),
        "{}",
        out.stderr
    );

    let dir = TempDir::new("drop-arrow");
    refused(
        &dir,
        "position: startpos\narrows: [7g7f, P*5e]\n",
        &[":2:16: arrows[1]: 'P*5e': Black has no pawn in hand"],
    );
    refused(
        &dir,
        "position: startpos\narrows:\n  - {from: p*, to: 5e}\n",
        &[":3:12: arrows[0]: 'p*': White has no pawn in hand"],
    );
}

#[test]
fn a_last_move_must_be_one_that_led_to_the_position() {
    let refuse = |args: &[&str], words: &str| {
        let out = run(args);
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains(words), "{args:?}: {}", out.stderr);
    };
    refuse(
        &["diagram", "startpos", "--last-move", "P*5e"],
        "--last-move 'P*5e': 5e is empty, but the last move ends there (White moved last: Black is to move)",
    );
    refuse(
        &["diagram", "startpos moves 7g7f", "--last-move", "2g2f"],
        "2f is empty",
    );
    refuse(
        &["diagram", "startpos moves 7g7f", "--last-move", "3b3c"],
        "the piece on 3c is White's, but Black moved last",
    );
    refuse(
        &["diagram", "startpos moves 7g7f", "--last-move", "7g7f+"],
        "the piece on 7f is not promoted",
    );
    // A pawn stands on 5e, but it is a gold that was dropped.
    let pawn_on_5e = "lnsgkgsnl/1r5b1/pppp1pppp/9/4P4/9/PPPP1PPPP/1B5R1/LNSGKGSNL w - 2";
    refuse(
        &["diagram", pawn_on_5e, "--last-move", "G*5e"],
        "the piece on 5e is a pawn, not a dropped gold",
    );
    refuse(
        &["diagram", "startpos moves 7g7f", "--last-move", "8h7f"],
        "8h is not empty, but the last move left it",
    );
    for (position, last) in [
        ("startpos moves 7g7f", "7g7f"),
        (pawn_on_5e, "P*5e"),
        ("startpos", "none"),
    ] {
        let out = run(&["diagram", position, "--last-move", last]);
        assert_eq!(out.code, 0, "{position} {last}: {}", out.stderr);
    }
    let dir = TempDir::new("last-move");
    refused(
        &dir,
        "position: startpos\nlast_move: P*5e\n",
        &[":2:12: last_move: 'P*5e': 5e is empty"],
    );
}

#[test]
fn a_variant_that_does_not_load_is_named_where_it_is_written() {
    let dir = TempDir::new("variant");
    refused(
        &dir,
        "position: startpos\nvariant: nosuch\n",
        &[
            ":2:10: variant: unknown variant 'nosuch' (built in: standard, minishogi",
            "no file",
        ],
    );
    std::fs::create_dir_all(dir.0.join("sub")).unwrap();
    refused(
        &dir,
        "position: startpos\nvariant: sub\n",
        &[":2:10: variant: ", "is a directory, not a variant file"],
    );
    let out = run(&["--variant", dir.0.to_str().unwrap(), "moves", "startpos"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("is a directory, not a variant file"),
        "{}",
        out.stderr
    );
    // A booklet's own variant, and an entry's.
    let book = dir.file(
        "book.yaml",
        "title: b\nvariant: nosuch\ndiagrams:\n  - position: startpos\n",
    );
    let out = run(&["booklet", &book, "-o", &dir.path("b.pdf")]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains(":2:10: variant: unknown variant 'nosuch'"),
        "{}",
        out.stderr
    );
    let book = dir.file(
        "book.yaml",
        "title: b\ndiagrams:\n  - position: startpos\n    variant: nosuch\n",
    );
    let out = run(&["booklet", &book, "-o", &dir.path("b.pdf")]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains(":4:14: diagram 1 (第1図): diagrams[0].variant: unknown variant 'nosuch'"),
        "{}",
        out.stderr
    );
}

#[test]
fn position_may_name_a_file_beside_the_diagram_file() {
    let dir = TempDir::new("position-file");
    dir.file(
        "pos.sfen",
        "# the start position\n\nlnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n",
    );
    let file = dir.file("d.yaml", "position: pos.sfen\n");
    // Run from elsewhere: the file is found beside the diagram file, not in the current
    // directory.
    let out = run(&["diagram", &file]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, run(&["diagram", "startpos"]).stdout);

    // A game record, at its last position (as `diagram game.kif` draws it).
    let record = std::fs::read("tests/data/records/habu-fujii-2006.kif").unwrap();
    std::fs::write(dir.0.join("game.kif"), record).unwrap();
    let file = dir.file("d.yaml", "position: game.kif\n");
    let out = run(&["diagram", &file]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let direct = run(&["diagram", &dir.path("game.kif")]);
    assert_eq!(out.stdout, direct.stdout);

    refused(
        &dir,
        "position: nope.sfen\n",
        &[":1:11: position: no file ", "nope.sfen"],
    );
    dir.file("two.sfen", "startpos\nstartpos\n");
    refused(
        &dir,
        "position: two.sfen\n",
        &[
            ":1:11: position: ",
            "holds 2 positions; a diagram takes one",
        ],
    );
    dir.file(
        "bad.sfen",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1\n",
    );
    refused(
        &dir,
        "position: bad.sfen\n",
        &[":1:11: position: ", "bad.sfen:1: "],
    );
}

/// A diagram file with `count` entries of `entry` in the list `field`.
fn annotated(field: &str, entry: &str, count: usize) -> String {
    format!(
        "position: startpos\n{field}: [{}]\n",
        vec![entry; count].join(", ")
    )
}

#[test]
fn annotation_lists_are_bounded() {
    let dir = TempDir::new("bounded");
    for (field, entry, max) in [
        ("highlights", "7g", 256),
        ("marks", "{square: 5e, mark: circle}", 256),
        ("arrows", "7g7f", 600),
    ] {
        let file = dir.file("d.yaml", &annotated(field, entry, max));
        let out = run(&["diagram", &file]);
        assert_eq!(out.code, 0, "{field}: {}", out.stderr);
        refused(
            &dir,
            &annotated(field, entry, max + 1),
            &[&format!(
                ":2:{}: {field}: more than {max} entries: at most {max}",
                field.len() + 3
            )],
        );
    }
    let mut args = vec!["diagram", "startpos"];
    for _ in 0..257 {
        args.extend(["--highlight", "5e"]);
    }
    let out = run(&args);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains("--highlight: more than 256 entries: at most 256"),
        "{}",
        out.stderr
    );
}

#[test]
fn options_that_do_not_apply_are_refused() {
    let out = run(&["diagram", "startpos", "--ply", "3"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains("--ply 3: 'startpos' is not a game record"),
        "{}",
        out.stderr
    );
    let dir = TempDir::new("options");
    let file = dir.file("d.yaml", "position: startpos\n");
    let out = run(&["diagram", &file, "--ply", "3"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("position: {record: FILE, ply: N}"),
        "{}",
        out.stderr
    );
    // Refused with `message`, exit 2, and nothing written to `target`.
    let refused = |args: &[&str], target: &str, message: &str| {
        let mut args = args.to_vec();
        args.extend(["-o", target]);
        let out = run(&args);
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains(message), "{args:?}: {}", out.stderr);
        assert!(!std::path::Path::new(target).exists());
    };
    for (option, value, output) in [("--px", "300", "d.svg"), ("--dpi", "300", "d.pdf")] {
        refused(
            &["diagram", "startpos", option, value],
            &dir.path(output),
            &format!("{option} {value}: sizes a PNG only"),
        );
    }
    let out = run(&[
        "diagram",
        "startpos",
        "--px",
        "300",
        "-o",
        &dir.path("d.png"),
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    // A PDF is printed on the paper: a background (even a wrong one) is refused there, as
    // the other commands that write a picture do.
    for command in [
        &["diagram", "startpos"][..],
        &["handicap", "rook"],
        &["rules-card", "--variant", "minishogi"],
    ] {
        for colour in ["grey", "not-a-colour"] {
            let mut args = command.to_vec();
            args.extend(["--background", colour]);
            refused(
                &args,
                &dir.path("b.pdf"),
                &format!("--background {colour}: an SVG or PNG only"),
            );
        }
    }
    let out = run(&[
        "diagram",
        "startpos",
        "--background",
        "grey",
        "-o",
        &dir.path("d.svg"),
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
}

#[test]
fn a_position_file_in_shift_jis_is_located_and_named() {
    // Saved by a Windows editor: a comment line in Shift_JIS ("# 詰将棋") before the SFEN.
    let dir = TempDir::new("sjis-position");
    let mut bytes = b"# ".to_vec();
    bytes.extend([0x8B, 0x6C, 0x8F, 0xAB, 0x8A, 0xFB]);
    bytes.extend(b"\n4k4/9/4P4/9/9/9/9/9/9 b G 1\n");
    std::fs::write(dir.path("p.sfen"), bytes).unwrap();
    let yaml = dir.file("d.yaml", "position: p.sfen\n");
    let out = run(&["diagram", &yaml, "-o", &dir.path("d.svg")]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("p.sfen:1:3: not UTF-8 text (byte 0x8B); it reads as Shift_JIS"),
        "{}",
        out.stderr
    );
    assert!(!std::path::Path::new(&dir.path("d.svg")).exists());
}
