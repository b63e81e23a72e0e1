//! Line breaking (kinsoku) and text that stays in its block. The wrapper is checked on the
//! cases issue 13 found (a square list broken inside its brackets, `9` / `pawns`) and as a
//! property over random Japanese and English text: nothing is lost, every line fits, and no
//! line starts or ends with a character the Japanese rules forbid there (JIS X 4051, W3C JLREQ
//! §3.1.7: closing brackets, 、。, small kana, ー, ・, iteration marks at the start; opening
//! brackets at the end). Then every page that wraps text — each handicap sheet, the handicap
//! index, the kit cover, the booklet pages — is measured: every glyph's ink inside the page's
//! margins, and no two glyphs of a page overlapping (a line run into its neighbour, a column
//! into the next).

#[path = "support/pdf_scan.rs"]
mod pdf_scan;

use proptest::prelude::*;
use shogiprint::booklet::{self, Book, Paper};
use shogiprint::draw::linebreak::{may_not_end_line, may_not_start_line};
use shogiprint::draw::{Drawing, FontRole, Fonts, Item, Rect, TextStyle};
use shogiprint::handicap;
use shogiprint::kit::{self, KitOptions};
use shogiprint::rules::Variant;
use std::sync::Arc;

fn standard() -> Arc<Variant> {
    Variant::builtin("standard").unwrap()
}

fn style(size: f64) -> TextStyle {
    TextStyle::new(FontRole::Regular, size)
}

fn squeeze(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The checks every wrapped text must pass.
fn check_wrap(fonts: &Fonts, text: &str, size: f64, width: f64) -> Result<Vec<String>, String> {
    let lines = fonts.wrap(style(size), text, width).unwrap();
    let joined: String = lines.concat();
    if squeeze(&joined) != squeeze(text) {
        return Err(format!("text lost or changed: {text:?} → {lines:?}"));
    }
    for (i, line) in lines.iter().enumerate() {
        let w = fonts.width(style(size), line).unwrap();
        if w > width + 1e-6 {
            return Err(format!("line {line:?} is {w:.2} mm, wider than {width:.2}"));
        }
        if let Some(first) = line.chars().next() {
            if i > 0 && (may_not_start_line(first) || first == ' ') {
                return Err(format!("line {i} starts with {first:?}: {lines:?}"));
            }
        }
        if let Some(last) = line.chars().last() {
            if i + 1 < lines.len() && may_not_end_line(last) {
                return Err(format!("line {i} ends with {last:?}: {lines:?}"));
            }
        }
    }
    Ok(lines)
}

#[test]
fn squares_counts_and_brackets_stay_together() {
    let fonts = Fonts::bundled();
    // The 歩三兵 sheet's removed pieces, at the sheet's size and a width that used to break
    // 桂（ / ８一・２一）.
    let ja = "飛（８二）  角（２二）  金（６一・４一）  銀（７一・３一）  桂（８一・２一）  香（９一・１一）  歩九枚";
    for width in [40.0, 60.0, 90.0, 126.0] {
        let lines = check_wrap(&fonts, ja, 4.2, width).unwrap();
        for line in &lines {
            // A bracketed group that fits a line is never split.
            assert_eq!(
                line.matches('（').count(),
                line.matches('）').count(),
                "{width} mm: {lines:?}"
            );
        }
    }
    let en =
        "rook 8b; bishop 2b; golds 6a, 4a; silvers 7a, 3a; knights 8a, 2a; lances 9a, 1a; 9 pawns";
    for width in [30.0, 50.0, 80.0, 126.0] {
        let lines = check_wrap(&fonts, en, 3.3, width).unwrap();
        assert!(
            lines.iter().any(|l| l.contains("9 pawns")),
            "{width} mm: {lines:?}"
        );
        assert!(lines.iter().all(|l| !l.ends_with(" 9")), "{lines:?}");
    }
    // A move stays whole and a word wider than the line still loses nothing.
    let lines = check_wrap(
        &fonts,
        "上手は△6二銀から△5四歩と中央を厚くする。",
        3.0,
        20.0,
    )
    .unwrap();
    assert!(
        lines.iter().any(|l| l.contains("△6二銀")) && lines.iter().any(|l| l.contains("△5四歩")),
        "{lines:?}"
    );
    check_wrap(&fonts, "Supercalifragilisticexpialidocious", 3.0, 12.0).unwrap();
}

#[test]
fn a_line_is_not_ended_early_before_a_bracket_or_a_number() {
    // The rules cards' sentences that ended a line one character before a bracket of words
    // (打て｜る（成っていない…, 詰ませ｜る（盤上の…, chu's 成れ｜る（, でき｜る（, 取れな｜い（,
    // 使わな｜い（), a reference (逃げ｜道（２一・３二）) or a number (連続王手｜の千日手). Wrapped at
    // every width from 15 to 70 mm,
    // the character that starts the next line never fits on the line before it: the line
    // breaks before the bracket or the number, as JIS X 4051 allows.
    let fonts = Fonts::bundled();
    let size = 2.6;
    let texts = [
        "取った駒は持ち駒になり、手番に空いているマスへ1枚打てる（成っていない面で。成れるのは次に動かすとき）。",
        "② 打ち歩詰め：歩を打って詰ませる（盤上の歩を進めて詰ますのはよい）。",
        "敵陣に入る手、または敵陣の中で・敵陣から出て駒を取る手で、駒を裏返して成れる（成らなくてもよく、強制はない）。",
        "獅は1手で玉の動きを2回できる（図の黄色：2マス以内のどこへでも跳べる）。",
        "獅子の取り合い：①獅子は、隣にいない獅子を、それが守られていれば取れない（1歩目で歩・仲以外の駒を取ったときは別）。",
        "取った駒は盤から除き、二度と使わない（持ち駒はない）。",
        "同じ局面（盤上・持ち駒・手番が同じ）が4回現れたら千日手で引き分け。ただし連続王手の千日手は、王手をかけ続けた側の負け。",
        // A reference after a word that runs on from kana: the line once broke before 道,
        // holding the reference to it, and split 逃げ道.
        "玉の逃げ道（２一・３二）を先に塞ぐことが大切で、馬の利きを活かして金を打つ。",
    ];
    for text in texts {
        for half_mm in 30..=140 {
            let width = half_mm as f64 / 2.0;
            let lines = check_wrap(&fonts, text, size, width).unwrap();
            for pair in lines.windows(2) {
                let mut next = pair[1].chars();
                let (first, second) = (next.next().unwrap(), next.next());
                let before_bracket = second.is_some_and(may_not_end_line);
                let before_number = second.is_some_and(|c| c.is_ascii_digit() || c == '千');
                if (before_bracket || before_number) && !may_not_end_line(first) {
                    let longer = format!("{}{first}", pair[0]);
                    assert!(
                        fonts.width(style(size), &longer).unwrap() > width + 1e-6,
                        "{width} mm: {lines:?}"
                    );
                }
            }
        }
    }
}

/// Punctuation written after a word (never two in a row: a run of characters that may not
/// start a line, wider than the line, has no legal break at all).
fn punctuation() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec!["", "", "、", "。", "・", "ー", "っ", "！", "？", "…"])
}

/// Random text made of the pieces real captions, comments and sheets are made of.
fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        (
            prop::sample::select(vec![
                "将棋",
                "玉の頭",
                "金を打つ",
                "基本形",
                "ちょっと",
                "シャッター",
                "ジョーカー",
                "人々",
                "いろいろ",
                "飛車",
                "角行",
                "上手",
                "下手",
                "詰み",
                "まで",
            ]),
            punctuation()
        )
            .prop_map(|(w, p)| format!("{w}{p}")),
        (
            prop::sample::select(vec![
                "（８一・２一）",
                "「頭金」",
                "『将棋』",
                "【注】",
                "(8a, 2a)",
                "[1]",
            ]),
            punctuation()
        )
            .prop_map(|(w, p)| format!("{w}{p}")),
        prop::sample::select(vec![
            " the ",
            " stronger ",
            " player ",
            " removes ",
            " pieces, ",
            " 9 pawns",
            " 2 lances; ",
            " well-known ",
            " (White) ",
            " moves first. ",
            " — ",
        ])
        .prop_map(str::to_string),
        prop::sample::select(vec![
            "▲7六歩",
            "△同　歩",
            "▲5二金左上",
            "歩九枚",
            "段級差 6～7",
            "1手詰",
            "第12問",
        ])
        .prop_map(str::to_string),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn random_text_wraps_without_loss_and_by_the_rules(
        tokens in prop::collection::vec(token(), 1..30),
        // At least six em: room for the widest unit with no legal break (【注】、).
        width in 30.0f64..120.0,
        size in 2.6f64..5.0,
    ) {
        let fonts = Fonts::bundled();
        let text: String = tokens.concat();
        if let Err(e) = check_wrap(&fonts, &text, size, width) {
            return Err(TestCaseError::fail(e));
        }
    }
}

/// Every glyph's ink on the page, with its character.
/// A booklet's plan and its pages, drawn.
fn booklet_pages(book: &Book, v: &Arc<Variant>, fonts: &Fonts) -> (booklet::Plan, Vec<Drawing>) {
    let plan =
        booklet::prepare(book, v, &no_variant, fonts).unwrap_or_else(|f| panic!("{}", f[0].error));
    let mut pages = Vec::new();
    booklet::render(
        book,
        &plan,
        v,
        &no_variant,
        fonts,
        &mut |d| {
            pages.push(d.clone());
            Ok(())
        },
        &mut |_, _| {},
    )
    .unwrap();
    (plan, pages)
}

fn glyph_boxes(page: &Drawing, fonts: &Fonts) -> Vec<(char, Rect)> {
    placed(page, fonts)
        .into_iter()
        .map(|(_, c, r)| (c, r))
        .collect()
}

/// Every glyph's ink with where it is in the drawing: (item, glyph) indexes.
fn placed(page: &Drawing, fonts: &Fonts) -> Vec<((usize, usize), char, Rect)> {
    let mut out = Vec::new();
    for (i, item) in page.items.iter().enumerate() {
        if let Item::Text { glyphs, .. } = item {
            for (j, g) in glyphs.iter().enumerate() {
                if let Some(r) = fonts.ink_rect(g) {
                    out.push(((i, j), g.ch, r));
                }
            }
        }
    }
    out
}

/// Every glyph inside `inner`, and no two glyphs overlapping by more than `slack` mm.
fn check_page(page: &Drawing, fonts: &Fonts, inner: Rect, what: &str) {
    let boxes = glyph_boxes(page, fonts);
    assert!(!boxes.is_empty(), "{what}: no text");
    for (ch, r) in &boxes {
        assert!(
            inner.contains(r, 1e-6),
            "{what}: '{ch}' at {r:?} outside {inner:?}"
        );
    }
    no_overlaps(&placed(page, fonts), what);
}

/// No two glyphs overlap, except neighbours on one line (an `f` reaching over the next letter).
fn no_overlaps(boxes: &[((usize, usize), char, Rect)], what: &str) {
    let slack = 0.15;
    for (i, (pa, a, ra)) in boxes.iter().enumerate() {
        for (pb, b, rb) in &boxes[i + 1..] {
            if pa.0 == pb.0 && pa.1.abs_diff(pb.1) == 1 {
                continue;
            }
            let overlap_x = ra.right().min(rb.right()) - ra.x.max(rb.x);
            let overlap_y = ra.bottom().min(rb.bottom()) - ra.y.max(rb.y);
            assert!(
                overlap_x <= slack || overlap_y <= slack,
                "{what}: '{a}' {ra:?} and '{b}' {rb:?} overlap"
            );
        }
    }
}

/// The handicap pages' glyphs that are text, not pieces: the diagram is measured by the
/// diagram tests, and its faded and turned pieces sit close together by design.
fn without_diagram(page: &Drawing, fonts: &Fonts, board_bottom: f64) -> Drawing {
    let mut d = Drawing::new(page.width, page.height);
    for item in &page.items {
        if let Item::Text { color, glyphs } = item {
            let kept: Vec<_> = glyphs
                .iter()
                .filter(|g| {
                    fonts
                        .ink_rect(g)
                        .is_some_and(|r| r.y > board_bottom || r.bottom() < 45.0)
                })
                .cloned()
                .collect();
            if !kept.is_empty() {
                d.glyphs(*color, kept);
            }
        }
    }
    d
}

#[test]
fn every_handicap_page_keeps_its_text_inside_the_margins_without_collisions() {
    let fonts = Fonts::bundled();
    let v = standard();
    let all: Vec<_> = v.handicaps.iter().collect();
    for paper in [Paper::A4, Paper::LETTER, Paper::A5] {
        // 18 mm on A4; narrower paper has the page scaled, margins too.
        let m = 18.0 * (paper.width / 210.0).min(1.0);
        let inner = Rect::new(m, m, paper.width - 2.0 * m, paper.height - 2.0 * m);
        let index = handicap::index(&v, &all, &fonts, paper, 2, all.len() + 1).unwrap();
        check_page(&index, &fonts, inner, &format!("{paper} index"));
        // Every removed piece is named on the index, in both languages, whole.
        let text: String = glyph_boxes(&index, &fonts)
            .iter()
            .map(|(c, _)| *c)
            .collect();
        for h in &all {
            let (ja, en) = handicap::removed_summary(&v, &handicap::removed(&v, h));
            assert!(text.contains(&squeeze(&ja)), "{paper}: {ja} in the index");
            assert!(text.contains(&squeeze(&en)), "{paper}: {en} in the index");
        }
        for (i, h) in all.iter().enumerate() {
            let sheet =
                handicap::sheet(&v, h, &fonts, paper, Some((i + 2, all.len() + 1))).unwrap();
            for (ch, r) in glyph_boxes(&sheet, &fonts) {
                assert!(
                    inner.contains(&r, 1e-6),
                    "{paper} {}: '{ch}' at {r:?}",
                    h.id
                );
            }
            // The table under the board: find the board's bottom as the lowest piece glyph.
            let board_bottom = glyph_boxes(&sheet, &fonts)
                .iter()
                .filter(|(c, _)| "九".contains(*c))
                .map(|(_, r)| r.bottom())
                .fold(0.0, f64::max);
            let table = without_diagram(&sheet, &fonts, board_bottom);
            check_page(&table, &fonts, inner, &format!("{paper} {} table", h.id));
            let text: String = glyph_boxes(&sheet, &fonts)
                .iter()
                .map(|(c, _)| *c)
                .collect();
            let (ja, en) = handicap::removed_text(&v, &handicap::removed(&v, h));
            assert!(text.contains(&squeeze(&ja)), "{paper} {}: {ja}", h.id);
            assert!(text.contains(&squeeze(&en)), "{paper} {}: {en}", h.id);
            // The footer cites the rule for a reader, not a source file.
            assert!(
                !h.source.contains(".ts")
                    && !h.source.contains(".cs")
                    && text.contains(&squeeze(&h.source)),
                "{}: {}",
                h.id,
                h.source
            );
        }
    }
}

#[test]
fn the_kit_cover_keeps_its_text_inside_the_margins() {
    let fonts = Fonts::bundled();
    for paper in [Paper::A4, Paper::LETTER] {
        let options = KitOptions {
            paper,
            ..KitOptions::default()
        };
        let kit = kit::build(&standard(), &options, &fonts).unwrap();
        let cover = &kit.pages[0];
        let m = options.margin;
        let inner = Rect::new(m, m, cover.width - 2.0 * m, cover.height - 2.0 * m);
        for (ch, r) in glyph_boxes(cover, &fonts) {
            assert!(inner.contains(&r, 1e-6), "{paper} cover: '{ch}' at {r:?}");
        }
    }
}

fn no_variant(name: &str) -> Result<Arc<Variant>, shogiprint::Error> {
    Err(shogiprint::Error::Io(format!("no variant {name} in tests")))
}

#[test]
fn booklet_pages_keep_long_comments_inside_their_cells() {
    let fonts = Fonts::bundled();
    let comment = "上手は△6二銀から△5四歩と中央を厚くする（８一・２一）。The stronger player builds the centre first, then attacks with 9 pawns.";
    for per_page in [1, 2, 4, 6] {
        for paper in ["a4", "letter"] {
            let mut yaml =
                format!("paper: {paper}\nper_page: {per_page}\nheader: テスト\ndiagrams:\n");
            for _ in 0..per_page {
                yaml.push_str(&format!(
                    "  - position: startpos moves 7g7f\n    title: 序盤の基本\n    caption: ▲7六歩まで（第1図）\n    comment: \"{comment}\"\n"
                ));
            }
            let book = Book::from_yaml(&yaml, "t.yaml", &|_| Err("none".into())).unwrap();
            let v = standard();
            let (plan, pages) = booklet_pages(&book, &v, &fonts);
            let l = &plan.layout;
            for k in 0..per_page {
                let cell = l.cell(k);
                let inside: Vec<_> = glyph_boxes(&pages[0], &fonts)
                    .into_iter()
                    .filter(|(_, r)| cell.contains(r, 1e-6))
                    .collect();
                let text: String = inside.iter().map(|(c, _)| *c).collect();
                assert!(
                    text.contains(&squeeze(comment)),
                    "{paper} {per_page}-up cell {k}: {text}"
                );
            }
        }
    }
}

#[test]
fn a_reference_after_a_particle_stays_with_its_name_at_every_width() {
    // `相手の桂（２三）`: the line once broke between 桂 and its bracket, as it may (and must)
    // inside 逃げ道（…）, because a kana stood two characters before the bracket.
    let fonts = Fonts::bundled();
    let text = "ここで相手の桂（２三）が跳ねてくると、玉の逃げ道がなくなる。";
    let mut seen_before_name = false;
    for half_mm in 30..=140 {
        let width = half_mm as f64 / 2.0;
        let lines = check_wrap(&fonts, text, 3.0, width).unwrap();
        for pair in lines.windows(2) {
            assert!(
                !(pair[0].ends_with('桂') && pair[1].starts_with('（')),
                "{width} mm: {lines:?}"
            );
            seen_before_name |= pair[1].starts_with("桂（２三）");
        }
    }
    // Where the reference does not fit after の, it goes down with its name.
    assert!(seen_before_name);
}

#[test]
fn balanced_lines_end_a_paragraph_on_more_than_a_stray_word() {
    let fonts = Fonts::bundled();
    let s = style(3.0);
    let ja = "角道を開け合ってから飛車先の歩を突く。";
    let en = "The stronger player builds the centre first, then attacks with nine pawns.";
    for text in [ja, en] {
        let full = fonts.width(s, text).unwrap();
        // A measure a little short of the text: plain wrapping leaves a word or two over.
        let width = 0.93 * full;
        let plain = fonts.wrap(s, text, width).unwrap();
        assert_eq!(plain.len(), 2, "{plain:?}");
        let even = fonts.wrap_balanced(s, text, width).unwrap();
        assert_eq!(even.len(), 2, "{even:?}");
        let w: Vec<f64> = even.iter().map(|l| fonts.width(s, l).unwrap()).collect();
        assert!(w[1] > 0.6 * w[0], "{even:?}");
        assert!(w.iter().all(|x| *x <= width + 1e-6), "{even:?}");
        // Nothing lost, no word broken.
        let joined: String = even.concat();
        assert_eq!(joined.replace(' ', ""), text.replace(' ', ""));
        if text == en {
            for line in &even {
                assert!(en.split(' ').any(|word| line.starts_with(word)), "{line}");
                assert!(en.split(' ').any(|word| line.ends_with(word)), "{line}");
            }
        }
    }
}

#[test]
fn a_booklet_comment_does_not_end_on_a_stray_character() {
    // The second teaching figure of the example booklet, four to an A5 page, ended its comment
    // on a line of its own: く。
    let yaml = [
        "paper: a5",
        "per_page: 4",
        "diagrams:",
        "  - position: startpos moves 7g7f 3c3d 2g2f",
        "    comment: 角道を開け合ってから飛車先の歩を突く。",
    ]
    .join("\n");
    let book = Book::from_yaml(&yaml, "c.yaml", &|_| Err("none".into())).unwrap();
    let fonts = Fonts::bundled();
    let v = standard();
    let (_, pages) = booklet_pages(&book, &v, &fonts);
    // The comment's glyphs, by line (baseline).
    let mut lines: Vec<(f64, usize)> = Vec::new();
    for g in pages[0]
        .text_glyphs()
        .filter(|g| "角道開合飛車先歩突く。".contains(g.ch))
    {
        let y = g.transform.0[5];
        match lines.iter_mut().find(|(b, _)| (b - y).abs() < 0.1) {
            Some(l) => l.1 += 1,
            None => lines.push((y, 1)),
        }
    }
    // Pieces' 歩 and 飛 are on the board, lines of their own far above; keep the last two.
    lines.sort_by(|a, b| a.0.total_cmp(&b.0));
    let tail: Vec<usize> = lines.iter().rev().take(2).map(|l| l.1).collect();
    assert!(
        tail[0] >= 4,
        "last line of {tail:?} characters (lines {lines:?})"
    );
}
