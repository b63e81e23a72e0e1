//! The movement marks of a kit face against each other: where a piece both steps and jumps
//! along one line (a user's piece: `WD` steps one square orthogonally or jumps two, the
//! example lion of `examples/custom/pieces.yaml` is `KNAD`), the dot and the ring stand one
//! beyond the other, not one over the other.

use shogiprint::draw::{Drawing, Fonts, Item, Point};
use shogiprint::kit::face::{face_in, FaceStyle, Lettering};
use shogiprint::rules::{betza, PieceKind, Variant};

/// The standard gold general moving as `betza`.
fn kind(betza: &str) -> PieceKind {
    let v = Variant::builtin("standard").unwrap();
    let mut kind = v.catalog.get(v.catalog.by_id("gold").unwrap()).clone();
    kind.movement = betza::parse(betza).unwrap();
    kind
}

/// The dots and rings of a face (no arrows on these pieces), each as its centre and radius
/// (ink included): shapes with a fill and no pen or a pen and no fill, after the outline.
fn circles(d: &Drawing) -> Vec<(Point, f64)> {
    d.items
        .iter()
        .skip(1)
        .filter_map(|i| match i {
            Item::Shape(s) if s.fill.is_some() != s.stroke.is_some() => s.ink_bounds(),
            _ => None,
        })
        .map(|r| (r.center(), r.w.max(r.h) / 2.0))
        .collect()
}

#[test]
fn a_step_and_a_jump_along_one_line_do_not_cover_each_other() {
    let fonts = Fonts::bundled();
    for betza in ["WD", "FA", "KNAD"] {
        let kind = kind(betza);
        for style in [FaceStyle::Kanji, FaceStyle::Arrows, FaceStyle::Western] {
            let d = face_in(
                &fonts,
                &kind,
                "金将",
                "金",
                style,
                Lettering::Brush,
                (26.0, 29.0),
            )
            .unwrap();
            let marks = circles(&d);
            let want = kind.movement.motions.len();
            assert_eq!(marks.len(), want, "{betza} {style:?}: {marks:?}");
            for (i, (a, ra)) in marks.iter().enumerate() {
                for (b, rb) in &marks[i + 1..] {
                    let gap = (*a - *b).length() - ra - rb;
                    assert!(
                        gap >= 0.2,
                        "{betza} {style:?}: marks at ({:.1}, {:.1}) and ({:.1}, {:.1}) {gap:.2} mm apart",
                        a.x,
                        a.y,
                        b.x,
                        b.y
                    );
                }
            }
        }
    }
}

#[test]
fn a_slide_of_at_most_two_squares_is_a_dot_per_square_not_an_arrow() {
    // An arrow reads "any distance" (the rules card's legend): a slide of one or two squares
    // forward is two dots on its line, as its grid on the card shows it.
    use shogiprint::draw::Segment;
    let fonts = Fonts::bundled();
    for (betza, dots, arrows) in [("fR2", 2, 0), ("fR", 0, 1), ("fB2", 4, 0)] {
        for style in [FaceStyle::Kanji, FaceStyle::Arrows, FaceStyle::Western] {
            let d = face_in(
                &fonts,
                &kind(betza),
                "金将",
                "金",
                style,
                Lettering::Brush,
                (26.0, 29.0),
            )
            .unwrap();
            let shapes = d.items.iter().skip(1).filter_map(|i| match i {
                // A brushed name's strokes are filled and drawn round with a pen.
                Item::Shape(s) if s.fill.is_some() != s.stroke.is_some() => Some(s),
                _ => None,
            });
            let (mut found_dots, mut shafts) = (0, 0);
            for s in shapes {
                let round = s
                    .path
                    .segments
                    .iter()
                    .any(|g| matches!(g, Segment::Cubic(..)));
                if s.fill.is_some() && round {
                    found_dots += 1;
                } else if s.fill.is_none() && s.path.segments.len() == 2 {
                    shafts += 1;
                }
            }
            assert_eq!((found_dots, shafts), (dots, arrows), "{betza} {style:?}");
        }
    }
}
