//! The fonts a drawing's glyphs come from. The bundled subsets are compiled into the binary so
//! that output never depends on the machine's fonts; `--font` swaps in a user's file.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

/// Which of the loaded faces a glyph uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FontRole {
    /// Labels, numerals, hands, captions.
    Regular,
    /// Pieces, titles.
    Bold,
    /// The brush (書体) face of the kit's piece names; only their characters are bundled.
    Brush,
}

impl FontRole {
    pub const ALL: [FontRole; 3] = [FontRole::Regular, FontRole::Bold, FontRole::Brush];

    pub fn index(self) -> usize {
        self as usize
    }
}

const REGULAR: &[u8] = include_bytes!("../../fonts/NotoSerifJP-Regular.subset.ttf");
const BOLD: &[u8] = include_bytes!("../../fonts/NotoSerifJP-Bold.subset.ttf");
/// Yuji Syuku (SIL OFL 1.1), cut to the characters of the piece names: `fonts/brush-subset.sh`.
const BRUSH: &[u8] = include_bytes!("../../fonts/YujiSyuku-Regular.pieces.ttf");

/// A character the fonts cannot draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MissingGlyph {
    pub ch: char,
    pub font: String,
}

impl fmt::Display for MissingGlyph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the character '{}' (U+{:04X}) is not in the font {}; pass --font FILE with a font that has it",
            self.ch, self.ch as u32, self.font
        )
    }
}

impl std::error::Error for MissingGlyph {}

/// One font face, parsed once.
pub struct Face {
    name: String,
    data: &'static [u8],
    face: ttf_parser::Face<'static>,
    units_per_em: f64,
    em_top: f64,
    em_bottom: f64,
    /// A short hash that tells this font file from others (see [`Face::fingerprint`]).
    fingerprint: u32,
    /// SVG path data of glyph outlines in font units, made once per glyph.
    outlines: Mutex<HashMap<u16, Arc<str>>>,
}

impl fmt::Debug for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Face").field("name", &self.name).finish()
    }
}

impl Face {
    /// Parses a TrueType/OpenType font. The bytes live as long as the program, as the bundled
    /// ones do; a user's font is read once per run, so leaking it costs nothing.
    pub fn parse(name: &str, data: &'static [u8]) -> Result<Face, String> {
        let face = ttf_parser::Face::parse(data, 0)
            .map_err(|e| format!("{name}: not a usable font ({e})"))?;
        let units_per_em = face.units_per_em() as f64;
        // The ideographic em box: CJK fonts put it in the typographic ascender and descender.
        let (top, bottom) = match face.tables().os2 {
            Some(os2) if os2.typographic_ascender() > os2.typographic_descender() => (
                os2.typographic_ascender() as f64,
                os2.typographic_descender() as f64,
            ),
            _ => (face.ascender() as f64, face.descender() as f64),
        };
        let scale = units_per_em / (top - bottom);
        Ok(Face {
            name: name.to_string(),
            data,
            face,
            units_per_em,
            em_top: top * scale,
            em_bottom: bottom * scale,
            fingerprint: fingerprint(data),
            outlines: Mutex::new(HashMap::new()),
        })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The font file's bytes (what the PDF embeds).
    pub fn data(&self) -> &'static [u8] {
        self.data
    }

    /// A stable 32-bit hash of the font file, so that a glyph's SVG id (this and its number)
    /// means the same outline in any document: two diagrams inlined in one web page share an id
    /// only when they share the glyph itself.
    pub fn fingerprint(&self) -> u32 {
        self.fingerprint
    }

    pub fn units_per_em(&self) -> f64 {
        self.units_per_em
    }

    /// Top and bottom of the em box, in font units above the baseline (bottom is negative).
    pub fn em_box(&self) -> (f64, f64) {
        (self.em_top, self.em_bottom)
    }

    pub fn glyph(&self, ch: char) -> Result<u16, MissingGlyph> {
        match self.face.glyph_index(ch) {
            Some(id) if id.0 != 0 => Ok(id.0),
            // Spaces have no outline but do have a glyph; anything else mapped to 0 is missing.
            _ => Err(MissingGlyph {
                ch,
                font: self.name.clone(),
            }),
        }
    }

    pub fn has(&self, ch: char) -> bool {
        self.glyph(ch).is_ok()
    }

    /// Horizontal advance in font units.
    pub fn advance(&self, id: u16) -> f64 {
        self.face
            .glyph_hor_advance(ttf_parser::GlyphId(id))
            .unwrap_or(0) as f64
    }

    /// The ink bounding box in font units (x0, y0, x1, y1), y up.
    pub fn ink(&self, id: u16) -> Option<(f64, f64, f64, f64)> {
        let r = self.face.glyph_bounding_box(ttf_parser::GlyphId(id))?;
        Some((
            r.x_min as f64,
            r.y_min as f64,
            r.x_max as f64,
            r.y_max as f64,
        ))
    }

    /// The outline as SVG path data in font units (y up), cached.
    pub fn outline_svg(&self, id: u16) -> Arc<str> {
        let mut cache = self.outlines.lock().unwrap_or_else(|e| e.into_inner());
        cache
            .entry(id)
            .or_insert_with(|| {
                let mut out = SvgOutline(String::new());
                self.face.outline_glyph(ttf_parser::GlyphId(id), &mut out);
                Arc::from(out.0.trim_end())
            })
            .clone()
    }

    /// The outline as a list of closed contours of cubic segments, in font units (y up): what
    /// the PDF and geometry tests read.
    pub fn outline_path(&self, id: u16) -> super::Path {
        let mut out = PathOutline {
            path: super::Path::new(),
            last: super::Point::default(),
        };
        self.face.outline_glyph(ttf_parser::GlyphId(id), &mut out);
        out.path
    }
}

/// FNV-1a over the file's length and its first kilobyte, which holds the table directory with
/// every table's checksum: different fonts (or subsets of one font) differ there, and hashing a
/// few hundred bytes costs nothing even for a large font.
fn fingerprint(data: &[u8]) -> u32 {
    let head = &data[..data.len().min(1024)];
    let mut hash: u32 = 0x811c_9dc5;
    for &byte in (data.len() as u64).to_le_bytes().iter().chain(head) {
        hash ^= byte as u32;
        hash = hash.wrapping_mul(0x0100_0193);
    }
    hash
}

struct SvgOutline(String);

impl ttf_parser::OutlineBuilder for SvgOutline {
    fn move_to(&mut self, x: f32, y: f32) {
        use std::fmt::Write;
        let _ = write!(self.0, "M{} {}", x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        use std::fmt::Write;
        let _ = write!(self.0, "L{} {}", x, y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        use std::fmt::Write;
        let _ = write!(self.0, "Q{} {} {} {}", x1, y1, x, y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        use std::fmt::Write;
        let _ = write!(self.0, "C{} {} {} {} {} {}", x1, y1, x2, y2, x, y);
    }
    fn close(&mut self) {
        self.0.push('Z');
    }
}

struct PathOutline {
    path: super::Path,
    last: super::Point,
}

impl ttf_parser::OutlineBuilder for PathOutline {
    fn move_to(&mut self, x: f32, y: f32) {
        self.last = super::Point::new(x as f64, y as f64);
        self.path.move_to(self.last);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.last = super::Point::new(x as f64, y as f64);
        self.path.line_to(self.last);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        // A quadratic is the cubic with its control point pulled two thirds of the way in.
        let q = super::Point::new(x1 as f64, y1 as f64);
        let end = super::Point::new(x as f64, y as f64);
        let c1 = self.last + (q - self.last) * (2.0 / 3.0);
        let c2 = end + (q - end) * (2.0 / 3.0);
        self.path.cubic_to(c1, c2, end);
        self.last = end;
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.last = super::Point::new(x as f64, y as f64);
        self.path.cubic_to(
            super::Point::new(x1 as f64, y1 as f64),
            super::Point::new(x2 as f64, y2 as f64),
            self.last,
        );
    }
    fn close(&mut self) {
        self.path.close();
    }
}

/// The faces a drawing may use, one per role.
#[derive(Debug, Clone)]
pub struct Fonts {
    faces: [Arc<Face>; 3],
}

impl Fonts {
    /// The bundled Noto Serif JP subsets (regular and bold) and the brush face of piece names.
    pub fn bundled() -> Fonts {
        static BUNDLED: std::sync::OnceLock<Fonts> = std::sync::OnceLock::new();
        BUNDLED
            .get_or_init(|| {
                let face =
                    |name, data| Arc::new(Face::parse(name, data).expect("bundled font parses"));
                Fonts {
                    faces: [
                        face("Noto Serif JP Regular (bundled subset)", REGULAR),
                        face("Noto Serif JP Bold (bundled subset)", BOLD),
                        face("Yuji Syuku (bundled piece-name subset)", BRUSH),
                    ],
                }
            })
            .clone()
    }

    /// One user font for every role.
    pub fn from_file(path: &std::path::Path) -> Result<Fonts, String> {
        let data = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let data: &'static [u8] = Box::leak(data.into_boxed_slice());
        let face = Arc::new(Face::parse(&path.display().to_string(), data)?);
        Ok(Fonts {
            faces: [face.clone(), face.clone(), face],
        })
    }

    pub fn face(&self, role: FontRole) -> &Face {
        &self.faces[role.index()]
    }

    /// Whether two roles share one face (a user's `--font`), so writers embed it once.
    pub fn same_face(&self, a: FontRole, b: FontRole) -> bool {
        Arc::ptr_eq(&self.faces[a.index()], &self.faces[b.index()])
    }

    /// Whether `role`'s own face draws every character of `text` (no fallback): the kit asks
    /// this of the brush face before writing a piece's name in it.
    pub fn covers(&self, role: FontRole, text: &str) -> bool {
        let face = self.face(role);
        text.chars()
            .filter(|c| !c.is_whitespace())
            .all(|c| face.has(c))
    }

    /// Checks that every character of `text` can be drawn in `role`.
    pub fn check(&self, role: FontRole, text: &str) -> Result<(), MissingGlyph> {
        let face = self.face(role);
        text.chars()
            .filter(|c| !c.is_whitespace())
            .try_for_each(|c| face.glyph(c).map(|_| ()))
    }
}
