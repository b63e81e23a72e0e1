//! The pieces on the board: one-character kanji in the traditional style, pentagon faces in the
//! beginner styles.

use super::face::{draw_face, Label};
use super::layout::Layout;
use super::model::{Options, Style};
use crate::draw::{Affine, Color as Ink, Drawing, FontRole, Fonts, MissingGlyph, Point, TextStyle};
use crate::rules::{Color, PieceKind, Setup, Variant};

/// The characters written for a piece in a traditional diagram.
pub fn piece_label(kind: &PieceKind, owner: Color, options: &Options) -> String {
    if options.two_char_promoted && kind.promoted && kind.kanji.starts_with('成') {
        return kind.kanji.clone();
    }
    let shown_as = options.kings.written_as(owner, options.tsume);
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

/// Whether a traditional diagram of `variant` writes promoted pieces in red: when a promoted
/// kind's one character is also an unpromoted kind's (chu shogi's promoted gold is 飛, as its
/// rook is), the colour is what tells them apart, as chu diagrams print them. Where every
/// character differs (standard shogi's と 杏 龍 馬), books print them black.
pub fn promoted_in_red(variant: &Variant) -> bool {
    let catalog = &variant.catalog;
    let plain: Vec<&str> = variant
        .kinds()
        .iter()
        .map(|k| catalog.get(*k))
        .filter(|k| !k.promoted)
        .flat_map(|k| [k.abbr_for(Color::Black), k.abbr_for(Color::White)])
        .collect();
    variant
        .kinds()
        .iter()
        .map(|k| catalog.get(*k))
        .filter(|k| k.promoted)
        .any(|k| plain.contains(&k.abbr.as_str()))
}

#[allow(clippy::too_many_arguments)]
pub fn draw_pieces(
    d: &mut Drawing,
    fonts: &Fonts,
    l: &Layout,
    setup: &Setup,
    catalog: &crate::rules::PieceCatalog,
    options: &Options,
    red_promoted: bool,
    faded: &dyn Fn(crate::rules::Square) -> bool,
) -> Result<(), MissingGlyph> {
    let mut glyphs = Vec::new();
    let mut red_glyphs = Vec::new();
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
                } else if red_promoted && kind.promoted {
                    red_glyphs.extend(placed);
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
                let grade = if options.graded {
                    grade(catalog, kind)
                } else {
                    1.0
                };
                draw_face(
                    d,
                    fonts,
                    kind,
                    label,
                    bottom,
                    (0.92 * grade * cell.w, 0.93 * grade * cell.h),
                    super::face::LABEL_EM * 0.92 * cell.w,
                    degrees,
                )?;
            }
        }
    }
    d.glyphs(Ink::BLACK, glyphs);
    if !red_glyphs.is_empty() {
        d.glyphs(super::face::PROMOTED_INK, red_glyphs);
    }
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

/// A kind's size against the largest kind's, from the `size_mm` of the piece data (a promoted
/// kind takes its unpromoted kind's): the king 1, the pawn 22/28 in the standard set. Kept to
/// at least 0.86 so that the smallest piece's label still fills 55 % of the square.
fn grade(catalog: &crate::rules::PieceCatalog, kind: &PieceKind) -> f64 {
    let base = |k: &PieceKind| {
        let k = k.demotes_to.map_or(k, |b| catalog.get(b));
        k.size_mm.map(|s| s.0)
    };
    let largest = catalog
        .iter()
        .filter_map(|(_, k)| base(k))
        .fold(0.0, f64::max);
    match base(kind) {
        Some(b) if largest > 0.0 => (b / largest).max(0.86),
        _ => 1.0,
    }
}
