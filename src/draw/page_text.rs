//! Text on printed pages, for every product: the one error for a character the fonts lack
//! ([`TextError`], naming the place in the document that asked for it) and a helper that draws
//! a line. (Lines are broken to a width by `Fonts::wrap`.)

use super::{Align, Color, Drawing, Fonts, MissingGlyph, Point, TextStyle};

/// A character the fonts lack, with the place in the document that asked for it: a field of a
/// booklet or diagram file (`diagrams[2].title`), or a part of a page (`caption`, `index`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {missing}")]
pub struct TextError {
    pub field: String,
    pub missing: MissingGlyph,
}

impl TextError {
    pub fn new(field: impl Into<String>, missing: MissingGlyph) -> TextError {
        TextError {
            field: field.into(),
            missing,
        }
    }

    /// For `map_err`: the error of a glyph missing from `field`.
    pub fn in_field(field: impl Into<String>) -> impl Fn(MissingGlyph) -> TextError {
        let field = field.into();
        move |missing| TextError::new(field.clone(), missing)
    }

    /// The same error with `prefix` before its field: `diagrams[2].` and `title` make
    /// `diagrams[2].title`.
    pub fn within(self, prefix: &str) -> TextError {
        TextError::new(format!("{prefix}{}", self.field), self.missing)
    }
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
        .map_err(TextError::in_field(field))?;
    d.glyphs(Color::BLACK, glyphs);
    Ok(())
}
