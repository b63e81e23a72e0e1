//! Drawing → PDF through printpdf: each page of a [`Drawing`] is translated into printpdf
//! operations (`content.rs`), the faces the pages use are embedded as per-document subsets
//! (`font.rs`), and printpdf builds the document. What printpdf's API has no word for is added to
//! the lopdf document it builds on, in `document.rs`: the print hints in `/ViewerPreferences`, the
//! information dictionary (Producer with the version, dates only from `SOURCE_DATE_EPOCH`), the
//! header version, and a trailer `/ID` that is a digest of the file, so identical input gives an
//! identical file.
//!
//! The document is built in memory (printpdf has no page-by-page writer): a page's operations are
//! kept until [`PdfWriter::finish`], which is what lets the fonts be subset to exactly the glyphs
//! the document shows.

mod content;
mod document;
mod font;

use content::{alpha_resource, font_resource, page_ops, FontUse, Shared};
use std::collections::BTreeMap;
use std::io::{self, Write};

use crate::draw::{Drawing, FontRole, Fonts, InkOptions};
use printpdf::{ExtendedGraphicsState, ExtendedGraphicsStateId, FontId, Mm, Op, PdfPage};

/// Points per millimetre.
const PT_PER_MM: f64 = 72.0 / 25.4;

/// SVG's default miter limit; PDF's is 10. Set so sharp corners bevel where the SVG/PNG do.
const MITER_LIMIT: f32 = crate::draw::MITER_LIMIT as f32;

/// What a document says about itself and how it asks to be printed.
#[derive(Clone, Debug, PartialEq)]
pub struct PdfOptions {
    pub title: String,
    /// `/ViewerPreferences << /PrintScaling /None >>`: print at actual size, not "fit to page"
    /// (which shrinks a kit's pieces so they no longer fit its board).
    pub actual_size: bool,
    /// `/Duplex /DuplexFlipLongEdge`: the pages are fronts and backs for long-edge duplex.
    pub duplex: bool,
    /// The creation date, in seconds since the Unix epoch; none is written when `None`.
    pub created: Option<i64>,
    /// Print-shop ink, applied to every page.
    pub ink: InkOptions,
}

impl PdfOptions {
    /// A document titled `title`, dated from `SOURCE_DATE_EPOCH` when that is set.
    pub fn new(title: &str) -> PdfOptions {
        PdfOptions {
            title: title.to_string(),
            actual_size: false,
            duplex: false,
            created: source_date_epoch(),
            ink: InkOptions::default(),
        }
    }

    /// With `/PrintScaling /None`: what kits, handicap sheets and booklets ask for.
    pub fn actual_size(mut self) -> PdfOptions {
        self.actual_size = true;
        self
    }

    pub fn duplex(mut self, duplex: bool) -> PdfOptions {
        self.duplex = duplex;
        self
    }

    pub fn ink(mut self, ink: InkOptions) -> PdfOptions {
        self.ink = ink;
        self
    }
}

/// `SOURCE_DATE_EPOCH` (reproducible-builds.org), if set to a whole number of seconds.
pub fn source_date_epoch() -> Option<i64> {
    std::env::var("SOURCE_DATE_EPOCH").ok()?.trim().parse().ok()
}

/// A PDF built in memory: pages are added one by one, and [`finish`](PdfWriter::finish) embeds
/// the fonts (subset to the glyphs the pages show) and writes the file.
pub struct PdfWriter {
    fonts: Fonts,
    options: PdfOptions,
    uses: [FontUse; 3],
    alphas: std::collections::BTreeSet<u32>,
    pages: Vec<PdfPage>,
}

impl PdfWriter {
    pub fn new(fonts: &Fonts, title: &str) -> PdfWriter {
        PdfWriter::with_options(fonts, PdfOptions::new(title))
    }

    pub fn with_options(fonts: &Fonts, options: PdfOptions) -> PdfWriter {
        PdfWriter {
            fonts: fonts.clone(),
            options,
            uses: [FontUse::Unused, FontUse::Unused, FontUse::Unused],
            alphas: Default::default(),
            pages: Vec::new(),
        }
    }

    pub fn add_page(&mut self, page: &Drawing) {
        let inked;
        let page = if self.options.ink.is_default() {
            page
        } else {
            inked = self.options.ink.apply(page);
            &inked
        };
        let mut shared = Shared {
            fonts: &self.fonts,
            uses: std::mem::replace(
                &mut self.uses,
                [FontUse::Unused, FontUse::Unused, FontUse::Unused],
            ),
            alphas: std::mem::take(&mut self.alphas),
        };
        let ops = page_ops(page, &mut shared);
        self.uses = shared.uses;
        self.alphas = shared.alphas;
        self.pages.push(PdfPage::new(
            Mm(page.width as f32),
            Mm(page.height as f32),
            ops,
        ));
    }

    pub fn page_count(&self) -> usize {
        self.pages.len()
    }

    /// The finished file.
    pub fn finish(self) -> Vec<u8> {
        let mut doc = printpdf::PdfDocument::new(&self.options.title);
        let mut renumber: [Option<BTreeMap<u16, u16>>; 3] = [None, None, None];
        for role in FontRole::ALL {
            let FontUse::Embedded(glyphs) = &self.uses[role.index()] else {
                continue;
            };
            let data = self.fonts.face(role).data();
            let (parsed, ids) = match font::subset(data, glyphs) {
                Some(s) => (s.font, Some(s.ids)),
                // A face subsetter cannot read is embedded whole, under its own glyph ids.
                None => {
                    let mut warnings = Vec::new();
                    match printpdf::ParsedFont::from_bytes(data, 0, &mut warnings) {
                        Some(f) => (f, None),
                        None => continue,
                    }
                }
            };
            renumber[role.index()] = ids;
            doc.resources
                .fonts
                .map
                .insert(FontId(font_resource(role)), printpdf::PdfFont::new(parsed));
        }
        for &milli in &self.alphas {
            let alpha = milli as f32 / 1000.0;
            doc.resources.extgstates.map.insert(
                ExtendedGraphicsStateId(alpha_resource(milli)),
                ExtendedGraphicsState::default()
                    .with_current_fill_alpha(alpha)
                    .with_current_stroke_alpha(alpha),
            );
        }
        let mut pages = self.pages;
        for page in &mut pages {
            renumber_glyphs(&mut page.ops, &renumber);
        }
        doc.pages = pages;
        document::finish(doc, &self.options, !self.alphas.is_empty())
    }
}

/// Rewrites the bundled glyph ids that pages show into the subsets' ids.
fn renumber_glyphs(ops: &mut [Op], renumber: &[Option<BTreeMap<u16, u16>>; 3]) {
    let mut current: Option<&BTreeMap<u16, u16>> = None;
    for op in ops {
        match op {
            Op::SetFont { font, .. } => {
                current = FontRole::ALL
                    .into_iter()
                    .find(|r| matches!(font, printpdf::PdfFontHandle::External(id) if id.0 == font_resource(*r)))
                    .and_then(|r| renumber[r.index()].as_ref());
            }
            Op::ShowText { items } => {
                let Some(map) = current else { continue };
                for item in items {
                    if let printpdf::TextItem::GlyphIds(glyphs) = item {
                        for g in glyphs {
                            g.gid = map.get(&g.gid).copied().unwrap_or(0);
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

/// A PDF written to any [`Write`] when it is finished (the whole document is built in memory
/// first: see the module notes).
pub struct PdfStream<W: Write> {
    out: W,
    writer: PdfWriter,
}

impl<W: Write> PdfStream<W> {
    pub fn new(out: W, fonts: &Fonts, title: &str) -> io::Result<PdfStream<W>> {
        PdfStream::with_options(out, fonts, PdfOptions::new(title))
    }

    pub fn with_options(out: W, fonts: &Fonts, options: PdfOptions) -> io::Result<PdfStream<W>> {
        Ok(PdfStream {
            out,
            writer: PdfWriter::with_options(fonts, options),
        })
    }

    pub fn page_count(&self) -> usize {
        self.writer.page_count()
    }

    pub fn add_page(&mut self, page: &Drawing) -> io::Result<()> {
        self.writer.add_page(page);
        Ok(())
    }

    /// Writes the document; returns the writer.
    pub fn finish(mut self) -> io::Result<W> {
        let bytes = self.writer.finish();
        self.out.write_all(&bytes)?;
        self.out.flush()?;
        Ok(self.out)
    }
}

/// One document from pages.
pub fn to_pdf(pages: &[Drawing], fonts: &Fonts, title: &str) -> Vec<u8> {
    to_pdf_with(pages, fonts, PdfOptions::new(title))
}

/// One document from pages, with print hints and ink.
pub fn to_pdf_with(pages: &[Drawing], fonts: &Fonts, options: PdfOptions) -> Vec<u8> {
    let mut writer = PdfWriter::with_options(fonts, options);
    for page in pages {
        writer.add_page(page);
    }
    writer.finish()
}
