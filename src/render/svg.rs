//! Drawing → SVG, through the `svg` crate. Sizes are in millimetres (the viewBox is the drawing's
//! millimetre space), so the file prints at its true size. Text is written as glyph outlines:
//! each glyph used is defined once in `<defs>` in font units and placed with `<use>` and a
//! matrix, so the file looks the same everywhere and needs no font.
//!
//! Written for every viewer, old and new: references use `xlink:href` (SVG 1.1, which Inkscape
//! 1.2, Batik and rsvg read; browsers read it too), glyph ids name the font file and the glyph
//! (so diagrams inlined in one web page never take each other's glyphs), the page is painted
//! white unless asked otherwise (black lines vanish on a dark page), and `<title>`/`<desc>` say
//! what the picture shows.

use crate::draw::{Color, Drawing, FontRole, Fonts, Item, LineCap, Path, Segment, Shape};
use std::collections::BTreeSet;
use svg::node::element::{Definitions, Description, Group, Path as SvgPath, Rectangle, Title};
use svg::node::{Blob, Text};
use svg::Document;

const XLINK: &str = "http://www.w3.org/1999/xlink";

/// How [`to_svg_with`] writes a drawing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    /// Painted under the whole drawing; `None` leaves the page transparent.
    /// Default: opaque white, so the picture reads the same on any page or viewer.
    pub background: Option<Color>,
}

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions {
            background: Some(Color::WHITE),
        }
    }
}

/// The SVG text of a drawing, with the default [`SvgOptions`] (a white page).
pub fn to_svg(drawing: &Drawing, fonts: &Fonts) -> String {
    to_svg_with(drawing, fonts, &SvgOptions::default())
}

/// The SVG text of a drawing.
///
/// Shapes and the document go through the `svg` crate's elements. Glyphs are the bulk of a
/// diagram (a hundred `<use>`s and the outlines they point to), so their markup is written
/// straight into [`Blob`]s: each outline's `<path>` is formatted once per process and cached,
/// and numbers are written without `format!`. That keeps a diagram's SVG at tens of
/// microseconds.
pub fn to_svg_with(drawing: &Drawing, fonts: &Fonts, options: &SvgOptions) -> String {
    let (width, height) = (num(drawing.width), num(drawing.height));
    let mut doc = Document::new()
        .set("xmlns:xlink", XLINK)
        .set("width", format!("{width}mm"))
        .set("height", format!("{height}mm"))
        .set("viewBox", format!("0 0 {width} {height}"));
    if let Some(title) = &drawing.title {
        doc = doc.add(Title::new(title.as_str()));
    }
    if let Some(description) = &drawing.description {
        doc = doc.add(Description::new().add(Text::new(description.as_str())));
    }
    if let Some(color) = options.background {
        doc = doc.add(
            Rectangle::new()
                .set("width", width.as_str())
                .set("height", height.as_str())
                .set("fill", color.hex()),
        );
    }

    let used = drawing.glyphs_used();
    if !used.is_empty() {
        let mut defs = String::with_capacity(used.len() * 1200);
        let mut defined = BTreeSet::new();
        for &(role, id) in &used {
            // With one user font for both roles, a glyph used in both is still defined once.
            let name = glyph_id(fonts, role, id);
            if !defined.insert(name.clone()) {
                continue;
            }
            let outline = fonts.face(role).outline_svg(id);
            defs.push_str("<path id=\"");
            defs.push_str(&name);
            defs.push_str("\" d=\"");
            defs.push_str(&outline);
            defs.push_str("\"/>");
        }
        doc = doc.add(Definitions::new().add(Blob::new(defs)));
    }

    for item in &drawing.items {
        match item {
            Item::Shape(shape) => doc = doc.add(shape_element(shape)),
            Item::Text { color, glyphs } => {
                let mut uses = String::with_capacity(glyphs.len() * 80);
                for g in glyphs {
                    let [a, b, c, d, e, f] = g.transform.0;
                    uses.push_str("<use xlink:href=\"#");
                    uses.push_str(&glyph_id(fonts, g.font, g.id));
                    uses.push_str("\" transform=\"matrix(");
                    for (i, (v, decimals)) in [(a, 6), (b, 6), (c, 6), (d, 6), (e, 3), (f, 3)]
                        .into_iter()
                        .enumerate()
                    {
                        if i > 0 {
                            uses.push(' ');
                        }
                        push_num(&mut uses, v, decimals);
                    }
                    uses.push_str(")\"/>");
                }
                doc = doc.add(Group::new().set("fill", color.hex()).add(Blob::new(uses)));
            }
        }
    }
    let mut out = doc.to_string();
    out.push('\n');
    out
}

/// `g`, the font file's fingerprint and the glyph number: the same id means the same outline
/// in every document, and different fonts never share one.
fn glyph_id(fonts: &Fonts, role: FontRole, id: u16) -> String {
    format!("g{:08x}-{id}", fonts.face(role).fingerprint())
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
    let mut d = String::with_capacity(path.segments.len() * 16);
    let points = |d: &mut String, letter: char, pts: &[crate::draw::Point]| {
        d.push(letter);
        for (i, p) in pts.iter().enumerate() {
            if i > 0 {
                d.push(' ');
            }
            push_num(d, p.x, 3);
            d.push(' ');
            push_num(d, p.y, 3);
        }
    };
    for s in &path.segments {
        match *s {
            Segment::Move(p) => points(&mut d, 'M', &[p]),
            Segment::Line(p) => points(&mut d, 'L', &[p]),
            Segment::Cubic(a, b, c) => points(&mut d, 'C', &[a, b, c]),
            Segment::Close => d.push('Z'),
        }
    }
    d
}

/// Appends `v` rounded to `decimals` places, without trailing zeros (and never `-0`): the same
/// text as `format!("{v:.N}")` trimmed, several times faster.
fn push_num(out: &mut String, v: f64, decimals: u32) {
    let scale = 10i64.pow(decimals);
    let scaled = (v * scale as f64).round();
    if !scaled.is_finite() || scaled.abs() > 9.0e15 {
        out.push_str(&format!("{v:.0}"));
        return;
    }
    let mut n = scaled as i64;
    if n < 0 {
        out.push('-');
        n = -n;
    }
    let (int, mut frac) = (n / scale, n % scale);
    let mut buf = itoa_u64(int as u64);
    out.push_str(buf.as_str());
    if frac != 0 {
        let mut digits = decimals;
        while frac % 10 == 0 {
            frac /= 10;
            digits -= 1;
        }
        out.push('.');
        buf = itoa_u64(frac as u64);
        for _ in buf.len()..digits as usize {
            out.push('0');
        }
        out.push_str(buf.as_str());
    }
}

/// Decimal digits of `n` without allocation.
fn itoa_u64(mut n: u64) -> Digits {
    let mut d = Digits {
        buf: [0; 20],
        start: 20,
    };
    loop {
        d.start -= 1;
        d.buf[d.start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return d;
        }
    }
}

struct Digits {
    buf: [u8; 20],
    start: usize,
}

impl Digits {
    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.buf[self.start..]).unwrap_or("0")
    }
    fn len(&self) -> usize {
        20 - self.start
    }
}

/// A coordinate in millimetres to 1/1000 mm, without trailing zeros.
fn num(v: f64) -> String {
    let mut s = String::new();
    push_num(&mut s, v, 3);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trim(s: String) -> String {
        let s = if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        };
        if s == "-0" {
            "0".to_string()
        } else {
            s
        }
    }

    #[test]
    fn fast_numbers_match_formatted_ones() {
        for v in [
            0.0, -0.0, 1.0, -1.5, 0.1234567, -0.0004, 0.0005, 12.3456, 1e-9, 95.327, -3.0001,
            1234567.25,
        ] {
            for decimals in [3, 6] {
                let mut fast = String::new();
                push_num(&mut fast, v, decimals);
                let slow = trim(format!("{:.*}", decimals as usize, v));
                assert_eq!(fast, slow, "{v} to {decimals}");
            }
        }
    }
}
