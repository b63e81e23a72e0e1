//! The cover's text as it flows down the page: headings kept with what follows them,
//! paragraphs kept whole where they fit a page, and a new page where the text passes the foot.

use crate::diagram::face::INK;
use crate::draw::{
    Affine, Align, Color, Drawing, FontRole, Fonts, Glyph, MissingGlyph, Point, Rect, TextStyle,
};

/// A cursor writing lines down the cover's pages: where a line would pass `bottom`, the cover
/// goes on at `top` of a new page.
pub(super) struct Writer<'a> {
    pub(super) pages: &'a mut Vec<Drawing>,
    pub(super) fonts: &'a Fonts,
    pub(super) left: f64,
    pub(super) width: f64,
    /// The width of the text where nothing stands beside it.
    pub(super) full_width: f64,
    pub(super) y: f64,
    /// Where a continuation page starts, and how far down the text may go.
    pub(super) top: f64,
    pub(super) bottom: f64,
    /// The ink of what it has drawn since it was last asked (see [`Writer::take_ink`]).
    pub(super) ink: Option<Rect>,
}

/// Below a line's baseline, the deepest its ink goes, as a share of its size (descenders).
pub(super) const DESCENT: f64 = 0.3;

impl Writer<'_> {
    /// The page being written.
    pub(super) fn page(&mut self) -> &mut Drawing {
        self.pages.last_mut().expect("the cover has a page")
    }

    /// Draws glyphs, keeping count of their ink. A line whose first glyph's ink overhangs its
    /// start to the left (a w, at a hair) moves right by as much: nothing goes past the left
    /// margin.
    pub(super) fn draw(&mut self, color: Color, mut glyphs: Vec<Glyph>) {
        let overhang = glyphs
            .iter()
            .filter_map(|g| self.fonts.ink_rect(g))
            .map(|r| self.left - r.x)
            .fold(0.0, f64::max);
        if overhang > 0.0 {
            for g in &mut glyphs {
                g.transform = Affine::translate(overhang, 0.0) * g.transform;
            }
        }
        for r in glyphs.iter().filter_map(|g| self.fonts.ink_rect(g)) {
            self.ink = Some(self.ink.map_or(r, |i| i.union(&r)));
        }
        self.page().glyphs(color, glyphs);
    }

    /// The ink drawn since the last call.
    pub(super) fn take_ink(&mut self) -> Option<Rect> {
        self.ink.take()
    }

    /// Makes sure `need` millimetres below the cursor are on the page: if not, the cover goes
    /// on at the top of a new page, as wide as the first.
    pub(super) fn room(&mut self, need: f64) {
        if self.y + need > self.bottom && self.y > self.top {
            let (w, h) = (self.pages[0].width, self.pages[0].height);
            self.pages.push(Drawing::new(w, h));
            self.y = self.top;
            self.width = self.full_width;
        }
    }

    /// A heading; `with` (mm) is what must stay on its page with it, such as the paragraph
    /// under it.
    pub(super) fn heading(&mut self, text: &str, with: f64) -> Result<(), MissingGlyph> {
        let style = TextStyle::new(FontRole::Bold, 4.2);
        self.room(2.5 + style.size + 1.6 + with);
        self.y += 2.5;
        self.y += style.size;
        let g = self
            .fonts
            .line(style, text, Point::new(self.left, self.y), Align::Start)?;
        self.draw(INK, g);
        self.y += 1.6;
        Ok(())
    }

    /// A paragraph's lines at the writer's width.
    pub(super) fn lines(&self, bullet: &str, text: &str) -> Result<Vec<String>, MissingGlyph> {
        let style = TextStyle::new(FontRole::Regular, BODY);
        let indent = if bullet.is_empty() { 0.0 } else { 5.0 };
        self.fonts.wrap(style, text, self.width - indent)
    }

    /// How deep a paragraph of `lines` lines is, its last line's descenders included.
    pub(super) fn depth(lines: usize) -> f64 {
        lines as f64 * LINE + DESCENT * BODY
    }

    /// A paragraph, wrapped; `bullet` (such as "1.") hangs in the margin. It stays on one
    /// page where it fits one.
    pub(super) fn para(&mut self, bullet: &str, text: &str) -> Result<(), MissingGlyph> {
        let style = TextStyle::new(FontRole::Regular, BODY);
        let indent = if bullet.is_empty() { 0.0 } else { 5.0 };
        let lines = self.lines(bullet, text)?;
        self.room(Writer::depth(lines.len()));
        for (i, line) in lines.iter().enumerate() {
            self.room(Writer::depth(1));
            self.y += LINE;
            if i == 0 && !bullet.is_empty() {
                let g =
                    self.fonts
                        .line(style, bullet, Point::new(self.left, self.y), Align::Start)?;
                self.draw(INK, g);
            }
            let g = self.fonts.line(
                style,
                line,
                Point::new(self.left + indent, self.y),
                Align::Start,
            )?;
            self.draw(INK, g);
        }
        Ok(())
    }
}

/// The body text's size, and the distance between its lines.
pub(super) const BODY: f64 = 3.2;
pub(super) const LINE: f64 = 4.3;

/// A piece of the cover's text, as data; [`Writer::write`] draws a list of them down the page.
pub(super) enum Block {
    Heading(&'static str),
    /// A wrapped paragraph; the bullet (such as "1.") hangs in the margin, or is empty.
    Para(&'static str, &'static str),
}

impl Writer<'_> {
    pub(super) fn write(&mut self, blocks: &[Block]) -> Result<(), MissingGlyph> {
        for (i, block) in blocks.iter().enumerate() {
            match block {
                // A heading stays with the paragraph under it.
                Block::Heading(text) => {
                    let with = match blocks.get(i + 1) {
                        Some(Block::Para(bullet, text)) => {
                            Writer::depth(self.lines(bullet, text)?.len())
                        }
                        _ => 0.0,
                    };
                    self.heading(text, with)?
                }
                Block::Para(bullet, text) => self.para(bullet, text)?,
            }
        }
        Ok(())
    }
}
