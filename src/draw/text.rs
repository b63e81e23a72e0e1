//! Laying out text as glyphs: a horizontal line, a vertical column (the way hands are written in
//! Japanese diagrams), and a single glyph centred in a box (a piece on its square).

use super::drawing::Glyph;
use super::fonts::{FontRole, Fonts, MissingGlyph};
use super::geometry::{Affine, Point, Rect};
use super::linebreak::{self, Break};

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

    /// Breaks `text` into lines no wider than `width` mm; explicit newlines are kept. Where a
    /// line may break is [`super::linebreak::opportunities`]: UAX #14 with the Japanese rules
    /// (kinsoku) on top. No text is ever lost: a word or group wider than the line breaks
    /// inside, at the last place the kinsoku rules allow (or, failing that, anywhere), so every
    /// line fits unless a single character is wider than `width`.
    pub fn wrap(
        &self,
        style: TextStyle,
        text: &str,
        width: f64,
    ) -> Result<Vec<String>, MissingGlyph> {
        let mut lines = Vec::new();
        for paragraph in text.lines() {
            self.wrap_paragraph(style, paragraph, width, &mut lines)?;
        }
        Ok(lines)
    }

    /// [`Fonts::wrap`] with its lines evened out: the narrowest measure that gives no more
    /// lines and breaks only where a line may (never inside a word), so that a paragraph does
    /// not end on a stray word (角道を…歩を突|く。). Text with newlines is wrapped as it is.
    pub fn wrap_balanced(
        &self,
        style: TextStyle,
        text: &str,
        width: f64,
    ) -> Result<Vec<String>, MissingGlyph> {
        let lines = self.wrap(style, text, width)?;
        if lines.len() < 2 || text.contains('\n') {
            return Ok(lines);
        }
        let chars: Vec<char> = text.chars().collect();
        let allowed: std::collections::BTreeSet<usize> = linebreak::opportunities(text)
            .into_iter()
            .filter(|(_, b)| *b == Break::Allowed)
            .map(|(i, _)| i)
            .collect();
        // Every line after the first starts at an ordinary break opportunity.
        let clean = |candidate: &[String]| {
            let mut at = 0;
            for (k, line) in candidate.iter().enumerate() {
                while at < chars.len() && chars[at] == ' ' {
                    at += 1;
                }
                if k > 0 && !allowed.contains(&at) {
                    return false;
                }
                at += line.chars().count();
            }
            true
        };
        let (mut lo, mut hi) = (width / lines.len() as f64, width);
        let mut best = lines;
        for _ in 0..14 {
            let mid = (lo + hi) / 2.0;
            let candidate = self.wrap(style, text, mid)?;
            if candidate.len() <= best.len() && clean(&candidate) {
                hi = mid;
                best = candidate;
            } else {
                lo = mid;
            }
        }
        Ok(best)
    }

    fn wrap_paragraph(
        &self,
        style: TextStyle,
        text: &str,
        width: f64,
        lines: &mut Vec<String>,
    ) -> Result<(), MissingGlyph> {
        let chars: Vec<char> = text.chars().collect();
        let n = chars.len();
        // prefix[i]: the width of the first i characters.
        let mut prefix = Vec::with_capacity(n + 1);
        prefix.push(0.0);
        for &c in &chars {
            let w = self.advance_mm(style, c)?;
            prefix.push(prefix.last().copied().unwrap_or(0.0) + w);
        }
        let mut kind: Vec<Option<Break>> = vec![None; n + 1];
        for (i, b) in linebreak::opportunities(text) {
            kind[i] = Some(b);
        }
        // The width of chars[start..end] with its trailing spaces hanging past the line.
        let fits = |start: usize, end: usize| {
            let mut e = end;
            while e > start && chars[e - 1].is_whitespace() {
                e -= 1;
            }
            prefix[e] - prefix[start] <= width + 1e-6
        };
        let mut start = 0;
        loop {
            if fits(start, n) {
                lines.push(
                    chars[start..]
                        .iter()
                        .collect::<String>()
                        .trim_end()
                        .to_string(),
                );
                return Ok(());
            }
            // A line holds something besides spaces.
            let first_ink = (start..n).find(|&i| !chars[i].is_whitespace()).unwrap_or(n);
            let last_fitting = |ok: &dyn Fn(usize) -> bool| {
                (first_ink + 1..n).rev().find(|&i| ok(i) && fits(start, i))
            };
            let end = last_fitting(&|i| kind[i] == Some(Break::Allowed))
                .or_else(|| last_fitting(&|i| kind[i].is_some()))
                .or_else(|| {
                    // A word or group wider than the line breaks inside, kinsoku permitting:
                    // the next line's first visible character and this one's last are checked.
                    last_fitting(&|i| {
                        let next = chars[i..].iter().find(|c| **c != ' ');
                        let last = chars[..i].iter().rev().find(|c| !c.is_whitespace());
                        next.is_some_and(|&c| !linebreak::may_not_start_line(c))
                            && last.is_some_and(|&c| !linebreak::may_not_end_line(c))
                    })
                })
                .or_else(|| last_fitting(&|_| true))
                .unwrap_or(start + 1);
            lines.push(
                chars[start..end]
                    .iter()
                    .collect::<String>()
                    .trim_end()
                    .to_string(),
            );
            start = end;
            while start < n && chars[start] == ' ' {
                start += 1;
            }
            if start >= n {
                return Ok(());
            }
        }
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
