//! A user's mistakes on the command line, as the README promises them answered: one line that
//! names the place (the argument or the file), exit 2, and no file written, whole or in part.

use std::path::Path;
use std::process::Command;

#[path = "support/temp_dir.rs"]
#[allow(dead_code)] // the directory and its files: `path` serves other tests
mod temp_dir;
use temp_dir::TempDir;

struct Output {
    code: i32,
    stderr: String,
}

/// Runs the binary in `dir` (so that a default output name lands there).
fn run_in(dir: &TempDir, args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_shogiprint"))
        .args(args)
        .current_dir(&dir.0)
        .output()
        .expect("the binary runs");
    Output {
        code: out.status.code().expect("exited, not killed by a signal"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

fn record() -> String {
    format!(
        "{}/tests/data/records/habu-fujii-2006.kif",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn booklet() -> String {
    format!(
        "{}/examples/booklets/beginner.yaml",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The names in the directory, the hidden ones (a temporary `.NAME.part`) too.
fn names(dir: &TempDir) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(&dir.0)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    names
}

#[test]
fn an_output_in_a_directory_that_does_not_exist_names_the_directory_in_one_line() {
    let dir = TempDir::new("mistakes");
    let record = record();
    let booklet = booklet();
    let cases: [&[&str]; 6] = [
        &["diagram", "startpos", "-o", "nodir/d.svg"],
        &["kit", "-o", "nodir/kit.pdf"],
        &["convert", &record, "-o", "nodir/game.csa"],
        &["booklet", &booklet, "-o", "nodir/b.pdf"],
        &["rules-card", "-o", "nodir/card.pdf"],
        &["handicap", "two-piece", "-o", "nodir/two.svg"],
    ];
    for args in cases {
        let r = run_in(&dir, args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        let target = args[args.len() - 1];
        assert_eq!(
            r.stderr.trim_end(),
            format!(
                "error: {target}: cannot create a file in 'nodir': No such file or directory (os error 2)"
            ),
            "{args:?}"
        );
        assert!(names(&dir).is_empty(), "{args:?}: {:?}", names(&dir));
    }
}

#[test]
fn a_booklet_is_written_as_pdf_only() {
    let dir = TempDir::new("mistakes");
    let r = run_in(&dir, &["booklet", &booklet(), "-o", "b.docx"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(
        r.stderr.trim_end(),
        "error: b.docx: a booklet is written as PDF: give a file name ending in .pdf (or - for stdout)"
    );
    assert!(names(&dir).is_empty(), "{:?}", names(&dir));
}

#[test]
fn convert_refuses_an_extension_that_names_no_record_format() {
    let dir = TempDir::new("mistakes");
    let r = run_in(&dir, &["convert", &record(), "-o", "game.docx"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(
        r.stderr.trim_end(),
        "error: game.docx: cannot tell the format from the extension: use .kif, .kifu, .ki2, .ki2u, .csa, .usi, .sfen, .bod or --to"
    );
    assert!(names(&dir).is_empty(), "{:?}", names(&dir));

    // --to says it; a name without an extension is KIF, as standard output is.
    let r = run_in(
        &dir,
        &["convert", &record(), "-o", "game.txt", "--to", "csa"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = run_in(&dir, &["convert", &record(), "-o", "game"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(std::fs::read_to_string(Path::new(&dir.0).join("game.txt"))
        .unwrap()
        .starts_with("V2.2"));
    assert!(std::fs::read(Path::new(&dir.0).join("game")).unwrap().len() > 1000);
}

#[test]
fn a_format_that_disagrees_with_the_output_extension_is_refused_naming_both() {
    let dir = TempDir::new("mistakes");
    let record = record();
    let cases: [(&[&str], &[&str]); 6] = [
        (
            &["convert", &record, "--to", "csa", "-o", "x.kif"],
            &["error: x.kif: ", "--to csa", ".kif"],
        ),
        (
            &["convert", &record, "--to", "sfen", "-o", "x.csa"],
            &["error: x.csa: ", "--to sfen", ".csa"],
        ),
        (
            &["convert", &record, "--to", "SFEN", "-o", "x.usi"],
            &["error: x.usi: ", "--to sfen", ".usi"],
        ),
        (
            &["handicap", "rook", "--format", "png", "-o", "f2.pdf"],
            &["error: f2.pdf: ", "--format png", ".pdf"],
        ),
        (
            &["rules-card", "--format", "png", "-o", "f3.pdf"],
            &["error: f3.pdf: ", "--format png", ".pdf"],
        ),
        (
            &["diagram", "startpos", "--format", "pdf", "-o", "d.SVG"],
            &["error: d.SVG: ", "--format pdf", ".svg"],
        ),
    ];
    for (args, says) in cases {
        assert_refused_in_one_line(&dir, args, says);
    }
    // -o - and a name whose extension says nothing take the format asked for.
    let (r, stdout) = run_with_stdin(&dir, &["convert", &record, "--to", "csa", "-o", "-"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(stdout.starts_with("V2.2"), "{stdout}");
    let (r, stdout) = run_with_stdin(
        &dir,
        &["handicap", "rook", "--format", "svg", "-o", "-"],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(stdout.starts_with("<svg"), "{stdout}");
    let r = run_in(&dir, &["rules-card", "--format", "svg", "-o", "card.image"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = run_in(&dir, &["convert", &record, "--to", "kif", "-o", "x.kifu"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(names(&dir), ["card.image", "x.kifu"]);
}

#[test]
fn a_board_of_the_wrong_shape_is_malformed_for_diagram_and_booklet_as_for_moves() {
    let dir = TempDir::new("mistakes");
    let nine = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    let want = "the board has 9 ranks of 9 files; Minishogi needs 5 ranks of 5 files";
    let r = run_in(&dir, &["moves", "--variant", "minishogi", nine]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(r.stderr.trim_end(), format!("error: '{nine}': {want}"));

    let r = run_in(
        &dir,
        &["diagram", "--variant", "minishogi", nine, "-o", "d.svg"],
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(r.stderr.trim_end(), format!("error: '{nine}': {want}"));

    let book = dir.file(
        "b.yaml",
        &format!("variant: minishogi\ndiagrams:\n  - position: {nine}\n"),
    );
    let r = run_in(&dir, &["booklet", &book, "-o", "b.pdf"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(
        r.stderr.trim_end(),
        format!(
            "error: {book}:3:5: diagram 1 (第1図): the position has a 9×9 board; Minishogi is played on 5×5"
        )
    );
    assert_eq!(names(&dir), ["b.yaml"]);
}

#[test]
fn an_invalid_position_in_a_diagram_file_names_its_line_and_column() {
    let dir = TempDir::new("mistakes");
    let file = dir.file(
        "nifu.yaml",
        "title: 二歩\nposition: 4k4/9/9/9/9/4P4/9/4P4/4K4 b - 1\n",
    );
    let r = run_in(&dir, &["diagram", &file, "-o", "d.svg"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(
        r.stderr.trim_end(),
        format!(
            "error: {file}:2:11: invalid position: nifu 5f,5h: black has 2 unpromoted pawns on file 5 (5f, 5h)"
        )
    );
    // A tsume that is no problem, too.
    let file = dir.file(
        "nomate.yaml",
        "tsume: true\nposition: 4k4/9/9/9/9/9/9/9/9 b P 1\n",
    );
    let r = run_in(&dir, &["diagram", &file, "-o", "d.svg"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr
            .starts_with(&format!("error: {file}:2:11: no mate")),
        "{}",
        r.stderr
    );
    assert_eq!(names(&dir), ["nifu.yaml", "nomate.yaml"]);
}

#[test]
fn empty_standard_input_is_named_stdin_by_every_command() {
    let dir = TempDir::new("mistakes");
    let cases: [(&[&str], &str); 5] = [
        (&["validate", "-"], "error: stdin: holds no position"),
        (&["moves", "-"], "error: stdin: holds no position"),
        (&["tsume", "-"], "error: stdin: holds no position"),
        (&["game", "-"], "error: stdin:1: empty record"),
        (&["convert", "-"], "error: stdin:1: empty record"),
    ];
    for (args, want) in cases {
        let r = run_in(&dir, args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert_eq!(r.stderr.trim_end(), want, "{args:?}");
    }
}

/// Runs `args` and checks the refusal: exit 2, one line naming every word of `says`, no file.
fn assert_refused_in_one_line(dir: &TempDir, args: &[&str], says: &[&str]) {
    let r = run_in(dir, args);
    assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
    let message = r.stderr.trim_end();
    assert!(
        message.starts_with("error: ") && !message.contains('\n'),
        "{args:?}: {message}"
    );
    for word in says {
        assert!(
            message.contains(word),
            "{args:?}: {word:?} not in {message}"
        );
    }
    assert!(names(dir).is_empty(), "{args:?}: {:?}", names(dir));
}

fn positions_file() -> String {
    format!(
        "{}/examples/positions/mate-in-one.sfen",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn a_booklet_from_standard_input_is_refused_in_one_line_that_says_so() {
    let dir = TempDir::new("mistakes");
    let (record, positions) = (record(), positions_file());
    for args in [
        &["booklet", "-"][..],
        &["booklet", "-", "-o", "b.pdf"],
        &["booklet", &record, "-", "--tsume"],
        &["booklet", &positions, "-", "-o", "b.pdf"],
    ] {
        assert_refused_in_one_line(&dir, args, &["error: -: ", "not standard input"]);
    }
}

#[test]
fn a_record_drawn_both_as_a_tsume_and_at_a_move_is_refused_naming_both_flags() {
    let dir = TempDir::new("mistakes");
    let tsume = format!(
        "{}/tests/data/records/kfw-v401-tsume.kif",
        env!("CARGO_MANIFEST_DIR")
    );
    assert_refused_in_one_line(
        &dir,
        &["diagram", &tsume, "--tsume", "--ply", "1", "-o", "z.svg"],
        &["error: --tsume: ", "--ply 1", "give one or the other"],
    );
}

#[test]
fn a_game_read_as_a_tsume_gets_the_hint_tsume_gives_from_diagram_and_booklet() {
    let dir = TempDir::new("mistakes");
    let record = record();
    let hint = "hint: a game record (it starts from the set-up position): a tsume record's start is the problem's board";
    let r = run_in(&dir, &["diagram", &record, "--tsume", "-o", "d.svg"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(
        r.stderr.lines().collect::<Vec<_>>(),
        [
            format!("error: '{record}': no mate: the attacker has no check"),
            format!("error: '{record}': {hint}"),
        ]
    );
    let r = run_in(&dir, &["booklet", &record, "--tsume", "-o", "b.pdf"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr
            .lines()
            .any(|l| l == format!("error: {record}: diagram 1 (第1問): {hint}")),
        "{}",
        r.stderr
    );
    // A tsume record that is no sound problem is no game: no hint.
    let problem = format!(
        "{}/examples/tsume/01-atamakin.kifu",
        env!("CARGO_MANIFEST_DIR")
    );
    let r = run_in(
        &dir,
        &["booklet", &problem, &record, "--tsume", "-o", "b.pdf"],
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(r.stderr.matches("hint:").count(), 1, "{}", r.stderr);
    assert!(names(&dir).is_empty(), "{:?}", names(&dir));
}

#[test]
fn a_booklet_refuses_a_flag_its_input_would_ignore() {
    let dir = TempDir::new("mistakes");
    let (record, booklet, positions) = (record(), booklet(), positions_file());
    let cases: [(&[&str], &[&str]); 14] = [
        // --tsume makes a problem of a record's start; --every … a study of its game.
        (
            &["booklet", &record, "--every", "10", "--tsume"],
            &["--tsume", "--every"],
        ),
        (
            &["booklet", &record, "--bookmarks", "--tsume"],
            &["--tsume", "--bookmarks"],
        ),
        (
            &["booklet", &record, "--comments", "--tsume"],
            &["--tsume", "--comments"],
        ),
        // A booklet file says itself which entries are problems.
        (
            &["booklet", &booklet, "--tsume"],
            &["--tsume", "tsume: true"],
        ),
        // Without --tsume, records and positions make figures: there is no problem to prove.
        (
            &["booklet", &record, "--no-verify"],
            &["--no-verify", "no problem"],
        ),
        (
            &["booklet", &record, "--every", "5", "--strict"],
            &["--strict", "no problem"],
        ),
        (
            &["booklet", &record, "--time", "5"],
            &["--time", "no problem"],
        ),
        (
            &["booklet", &record, "--jobs", "2"],
            &["--jobs", "no problem"],
        ),
        (
            &["booklet", &positions, "--max-nodes", "9"],
            &["--max-nodes", "no problem"],
        ),
        (
            &["booklet", &positions, &record, "--allow-leftover"],
            &["--allow-leftover", "no problem"],
        ),
        // The game-booklet flags need a game record.
        (
            &["booklet", &booklet, "--every", "10"],
            &["--every", "game record"],
        ),
        (
            &["booklet", &booklet, "--comments"],
            &["--comments", "game record"],
        ),
        (
            &["booklet", &positions, "--bookmarks"],
            &["--bookmarks", "game record"],
        ),
        (
            &["booklet", &positions, &record, "--every", "3"],
            &["--every", "one game record"],
        ),
    ];
    for (args, says) in cases {
        assert_refused_in_one_line(&dir, args, says);
    }
}

#[test]
fn a_negative_number_gets_the_flags_range_not_an_unexpected_argument() {
    let dir = TempDir::new("mistakes");
    let record = record();
    let cases: [(&[&str], &[&str]); 15] = [
        (&["kit", "--scale", "-1"], &["--scale", "0.25 to 4"]),
        (&["kit", "--margin", "-3"], &["--margin", "0 to 40"]),
        (&["rules-card", "--margin", "-3"], &["--margin", "0 to 40"]),
        (
            &["tsume", "--time", "-5", "startpos"],
            &["--time", "positive"],
        ),
        (
            &["tsume", "--max-nodes", "-1", "startpos"],
            &["--max-nodes", "at least 1"],
        ),
        (
            &["tsume", "--hash", "-1", "startpos"],
            &["--hash", "1 to 65536"],
        ),
        (
            &["tsume", "--jobs", "-2", "startpos"],
            &["--jobs", "at least 1"],
        ),
        (
            &["diagram", "startpos", "--format", "png", "--px", "-10"],
            &["--px", "16 to 16384"],
        ),
        (
            &["diagram", "startpos", "--format", "png", "--dpi", "-10"],
            &["--dpi", "resolution"],
        ),
        (
            &["diagram", "startpos", "--size", "-7"],
            &["--size", "2 to 60 mm"],
        ),
        (
            &["diagram", &record, "--ply", "-1"],
            &["--ply", "0 or more"],
        ),
        (
            &["diagram", &record, "--move", "-1"],
            &["--ply", "0 or more"],
        ),
        (
            &["booklet", &record, "--every", "-1"],
            &["--every", "at least 1"],
        ),
        (
            &["perft", "--depth", "-1", "startpos"],
            &["--depth", "0 or more"],
        ),
        (
            &["handicap", "rook", "--format", "png", "--px", "-1"],
            &["--px", "16 to 16384"],
        ),
    ];
    for (args, says) in cases {
        let r = run_in(&dir, args);
        assert!(
            !r.stderr.contains("unexpected argument"),
            "{args:?}: {}",
            r.stderr
        );
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        let first = r.stderr.lines().next().unwrap_or_default();
        for word in says {
            assert!(first.contains(word), "{args:?}: {word:?} not in {first}");
        }
        assert!(names(&dir).is_empty(), "{args:?}: {:?}", names(&dir));
    }
}

#[test]
fn a_kit_option_out_of_range_names_its_flag() {
    let dir = TempDir::new("mistakes");
    let cases: [(&[&str], &str); 5] = [
        (&["kit", "--margin", "50"], "error: --margin: 50 mm: expected 0 to 40"),
        (&["kit", "--scale", "9"], "error: --scale: 9: expected 0.25 to 4"),
        (
            &["kit", "--square", "5x40"],
            "error: --square: 5 x 40 mm: each side must be 10 to 100 mm",
        ),
        (
            &["kit", "--paper", "100x100mm", "--margin", "25"],
            "error: --margin: 25 mm on 100 x 100 mm leaves less than 60 mm to print on",
        ),
        (
            &["kit", "--variant", "chu", "--komadai"],
            "error: --komadai: Chu shogi has no drops (captured pieces leave the game), so its kit has no piece stands",
        ),
    ];
    for (args, says) in cases {
        let r = run_in(&dir, args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert_eq!(r.stderr.trim_end(), says, "{args:?}");
        assert!(names(&dir).is_empty(), "{args:?}: {:?}", names(&dir));
    }
}

/// A variant file whose set has more pieces than its start position uses (`pawn: 3` for 2) is
/// read, with one located warning (the kit would print the spare piece); the example variant,
/// whose set is its start, gives none.
#[test]
fn a_variant_set_beyond_its_start_is_warned_of_once() {
    let dir = TempDir::new("spare-set");
    let example = format!("{}/examples/custom", env!("CARGO_MANIFEST_DIR"));
    let pieces = format!("{example}/pieces.yaml");
    let text = std::fs::read_to_string(format!("{example}/variant.yaml")).unwrap();
    let typo = dir.file("variant.yaml", &text.replace("  pawn: 2", "  pawn: 3"));
    let args = ["--pieces", &pieces, "--variant", &typo, "moves", "startpos"];
    let r = run_in(&dir, &args);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let warnings: Vec<&str> = r
        .stderr
        .lines()
        .filter(|l| l.starts_with("warning:"))
        .collect();
    assert_eq!(warnings.len(), 1, "{}", r.stderr);
    assert!(
        warnings[0].contains("variant.yaml:")
            && warnings[0].contains("set.pawn: the set has 3, the start position uses 2"),
        "{}",
        r.stderr
    );
    let plain = format!("{example}/variant.yaml");
    let r = run_in(
        &dir,
        &[
            "--pieces",
            &pieces,
            "--variant",
            &plain,
            "moves",
            "startpos",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stderr.is_empty(), "{}", r.stderr);
}

/// Runs the binary in `dir` with `input` on standard input.
fn run_with_stdin(dir: &TempDir, args: &[&str], input: &str) -> (Output, String) {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_shogiprint"))
        .args(args)
        .current_dir(&dir.0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A command that refuses its arguments may exit before reading: a closed pipe is fine.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().expect("the binary ends");
    let output = Output {
        code: out.status.code().expect("exited, not killed by a signal"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    };
    (output, String::from_utf8_lossy(&out.stdout).to_string())
}

#[test]
fn a_position_file_that_is_a_pipe_or_a_device_is_read_as_a_file() {
    // `<(…)` and `/dev/stdin` name pipes, not regular files: they are read, not taken for an
    // SFEN ("unknown piece letter 'd'").
    let dir = TempDir::new("mistakes");
    let (r, out) = run_with_stdin(&dir, &["moves", "/dev/stdin"], "startpos moves 7g7f\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(out.lines().count(), 30, "{out}");
    let (r, _) = run_with_stdin(
        &dir,
        &["validate", "/dev/stdin"],
        "startpos\n9/9/9/9/9/9/9/9/9 x - 1\n",
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("/dev/stdin:2: "), "{}", r.stderr);
    let (r, _) = run_with_stdin(
        &dir,
        &["diagram", "/dev/stdin", "-o", "d.svg"],
        "startpos\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(names(&dir), ["d.svg"]);
    let (r, _) = run_with_stdin(&dir, &["moves", "/dev/null"], "");
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(r.stderr.trim_end(), "error: /dev/null: holds no position");
}

#[test]
fn a_file_in_another_encoding_than_utf8_is_located_and_named() {
    let dir = TempDir::new("mistakes");
    // 第1図 in Shift_JIS on line 2: the message said only "invalid byte at offset 26".
    let mut sjis = b"position: startpos\ntitle: ".to_vec();
    sjis.extend_from_slice(b"\x91\xe61\x90}\n");
    std::fs::write(dir.0.join("d.yaml"), &sjis).unwrap();
    let r = run_in(&dir, &["diagram", "d.yaml", "-o", "d.svg"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(
        r.stderr.trim_end(),
        "error: d.yaml:2:8: not UTF-8 text (byte 0x91); it reads as Shift_JIS: save the file as UTF-8"
    );
    // A record saved as UTF-16 (Notepad's "Unicode").
    let mut utf16 = vec![0xFF, 0xFE];
    for unit in "手合割：平手\n".encode_utf16() {
        utf16.extend_from_slice(&unit.to_le_bytes());
    }
    std::fs::write(dir.0.join("g.kif"), &utf16).unwrap();
    let r = run_in(&dir, &["game", "g.kif"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("g.kif:1: UTF-16 text: save the file as UTF-8 or Shift_JIS"),
        "{}",
        r.stderr
    );
    assert_eq!(names(&dir), ["d.yaml", "g.kif"]);
}

#[test]
fn a_png_or_pdf_is_not_written_to_a_terminal() {
    let dir = TempDir::new("terminal");
    // What a terminal shows of `shell` run in it: `script` (util-linux) gives the command a
    // terminal for its standard output (and its standard error).
    let in_terminal = |shell: &str| -> Option<String> {
        let out = Command::new("script")
            .args(["-qec", shell, "/dev/null"])
            .current_dir(&dir.0)
            .output()
            .ok()?;
        Some(String::from_utf8_lossy(&out.stdout).into_owned())
    };
    if !in_terminal("echo probe").is_some_and(|seen| seen.contains("probe")) {
        eprintln!("skipped: no terminal to be had through `script` (util-linux)");
        return;
    }
    let bin = env!("CARGO_BIN_EXE_shogiprint");
    for (args, what) in [
        ("diagram startpos --format png -o -", "a PNG"),
        ("diagram startpos --format pdf", "a PDF"),
        ("kit -o -", "a PDF"),
        ("handicap rook --format png", "a PNG"),
        ("rules-card -o -", "a PDF"),
    ] {
        let seen = in_terminal(&format!("{bin} {args}; echo exit=$?")).unwrap();
        assert!(
            seen.contains(&format!(
                "-o -: {what} is not written to a terminal: redirect it (> FILE) or give -o FILE"
            )),
            "{args}: {seen}"
        );
        assert!(seen.contains("exit=2"), "{args}: {seen}");
        assert!(
            !seen.contains("%PDF") && !seen.contains("PNG\r"),
            "{args}: {seen}"
        );
    }
    // An SVG is text: it goes to the terminal.
    let seen = in_terminal(&format!("{bin} diagram startpos; echo exit=$?")).unwrap();
    assert!(seen.contains("<svg") && seen.contains("exit=0"), "{seen}");
}
