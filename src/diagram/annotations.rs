//! Teaching marks drawn over the board: arrows (square to square, or from the hand for a drop),
//! circles, crosses, triangles and labels. Square tints (highlights, the last move) are drawn
//! under the grid by the caller.
//!
//! A piece always stays readable, as in Japanese books, where a marked piece is shaded behind
//! or tagged in a corner, never struck out:
//!
//! - a circle, cross or triangle on an occupied square is drawn in a light tint of its colour
//!   ([`UNDER_PIECE_TINT`]), and the piece's name and movement marks are drawn again over it
//!   ([`lift_over_symbols`]), so the mark lies beneath the piece's ink with at least the
//!   contrast of body text against it;
//! - a label on an occupied square is a small badge at the corner of the square where the
//!   piece's ink, arrows and other badges leave the most room ([`draw_labels`]); a label on an
//!   empty square is written large in its middle, no wider than the square;
//! - an arrow ending on (or leaving) a square with a label there stops at the label's edge, so
//!   its head never covers it, and labels are drawn last, over any arrow crossing them.
//!
//! The glyphs of pieces an arrow crosses are drawn again over it ([`lift_glyphs`]).

use super::face::WOOD;
use super::hands::Placed;
use super::layout::Layout;
use super::model::{Arrow, ArrowStart, Mark, MarkKind};
use super::outline_geometry::{
    contours, corners, in_outline, in_pill, inside, pill, pill_meets_polygon, pill_meets_rect,
    samples,
};
use crate::draw::{
    Affine, Align, Color, Drawing, FontRole, Fonts, Glyph, Item, MissingGlyph, Path, Point, Rect,
    Shape, Stroke, TextStyle,
};
use crate::rules::{Setup, Square};
use std::ops::Range;

/// Arrows are slightly see-through so that the pieces under them stay readable.
const ARROW_OPACITY: f64 = 0.78;

/// How far a circle, cross or triangle on an occupied square is mixed with white: the default
/// red becomes a pink against which black type keeps a contrast ratio of 8:1 (black itself
/// becomes a mid grey, 6:1), well over the 4.5:1 asked of body text.
pub const UNDER_PIECE_TINT: f64 = 0.55;

/// A label written in the middle of an empty square: its glyphs and their ink.
pub struct SquareLabel {
    square: Square,
    color: Color,
    glyphs: Vec<Glyph>,
    ink: Rect,
}

/// Circles, crosses and triangles: in full colour on an empty square, in a light tint on an
/// occupied one (its piece is drawn again over it by [`lift_over_symbols`]).
pub fn draw_symbols(d: &mut Drawing, l: &Layout, setup: &Setup, marks: &[Mark]) {
    let w = l.w;
    for mark in marks {
        let c = l.center(mark.square);
        let occupied = setup.piece_at(mark.square).is_some();
        let stroke = match occupied {
            // A tint is lighter: a slightly heavier line keeps it as plain to see.
            true => Stroke::solid(mark.color.tint(UNDER_PIECE_TINT), 0.09 * w),
            false => Stroke::solid(mark.color, 0.075 * w),
        }
        .round();
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
            MarkKind::Label(_) => {}
        }
    }
}

/// Draws again, over the symbols just drawn, the ink of the pieces (among the items `pieces`)
/// on squares that carry a circle, cross or triangle: the names and, on a pentagon face, its
/// movement marks; the face's wood stays under the mark.
pub fn lift_over_symbols(
    d: &mut Drawing,
    fonts: &Fonts,
    l: &Layout,
    setup: &Setup,
    pieces: Range<usize>,
    marks: &[Mark],
) {
    let cells: Vec<Rect> = marks
        .iter()
        .filter(|m| !matches!(m.kind, MarkKind::Label(_)))
        .filter(|m| setup.piece_at(m.square).is_some())
        .map(|m| l.cell(m.square))
        .collect();
    if cells.is_empty() {
        return;
    }
    let marked = |r: &Rect| cells.iter().any(|c| inside(c, r.center()));
    let mut lifted = Vec::new();
    for item in &d.items[pieces] {
        match item {
            Item::Text { color, glyphs } => {
                let on: Vec<Glyph> = glyphs
                    .iter()
                    .filter(|g| fonts.ink_rect(g).is_some_and(|r| marked(&r)))
                    .copied()
                    .collect();
                if !on.is_empty() {
                    lifted.push(Item::Text {
                        color: *color,
                        glyphs: on,
                    });
                }
            }
            Item::Shape(s) if s.fill != Some(WOOD) => {
                if s.path.bounds().is_some_and(|r| marked(&r)) {
                    lifted.push(item.clone());
                }
            }
            Item::Shape(_) => {}
        }
    }
    d.items.extend(lifted);
}

/// Lays out the labels of empty squares (drawn later by [`draw_labels`], over the arrows): bold,
/// 0.55 of a square, set smaller where that would be wider than 0.8 of one, the ink centred.
pub fn square_labels(
    fonts: &Fonts,
    l: &Layout,
    setup: &Setup,
    marks: &[Mark],
) -> Result<Vec<SquareLabel>, MissingGlyph> {
    let mut out = Vec::new();
    for mark in marks {
        let MarkKind::Label(text) = &mark.kind else {
            continue;
        };
        // An occupied square's label is a badge, and so is a second label on an empty one.
        if setup.piece_at(mark.square).is_some()
            || out.iter().any(|lb: &SquareLabel| lb.square == mark.square)
        {
            continue;
        }
        let mut style = TextStyle::new(FontRole::Bold, 0.55 * l.w);
        let width = fonts.width(style, text)?;
        if width > 0.8 * l.w {
            style.size *= 0.8 * l.w / width;
        }
        // A square with a second label (a badge at a top corner) has this one in the room
        // under the badge.
        let cell = l.cell(mark.square);
        let badged = marks
            .iter()
            .filter(|m| m.square == mark.square && matches!(m.kind, MarkKind::Label(_)))
            .count()
            > 1;
        let at = match badged {
            true => {
                let top = cell.y + l.badge + BADGE_INSET * l.w;
                Point::new(cell.center().x, (top + cell.bottom()) / 2.0)
            }
            false => cell.center(),
        };
        let (glyphs, ink) = centred_line(fonts, style, text, at)?;
        out.push(SquareLabel {
            square: mark.square,
            color: mark.color,
            glyphs,
            ink,
        });
    }
    Ok(out)
}

/// One line of `text` whose ink is centred on `at`, and that ink's box.
fn centred_line(
    fonts: &Fonts,
    style: TextStyle,
    text: &str,
    at: Point,
) -> Result<(Vec<Glyph>, Rect), MissingGlyph> {
    let glyphs = fonts.line(style, text, at, Align::Center)?;
    let Some(ink) = glyphs
        .iter()
        .filter_map(|g| fonts.ink_rect(g))
        .reduce(|a, b| a.union(&b))
    else {
        return Ok((glyphs, Rect::new(at.x, at.y, 0.0, 0.0)));
    };
    let shift = Affine::translate(at.x - ink.center().x, at.y - ink.center().y);
    let glyphs = glyphs
        .into_iter()
        .map(|g| Glyph {
            transform: shift * g.transform,
            ..g
        })
        .collect();
    let ink = Rect::new(
        ink.x + at.x - ink.center().x,
        ink.y + at.y - ink.center().y,
        ink.w,
        ink.h,
    );
    Ok((glyphs, ink))
}

pub fn draw_arrows(
    d: &mut Drawing,
    l: &Layout,
    setup: &Setup,
    hands: &Placed,
    arrows: &[Arrow],
    labels: &[SquareLabel],
) {
    let w = l.w;
    // The box an arrow keeps out of on a labelled empty square: the label's ink and a little
    // air, and the square's centre (a label of thin ink, a '.', still stops the arrow short).
    let keep_out = |sq: Square| {
        labels.iter().find(|lb| lb.square == sq).map(|lb| {
            let c = l.center(sq);
            lb.ink
                .inset(-0.06 * w)
                .union(&Rect::new(c.x, c.y, 0.0, 0.0))
        })
    };
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
        // rank numerals it crosses are drawn again over it); a move from a labelled square at
        // the edge of its label.
        let start = match arrow.from {
            ArrowStart::Hand(..) => from + dir * (0.6 * l.hand_em),
            ArrowStart::Square(sq) => match keep_out(sq) {
                Some(r) => from + dir * exit_distance(&r, from, dir),
                None => from,
            },
        };
        // A move still to come onto a piece (a capture: its own piece still on the origin, or a
        // drop) stops at the edge of that piece's name (0.84 square across), so that the head
        // is not lost under the name. A move already played ends under the piece that made it.
        // One onto a labelled empty square stops at the label's edge.
        let onto_piece = setup.piece_at(arrow.to).is_some()
            && match arrow.from {
                ArrowStart::Square(sq) => setup.piece_at(sq).is_some(),
                ArrowStart::Hand(..) => true,
            };
        let tip = if let Some(r) = keep_out(arrow.to) {
            to - dir * exit_distance(&r, to, dir * -1.0)
        } else if onto_piece {
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

/// How far from `p`, inside `r`, a ray along the unit vector `u` leaves it.
fn exit_distance(r: &Rect, p: Point, u: Point) -> f64 {
    let along = |lo: f64, hi: f64, p: f64, u: f64| {
        if u > 1e-12 {
            (hi - p) / u
        } else if u < -1e-12 {
            (lo - p) / u
        } else {
            f64::INFINITY
        }
    };
    along(r.x, r.right(), p.x, u.x)
        .min(along(r.y, r.bottom(), p.y, u.y))
        .max(0.0)
}

/// Draws the labels, last, over everything the board carries: those of empty squares as laid out
/// by [`square_labels`], those of occupied squares (and second ones of empty squares) as badges.
/// A badge (a disc, or a pill for two or three characters, [`Layout::badge`] tall) stands inside
/// its square, off the grid lines, at the first of [`BADGE_PLACES`] that meets no arrow (the
/// items `arrows`) or other badge, touches fewest movement marks and covers least of the
/// piece's name (the face's wood counting for a fifth). On a Black piece's square that is the
/// top right, beside the name's corner; on a pentagon turned for White the bottom right, beside
/// its apex. Its text is white, or black on a light colour.
#[allow(clippy::too_many_arguments)]
pub fn draw_labels(
    d: &mut Drawing,
    fonts: &Fonts,
    l: &Layout,
    setup: &Setup,
    marks: &[Mark],
    labels: Vec<SquareLabel>,
    pieces: Range<usize>,
    arrows: Range<usize>,
) -> Result<(), MissingGlyph> {
    let w = l.w;
    let in_middle: Vec<(Square, Rect)> = labels.iter().map(|lb| (lb.square, lb.ink)).collect();
    let mut middle_done: Vec<Square> = Vec::new();
    for label in labels {
        d.glyphs(label.color, label.glyphs);
    }
    let arrow_outlines: Vec<Vec<Point>> = d.items[arrows]
        .iter()
        .filter_map(|i| match i {
            Item::Shape(s) => Some(corners(&s.path)),
            _ => None,
        })
        .collect();
    let mut badges: Vec<Rect> = Vec::new();
    for mark in marks {
        let MarkKind::Label(text) = &mark.kind else {
            continue;
        };
        // The first label of an empty square is in its middle.
        if setup.piece_at(mark.square).is_none()
            && !middle_done.contains(&mark.square)
            && in_middle.iter().any(|(sq, _)| *sq == mark.square)
        {
            middle_done.push(mark.square);
            continue;
        }
        let cell = l.cell(mark.square);
        let height = l.badge;
        let style = TextStyle::new(
            FontRole::Bold,
            match text.chars().count() {
                1 => 0.8 * height,
                2 => 0.68 * height,
                _ => 0.6 * height,
            },
        );
        let inset = BADGE_INSET * w;
        // Three characters of a full em each (あいう) still leave the pill inside the square.
        let width = (fonts.width(style, text)? + 0.35 * height).max(height);
        let mut ink = piece_ink(d, fonts, pieces.clone(), &cell);
        ink.extend(
            in_middle
                .iter()
                .filter(|(sq, _)| *sq == mark.square)
                .map(|(_, r)| Obstacle::Box(*r)),
        );
        // Where a badge may stand, by its left and top edges' share of the room the square
        // leaves it: the corners first, then the middles of the sides.
        let place = |(fx, fy): (f64, f64)| {
            let x = cell.x + inset + fx * (cell.w - 2.0 * inset - width);
            let y = cell.y + inset + fy * (cell.h - 2.0 * inset - height);
            Rect::new(x, y, width, height)
        };
        let cost = |r: &Rect| {
            let touched = ink
                .iter()
                .filter(|o| matches!(o, Obstacle::Box(b) if pill_meets_rect(r, b)))
                .count();
            // An arrow or another badge it would meet rules a place out, if another is free.
            let blocked = arrow_outlines
                .iter()
                .filter(|a| pill_meets_polygon(r, a))
                .count()
                + badges.iter().filter(|b| pill_meets_rect(r, b)).count();
            let mut cost = 150.0 * touched as f64 + 10_000.0 * blocked as f64;
            for p in samples(r).filter(|p| in_pill(r, *p)) {
                cost += ink.iter().map(|o| o.cost(p)).sum::<f64>();
            }
            cost
        };
        let best = BADGE_PLACES
            .map(place)
            .into_iter()
            .map(|r| (cost(&r), r))
            .reduce(|a, b| if b.0 < a.0 { b } else { a })
            .map_or_else(|| place(BADGE_PLACES[0]), |(_, r)| r);
        d.fill_and_stroke(
            pill(best),
            mark.color,
            Stroke::solid(Color::WHITE, 0.035 * w),
        );
        let (glyphs, _) = centred_line(fonts, style, text, best.center())?;
        d.glyphs(text_on(mark.color), glyphs);
        badges.push(best);
    }
    Ok(())
}

/// White or black, whichever stands out more on `background` (by WCAG's contrast ratio).
fn text_on(background: Color) -> Color {
    let linear = |v: u8| {
        let v = v as f64 / 255.0;
        match v <= 0.039_28 {
            true => v / 12.92,
            false => ((v + 0.055) / 1.055).powf(2.4),
        }
    };
    let lum = 0.2126 * linear(background.0)
        + 0.7152 * linear(background.1)
        + 0.0722 * linear(background.2);
    // Against white (1.05 / (lum + 0.05)) or against black ((lum + 0.05) / 0.05).
    match 1.05 / (lum + 0.05) >= (lum + 0.05) / 0.05 {
        true => Color::WHITE,
        false => Color::BLACK,
    }
}

/// Where a badge may stand in its square, in order of preference: the share of the free room
/// left of it and above it (top right, top left, bottom right, bottom left, then the middles of
/// the right, left, top and bottom sides).
const BADGE_PLACES: [(f64, f64); 8] = [
    (1.0, 0.0),
    (0.0, 0.0),
    (1.0, 1.0),
    (0.0, 1.0),
    (1.0, 0.5),
    (0.0, 0.5),
    (0.5, 0.0),
    (0.5, 1.0),
];

/// How far a badge keeps inside its square's edges, in squares: off the grid line, so that it
/// is plainly the square's.
const BADGE_INSET: f64 = 0.03;

/// What a badge should not cover on a square, by how much it counts.
enum Obstacle {
    /// A movement mark's or a label's box: a badge touching one costs as much as covering
    /// 150 points of a name's ink (of 169 over the badge), so that it covers a step's dot
    /// rather than a part of a name where every corner has a mark (a silver's, a king's).
    Box(Rect),
    /// A glyph of a piece's name: its ink box and outline.
    Glyph(Rect, Vec<Vec<Point>>),
    /// A face's outline: its wood counts for a fifth of ink.
    Wood(Vec<Point>),
}

impl Obstacle {
    fn cost(&self, p: Point) -> f64 {
        match self {
            Obstacle::Box(_) => 0.0,
            Obstacle::Glyph(r, outline) => (inside(r, p) && in_outline(outline, p)) as u8 as f64,
            Obstacle::Wood(poly) => 0.2 * in_outline(std::slice::from_ref(poly), p) as u8 as f64,
        }
    }
}

/// The ink of the piece on `cell` among the items `pieces`: its name's glyphs, its movement
/// marks and its face.
fn piece_ink(d: &Drawing, fonts: &Fonts, pieces: Range<usize>, cell: &Rect) -> Vec<Obstacle> {
    let mut out = Vec::new();
    for item in &d.items[pieces] {
        match item {
            Item::Text { glyphs, .. } => {
                for g in glyphs {
                    let Some(r) = fonts.ink_rect(g).filter(|r| inside(cell, r.center())) else {
                        continue;
                    };
                    let outline = fonts.face(g.font).outline_path(g.id);
                    out.push(Obstacle::Glyph(
                        r,
                        contours(&outline.transformed(&g.transform)),
                    ));
                }
            }
            Item::Shape(s) => {
                let Some(r) = s.ink_bounds().filter(|r| inside(cell, r.center())) else {
                    continue;
                };
                out.push(match s.fill == Some(WOOD) {
                    true => Obstacle::Wood(corners(&s.path)),
                    false => Obstacle::Box(r),
                });
            }
        }
    }
    out
}

/// Draws again, on top, the glyphs among `drawn` (the items the pieces, the coordinates or the
/// hands were drawn as) whose ink an arrow crosses, so the arrow lies under them.
pub fn lift_glyphs(
    d: &mut Drawing,
    fonts: &Fonts,
    drawn: Range<usize>,
    arrow_shapes: Range<usize>,
) {
    // The points along each arrow's outline (every half millimetre).
    let mut outline_points = Vec::new();
    for item in &d.items[arrow_shapes] {
        let Item::Shape(s) = item else { continue };
        let corners = corners(&s.path);
        for (i, &a) in corners.iter().enumerate() {
            let b = corners[(i + 1) % corners.len()];
            let steps = ((b - a).length() / 0.5).ceil().max(1.0) as usize;
            outline_points.extend((0..=steps).map(|k| a + (b - a) * (k as f64 / steps as f64)));
        }
    }
    let covered = |r: &Rect| outline_points.iter().any(|p| inside(r, *p));
    let mut lifted = Vec::new();
    for item in &d.items[drawn] {
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
