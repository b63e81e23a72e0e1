//! One page of a [`Drawing`] as printpdf operations: paths, colours, stroke styles and glyphs,
//! with the graphics state tracked so that unchanged values are not set again.
//!
//! Glyphs are shown by the bundled font's own glyph ids here; the document renumbers them to the
//! subset's ids once it knows every glyph it uses ([`super::font`]). Each glyph is placed by its
//! own text matrix, so the PDF puts it exactly where the drawing (and so the SVG) does. A vertical
//! word (先手, 持駒, 歩三, a piece's two-character name) is wrapped in a marked-content span whose
//! `/ActualText` is the word, so text extraction and search see one word rather than one
//! character per line.

use super::{MITER_LIMIT, PT_PER_MM};
use crate::draw::{Affine, Color, FontRole, Fonts, Glyph, Item, LineCap, Path, Point, Segment};
use crate::draw::{Drawing, Shape, Stroke};
use printpdf::{
    Codepoint, DictItem, ExtendedGraphicsStateId, FontId, Greyscale, Line, LineCapStyle,
    LineDashPattern, LineJoinStyle, LinePoint, Op, PaintMode, PdfFontHandle, Polygon, PolygonRing,
    Pt, Rgb, TextItem, TextMatrix, WindingOrder,
};
use std::collections::{BTreeMap, BTreeSet};

/// How a face's glyphs reach the page.
#[derive(Clone, Debug)]
pub(super) enum FontUse {
    /// No page has used it yet.
    Unused,
    /// Embedded as a subset; the glyphs shown (bundled ids), with their characters.
    Embedded(BTreeMap<u16, char>),
    /// Neither TrueType nor CFF outlines (a CFF2 variable face): its glyphs are drawn as filled
    /// outlines instead, which are seen but cannot be searched or copied.
    Outlines,
}

/// What the pages of one document share while they are translated.
pub(super) struct Shared<'a> {
    pub(super) fonts: &'a Fonts,
    pub(super) uses: [FontUse; 3],
    /// Opacities in thousandths that need an ExtGState.
    pub(super) alphas: BTreeSet<u32>,
}

/// The resource name of the font embedded for `role`'s slot.
pub(super) fn font_resource(role: FontRole) -> String {
    format!("F{}", role.index() + 1)
}

/// The resource name of the ExtGState of opacity `milli`/1000.
pub(super) fn alpha_resource(milli: u32) -> String {
    format!("A{milli}")
}

/// Millimetres with y down to points with y up, on a page `height` mm tall.
fn to_pt(height: f64) -> Affine {
    Affine([PT_PER_MM, 0.0, 0.0, -PT_PER_MM, 0.0, height * PT_PER_MM])
}

/// Rounds to 1/1000 pt, the precision the file needs, so that numbers stay short.
fn milli(v: f64) -> f32 {
    if v.is_finite() {
        ((v * 1000.0).round() / 1000.0) as f32
    } else {
        0.0
    }
}

fn pt(p: Point) -> printpdf::Point {
    printpdf::Point {
        x: Pt(milli(p.x)),
        y: Pt(milli(p.y)),
    }
}

/// A printpdf colour: greys (and so pure black) in DeviceGray, the rest in DeviceRGB.
fn colour(c: Color) -> printpdf::Color {
    let unit = |v: u8| milli(v as f64 / 255.0);
    if c.0 == c.1 && c.1 == c.2 {
        printpdf::Color::Greyscale(Greyscale::new(unit(c.0), None))
    } else {
        printpdf::Color::Rgb(Rgb::new(unit(c.0), unit(c.1), unit(c.2), None))
    }
}

/// The graphics state a page's operations have set.
#[derive(Clone, Debug, Default, PartialEq)]
struct State {
    fill: Option<Color>,
    stroke: Option<Color>,
    width: Option<i64>,
    dash: Option<Vec<i64>>,
    cap: Option<LineCap>,
    miter_limit: bool,
    font: Option<FontRole>,
}

struct Page<'s, 'a> {
    ops: Vec<Op>,
    state: State,
    to_pt: Affine,
    shared: &'s mut Shared<'a>,
}

/// The page's operations.
pub(super) fn page_ops(page: &Drawing, shared: &mut Shared<'_>) -> Vec<Op> {
    let mut p = Page {
        ops: Vec::with_capacity(page.items.len() * 4),
        state: State::default(),
        to_pt: to_pt(page.height),
        shared,
    };
    for item in &page.items {
        match item {
            Item::Shape(shape) => p.shape(shape),
            Item::Text { color, glyphs } => p.text(*color, glyphs),
        }
    }
    p.ops
}

/// The path's subpaths in page points (a subpath needs at least two points), each with
/// whether the drawing closes it.
fn subpaths(path: &Path, to_pt: &Affine) -> Vec<(Vec<LinePoint>, bool)> {
    let mut out = Vec::new();
    let mut start: Option<Point> = None;
    let mut current: Vec<LinePoint> = Vec::new();
    let on = |p: Point, bezier: bool| LinePoint {
        p: pt(to_pt.apply(p)),
        bezier,
    };
    let finish = |current: &mut Vec<LinePoint>, closed: bool, out: &mut Vec<_>| {
        if current.iter().filter(|p| !p.bezier).count() > 1 {
            out.push((std::mem::take(current), closed));
        }
        current.clear();
    };
    for segment in &path.segments {
        match *segment {
            Segment::Move(p) => {
                finish(&mut current, false, &mut out);
                current.push(on(p, false));
                start = Some(p);
            }
            Segment::Close => finish(&mut current, true, &mut out),
            Segment::Line(p) | Segment::Cubic(_, _, p) => {
                // After a close, drawing carries on from where the subpath began.
                let Some(s) = start else { continue };
                if current.is_empty() {
                    current.push(on(s, false));
                }
                if let Segment::Cubic(a, b, _) = *segment {
                    current.push(on(a, true));
                    current.push(on(b, true));
                }
                current.push(on(p, false));
            }
        }
    }
    finish(&mut current, false, &mut out);
    out
}

impl Page<'_, '_> {
    fn fill_color(&mut self, color: Color) {
        if self.state.fill != Some(color) {
            self.ops.push(Op::SetFillColor { col: colour(color) });
            self.state.fill = Some(color);
        }
    }

    fn stroke_style(&mut self, stroke: &Stroke) {
        if self.state.stroke != Some(stroke.color) {
            self.ops.push(Op::SetOutlineColor {
                col: colour(stroke.color),
            });
            self.state.stroke = Some(stroke.color);
        }
        let thousandths = |v: f64| (v * PT_PER_MM * 1000.0).round() as i64;
        let width = thousandths(stroke.width);
        if self.state.width != Some(width) {
            self.ops.push(Op::SetOutlineThickness {
                pt: Pt(width as f32 / 1000.0),
            });
            self.state.width = Some(width);
        }
        // An all-zero dash array is an error in PDF and a solid line in SVG.
        let dash: Vec<i64> = if stroke.dash.iter().any(|&d| d > 0.0) {
            stroke
                .dash
                .iter()
                .map(|&d| thousandths(d.max(0.0)))
                .collect()
        } else {
            Vec::new()
        };
        if self.state.dash.as_ref() != Some(&dash) {
            let lengths: Vec<f32> = dash.iter().map(|&d| d as f32 / 1000.0).collect();
            self.ops.push(Op::SetLineDashPattern {
                dash: LineDashPattern::new(0.0, &lengths),
            });
            self.state.dash = Some(dash);
        }
        if self.state.cap != Some(stroke.cap) {
            // The SVG writer pairs round caps with round joins.
            let (cap, join) = match stroke.cap {
                LineCap::Butt => (LineCapStyle::Butt, LineJoinStyle::Miter),
                LineCap::Round => (LineCapStyle::Round, LineJoinStyle::Round),
            };
            self.ops.push(Op::SetLineCapStyle { cap });
            self.ops.push(Op::SetLineJoinStyle { join });
            self.state.cap = Some(stroke.cap);
        }
        if !self.state.miter_limit {
            self.ops.push(Op::SetMiterLimit {
                limit: Pt(MITER_LIMIT),
            });
            self.state.miter_limit = true;
        }
    }

    /// Shapes are filled with the nonzero rule, like SVG. A fill is one path of every subpath;
    /// a stroke is a path per subpath (printpdf closes a polygon's last ring only), except that
    /// a single closed outline is filled and stroked in one `b`.
    fn shape(&mut self, shape: &Shape) {
        let opacity = (shape.opacity.clamp(0.0, 1.0) * 1000.0).round() as u32;
        let stroke = shape.stroke.as_ref().filter(|s| s.width > 0.0);
        if opacity == 0 || (shape.fill.is_none() && stroke.is_none()) {
            return;
        }
        let rings = subpaths(&shape.path, &self.to_pt);
        if rings.is_empty() {
            return;
        }
        let saved = (opacity < 1000).then(|| {
            self.shared.alphas.insert(opacity);
            self.ops.push(Op::SaveGraphicsState);
            self.ops.push(Op::LoadGraphicsState {
                gs: ExtendedGraphicsStateId(alpha_resource(opacity)),
            });
            self.state.clone()
        });
        if let Some(color) = shape.fill {
            self.fill_color(color);
        }
        if let Some(stroke) = stroke {
            self.stroke_style(stroke);
        }
        let polygon = |rings: Vec<PolygonRing>, mode| Op::DrawPolygon {
            polygon: Polygon {
                rings,
                mode,
                winding_order: WindingOrder::NonZero,
            },
        };
        match (shape.fill.is_some(), stroke.is_some()) {
            (true, true) if rings.len() == 1 && rings[0].1 => {
                let (points, _) = rings.into_iter().next().expect("one ring");
                self.ops
                    .push(polygon(vec![PolygonRing { points }], PaintMode::FillStroke));
            }
            (fill, stroke) => {
                if fill {
                    let all = rings
                        .iter()
                        .map(|(points, _)| PolygonRing {
                            points: points.clone(),
                        })
                        .collect();
                    self.ops.push(polygon(all, PaintMode::Fill));
                }
                if stroke {
                    for (points, is_closed) in rings {
                        self.ops.push(Op::DrawLine {
                            line: Line { points, is_closed },
                        });
                    }
                }
            }
        }
        if let Some(state) = saved {
            self.ops.push(Op::RestoreGraphicsState);
            self.state = state;
        }
    }

    fn text(&mut self, color: Color, glyphs: &[Glyph]) {
        let mut open = false;
        let words = vertical_words(self.shared.fonts, glyphs);
        for (i, glyph) in glyphs.iter().enumerate() {
            let upm = self.shared.fonts.face(glyph.font).units_per_em();
            let tm = self.to_pt * glyph.transform * Affine::scale(upm, upm);
            let [a, b, c, d, ..] = tm.0;
            if !(a * d - b * c).is_normal() {
                continue;
            }
            let Some(owner) = self.font(glyph.font) else {
                // No embeddable font: the glyph's outline as a filled path.
                let outline = self
                    .shared
                    .fonts
                    .face(glyph.font)
                    .outline_path(glyph.id)
                    .transformed(&glyph.transform);
                if open {
                    self.ops.push(Op::EndTextSection);
                    open = false;
                }
                self.shape(&Shape {
                    path: outline,
                    fill: Some(color),
                    stroke: None,
                    opacity: 1.0,
                });
                continue;
            };
            if let FontUse::Embedded(used) = &mut self.shared.uses[owner.index()] {
                used.entry(glyph.id).or_insert(glyph.ch);
            }
            if !open {
                self.fill_color(color);
                self.ops.push(Op::StartTextSection);
                open = true;
            }
            if self.state.font != Some(owner) {
                self.ops.push(Op::SetFont {
                    font: PdfFontHandle::External(FontId(font_resource(owner))),
                    size: Pt(1.0),
                });
                self.state.font = Some(owner);
            }
            let word = words.iter().find(|w| w.0 == i);
            if let Some((_, _, text)) = word {
                self.ops.push(Op::BeginMarkedContentWithProperties {
                    tag: "Span".into(),
                    properties: actual_text(text),
                });
            }
            self.ops.push(Op::SetTextMatrix {
                matrix: TextMatrix::Raw(tm.0.map(milli)),
            });
            // By glyph id rather than by character: the drawing's id is what the SVG draws;
            // the character (`cid`) reaches /ToUnicode for copying and search.
            self.ops.push(Op::ShowText {
                items: vec![TextItem::GlyphIds(vec![Codepoint {
                    gid: glyph.id,
                    offset: 0.0,
                    cid: Some(glyph.ch.to_string()),
                }])],
            });
            if words.iter().any(|w| w.1 == i) {
                self.ops.push(Op::EndMarkedContentWithProperties);
            }
        }
        if open {
            self.ops.push(Op::EndTextSection);
        }
    }

    /// The role whose slot embeds a glyph of `role` (roles sharing a face share the first
    /// role's slot, so the face is embedded once); `None` if the face is drawn as outlines.
    fn font(&mut self, role: FontRole) -> Option<FontRole> {
        let fonts = self.shared.fonts;
        let owner = FontRole::ALL
            .into_iter()
            .find(|&r| fonts.same_face(r, role))
            .unwrap_or(role);
        let slot = &mut self.shared.uses[owner.index()];
        if let FontUse::Unused = slot {
            // TrueType outlines, or CFF ones (Noto Serif CJK, Source Han: what `--font` is
            // most often given), which the subsetter turns into a CID-keyed CFF that printpdf
            // embeds bare (FontFile3 /CIDFontType0C). CFF2 (variable) faces stay outlines.
            let embeddable = ttf_parser::Face::parse(fonts.face(owner).data(), 0)
                .is_ok_and(|f| f.tables().glyf.is_some() || f.tables().cff.is_some());
            *slot = if embeddable {
                FontUse::Embedded(BTreeMap::new())
            } else {
                FontUse::Outlines
            };
        }
        match slot {
            FontUse::Embedded(_) => Some(owner),
            _ => None,
        }
    }
}

/// `<< /ActualText (text) >>`, the text as UTF-16BE with a byte order mark.
fn actual_text(text: &str) -> DictItem {
    let mut data = vec![0xfe, 0xff];
    for unit in text.encode_utf16() {
        data.extend_from_slice(&unit.to_be_bytes());
    }
    DictItem::Dict {
        map: BTreeMap::from([(
            "ActualText".to_string(),
            DictItem::String {
                data,
                literal: false,
            },
        )]),
    }
}

/// Runs of two or more glyphs set one under the other, each one em below the last in its own
/// frame (a column from [`Fonts::column`], turned with the piece if need be): the first and
/// last glyph's index and the word.
fn vertical_words(fonts: &Fonts, glyphs: &[Glyph]) -> Vec<(usize, usize, String)> {
    let below = |a: &Glyph, b: &Glyph| {
        let upm = fonts.face(a.font).units_per_em();
        let Some(inv) = inverse(&a.transform) else {
            return false;
        };
        let o = inv.apply(b.transform.apply(Point::new(0.0, 0.0)));
        let same_size = (a.transform.scale_factor() - b.transform.scale_factor()).abs()
            <= 1e-6 * a.transform.scale_factor().abs().max(1e-9);
        same_size && o.x.abs() < 0.25 * upm && (-1.1 * upm..-0.9 * upm).contains(&o.y)
    };
    let mut words = Vec::new();
    let mut start = 0;
    for i in 1..=glyphs.len() {
        if i == glyphs.len() || !below(&glyphs[i - 1], &glyphs[i]) {
            if i - start >= 2 {
                let text = glyphs[start..i].iter().map(|g| g.ch).collect();
                words.push((start, i - 1, text));
            }
            start = i;
        }
    }
    words
}

fn inverse(m: &Affine) -> Option<Affine> {
    let [a, b, c, d, e, f] = m.0;
    let det = a * d - b * c;
    if !det.is_normal() {
        return None;
    }
    let (ia, ib, ic, id) = (d / det, -b / det, -c / det, a / det);
    Some(Affine([
        ia,
        ib,
        ic,
        id,
        -(ia * e + ic * f),
        -(ib * e + id * f),
    ]))
}
