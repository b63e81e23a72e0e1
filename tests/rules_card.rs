//! The rules card: one page per variant that says what the variant's data and the rules core
//! say, measured in the drawing and in the PDF (every string and mark inside the margins, one
//! face per kind and promotion), with the known answers of the rules sheets the project keeps
//! as seeds (seed 002, gnushogi's shogi.rules; seed 004, the shogi.cz manual; seed 003, the
//! Boston Shogi Association's introduction; seed 001, Wil's Gaijin kit for sho shogi).

use shogiprint::draw::{Drawing, Fonts, Item};
use shogiprint::paper::Paper;
use shogiprint::render::to_pdf;
use shogiprint::rules::{History, Position, Repetition, Variant};
use shogiprint::rulescard::{self, facts, RulesCard, RulesCardOptions};
use std::process::Command;
use std::sync::Arc;

#[path = "support/pdf_scan.rs"]
mod pdf_scan;
use pdf_scan::scan;

fn variant(name: &str) -> Arc<Variant> {
    Variant::builtin(name).unwrap()
}

fn card(name: &str, paper: Paper) -> RulesCard {
    let options = RulesCardOptions {
        paper,
        ..RulesCardOptions::default()
    };
    rulescard::build(&variant(name), &options, &Fonts::bundled()).expect("the card builds")
}

/// Every character the page shows, in drawing order, spaces left out.
fn text(d: &Drawing) -> String {
    d.items
        .iter()
        .filter_map(|i| match i {
            Item::Text { glyphs, .. } => Some(glyphs.iter().map(|g| g.ch).collect::<String>()),
            Item::Shape(_) => None,
        })
        .collect()
}

fn says(card: &RulesCard, words: &str) -> bool {
    text(&card.pages[0]).contains(&words.replace(' ', ""))
}

/// Wood-coloured five-point outlines: the pieces' faces.
fn faces(d: &Drawing) -> usize {
    let wood = shogiprint::diagram::face::WOOD;
    d.items
        .iter()
        .filter(
            |i| matches!(i, Item::Shape(s) if s.fill == Some(wood) && s.path.segments.len() >= 5),
        )
        .count()
}

const VARIANTS: [&str; 4] = ["standard", "minishogi", "gorogoro", "sho"];

#[test]
fn the_start_positions_frame_stroke_included_ends_at_the_10_mm_margin() {
    // The board at the top right is framed by a 0.35 mm line: its outer edge, not the line's
    // middle, meets the margin (it stood 0.175 mm past it, top and right).
    for paper in [Paper::A4, Paper::LETTER] {
        let c = card("standard", paper);
        let frame = c.pages[0]
            .items
            .iter()
            .find_map(|i| match i {
                Item::Shape(s)
                    if s.fill.is_none()
                        && s.stroke.as_ref().is_some_and(|k| k.width == 0.35)
                        && s.path.segments.len() == 5 =>
                {
                    Some(s)
                }
                _ => None,
            })
            .expect("the start position's frame");
        let ink = frame.ink_bounds().unwrap();
        assert!(
            (ink.y - 10.0).abs() < 1e-9,
            "{paper}: top edge at {} mm",
            ink.y
        );
        assert!(
            (ink.right() - (paper.width - 10.0)).abs() < 1e-9,
            "{paper}: right edge at {} mm, margin at {} mm",
            ink.right(),
            paper.width - 10.0
        );
    }
}

#[test]
fn every_string_and_mark_lies_inside_the_margins_on_a4_and_letter() {
    let fonts = Fonts::bundled();
    for name in VARIANTS {
        for paper in [Paper::A4, Paper::LETTER] {
            let c = card(name, paper);
            let block = c.text_block;
            assert!(
                (block.x - 10.0).abs() < 1e-9
                    && (block.right() - (paper.width - 10.0)).abs() < 1e-9
            );
            for item in c.pages.iter().flat_map(|p| &p.items) {
                match item {
                    Item::Text { glyphs, .. } => {
                        for g in glyphs {
                            // Spaces have no ink.
                            let Some(r) = fonts.ink_rect(g) else { continue };
                            assert!(
                                block.contains(&r, 0.01),
                                "{name} {paper}: '{}' at {r:?} outside {block:?}",
                                g.ch
                            );
                        }
                    }
                    Item::Shape(s) => {
                        // Its ink: the path, and the pen's half width, corners and caps.
                        let r = s.ink_bounds().unwrap_or_default();
                        assert!(block.contains(&r, 1e-9), "{name} {paper}: shape {r:?}");
                    }
                }
            }
            // The same in the PDF: every glyph's origin inside the margins.
            let bytes = to_pdf(&c.pages, &fonts, "card");
            let pages = scan(&bytes);
            assert_eq!(pages.len(), 1, "one page");
            assert!(!pages[0].glyphs.is_empty());
            for g in &pages[0].glyphs {
                assert!(
                    g.at.x >= 10.0 - 0.01
                        && g.at.x <= paper.width - 10.0 + 0.01
                        && g.at.y >= 10.0 - 0.01
                        && g.at.y <= paper.height - 10.0 + 0.01,
                    "{name} {paper}: glyph at {:?}",
                    g.at
                );
            }
            // Readable: body type of 6.5 pt (2.3 mm) or more, as leaflets print, and grids
            // of at least 3 mm squares.
            println!(
                "{name} {paper}: body {} mm, grid squares {:.2} mm",
                c.body_size, c.grid_square
            );
            assert!(c.body_size >= 2.3, "{name} {paper}: body {}", c.body_size);
            assert!(
                c.grid_square >= 3.0,
                "{name} {paper}: grid {}",
                c.grid_square
            );
        }
    }
}

#[test]
fn every_kind_a_side_starts_with_is_shown_with_its_promotion() {
    // Standard: 8 kinds, 6 of which promote (seed 002: "Apart from the King and the Gold
    // General all pieces can promote"), so 14 faces.
    for (name, want) in [
        ("standard", 14),
        ("minishogi", 10),
        ("gorogoro", 6),
        ("sho", 16),
    ] {
        let c = card(name, Paper::A4);
        assert_eq!(faces(&c.pages[0]), want, "{name}");
        let v = variant(name);
        for (kind, _) in &v.set {
            let k = v.catalog.get(*kind);
            assert!(says(&c, &k.kanji), "{name}: {}", k.kanji);
            assert!(says(&c, &k.reading), "{name}: {}", k.reading);
            assert!(says(&c, &k.english), "{name}: {}", k.english);
            if let Some(p) = k.promotes_to {
                assert!(says(&c, &v.catalog.get(p).kanji), "{name}: {}", k.kanji);
            }
        }
    }
}

#[test]
fn standard_card_teaches_the_drop_rules_repetition_impasse_and_handicaps() {
    let c = card("standard", Paper::A4);
    // Seed 002/004: three-rank zone; pawns and lances may not be dropped on the last rank,
    // knights on the last two; nifu and pawn-drop mate.
    assert_eq!(c.facts.zone, 3);
    let v = variant("standard");
    let id = |k: &[shogiprint::rules::KindId]| -> Vec<String> {
        k.iter().map(|k| v.catalog.get(*k).id.clone()).collect()
    };
    let dead: Vec<(u8, Vec<String>)> = c
        .facts
        .dead_ranks
        .iter()
        .map(|(n, k)| (*n, id(k)))
        .collect();
    assert_eq!(
        dead,
        [
            (1, vec!["lance".to_string(), "pawn".to_string()]),
            (2, vec!["knight".to_string()])
        ]
    );
    assert_eq!(id(&c.facts.no_promotion), ["king", "gold"]);
    for words in [
        "相手側の3段",
        "the three ranks farthest from you",
        "二歩",
        "Two pawns (nifu)",
        "打ち歩詰め",
        "Pawn-drop mate (uchifuzume)",
        "香・歩を最奥の1段、桂を奥の2段に打つ",
        "a lance or pawn on the last rank, a knight on the last two ranks",
        "王手",
        "詰み",
        "千日手",
        "4回",
        "連続王手の千日手",
        "perpetual check",
        // Seed 004: rook and bishop 5 points, the others 1; fewer than 24 loses.
        "飛・角は5点、ほかの駒は1点",
        "24点未満の側の負け",
        "上手が先に指す",
        "moves first",
    ] {
        assert!(says(&c, words), "missing: {words}");
    }
}

#[test]
fn minishogi_has_a_one_rank_zone_and_no_impasse() {
    let c = card("minishogi", Paper::A4);
    assert_eq!(c.facts.zone, 1);
    assert!(says(&c, "相手側の1段"));
    assert!(says(&c, "the rank farthest from you"));
    assert!(says(&c, "二歩") && says(&c, "打ち歩詰め"));
    assert!(says(&c, "盤5×5マス"));
    assert!(
        !says(&c, "持将棋"),
        "a side's army is 13 points, short of 24"
    );
    assert!(!says(&c, "上手"), "minishogi has no handicaps");
}

#[test]
fn goro_goro_has_a_two_rank_zone_and_only_its_four_kinds() {
    let c = card("gorogoro", Paper::A4);
    assert_eq!(c.facts.zone, 2);
    assert!(says(&c, "相手側の2段") && says(&c, "the two ranks farthest from you"));
    assert!(says(&c, "盤5×6マス"));
    assert!(!says(&c, "飛車") && !says(&c, "桂馬"));
    // Seed 003: "Pieces can't be dropped where they would never be able to move".
    assert!(says(&c, "歩を最奥の1段に打つ"));
}

#[test]
fn sho_shogi_shows_the_elephant_and_says_there_are_no_drops() {
    let c = card("sho", Paper::A4);
    assert!(!c.facts.drops);
    // Seed 001: the drunk elephant promotes to crown prince; a side loses when it has neither
    // king nor crown prince.
    assert!(says(&c, "酔象") && says(&c, "Drunk elephant"));
    assert!(says(&c, "太子") && says(&c, "Crown prince"));
    assert!(says(&c, "持ち駒はない") && says(&c, "there are no drops"));
    assert!(!says(&c, "二歩") && !says(&c, "打ち歩詰め"));
    assert!(says(&c, "玉将と太子"));
    assert!(says(&c, "the opponent has lost its king and crown prince"));
}

#[test]
fn without_drops_no_rule_counts_or_compares_pieces_in_hand() {
    let c = card("sho", Paper::A4);
    // Repetition compares the board and the side to move; impasse counts the board.
    assert!(says(&c, "盤上・手番が同じ") && says(&c, "(board, side to move)"));
    assert!(says(&c, "盤上の駒を点数で数える") && says(&c, "count the pieces on the board:"));
    assert!(!says(&c, "盤上と持ち駒") && !says(&c, "in hand"));
    // Neither royal piece counts, in both languages.
    assert!(says(&c, "玉・太は数えない") && says(&c, "kings and crown princes none"));
}

/// The dots and arrowheads of a movement grid drawn for `betza` (filled in ink: a dot is a
/// circle, of cubic arcs; an arrowhead a triangle), and the centres of the dots.
fn grid_marks(betza: &str) -> (Vec<(f64, f64)>, usize) {
    use shogiprint::draw::{Point, Segment};
    let catalog = &variant("standard").catalog;
    let mut kind = catalog.get(catalog.by_id("rook").unwrap()).clone();
    kind.movement = shogiprint::rules::betza::parse(betza).unwrap();
    let mut d = Drawing::new(60.0, 60.0);
    rulescard::figures::movement_grid(
        &mut d,
        &Fonts::bundled(),
        &kind,
        "試",
        Point::new(0.0, 0.0),
        (10.0, 10.0),
    )
    .unwrap();
    let ink = shogiprint::diagram::face::INK;
    let (mut dots, mut heads) = (Vec::new(), 0);
    for item in &d.items {
        let Item::Shape(s) = item else { continue };
        if s.fill != Some(ink) {
            continue;
        }
        if s.path
            .segments
            .iter()
            .any(|g| matches!(g, Segment::Cubic(..)))
        {
            let xs: Vec<Point> = s
                .path
                .segments
                .iter()
                .filter_map(|g| match g {
                    Segment::Move(p) | Segment::Cubic(_, _, p) => Some(*p),
                    _ => None,
                })
                .collect();
            // The middle of the arcs' ends: the circle's centre.
            let mid = |f: fn(&Point) -> f64| {
                let lo = xs.iter().map(f).fold(f64::MAX, f64::min);
                let hi = xs.iter().map(f).fold(f64::MIN, f64::max);
                ((lo + hi) * 5.0).round() / 10.0
            };
            dots.push((mid(|p| p.x), mid(|p| p.y)));
        } else {
            heads += 1;
        }
    }
    (dots, heads)
}

#[test]
fn a_slide_that_stops_inside_the_grid_is_a_dot_per_square_not_an_arrow() {
    // The legend reads an arrow "any distance": a slide of at most two squares forward
    // (5 × 5 grid of 10 mm squares, the piece on the middle one, centre (25, 25)) is a dot
    // on each of the two squares it reaches.
    let (dots, heads) = grid_marks("fR2");
    assert_eq!(heads, 0, "{dots:?}");
    assert_eq!(dots, [(25.0, 15.0), (25.0, 5.0)]);
    // An unlimited slide, or one that goes on past the grid's edge, keeps its arrow.
    for betza in ["fR", "fR3"] {
        let (dots, heads) = grid_marks(betza);
        assert_eq!((dots.len(), heads), (0, 1), "{betza}");
    }
}

#[test]
fn the_cards_numbers_are_the_cores() {
    // Impasse: the 24-point rule as src/rules/impasse.rs decides it.
    assert!(facts::impasse_threshold_holds(&variant("standard")));
    // Repetition: kings stepping out and back; the fourth occurrence ends the game.
    let v = variant("standard");
    let start = Position::start(&v).unwrap();
    let mut pos = start.clone();
    let mut history = History::new(&start);
    let mut occurrences = 1;
    let mut ended = None;
    'play: for _ in 0..5 {
        for usi in ["5i5h", "5a5b", "5h5i", "5b5a"] {
            let mv = shogiprint::formats::notation::usi::parse_move(&v, usi).unwrap();
            pos.play(mv).unwrap();
            let r = history.push(&pos);
            if pos.key() == start.key() {
                occurrences += 1;
            }
            if r.is_some() {
                ended = r;
                break 'play;
            }
        }
    }
    assert_eq!(ended, Some(Repetition::Draw));
    assert_eq!(occurrences, facts::REPETITIONS);
    assert_eq!(card("standard", Paper::A4).facts.repetitions, occurrences);
}

/// Every line of a card's pages: each text item is one line (a bullet is one of its own).
fn lines(card: &RulesCard) -> Vec<String> {
    card.pages
        .iter()
        .flat_map(|p| &p.items)
        .filter_map(|i| match i {
            Item::Text { glyphs, .. } => Some(glyphs.iter().map(|g| g.ch).collect::<String>()),
            Item::Shape(_) => None,
        })
        .collect()
}

#[test]
fn headings_stay_whole_and_no_line_ends_a_character_before_a_bracket() {
    for name in VARIANTS.into_iter().chain(["chu"]) {
        for paper in [Paper::A4, Paper::A5] {
            let options = RulesCardOptions {
                paper,
                least_margin: Some(6.0),
                ..RulesCardOptions::default()
            };
            let Ok(c) = rulescard::build(&variant(name), &options, &Fonts::bundled()) else {
                assert_eq!((name, paper), ("chu", Paper::A5), "the card builds");
                continue;
            };
            let lines = lines(&c);
            // 王手と詰み wrapped as 王手と詰｜み on the small boards' cards (body 3.2 mm).
            for s in rulescard::text::sections(&c.facts) {
                assert!(lines.contains(&s.ja_head), "{name} {paper}: {}", s.ja_head);
            }
            // The lines the reviewer found: a word's last kana pushed over to the bracket.
            for line in &lines {
                for torn in [
                    "る（成っていない",
                    "る（盤上の",
                    "る（成らなく",
                    "る（図の",
                    "い（1歩目",
                    "い（持ち駒",
                    "る（居喰い",
                    "る（じっと",
                ] {
                    assert!(!line.starts_with(torn), "{name} {paper}: {line}");
                }
            }
        }
    }
}

#[test]
fn a_page_too_small_is_an_error_not_a_cramped_card() {
    let tiny = Paper::parse("100x140mm").unwrap();
    let options = RulesCardOptions {
        paper: tiny,
        ..RulesCardOptions::default()
    };
    let err = rulescard::build(&variant("standard"), &options, &Fonts::bundled()).unwrap_err();
    assert!(
        matches!(err, rulescard::RulesCardError::DoesNotFit { .. }),
        "{err}"
    );
}

#[test]
fn on_a5_the_card_takes_the_widest_margin_it_fits_and_an_error_names_one() {
    let fonts = Fonts::bundled();
    let strict = RulesCardOptions {
        paper: Paper::A5,
        ..RulesCardOptions::default()
    };
    // Within 10 mm, two columns of A5 leave grids under 3 mm.
    let err = rulescard::build(&variant("standard"), &strict, &fonts).unwrap_err();
    let rulescard::RulesCardError::DoesNotFit {
        margin,
        fits_within: Some(fits),
        ..
    } = err
    else {
        panic!("{err}");
    };
    assert_eq!(margin, 10.0);
    assert!((6.0..10.0).contains(&fits) && fits.fract() == 0.0, "{fits}");
    assert!(
        err.to_string().contains(&format!("--margin {fits}")),
        "{err}"
    );
    // Allowed down to 6 mm, it takes that margin: the widest it fits within.
    let loose = RulesCardOptions {
        least_margin: Some(6.0),
        ..strict
    };
    let c = rulescard::build(&variant("standard"), &loose, &fonts).unwrap();
    assert_eq!(c.text_block.x, fits);
    assert!(c.grid_square >= 3.0 && c.body_size >= 2.3);
    // Every piece on the first page, the rules on the second: no page left half empty.
    assert_eq!(c.pages.len(), 2);
    assert_eq!(faces(&c.pages[0]), 2 * 8 - 2);
    assert_eq!(faces(&c.pages[1]), 0);
    // Chu shogi fits no margin a printer can print: none is named.
    let err = rulescard::build(&variant("chu"), &loose, &fonts).unwrap_err();
    assert!(
        matches!(
            err,
            rulescard::RulesCardError::DoesNotFit {
                margin: 6.0,
                fits_within: None,
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn the_command_writes_pdf_svg_and_png_and_the_same_bytes_twice() {
    let dir = std::env::temp_dir().join(format!("rules-card-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_shogiprint"))
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let pdf = dir.join("sho.pdf");
    run(&[
        "rules-card",
        "--variant",
        "sho",
        "-o",
        pdf.to_str().unwrap(),
    ]);
    let first = std::fs::read(&pdf).unwrap();
    assert!(first.starts_with(b"%PDF"));
    assert_eq!(scan(&first).len(), 1);
    run(&[
        "rules-card",
        "--variant",
        "sho",
        "-o",
        pdf.to_str().unwrap(),
    ]);
    assert_eq!(std::fs::read(&pdf).unwrap(), first, "deterministic");
    let svg = dir.join("mini.svg");
    run(&[
        "rules-card",
        "--variant",
        "minishogi",
        "-o",
        svg.to_str().unwrap(),
    ]);
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
    let png = dir.join("card.png");
    run(&[
        "rules-card",
        "--paper",
        "letter",
        "-o",
        png.to_str().unwrap(),
        "--px",
        "600",
    ]);
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A PNG's width and height, from its header.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(bytes.starts_with(b"\x89PNG"), "not a PNG");
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

#[test]
fn a_two_page_card_as_png_or_svg_is_one_file_a_page_named_card_1_and_card_2() {
    let dir = std::env::temp_dir().join(format!("rules-card-pages-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_shogiprint"))
            .args(args)
            .output()
            .unwrap()
    };
    let names = || {
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
            .collect();
        names.sort();
        names
    };
    // Chu shogi's card takes two A4 pages: two PNGs of a page each, not one tall image.
    let target = dir.join("card.png");
    let out = run(&[
        "rules-card",
        "--variant",
        "chu",
        "--px",
        "200",
        "-o",
        target.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(names(), ["card-1.png", "card-2.png"]);
    for name in ["card-1.png", "card-2.png"] {
        let (w, h) = png_size(&std::fs::read(dir.join(name)).unwrap());
        // A4's 210 × 297 mm.
        assert_eq!((w, h), (200, 283), "{name}");
    }
    // A5 as SVG: the same names; a one-page card keeps the name it was given.
    let target = dir.join("a5.svg");
    let out = run(&[
        "rules-card",
        "--paper",
        "a5",
        "--margin",
        "8",
        "-o",
        target.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let target = dir.join("mini.svg");
    let out = run(&[
        "rules-card",
        "--variant",
        "minishogi",
        "-o",
        target.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        names(),
        [
            "a5-1.svg",
            "a5-2.svg",
            "card-1.png",
            "card-2.png",
            "mini.svg"
        ]
    );
    // Two pages cannot both go to standard output as one PNG: refused in one line, as PDF they can.
    let out = run(&[
        "rules-card",
        "--variant",
        "chu",
        "--format",
        "png",
        "-o",
        "-",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("error: -o -: the Chu shogi card takes 2 pages")
            && stderr.lines().count() == 1,
        "{stderr}"
    );
    let out = run(&["rules-card", "--variant", "chu", "-o", "-"]);
    assert!(out.status.success());
    assert_eq!(scan(&out.stdout).len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The lines of the caption under the start position that spell `caption` (spaces left out).
fn caption_lines(lines: &[String], caption: &str) -> Option<Vec<String>> {
    let caption = caption.replace(' ', "");
    let first = lines
        .iter()
        .position(|l| !l.is_empty() && caption.starts_with(l.as_str()))?;
    let mut joined = String::new();
    let mut out = Vec::new();
    for l in &lines[first..] {
        joined.push_str(l);
        out.push(l.clone());
        if joined == caption {
            return Some(out);
        }
        if !caption.starts_with(&joined) {
            return None;
        }
    }
    None
}

#[test]
fn the_start_positions_caption_breaks_into_even_lines_not_a_lone_last_word() {
    // On the 5-file boards the figure is narrow: "Start; shaded: Black's" | "zone".
    for name in VARIANTS {
        for paper in [Paper::A4, Paper::LETTER, Paper::A5] {
            let options = RulesCardOptions {
                paper,
                least_margin: Some(6.0),
                ..RulesCardOptions::default()
            };
            let c = rulescard::build(&variant(name), &options, &Fonts::bundled()).unwrap();
            let lines = lines(&c);
            for caption in ["初形と敵陣（網掛け）", "Start; shaded: Black's zone"] {
                let got = caption_lines(&lines, caption)
                    .unwrap_or_else(|| panic!("{name} {paper}: no caption {caption}"));
                println!("{name} {paper}: {got:?}");
                let len = |l: &String| l.chars().count();
                let longest = got.iter().map(len).max().unwrap();
                let shortest = got.iter().map(len).min().unwrap();
                assert!(
                    2 * shortest >= longest,
                    "{name} {paper}: uneven caption lines {got:?}"
                );
                let words: Vec<String> = caption.split(' ').map(str::to_string).collect();
                if got.len() > 1 && got.len() < words.len() {
                    assert!(
                        !words.contains(got.last().unwrap()),
                        "{name} {paper}: a lone last word {got:?}"
                    );
                }
            }
        }
    }
}
