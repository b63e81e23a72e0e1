//! Drawing → SVG, through the `svg` crate. Sizes are in millimetres (the viewBox is the drawing's
//! millimetre space), so the file prints at its true size. Text is written as glyph outlines:
//! each glyph used is defined once in `<defs>` in font units and placed with `<use>` and a
//! matrix, so the file looks the same everywhere and needs no font.

use crate::draw::{Drawing, FontRole, Fonts, Item, LineCap, Path, Segment, Shape};
use std::collections::BTreeSet;
use std::fmt::Write;
use svg::node::element::{Definitions, Group, Path as SvgPath, Use};
use svg::Document;

/// The SVG text of a drawing.
pub fn to_svg(drawing: &Drawing, fonts: &Fonts) -> String {
    let mut doc = Document::new()
        .set("width", format!("{}mm", num(drawing.width)))
        .set("height", format!("{}mm", num(drawing.height)))
        .set(
            "viewBox",
            format!("0 0 {} {}", num(drawing.width), num(drawing.height)),
        );

    let used: BTreeSet<(FontRole, u16)> = drawing
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Text { glyphs, .. } => Some(glyphs.iter().map(|g| (g.font, g.id))),
            Item::Shape(_) => None,
        })
        .flatten()
        .collect();
    if !used.is_empty() {
        let mut defs = Definitions::new();
        for &(role, id) in &used {
            let outline = fonts.face(role).outline_svg(id);
            defs = defs.add(
                SvgPath::new()
                    .set("id", glyph_id(role, id))
                    .set("d", &*outline),
            );
        }
        doc = doc.add(defs);
    }

    for item in &drawing.items {
        match item {
            Item::Shape(shape) => doc = doc.add(shape_element(shape)),
            Item::Text { color, glyphs } => {
                let mut group = Group::new().set("fill", color.hex());
                for g in glyphs {
                    let [a, b, c, d, e, f] = g.transform.0;
                    let matrix = format!(
                        "matrix({} {} {} {} {} {})",
                        fine(a),
                        fine(b),
                        fine(c),
                        fine(d),
                        num(e),
                        num(f)
                    );
                    group = group.add(
                        Use::new()
                            .set("href", format!("#{}", glyph_id(g.font, g.id)))
                            .set("transform", matrix),
                    );
                }
                doc = doc.add(group);
            }
        }
    }
    let mut out = doc.to_string();
    out.push('\n');
    out
}

fn glyph_id(role: FontRole, id: u16) -> String {
    match role {
        FontRole::Regular => format!("r{id}"),
        FontRole::Bold => format!("b{id}"),
    }
}

fn shape_element(shape: &Shape) -> SvgPath {
    let mut el = SvgPath::new().set("d", path_data(&shape.path));
    el = match shape.fill {
        Some(c) => el.set("fill", c.hex()),
        None => el.set("fill", "none"),
    };
    if let Some(stroke) = &shape.stroke {
        el = el
            .set("stroke", stroke.color.hex())
            .set("stroke-width", num(stroke.width));
        if !stroke.dash.is_empty() {
            let dash: Vec<String> = stroke.dash.iter().map(|d| num(*d)).collect();
            el = el.set("stroke-dasharray", dash.join(" "));
        }
        if stroke.cap == LineCap::Round {
            el = el
                .set("stroke-linecap", "round")
                .set("stroke-linejoin", "round");
        }
    }
    if shape.opacity < 1.0 {
        el = el.set("opacity", num(shape.opacity));
    }
    el
}

fn path_data(path: &Path) -> String {
    let mut d = String::with_capacity(path.segments.len() * 14);
    for s in &path.segments {
        let _ = match *s {
            Segment::Move(p) => write!(d, "M{} {}", num(p.x), num(p.y)),
            Segment::Line(p) => write!(d, "L{} {}", num(p.x), num(p.y)),
            Segment::Cubic(a, b, c) => write!(
                d,
                "C{} {} {} {} {} {}",
                num(a.x),
                num(a.y),
                num(b.x),
                num(b.y),
                num(c.x),
                num(c.y)
            ),
            Segment::Close => write!(d, "Z"),
        };
    }
    d
}

/// A coordinate in millimetres to 1/1000 mm, without trailing zeros.
fn num(v: f64) -> String {
    trim(format!("{:.3}", v))
}

/// A matrix coefficient (font units to millimetres are ~0.01), to six decimals.
fn fine(v: f64) -> String {
    trim(format!("{:.6}", v))
}

fn trim(mut s: String) -> String {
    if s.contains('.') {
        while s.ends_with('0') {
            s.pop();
        }
        if s.ends_with('.') {
            s.pop();
        }
    }
    if s == "-0" {
        s = "0".to_string();
    }
    s
}
