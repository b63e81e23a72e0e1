//! Faces crowded with movement marks: the example lion of `examples/custom/pieces.yaml`
//! (`KNAD`: king steps, knight, alfil and dabbaba jumps, 24 marks), measured on the kit face
//! and on the diagram face the rules card and `--style arrows` draw. Its name must read (at
//! least 60 % of a plain face's), and every mark must stand apart: none over the name, none
//! over another; where a dot and a ring share a place, the ring goes round the dot with air
//! between them.

use shogiprint::diagram::face::{draw_face, Label, LABEL_EM};
use shogiprint::draw::{Drawing, FontRole, Fonts, Item, Point, Rect};
use shogiprint::kit::face::{face_in, FaceStyle, Lettering};
use shogiprint::rules::{PieceCatalog, PieceKind};

/// The built-in pieces with the example ones added.
fn catalog() -> PieceCatalog {
    let text = std::fs::read_to_string("examples/custom/pieces.yaml").unwrap();
    PieceCatalog::builtin_with(&text, "pieces.yaml").unwrap()
}

fn kind(catalog: &PieceCatalog, id: &str) -> PieceKind {
    catalog.get(catalog.by_id(id).unwrap()).clone()
}

/// A circle mark: its centre, its outer radius (pen included) and its inner one (the ring's
/// hole; 0 for a dot).
#[derive(Clone, Copy, Debug)]
struct Circle {
    c: Point,
    outer: f64,
    inner: f64,
}

/// The dots and rings of a face, after its outline: shapes with a fill and no pen, or a pen
/// and no fill (a brushed name's strokes have both).
fn circles(d: &Drawing) -> Vec<Circle> {
    d.items
        .iter()
        .skip(1)
        .filter_map(|i| match i {
            Item::Shape(s) if s.fill.is_some() != s.stroke.is_some() => {
                let b = s.path.bounds()?;
                let half = s.stroke.as_ref().map_or(0.0, |k| k.width / 2.0);
                let r = b.w.max(b.h) / 2.0;
                Some(Circle {
                    c: b.center(),
                    outer: r + half,
                    inner: if s.stroke.is_some() { r - half } else { 0.0 },
                })
            }
            _ => None,
        })
        .collect()
}

/// The ink box of the name (the glyphs not in the regular face, which writes the English name).
fn name_box(fonts: &Fonts, d: &Drawing) -> Rect {
    d.items
        .iter()
        .filter_map(|i| match i {
            Item::Text { glyphs, .. } => Some(glyphs),
            _ => None,
        })
        .flatten()
        .filter(|g| g.font != FontRole::Regular)
        .filter_map(|g| fonts.ink_rect(g))
        .reduce(|a, b| a.union(&b))
        .unwrap()
}

fn boxes_meet(a: &Rect, b: &Rect) -> bool {
    a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom()
}

fn circle_box(m: &Circle) -> Rect {
    Rect::new(
        m.c.x - m.outer,
        m.c.y - m.outer,
        2.0 * m.outer,
        2.0 * m.outer,
    )
}

/// Every two marks apart, or one round the other (a ring round a dot) with `air` mm between
/// the dot and the ring's ink; none over the name's box.
fn assert_apart(what: &str, marks: &[Circle], name: &Rect, air: f64) {
    for (i, a) in marks.iter().enumerate() {
        let ab = circle_box(a);
        assert!(
            !boxes_meet(&ab, name),
            "{what}: the mark at ({:.2}, {:.2}) is over the name {name:?}",
            a.c.x,
            a.c.y
        );
        for b in &marks[i + 1..] {
            if (a.c - b.c).length() < 1e-6 {
                let (dot, ring) = if a.inner == 0.0 { (a, b) } else { (b, a) };
                let gap = ring.inner - dot.outer;
                assert!(
                    dot.inner == 0.0 && ring.inner > 0.0 && gap >= air,
                    "{what}: a ring over a mark at ({:.2}, {:.2}): {gap:.2} mm between them",
                    a.c.x,
                    a.c.y
                );
            } else {
                assert!(
                    !boxes_meet(&ab, &circle_box(b)),
                    "{what}: marks at ({:.2}, {:.2}) and ({:.2}, {:.2}) overlap",
                    a.c.x,
                    a.c.y,
                    b.c.x,
                    b.c.y
                );
            }
        }
    }
}

#[test]
fn the_example_lions_kit_face_has_a_name_that_reads_and_every_mark_on_its_own_place() {
    // The 24 marks stood on a ring round the name's middle, the steps' dots 2 mm from it, and
    // the name inside them came to 30 % of a plain face's (1.9 mm).
    let fonts = Fonts::bundled();
    let catalog = catalog();
    let lion = kind(&catalog, "lion_demo");
    let gold = kind(&catalog, "gold");
    let size = (26.0, 29.0);
    for style in [FaceStyle::Kanji, FaceStyle::Arrows, FaceStyle::Western] {
        let d = face_in(&fonts, &lion, "獅子", "獅", style, Lettering::Brush, size).unwrap();
        let plain = face_in(&fonts, &gold, "金将", "金", style, Lettering::Brush, size).unwrap();
        let name = name_box(&fonts, &d);
        let plain_name = name_box(&fonts, &plain);
        let share = name.h / plain_name.h;
        assert!(
            share >= 0.6,
            "{style:?}: the lion's name is {:.2} mm high, {:.0} % of the gold's {:.2} mm",
            name.h,
            100.0 * share,
            plain_name.h
        );
        let marks = circles(&d);
        assert_eq!(marks.len(), 24, "{style:?}");
        // On a kit face no two marks share a place: each its own direction and distance.
        let places: Vec<Point> = marks.iter().map(|m| m.c).collect();
        for (i, a) in places.iter().enumerate() {
            assert!(places[i + 1..].iter().all(|b| (*a - *b).length() > 0.1));
        }
        assert_apart(&format!("kit {style:?}"), &marks, &name, 0.0);
    }
}

#[test]
fn a_diagram_faces_ring_and_dot_on_one_place_stand_one_round_the_other() {
    // The rules card's and `--style arrows`'s face stand every mark on the label's box: the
    // lion's step one square and jump two squares along a line came to one place, the ring
    // drawn over the dot.
    let fonts = Fonts::bundled();
    let catalog = catalog();
    let lion = kind(&catalog, "lion_demo");
    for (base, height) in [(18.0, 19.5), (11.0, 11.9)] {
        let mut d = Drawing::new(40.0, 40.0);
        draw_face(
            &mut d,
            &fonts,
            &lion,
            Label::Kanji('獅'),
            Point::new(20.0, 30.0),
            (base, height),
            LABEL_EM * base,
            0.0,
        )
        .unwrap();
        let marks = circles(&d);
        assert_eq!(marks.len(), 24, "{base}");
        let name = name_box(&fonts, &d);
        // A tenth of a dot's radius of air at least between a dot and the ring round it.
        let dot = marks
            .iter()
            .filter(|m| m.inner == 0.0)
            .map(|m| m.outer)
            .fold(f64::INFINITY, f64::min);
        assert_apart(&format!("diagram {base} mm"), &marks, &name, 0.3 * dot);
    }
}
