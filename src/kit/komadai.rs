//! Piece stands (駒台): a tray for each player's captured pieces, drawn as two outlines on one
//! page, sized from the board's squares so they suit the pieces.

use super::board::BoardSpec;
use crate::diagram::face::{INK, WOOD};
use crate::draw::{
    Align, Drawing, FontRole, Fonts, MissingGlyph, Path, Point, Rect, Stroke, TextStyle,
};

/// A stand holds the captured pieces in rows: 4½ squares across and 3 deep is room for a
/// whole side's worth laid out by kind.
const ACROSS: f64 = 4.5;
const DEEP: f64 = 3.0;

/// Draws both stands within `safe`, shrunk if the page is too small for them, the pair with
/// their labels in the middle of the page's height (at the top they left a third of the page
/// empty below).
pub fn draw_stands(
    page: &mut Drawing,
    fonts: &Fonts,
    spec: &BoardSpec,
    safe: Rect,
) -> Result<(), MissingGlyph> {
    // The cut line is drawn on the stands' outline: half its width stays inside `safe` too.
    let safe = safe.inset(super::sheets::CUT_WIDTH / 2.0);
    let label = 8.0;
    let gap = 10.0;
    let (mut w, mut h) = (ACROSS * spec.square.0, DEEP * spec.square.1);
    let room_h = (safe.h - 2.0 * label - gap) / 2.0;
    let k = (safe.w / w).min(room_h / h).min(1.0);
    w *= k;
    h *= k;
    let spare = (safe.h - 2.0 * (h + label) - gap).max(0.0);
    for (i, side) in ["Black (先手)", "White (後手)"].iter().enumerate() {
        let top = safe.y + spare / 2.0 + i as f64 * (h + label + gap);
        let r = Rect::new(safe.x + (safe.w - w) / 2.0, top, w, h);
        page.fill(Path::rect(r), WOOD);
        page.stroke(Path::rect(r.inset(2.5)), Stroke::solid(INK, 0.5));
        page.stroke(
            Path::rect(r),
            Stroke::solid(super::sheets::CUT, super::sheets::CUT_WIDTH),
        );
        let text = format!("駒台 piece stand: {side}");
        let g = fonts.line(
            TextStyle::new(FontRole::Regular, 3.4),
            &text,
            Point::new(r.x, r.bottom() + 5.5),
            Align::Start,
        )?;
        page.glyphs(INK, g);
    }
    Ok(())
}
