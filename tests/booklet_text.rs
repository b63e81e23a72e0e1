//! What a teacher writes into a booklet, set and checked as a Japanese book would be: a katakana
//! word (ポイント, ヨコフドリ) is not split across lines when the line can hold it whole, nor a
//! length (5手詰); answers written from a proof or a record end with 。 as declared ones do; the
//! length an answer states and moves written without ▲△ are checked against the proof; a
//! booklet's `style:` is every entry's; and every example booklet builds.

use shogiprint::draw::linebreak::{may_not_end_line, may_not_start_line};
use shogiprint::draw::{FontRole, Fonts, TextStyle};

fn style(size: f64) -> TextStyle {
    TextStyle::new(FontRole::Regular, size)
}

fn katakana(c: char) -> bool {
    matches!(c, '\u{30a1}'..='\u{30fa}' | '\u{30fc}'..='\u{30fe}')
}

/// The katakana word of `text` (as characters) that spans the place between `at - 1` and `at`,
/// with what may not be parted from it (`ポイント。`, `「ポイント`).
fn word_around(chars: &[char], at: usize) -> String {
    let mut a = at;
    while a > 0 && katakana(chars[a - 1]) {
        a -= 1;
    }
    while a > 0 && may_not_end_line(chars[a - 1]) {
        a -= 1;
    }
    let mut b = at;
    while b < chars.len() && katakana(chars[b]) {
        b += 1;
    }
    while b < chars.len() && may_not_start_line(chars[b]) {
        b += 1;
    }
    chars[a..b].iter().collect()
}

#[test]
fn a_katakana_word_is_kept_whole_when_the_line_can_hold_it() {
    // Comments of a teaching booklet: at 4 to an A4 page they were set `…のがポイ｜ント。` and
    // `…相掛かりやヨ｜コフドリといった…`.
    let fonts = Fonts::bundled();
    let s = style(3.0);
    let texts = [
        "先手はこれから玉をカコイの中へ移動させます。矢印の順番で▲7八玉、▲6九玉ではなく、まず▲7八玉と上がるのがポイント。急戦か持久戦か、プランを決めるのはここからです。",
        "飛車先の歩を交換したところ。このあと△8六歩▲同歩△同飛と後手も交換すれば、相掛かりやヨコフドリといったオープンな戦いになります。",
        "後手は角道を止めてから飛車を振ります。このあとは▲4八銀から舟囲いを目指すのがスタンダードな指し方です。",
    ];
    let mut split_words = 0;
    for text in texts {
        for half_mm in 24..=160 {
            let width = half_mm as f64 / 2.0;
            for lines in [
                fonts.wrap(s, text, width).unwrap(),
                fonts.wrap_balanced(s, text, width).unwrap(),
            ] {
                let chars: Vec<char> = text.chars().collect();
                let mut at = 0;
                for line in &lines[..lines.len() - 1] {
                    at += line.chars().count();
                    if at > 0 && katakana(chars[at - 1]) && katakana(chars[at]) {
                        // Split inside a word: only when the word alone is wider than a line.
                        let word = word_around(&chars, at);
                        assert!(
                            fonts.width(s, &word).unwrap() > width,
                            "{width} mm: {word} split in {lines:?}"
                        );
                        split_words += 1;
                    }
                }
                assert_eq!(lines.concat(), text);
            }
        }
    }
    // At the narrowest measures a word does not fit and is split: the rule is a preference.
    assert!(split_words > 0);
}

#[path = "support/temp_dir.rs"]
mod temp_dir;

/// The text of a PDF's last page (through its /ToUnicode maps), without whitespace.
fn last_page_text(path: &str) -> String {
    let doc = lopdf::Document::load(path).expect("a PDF");
    let n = doc.get_pages().len() as u32;
    doc.extract_text(&[n]).unwrap().split_whitespace().collect()
}

#[test]
fn answers_written_from_the_proof_or_a_record_close_with_a_full_stop_as_declared_ones_do() {
    // A teacher's booklet mixes answers written out (`▲5二金まで1手詰。`, as the README's
    // example declares it) with answers left to the proof and a tsume record's moves; the
    // answers page printed the first with 。 and the others without.
    let dir = temp_dir::TempDir::new("booklet-answer-stop");
    let record = std::fs::canonicalize("tests/data/tsume/lets-play-shogi-a.kif").unwrap();
    let yaml = format!(
        "title: t\ndiagrams:\n\
         \x20 - position: 4k4/9/4P4/9/9/9/9/9/9 b G 1\n    tsume: true\n    answer: ▲5二金まで1手詰。\n\
         \x20 - position: 3sks3/9/4+P4/9/7+B1/9/9/9/9 b S 1\n    tsume: true\n\
         \x20 - position: {{record: {}}}\n    tsume: true\n\
         \x20 - position: 6+B1l/5s2k/9/8+b/9/9/9/9/9 b RG 1\n    tsume: true\n    style: western\n",
        record.display()
    );
    let book = dir.file("b.yaml", &yaml);
    let pdf = dir.path("b.pdf");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_shogiprint"))
        .args(["booklet", &book, "-o", &pdf])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answers = last_page_text(&pdf);
    assert!(answers.contains("▲5二金まで1手詰。"), "{answers}");
    assert!(
        answers.contains("▲5二馬△同銀右▲6二銀まで3手詰。"),
        "{answers}"
    );
    assert!(
        answers.contains("▲2一飛△同龍▲6四角まで3手詰。"),
        "{answers}"
    );
    assert!(!answers.contains("。。"), "{answers}");
    // The western answer is a line of moves and its length, not a Japanese sentence.
    assert!(answers.contains("R*3b"), "{answers}");
    assert!(answers.contains("(matein3)"), "{answers}");
    assert!(!answers.contains("(matein3)。"), "{answers}");
}

#[test]
fn a_problems_length_is_never_split_between_its_ply_count_and_mate() {
    // On an A5 answers page, `▲4二銀　△2二玉　▲3一銀打　△1二玉　▲2二金まで5手詰。` was set
    // `…▲2二金まで5手` / `詰。`: the length is one word, as `50手目` is.
    let fonts = Fonts::bundled();
    let s = style(3.6);
    let texts = [
        "▲4二銀　△2二玉　▲3一銀打　△1二玉　▲2二金まで5手詰。",
        "▲5五金　△6三玉　▲6四金打　△7二玉　▲7三金打　△8一玉　▲8二金打まで13手詰め。",
        "初手からの指し手、50手目の局面が第1図。",
    ];
    for text in texts {
        // From a measure that holds the word with its 。 (`13手詰め。`, 18 mm).
        for half_mm in 40..=200 {
            let width = half_mm as f64 / 2.0;
            let lines = fonts.wrap(s, text, width).unwrap();
            for pair in lines.windows(2) {
                let split = (pair[0].ends_with('手')
                    && (pair[1].starts_with('詰') || pair[1].starts_with('目')))
                    || (pair[0].ends_with("手詰") && pair[1].starts_with('め'));
                assert!(!split, "{width} mm: {lines:?}");
            }
        }
    }
}

/// Builds a one-problem booklet (頭金, mate in 1) with `answer` declared; returns the exit code,
/// stderr and whether the PDF was written.
fn booklet_with_answer(answer: &str, style: &str) -> (i32, String, bool) {
    let dir = temp_dir::TempDir::new("booklet-stated-length");
    let yaml = format!(
        "title: t\ndiagrams:\n  - position: 4k4/9/4P4/9/9/9/9/9/9 b G 1\n    tsume: true\n    style: {style}\n    answer: \"{answer}\"\n"
    );
    let book = dir.file("b.yaml", &yaml);
    let pdf = dir.path("b.pdf");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_shogiprint"))
        .args(["booklet", &book, "-o", &pdf])
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stderr).to_string(),
        std::path::Path::new(&pdf).exists(),
    )
}

#[test]
fn an_answer_that_states_the_wrong_length_is_refused() {
    // `▲5二金まで3手詰` for a mate in 1 was printed as it stood: the moves were checked, the
    // length the answer states was not.
    for (answer, style) in [
        ("▲5二金まで3手詰", "traditional"),
        ("▲5二金まで３手詰め。玉の頭に金。", "traditional"),
        ("▲5二金まで三手詰", "traditional"),
        ("G*5b (mate in 3)", "western"),
    ] {
        let (code, stderr, written) = booklet_with_answer(answer, style);
        assert_eq!(code, 1, "{answer}: {stderr}");
        assert!(!written, "{answer}");
        assert!(stderr.contains("says 3 plies"), "{answer}: {stderr}");
        assert!(stderr.contains("第1問"), "{answer}: {stderr}");
    }
    for (answer, style) in [
        ("▲5二金まで1手詰。", "traditional"),
        ("▲5二金まで１手詰め", "traditional"),
        ("▲5二金まで一手詰", "traditional"),
        ("▲5二金。3手前の局面から", "traditional"),
        ("G*5b (mate in 1)", "western"),
        ("G*5b", "western"),
    ] {
        let (code, stderr, written) = booklet_with_answer(answer, style);
        assert_eq!(code, 0, "{answer}: {stderr}");
        assert!(written, "{answer}");
    }
}

/// Builds the booklet `yaml` (with `extra` files beside it); returns the exit code, stderr and
/// the text of every page.
fn build(yaml: &str, extra: &[(&str, &str)]) -> (i32, String, String) {
    let dir = temp_dir::TempDir::new("booklet-style");
    for (name, text) in extra {
        dir.file(name, text);
    }
    let book = dir.file("b.yaml", yaml);
    let pdf = dir.path("b.pdf");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_shogiprint"))
        .args(["booklet", &book, "-o", &pdf])
        .output()
        .unwrap();
    let text = match lopdf::Document::load(&pdf) {
        Ok(doc) => {
            let n = doc.get_pages().len() as u32;
            (1..=n)
                .map(|p| doc.extract_text(&[p]).unwrap())
                .collect::<String>()
                .split_whitespace()
                .collect()
        }
        Err(e) => format!("(no PDF: {e})"),
    };
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stderr).to_string(),
        text,
    )
}

#[test]
fn a_booklets_style_is_every_entrys_unless_the_entry_gives_its_own() {
    // A western handout wrote `style: western` on every entry: the booklet refused the key.
    let yaml = "title: t\nnumbering: problem\nstyle: western\npositions_file: more.sfen\ntsume: true\ndiagrams:\n\
                \x20 - position: 4k4/9/4P4/9/9/9/9/9/9 b G 1\n    tsume: true\n    caption: auto\n\
                \x20 - position: 4k4/9/4P4/9/9/9/9/9/9 b G 1\n    tsume: true\n    caption: auto\n    style: traditional\n";
    let (code, stderr, text) = build(yaml, &[("more.sfen", "3k5/9/3S5/9/9/9/9/9/9 b S 1\n")]);
    assert_eq!(code, 0, "{stderr}");
    // The first entry and the positions file's line are western: captions and answers in
    // English, coordinates in letters; the second keeps its own traditional style.
    assert_eq!(text.matches("Matein1").count(), 2, "{text}");
    assert_eq!(text.matches("(matein1)").count(), 2, "{text}");
    assert!(text.contains("1手詰"), "{text}");
    assert!(text.contains("▲5二金まで1手詰"), "{text}");
    assert!(text.contains("Whiteinhand"), "{text}");

    let (code, stderr, _) = build(
        "title: t\nstyle: picture\ndiagrams:\n  - position: startpos\n",
        &[],
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("b.yaml:2:"), "{stderr}");
    assert!(stderr.contains("unknown style 'picture'"), "{stderr}");
}

#[test]
fn every_example_booklet_builds() {
    // examples/booklets/: the club handout and the tsume drill (12 problems, sources in its
    // header), each proven and drawn.
    let dir = temp_dir::TempDir::new("booklet-examples");
    let examples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/booklets");
    let mut built = 0;
    for entry in std::fs::read_dir(examples).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "yaml") {
            continue;
        }
        let pdf = dir.path(&format!("{built}.pdf"));
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_shogiprint"))
            .args(["booklet", path.to_str().unwrap(), "-o", &pdf])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{}: {stderr}", path.display());
        assert!(std::path::Path::new(&pdf).exists(), "{}", path.display());
        built += 1;
    }
    assert!(built >= 2, "{built}");
}

#[test]
fn a_japanese_answer_written_without_its_marks_is_checked_too() {
    // `４二金まで１手詰` (no ▲) was taken for prose and printed as it stood, wrong move and all.
    let (code, stderr, written) = booklet_with_answer("４二金まで１手詰", "traditional");
    assert_eq!(code, 1, "{stderr}");
    assert!(!written);
    assert!(stderr.contains("answer"), "{stderr}");
    for answer in ["５二金まで１手詰", "5二金打まで1手詰。", "５二金"] {
        let (code, stderr, written) = booklet_with_answer(answer, "traditional");
        assert_eq!(code, 0, "{answer}: {stderr}");
        assert!(written, "{answer}");
    }
    // Prose is still printed as written.
    let (code, stderr, _) = booklet_with_answer("金を玉の頭に打つ。", "traditional");
    assert_eq!(code, 0, "{stderr}");
}
