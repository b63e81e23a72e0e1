//! Text on printed pages, for every product: the one error for a character the fonts lack
//! ([`TextError`], naming the place in the document that asked for it), a helper that draws
//! a line, and the check of a piece's names before a product draws them ([`check_piece`]).
//! (Lines are broken to a width by `Fonts::wrap`.)

use super::{Align, Color, Drawing, FontRole, Fonts, MissingGlyph, Point, TextStyle};
use crate::rules::PieceKind;

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

/// A name of a piece kind, as its YAML field is called.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceField {
    /// `kanji`, and `black_kanji` where the kind has one.
    Kanji,
    /// `abbr`, and `black_abbr`.
    Abbr,
    Reading,
    English,
}

/// Checks, before a product draws them, that the fonts have every character of `kind`'s
/// `fields`. A character none of the faces has is an error that names the piece and the field
/// it came from (`pieces.yaml:2:9: piece 'falconer' kanji '鷹鱻': the character '鱻' …`), where
/// the drawing would name only the part of the page that asked for it. (A character one face
/// has and another lacks is left to the drawing, which falls back to the regular face.)
pub fn check_piece(
    fonts: &Fonts,
    kind: &PieceKind,
    fields: &[PieceField],
) -> Result<(), TextError> {
    for &field in fields {
        let values: [(&str, Option<&str>); 2] = match field {
            PieceField::Kanji => [
                ("kanji", Some(&kind.kanji)),
                ("black_kanji", kind.black_kanji.as_deref()),
            ],
            PieceField::Abbr => [
                ("abbr", Some(&kind.abbr)),
                ("black_abbr", kind.black_abbr.as_deref()),
            ],
            PieceField::Reading => [("reading", Some(&kind.reading)), ("", None)],
            PieceField::English => [("english", Some(&kind.english)), ("", None)],
        };
        for (name, value) in values {
            let Some(value) = value else { continue };
            let missing = value.chars().filter(|c| !c.is_whitespace()).find(|&c| {
                [FontRole::Regular, FontRole::Bold, FontRole::Brush]
                    .iter()
                    .all(|&r| !fonts.face(r).has(c))
            });
            if let Some(c) = missing {
                let Err(missing) = fonts.face(FontRole::Regular).glyph(c) else {
                    continue;
                };
                let place = format!("{}: piece '{}' {name} '{value}'", kind.source, kind.id);
                return Err(TextError::new(place, missing));
            }
        }
    }
    Ok(())
}
