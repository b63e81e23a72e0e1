//! Laying out text as glyphs: a horizontal line, a vertical column (the way hands are written in
//! Japanese diagrams), and a single glyph centred in a box (a piece on its square).

use super::drawing::Glyph;
use super::fonts::{FontRole, Fonts, MissingGlyph};
use super::geometry::{Affine, Point, Rect};

/// A font role and an em size in millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextStyle {
    pub role: FontRole,
    pub size: f64,
}

impl TextStyle {
    pub fn new(role: FontRole, size: f64) -> TextStyle {
        TextStyle { role, size }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Start,
    Center,
    End,
}

impl Fonts {
    /// The face that draws `ch` in `role`: the bold subset is small, so a character it lacks
    /// comes from the regular face rather than failing.
    pub fn resolve(&self, role: FontRole, ch: char) -> Result<(FontRole, u16), MissingGlyph> {
        match self.face(role).glyph(ch) {
            Ok(id) => Ok((role, id)),
            Err(e) if role == FontRole::Regular => Err(e),
            Err(_) => self
                .face(FontRole::Regular)
                .glyph(ch)
                .map(|id| (FontRole::Regular, id)),
        }
    }

    fn placed(
        &self,
        style: TextStyle,
        ch: char,
        origin: Point,
        extra: Affine,
    ) -> Result<Glyph, MissingGlyph> {
        let (role, id) = self.resolve(style.role, ch)?;
        let face = self.face(role);
        let s = style.size / face.units_per_em();
        Ok(Glyph {
            font: role,
            id,
            ch,
            transform: extra * Affine::translate(origin.x, origin.y) * Affine::scale(s, -s),
        })
    }

    /// How far `ch` moves the pen, in millimetres.
    fn advance_mm(&self, style: TextStyle, ch: char) -> Result<f64, MissingGlyph> {
        let (role, id) = match ch {
            ' ' => (style.role, self.face(style.role).glyph(ch).unwrap_or(0)),
            _ => self.resolve(style.role, ch)?,
        };
        let face = self.face(role);
        Ok(face.advance(id) * style.size / face.units_per_em())
    }

    /// The width of `text` set on one line, in millimetres.
    pub fn width(&self, style: TextStyle, text: &str) -> Result<f64, MissingGlyph> {
        let mut w = 0.0;
        for ch in text.chars() {
            w += self.advance_mm(style, ch)?;
        }
        Ok(w)
    }

    /// One line of text. `at` is on the baseline, at the start, centre or end of the line.
    pub fn line(
        &self,
        style: TextStyle,
        text: &str,
        at: Point,
        align: Align,
    ) -> Result<Vec<Glyph>, MissingGlyph> {
        let width = self.width(style, text)?;
        let mut x = match align {
            Align::Start => at.x,
            Align::Center => at.x - width / 2.0,
            Align::End => at.x - width,
        };
        let mut glyphs = Vec::with_capacity(text.len());
        for ch in text.chars() {
            if ch != ' ' {
                glyphs.push(self.placed(style, ch, Point::new(x, at.y), Affine::IDENTITY)?);
            }
            x += self.advance_mm(style, ch)?;
        }
        Ok(glyphs)
    }

    /// Breaks `text` into lines no wider than `width` mm; explicit newlines are kept. Japanese
    /// may break between any two characters, but never before closing punctuation; Latin words
    /// stay whole, and one wider than the line gets a line of its own.
    pub fn wrap(
        &self,
        style: TextStyle,
        text: &str,
        width: f64,
    ) -> Result<Vec<String>, MissingGlyph> {
        let mut lines = Vec::new();
        for paragraph in text.lines() {
            // Tokens: a run of ASCII letters/digits/punctuation (a word), a run of spaces, or one
            // other character, with closing punctuation glued to what precedes it.
            let mut tokens: Vec<String> = Vec::new();
            for c in paragraph.chars() {
                let ascii_word = c.is_ascii() && !c.is_ascii_whitespace();
                let glue = match tokens.last() {
                    Some(last) => {
                        let prev = last.chars().last().unwrap_or(' ');
                        no_break_before(c)
                            || (ascii_word && prev.is_ascii() && !prev.is_ascii_whitespace())
                            || (c == ' ' && prev == ' ')
                    }
                    None => false,
                };
                match tokens.last_mut() {
                    Some(last) if glue => last.push(c),
                    _ => tokens.push(c.to_string()),
                }
            }
            let mut line = String::new();
            let mut line_width = 0.0;
            for token in tokens {
                let w = self.width(style, &token)?;
                if !line.is_empty() && line_width + w > width + 1e-6 {
                    lines.push(line.trim_end().to_string());
                    line = String::new();
                    line_width = 0.0;
                    if token.trim().is_empty() {
                        continue;
                    }
                }
                line_width += w;
                line.push_str(&token);
            }
            lines.push(line.trim_end().to_string());
        }
        Ok(lines)
    }

    /// A vertical column of characters, each in its own em box, the first box's top at `top`
    /// and every box centred on `x`. Returns the glyphs and the column's height.
    pub fn column(
        &self,
        style: TextStyle,
        text: &str,
        x: f64,
        top: f64,
        spacing: f64,
    ) -> Result<(Vec<Glyph>, f64), MissingGlyph> {
        let face = self.face(style.role);
        let (em_top, _) = face.em_box();
        let scale = style.size / face.units_per_em();
        let mut y = top;
        let mut glyphs = Vec::new();
        for (i, ch) in text.chars().enumerate() {
            if i > 0 {
                y += spacing;
            }
            if ch != ' ' && ch != '\u{3000}' {
                let origin = Point::new(x - self.advance_mm(style, ch)? / 2.0, y + em_top * scale);
                glyphs.push(self.placed(style, ch, origin, Affine::IDENTITY)?);
            }
            y += style.size;
        }
        Ok((glyphs, y - top))
    }

    /// One glyph centred in `cell`, scaled by `(sx, sy)` about that centre and turned by
    /// `degrees`. CJK glyphs are centred by their em box, so a row of pieces lines up the way
    /// type does; Latin ones by their ink, since their em box is mostly empty.
    pub fn centered(
        &self,
        style: TextStyle,
        ch: char,
        center: Point,
        (sx, sy): (f64, f64),
        degrees: f64,
    ) -> Result<Glyph, MissingGlyph> {
        let (role, id) = self.resolve(style.role, ch)?;
        let face = self.face(role);
        let scale = style.size / face.units_per_em();
        let (x_mid, y_mid) = if ch.is_ascii() {
            let (x0, y0, x1, y1) = face.ink(id).unwrap_or((0.0, 0.0, face.advance(id), 0.0));
            ((x0 + x1) / 2.0, (y0 + y1) / 2.0)
        } else {
            let (top, bottom) = face.em_box();
            (face.advance(id) / 2.0, (top + bottom) / 2.0)
        };
        let local = Affine::translate(center.x, center.y)
            * Affine::scale(sx * scale, -sy * scale)
            * Affine::translate(-x_mid, -y_mid);
        let turn = Affine::rotate_about(degrees, center);
        Ok(Glyph {
            font: role,
            id,
            ch,
            transform: turn * local,
        })
    }

    /// Where a glyph's ink lands, in millimetres: what the geometry tests measure.
    pub fn ink_rect(&self, glyph: &Glyph) -> Option<Rect> {
        let face = self.face(glyph.font);
        let (x0, y0, x1, y1) = face.ink(glyph.id)?;
        let corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
            .map(|(x, y)| glyph.transform.apply(Point::new(x, y)));
        let min_x = corners.iter().map(|p| p.x).fold(f64::INFINITY, f64::min);
        let min_y = corners.iter().map(|p| p.y).fold(f64::INFINITY, f64::min);
        let max_x = corners
            .iter()
            .map(|p| p.x)
            .fold(f64::NEG_INFINITY, f64::max);
        let max_y = corners
            .iter()
            .map(|p| p.y)
            .fold(f64::NEG_INFINITY, f64::max);
        Some(Rect::new(min_x, min_y, max_x - min_x, max_y - min_y))
    }
}

/// Characters that may not start a line (closing brackets and punctuation).
fn no_break_before(c: char) -> bool {
    "、。，．・：；！？）」』】〕〉》ー～…‥,.;:!?)]".contains(c)
}
