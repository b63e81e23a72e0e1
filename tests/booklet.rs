//! Booklets and handicap sheets, measured in their output: page counts, diagrams per page and
//! their numbering read back from the PDF text, every mark inside the margin, one board size
//! throughout; and the example booklet's problems solved again with the move generator.

#[path = "support/pdf_scan.rs"]
mod pdf_scan;
use pdf_scan::{scan, P};

use lopdf::Document;
use shogiprint::booklet::{self, Book, BookOptions, EntryError, PageLayout};
use shogiprint::draw::{Drawing, Fonts, Item, Rect};
use shogiprint::formats::notation;
use shogiprint::formats::sfen;
use shogiprint::handicap;
use shogiprint::render::{PdfStream, PdfWriter};
use shogiprint::rules::{validate, Variant};
use std::sync::Arc;

fn standard() -> Arc<Variant> {
    Variant::builtin("standard").unwrap()
}

fn no_variant(name: &str) -> Result<Arc<Variant>, shogiprint::Error> {
    Err(shogiprint::Error::Io(format!("no variant {name} in tests")))
}

fn example_path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/booklets/beginner.yaml")
}

/// The booklet's pages as drawings and as a PDF.
fn render(book: &Book) -> (Vec<Drawing>, Vec<u8>) {
    let fonts = Fonts::bundled();
    let variant = standard();
    let plan = booklet::prepare(book, &variant, &no_variant, &fonts).unwrap_or_else(|f| {
        panic!(
            "{:?}",
            f.iter().map(|f| f.error.to_string()).collect::<Vec<_>>()
        )
    });
    let mut pages = Vec::new();
    let mut writer = PdfWriter::new(&fonts, "test");
    booklet::render(
        book,
        &plan,
        &variant,
        &no_variant,
        &fonts,
        &mut |d| {
            writer.add_page(d);
            pages.push(d.clone());
            Ok(())
        },
        &mut |_, _| {},
    )
    .unwrap();
    (pages, writer.finish())
}

/// The text of each page of a PDF, through its /ToUnicode maps.
fn page_texts(pdf: &[u8]) -> Vec<String> {
    let doc = Document::load_mem(pdf).unwrap();
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

/// A booklet of `n` tsume positions, `per_page` to a page, each with an answer.
fn book_of(n: usize, per_page: usize, extra: &str) -> Book {
    let mut yaml =
        format!("title: テスト\nper_page: {per_page}\nanswers: true\n{extra}diagrams:\n");
    for i in 0..n {
        yaml.push_str(&format!(
            "  - position: 4k4/9/4P4/9/9/9/9/9/9 b G 1\n    tsume: true\n    caption: 1手詰\n    answer: ▲5二金まで{i}\n"
        ));
    }
    Book::from_yaml(&yaml, "test.yaml", &|_| Err("no files".into())).unwrap()
}

/// The numbers of the `第N問` labels on a page, in reading order.
fn labels(text: &str) -> Vec<usize> {
    text.split('第')
        .skip(1)
        .filter_map(|s| s.split_once('問').and_then(|(n, _)| n.parse().ok()))
        .collect()
}

#[test]
fn page_count_diagrams_per_page_and_numbering_order() {
    for (per_page, n) in [(1, 3), (2, 5), (4, 13), (6, 13)] {
        let (_, pdf) = render(&book_of(n, per_page, ""));
        let texts = page_texts(&pdf);
        let diagram_pages = n.div_ceil(per_page);
        // The diagram pages, then one page of answers.
        assert_eq!(texts.len(), diagram_pages + 1, "{per_page} per page");
        let mut seen = Vec::new();
        for (p, text) in texts[..diagram_pages].iter().enumerate() {
            let l = labels(text);
            let want = per_page.min(n - p * per_page);
            assert_eq!(l.len(), want, "page {} of {per_page}-up: {text}", p + 1);
            seen.extend(l);
        }
        assert_eq!(seen, (1..=n).collect::<Vec<_>>(), "{per_page} per page");
        // The answers page lists every problem in order.
        assert_eq!(labels(&texts[diagram_pages]), (1..=n).collect::<Vec<_>>());
        assert!(
            texts[diagram_pages].starts_with("解答") && texts[diagram_pages].contains("テスト"),
            "{}",
            texts[diagram_pages]
        );
        // Page numbers at the foot, in order.
        for (p, text) in texts.iter().enumerate() {
            assert!(
                text.contains(&format!("-{}-", p + 1)),
                "page {}: {text}",
                p + 1
            );
        }
    }
}

/// The extent of everything drawn on a page: shapes (with half their stroke) and glyph ink.
fn ink_bounds(page: &Drawing, fonts: &Fonts) -> Rect {
    let mut out: Option<Rect> = None;
    let mut add = |r: Rect| out = Some(out.map_or(r, |o| o.union(&r)));
    for item in &page.items {
        match item {
            Item::Shape(s) => {
                if let Some(b) = s.path.bounds() {
                    let half = s.stroke.as_ref().map_or(0.0, |st| st.width / 2.0);
                    add(Rect::new(
                        b.x - half,
                        b.y - half,
                        b.w + 2.0 * half,
                        b.h + 2.0 * half,
                    ));
                }
            }
            Item::Text { glyphs, .. } => {
                for g in glyphs {
                    if let Some(r) = fonts.ink_rect(g) {
                        add(r);
                    }
                }
            }
        }
    }
    out.unwrap()
}

#[test]
fn nothing_is_drawn_in_the_margin() {
    let fonts = Fonts::bundled();
    for per_page in [1, 2, 4, 6] {
        for paper in ["a4", "letter", "a5"] {
            let extra = format!("paper: {paper}\nmargin: 12\nfooter: 将棋教室\n");
            let book = book_of(7, per_page, &extra);
            let (pages, pdf) = render(&book);
            let p = book.options.paper;
            let inner = Rect::new(12.0, 12.0, p.width - 24.0, p.height - 24.0);
            for (n, page) in pages.iter().enumerate() {
                let b = ink_bounds(page, &fonts);
                assert!(
                    inner.contains(&b, 1e-6),
                    "{paper} {per_page}-up page {}: ink {b:?} outside {inner:?}",
                    n + 1
                );
            }
            // And in the PDF itself: every path point and glyph origin is inside the margin.
            for page in scan(&pdf) {
                let points = page
                    .paths
                    .iter()
                    .flat_map(|path| path.subpaths.iter().flatten().chain(&path.controls))
                    .copied()
                    .chain(page.glyphs.iter().map(|g| g.at));
                for P { x, y } in points {
                    assert!(
                        x >= 12.0 - 1e-3 && x <= p.width - 12.0 + 1e-3,
                        "{paper} {per_page}-up: x {x} in the margin"
                    );
                    assert!(
                        y >= 12.0 - 1e-3 && y <= p.height - 12.0 + 1e-3,
                        "{paper} {per_page}-up: y {y} in the margin"
                    );
                }
            }
        }
    }
}

/// The board frames: the thickest square strokes, each board's outline.
fn board_frames(page: &Drawing) -> Vec<Rect> {
    let max = page
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Shape(s) => s.stroke.as_ref().map(|st| st.width),
            _ => None,
        })
        .fold(0.0, f64::max);
    page.items
        .iter()
        .filter_map(|i| match i {
            Item::Shape(s) if s.stroke.as_ref().is_some_and(|st| st.width == max) => {
                s.path.bounds()
            }
            _ => None,
        })
        .collect()
}

#[test]
fn boards_are_one_size_on_a_grid() {
    let book = Book::from_yaml(
        &std::fs::read_to_string(example_path()).unwrap(),
        "beginner.yaml",
        &|_| Err("none".into()),
    )
    .unwrap();
    let (pages, _) = render(&book);
    let mut sizes = Vec::new();
    for page in &pages[..2] {
        let frames = board_frames(page);
        assert_eq!(frames.len(), 6, "six boards a page");
        // Two columns, three rows: the boards of a row share their top, of a column their left.
        for row in frames.chunks(2) {
            assert!((row[0].y - row[1].y).abs() < 1e-6, "{row:?}");
            assert!(row[1].x > row[0].x + row[0].w);
        }
        for col in 0..2 {
            let xs: Vec<f64> = frames.iter().skip(col).step_by(2).map(|r| r.x).collect();
            assert!(xs.iter().all(|x| (x - xs[0]).abs() < 1e-6), "{xs:?}");
        }
        sizes.extend(frames.iter().map(|r| (r.w, r.h)));
    }
    assert!(sizes
        .iter()
        .all(|s| (s.0 - sizes[0].0).abs() < 1e-9 && (s.1 - sizes[0].1).abs() < 1e-9));
}

#[test]
fn the_example_booklet_has_twelve_diagrams_and_real_answers() {
    let text = std::fs::read_to_string(example_path()).unwrap();
    let book = Book::from_yaml(&text, "beginner.yaml", &|_| Err("none".into())).unwrap();
    assert!(book.entries.len() >= 12);
    let variant = standard();
    // Each `# usi: MOVE` comment is the answer of the position on the next line.
    let lines: Vec<&str> = text.lines().collect();
    let mut checked = 0;
    for (i, l) in lines.iter().enumerate() {
        let Some(answer) = l.trim().strip_prefix("# usi: ") else {
            continue;
        };
        let sfen_text = lines[i + 1].trim().strip_prefix("- position: ").unwrap();
        let pos = sfen::position(sfen_text, &variant, validate::Options { tsume: true })
            .unwrap_or_else(|e| panic!("{sfen_text}: {e}"));
        assert!(
            !pos.is_check(),
            "{sfen_text}: the defender must not start in check"
        );
        let mv = notation::usi::parse_move(&variant, answer).unwrap();
        assert!(pos.is_legal(mv), "{sfen_text}: {answer} is not legal");
        let mates: Vec<String> = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| {
                let mut p = pos.clone();
                p.play_unchecked(m);
                p.is_checkmate()
            })
            .map(|m| notation::usi::write_move(&variant, m))
            .collect();
        assert_eq!(mates, [answer], "{sfen_text}: the mating moves");
        checked += 1;
    }
    assert_eq!(checked, 8);
    // The whole booklet validates (the nifu entry declares its problem) and lays out.
    let (pages, pdf) = render(&book);
    assert_eq!(pages.len(), 3);
    let texts = page_texts(&pdf);
    assert!(texts[2].contains("▲5二金まで1手詰"), "{}", texts[2]);
    // Problems and figures are numbered apart, as books number them: the eight tsume 第1問 …
    // 第8問, the four teaching positions 第1図 … 第4図.
    let all = texts[..2].concat();
    let problems: Vec<usize> = labels(&all);
    assert_eq!(problems, (1..=8).collect::<Vec<_>>());
    let figures: Vec<usize> = all
        .split('第')
        .skip(1)
        .filter_map(|s| s.split_once('図').and_then(|(n, _)| n.parse().ok()))
        .collect();
    assert_eq!(figures, [1, 2, 3, 4]);
}

/// The em size of each glyph of `ch` on the page, mm.
fn sizes_of(page: &Drawing, fonts: &Fonts, ch: char) -> Vec<f64> {
    let upm = fonts
        .face(shogiprint::draw::FontRole::Regular)
        .units_per_em();
    page.items
        .iter()
        .filter_map(|i| match i {
            Item::Text { glyphs, .. } => Some(glyphs),
            _ => None,
        })
        .flatten()
        .filter(|g| g.ch == ch)
        .map(|g| (g.transform.0[0] * upm * 1000.0).round() / 1000.0)
        .collect()
}

#[test]
fn type_runs_in_book_order_and_grows_with_the_cell() {
    // Heading 第1問 (its 問), caption 1手詰 (its 詰), comment ending in 。: heading ≥ caption ≥
    // comment on every grid, and each at least as large on 1 per page as on 6.
    let fonts = Fonts::bundled();
    let text = std::fs::read_to_string(example_path()).unwrap();
    for paper in ["a4", "letter"] {
        let mut last: Option<(f64, f64, f64)> = None;
        for per_page in [6, 4, 2, 1] {
            let yaml = text
                .replace("per_page: 6", &format!("per_page: {per_page}"))
                .replace("paper: a4", &format!("paper: {paper}"));
            let book = Book::from_yaml(&yaml, "b.yaml", &|_| Err("none".into())).unwrap();
            let (pages, _) = render(&book);
            let heading = sizes_of(&pages[0], &fonts, '問')[0];
            let caption = sizes_of(&pages[0], &fonts, '詰')[0];
            let comment = sizes_of(&pages[0], &fonts, '。')[0];
            assert!(
                heading >= caption && caption >= comment,
                "{paper} {per_page}-up: {heading} {caption} {comment}"
            );
            if let Some((h, c, m)) = last {
                assert!(
                    heading >= h && caption >= c && comment >= m,
                    "{paper} {per_page}-up"
                );
            }
            last = Some((heading, caption, comment));
            // The page is used: the blank under the last cell's text is under a fifth of the body.
            let ink = ink_bounds(&pages[0], &fonts);
            let body = PageLayout::new(&book.options).body;
            assert!(
                body.bottom() - ink.bottom() < 0.2 * body.h || per_page > 1,
                "{paper} {per_page}-up: ink ends at {}, body at {}",
                ink.bottom(),
                body.bottom()
            );
        }
    }
}

#[test]
fn the_last_move_is_shaded_only_when_asked_or_for_beginners() {
    // The last move's tints: grey in traditional diagrams, green in the beginner styles.
    let tints = [
        shogiprint::draw::Color(0xdd, 0xdd, 0xdd),
        shogiprint::draw::Color(0xc9, 0xd9, 0x8f),
    ];
    let shaded = |extra: &str| {
        let yaml = format!("per_page: 1\ndiagrams:\n  - position: startpos moves 7g7f\n{extra}");
        let book = Book::from_yaml(&yaml, "b.yaml", &|_| Err("none".into())).unwrap();
        let (pages, _) = render(&book);
        pages[0]
            .items
            .iter()
            .filter(|i| matches!(i, Item::Shape(s) if s.fill.is_some_and(|f| tints.contains(&f))))
            .count()
    };
    assert_eq!(shaded(""), 0, "traditional: the caption says the move");
    assert_eq!(shaded("    last_move_shading: true\n"), 2, "7g and 7f");
    assert_eq!(shaded("    style: arrows\n"), 2, "beginner styles shade it");
}

#[test]
fn an_invalid_entry_is_reported_with_number_title_and_place() {
    let yaml = "numbering: problem\ndiagrams:\n  - position: startpos\n  - position: 4k4/9/9/9/9/4P4/9/4P4/4K4 b - 1\n    title: Two pawns\n  - position: startpos\n    highlights: [0z]\n";
    let book = Book::from_yaml(yaml, "b.yaml", &|_| Err("none".into())).unwrap();
    let fonts = Fonts::bundled();
    let failures = booklet::prepare(&book, &standard(), &no_variant, &fonts).unwrap_err();
    assert_eq!(failures.len(), 2);
    assert_eq!(failures[0].place, "b.yaml:4:5");
    // Neither a tsume nor with an answer: an explanatory figure, numbered as one.
    assert_eq!(failures[0].label, "diagram 2 (Figure 2) 'Two pawns'");
    assert!(matches!(
        failures[0].error,
        EntryError::Read(shogiprint::Error::Invalid(_))
    ));
    assert!(failures[0].error.to_string().contains("nifu"));
    assert!(!matches!(
        failures[1].error,
        EntryError::Read(shogiprint::Error::Invalid(_))
    ));
    let message = failures[1].error.to_string();
    assert!(
        message.starts_with("b.yaml:7:18: diagrams[2].highlights[0]:"),
        "{message}"
    );
}

#[test]
fn positions_file_entries_follow_the_yaml_ones() {
    let yaml =
        "positions_file: more.sfen\ntsume: true\nper_page: 2\ndiagrams:\n  - position: startpos\n";
    // Two mates in one (the second from antma/tsumeshogi-check's tests, see tests/tsume.rs): a
    // positions file of tsume problems is proven before it is drawn.
    let more = "# two problems\n4k4/9/4P4/9/9/9/9/9/9 b G 1\n\n3k5/9/3S5/9/9/9/9/9/9 b S 1\n";
    let book = Book::from_yaml(yaml, "b.yaml", &|p| {
        assert_eq!(p, "more.sfen");
        Ok(more.to_string())
    })
    .unwrap();
    assert_eq!(book.entries.len(), 3);
    assert_eq!(book.place(1), "more.sfen:2");
    assert_eq!(book.place(2), "more.sfen:4");
    // Two pages of diagrams, then the answers: written from the proofs, as nothing the
    // booklet knows is left out unless it says `answers: false`.
    let (pages, pdf) = render(&book);
    assert_eq!(pages.len(), 3);
    let texts = page_texts(&pdf);
    assert!(texts[2].starts_with("解答"), "{}", texts[2]);
    assert!(texts[2].contains("▲5二金まで1手詰"), "{}", texts[2]);
    // Each problem of the positions file is captioned with its length, as `caption: auto`.
    assert!(
        texts[0].contains("1手詰") && texts[1].contains("1手詰"),
        "{texts:?}"
    );
    // A positions file alone, with the default layout (6 per page).
    let alone = Book::from_positions(
        &more.repeat(4),
        "more.sfen",
        BookOptions {
            tsume: true,
            ..BookOptions::default()
        },
    );
    assert_eq!(alone.entries.len(), 8);
    assert_eq!(render(&alone).0.len(), 3);
    // A quiz sheet: the answers left out.
    let mut quiz = alone.clone();
    quiz.options.answers = Some(false);
    assert_eq!(render(&quiz).0.len(), 2);
}

/// What a booklet file gives is printed somewhere: an `answer:` in the answers section even
/// when the file does not ask for one, a comment placed at the end there too; `answers: false`
/// leaves the answers out but not those comments. (Both were once dropped without a word.)
#[test]
fn answers_and_end_comments_are_never_dropped() {
    let book = |extra: &str, entry: &str| {
        let yaml = format!("title: t\n{extra}diagrams:\n{entry}");
        Book::from_yaml(&yaml, "t.yaml", &|_| Err("no files".into())).unwrap()
    };
    let answered =
        "  - position: 4k4/9/4P4/9/9/9/9/9/9 b G 1\n    tsume: true\n    answer: ▲5二金まで1手詰\n";
    let commented = "  - position: startpos\n    comment: 大事な説明\n";
    let text = |b: &Book| page_texts(&render(b).1).concat();
    let t = text(&book("", answered));
    assert!(t.contains("解答") && t.contains("▲5二金まで1手詰"), "{t}");
    let t = text(&book("comments: end\n", commented));
    assert!(t.contains("大事な説明"), "{t}");
    let t = text(&book("answers: false\n", answered));
    assert!(!t.contains("▲5二金"), "{t}");
    let t = text(&book("answers: false\ncomments: end\n", commented));
    assert!(t.contains("大事な説明"), "{t}");
}

#[test]
fn bad_layout_options_name_their_field() {
    for (yaml, want) in [
        (
            "per_page: 3\ndiagrams:\n  - position: startpos\n",
            "b.yaml:1:11: per_page: 3 diagrams per page",
        ),
        (
            "paper: a3\ndiagrams:\n  - position: startpos\n",
            "b.yaml:1:8: paper: unknown paper 'a3'",
        ),
        (
            "numbering: x\ndiagrams:\n  - position: startpos\n",
            "b.yaml:1:12: numbering:",
        ),
        ("diagrams: []\n", "no diagrams"),
    ] {
        let e = Book::from_yaml(yaml, "b.yaml", &|_| Err("none".into())).unwrap_err();
        assert!(e.to_string().contains(want), "{e}");
    }
}

#[test]
fn streaming_and_in_memory_pdfs_are_the_same_bytes() {
    let (pages, pdf) = render(&book_of(8, 4, ""));
    let fonts = Fonts::bundled();
    let mut stream = PdfStream::new(Vec::new(), &fonts, "test").unwrap();
    for p in &pages {
        stream.add_page(p).unwrap();
    }
    assert!(stream.finish().unwrap() == pdf);
    // And again: the same booklet gives the same bytes.
    assert!(render(&book_of(8, 4, "")).1 == pdf);
}

#[test]
fn fonts_are_embedded_once_however_many_pages() {
    let size = |n: usize| render(&book_of(n, 6, "")).1.len();
    let (small, large) = (size(6), size(60));
    // Nine more pages of the same glyphs cost their content streams, not more fonts: well under
    // the 170 KB the regular face alone takes.
    assert!(large - small < 9 * 12_000, "{small} → {large}");
    let doc = Document::load_mem(&render(&book_of(60, 6, "")).1).unwrap();
    let descriptors = doc
        .objects
        .values()
        .filter(|o| o.as_dict().is_ok_and(|d| d.has(b"FontFile2")))
        .count();
    assert_eq!(descriptors, 2);
}

#[test]
fn handicap_sheets_show_what_is_removed() {
    let variant = standard();
    let two = variant.handicap("two-piece").unwrap();
    let removed = handicap::removed(&variant, two);
    let (ja, en) = handicap::removed_text(&variant, &removed);
    assert_eq!(ja, "飛（８二）  角（２二）");
    assert_eq!(en, "rook 8b; bishop 2b");
    let naked = variant.handicap("naked_king").unwrap();
    let (ja, en) = handicap::removed_text(&variant, &handicap::removed(&variant, naked));
    assert!(
        ja.contains("歩九枚") && en.contains("9 pawns"),
        "{ja} / {en}"
    );
    assert_eq!(two.gap.as_deref(), Some("6-7"));

    let fonts = Fonts::bundled();
    let paper = shogiprint::booklet::Paper::A4;
    let sheet = handicap::sheet(&variant, two, &fonts, paper, Some((2, 17))).unwrap();
    let pdf = shogiprint::render::to_pdf(std::slice::from_ref(&sheet), &fonts, "two");
    let text = &page_texts(&pdf)[0];
    for want in [
        "二枚落ち",
        "Two-piecehandicap",
        "上手",
        "下手",
        "段級差6～7",
        "2/17",
    ] {
        assert!(text.contains(want), "{want} in {text}");
    }
    // The removed pieces are drawn, faded (grey), on their squares: two grey piece glyphs.
    let grey: usize = sheet
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Text { color, glyphs } if *color != shogiprint::draw::Color::BLACK => Some(
                glyphs
                    .iter()
                    .filter(|g| g.ch == '飛' || g.ch == '角')
                    .count(),
            ),
            _ => None,
        })
        .sum();
    assert_eq!(grey, 2);
    let ink = ink_bounds(&sheet, &fonts);
    assert!(
        Rect::new(18.0, 18.0, 174.0, 261.0).contains(&ink, 1e-6),
        "{ink:?}"
    );
}

#[test]
fn six_diagrams_on_a_tiny_page_have_no_room() {
    let yaml = "paper: 90x90mm\nper_page: 6\ndiagrams:\n  - position: startpos\n";
    let book = Book::from_yaml(yaml, "b.yaml", &|_| Err("none".into())).unwrap();
    let failures =
        booklet::prepare(&book, &standard(), &no_variant, &Fonts::bundled()).unwrap_err();
    match &failures[0].error {
        EntryError::NoRoom {
            per_page, square, ..
        } => {
            assert_eq!(*per_page, 6);
            assert!(*square < 3.0, "{square}");
        }
        other => panic!("expected NoRoom, got {other}"),
    }
    assert!(failures[0]
        .error
        .to_string()
        .starts_with("no room: with 6 diagrams per page"));
}

/// A position from a game record, after problems, is one figure: its heading and the caption
/// the record writes under it give the same number (they once gave 第1図 and 第3図).
#[test]
fn a_record_figure_after_problems_has_one_number() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records");
    let yaml = "diagrams:\n  - position: 4k4/9/4P4/9/9/9/9/9/9 b G 1\n    tsume: true\n  - position: 4k4/9/4P4/9/9/9/9/9/9 b G 1\n    tsume: true\n  - position: {record: habu-fujii-2006.kif, ply: 41}\n    title: 実戦から\n";
    let name = dir.join("book.yaml").to_string_lossy().into_owned();
    let book = Book::from_yaml(yaml, &name, &|_| Err("no files".into())).unwrap();
    let (_, pdf) = render(&book);
    let text = page_texts(&pdf).concat();
    assert!(text.contains("第1図実戦から"), "{text}");
    assert_eq!(text.matches("第1図").count(), 1, "{text}");
    assert!(text.contains("▲2六飛まで"), "{text}");
    assert!(!text.contains("第3図"), "{text}");
}

/// A booklet of `yaml` beside the test records, and the text of its pages run together.
fn record_booklet_text(yaml: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records");
    let name = dir.join("book.yaml").to_string_lossy().into_owned();
    let book = Book::from_yaml(yaml, &name, &|_| Err("no files".into())).unwrap();
    page_texts(&render(&book).1).concat()
}

/// Positions from a game record are headed with the booklet's label (第2図) and captioned with
/// the move alone (▲2六飛まで): the record's own caption, 第2図 ▲2六飛まで, printed the label a
/// second time under the board. A caption the entry gives is printed as written.
#[test]
fn a_record_position_in_a_booklet_prints_its_figure_label_once() {
    let text = record_booklet_text(
        "per_page: 4\nnumbering: zu\ndiagrams:\n  - position: startpos\n\
         \x20 - position: {record: habu-fujii-2006.kif, ply: 41}\n    title: 実戦から\n\
         \x20 - position: {record: habu-fujii-2006.kif, ply: 150}\n\
         \x20 - position: {record: habu-fujii-2006.kif, ply: 60}\n    caption: 第4図は△同歩まで\n",
    );
    assert!(text.contains("第2図実戦から"), "{text}");
    for label in ["第1図", "第2図", "第3図"] {
        assert_eq!(text.matches(label).count(), 1, "{label} in {text}");
    }
    // Each caption is its own diagram's move, not figure 1's.
    assert!(text.contains("▲2六飛まで"), "{text}");
    assert!(text.contains("△7二金まで"), "{text}");
    assert!(!text.contains("図▲") && !text.contains("図△"), "{text}");
    // Written by the teacher, label and all.
    assert!(text.contains("第4図は△同歩まで"), "{text}");
    assert_eq!(text.matches("第4図").count(), 2, "{text}");
}

/// The same in a western booklet: `Figure 2` over the board and `After 41. R-2f` under it, not
/// `Figure 2: after 41. R-2f`.
#[test]
fn a_record_position_in_a_western_booklet_prints_its_figure_label_once() {
    let text = record_booklet_text(
        "per_page: 4\nnumbering: problem\nstyle: western\ndiagrams:\n  - position: startpos\n\
         \x20 - position: {record: habu-fujii-2006.kif, ply: 41}\n\
         \x20 - position: {record: habu-fujii-2006.kif, ply: 150}\n\
         \x20 - position: {record: habu-fujii-2006.kif, ply: 60}\n    caption: \"Figure 4: after move 60\"\n",
    );
    for label in ["Figure1", "Figure2", "Figure3"] {
        assert_eq!(text.matches(label).count(), 1, "{label} in {text}");
    }
    assert!(text.contains("After41.R-2f"), "{text}");
    assert!(text.contains("After150.G-7b"), "{text}");
    assert!(
        !text.contains("Figure2:") && !text.contains("Figure3:"),
        "{text}"
    );
    assert!(text.contains("Figure4:aftermove60"), "{text}");
}

/// A record named on a line of a positions list is captioned with its move too.
#[test]
fn a_record_on_a_positions_list_prints_its_figure_label_once() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records");
    let name = dir.join("list.txt").to_string_lossy().into_owned();
    let book = Book::from_positions(
        "startpos\nhabu-fujii-2006.kif\n",
        &name,
        BookOptions::default(),
    );
    let text = page_texts(&render(&book).1).concat();
    assert_eq!(text.matches("第2図").count(), 1, "{text}");
    assert!(text.contains("まで"), "{text}");
    assert!(!text.contains("図▲") && !text.contains("図△"), "{text}");
}

/// A booklet file that is not a mapping says what it should be, not a Rust type's name
/// (`expected struct RawBook` once).
#[test]
fn a_booklet_that_is_a_list_says_what_a_booklet_is() {
    let e = Book::from_yaml("- startpos\n- startpos\n", "b.yaml", &|_| {
        Err("no files".into())
    })
    .unwrap_err()
    .to_string();
    assert!(e.contains("a mapping of booklet fields"), "{e}");
    assert!(!e.contains("RawBook"), "{e}");
}

#[test]
fn fields_after_the_diagrams_are_read_and_their_errors_keep_their_lines() {
    // The booklet's own fields are read with the items stood in: a field after the list still
    // counts, and a bad one is placed at its own line and value.
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    let items = format!(
        "diagrams:\n  - position: {start}\n    title: one\n\n    comment: |\n      two lines\n      of comment\n  - position: {start}\n"
    );
    let none = |_: &str| -> Result<String, String> { Err("none".into()) };
    let book = Book::from_yaml(&format!("{items}footer: the end\n"), "b.yaml", &none).unwrap();
    assert_eq!(book.options.footer.as_deref(), Some("the end"));
    assert_eq!(book.entries.len(), 2);
    let e = Book::from_yaml(&format!("{items}per_page: 5\n"), "b.yaml", &none).unwrap_err();
    assert_eq!((e.line, e.column), (Some(9), Some(11)), "{e}");
    // A flow list is refused as before.
    let flow = format!("diagrams: [{{position: '{start}'}}]\n");
    let e = Book::from_yaml(&flow, "b.yaml", &none).unwrap_err();
    assert!(e.message.contains("block list"), "{e}");
}

/// The centre, across, of the ink of the glyphs of `font` whose ink lies wholly in `area`.
fn ink_centre_x(
    page: &Drawing,
    fonts: &Fonts,
    font: shogiprint::draw::FontRole,
    area: Rect,
) -> f64 {
    let ink = page
        .text_glyphs()
        .filter(|g| g.font == font)
        .filter_map(|g| fonts.ink_rect(g))
        .filter(|r| area.contains(r, 1e-6))
        .reduce(|a, b| a.union(&b))
        .expect("glyphs in the area");
    ink.center().x
}

#[test]
fn boards_line_up_and_headings_and_captions_are_centred_over_them() {
    // A hand that wraps into a second column widens its drawing on one side (Black's on the
    // right, White's on the left). Boards were centred as drawings, so the boards of a column
    // stood up to a column of the hand apart, and headings and captions, centred in the cell,
    // were off the board's centre by half the rank numerals' band even in a plain diagram.
    let yaml = [
        "title: 揃え",
        "per_page: 4",
        "diagrams:",
        "  - position: 4k4/9/9/9/9/9/9/9/4K4 b RB4G4S4N4L18P 1",
        "    caption: 先手の持駒",
        "  - position: startpos",
        "    caption: 平手",
        "  - position: 4k4/9/9/9/9/9/9/9/4K4 w rb4g4s4n4l18p 1",
        "    caption: 後手の持駒",
        "  - position: startpos",
        "    caption: 平手",
    ]
    .join("\n");
    let book = Book::from_yaml(&yaml, "align.yaml", &|_| Err("none".into())).unwrap();
    let fonts = Fonts::bundled();
    let (pages, _) = render(&book);
    let frames = board_frames(&pages[0]);
    assert_eq!(frames.len(), 4);
    for col in 0..2 {
        let (a, b) = (frames[col], frames[col + 2]);
        assert!((a.x - b.x).abs() < 1e-6, "column {col}: {a:?} {b:?}");
    }
    let layout = PageLayout::new(&book.options);
    for (k, board) in frames.iter().enumerate() {
        let cell = layout.cell(k);
        let centre = board.center().x;
        // The heading (bold) above the board, the caption (regular) just under it.
        let above = Rect::new(cell.x, cell.y, cell.w, board.y - cell.y);
        let heading = ink_centre_x(&pages[0], &fonts, shogiprint::draw::FontRole::Bold, above);
        let below = Rect::new(cell.x, board.bottom() + 0.5, cell.w, 12.0);
        let caption = ink_centre_x(
            &pages[0],
            &fonts,
            shogiprint::draw::FontRole::Regular,
            below,
        );
        for (what, x) in [("heading", heading), ("caption", caption)] {
            assert!(
                (x - centre).abs() < 0.3,
                "diagram {}: {what} at {x}, board centre {centre}",
                k + 1
            );
        }
    }
}

#[test]
fn a_handicap_sheet_centres_its_board_under_the_title() {
    let variant = standard();
    let fonts = Fonts::bundled();
    for name in ["lance", "two-piece", "three_pawns"] {
        let Some(h) = variant.handicap(name) else {
            panic!("no handicap {name}")
        };
        for paper in [
            shogiprint::booklet::Paper::A4,
            shogiprint::booklet::Paper::A5,
        ] {
            let sheet = handicap::sheet(&variant, h, &fonts, paper, None).unwrap();
            let frames = board_frames(&sheet);
            assert_eq!(frames.len(), 1, "{name}");
            let centre = frames[0].center().x;
            assert!(
                (centre - paper.width / 2.0).abs() < 1e-6,
                "{name} on {paper:?}: board centre {centre}, page centre {}",
                paper.width / 2.0
            );
            // The margin is 18 mm on A4, in proportion on narrower paper.
            let margin = 18.0 * (paper.width / 210.0).min(1.0);
            let ink = ink_bounds(&sheet, &fonts);
            assert!(
                ink.x >= margin - 1e-6 && ink.right() <= paper.width - margin + 1e-6,
                "{name}: {ink:?}"
            );
        }
    }
}

#[test]
fn a_long_heading_wraps_inside_its_cell() {
    // A title longer than the cell ran on one line across the neighbouring cell's heading and
    // into the margin. It wraps now, and the boards of a row still share their top.
    let yaml = [
        "title: 見出し",
        "per_page: 6",
        "diagrams:",
        "  - position: 4k4/9/4P4/9/9/9/9/9/9 b G 1",
        "    title: 玉の頭に金を打つ基本形で歩が金を支えている局面の確認用の長い見出し",
        "    tsume: true",
        "  - position: 6k2/5R3/9/9/9/9/9/9/9 b R 1",
        "    title: 二枚の飛車",
        "    tsume: true",
    ]
    .join("\n");
    let book = Book::from_yaml(&yaml, "long.yaml", &|_| Err("none".into())).unwrap();
    let fonts = Fonts::bundled();
    let (pages, _) = render(&book);
    let layout = PageLayout::new(&book.options);
    let frames = board_frames(&pages[0]);
    assert_eq!(frames.len(), 2);
    assert!((frames[0].y - frames[1].y).abs() < 1e-6, "{frames:?}");
    let headings: Vec<Rect> = pages[0]
        .text_glyphs()
        .filter(|g| g.font == shogiprint::draw::FontRole::Bold)
        .filter_map(|g| fonts.ink_rect(g))
        .filter(|r| r.bottom() < frames[0].y)
        .collect();
    assert!(headings.len() > 30, "{}", headings.len());
    for r in headings {
        let k = if r.center().x < layout.cell(1).x {
            0
        } else {
            1
        };
        let cell = layout.cell(k);
        assert!(
            r.x >= cell.x && r.right() <= cell.right(),
            "heading glyph {r:?} outside cell {k} {cell:?}"
        );
    }
}

#[test]
fn an_a5_handicap_sheet_is_the_a4_sheet_in_proportion() {
    // On A5 the type kept its A4 size and the board alone gave up the room, down to 4.6 mm
    // squares (a third of the page's width, against half of it on A4).
    let variant = standard();
    let fonts = Fonts::bundled();
    let share = |paper: shogiprint::booklet::Paper, name: &str| {
        let h = variant.handicap(name).unwrap();
        let sheet = handicap::sheet(&variant, h, &fonts, paper, Some((2, 17))).unwrap();
        let frames = board_frames(&sheet);
        assert_eq!(frames.len(), 1, "{name}");
        frames[0].w / paper.width
    };
    for name in ["lance", "two-piece", "naked_king"] {
        let a4 = share(shogiprint::booklet::Paper::A4, name);
        let a5 = share(shogiprint::booklet::Paper::A5, name);
        assert!(
            (a5 - a4).abs() < 0.01 * a4,
            "{name}: board {a5:.3} of the A5 page, {a4:.3} of A4"
        );
    }
}

#[test]
fn answers_stand_next_to_their_labels_and_a_long_label_never_touches_its_answer() {
    // The label column was a fixed 24 mm: 第1問 (8 mm) stood two thirds of it away from its
    // answer, and a longer label ran into the answer.
    let fonts = Fonts::bundled();
    for (numbering, long) in [("mon", false), ("練習問題 第{n}問 基本の詰み筋", true)] {
        let book = book_of(3, 4, &format!("numbering: \"{numbering}\"\n"));
        let (pages, _) = render(&book);
        let answers = pages.last().unwrap();
        // Bold glyphs under the title are labels; regular ones, answers.
        let glyphs: Vec<(shogiprint::draw::FontRole, Rect)> = answers
            .text_glyphs()
            .filter(|g| g.transform.0[5] > 40.0 && g.transform.0[5] < 250.0)
            .filter_map(|g| Some((g.font, fonts.ink_rect(g)?)))
            .collect();
        let labels: Vec<Rect> = glyphs
            .iter()
            .filter(|(f, _)| *f == shogiprint::draw::FontRole::Bold)
            .map(|(_, r)| *r)
            .collect();
        let texts: Vec<Rect> = glyphs
            .iter()
            .filter(|(f, _)| *f == shogiprint::draw::FontRole::Regular)
            .map(|(_, r)| *r)
            .collect();
        assert!(!labels.is_empty() && !texts.is_empty());
        let label_right = labels.iter().map(|r| r.right()).fold(0.0, f64::max);
        let text_left = texts.iter().map(|r| r.x).fold(f64::MAX, f64::min);
        assert!(
            text_left > label_right + 2.0,
            "{numbering}: {label_right} {text_left}"
        );
        if !long {
            assert!(
                text_left - label_right < 2.0 * 3.6,
                "{numbering}: the answer {text_left} mm, the label ends at {label_right} mm"
            );
        }
    }
}

#[test]
fn an_english_booklet_heads_its_answers_in_english() {
    // `numbering: problem` labels Problem 1 … and Figure 1 …: the answers section then says
    // Answers, not 解答 (a file's answers_title still wins).
    let yaml = |extra: &str| {
        format!(
            "numbering: problem\n{extra}diagrams:\n  - position: 4k4/9/4P4/9/9/9/9/9/9 b G 1\n    tsume: true\n    style: western\n    answer: G*5b\n"
        )
    };
    let book = Book::from_yaml(&yaml(""), "e.yaml", &|_| Err("none".into())).unwrap();
    assert_eq!(book.options.answers_title, "Answers");
    let texts = page_texts(&render(&book).1);
    assert!(
        texts[1].starts_with("Answers") && texts[1].contains("Problem1"),
        "{}",
        texts[1]
    );
    let book = Book::from_yaml(&yaml("answers_title: Solutions\n"), "e.yaml", &|_| {
        Err("none".into())
    })
    .unwrap();
    assert_eq!(book.options.answers_title, "Solutions");
    let book = Book::from_yaml("diagrams:\n  - position: startpos\n", "j.yaml", &|_| {
        Err("none".into())
    })
    .unwrap();
    assert_eq!(book.options.answers_title, "解答");
}

#[test]
fn a_long_answer_runs_on_over_pages_inside_the_body() {
    // An answer (or an end comment) longer than a page was moved whole to a new page, which
    // left the heading page empty under 解答, and then ran past the foot of the next: over
    // the page number and off the paper. It runs on from under the heading, page after page.
    let long = "この局面について詳しく解説する。".repeat(200);
    let yaml = format!(
        "title: 長い解説\ncomments: end\ndiagrams:\n  - position: startpos\n    comment: {long}\n  - position: startpos\n    comment: 短い解説。\n"
    );
    let book = Book::from_yaml(&yaml, "l.yaml", &|_| Err("none".into())).unwrap();
    let layout = PageLayout::new(&book.options);
    let fonts = Fonts::bundled();
    let (pages, pdf) = render(&book);
    let texts = page_texts(&pdf);
    // The diagrams' page, then the answers: the heading page already holds the long answer.
    assert!(
        texts[1].contains("解答") && texts[1].contains("第1図この局面"),
        "{}",
        texts[1]
    );
    assert!(texts.last().unwrap().contains("短い解説"));
    let frame = [layout.header_baseline, layout.footer_baseline];
    for (n, page) in pages.iter().enumerate().skip(1) {
        for g in page.text_glyphs() {
            if frame
                .iter()
                .flatten()
                .any(|b| (g.transform.0[5] - b).abs() < 1e-6)
            {
                continue; // the running header, the page number
            }
            let Some(r) = fonts.ink_rect(g) else { continue };
            assert!(
                layout.body.contains(&r, 1e-6),
                "page {}: a glyph at {r:?} outside the body {:?}",
                n + 1,
                layout.body
            );
        }
    }
}

#[test]
fn a_game_booklets_notes_keep_to_eight_lines_in_the_type_they_are_set_in() {
    // The notes were measured in the smallest comment type (2.9 mm) whatever the cell; a
    // cell of one or two diagrams a page sets them larger (up to 4 mm), so a long move list
    // or commentary wrapped again and took more than the eight lines the README promises.
    use shogiprint::booklet::game::{book, Selection};
    let mut kif = String::from("手合割：平手\n手数----指手---------消費時間--\n");
    let moves = [
        "７六歩(77)",
        "３四歩(33)",
        "２六歩(27)",
        "４四歩(43)",
        "４八銀(39)",
        "４二飛(82)",
        "６八玉(59)",
        "６二玉(51)",
    ];
    // The opening, then both kings stepping back and forth.
    let (mut black, mut white) = (
        ["５九玉(68)", "６八玉(59)"].iter().cycle(),
        ["５一玉(62)", "６二玉(51)"].iter().cycle(),
    );
    for n in 1..=32 {
        let m = match n {
            1..=8 => moves[n - 1],
            _ if n % 2 == 1 => black.next().unwrap(),
            _ => white.next().unwrap(),
        };
        kif.push_str(&format!("{n:>4} {m}\n"));
        if n == 31 {
            kif.push_str(&format!(
                "*{}\n",
                "この局面は先手がやや指しやすい。".repeat(40)
            ));
        }
    }
    let record = shogiprint::formats::kif::read(&kif, &standard());
    let Ok(record) = record else {
        panic!("{:?}", record.err())
    };
    let fonts = Fonts::bundled();
    for per_page in [1, 2, 4] {
        let mut b = book(
            record.clone(),
            "g.kif",
            &Selection {
                every: Some(31),
                ..Selection::default()
            },
        );
        b.options.per_page = per_page;
        let plan = booklet::prepare(&b, &standard(), &no_variant, &fonts).unwrap_or_else(|f| {
            panic!(
                "{:?}",
                f.iter().map(|f| f.error.to_string()).collect::<Vec<_>>()
            )
        });
        assert!(
            plan.comment_lines <= 8,
            "{per_page} a page: {} lines of notes",
            plan.comment_lines
        );
    }
}

#[test]
fn each_paragraph_of_a_comment_is_evened_out() {
    // A comment of two paragraphs was wrapped as it came, the second ending on a line of its
    // own last two characters (…大事であ|る。); each paragraph is evened out as a one-paragraph
    // comment is.
    let second = "この局面は何度も指されているが、先手の次の一手が大事である。";
    let yaml = format!(
        "per_page: 6\ndiagrams:\n  - position: startpos\n    comment: \"短い前置き。\\n{second}\"\n"
    );
    let book = Book::from_yaml(&yaml, "c.yaml", &|_| Err("none".into())).unwrap();
    let (pages, _) = render(&book);
    // The comment's lines: the glyphs in its type (that of 短, which only it has), by
    // baseline, the first paragraph's line left out.
    let glyphs: Vec<_> = pages[0].text_glyphs().collect();
    let size = |g: &shogiprint::draw::Glyph| g.transform.scale_factor();
    let comment = size(glyphs.iter().find(|g| g.ch == '短').unwrap());
    let mut lines: std::collections::BTreeMap<i64, String> = Default::default();
    for g in glyphs.iter().filter(|g| (size(g) - comment).abs() < 1e-9) {
        let y = (g.transform.0[5] * 1000.0).round() as i64;
        lines.entry(y).or_default().push(g.ch);
    }
    let lines: Vec<String> = lines.into_values().filter(|l| !l.contains('短')).collect();
    assert_eq!(lines.concat(), second, "{lines:?}");
    let shortest = lines.iter().map(|l| l.chars().count()).min().unwrap();
    let longest = lines.iter().map(|l| l.chars().count()).max().unwrap();
    assert!(lines.len() == 2 && longest - shortest <= 4, "{lines:?}");
}
