//! The kit's cover laid out on every paper: the parts table and the start position never
//! overlap (on B5 and A5 the table's Count and Size columns once ran under the diagram), and
//! nothing of the cover's text prints over anything else or past the safe margin.

use shogiprint::draw::{Fonts, Item, Rect};
use shogiprint::kit::{self, Kit, KitError, KitOptions, Layout, Paper};
use shogiprint::rules::{PieceCatalog, Variant};
use std::sync::Arc;

fn overlap(a: &Rect, b: &Rect) -> bool {
    a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom()
}

/// Every paper the command line names, the width at which the table once just missed the
/// diagram, and two narrow ones; with and without a rules card, folded and duplex.
fn covers(variant: &str) -> Vec<(String, Kit, KitOptions)> {
    let v = Variant::builtin(variant).unwrap();
    let fonts = Fonts::bundled();
    let papers = [
        Paper::A4,
        Paper::LETTER,
        Paper::B5,
        Paper::A5,
        "200x280mm".parse().unwrap(),
        "150x250mm".parse().unwrap(),
        "90x200mm".parse().unwrap(),
    ];
    let mut out = Vec::new();
    for paper in papers {
        for rules_card in [true, false] {
            for layout in [Layout::Fold, Layout::Duplex] {
                let options = KitOptions {
                    paper,
                    rules_card,
                    layout,
                    board: false,
                    ..KitOptions::default()
                };
                // A rules card or a piece that does not fit the paper is refused: no cover.
                if let Ok(kit) = kit::build(&v, &options, &fonts) {
                    let what = format!("{variant} {paper} card {rules_card} {}", layout.name());
                    out.push((what, kit, options));
                }
            }
        }
    }
    out
}

#[test]
fn the_parts_table_and_the_start_position_never_overlap() {
    for variant in ["standard", "chu", "minishogi"] {
        let covers = covers(variant);
        assert!(covers.len() >= 20, "{variant}: {} covers", covers.len());
        for (what, kit, options) in &covers {
            let c = &kit.cover;
            assert!(
                !overlap(&c.table, &c.diagram),
                "{what}: table {:?} over the diagram {:?}",
                c.table,
                c.diagram
            );
            if let Some(beside) = &c.beside {
                assert!(
                    !overlap(beside, &c.diagram),
                    "{what}: text {beside:?} over the diagram {:?}",
                    c.diagram
                );
            }
            let page = &kit.pages[0];
            let m = options.margin;
            let safe = Rect::new(m, m, page.width - 2.0 * m, page.height - 2.0 * m);
            for (name, r) in [("table", &c.table), ("diagram", &c.diagram)] {
                assert!(
                    safe.contains(r, 1e-6),
                    "{what}: {name} {r:?} past the margin"
                );
            }
            // The table has its five columns: its ink is wider than the first two.
            assert!(
                c.table.w > 60.0 * (safe.w / 198.0).min(1.0),
                "{what}: {:?}",
                c.table
            );
        }
    }
}

#[test]
fn no_text_on_the_cover_prints_over_other_text() {
    // Measured on the drawing, with no help from the layout: the ink of every text run on
    // page 1 (a table cell, a line, a piece on the diagram) against every other's.
    let fonts = Fonts::bundled();
    for variant in ["standard", "chu"] {
        for (what, kit, _) in covers(variant) {
            // Each glyph's ink with the index of its run (a table cell, a line, the pieces of
            // the diagram): glyphs of one run are set side by side by the font.
            let glyphs: Vec<(usize, char, Rect)> = kit.pages[0]
                .items
                .iter()
                .enumerate()
                .filter_map(|(i, item)| match item {
                    Item::Text { glyphs, .. } => Some(
                        glyphs
                            .iter()
                            .filter_map(|g| fonts.ink_rect(g).map(|r| (i, g.ch, r)))
                            .collect::<Vec<_>>(),
                    ),
                    Item::Shape(_) => None,
                })
                .flatten()
                .collect();
            // Pieces (and their labels, 3 mm over them) start under the cover; only the cover's
            // own text is compared.
            let end = kit
                .placements
                .iter()
                .filter(|p| p.page == 0)
                .flat_map(|p| p.front.iter().chain(p.back.iter()))
                .map(|p| p.y - 3.0)
                .fold(f64::INFINITY, f64::min);
            let cover: Vec<_> = glyphs
                .iter()
                .filter(|(_, _, r)| r.bottom() <= end)
                .collect();
            for (k, (i, a, ra)) in cover.iter().enumerate() {
                for (j, b, rb) in &cover[k + 1..] {
                    // Ink boxes of neighbouring glyphs may touch at a hair.
                    assert!(
                        i == j || !overlap(&ra.inset(0.05), &rb.inset(0.05)),
                        "{what}: '{a}' {ra:?} over '{b}' {rb:?}"
                    );
                }
            }
        }
    }
}

/// The text of a page, spaces left out.
fn page_text(page: &shogiprint::draw::Drawing) -> String {
    page.items
        .iter()
        .filter_map(|i| match i {
            Item::Text { glyphs, .. } => Some(glyphs.iter().map(|g| g.ch).collect::<String>()),
            Item::Shape(_) => None,
        })
        .collect()
}

#[test]
fn the_whole_cover_is_printed_within_the_margins_on_every_paper() {
    // On A5 the cover's last paragraph (how to assemble the board) ran off the foot of the
    // page, and on smaller paper whole sections did: the cover goes on over a second page
    // where one is not enough. Every glyph of the kit lies within the safe margin, clear of the
    // duplex registration marks, and the cover's last words are printed.
    let fonts = Fonts::bundled();
    let papers = [
        Paper::A4,
        Paper::LETTER,
        Paper::B5,
        Paper::A5,
        "150x250mm".parse().unwrap(),
        "110x160mm".parse().unwrap(),
    ];
    for variant in ["standard", "minishogi"] {
        let v = Variant::builtin(variant).unwrap();
        for paper in papers {
            for layout in [Layout::Fold, Layout::Duplex] {
                let options = KitOptions {
                    paper,
                    layout,
                    komadai: true,
                    rules_card: false,
                    ..KitOptions::default()
                };
                let what = format!("{variant} {paper} {}", layout.name());
                let kit = kit::build(&v, &options, &fonts).unwrap();
                let m = options.margin;
                let (pw, ph) = (paper.width, paper.height);
                let safe = Rect::new(m, m, pw - 2.0 * m, ph - 2.0 * m);
                // The registration marks' crosses, 3.5 mm each way from their middles, on the
                // sheets of the cover and the pieces (before the board and the stands).
                let sheets = kit.tile_pages.first().copied().unwrap_or(kit.pages.len());
                let marks = [safe.x + 4.0, safe.right() - 4.0]
                    .map(|x| Rect::new(x - 3.5, safe.bottom() - 7.5, 7.0, 7.0));
                for (n, page) in kit.pages.iter().enumerate() {
                    for item in &page.items {
                        let Item::Text { glyphs, .. } = item else {
                            continue;
                        };
                        for g in glyphs {
                            let Some(r) = fonts.ink_rect(g) else { continue };
                            assert!(
                                safe.contains(&r, 1e-6),
                                "{what}: page {} '{}' at {r:?} past the margin",
                                n + 1,
                                g.ch
                            );
                            if layout == Layout::Duplex && n < sheets {
                                for mark in &marks {
                                    assert!(
                                        !overlap(&r, mark),
                                        "{what}: page {} '{}' at {r:?} on a registration mark",
                                        n + 1,
                                        g.ch
                                    );
                                }
                            }
                        }
                    }
                }
                let text: String = kit.pages.iter().map(page_text).collect();
                assert!(
                    text.contains("(komadai):oneforeachplayer'scapturedpieces."),
                    "{what}: the cover's last words are not printed"
                );
            }
        }
    }
}

/// The cover's text, spaces left out.
fn cover_text(kit: &Kit) -> String {
    kit.pages[0]
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Text { glyphs, .. } => Some(glyphs.iter().map(|g| g.ch).collect::<String>()),
            Item::Shape(_) => None,
        })
        .collect()
}

#[test]
fn the_summary_names_the_faces_and_their_lettering_in_english() {
    use shogiprint::kit::face::{FaceStyle, Lettering};
    // `--style arrows` once read "12 pieces, brush arrows faces, fold layout".
    let v = Variant::builtin("minishogi").unwrap();
    let fonts = Fonts::bundled();
    for (style, lettering, words) in [
        (
            FaceStyle::Kanji,
            Lettering::Brush,
            "kanji names in brush lettering",
        ),
        (
            FaceStyle::Kanji,
            Lettering::Mincho,
            "kanji names in Mincho type",
        ),
        (
            FaceStyle::Arrows,
            Lettering::Brush,
            "one-kanji names in brush lettering",
        ),
        (
            FaceStyle::Arrows,
            Lettering::Mincho,
            "one-kanji names in Mincho type",
        ),
        (FaceStyle::Western, Lettering::Brush, "western letters"),
        (FaceStyle::Western, Lettering::Mincho, "western letters"),
    ] {
        let options = KitOptions {
            style,
            lettering,
            board: false,
            rules_card: false,
            ..KitOptions::default()
        };
        let kit = kit::build(&v, &options, &fonts).unwrap();
        let text = cover_text(&kit);
        let want = format!("12 pieces: {words}, fold layout, A4").replace(' ', "");
        assert!(
            text.contains(&want),
            "{style:?} {lettering:?}: no \"{want}\" in {}",
            &text[..text.len().min(200)]
        );
    }
}

/// Every built-in variant and a user's (`examples/custom/`), as the README's commands make them.
fn every_variant() -> Vec<Arc<Variant>> {
    let mut out: Vec<Arc<Variant>> = ["standard", "minishogi", "gorogoro", "sho", "chu"]
        .iter()
        .map(|n| Variant::builtin(n).unwrap())
        .collect();
    let text = std::fs::read_to_string("examples/custom/pieces.yaml").unwrap();
    let catalog = Arc::new(PieceCatalog::builtin_with(&text, "pieces.yaml").unwrap());
    let vtext = std::fs::read_to_string("examples/custom/variant.yaml").unwrap();
    out.push(Variant::from_yaml(&vtext, "variant.yaml", catalog).unwrap());
    out
}

#[test]
fn every_variants_cover_stays_within_the_margins_with_its_board_on_a4_letter_and_a5() {
    // With the board, the summary under the title takes a second line on A5, and chu shogi's
    // start position (under its 22-row parts table, beside the printing notes) ran 1.5 mm into
    // the foot margin, its caption 4.5 mm from the edge; a user's variant with a long name
    // (Kirin minishogi (example) 麒麟五五将棋) ran its title off the right of the page.
    let fonts = Fonts::bundled();
    for v in every_variant() {
        for paper in [Paper::A4, Paper::LETTER, Paper::A5] {
            for layout in [Layout::Fold, Layout::Duplex] {
                for rules_card in [true, false] {
                    let options = KitOptions {
                        paper,
                        layout,
                        rules_card,
                        komadai: v.drops,
                        ..KitOptions::default()
                    };
                    let what = format!("{} {paper} {} card {rules_card}", v.english, layout.name());
                    let kit = match kit::build(&v, &options, &fonts) {
                        Ok(kit) => kit,
                        // Chu shogi's rules card fits no A5 page: that kit is refused.
                        Err(KitError::RulesCardDoesNotFit(_)) if rules_card => continue,
                        Err(e) => panic!("{what}: {e}"),
                    };
                    let m = options.margin;
                    let safe = Rect::new(m, m, paper.width - 2.0 * m, paper.height - 2.0 * m);
                    assert!(
                        safe.contains(&kit.cover.diagram, 1e-6),
                        "{what}: the start position {:?} past the margin",
                        kit.cover.diagram
                    );
                    let cover_pages = match layout {
                        Layout::Fold => kit.cover.pages,
                        Layout::Duplex => 2 * kit.cover.pages,
                    };
                    for (n, page) in kit.pages[..cover_pages].iter().enumerate() {
                        for item in &page.items {
                            let Item::Text { glyphs, .. } = item else {
                                continue;
                            };
                            for g in glyphs {
                                let Some(r) = fonts.ink_rect(g) else { continue };
                                assert!(
                                    safe.contains(&r, 1e-6),
                                    "{what}: page {} '{}' at {r:?} past the margin",
                                    n + 1,
                                    g.ch
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
