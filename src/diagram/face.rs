//! A piece drawn as a piece: the pentagon outline with its label and movement marks. The
//! beginner diagram styles use it on every square, and the print kit at true size.

use super::marks::{crowded, movement_marks, MarkGeometry};
use crate::draw::{
    Affine, Color, Drawing, FontRole, Fonts, MissingGlyph, Path, Point, Stroke, TextStyle,
};
use crate::rules::PieceKind;

/// Ink colours of a printed piece.
pub const INK: Color = Color(0x1a, 0x1a, 0x1a);
pub const PROMOTED_INK: Color = Color(0xc0, 0x1c, 0x1c);
pub const WOOD: Color = Color(0xf6, 0xe7, 0xc1);

/// The traditional outline: a base of `base` mm, a height of `height` mm, sides leaning in at
/// about 80.5° to the base and a roof meeting at the apex. `bottom` is the middle of the base.
/// Points run from the bottom left, clockwise on the page.
pub fn pentagon(bottom: Point, base: f64, height: f64) -> [Point; 5] {
    const SIDE_ANGLE: f64 = 80.5;
    let shoulder_rise = 0.78 * height;
    let inset = shoulder_rise / SIDE_ANGLE.to_radians().tan();
    let half = base / 2.0;
    [
        Point::new(bottom.x - half, bottom.y),
        Point::new(bottom.x - half + inset, bottom.y - shoulder_rise),
        Point::new(bottom.x, bottom.y - height),
        Point::new(bottom.x + half - inset, bottom.y - shoulder_rise),
        Point::new(bottom.x + half, bottom.y),
    ]
}

/// What a face shows in its middle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Label {
    /// A one-character kanji (玉, 飛, と …).
    Kanji(char),
    /// The SFEN letter (K, R, +R …).
    Letter,
}

/// The width of a piece's outline as a share of its base.
pub const OUTLINE_PEN: f64 = 0.02;

/// Draws `kind` as a pentagon piece of `base` × `height` mm standing on `bottom`, its label at
/// `em` mm (normally [`LABEL_EM`] × `base`; a graded small piece keeps the full-size label), turned by
/// `degrees` about the middle of the piece (180 for the player at the top), with a label and the
/// movement marks read from the kind's movement data.
#[allow(clippy::too_many_arguments)]
pub fn draw_face(
    d: &mut Drawing,
    fonts: &Fonts,
    kind: &PieceKind,
    label: Label,
    bottom: Point,
    (base, height): (f64, f64),
    em: f64,
    degrees: f64,
) -> Result<(), MissingGlyph> {
    let center = Point::new(bottom.x, bottom.y - height / 2.0);
    let turn = Affine::rotate_about(degrees, center);
    let outline = pentagon(bottom, base, height).map(|p| turn.apply(p));
    d.fill_and_stroke(
        Path::polygon(&outline),
        WOOD,
        Stroke::solid(INK, base * OUTLINE_PEN),
    );

    let ink = if kind.promoted { PROMOTED_INK } else { INK };
    // The label, large (a beginner reads it first), on the hub a little below the middle where
    // the piece is widest; its ink box, measured upright, is what the marks stand round.
    let hub = Point::new(bottom.x, bottom.y - 0.41 * height);
    let label_glyphs = |at: Point, degrees: f64| match label {
        Label::Kanji(ch) => Ok(vec![fonts.centered(
            TextStyle::new(FontRole::Bold, em),
            ch,
            at,
            // A little condensed, as piece calligraphy is, to leave the corners to the marks.
            (0.88, 1.0),
            degrees,
        )?]),
        Label::Letter => letter_glyphs(fonts, kind, at, em, degrees),
    };
    let upright = label_glyphs(hub, 0.0)?;
    let (mut half_w, mut half_h) = (0.0f64, 0.0f64);
    for r in upright.iter().filter_map(|g| fonts.ink_rect(g)) {
        half_w = half_w
            .max((r.x - hub.x).abs())
            .max((r.right() - hub.x).abs());
        half_h = half_h
            .max((r.y - hub.y).abs())
            .max((r.bottom() - hub.y).abs());
    }
    // A single letter is narrow: its marks keep to a square box, as a kanji's do.
    half_w = half_w.max(half_h * 0.8);
    // A piece that both steps and jumps along a line (a user's `WD`) has a ring round a dot
    // there: its marks are drawn smaller, so that the rings keep on the face.
    let dot = if crowded(&kind.movement) {
        base * 0.033 * CROWDED_DOT
    } else {
        base * 0.033
    };
    let air = base * 0.02;
    let radii = (half_w + air + dot, half_h + air + dot);
    for mut shape in movement_marks(&kind.movement, hub, radii, dot, ink, &MarkGeometry::DIAGRAM) {
        shape.path = shape.path.transformed(&turn);
        d.shape(shape);
    }
    d.glyphs(ink, label_glyphs(turn.apply(hub), degrees)?);
    Ok(())
}

/// A crowded face's dot against another face's.
const CROWDED_DOT: f64 = 0.75;

/// The label's em as a share of the face's base: 0.61 of a face 0.92 of the square wide is
/// 56 % of the square (the traditional style prints about 80 %).
pub const LABEL_EM: f64 = 0.61;

/// `R` or `+R`, centred on `center`; the plus is smaller and raised, as in printed notation.
fn letter_glyphs(
    fonts: &Fonts,
    kind: &PieceKind,
    center: Point,
    size: f64,
    degrees: f64,
) -> Result<Vec<crate::draw::Glyph>, MissingGlyph> {
    // Offsets below were set for a face whose base is `size / LABEL_EM`.
    let base = size / LABEL_EM;
    let style = TextStyle::new(FontRole::Bold, size);
    if !kind.promoted {
        return Ok(vec![fonts.centered(
            style,
            kind.letter,
            center,
            (1.0, 1.0),
            degrees,
        )?]);
    }
    let turn = Affine::rotate_about(degrees, center);
    let plus_at = turn.apply(Point::new(center.x - 0.17 * base, center.y - 0.02 * base));
    let letter_at = turn.apply(Point::new(center.x + 0.07 * base, center.y));
    Ok(vec![
        fonts.centered(
            TextStyle::new(FontRole::Bold, size * 0.6),
            '+',
            plus_at,
            (1.0, 1.0),
            degrees,
        )?,
        fonts.centered(style, kind.letter, letter_at, (1.0, 1.0), degrees)?,
    ])
}
