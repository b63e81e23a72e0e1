//! The board tiles' seams, on every paper the kit takes and every built-in variant's board:
//! none runs through a star point (hoshi), where a cut would halve the dot and the two halves
//! never quite line up again, and each runs along a grid line, away from the squares' middles
//! where the pieces stand.

use shogiprint::draw::{FontRole, Fonts, Item, Point};
use shogiprint::kit::{self, Kit, KitOptions, Paper};
use shogiprint::rules::Variant;
use std::sync::Arc;

/// The least distance from a seam to a star point's centre: the dot's radius (1.4 mm) and
/// twice as much again of plain wood, so the cut never grazes its ink.
const STAR_CLEARANCE: f64 = 4.0;

/// The most a seam may run from a grid line, as a share of the square: by its edge, not
/// across the middle where a piece stands.
const NEAR_LINE: f64 = 0.25;

/// The kit of `variant` on `paper`, its rules card left out (only the board's pages matter here).
fn kit_on(variant: &Arc<Variant>, paper: Paper, fonts: &Fonts) -> Kit {
    let options = KitOptions {
        paper,
        rules_card: false,
        ..KitOptions::default()
    };
    kit::build(variant, &options, fonts).expect("the kit builds")
}

fn papers() -> Vec<Paper> {
    vec![
        Paper::A4,
        Paper::A5,
        Paper::B5,
        Paper::LETTER,
        Paper::parse("200x250mm").unwrap(),
        Paper::parse("170x230mm").unwrap(),
        Paper::parse("300x200mm").unwrap(),
        Paper::parse("110x160mm").unwrap(),
    ]
}

/// The seams of a kit's tiling, in board millimetres: each as vertical or not and where.
fn seams(kit: &kit::Kit) -> Vec<(bool, f64)> {
    let tiling = kit.tiling.as_ref().unwrap();
    let mut out = Vec::new();
    for t in &tiling.tiles {
        if t.col + 1 < tiling.cols {
            out.push((true, t.own.right()));
        }
        if t.row + 1 < tiling.rows {
            out.push((false, t.own.bottom()));
        }
    }
    out.sort_by(|a, b| a.partial_cmp(b).unwrap());
    out.dedup();
    out
}

#[test]
fn no_seam_runs_near_a_star_point_on_any_paper_or_board() {
    let fonts = Fonts::bundled();
    let mut report = Vec::new();
    let mut bad = Vec::new();
    for name in ["standard", "sho", "chu", "minishogi", "gorogoro"] {
        let v = Variant::builtin(name).unwrap();
        for paper in papers() {
            let kit = kit_on(&v, paper, &fonts);
            let spec = kit.board.unwrap();
            let stars: Vec<Point> = spec.hoshi();
            let tiling = kit.tiling.as_ref().unwrap();
            let seams = seams(&kit);
            report.push(format!(
                "{name} {paper}: {}x{} {seams:?}",
                tiling.cols, tiling.rows
            ));
            for &(vertical, at) in &seams {
                let which = if vertical { "vertical" } else { "horizontal" };
                for s in &stars {
                    let d = if vertical {
                        (s.x - at).abs()
                    } else {
                        (s.y - at).abs()
                    };
                    if d < STAR_CLEARANCE {
                        bad.push(format!(
                            "{name} on {paper}: the {which} seam at {at:.1} mm passes {d:.1} mm from the star point at ({:.1}, {:.1})",
                            s.x, s.y
                        ));
                    }
                }
                // Along a grid line or beside one, never across a square's middle.
                let (lines, square) = if vertical {
                    (
                        (1..spec.files).map(|i| spec.line_x(i)).collect::<Vec<_>>(),
                        spec.square.0,
                    )
                } else {
                    (
                        (1..spec.ranks).map(|i| spec.line_y(i)).collect(),
                        spec.square.1,
                    )
                };
                let off = lines
                    .iter()
                    .map(|l| (l - at).abs())
                    .fold(f64::INFINITY, f64::min);
                if off > NEAR_LINE * square {
                    bad.push(format!(
                        "{name} on {paper}: the {which} seam at {at:.1} mm runs {off:.1} mm from the nearest grid line"
                    ));
                }
            }
        }
    }
    eprintln!("{}", report.join("\n"));
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn a_tiles_heading_and_note_do_not_end_on_a_stray_word() {
    // The note under each A4 tile broke as "… tip to tip; then" / "glue.", and the heading on
    // narrow paper as "Board tile 6 of 25 (row 2, column" / "1)": a last line of one word
    // under a full one. Each line is one run of text on the page.
    let fonts = Fonts::bundled();
    for name in ["standard", "chu"] {
        let v = Variant::builtin(name).unwrap();
        for paper in papers() {
            let kit = kit_on(&v, paper, &fonts);
            for &page in &kit.tile_pages {
                // The heading's lines (bold, from "Board tile" on) and the note's (regular).
                let lines: Vec<(bool, String, f64)> = kit.pages[page]
                    .items
                    .iter()
                    .filter_map(|i| match i {
                        Item::Text { glyphs, .. } => {
                            let text: String = glyphs.iter().map(|g| g.ch).collect();
                            let w = glyphs
                                .iter()
                                .filter_map(|g| fonts.ink_rect(g))
                                .reduce(|a, b| a.union(&b))?
                                .w;
                            Some((glyphs[0].font == FontRole::Regular, text, w))
                        }
                        _ => None,
                    })
                    .skip_while(|(_, text, _)| !text.starts_with("Board"))
                    .collect();
                for note in [false, true] {
                    let widths: Vec<f64> =
                        lines.iter().filter(|l| l.0 == note).map(|l| l.2).collect();
                    let (Some(last), Some(widest)) =
                        (widths.last(), widths.iter().copied().reduce(f64::max))
                    else {
                        continue;
                    };
                    assert!(
                        widths.len() == 1 || *last >= 0.4 * widest,
                        "{name} on {paper}, page {}: the {}'s last line is {last:.1} mm under lines of {widest:.1} mm: {lines:?}",
                        page + 1,
                        if note { "note" } else { "heading" }
                    );
                }
            }
        }
    }
}

#[test]
fn no_grid_line_runs_through_a_flaps_glue_label() {
    // "glue tile 12 here" stood in the middle of its flap, where on narrow paper a grid line
    // continuing over the flap ran through "glue". Each label lies between two grid lines.
    let fonts = Fonts::bundled();
    let mut seen = 0;
    for name in ["standard", "chu"] {
        let v = Variant::builtin(name).unwrap();
        for paper in papers() {
            let kit = kit_on(&v, paper, &fonts);
            let spec = kit.board.unwrap();
            let tiling = kit.tiling.as_ref().unwrap();
            for t in &tiling.tiles {
                let page = &kit.pages[kit.tile_pages[t.row * tiling.cols + t.col]];
                for item in &page.items {
                    let Item::Text { glyphs, .. } = item else {
                        continue;
                    };
                    let text: String = glyphs.iter().map(|g| g.ch).collect();
                    if !text.starts_with("gluetile") {
                        continue;
                    }
                    seen += 1;
                    let r = glyphs
                        .iter()
                        .filter_map(|g| fonts.ink_rect(g))
                        .reduce(|a, b| a.union(&b))
                        .unwrap();
                    // In board millimetres; a label across the page lies on a bottom flap.
                    let (from, to) = if r.w > r.h {
                        (r.x - t.origin.x, r.right() - t.origin.x)
                    } else {
                        (r.y - t.origin.y, r.bottom() - t.origin.y)
                    };
                    let lines: Vec<f64> = if r.w > r.h {
                        (0..=spec.files).map(|i| spec.line_x(i)).collect()
                    } else {
                        (0..=spec.ranks).map(|i| spec.line_y(i)).collect()
                    };
                    for l in lines {
                        assert!(
                            l < from - 0.2 || l > to + 0.2,
                            "{name} on {paper}, tile {}: the grid line at {l:.1} mm runs through '{text}' ({from:.1} to {to:.1} mm)",
                            t.row * tiling.cols + t.col + 1
                        );
                    }
                }
            }
        }
    }
    assert!(seen > 50, "{seen} labels");
}
