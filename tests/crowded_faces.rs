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
        // Larger dots (1.2 mm across, from 0.95) took some of its room: the kanji name with
        // its two-line English name under it came from 62 % to 55 %.
        assert!(
            share >= 0.55,
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

/// A standard gold moving as `betza`: a user's crowded piece.
fn moving(betza: &str) -> PieceKind {
    let v = shogiprint::rules::Variant::builtin("standard").unwrap();
    let mut kind = v.catalog.get(v.catalog.by_id("gold").unwrap()).clone();
    kind.movement = shogiprint::rules::betza::parse(betza).unwrap();
    kind
}

/// The name's ink on a kit face: each glyph's box (a brushed glyph with its pen) but the
/// English name's.
fn name_ink(fonts: &Fonts, d: &Drawing) -> Vec<Rect> {
    let mut out = Vec::new();
    for item in &d.items {
        match item {
            Item::Text { glyphs, .. } => out.extend(
                glyphs
                    .iter()
                    .filter(|g| g.font != FontRole::Regular)
                    .filter_map(|g| fonts.ink_rect(g)),
            ),
            Item::Shape(s) if s.fill.is_some() && s.stroke.is_some() => {
                if let (Some(b), Some(k)) = (s.path.bounds(), s.stroke.as_ref()) {
                    out.push(b.inset(-k.width / 2.0));
                }
            }
            _ => {}
        }
    }
    out
}

/// How far the circle `m` keeps from the box `r` (negative where they meet).
fn gap_to_box(m: &Circle, r: &Rect) -> f64 {
    let dx = (r.x - m.c.x).max(m.c.x - r.right()).max(0.0);
    let dy = (r.y - m.c.y).max(m.c.y - r.bottom()).max(0.0);
    (dx * dx + dy * dy).sqrt() - m.outer
}

/// The least diameter of a crowded face's step dots on a face of the gold's size (26 mm
/// across), in proportion on others: 1.0 mm on chu shogi's pawn (21 mm), 1.3 mm on the king.
const LEAST_DOT: f64 = 1.2;
/// The least height of a crowded face's name, as a share of a plain face's at its size.
const LEAST_NAME: f64 = 0.45;
/// The least gap between a crowded face's marks and its cut, and between them and its name.
const LEAST_GAP_TO_CUT: f64 = 2.0;
const LEAST_GAP_TO_NAME: f64 = 0.5;

#[test]
fn a_crowded_faces_dots_are_large_enough_to_see_and_every_mark_keeps_clear_of_cut_and_name() {
    // The lattice's dots came to 0.95 mm across on a 26 mm face, with room to spare beside
    // the name; the marks must be as large as the face allows and keep their distance.
    let fonts = Fonts::bundled();
    let catalog = catalog();
    let mut kinds = vec![("lion_demo".to_string(), kind(&catalog, "lion_demo"))];
    for betza in ["WD", "FA", "KNAD"] {
        kinds.push((betza.to_string(), moving(betza)));
    }
    // The smallest and the largest true-size faces of the standard and chu sets.
    let sizes = [(21.0, 25.0), (22.0, 27.0), (26.0, 29.0), (28.0, 31.0)];
    let mut report = Vec::new();
    let mut bad = Vec::new();
    for (what, kind) in &kinds {
        for size in sizes {
            for style in [FaceStyle::Kanji, FaceStyle::Arrows, FaceStyle::Western] {
                let d = face_in(&fonts, kind, "獅子", "獅", style, Lettering::Brush, size).unwrap();
                let marks = circles(&d);
                let outline = shogiprint::kit::face::outline(size);
                let dot = marks
                    .iter()
                    .filter(|m| m.inner == 0.0)
                    .map(|m| 2.0 * m.outer)
                    .fold(f64::INFINITY, f64::min);
                let to_cut = marks
                    .iter()
                    .map(|m| shogiprint::kit::face::depth(&outline, m.c) - m.outer)
                    .fold(f64::INFINITY, f64::min);
                let name = name_ink(&fonts, &d);
                let to_name = marks
                    .iter()
                    .flat_map(|m| name.iter().map(move |r| gap_to_box(m, r)))
                    .fold(f64::INFINITY, f64::min);
                let gold = moving("WfF");
                let plain =
                    face_in(&fonts, &gold, "獅子", "獅", style, Lettering::Brush, size).unwrap();
                let share = name_box(&fonts, &d).h / name_box(&fonts, &plain).h;
                let line = format!(
                    "{what} {size:?} {style:?}: dots {dot:.2} mm, {to_cut:.2} mm from the cut, {to_name:.2} mm from the name, name {:.0} %",
                    100.0 * share
                );
                if dot < LEAST_DOT * size.0 / 26.0 - 1e-9
                    || share < LEAST_NAME
                    || to_cut < LEAST_GAP_TO_CUT - 1e-9
                    || to_name < LEAST_GAP_TO_NAME - 1e-9
                {
                    bad.push(line.clone());
                }
                report.push(line);
            }
        }
    }
    eprintln!("{}", report.join("\n"));
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
