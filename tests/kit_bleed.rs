//! A duplex back's colour runs past its outline all round, by `kit::sheets::BLEED` (1 mm) at
//! the least and within the safe margin at the most, measured in the PDF: the back that the
//! printer lands a little off its front still leaves no white edge on the cut piece.

use shogiprint::draw::Fonts;
use shogiprint::kit::{self, sheets::BLEED, KitOptions, Layout, Paper};
use shogiprint::render::to_pdf;
use shogiprint::rules::Variant;

#[path = "support/pdf_scan.rs"]
mod pdf_scan;
use pdf_scan::{scan, P};

/// The distance from `p` to the segment `a`–`b`.
fn to_segment(p: P, a: P, b: P) -> f64 {
    let (ex, ey) = (b.x - a.x, b.y - a.y);
    let t = (((p.x - a.x) * ex + (p.y - a.y) * ey) / (ex * ex + ey * ey)).clamp(0.0, 1.0);
    ((p.x - a.x - t * ex).powi(2) + (p.y - a.y - t * ey).powi(2)).sqrt()
}

/// The least distance between the boundaries of two closed polygons.
fn gap(a: &[P], b: &[P]) -> f64 {
    let one_way = |a: &[P], b: &[P]| {
        a.iter()
            .map(|&p| {
                (0..b.len())
                    .map(|i| to_segment(p, b[i], b[(i + 1) % b.len()]))
                    .fold(f64::INFINITY, f64::min)
            })
            .fold(f64::INFINITY, f64::min)
    };
    one_way(a, b).min(one_way(b, a))
}

#[test]
fn a_duplex_backs_colour_runs_a_whole_bleed_past_its_outline_and_stays_out_of_the_margin() {
    // The bleed was the pentagon drawn 2 mm wider and taller, its base 1 mm under the face's:
    // past the roof it ran 0.79-0.82 mm, a fifth short of the 1 mm the README promises.
    let fonts = Fonts::bundled();
    for (name, paper) in [("standard", Paper::A4), ("chu", Paper::LETTER)] {
        let v = Variant::builtin(name).unwrap();
        let options = KitOptions {
            layout: Layout::Duplex,
            paper,
            board: false,
            rules_card: false,
            ..KitOptions::default()
        };
        let kit = kit::build(&v, &options, &fonts).unwrap();
        let pages = scan(&to_pdf(&kit.pages, &fonts, "kit"));
        let m = options.margin;
        for pl in &kit.placements {
            let page = &pages[pl.back_page];
            let face: Vec<P> = pl.back.iter().map(|p| P { x: p.x, y: p.y }).collect();
            let (fx, fy) = (
                face.iter().map(|p| p.x).sum::<f64>() / 5.0,
                face.iter().map(|p| p.y).sum::<f64>() / 5.0,
            );
            // The bleed: the filled path under the face that holds the face's middle, and
            // more than its outline.
            let bleed = page
                .paths
                .iter()
                .filter(|p| p.fill.is_some() && p.stroke.is_none())
                .flat_map(|p| p.subpaths.iter())
                .find(|s| {
                    let (x0, x1) = s
                        .iter()
                        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.x), b.max(p.x)));
                    let (y0, y1) = s
                        .iter()
                        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.y), b.max(p.y)));
                    x0 < fx && fx < x1 && y0 < fy && fy < y1 && x1 - x0 > pl_width(&face) + 1.0
                })
                .unwrap_or_else(|| panic!("{name}: no bleed under part {}", pl.part));
            let least = gap(&face, bleed);
            assert!(
                least >= BLEED - 1e-3,
                "{name} {paper}: part {} page {}: the bleed runs {least:.2} mm past the outline",
                pl.part,
                pl.back_page + 1
            );
            for p in bleed {
                assert!(
                    p.x >= m - 1e-6
                        && p.y >= m - 1e-6
                        && p.x <= paper.width - m + 1e-6
                        && p.y <= paper.height - m + 1e-6,
                    "{name} {paper}: part {}: bleed at {p:?} in the margin",
                    pl.part
                );
            }
        }
    }
}

fn pl_width(face: &[P]) -> f64 {
    let (a, b) = face
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.x), b.max(p.x)));
    b - a
}
