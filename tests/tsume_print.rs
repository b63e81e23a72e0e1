//! Tsume problems in the print path: booklets and diagram files are proven before anything is
//! drawn; answers and captions are written from the proven main line; each kind of unsound
//! problem refuses the booklet (exit 1, the problem named, no file); `verify: false` and
//! `--no-verify` let a draft through; the defender's king is drawn 玉; `tsume` reads diagram
//! files.

use shogiprint::draw::{FontRole, Fonts};
use std::process::Command;

/// 頭金 ("gold on the head"), the textbook mate in one, as in tests/tsume.rs (antma/tsumeshogi-check's
/// suite): ▲5二金まで1手詰.
const ATAMAKIN: &str = "4k4/9/4P4/9/9/9/9/9/9 b G 1";

/// The classic problem of Wikipedia's "Tsume shogi" article (composer unknown): White 王 5一,
/// 銀 4一 and 6一; Black と 5三, 馬 on the fifth rank (2五 here; the position is symmetric, so
/// 8五 is the same problem mirrored), a silver in hand. "The solution is 1. +B-52 2. S41x52
/// 3. S*42 or 1. +B-52 2. S61x52 3. S*62" (https://en.wikipedia.org/wiki/Tsume_shogi).
const WIKI_3: &str = "3sks3/9/4+P4/9/7+B1/9/9/9/9 b S 1";
/// The second published line, as the JSA writes it (the silver on 6一 is on White's right).
const WIKI_3_ANSWER: &str = "▲5二馬　△同銀右　▲6二銀まで3手詰";
/// The first published line: the other defence, as long, so as right.
const WIKI_3_OTHER: &str = "▲5二馬 △同銀左 ▲4二銀まで3手詰";

/// No mate: a lone gold cannot mate a king in the open (tests/tsume.rs, no_mate).
const NO_MATE: &str = "4k4/9/9/9/9/9/9/9/9 b G 1";

/// Mate in one with tolerated alternatives (tests/tsume.rs, futile_interpositions_do_not_count):
/// ▲1二香 mates (the interpositions are futile), and so do seven other lance drops on the file:
/// final-move alternatives, sound by default, defects under `strict`.
const FINAL_MOVE_ALTERNATIVES: &str = "7lk/7p1/7S1/9/9/9/9/9/9 b L 1";

/// 駒余り: "Let's Play Shogi" (ISBN 4-415-04642-8), problem A after R*2a Kx2a, as quoted on
/// shogi-l, 27 May 1991 (http://www.shogi.net/shogi-l/Archive/1991/Nmay27-00.txt): "Sx2b+ is
/// mate, but black has a piece in hand, which is not allowed" — ▲2二銀成まで1手詰, the captured
/// dragon's rook left in hand (tests/data/tsume/published.tsv, lets-play-shogi-a).
const LEFTOVER: &str = "5b1k1/7+r1/6S2/9/4B4/9/9/9/9 b - 1";

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
        stdout: String::from_utf8_lossy(&out.stdout).to_string(),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

#[path = "support/temp_dir.rs"]
mod temp_dir;
use temp_dir::TempDir;

/// The text of each page of a PDF (through its /ToUnicode maps), without whitespace.
fn page_texts(path: &str) -> Vec<String> {
    let doc = lopdf::Document::load(path).expect("a PDF");
    let n = doc.get_pages().len() as u32;
    (1..=n)
        .map(|p| {
            doc.extract_text(&[p])
                .unwrap()
                .split_whitespace()
                .collect::<String>()
        })
        .collect()
}

fn no_space(s: &str) -> String {
    s.split_whitespace().collect()
}

/// A booklet with an answers section; each entry is `(position, extra lines)`.
fn booklet(entries: &[(&str, &str)], top: &str) -> String {
    let mut yaml = format!("title: test\nanswers: true\n{top}diagrams:\n");
    for (position, extra) in entries {
        yaml.push_str(&format!("  - position: {position}\n    tsume: true\n"));
        for line in extra.lines() {
            yaml.push_str(&format!("    {line}\n"));
        }
    }
    yaml
}

#[test]
fn answers_and_captions_are_written_from_the_proven_main_lines() {
    let dir = TempDir::new("tsume-print");
    let book = dir.file(
        "b.yaml",
        &booklet(
            &[
                (ATAMAKIN, "title: 頭金\ncaption: auto"),
                (WIKI_3, "caption: \"{手数}手詰\""),
            ],
            "",
        ),
    );
    let out = dir.path("b.pdf");
    let r = run(&["booklet", &book, "-o", &out]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let texts = page_texts(&out);
    assert_eq!(texts.len(), 2, "one page of diagrams, one of answers");
    assert!(texts[0].contains("1手詰"), "{}", texts[0]);
    assert!(texts[0].contains("3手詰"), "{}", texts[0]);
    assert!(!texts[0].contains("{手数}"), "{}", texts[0]);
    assert!(texts[1].contains("▲5二金まで1手詰"), "{}", texts[1]);
    assert!(texts[1].contains(&no_space(WIKI_3_ANSWER)), "{}", texts[1]);
}

#[test]
fn a_declared_answer_is_compared_as_moves() {
    let dir = TempDir::new("tsume-print");
    // Both published answers pass: the main line, and the other defence of the same length
    // (written with the usual spaces, 竜 for 龍 and prose after まで).
    for answer in [WIKI_3_ANSWER, WIKI_3_OTHER] {
        let book = dir.file(
            "ok.yaml",
            &booklet(
                &[(WIKI_3, &format!("answer: {answer}。銀を取らせて打つ。"))],
                "",
            ),
        );
        let out = dir.path("ok.pdf");
        let r = run(&["booklet", &book, "-o", &out]);
        assert_eq!(r.code, 0, "{answer}: {}", r.stderr);
    }
    // A wrong first move is named as a move, beside the proven one.
    let book = dir.file(
        "wrong.yaml",
        &booklet(
            &[
                (ATAMAKIN, "answer: ▲5二金まで1手詰"),
                (ATAMAKIN, "title: 腹金\nanswer: ▲4二金まで1手詰"),
            ],
            "",
        ),
    );
    let out = dir.path("wrong.pdf");
    let r = run(&["booklet", &book, "-o", &out]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr.contains(&format!(
            "{book}:7:5: diagram 2 (第2問) '腹金': answer: move 1 is ▲4二金 in the answer but ▲5二金 in the proven main line"
        )),
        "{}",
        r.stderr
    );
    assert!(!std::path::Path::new(&out).exists(), "no PDF on failure");
    // A short answer to a longer mate says both lengths.
    let book = dir.file(
        "short.yaml",
        &booklet(&[(WIKI_3, "answer: ▲5二馬まで1手詰")], ""),
    );
    let r = run(&["booklet", &book, "-o", &out]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("answer: the answer has 1 move (▲5二馬) but the proven mate takes 3"),
        "{}",
        r.stderr
    );
}

#[test]
fn each_kind_of_unsound_problem_refuses_the_booklet() {
    let dir = TempDir::new("tsume-print");
    let out = dir.path("b.pdf");
    let cases: [(&str, &[&str], &str); 3] = [
        (NO_MATE, &[], "no mate: "),
        (
            FINAL_MOVE_ALTERNATIVES,
            &["--strict"],
            "alternative solution (余詰): at ply 1 ▲",
        ),
        (
            WIKI_3,
            &["--max-nodes", "10"],
            "unknown: the node limit (10) was reached",
        ),
    ];
    for (position, flags, message) in cases {
        let book = dir.file(
            "b.yaml",
            &booklet(&[(ATAMAKIN, ""), (position, "title: 問題")], ""),
        );
        let mut args = vec!["booklet", book.as_str(), "-o", out.as_str()];
        args.extend_from_slice(flags);
        let r = run(&args);
        assert_eq!(r.code, 1, "{position}: {}", r.stderr);
        assert!(
            r.stderr
                .contains(&format!("{book}:6:5: diagram 2 (第2問) '問題': {message}")),
            "{position}: {}",
            r.stderr
        );
        assert!(!std::path::Path::new(&out).exists(), "{position}: no PDF");
    }
    // Without --strict final-move alternatives are tolerated; `strict: true` in the file is --strict.
    let book = dir.file("b.yaml", &booklet(&[(FINAL_MOVE_ALTERNATIVES, "")], ""));
    assert_eq!(run(&["booklet", &book, "-o", &out]).code, 0);
    let book = dir.file(
        "b.yaml",
        &booklet(&[(FINAL_MOVE_ALTERNATIVES, "")], "strict: true\n"),
    );
    std::fs::remove_file(&out).unwrap();
    assert_eq!(run(&["booklet", &book, "-o", &out]).code, 1);
    assert!(!std::path::Path::new(&out).exists());
    // The limits in the file: `prover: {max_nodes: 10}` is --max-nodes 10.
    let book = dir.file(
        "b.yaml",
        &booklet(&[(WIKI_3, "")], "prover: {max_nodes: 10}\n"),
    );
    let r = run(&["booklet", &book, "-o", &out]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.contains("unknown: the node limit (10)"),
        "{}",
        r.stderr
    );
    // A limit past the proof: the refusal says what was found (a 7-ply problem with 21
    // alternatives from the benchmark's batch, stopped one node before its verification ends).
    let many = "9/9/6k2/3L5/5BN1n/9/9/9/9 b G2S2rb3g2s2n3l18p 1";
    let full = run(&["tsume", "--json", many]);
    let full: serde_json::Value = serde_json::from_str(full.stdout.trim()).unwrap();
    let last = (full["nodes"].as_u64().unwrap() - 1).to_string();
    let book = dir.file("b.yaml", &booklet(&[(many, "")], ""));
    let r = run(&["booklet", &book, "-o", &out, "--max-nodes", &last]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.contains(&format!(
            "the node limit ({last}) was reached after {last} nodes (mate in 7, the search for \
             alternatives not finished)"
        )),
        "{}",
        r.stderr
    );
}

#[test]
fn verify_false_and_no_verify_let_a_draft_through() {
    let dir = TempDir::new("tsume-print");
    let out = dir.path("b.pdf");
    let book = dir.file(
        "b.yaml",
        &booklet(&[(NO_MATE, "verify: false\nanswer: 未完成")], ""),
    );
    let r = run(&["booklet", &book, "-o", &out]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(std::path::Path::new(&out).exists());
    let book = dir.file("c.yaml", &booklet(&[(NO_MATE, "")], ""));
    let r = run(&["booklet", &book, "-o", &out]);
    assert_eq!(r.code, 1);
    let r = run(&["booklet", &book, "-o", &out, "--no-verify"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    // A caption that asks for the length cannot be filled without a proof: bad input.
    let book = dir.file(
        "d.yaml",
        &booklet(&[(ATAMAKIN, "verify: false\ncaption: auto")], ""),
    );
    let r = run(&["booklet", &book, "-o", &out]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr.contains("caption: 'auto' needs a proven tsume"),
        "{}",
        r.stderr
    );
}

/// A booklet's problems are proved at once, one a thread (`--jobs`): the PDF is the same byte
/// for byte, and a refused booklet names its entries in their order, whichever was proved
/// first or could not be read at all.
#[test]
fn a_booklet_proves_its_problems_at_once_with_the_same_result() {
    let dir = TempDir::new("tsume-print");
    let sound = [
        (WIKI_3, ""),
        (ATAMAKIN, ""),
        (FINAL_MOVE_ALTERNATIVES, ""),
        (ATAMAKIN, "title: 二題目"),
    ];
    let book = dir.file("sound.yaml", &booklet(&sound, ""));
    let pdfs: Vec<Vec<u8>> = ["1", "3"]
        .iter()
        .map(|jobs| {
            let out = dir.path(&format!("sound-{jobs}.pdf"));
            let r = run(&["booklet", &book, "-o", &out, "--jobs", jobs]);
            assert_eq!(r.code, 0, "--jobs {jobs}: {}", r.stderr);
            std::fs::read(&out).unwrap()
        })
        .collect();
    assert!(pdfs[0] == pdfs[1], "--jobs 3 wrote another PDF");
    // Entry 3's board has 8 ranks: it is refused as it is read (malformed: exit 2), before 1
    // and 4 are proved.
    let unsound = [
        (NO_MATE, "title: 一"),
        (ATAMAKIN, ""),
        ("4k4/9/9/9/9/9/9/9 b G 1", "title: 三"),
        (NO_MATE, "title: 四"),
    ];
    let book = dir.file("unsound.yaml", &booklet(&unsound, ""));
    let out = dir.path("unsound.pdf");
    let one = run(&["booklet", &book, "-o", &out, "--jobs", "1"]);
    assert_eq!(one.code, 2, "{}", one.stderr);
    let at = |label: &str| {
        one.stderr
            .find(label)
            .unwrap_or_else(|| panic!("{label}: {}", one.stderr))
    };
    assert!(
        at("第1問") < at("第3問") && at("第3問") < at("第4問"),
        "{}",
        one.stderr
    );
    let two = run(&["booklet", &book, "-o", &out, "--jobs", "2"]);
    assert_eq!((two.code, &two.stderr), (one.code, &one.stderr));
    assert!(!std::path::Path::new(&out).exists());
}

#[test]
fn a_diagram_file_is_proven_before_it_is_drawn() {
    let dir = TempDir::new("tsume-print");
    let out = dir.path("d.svg");
    let file = dir.file(
        "d.yaml",
        &format!("position: {NO_MATE}\ntsume: true\ntitle: 詰まない\n"),
    );
    let r = run(&["diagram", &file, "-o", &out]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("no mate"), "{}", r.stderr);
    assert!(!std::path::Path::new(&out).exists());
    assert_eq!(run(&["diagram", &file, "-o", &out, "--no-verify"]).code, 0);
    // A bare position drawn with --tsume is a tsume too.
    assert_eq!(run(&["diagram", NO_MATE, "--tsume"]).code, 1);
    assert_eq!(run(&["diagram", ATAMAKIN, "--tsume"]).code, 0);
}

#[test]
fn tsume_reads_diagram_files_and_checks_their_answers() {
    let r = run(&["tsume", "--json", "examples/diagrams/tsume.yaml"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let j: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(j["status"], "mate");
    assert_eq!(j["length"], 1);
    assert_eq!(j["line"], serde_json::json!(["G*5b"]));
    // Any diagram file is read as a tsume statement; a wrong answer makes it unsound.
    let dir = TempDir::new("tsume-print");
    let file = dir.file(
        "d.yaml",
        &format!("position: {WIKI_3}\nanswer: ▲5二馬 △同銀右 ▲4二銀まで3手詰\n"),
    );
    let r = run(&["tsume", &file]);
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("mate in 3"), "{}", r.stdout);
    assert!(
        r.stdout
            .contains("answer: move 3 is ▲4二銀 in the answer but ▲6二銀 in the proven main line"),
        "{}",
        r.stdout
    );
    // A malformed file is named with its line and column, exit 2.
    let file = dir.file(
        "bad.yaml",
        "position: 4k4/9/4P4/9/9/9/9/9/9 b G\nstyle: fancy\n",
    );
    let r = run(&["tsume", &file]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("bad.yaml:2:8: style"), "{}", r.stderr);
}

/// The `<use>` references to the outline of `ch` in an SVG written with the bundled fonts.
fn uses_of(svg: &str, ch: char) -> usize {
    let fonts = Fonts::bundled();
    let mut n = 0;
    for role in [FontRole::Regular, FontRole::Bold] {
        let face = fonts.face(role);
        let id = face.glyph(ch).unwrap();
        // The SVG writer's glyph ids: the font's fingerprint and the glyph number.
        let href = format!("href=\"#g{:08x}-{id}\"", face.fingerprint());
        n += svg.matches(&href).count();
    }
    n
}

#[test]
fn the_defenders_lone_king_is_drawn_gyoku_in_a_tsume() {
    let r = run(&["diagram", "examples/diagrams/tsume.yaml"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(uses_of(&r.stdout, '玉'), 1, "White's king as 玉");
    assert_eq!(uses_of(&r.stdout, '王'), 0);
    // The same position drawn as a game position keeps 王 for White's king.
    let r = run(&["diagram", "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(uses_of(&r.stdout, '王'), 1);
    assert_eq!(uses_of(&r.stdout, '玉'), 1);
}

/// 駒余り is a flaw by default (problem editors count a main line that ends with pieces in the
/// attacker's hand as unsound): `tsume` reports it and exits 1, a diagram or booklet refuses it;
/// `--allow-leftover`, or `allow_leftover: true` in the file, the entry or the booklet, accepts it.
#[test]
fn pieces_left_in_hand_are_a_defect_unless_allowed() {
    let r = run(&["tsume", "--json", LEFTOVER]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    let j: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(j["status"], "mate");
    assert_eq!(j["line"], serde_json::json!(["3c2b+"]));
    assert_eq!(j["left_in_hand"], 1);
    assert_eq!(j["leftover_defect"], true);
    assert_eq!(j["sound"], false);
    let r = run(&["tsume", LEFTOVER]);
    assert!(
        r.stdout
            .contains("  pieces left in hand: 1 [駒余り] (defect)\n"),
        "{}",
        r.stdout
    );
    let r = run(&["tsume", "--json", "--allow-leftover", LEFTOVER]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    let j: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(j["leftover_defect"], false);
    assert_eq!(j["sound"], true);

    let dir = TempDir::new("tsume-print");
    let out = dir.path("b.pdf");
    let book = dir.file(
        "b.yaml",
        &booklet(&[(ATAMAKIN, ""), (LEFTOVER, "title: 駒余り")], ""),
    );
    let r = run(&["booklet", &book, "-o", &out]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr.contains(&format!(
            "{book}:6:5: diagram 2 (第2問) '駒余り': pieces left in hand (駒余り): the main line ▲2二銀成まで1手詰 ends with 1 piece in the attacker's hand"
        )),
        "{}",
        r.stderr
    );
    assert!(!std::path::Path::new(&out).exists());
    for (entry, top, flags) in [
        ("allow_leftover: true", "", &[][..]),
        ("", "allow_leftover: true\n", &[][..]),
        ("", "", &["--allow-leftover"][..]),
    ] {
        let book = dir.file("b.yaml", &booklet(&[(LEFTOVER, entry)], top));
        let mut args = vec!["booklet", book.as_str(), "-o", out.as_str()];
        args.extend_from_slice(flags);
        let r = run(&args);
        assert_eq!(r.code, 0, "{entry} {top} {flags:?}: {}", r.stderr);
    }
    let file = dir.file("d.yaml", &format!("position: {LEFTOVER}\ntsume: true\n"));
    let r = run(&["diagram", &file, "-o", &dir.path("d.svg")]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr.contains("pieces left in hand (駒余り)"),
        "{}",
        r.stderr
    );
}

/// A diagram file takes the booklet's prover fields for itself: `strict: true` makes tolerated
/// alternatives defects, `prover: {max_nodes, time, hash}` sets its limits (checked, located);
/// the command line's flags win over them; `tsume` reads them from the file too.
#[test]
fn a_diagram_file_sets_its_own_strictness_and_limits() {
    let dir = TempDir::new("tsume-print");
    let out = dir.path("d.svg");
    let plain = dir.file(
        "plain.yaml",
        &format!("position: {FINAL_MOVE_ALTERNATIVES}\ntsume: true\n"),
    );
    assert_eq!(run(&["diagram", &plain, "-o", &out]).code, 0);
    let strict = dir.file(
        "strict.yaml",
        &format!("position: {FINAL_MOVE_ALTERNATIVES}\ntsume: true\nstrict: true\n"),
    );
    let r = run(&["diagram", &strict, "-o", &out]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr.contains("alternative solution (余詰): at ply 1 ▲"),
        "{}",
        r.stderr
    );
    let r = run(&["tsume", "--json", &strict]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    let j: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert!(j["alternatives"]
        .as_array()
        .unwrap()
        .iter()
        .all(|a| a["defect"] == true));
    assert_eq!(run(&["tsume", &plain]).code, 0);

    let limited = dir.file(
        "limited.yaml",
        &format!(
            "position: {WIKI_3}\ntsume: true\nprover: {{max_nodes: 10, time: 30, hash: 16}}\n"
        ),
    );
    let r = run(&["diagram", &limited, "-o", &out]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("unknown: the node limit (10) was reached"),
        "{}",
        r.stderr
    );
    assert_eq!(run(&["tsume", &limited]).code, 1);
    // The flag wins over the file.
    let r = run(&["diagram", &limited, "-o", &out, "--max-nodes", "1000000"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(run(&["tsume", &limited, "--max-nodes", "1000000"]).code, 0);
    // Bad limits are bad input, located.
    let bad = dir.file(
        "bad.yaml",
        &format!("position: {WIKI_3}\ntsume: true\nprover: {{hash: 0}}\n"),
    );
    let r = run(&["diagram", &bad, "-o", &out]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("bad.yaml:3:9: prover: hash 0 MiB: expected 1 to 65536"),
        "{}",
        r.stderr
    );
    // In a booklet an entry's own fields win over the booklet's.
    let book = dir.file(
        "b.yaml",
        &booklet(
            &[(FINAL_MOVE_ALTERNATIVES, "strict: false")],
            "strict: true\n",
        ),
    );
    let pdf = dir.path("b.pdf");
    assert_eq!(run(&["booklet", &book, "-o", &pdf]).code, 0);
    let book = dir.file(
        "b.yaml",
        &booklet(&[(WIKI_3, "prover: {max_nodes: 10}")], ""),
    );
    assert_eq!(run(&["booklet", &book, "-o", &pdf]).code, 1);
}

/// A tsume record (tests/data/tsume/lets-play-shogi-a.kif: the problem's board, the answer as
/// its moves) is drawn at its start, the problem, from the command line and from a diagram
/// file; the sides keep their usual names, the KIF's blank `先手：` naming no one.
#[test]
fn a_tsume_record_is_drawn_at_its_start() {
    const START: &str = "5bk2/7+r1/6S2/9/4B4/9/9/9/9 b R4g3s4n4l18p 1";
    let kif = std::fs::canonicalize("tests/data/tsume/lets-play-shogi-a.kif").unwrap();
    let kif = kif.to_str().unwrap();
    let title = |svg: &str| {
        let at = svg.find("<title>").expect("a title") + "<title>".len();
        svg[at..].split('<').next().unwrap().to_string()
    };
    let r = run(&["diagram", kif, "--tsume"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(title(&r.stdout), format!("Shogi position {START}"));
    assert_eq!(uses_of(&r.stdout, '先'), 1, "先手 labels Black's hand");
    // Without --tsume it is a game that ended in mate, and the message says what to add.
    let r = run(&["diagram", kif]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("missing-king"), "{}", r.stderr);
    assert!(
        r.stderr
            .contains("hint: a tsume record? --tsume draws the problem"),
        "{}",
        r.stderr
    );
    // A kingless side to move, given as an SFEN: the hint names --tsume too.
    let r = run(&["diagram", "4k4/9/4P4/9/9/9/9/9/9 b G 1"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("hint: a tsume's attacker may have no king: --tsume"),
        "{}",
        r.stderr
    );

    let dir = TempDir::new("tsume-record");
    let file = dir.file(
        "d.yaml",
        &format!("position: {{record: {kif}}}\ntsume: true\n"),
    );
    let r = run(&["diagram", &file]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(title(&r.stdout), format!("Shogi position {START}"));
    // As a game, the record ends with the mate: White to move and no Black king.
    let file = dir.file("g.yaml", &format!("position: {kif}\n"));
    let r = run(&["diagram", &file]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("missing-king"), "{}", r.stderr);
}

/// `tsume` on a game record (tests/data/records/habu-fujii-2006.kif, a game from the even
/// start): no mate, and a hint that the record is a game rather than a problem; a tsume record
/// gets no such hint.
#[test]
fn tsume_on_a_game_record_says_it_is_a_game() {
    let r = run(&["tsume", "tests/data/records/habu-fujii-2006.kif"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stdout.contains("no mate"), "{}", r.stdout);
    assert!(r.stdout.contains("hint: a game record"), "{}", r.stdout);
    let r = run(&["tsume", "--json", "tests/data/records/habu-fujii-2006.kif"]);
    assert!(
        r.stdout.contains(r#""hint":"a game record"#),
        "{}",
        r.stdout
    );
    let r = run(&["tsume", "tests/data/tsume/lets-play-shogi-a.kif"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(!r.stdout.contains("hint"), "{}", r.stdout);
}

/// In a booklet, a tsume record's moves are the entry's declared answer: printed in the
/// answers section when right, refusing the booklet (the problem named) when wrong.
#[test]
fn a_tsume_records_moves_are_the_booklet_entrys_answer() {
    let dir = TempDir::new("tsume-record-booklet");
    let kif = std::fs::read_to_string("tests/data/tsume/lets-play-shogi-a.kif").unwrap();
    dir.file("ok.kif", &kif);
    dir.file("wrong.kif", &kif.replace("２一飛打", "３二飛打"));
    let book = |second: &str| {
        format!(
            "title: t\nanswers: true\ndiagrams:\n  - position: {{record: ok.kif}}\n    tsume: true\n  - position: {second}\n    tsume: true\n"
        )
    };
    let pdf = dir.path("b.pdf");
    let r = run(&["booklet", &dir.file("b.yaml", &book("ok.kif")), "-o", &pdf]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let answers = page_texts(&pdf).concat();
    assert_eq!(
        answers.matches("▲2一飛△同龍▲6四角まで3手詰").count(),
        2,
        "{answers}"
    );

    let pdf = dir.path("w.pdf");
    let r = run(&[
        "booklet",
        &dir.file("w.yaml", &book("wrong.kif")),
        "-o",
        &pdf,
    ]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("第2問"), "{}", r.stderr);
    assert!(r.stderr.contains("move 1 is ▲3二飛"), "{}", r.stderr);
    assert!(!std::path::Path::new(&pdf).exists());
}

/// A teacher's folder of tsume files becomes one booklet: records named on the command line
/// (`booklet problems/*.kif --tsume`) or listed one per line in a positions file, each the
/// problem it starts from with its moves as the answer.
#[test]
fn tsume_records_named_on_the_command_line_or_listed_make_one_booklet() {
    let dir = TempDir::new("tsume-record-list");
    let kif = std::fs::read_to_string("tests/data/tsume/lets-play-shogi-a.kif").unwrap();
    let ok = dir.file("ok.kif", &kif);
    let wrong = dir.file("wrong.kif", &kif.replace("２一飛打", "３二飛打"));
    let sjis = std::fs::canonicalize("tests/data/tsume/lets-play-shogi-a.sjis.kif").unwrap();
    let sjis = sjis.to_str().unwrap();

    let pdf = dir.path("cli.pdf");
    let r = run(&["booklet", &ok, sjis, "--tsume", "-o", &pdf]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = page_texts(&pdf).concat();
    assert!(text.contains("第2問"), "{text}");
    assert_eq!(
        text.matches("▲2一飛△同龍▲6四角まで3手詰").count(),
        2,
        "{text}"
    );

    let list = dir.file(
        "list.txt",
        "# problems beside this list\nok.kif\nwrong.kif\n",
    );
    let pdf = dir.path("list.pdf");
    let r = run(&["booklet", &list, "--tsume", "-o", &pdf]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("list.txt:3"), "{}", r.stderr);
    assert!(r.stderr.contains("move 1 is ▲3二飛"), "{}", r.stderr);
    assert!(!std::path::Path::new(&pdf).exists());

    let r = run(&["booklet", &wrong, "--tsume", "-o", &pdf]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("wrong.kif"), "{}", r.stderr);
}

/// A chu shogi problem: a lone gold against a king on the 12×12 board. The prover plays boards
/// of up to 9×9, so every way in refuses it in one line (exit 2) and draws nothing, where it used
/// to panic on its hash keys (exit 101).
const CHU_PROBLEM: &str = "12/12/12/12/12/5k6/12/5G6/12/12/12/12 b - 1";

#[test]
fn a_chu_shogi_tsume_is_refused_in_one_line_not_a_panic() {
    let dir = TempDir::new("tsume-print");
    let svg = dir.path("chu.svg");
    let pdf = dir.path("chu.pdf");
    let file = dir.file(
        "chu.yaml",
        &format!("variant: chu\nposition: {CHU_PROBLEM}\ntsume: true\n"),
    );
    let book = dir.file(
        "book.yaml",
        &format!("variant: chu\ndiagrams:\n  - position: {CHU_PROBLEM}\n    tsume: true\n"),
    );
    for args in [
        vec!["tsume", "--variant", "chu", CHU_PROBLEM],
        vec!["tsume", "--variant", "chu", "startpos"],
        vec!["tsume", &file],
        vec![
            "diagram",
            "--variant",
            "chu",
            "--tsume",
            CHU_PROBLEM,
            "-o",
            &svg,
        ],
        vec!["diagram", &file, "-o", &svg],
        vec!["booklet", &book, "-o", &pdf],
    ] {
        let r = run(&args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(
            r.stderr.contains("boards of up to 9×9"),
            "{args:?}: {}",
            r.stderr
        );
        assert!(!r.stderr.contains("panicked"), "{args:?}: {}", r.stderr);
    }
    assert!(!std::path::Path::new(&svg).exists());
    assert!(!std::path::Path::new(&pdf).exists());
    let r = run(&["tsume", "--json", "--variant", "chu", CHU_PROBLEM]);
    assert_eq!(r.code, 2);
    assert!(r.stdout.contains(r#""status":"malformed""#), "{}", r.stdout);
    // The same problem drawn without proving it is fine: only the prover is 9×9 at most.
    assert_eq!(run(&["diagram", &file, "--no-verify", "-o", &svg]).code, 0);
}
