//! Drawing → PDF, written object by object as pages are added, so that a document of ten
//! thousand pages needs no more memory than one page (plus a few bytes per page for the cross
//! reference table and the page list).
//!
//! Each page becomes a compressed content stream and a page dictionary the moment it is added.
//! All pages share one resource dictionary; the faces the pages use are embedded once per
//! document at the end, as Identity-H TrueType fonts (the whole bundled subset, its widths and a
//! `/ToUnicode` map of the glyphs actually shown), and every glyph is placed by its own text
//! matrix, so the PDF puts each glyph exactly where the drawing (and so the SVG) does.
//!
//! Output is deterministic: resource names are fixed (`F1`, `F2` for fonts, `A500` for the
//! ExtGState of opacity 0.5), the dates are the Unix epoch, numbers are written to 1/1000 pt, and
//! the trailer `/ID` is a digest of every byte before it.
//!
//! Shapes are filled with the nonzero rule, like SVG; a shape's subpaths are one PDF path, each
//! closed with `h` where the drawing closes it, painted with `f`, `S`, or `b`/`B` for both.

mod content;
mod font;

use content::{path_ops, push_num, to_pt, Ops, State};
use font::{postscript_name, to_unicode_cmap};
use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Write};

use crate::draw::{Affine, Color, Drawing, FontRole, Fonts, Glyph, Item, Shape};

/// Points per millimetre.
const PT_PER_MM: f64 = 72.0 / 25.4;

/// SVG's default miter limit; PDF's is 10. Set so sharp corners bevel where the SVG/PNG do.
const MITER_LIMIT: f64 = 4.0;

/// Objects with fixed numbers; pages and fonts follow.
const CATALOG: u32 = 1;
const PAGES: u32 = 2;
const RESOURCES: u32 = 3;
const INFO: u32 = 4;
const EXTGSTATES: u32 = 5;
const FIRST_FREE: u32 = 6;

/// How a role's face is written.
#[derive(Clone, Debug)]
enum FontSlot {
    /// No page has used it yet.
    Unused,
    /// Embedded (at the end) under `F<n>`; the glyphs shown, with their characters.
    Embedded(BTreeMap<u16, char>),
    /// Not a TrueType face: its glyphs are drawn as filled outlines instead.
    Outlines,
}

/// Counts the bytes written (for the cross-reference offsets) and digests them (for `/ID`).
struct Sink<W: Write> {
    out: W,
    pos: u64,
    lanes: [u64; 2],
}

impl<W: Write> Write for Sink<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.out.write(buf)?;
        const PRIME: u64 = 0x0000_0100_0000_01b3;
        for &byte in &buf[..n] {
            for lane in &mut self.lanes {
                *lane = (*lane ^ byte as u64).wrapping_mul(PRIME);
            }
        }
        self.pos += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// A PDF written to any [`Write`] as pages are added: the streaming form of [`PdfWriter`].
/// Nothing of a page is kept once [`add_page`](PdfStream::add_page) returns.
pub struct PdfStream<W: Write> {
    sink: Sink<W>,
    fonts: Fonts,
    title: String,
    slots: [FontSlot; 2],
    /// Opacities in thousandths that have an ExtGState.
    alphas: BTreeSet<u32>,
    /// Byte offset of each object by number (index 0 unused).
    offsets: Vec<u64>,
    /// The page dictionaries, in order.
    pages: Vec<u32>,
}

impl<W: Write> PdfStream<W> {
    /// Starts a document: the header is written at once.
    pub fn new(out: W, fonts: &Fonts, title: &str) -> io::Result<PdfStream<W>> {
        let mut sink = Sink {
            out,
            pos: 0,
            lanes: [0xcbf2_9ce4_8422_2325, 0x6c62_272e_07bb_0142],
        };
        // Opacity (ExtGState ca/CA) is PDF 1.4; the second line marks the file as binary.
        sink.write_all(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")?;
        Ok(PdfStream {
            sink,
            fonts: fonts.clone(),
            title: title.to_string(),
            slots: [FontSlot::Unused, FontSlot::Unused],
            alphas: BTreeSet::new(),
            offsets: vec![0; FIRST_FREE as usize],
            pages: Vec::new(),
        })
    }

    pub fn page_count(&self) -> usize {
        self.pages.len()
    }

    /// Writes one page: its content stream and its page dictionary.
    pub fn add_page(&mut self, page: &Drawing) -> io::Result<()> {
        let mut ops = Ops {
            buf: Vec::with_capacity(16 * 1024),
            state: State::default(),
            to_pt: to_pt(page.height),
        };
        for item in &page.items {
            match item {
                Item::Shape(shape) => self.shape(&mut ops, shape),
                Item::Text { color, glyphs } => self.text(&mut ops, *color, glyphs),
            }
        }
        let content = self.next_id();
        let (filter, data) = compress(ops.buf);
        self.begin(content)?;
        write!(self.sink, "<< /Length {}{filter} >>\nstream\n", data.len())?;
        self.sink.write_all(&data)?;
        self.sink.write_all(b"\nendstream\nendobj\n")?;

        let id = self.next_id();
        let mut dict = String::with_capacity(200);
        let (w, h) = (page.width * PT_PER_MM, page.height * PT_PER_MM);
        let mut b = String::new();
        for v in [0.0, 0.0, w, h] {
            push_num(&mut b, v);
        }
        let bx = b.trim_end();
        dict.push_str(&format!(
            "<< /Type /Page /Parent {PAGES} 0 R /MediaBox [{bx}] /CropBox [{bx}] /TrimBox [{bx}] /Resources {RESOURCES} 0 R /Contents {content} 0 R >>"
        ));
        self.object(id, dict.as_bytes())?;
        self.pages.push(id);
        Ok(())
    }

    /// Writes the fonts, the shared resources, the page tree, the catalog, the information
    /// dictionary and the cross-reference table; returns the writer.
    pub fn finish(mut self) -> io::Result<W> {
        let mut font_refs = String::new();
        for role in FontRole::ALL {
            let glyphs = match &self.slots[role.index()] {
                FontSlot::Embedded(g) => g.clone(),
                _ => continue,
            };
            let type0 = self.embed_font(role, &glyphs)?;
            font_refs.push_str(&format!("/F{} {type0} 0 R ", role.index() + 1));
        }
        let mut states = String::from("<< ");
        for &a in &self.alphas {
            let mut v = String::new();
            push_num(&mut v, a as f64 / 1000.0);
            let v = v.trim_end();
            states.push_str(&format!("/A{a} << /Type /ExtGState /ca {v} /CA {v} >> "));
        }
        states.push_str(">>");
        self.object(EXTGSTATES, states.as_bytes())?;
        let resources = format!(
            "<< /ProcSet [/PDF /Text] /Font << {font_refs}>> /ExtGState {EXTGSTATES} 0 R >>"
        );
        self.object(RESOURCES, resources.as_bytes())?;

        let mut kids = String::with_capacity(self.pages.len() * 8 + 64);
        kids.push_str("<< /Type /Pages /Kids [");
        for (i, p) in self.pages.iter().enumerate() {
            if i > 0 {
                kids.push(' ');
            }
            kids.push_str(&format!("{p} 0 R"));
        }
        kids.push_str(&format!("] /Count {} >>", self.pages.len()));
        self.object(PAGES, kids.as_bytes())?;
        self.object(
            CATALOG,
            format!("<< /Type /Catalog /Pages {PAGES} 0 R >>").as_bytes(),
        )?;
        let date = "(D:19700101000000+00'00')";
        let info = format!(
            "<< /Title {} /Creator (shogiprint) /Producer (shogiprint) /CreationDate {date} /ModDate {date} >>",
            text_string(&self.title)
        );
        self.object(INFO, info.as_bytes())?;

        let xref = self.sink.pos;
        let count = self.offsets.len();
        let mut table = format!("xref\n0 {count}\n0000000000 65535 f \n");
        for offset in &self.offsets[1..] {
            table.push_str(&format!("{offset:010} 00000 n \n"));
        }
        self.sink.write_all(table.as_bytes())?;
        let mut id = [0u8; 16];
        id[..8].copy_from_slice(&self.sink.lanes[0].to_be_bytes());
        id[8..].copy_from_slice(&self.sink.lanes[1].to_be_bytes());
        let id: String = id.iter().map(|b| format!("{b:02X}")).collect();
        write!(
            self.sink,
            "trailer\n<< /Size {count} /Root {CATALOG} 0 R /Info {INFO} 0 R /ID [<{id}> <{id}>] >>\nstartxref\n{xref}\n%%EOF\n"
        )?;
        self.sink.flush()?;
        Ok(self.sink.out)
    }

    fn next_id(&mut self) -> u32 {
        self.offsets.push(0);
        (self.offsets.len() - 1) as u32
    }

    fn begin(&mut self, id: u32) -> io::Result<()> {
        self.offsets[id as usize] = self.sink.pos;
        writeln!(self.sink, "{id} 0 obj")
    }

    fn object(&mut self, id: u32, body: &[u8]) -> io::Result<()> {
        self.begin(id)?;
        self.sink.write_all(body)?;
        self.sink.write_all(b"\nendobj\n")
    }

    fn stream(&mut self, extra: &str, data: Vec<u8>) -> io::Result<u32> {
        let id = self.next_id();
        let raw_len = data.len();
        let (filter, data) = compress(data);
        self.begin(id)?;
        let extra = extra.replace("{raw}", &raw_len.to_string());
        write!(
            self.sink,
            "<< /Length {}{filter}{extra} >>\nstream\n",
            data.len()
        )?;
        self.sink.write_all(&data)?;
        self.sink.write_all(b"\nendstream\nendobj\n")?;
        Ok(id)
    }

    /// The font program, its descriptor, the CID font, the `/ToUnicode` map and the Type0 font
    /// that pages name; returns the Type0 font's object number.
    fn embed_font(&mut self, role: FontRole, glyphs: &BTreeMap<u16, char>) -> io::Result<u32> {
        let fonts = self.fonts.clone();
        let face = fonts.face(role);
        let data = face.data();
        let upm = face.units_per_em();
        let k = 1000.0 / upm;
        let parsed = ttf_parser::Face::parse(data, 0).ok();
        let name =
            postscript_name(data).unwrap_or_else(|| format!("Shogiprint{}", role.index() + 1));
        let (bbox, ascent, descent, cap) = match &parsed {
            Some(f) => {
                let b = f.global_bounding_box();
                (
                    [b.x_min, b.y_min, b.x_max, b.y_max].map(|v| (v as f64 * k).round() as i64),
                    (f.ascender() as f64 * k).round() as i64,
                    (f.descender() as f64 * k).round() as i64,
                    (f.capital_height().unwrap_or(f.ascender()) as f64 * k).round() as i64,
                )
            }
            None => ([0, -120, 1000, 880], 880, -120, 700),
        };
        let file = self.stream(" /Length1 {raw}", data.to_vec())?;
        let descriptor = self.next_id();
        let body = format!(
            "<< /Type /FontDescriptor /FontName /{name} /Flags 4 /FontBBox [{} {} {} {}] /ItalicAngle 0 /Ascent {ascent} /Descent {descent} /CapHeight {cap} /StemV 80 /FontFile2 {file} 0 R >>",
            bbox[0], bbox[1], bbox[2], bbox[3]
        );
        self.object(descriptor, body.as_bytes())?;

        // Widths in runs of consecutive glyph ids: `first [w w w]`.
        let mut widths = String::new();
        let mut last: Option<u16> = None;
        for &id in glyphs.keys() {
            let w = (face.advance(id) * k).round() as i64;
            match last {
                Some(prev) if prev + 1 == id => widths.push_str(&format!(" {w}")),
                Some(_) => widths.push_str(&format!("] {id} [{w}")),
                None => widths.push_str(&format!("{id} [{w}")),
            }
            last = Some(id);
        }
        if last.is_some() {
            widths.push(']');
        }
        let cid = self.next_id();
        let body = format!(
            "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /{name} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor {descriptor} 0 R /DW 1000 /W [{widths}] /CIDToGIDMap /Identity >>"
        );
        self.object(cid, body.as_bytes())?;

        let unicode = self.stream("", to_unicode_cmap(glyphs).into_bytes())?;
        let type0 = self.next_id();
        let body = format!(
            "<< /Type /Font /Subtype /Type0 /BaseFont /{name} /Encoding /Identity-H /DescendantFonts [{cid} 0 R] /ToUnicode {unicode} 0 R >>"
        );
        self.object(type0, body.as_bytes())?;
        Ok(type0)
    }

    fn shape(&mut self, out: &mut Ops, shape: &Shape) {
        let opacity = (shape.opacity.clamp(0.0, 1.0) * 1000.0).round() as u32;
        let stroke = shape.stroke.as_ref().filter(|s| s.width > 0.0);
        if opacity == 0 || (shape.fill.is_none() && stroke.is_none()) {
            return;
        }
        let start = out.buf.len();
        let mut all_closed = true;
        let drawn = path_ops(&mut out.buf, &shape.path, &out.to_pt, &mut all_closed);
        let path = out.buf.split_off(start);
        if drawn == 0 {
            return;
        }
        let saved = (opacity < 1000).then(|| {
            self.alphas.insert(opacity);
            out.buf
                .extend_from_slice(format!("q /A{opacity} gs\n").as_bytes());
            out.state.clone()
        });
        if let Some(color) = shape.fill {
            out.fill_color(color);
        }
        if let Some(stroke) = stroke {
            out.stroke_style(stroke);
        }
        out.buf.extend_from_slice(&path);
        let paint: &[u8] = match (shape.fill.is_some(), stroke.is_some()) {
            (true, true) if all_closed => b"b\n",
            (true, true) => b"B\n",
            (true, false) => b"f\n",
            _ => b"S\n",
        };
        out.buf.extend_from_slice(paint);
        if let Some(state) = saved {
            out.buf.extend_from_slice(b"Q\n");
            out.state = state;
        }
    }

    fn text(&mut self, out: &mut Ops, color: Color, glyphs: &[Glyph]) {
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
            let Some(owner) = self.font(glyph.font) else {
                // No embeddable font: the glyph's outline as a filled path.
                let outline = self
                    .fonts
                    .face(glyph.font)
                    .outline_path(glyph.id)
                    .transformed(&glyph.transform);
                if open {
                    out.buf.extend_from_slice(b"ET\n");
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
            };
            if let FontSlot::Embedded(used) = &mut self.slots[owner.index()] {
                used.entry(glyph.id).or_insert(glyph.ch);
            }
            if !open {
                out.fill_color(color);
                out.buf.extend_from_slice(b"BT\n");
                open = true;
            }
            if out.state.font != Some(owner) {
                out.buf
                    .extend_from_slice(format!("/F{} 1 Tf\n", owner.index() + 1).as_bytes());
                out.state.font = Some(owner);
            }
            let mut line = String::with_capacity(64);
            for v in tm.0 {
                push_num(&mut line, v);
            }
            // By glyph id rather than by character: the drawing's id is what the SVG draws, and
            // the character still reaches /ToUnicode for copying and search.
            line.push_str(&format!("Tm <{:04X}> Tj\n", glyph.id));
            out.buf.extend_from_slice(line.as_bytes());
        }
        if open {
            out.buf.extend_from_slice(b"ET\n");
        }
    }

    /// The role whose slot embeds a glyph of `role` (roles sharing a face share the first
    /// role's slot, so the face is embedded once); `None` if the face is drawn as outlines.
    fn font(&mut self, role: FontRole) -> Option<FontRole> {
        let owner = FontRole::ALL
            .into_iter()
            .find(|&r| self.fonts.same_face(r, role))
            .unwrap_or(role);
        let slot = &mut self.slots[owner.index()];
        if let FontSlot::Unused = slot {
            let truetype = ttf_parser::Face::parse(self.fonts.face(owner).data(), 0)
                .is_ok_and(|f| f.tables().glyf.is_some());
            *slot = if truetype {
                FontSlot::Embedded(BTreeMap::new())
            } else {
                FontSlot::Outlines
            };
        }
        match slot {
            FontSlot::Embedded(_) => Some(owner),
            _ => None,
        }
    }
}

/// A PDF held in memory: pages are added one by one (each page is written at once and can then
/// be dropped), fonts embedded once per document.
pub struct PdfWriter {
    inner: PdfStream<Vec<u8>>,
}

impl PdfWriter {
    pub fn new(fonts: &Fonts, title: &str) -> PdfWriter {
        PdfWriter {
            inner: PdfStream::new(Vec::new(), fonts, title).expect("writing to memory cannot fail"),
        }
    }

    pub fn add_page(&mut self, page: &Drawing) {
        self.inner
            .add_page(page)
            .expect("writing to memory cannot fail");
    }

    pub fn page_count(&self) -> usize {
        self.inner.page_count()
    }

    pub fn finish(self) -> Vec<u8> {
        self.inner.finish().expect("writing to memory cannot fail")
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

/// Flate-compresses a stream when that makes it smaller; the `/Filter` entry to go with it.
fn compress(data: Vec<u8>) -> (&'static str, Vec<u8>) {
    let mut stream = lopdf::Stream::new(lopdf::Dictionary::new(), data);
    // Compression into memory cannot fail; if it did, the stream stays as it was.
    let _ = stream.compress();
    let filter = if stream.dict.has(b"Filter") {
        " /Filter /FlateDecode"
    } else {
        ""
    };
    (filter, stream.content)
}

/// A PDF text string: plain ASCII in parentheses, anything else as UTF-16BE with a byte order
/// mark, in hex.
fn text_string(text: &str) -> String {
    if text
        .chars()
        .all(|c| (' '..='~').contains(&c) && !matches!(c, '(' | ')' | '\\'))
    {
        return format!("({text})");
    }
    let mut hex = String::from("<FEFF");
    for u in text.encode_utf16() {
        hex.push_str(&format!("{u:04X}"));
    }
    hex.push('>');
    hex
}
