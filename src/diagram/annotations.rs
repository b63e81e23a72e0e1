//! Teaching marks drawn over the board: arrows (square to square, or from the hand for a drop),
//! circles, crosses, triangles and numbered marks. Square tints (highlights, the last move) are
//! drawn under the grid by the caller. The glyphs of pieces a mark or arrow crosses are drawn
//! again over it ([`lift_glyphs`]), so the marks lie beneath the names and every name stays
//! readable.

use super::hands::Placed;
use super::layout::Layout;
use super::model::{Arrow, ArrowStart, Mark, MarkKind};
use crate::draw::{
    Align, Color, Drawing, FontRole, Fonts, Item, MissingGlyph, Path, Point, Segment, Shape,
    Stroke, TextStyle,
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

pub fn draw_arrows(d: &mut Drawing, l: &Layout, setup: &Setup, hands: &Placed, arrows: &[Arrow]) {
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
        // Centre to centre, the head no longer than a third of the way, so that even a
        // one-square move (7g7f) shows a shaft behind its head. A drop starts at the edge of
        // the piece's name in the hand, which stays clear (the column's other names and the
        // rank numerals it crosses are drawn again over it).
        let start = match arrow.from {
            ArrowStart::Hand(..) => from + dir * (0.6 * l.hand_em),
            ArrowStart::Square(_) => from,
        };
        // A move still to come onto a piece (a capture: its own piece still on the origin, or a
        // drop) stops at the edge of that piece's name (0.84 square across), so that the head
        // is not lost under the name. A move already played ends under the piece that made it.
        let onto_piece = setup.piece_at(arrow.to).is_some()
            && match arrow.from {
                ArrowStart::Square(sq) => setup.piece_at(sq).is_some(),
                ArrowStart::Hand(..) => true,
            };
        let tip = if onto_piece {
            to - dir * (0.42 * w / dir.x.abs().max(dir.y.abs()))
        } else {
            to
        };
        let run = tip - start;
        if run.x * dir.x + run.y * dir.y <= 0.0 {
            continue;
        }
        let length = run.length();
        let head_len = (0.38 * w).min(length / 3.0);
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

/// Draws again, on top, the glyphs among `pieces` (the items the pieces were drawn as) whose ink
/// an arrow or a mark crosses, so the annotation lies under the piece's name.
pub fn lift_glyphs(
    d: &mut Drawing,
    fonts: &Fonts,
    l: &Layout,
    pieces: std::ops::Range<usize>,
    marks: &[Mark],
    arrow_shapes: std::ops::Range<usize>,
) {
    // A mark covers its square; an arrow, the points along its outline (every half millimetre).
    let cells: Vec<crate::draw::Rect> = marks.iter().map(|m| l.cell(m.square)).collect();
    let mut outline_points = Vec::new();
    for item in &d.items[arrow_shapes] {
        let Item::Shape(s) = item else { continue };
        let corners: Vec<Point> = s
            .path
            .segments
            .iter()
            .filter_map(|seg| match seg {
                Segment::Move(p) | Segment::Line(p) => Some(*p),
                _ => None,
            })
            .collect();
        for (i, &a) in corners.iter().enumerate() {
            let b = corners[(i + 1) % corners.len()];
            let steps = ((b - a).length() / 0.5).ceil().max(1.0) as usize;
            outline_points.extend((0..=steps).map(|k| a + (b - a) * (k as f64 / steps as f64)));
        }
    }
    let covered = |r: &crate::draw::Rect| {
        cells.iter().any(|c| overlaps(r, c))
            || outline_points
                .iter()
                .any(|p| p.x >= r.x && p.x <= r.right() && p.y >= r.y && p.y <= r.bottom())
    };
    let mut lifted = Vec::new();
    for item in &d.items[pieces] {
        let Item::Text { color, glyphs } = item else {
            continue;
        };
        let under: Vec<_> = glyphs
            .iter()
            .filter(|g| fonts.ink_rect(g).is_some_and(|r| covered(&r)))
            .copied()
            .collect();
        if !under.is_empty() {
            lifted.push((*color, under));
        }
    }
    for (color, glyphs) in lifted {
        d.glyphs(color, glyphs);
    }
}

fn overlaps(a: &crate::draw::Rect, b: &crate::draw::Rect) -> bool {
    a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom()
}
