//! Running text on printed pages: a helper that draws a line and names the field when the fonts
//! lack a character. (Lines are broken to a width by `Fonts::wrap`.)

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
