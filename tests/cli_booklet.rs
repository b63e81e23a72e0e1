//! `shogiprint booklet` and `shogiprint handicap` end to end: exit codes, messages that name the
//! diagram's number, title and place, and no file written when anything is wrong.

use std::process::Command;

struct Output {
    code: i32,
    stdout: Vec<u8>,
    stderr: String,
}

fn run(args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_shogiprint"))
        .args(args)
        .output()
        .expect("the binary runs");
    Output {
        code: out.status.code().expect("exited, not killed by a signal"),
        stdout: out.stdout,
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

#[path = "support/temp_dir.rs"]
mod temp_dir;
use temp_dir::TempDir;

fn pages(path: &str) -> usize {
    lopdf::Document::load(path)
        .expect("a PDF")
        .get_pages()
        .len()
}

fn example() -> String {
    format!(
        "{}/examples/booklets/beginner.yaml",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn the_example_booklet_makes_a_pdf() {
    let dir = TempDir::new("booklet");
    let out = dir.path("book.pdf");
    let r = run(&["booklet", &example(), "-o", &out]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    // Twelve diagrams, six to a page, then the answers.
    assert_eq!(pages(&out), 3);
    // Nothing else is left in the directory (the temporary file was renamed).
    assert_eq!(std::fs::read_dir(&dir.0).unwrap().count(), 1);
    // The same booklet again gives the same bytes.
    let again = dir.path("again.pdf");
    assert_eq!(run(&["booklet", &example(), "-o", &again]).code, 0);
    assert!(std::fs::read(&out).unwrap() == std::fs::read(&again).unwrap());
}

#[test]
fn an_invalid_position_names_number_title_and_line_and_writes_nothing() {
    let dir = TempDir::new("booklet");
    let book = dir.file(
        "b.yaml",
        "numbering: 第{n}問\ndiagrams:\n  - position: startpos\n  - position: 4k4/9/9/9/9/4P4/9/4P4/4K4 b - 1\n    title: 二歩の図\n",
    );
    let out = dir.path("b.pdf");
    let r = run(&["booklet", &book, "-o", &out]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr.contains(&format!(
            // Neither a tsume nor with an answer: a figure, numbered 第n図.
            "{book}:4:5: diagram 2 (第2図) '二歩の図': invalid position: nifu"
        )),
        "{}",
        r.stderr
    );
    assert!(!std::path::Path::new(&out).exists());
    assert_eq!(
        std::fs::read_dir(&dir.0).unwrap().count(),
        1,
        "no temporary file left"
    );
}

#[test]
fn expected_problems_let_an_illegal_diagram_through() {
    let dir = TempDir::new("booklet");
    let book = dir.file(
        "b.yaml",
        "diagrams:\n  - position: 4k4/9/9/9/9/4P4/9/4P4/4K4 b - 1\n    expect_problems: [nifu]\n",
    );
    let out = dir.path("b.pdf");
    let r = run(&["booklet", &book, "-o", &out]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(pages(&out), 1);
}

#[test]
fn malformed_entries_exit_2_with_their_place() {
    let dir = TempDir::new("booklet");
    let book = dir.file(
        "b.yaml",
        "diagrams:\n  - position: startpos\n    title: Start\n    highlights: [9z]\n",
    );
    let out = dir.path("b.pdf");
    let r = run(&["booklet", &book, "-o", &out]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    // The place first, as for an invalid position: file, line, column, then the diagram.
    assert!(
        r.stderr.starts_with(&format!(
            "error: {book}:4:18: diagram 1 (第1図) 'Start': diagrams[0].highlights[0]: "
        )),
        "{}",
        r.stderr
    );
    assert!(!std::path::Path::new(&out).exists());

    let bad = dir.file("c.yaml", "per_page: 5\ndiagrams:\n  - position: startpos\n");
    let r = run(&["booklet", &bad, "-o", &out]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains(":1:11: per_page: 5 diagrams per page"),
        "{}",
        r.stderr
    );

    let r = run(&["booklet", &dir.path("missing.yaml"), "-o", &out]);
    assert_eq!(r.code, 2);
}

#[test]
fn a_file_of_sfens_is_a_booklet_too() {
    let dir = TempDir::new("booklet");
    let sfens = dir.file("p.sfen", &"4k4/9/4P4/9/9/9/9/9/9 b G 1\n".repeat(7));
    let out = dir.path("p.pdf");
    let r = run(&["booklet", &sfens, "--tsume", "--per-page", "4", "-o", &out]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    // Two pages of problems, then their answers, proven.
    assert_eq!(pages(&out), 3);
    let r = run(&[
        "booklet",
        &sfens,
        "--tsume",
        "--per-page",
        "4",
        "--no-answers",
        "-o",
        &out,
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(pages(&out), 2);
    // Without --tsume the attacker has no king: line 1 is named.
    let r = run(&["booklet", &sfens, "-o", &out]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.contains(&format!(
            "{sfens}:1: diagram 1 (第1図): invalid position: missing-king"
        )),
        "{}",
        r.stderr
    );
}

#[test]
fn handicap_all_is_an_index_and_a_sheet_each() {
    let dir = TempDir::new("booklet");
    let out = dir.path("h.pdf");
    let r = run(&["handicap", "--all", "-o", &out]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(pages(&out), 19); // the index, then one sheet for each of the 18 handicaps
    let two = dir.path("two.svg");
    assert_eq!(run(&["handicap", "two-piece", "-o", &two]).code, 0);
    let svg = std::fs::read_to_string(&two).unwrap();
    assert!(svg.starts_with("<svg") || svg.contains("<svg"));
    // One sheet to stdout as SVG by default.
    let r = run(&["handicap", "香落ち"]);
    assert_eq!(r.code, 0);
    assert!(String::from_utf8_lossy(&r.stdout).contains("<svg"));
}

#[test]
fn handicap_errors() {
    let r = run(&["handicap", "queen"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("'queen': not a handicap of Shogi"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("two-piece (二枚落ち)"));
    let r = run(&["handicap", "--variant", "minishogi", "--all"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("has no handicaps"), "{}", r.stderr);
    let dir = TempDir::new("booklet");
    let r = run(&["handicap", "rook", "lance", "-o", &dir.path("x.png")]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("several handicaps go into one PDF"),
        "{}",
        r.stderr
    );
    // To stdout, several sheets are one PDF without being told (they once asked for a file).
    let r = run(&["handicap", "two-piece", "rook", "-o", "-"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.starts_with(b"%PDF-"));
}

#[test]
fn an_interrupted_booklet_leaves_no_part_file_and_exits_130() {
    // A booklet long enough to be caught while its pages are written (the temporary
    // `.long.pdf.XXXX.part` beside the target), then SIGINT (Ctrl-C) or SIGTERM.
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    let mut yaml = String::from("title: long\ndiagrams:\n");
    for _ in 0..20_000 {
        yaml.push_str(&format!("  - position: {start}\n"));
    }
    for signal in ["-INT", "-TERM"] {
        let dir = TempDir::new("interrupted");
        let input = dir.file("long.yaml", &yaml);
        let out = dir.path("long.pdf");
        let mut child = Command::new(env!("CARGO_BIN_EXE_shogiprint"))
            .args(["booklet", &input, "-o", &out])
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the binary runs");
        let parts = || {
            std::fs::read_dir(&dir.0)
                .unwrap()
                .filter(|e| {
                    let name = e.as_ref().unwrap().file_name();
                    name.to_string_lossy().ends_with(".part")
                })
                .count()
        };
        let waited = std::time::Instant::now();
        while parts() == 0 {
            assert!(
                child.try_wait().unwrap().is_none(),
                "{signal}: the booklet was done before it could be interrupted"
            );
            assert!(waited.elapsed().as_secs() < 120, "{signal}: no .part file");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let kill = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(kill.success());
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(130), "{signal}: {status:?}");
        assert_eq!(parts(), 0, "{signal}: a .part file is left");
        assert!(!std::path::Path::new(&out).exists(), "{signal}");
        assert_eq!(std::fs::read_dir(&dir.0).unwrap().count(), 1, "{signal}");
    }
}

/// The document's title, from its Info dictionary.
fn title(path: &str) -> String {
    let doc = lopdf::Document::load(path).expect("a PDF");
    let info = doc
        .trailer
        .get(b"Info")
        .and_then(|o| o.as_reference())
        .unwrap();
    let title = doc.get_dictionary(info).unwrap().get(b"Title").unwrap();
    match title.as_str().unwrap() {
        [0xfe, 0xff, utf16 @ ..] => String::from_utf16(
            &utf16
                .chunks(2)
                .map(|c| u16::from_be_bytes([c[0], c[1]]))
                .collect::<Vec<_>>(),
        )
        .unwrap(),
        ascii => String::from_utf8(ascii.to_vec()).unwrap(),
    }
}

#[test]
fn title_names_a_game_study_booklet_as_it_does_a_booklet_of_positions() {
    let dir = TempDir::new("booklet");
    let record = format!(
        "{}/tests/data/records/habu-fujii-2006.kif",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = dir.path("study.pdf");
    let r = run(&[
        "booklet",
        &record,
        "--every",
        "60",
        "--title",
        "Game study",
        "-o",
        &out,
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(title(&out), "Game study");
    let out = dir.path("book.pdf");
    let r = run(&["booklet", &example(), "--title", "Beginners", "-o", &out]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(title(&out), "Beginners");
}

#[test]
fn no_answers_is_refused_where_there_are_no_answers_to_leave_out() {
    // A study of a game, or records and positions drawn as figures (no --tsume), has no
    // answers section: --no-answers would change nothing, so it is refused as the other
    // unused flags are (exit 2, one line naming it, no file).
    let dir = TempDir::new("booklet");
    let record = format!(
        "{}/tests/data/records/habu-fujii-2006.kif",
        env!("CARGO_MANIFEST_DIR")
    );
    let positions = dir.file("p.sfen", "startpos\n");
    let out = dir.path("out.pdf");
    for args in [
        vec!["booklet", &record, "--no-answers", "-o", &out],
        vec![
            "booklet",
            &record,
            "--every",
            "50",
            "--no-answers",
            "-o",
            &out,
        ],
        vec!["booklet", &positions, "--no-answers", "-o", &out],
        vec!["booklet", &positions, &record, "--no-answers", "-o", &out],
    ] {
        let r = run(&args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        let message = r.stderr.trim_end();
        assert!(
            message.starts_with("error: --no-answers") && !message.contains('\n'),
            "{args:?}: {message}"
        );
        assert!(message.contains("no answers"), "{args:?}: {message}");
        assert!(!std::path::Path::new(&out).exists(), "{args:?}");
    }
    // Where there are answers (problems), it leaves them out.
    let sfens = dir.file("t.sfen", "4k4/9/4P4/9/9/9/9/9/9 b G 1\n");
    let r = run(&["booklet", &sfens, "--tsume", "--no-answers", "-o", &out]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(pages(&out), 1);
    let r = run(&["booklet", &example(), "--no-answers", "-o", &out]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(pages(&out), 2);
}
