//! The pieces on the board: one-character kanji in the traditional style, pentagon faces in the
//! beginner styles.

use super::face::{draw_face, Label};
use super::layout::Layout;
use super::model::{Kings, Options, Style};
use crate::draw::{Affine, Color as Ink, Drawing, FontRole, Fonts, MissingGlyph, Point, TextStyle};
use crate::rules::{Color, PieceKind, Setup};

/// The characters written for a piece in a traditional diagram.
pub fn piece_label(kind: &PieceKind, owner: Color, options: &Options) -> String {
    if options.two_char_promoted && kind.promoted && kind.kanji.starts_with('成') {
        return kind.kanji.clone();
    }
    let shown_as = match options.kings {
        Kings::Traditional => owner,
        Kings::Ou => Color::White,
        Kings::Gyoku => Color::Black,
    };
    kind.abbr_for(shown_as).to_string()
}

/// The one character of a piece for a face (the two-character promoted option does not apply).
pub fn single_kanji(kind: &PieceKind, owner: Color, options: &Options) -> char {
    let plain = Options {
        two_char_promoted: false,
        ..options.clone()
    };
    piece_label(kind, owner, &plain)
        .chars()
        .next()
        .unwrap_or('?')
}

pub fn draw_pieces(
    d: &mut Drawing,
    fonts: &Fonts,
    l: &Layout,
    setup: &Setup,
    catalog: &crate::rules::PieceCatalog,
    options: &Options,
    faded: &dyn Fn(crate::rules::Square) -> bool,
) -> Result<(), MissingGlyph> {
    let mut glyphs = Vec::new();
    let mut faded_glyphs = Vec::new();
    for (sq, piece) in setup.pieces() {
        let kind = catalog.get(piece.kind);
        let cell = l.cell(sq);
        let degrees = l.turn_for(piece.color);
        match options.style {
            Style::Traditional => {
                let label = piece_label(kind, piece.color, options);
                let placed = kanji_glyphs(fonts, &label, cell.center(), 0.8 * l.w, degrees)?;
                if faded(sq) {
                    faded_glyphs.extend(placed);
                } else {
                    glyphs.extend(placed);
                }
            }
            Style::Arrows | Style::Western => {
                let label = match options.style {
                    Style::Arrows => Label::Kanji(single_kanji(kind, piece.color, options)),
                    _ => Label::Letter,
                };
                let bottom = Point::new(cell.center().x, cell.y + 0.965 * cell.h);
                draw_face(
                    d,
                    fonts,
                    kind,
                    label,
                    bottom,
                    (0.92 * cell.w, 0.93 * cell.h),
                    degrees,
                )?;
            }
        }
    }
    d.glyphs(Ink::BLACK, glyphs);
    d.glyphs(Ink(0xb4, 0xb4, 0xb4), faded_glyphs);
    Ok(())
}

/// The label's glyphs centred on `center` at em size `size`: one character as it is, two
/// stacked and squeezed into one square as in printed diagrams (成香).
pub fn kanji_glyphs(
    fonts: &Fonts,
    label: &str,
    center: Point,
    size: f64,
    degrees: f64,
) -> Result<Vec<crate::draw::Glyph>, MissingGlyph> {
    let style = TextStyle::new(FontRole::Bold, size);
    let chars: Vec<char> = label.chars().collect();
    let n = chars.len().max(1) as f64;
    let turn = Affine::rotate_about(degrees, center);
    chars
        .iter()
        .enumerate()
        .map(|(i, ch)| {
            let offset = (i as f64 - (n - 1.0) / 2.0) * size / n;
            let at = turn.apply(Point::new(center.x, center.y + offset));
            let sx = if n > 1.0 { 0.9 } else { 1.0 };
            fonts.centered(style, *ch, at, (sx, 1.0 / n), degrees)
        })
        .collect()
}
