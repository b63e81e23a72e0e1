//! Teaching marks against the pieces and arrows they share a square with, measured in the
//! drawing: a circle, cross or triangle on a piece lies under its ink in a light tint, a label on
//! a piece is a badge that hides little of its name and is hidden by nothing, and an arrow stops
//! short of a label where it ends. In every style, for Black's pieces and White's turned ones.

use shogiprint::diagram::{spec, Diagram, Layout, Style};
use shogiprint::draw::{Color, Drawing, Fonts, Glyph, Item, Point, Rect, Segment};
use shogiprint::rules::{Square, Variant};
use std::sync::Arc;

const STYLES: [Style; 3] = [Style::Traditional, Style::Arrows, Style::Western];

fn style_name(style: Style) -> &'static str {
    match style {
        Style::Traditional => "traditional",
        Style::Arrows => "arrows",
        Style::Western => "western",
    }
}

/// A diagram from YAML `body` (without its `style:` line) in `style`.
fn diagram(style: Style, body: &str) -> Diagram {
    let text = format!("style: {}\n{body}", style_name(style));
    let standard = Variant::builtin("standard").unwrap();
    let load = |v: &str| -> Result<Arc<Variant>, shogiprint::Error> { Ok(Variant::builtin(v)?) };
    spec::from_yaml_text(&text, "test.yaml", &standard, &load).unwrap()
}

fn draw(d: &Diagram, fonts: &Fonts) -> Drawing {
    shogiprint::diagram::draw(d, fonts).unwrap()
}

fn square(d: &Diagram, name: &str) -> Square {
    let b = name.as_bytes();
    d.setup
        .size
        .from_file_rank(b[0] - b'0', b[1] - b'a' + 1)
        .unwrap()
}

/// The index of the first item where `with` differs from `without`: where the annotation that
/// `with` adds begins.
fn first_new_item(without: &Drawing, with: &Drawing) -> usize {
    without
        .items
        .iter()
        .zip(&with.items)
        .position(|(a, b)| a != b)
        .unwrap_or(without.items.len())
}

/// The glyphs among `items` whose ink centre lies in `cell`, with their ink boxes.
fn glyphs_in(items: &[Item], fonts: &Fonts, cell: &Rect) -> Vec<(Glyph, Rect)> {
    items
        .iter()
        .flat_map(|i| match i {
            Item::Text { glyphs, .. } => glyphs.clone(),
            _ => Vec::new(),
        })
        .filter_map(|g| Some((g, fonts.ink_rect(&g)?)))
        .filter(|(_, r)| inside(cell, r.center()))
        .collect()
}

fn inside(r: &Rect, p: Point) -> bool {
    p.x >= r.x && p.x <= r.right() && p.y >= r.y && p.y <= r.bottom()
}

/// Whether `p` is inside the disc or pill drawn in `r` (round ends of `r.h` across).
fn in_pill(r: &Rect, p: Point) -> bool {
    let rad = r.h / 2.0;
    // The axis between the ends' centres (a point for a disc).
    let (left, right) = (r.x + rad, (r.right() - rad).max(r.x + rad));
    let axis = Point::new(p.x.max(left).min(right), r.center().y);
    ((p.x - axis.x).powi(2) + (p.y - axis.y).powi(2)).sqrt() <= rad
}

fn meet(a: &Rect, b: &Rect) -> bool {
    a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom()
}

/// The relative luminance of a colour (WCAG 2).
fn luminance(c: Color) -> f64 {
    let lin = |v: u8| {
        let v = v as f64 / 255.0;
        if v <= 0.039_28 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2)
}

fn contrast(a: Color, b: Color) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The glyph's outline in the drawing's millimetres, as closed polygons (curves flattened).
fn contours(fonts: &Fonts, g: &Glyph) -> Vec<Vec<Point>> {
    let path = fonts.face(g.font).outline_path(g.id);
    let mut out: Vec<Vec<Point>> = Vec::new();
    let mut at = Point::new(0.0, 0.0);
    for seg in &path.segments {
        match *seg {
            Segment::Move(p) => {
                out.push(vec![g.transform.apply(p)]);
                at = p;
            }
            Segment::Line(p) => {
                if let Some(c) = out.last_mut() {
                    c.push(g.transform.apply(p));
                }
                at = p;
            }
            Segment::Cubic(c1, c2, p) => {
                for i in 1..=8 {
                    let t = i as f64 / 8.0;
                    let u = 1.0 - t;
                    let f = |a: f64, b: f64, c: f64, d: f64| {
                        u * u * u * a + 3.0 * u * u * t * b + 3.0 * u * t * t * c + t * t * t * d
                    };
                    let q = Point::new(f(at.x, c1.x, c2.x, p.x), f(at.y, c1.y, c2.y, p.y));
                    if let Some(c) = out.last_mut() {
                        c.push(g.transform.apply(q));
                    }
                }
                at = p;
            }
            Segment::Close => {}
        }
    }
    out
}

/// Whether `p` is inside the polygons, by the nonzero rule the fonts' outlines are filled by.
fn in_outline(polys: &[Vec<Point>], p: Point) -> bool {
    let mut winding = 0;
    for poly in polys {
        for (i, a) in poly.iter().enumerate() {
            let b = poly[(i + 1) % poly.len()];
            if (a.y <= p.y) != (b.y <= p.y) {
                let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
                if p.x < x {
                    winding += if b.y > a.y { 1 } else { -1 };
                }
            }
        }
    }
    winding != 0
}

/// Points of the glyph's ink: a 60 × 60 grid over its ink box, those inside its outline.
fn ink_points(fonts: &Fonts, g: &Glyph) -> Vec<Point> {
    let r = fonts.ink_rect(g).unwrap();
    let polys = contours(fonts, g);
    (0..3600)
        .map(|i| {
            Point::new(
                r.x + ((i % 60) as f64 + 0.5) / 60.0 * r.w,
                r.y + ((i / 60) as f64 + 0.5) / 60.0 * r.h,
            )
        })
        .filter(|p| in_outline(&polys, *p))
        .collect()
}

/// The corners of a polygon outline (an arrow).
fn corners(item: &Item) -> Option<Vec<Point>> {
    let Item::Shape(s) = item else { return None };
    Some(
        s.path
            .segments
            .iter()
            .filter_map(|seg| match seg {
                Segment::Move(p) | Segment::Line(p) => Some(*p),
                _ => None,
            })
            .collect(),
    )
}

/// Whether the polygon and the rectangle share any point.
fn polygon_meets_rect(poly: &[Point], r: &Rect) -> bool {
    let rect_corners = [
        Point::new(r.x, r.y),
        Point::new(r.right(), r.y),
        Point::new(r.right(), r.bottom()),
        Point::new(r.x, r.bottom()),
    ];
    let edges = |pts: &[Point]| -> Vec<(Point, Point)> {
        (0..pts.len())
            .map(|i| (pts[i], pts[(i + 1) % pts.len()]))
            .collect()
    };
    let cross =
        |o: Point, a: Point, b: Point| (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
    let segments_cross = |(a, b): (Point, Point), (c, d): (Point, Point)| {
        cross(a, b, c) * cross(a, b, d) < 0.0 && cross(c, d, a) * cross(c, d, b) < 0.0
    };
    poly.iter().any(|p| inside(r, *p))
        || rect_corners
            .iter()
            .any(|c| in_outline(&[poly.to_vec()], *c))
        || edges(poly)
            .iter()
            .any(|e| edges(&rect_corners).iter().any(|f| segments_cross(*e, *f)))
}

const POSITION: &str = "position: startpos moves 7g7f 3c3d 2g2f\nlast_move: none\n";

#[test]
fn a_symbol_on_a_piece_lies_under_its_ink_in_a_light_tint() {
    // A red circle, cross or triangle drawn over a piece in full colour struck its name out (the
    // name was drawn again over it, but red through black strokes reads as one tangle, and on
    // a black-and-white printer as one black); on a pentagon face it also hid the movement
    // marks. Now the symbol is a tint, with the contrast of body text (4.5:1) against the ink,
    // and the name and the movement marks are drawn over it.
    let fonts = Fonts::bundled();
    for style in STYLES {
        let plain = draw(&diagram(style, POSITION), &fonts);
        // 8g: Black's pawn; 3a: White's silver, turned.
        for (sq, symbol) in [
            ("8g", "circle"),
            ("8g", "cross"),
            ("8g", "triangle"),
            ("3a", "circle"),
            ("3a", "cross"),
            ("3a", "triangle"),
        ] {
            for color in ["\"#c81e1e\"", "black", "\"#1e3cc8\""] {
                let what = format!("{style:?} {symbol} {color} on {sq}");
                let d = diagram(
                    style,
                    &format!(
                        "{POSITION}marks: [{{square: {sq}, mark: {symbol}, color: {color}}}]\n"
                    ),
                );
                let drawing = draw(&d, &fonts);
                let l = Layout::of(&d);
                let cell = l.cell(square(&d, sq));
                let at = first_new_item(&plain, &drawing);
                let Item::Shape(mark) = &drawing.items[at] else {
                    panic!("{what}: no mark")
                };
                let stroke = mark.stroke.as_ref().expect("a stroked mark").color;
                let before = &drawing.items[..at];
                let after = &drawing.items[at + 1..];
                // The piece's name, drawn again over the mark, in an ink that stands out on it.
                let name = glyphs_in(before, &fonts, &cell);
                assert!(!name.is_empty(), "{what}");
                let over = glyphs_in(after, &fonts, &cell);
                for (g, _) in &name {
                    assert!(
                        over.iter().any(|(o, _)| o == g),
                        "{what}: '{}' is under the mark",
                        g.ch
                    );
                }
                for item in after {
                    if let Item::Text { color, glyphs } = item {
                        if glyphs.iter().any(|g| name.iter().any(|(n, _)| n == g)) {
                            let c = contrast(*color, stroke);
                            assert!(c >= 4.5, "{what}: contrast {c:.2} of the name on the mark");
                        }
                    }
                }
                // On a face, the movement marks too.
                let face_marks: Vec<&Item> = before
                    .iter()
                    .filter(|i| match i {
                        Item::Shape(s) => {
                            s.fill != Some(shogiprint::diagram::face::WOOD)
                                && s.path.bounds().is_some_and(|b| inside(&cell, b.center()))
                        }
                        _ => false,
                    })
                    .collect();
                if style != Style::Traditional {
                    assert!(
                        !face_marks.is_empty(),
                        "{what}: the silver and pawn have marks"
                    );
                }
                for m in face_marks {
                    assert!(
                        after.contains(m),
                        "{what}: a movement mark is under the mark"
                    );
                }
            }
        }
    }
}

/// The badge drawn for a label on an occupied square: its shape's box and the label's glyphs.
fn badge(plain: &Drawing, drawing: &Drawing, fonts: &Fonts) -> (usize, Rect, Vec<Rect>) {
    let at = first_new_item(plain, drawing);
    let Item::Shape(s) = &drawing.items[at] else {
        panic!("no badge: {:?}", drawing.items[at])
    };
    let text = match &drawing.items.get(at + 1) {
        Some(Item::Text { glyphs, .. }) => {
            glyphs.iter().filter_map(|g| fonts.ink_rect(g)).collect()
        }
        other => panic!("no label in the badge: {other:?}"),
    };
    (at, s.path.bounds().unwrap(), text)
}

#[test]
fn a_label_on_a_piece_is_a_badge_in_a_free_corner_of_its_square() {
    // The label's disc sat in the square's corner over the name, and the name, drawn again
    // over every mark, covered the label: "12" on a pawn could not be read. Now the badge is
    // drawn last, inside its square, in the corner where it hides least of the name's ink (at
    // most 8 % for one character, 15 % for three) and no movement mark.
    let fonts = Fonts::bundled();
    for style in STYLES {
        let plain = draw(&diagram(style, POSITION), &fonts);
        // Black's and White's pawn, silver, rook, king, lance, knight, gold, bishop.
        for sq in [
            "8g", "3d", "7i", "3a", "2h", "8b", "5i", "5a", "9i", "1a", "8i", "2a", "4i", "6a",
            "8h",
        ] {
            for (text, share) in [("1", 0.08), ("12", 0.10), ("abc", 0.15)] {
                let what = format!("{style:?} '{text}' on {sq}");
                let d = diagram(
                    style,
                    &format!("{POSITION}marks: [{{square: {sq}, mark: \"{text}\"}}]\n"),
                );
                let drawing = draw(&d, &fonts);
                let l = Layout::of(&d);
                let cell = l.cell(square(&d, sq));
                let (at, b, label) = badge(&plain, &drawing, &fonts);
                assert!(
                    cell.contains(&b, 1e-6),
                    "{what}: badge {b:?} leaves {cell:?}"
                );
                for r in &label {
                    assert!(b.contains(r, 1e-6), "{what}: label {r:?} outside the badge");
                }
                // Nothing of the piece is drawn over the badge.
                let later = glyphs_in(&drawing.items[at + 2..], &fonts, &cell);
                assert!(later.is_empty(), "{what}: {later:?} drawn over the badge");
                // The name's ink under the badge.
                let name = glyphs_in(&drawing.items[..at], &fonts, &cell);
                let ink: Vec<Point> = name
                    .iter()
                    .flat_map(|(g, _)| ink_points(&fonts, g))
                    .collect();
                let hidden =
                    ink.iter().filter(|p| in_pill(&b, **p)).count() as f64 / ink.len() as f64;
                assert!(
                    hidden <= share,
                    "{what}: hides {:.0} % of the name",
                    hidden * 100.0
                );
                // And no movement mark on a face, but where every corner has one (a silver's
                // or a king's): there one at most.
                let mut covered = 0;
                for item in &drawing.items[..at] {
                    if let Item::Shape(s) = item {
                        let Some(m) = s.path.bounds() else { continue };
                        let wood = s.fill == Some(shogiprint::diagram::face::WOOD);
                        if !wood && cell.contains(&m, 0.0) && s.opacity == 1.0 {
                            let under = (0..49).any(|i| {
                                let (fx, fy) = ((i % 7) as f64 / 6.0, (i / 7) as f64 / 6.0);
                                in_pill(&b, Point::new(m.x + fx * m.w, m.y + fy * m.h))
                            });
                            covered += under as usize;
                        }
                    }
                }
                let most = ["7i", "3a", "5i", "5a"].contains(&sq) as usize;
                assert!(
                    covered <= most,
                    "{what}: {covered} movement marks under the badge"
                );
            }
        }
    }
}

#[test]
fn an_arrow_stops_short_of_a_label_where_it_ends_or_starts() {
    // An arrow ending on a labelled empty square ran to its centre, its head over the label;
    // now it stops at the label's edge, and one leaving such a square starts at it. An arrow
    // onto a labelled piece leaves the badge a corner of its own.
    let fonts = Fonts::bundled();
    let body = "position: startpos moves 7g7f 3c3d 2g2f 4c4d 2f2e 2b3c\nlast_move: none\n\
        arrows: [5i4h, 2e2d, 9a9b, 6a5b, 8h3c, 2h2f, 7c7d, 3a4b, 2d2c, 1i1h]\n\
        marks:\n\
          - {square: 4h, mark: \"2\"}\n\
          - {square: 2d, mark: \"1\"}\n\
          - {square: 9b, mark: \"3\"}\n\
          - {square: 5b, mark: \"12\"}\n\
          - {square: 3c, mark: \"A\"}\n\
          - {square: 2f, mark: \"B\"}\n\
          - {square: 7d, mark: abc}\n\
          - {square: 4b, mark: \"C\"}\n\
          - {square: 2c, mark: \"4\"}\n\
          - {square: 1h, mark: \"5\"}\n";
    for style in STYLES {
        let d = diagram(style, body);
        let drawing = draw(&d, &fonts);
        let arrows: Vec<Vec<Point>> = drawing
            .items
            .iter()
            .filter(|i| matches!(i, Item::Shape(s) if s.opacity < 1.0))
            .filter_map(corners)
            .collect();
        assert_eq!(arrows.len(), 10, "{style:?}");
        // The labels: every glyph in the marks' red that is not a piece's; the badges: the
        // red discs and pills.
        let red = shogiprint::diagram::ARROW;
        let mut boxes = Vec::new();
        let mut badges = Vec::new();
        for item in &drawing.items {
            match item {
                Item::Text { color, glyphs } if *color == red => {
                    boxes.extend(glyphs.iter().filter_map(|g| fonts.ink_rect(g)))
                }
                Item::Shape(s) if s.fill == Some(red) && s.opacity == 1.0 => {
                    badges.push(s.path.bounds().unwrap())
                }
                _ => {}
            }
        }
        assert_eq!(boxes.len(), 11, "{style:?}: labels {boxes:?}");
        assert_eq!(badges.len(), 2, "{style:?}: badges {badges:?}");
        for (i, a) in arrows.iter().enumerate() {
            for b in &boxes {
                assert!(
                    !polygon_meets_rect(a, b),
                    "{style:?}: arrow {i} meets the label at {b:?}"
                );
            }
            // A badge's disc: no point along the arrow's outline in it, nor its centre in the
            // arrow.
            for b in &badges {
                let along = (0..a.len()).flat_map(|k| {
                    let (p, q) = (a[k], a[(k + 1) % a.len()]);
                    (0..=200).map(move |j| {
                        let t = j as f64 / 200.0;
                        Point::new(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t)
                    })
                });
                let meets = along.clone().any(|p| in_pill(b, p))
                    || in_outline(std::slice::from_ref(a), b.center());
                assert!(!meets, "{style:?}: arrow {i} meets the badge at {b:?}");
            }
        }
    }
}

#[test]
fn a_label_on_an_empty_square_fits_it_and_a_second_one_has_a_corner() {
    // Three characters at the size of one ran over the neighbouring squares, and a second label
    // on the same square was printed over the first.
    let fonts = Fonts::bundled();
    for style in STYLES {
        let d = diagram(
            style,
            &format!("{POSITION}marks: [{{square: 5e, mark: abc}}, {{square: 5e, mark: \"2\"}}, {{square: 4e, mark: \"1\"}}]\n"),
        );
        let drawing = draw(&d, &fonts);
        let l = Layout::of(&d);
        let cell = l.cell(square(&d, "5e"));
        let red = shogiprint::diagram::ARROW;
        let mut labels: Vec<Rect> = Vec::new();
        for item in &drawing.items {
            match item {
                Item::Text { color, glyphs } if *color == red => {
                    let ink = glyphs
                        .iter()
                        .filter_map(|g| fonts.ink_rect(g))
                        .reduce(|a, b| a.union(&b))
                        .unwrap();
                    if inside(&cell, ink.center()) {
                        labels.push(ink);
                    }
                }
                Item::Shape(s) if s.fill == Some(red) => labels.push(s.path.bounds().unwrap()),
                _ => {}
            }
        }
        assert_eq!(labels.len(), 2, "{style:?}: {labels:?}");
        for r in &labels {
            assert!(cell.contains(r, 1e-6), "{style:?}: {r:?} leaves {cell:?}");
        }
        assert!(!meet(&labels[0], &labels[1]), "{style:?}: {labels:?}");
    }
}

#[test]
fn a_badge_keeps_its_text_legible_on_any_colour_and_inside_its_square() {
    // The badge's text was white whatever its colour: on a yellow badge it could not be read.
    // Three wide characters (WWW, あいう) keep the pill inside the square.
    let fonts = Fonts::bundled();
    for style in STYLES {
        let plain = draw(&diagram(style, POSITION), &fonts);
        for (color, text, ink) in [
            ("\"#f2c91f\"", "WWW", Color::BLACK),
            ("\"#c81e1e\"", "WWW", Color::WHITE),
            ("\"#ffffcc\"", "1", Color::BLACK),
            ("black", "12", Color::WHITE),
            ("blue", "あいう", Color::WHITE),
        ] {
            let what = format!("{style:?} '{text}' in {color}");
            let d = diagram(
                style,
                &format!("{POSITION}marks: [{{square: 8g, mark: \"{text}\", color: {color}}}]\n"),
            );
            let drawing = draw(&d, &fonts);
            let cell = Layout::of(&d).cell(square(&d, "8g"));
            let (at, b, label) = badge(&plain, &drawing, &fonts);
            assert!(
                cell.contains(&b, 1e-6),
                "{what}: badge {b:?} leaves {cell:?}"
            );
            for r in &label {
                assert!(b.contains(r, 1e-6), "{what}: label {r:?} outside the badge");
            }
            let Item::Text { color: got, .. } = &drawing.items[at + 1] else {
                unreachable!()
            };
            assert_eq!(*got, ink, "{what}");
        }
    }
}
