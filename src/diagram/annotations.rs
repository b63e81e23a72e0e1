//! Teaching marks drawn over the board: arrows (square to square, or from the hand for a drop),
//! circles, crosses, triangles and numbered marks. Square tints (highlights, the last move) are
//! drawn under the grid by the caller.

use super::hands::Placed;
use super::layout::Layout;
use super::model::{Arrow, ArrowStart, Mark, MarkKind};
use crate::draw::{
    Align, Color, Drawing, FontRole, Fonts, MissingGlyph, Path, Point, Shape, Stroke, TextStyle,
};
use crate::rules::Setup;

/// Arrows are slightly see-through so that the pieces under them stay readable.
const ARROW_OPACITY: f64 = 0.78;

pub fn draw_marks(
    d: &mut Drawing,
    fonts: &Fonts,
    l: &Layout,
    setup: &Setup,
    marks: &[Mark],
) -> Result<(), MissingGlyph> {
    let w = l.w;
    for mark in marks {
        let cell = l.cell(mark.square);
        let c = cell.center();
        let stroke = Stroke::solid(mark.color, 0.075 * w).round();
        match &mark.kind {
            MarkKind::Circle => d.stroke(Path::circle(c, 0.38 * w), stroke),
            MarkKind::Cross => {
                let r = 0.3 * w;
                let mut p = Path::line(Point::new(c.x - r, c.y - r), Point::new(c.x + r, c.y + r));
                p.move_to(Point::new(c.x + r, c.y - r))
                    .line_to(Point::new(c.x - r, c.y + r));
                d.stroke(p, stroke);
            }
            MarkKind::Triangle => {
                let r = 0.36 * w;
                let pts = [0.0f64, 120.0, 240.0].map(|a| {
                    let (s, co) = (a - 90.0).to_radians().sin_cos();
                    Point::new(c.x + r * co, c.y + 0.1 * w + r * s)
                });
                d.stroke(Path::polygon(&pts), stroke);
            }
            MarkKind::Label(text) => {
                if setup.piece_at(mark.square).is_none() {
                    let style = TextStyle::new(FontRole::Bold, 0.55 * w);
                    let g =
                        fonts.line(style, text, Point::new(c.x, c.y + 0.2 * w), Align::Center)?;
                    d.glyphs(mark.color, g);
                } else {
                    // On an occupied square: a small disc in the top right corner.
                    let r = 0.2 * w;
                    let at = Point::new(cell.right() - r - 0.04 * w, cell.y + r + 0.04 * w);
                    d.fill(Path::circle(at, r), mark.color);
                    let style = TextStyle::new(
                        FontRole::Bold,
                        if text.chars().count() > 1 {
                            0.24 * w
                        } else {
                            0.3 * w
                        },
                    );
                    let g = fonts.line(
                        style,
                        text,
                        Point::new(at.x, at.y + 0.36 * style.size),
                        Align::Center,
                    )?;
                    d.glyphs(Color::WHITE, g);
                }
            }
        }
    }
    Ok(())
}

pub fn draw_arrows(d: &mut Drawing, l: &Layout, hands: &Placed, arrows: &[Arrow]) {
    let w = l.w;
    for arrow in arrows {
        let to = l.center(arrow.to);
        let from = match arrow.from {
            ArrowStart::Square(sq) => l.center(sq),
            ArrowStart::Hand(side, kind) => match hands.pieces.get(&(side, kind)) {
                Some(p) => *p,
                // A drop of a piece the hand does not show (a tsume defender): start beside the
                // column top.
                None => Point::new(l.hand_x[side.index()], l.hand_top),
            },
        };
        let dir = (to - from).unit();
        if dir.length() == 0.0 {
            continue;
        }
        let start = from + dir * (0.22 * w);
        let tip = to - dir * (0.12 * w);
        let head_len = 0.42 * w;
        let head_half = 0.2 * w;
        let shaft = 0.12 * w;
        let neck = tip - dir * head_len;
        let side = dir.perp();
        // One outline (shaft and head together) so the see-through arrow has no darker overlap.
        let outline = [
            start + side * (shaft / 2.0),
            neck + side * (shaft / 2.0),
            neck + side * head_half,
            tip,
            neck - side * head_half,
            neck - side * (shaft / 2.0),
            start - side * (shaft / 2.0),
        ];
        d.shape(Shape {
            path: Path::polygon(&outline),
            fill: Some(arrow.color),
            stroke: None,
            opacity: ARROW_OPACITY,
        });
    }
}
