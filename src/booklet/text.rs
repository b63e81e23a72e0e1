//! Running text on printed pages: lines broken to a width (Japanese may break between any two
//! characters, but never before closing punctuation; Latin words stay whole), and a helper that
//! draws a line and names the field when the fonts lack a character.

use crate::draw::{Align, Color, Drawing, Fonts, MissingGlyph, Point, TextStyle};

/// A character the fonts lack, with the place in the document that asked for it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {missing}")]
pub struct TextError {
    pub field: String,
    pub missing: MissingGlyph,
}

/// Draws one line of text; an error names `field`.
pub fn draw_line(
    d: &mut Drawing,
    fonts: &Fonts,
    style: TextStyle,
    text: &str,
    at: Point,
    align: Align,
    field: &str,
) -> Result<(), TextError> {
    let glyphs = fonts
        .line(style, text, at, align)
        .map_err(|missing| TextError {
            field: field.to_string(),
            missing,
        })?;
    d.glyphs(Color::BLACK, glyphs);
    Ok(())
}

/// Characters that may not start a line (closing brackets and punctuation).
fn no_break_before(c: char) -> bool {
    "、。，．・：；！？）」』】〕〉》ー～…‥,.;:!?)]".contains(c)
}

/// Breaks `text` into lines no wider than `width` mm; explicit newlines are kept. A single
/// unbreakable word wider than the line gets a line of its own.
pub fn wrap(
    fonts: &Fonts,
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
            let w = fonts.width(style, &token)?;
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
