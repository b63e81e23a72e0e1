//! Drawing → PDF with printpdf's native operations. Each page's items become PDF operations as
//! the page is added; the faces the pages use are embedded once per document as Identity-H
//! TrueType fonts, and every glyph is placed by its own text matrix, so the PDF puts each glyph
//! exactly where the drawing (and so the SVG) does.
//!
//! Output is deterministic: resource names are fixed (`F1`, `F2` for fonts, `A500` for the
//! ExtGState of opacity 0.5), the dates stay at printpdf's Unix-epoch default, and the trailer
//! `/ID` is a digest of the file itself rather than printpdf's random one.
//!
//! Shapes are filled with the nonzero rule, like SVG. printpdf closes only the last ring of a
//! polygon before stroking it, so a stroke is drawn one subpath at a time (each with its own
//! `h` when the subpath is closed); a fill-and-stroke shape is one `b` operation when it is a
//! single closed subpath, and a fill followed by those strokes otherwise. The two differ only
//! where a translucent shape's parts overlap.

use std::collections::BTreeMap;

use printpdf::{
    Codepoint, ExtendedGraphicsState, ExtendedGraphicsStateId, FontId, Line, LineCapStyle,
    LineDashPattern, LineJoinStyle, LinePoint, Op, PaintMode, ParsedFont, PdfDocument, PdfFont,
    PdfFontHandle, PdfPage, PdfSaveOptions, Polygon, PolygonRing, Pt, Rgb, TextItem, TextMatrix,
    WindingOrder,
};

use crate::draw::{
    Affine, Color, Drawing, FontRole, Fonts, Glyph, Item, LineCap, Path, Point, Segment, Shape,
};

/// Points per millimetre.
const PT_PER_MM: f64 = 72.0 / 25.4;

/// SVG's default miter limit; PDF's is 10. Set so sharp corners bevel where the SVG/PNG do.
const MITER_LIMIT: f32 = 4.0;

/// How a role's face is written.
#[derive(Clone, Debug)]
enum FontSlot {
    /// No page has used it yet.
    Unused,
    /// Embedded under this resource name.
    Embedded(FontId),
    /// printpdf could not read the font: its glyphs are drawn as filled outlines instead.
    Outlines,
}

/// A PDF being written. Pages are added one by one (each page's drawing is converted to PDF
/// operations at once and can then be dropped), fonts embedded once per document.
pub struct PdfWriter {
    doc: PdfDocument,
    fonts: Fonts,
    slots: [FontSlot; 2],
    /// ExtGState names by opacity in thousandths.
    alphas: BTreeMap<u32, ExtendedGraphicsStateId>,
}

impl PdfWriter {
    pub fn new(fonts: &Fonts, title: &str) -> PdfWriter {
        let mut doc = PdfDocument::new(title);
        doc.metadata.info.creator = "shogiprint".to_string();
        doc.metadata.info.producer = "shogiprint".to_string();
        PdfWriter {
            doc,
            fonts: fonts.clone(),
            slots: [FontSlot::Unused, FontSlot::Unused],
            alphas: BTreeMap::new(),
        }
    }

    pub fn add_page(&mut self, page: &Drawing) {
        let height_pt = page.height * PT_PER_MM;
        let mut out = PageOps {
            ops: Vec::new(),
            state: State::default(),
            to_pt: to_pt(page.height),
        };
        for item in &page.items {
            match item {
                Item::Shape(shape) => self.shape(&mut out, shape),
                Item::Text { color, glyphs } => self.text(&mut out, *color, glyphs),
            }
        }
        let mut pdf_page = PdfPage::new(printpdf::Mm(0.0), printpdf::Mm(0.0), out.ops);
        // The box in points computed here rather than through printpdf's f32 Mm→Pt factor.
        let media = printpdf::Rect::from_wh(Pt(num(page.width * PT_PER_MM)), Pt(num(height_pt)));
        pdf_page.media_box = media.clone();
        pdf_page.trim_box = media.clone();
        pdf_page.crop_box = media;
        self.doc.pages.push(pdf_page);
    }

    pub fn page_count(&self) -> usize {
        self.doc.pages.len()
    }

    pub fn finish(self) -> Vec<u8> {
        let opts = PdfSaveOptions {
            optimize: true,
            // The bundled faces are subsets already; without printpdf's text_layout feature this
            // flag changes nothing, and keeping it off says the whole face is meant to be embedded.
            subset_fonts: false,
            secure: true,
            image_optimization: None,
        };
        let mut warnings = Vec::new();
        let mut doc = self.doc.to_lopdf_document(&opts, &mut warnings);
        // Opacity (ExtGState ca/CA) is PDF 1.4; printpdf writes a 1.3 header.
        doc.version = "1.4".to_string();
        tidy_info(&mut doc);
        doc.compress();
        // printpdf's trailer /ID is random. Write once with a blank ID, then make the ID a digest
        // of that file, so the same pages always give the same bytes.
        set_id(&mut doc, [0; 16]);
        let mut bytes = Vec::new();
        doc.save_to(&mut bytes)
            .expect("writing to memory cannot fail");
        set_id(&mut doc, digest(&bytes));
        bytes.clear();
        doc.save_to(&mut bytes)
            .expect("writing to memory cannot fail");
        bytes
    }

    fn shape(&mut self, out: &mut PageOps, shape: &Shape) {
        let opacity = (shape.opacity.clamp(0.0, 1.0) * 1000.0).round() as u32;
        let stroke = shape.stroke.as_ref().filter(|s| s.width > 0.0);
        if opacity == 0 || (shape.fill.is_none() && stroke.is_none()) {
            return;
        }
        let subpaths = subpaths(&shape.path, &out.to_pt);
        if subpaths.is_empty() {
            return;
        }
        let saved = (opacity < 1000).then(|| {
            let gs = self.alpha(opacity);
            out.ops.push(Op::SaveGraphicsState);
            out.ops.push(Op::LoadGraphicsState { gs });
            out.state.clone()
        });
        if let Some(color) = shape.fill {
            out.fill_color(color);
        }
        if let Some(stroke) = stroke {
            out.stroke_style(stroke);
        }
        let ring = |s: &Subpath| PolygonRing {
            points: s.points.clone(),
        };
        let polygon = |mode, rings| Op::DrawPolygon {
            polygon: Polygon {
                rings,
                mode,
                winding_order: WindingOrder::NonZero,
            },
        };
        match (shape.fill.is_some(), stroke.is_some()) {
            (true, true) if subpaths.len() == 1 && subpaths[0].closed => {
                out.ops
                    .push(polygon(PaintMode::FillStroke, vec![ring(&subpaths[0])]));
            }
            (fills, strokes) => {
                if fills {
                    out.ops.push(polygon(
                        PaintMode::Fill,
                        subpaths.iter().map(ring).collect(),
                    ));
                }
                if strokes {
                    for s in &subpaths {
                        out.ops.push(Op::DrawLine {
                            line: Line {
                                points: s.points.clone(),
                                is_closed: s.closed,
                            },
                        });
                    }
                }
            }
        }
        if let Some(state) = saved {
            out.ops.push(Op::RestoreGraphicsState);
            out.state = state;
        }
    }

    fn text(&mut self, out: &mut PageOps, color: Color, glyphs: &[Glyph]) {
        let mut open = false;
        for glyph in glyphs {
            let tm = out.to_pt * glyph.transform * {
                let upm = self.fonts.face(glyph.font).units_per_em();
                Affine::scale(upm, upm)
            };
            let [a, b, c, d, ..] = tm.0;
            if !(a * d - b * c).is_normal() {
                continue;
            }
            let font = match self.font(glyph.font) {
                Some(font) => font,
                None => {
                    // No embeddable font: the glyph's outline as a filled path.
                    let outline = self
                        .fonts
                        .face(glyph.font)
                        .outline_path(glyph.id)
                        .transformed(&glyph.transform);
                    if open {
                        out.ops.push(Op::EndTextSection);
                        open = false;
                    }
                    let shape = Shape {
                        path: outline,
                        fill: Some(color),
                        stroke: None,
                        opacity: 1.0,
                    };
                    self.shape(out, &shape);
                    continue;
                }
            };
            if !open {
                out.fill_color(color);
                out.ops.push(Op::StartTextSection);
                open = true;
            }
            if out.state.font.as_ref() != Some(&font) {
                out.ops.push(Op::SetFont {
                    font: PdfFontHandle::External(font.clone()),
                    size: Pt(1.0),
                });
                out.state.font = Some(font);
            }
            out.ops.push(Op::SetTextMatrix {
                matrix: TextMatrix::Raw(tm.0.map(num)),
            });
            // By glyph id rather than by character: the drawing's id is what the SVG draws, and
            // the character still reaches /ToUnicode for copying and search.
            out.ops.push(Op::ShowText {
                items: vec![TextItem::GlyphIds(vec![Codepoint::with_cid(
                    glyph.id,
                    0.0,
                    glyph.ch.to_string(),
                )])],
            });
        }
        if open {
            out.ops.push(Op::EndTextSection);
        }
    }

    /// The resource name of a role's face, embedding the face on first use; `None` if printpdf
    /// cannot read it.
    fn font(&mut self, role: FontRole) -> Option<FontId> {
        // Roles sharing a face share the first role's slot, so the face is embedded once.
        let owner = FontRole::ALL
            .into_iter()
            .find(|&r| self.fonts.same_face(r, role))
            .unwrap_or(role);
        let slot = &mut self.slots[owner.index()];
        if let FontSlot::Unused = slot {
            let face = self.fonts.face(owner);
            *slot = match ParsedFont::from_bytes(face.data(), 0, &mut Vec::new()) {
                Some(mut parsed) => {
                    parsed.font_name = Some(
                        postscript_name(face.data())
                            .unwrap_or_else(|| format!("Shogiprint{}", owner.index() + 1)),
                    );
                    let id = FontId(format!("F{}", owner.index() + 1));
                    self.doc
                        .resources
                        .fonts
                        .map
                        .insert(id.clone(), PdfFont::new(parsed));
                    FontSlot::Embedded(id)
                }
                None => FontSlot::Outlines,
            };
        }
        match slot {
            FontSlot::Embedded(id) => Some(id.clone()),
            _ => None,
        }
    }

    fn alpha(&mut self, thousandths: u32) -> ExtendedGraphicsStateId {
        let doc = &mut self.doc;
        self.alphas
            .entry(thousandths)
            .or_insert_with(|| {
                let id = ExtendedGraphicsStateId(format!("A{thousandths}"));
                let alpha = thousandths as f32 / 1000.0;
                let gs = ExtendedGraphicsState::default()
                    .with_current_fill_alpha(alpha)
                    .with_current_stroke_alpha(alpha);
                doc.resources.extgstates.map.insert(id.clone(), gs);
                id
            })
            .clone()
    }
}

/// One document from pages.
pub fn to_pdf(pages: &[Drawing], fonts: &Fonts, title: &str) -> Vec<u8> {
    let mut writer = PdfWriter::new(fonts, title);
    for page in pages {
        writer.add_page(page);
    }
    writer.finish()
}

/// Millimetres with y down to points with y up, on a page `height` mm tall.
fn to_pt(height: f64) -> Affine {
    Affine([PT_PER_MM, 0.0, 0.0, -PT_PER_MM, 0.0, height * PT_PER_MM])
}

/// A number as written: to 1/1000 pt (printpdf writes f32, whose shortest form then has at most
/// three decimals), and never `-0`.
fn num(v: f64) -> f32 {
    ((v * 1000.0).round() / 1000.0 + 0.0) as f32
}

/// The graphics state a page's operations have set, so that unchanged values are not repeated.
#[derive(Clone, Debug, Default, PartialEq)]
struct State {
    fill: Option<Color>,
    stroke: Option<Color>,
    width: Option<f32>,
    dash: Option<Vec<f32>>,
    cap: Option<LineCap>,
    miter_limit: bool,
    font: Option<FontId>,
}

struct PageOps {
    ops: Vec<Op>,
    state: State,
    to_pt: Affine,
}

impl PageOps {
    fn fill_color(&mut self, color: Color) {
        if self.state.fill != Some(color) {
            self.ops.push(Op::SetFillColor { col: rgb(color) });
            self.state.fill = Some(color);
        }
    }

    fn stroke_style(&mut self, stroke: &crate::draw::Stroke) {
        if self.state.stroke != Some(stroke.color) {
            self.ops.push(Op::SetOutlineColor {
                col: rgb(stroke.color),
            });
            self.state.stroke = Some(stroke.color);
        }
        let width = num(stroke.width * PT_PER_MM);
        if self.state.width != Some(width) {
            self.ops.push(Op::SetOutlineThickness { pt: Pt(width) });
            self.state.width = Some(width);
        }
        // An all-zero dash array is an error in PDF and a solid line in SVG.
        let dash: Vec<f32> = if stroke.dash.iter().any(|&d| d > 0.0) {
            stroke
                .dash
                .iter()
                .map(|&d| num(d.max(0.0) * PT_PER_MM))
                .collect()
        } else {
            Vec::new()
        };
        if self.state.dash.as_ref() != Some(&dash) {
            self.ops.push(Op::SetLineDashPattern {
                dash: LineDashPattern::new(0.0, &dash),
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
}

fn rgb(c: Color) -> printpdf::Color {
    let channel = |v: u8| num(v as f64 / 255.0);
    printpdf::Color::Rgb(Rgb::new(channel(c.0), channel(c.1), channel(c.2), None))
}

/// One subpath in points: on-curve points and, flagged `bezier`, the control points before them.
struct Subpath {
    points: Vec<LinePoint>,
    closed: bool,
}

fn subpaths(path: &Path, to_pt: &Affine) -> Vec<Subpath> {
    let point = |p: Point, bezier: bool| {
        let q = to_pt.apply(p);
        LinePoint {
            p: printpdf::Point {
                x: Pt(num(q.x)),
                y: Pt(num(q.y)),
            },
            bezier,
        }
    };
    let mut out = Vec::new();
    let mut current: Option<Subpath> = None;
    // Where the subpath began: after a close, drawing carries on from there (as in SVG and PDF).
    let mut start: Option<Point> = None;
    let finish = |s: Option<Subpath>, out: &mut Vec<Subpath>| {
        if let Some(s) = s.filter(|s| s.points.len() > 1) {
            out.push(s);
        }
    };
    for segment in &path.segments {
        if let Segment::Move(p) = *segment {
            finish(current.take(), &mut out);
            current = Some(Subpath {
                points: vec![point(p, false)],
                closed: false,
            });
            start = Some(p);
            continue;
        }
        if matches!(segment, Segment::Close) {
            if let Some(s) = current.as_mut() {
                s.closed = true;
            }
            finish(current.take(), &mut out);
            continue;
        }
        let Some(s) = start else { continue };
        let sub = current.get_or_insert_with(|| Subpath {
            points: vec![point(s, false)],
            closed: false,
        });
        match *segment {
            Segment::Line(p) => sub.points.push(point(p, false)),
            Segment::Cubic(a, b, c) => {
                sub.points
                    .extend([point(a, true), point(b, true), point(c, false)])
            }
            Segment::Move(_) | Segment::Close => unreachable!("handled above"),
        }
    }
    finish(current, &mut out);
    out
}

/// The font's PostScript name (name ID 6), reduced to characters safe in a PDF name.
fn postscript_name(data: &[u8]) -> Option<String> {
    let face = ttf_parser::Face::parse(data, 0).ok()?;
    let name = face
        .names()
        .into_iter()
        .filter(|n| n.name_id == ttf_parser::name_id::POST_SCRIPT_NAME)
        .find_map(|n| n.to_string())?;
    let name: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    (!name.is_empty()).then_some(name)
}

/// printpdf's info dictionary has an empty `GTS_PDFXVersion`, which readers take as a PDF/X
/// claim this file does not meet, and empty author, subject and keyword fields.
fn tidy_info(doc: &mut lopdf::Document) {
    let Ok(id) = doc
        .trailer
        .get(b"Info")
        .and_then(lopdf::Object::as_reference)
    else {
        return;
    };
    let Ok(info) = doc.get_dictionary_mut(id) else {
        return;
    };
    let empty: Vec<Vec<u8>> = info
        .iter()
        .filter(|(_, v)| matches!(v, lopdf::Object::String(s, _) if s.is_empty()))
        .map(|(k, _)| k.clone())
        .collect();
    for key in empty
        .iter()
        .map(Vec::as_slice)
        .chain([&b"GTS_PDFXVersion"[..]])
    {
        info.remove(key);
    }
}

fn set_id(doc: &mut lopdf::Document, id: [u8; 16]) {
    let id = lopdf::Object::String(id.to_vec(), lopdf::StringFormat::Hexadecimal);
    doc.trailer
        .set("ID", lopdf::Object::Array(vec![id.clone(), id]));
}

/// 128 bits of FNV-1a (two 64-bit lanes with different offsets): an identifier, not a checksum
/// anyone verifies, and the same on every platform and Rust version.
fn digest(bytes: &[u8]) -> [u8; 16] {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut lanes = [0xcbf2_9ce4_8422_2325_u64, 0x6c62_272e_07bb_0142_u64];
    for &byte in bytes {
        for lane in &mut lanes {
            *lane = (*lane ^ byte as u64).wrapping_mul(PRIME);
        }
    }
    let mut out = [0; 16];
    out[..8].copy_from_slice(&lanes[0].to_be_bytes());
    out[8..].copy_from_slice(&lanes[1].to_be_bytes());
    out
}
