//! The card's pictures: a piece's movement on a small grid (a dot on each square it steps to, a
//! ring where it jumps, an arrow where it slides), the start position with the promotion zone
//! shaded, and the legend of the marks. All are read from the movement and variant data.

use crate::diagram::face::{INK, PROMOTED_INK};
use crate::draw::{
    Color, Drawing, FontRole, Fonts, MissingGlyph, Path, Point, Rect, Shape, Stroke, TextStyle,
};
use crate::rules::{Color as Side, MotionKind, PieceKind, Variant};

/// The shade of the promotion zone and the grid's own square.
pub const ZONE: Color = Color(0xf3, 0xd3, 0xc8);
/// The shade of the squares a piece reaches with lion power (two steps in one turn).
pub const LION: Color = Color(0xf5, 0xdc, 0x86);
const LINE: Color = Color(0x8a, 0x80, 0x70);
pub const PAPER_WOOD: Color = Color(0xfb, 0xf3, 0xdd);

/// How many squares each way from the middle a movement grid shows.
pub const REACH: i32 = 2;

/// The movement of `kind` on a grid of `(2 × REACH + 1)²` squares of `square` (w, h) mm, its
/// top left at `at`: the piece's one-character name in the middle square, a dot on each square
/// it steps to, a ring where it jumps, an arrow to the edge along each slide (a dot per square
/// along one that stops inside the grid).
pub fn movement_grid(
    d: &mut Drawing,
    fonts: &Fonts,
    kind: &PieceKind,
    label: &str,
    at: Point,
    (w, h): (f64, f64),
) -> Result<(), MissingGlyph> {
    let n = 2 * REACH + 1;
    let ink = if kind.promoted { PROMOTED_INK } else { INK };
    let cell = |dx: i32, dy: i32| {
        // Forward (dy > 0) is up the page.
        Point::new(
            at.x + (dx + REACH) as f64 * w + w / 2.0,
            at.y + (REACH - dy) as f64 * h + h / 2.0,
        )
    };
    let outer = Rect::new(at.x, at.y, n as f64 * w, n as f64 * h);
    d.fill(Path::rect(outer), PAPER_WOOD);
    let centre = cell(0, 0);
    d.fill(
        Path::rect(Rect::new(centre.x - w / 2.0, centre.y - h / 2.0, w, h)),
        ZONE,
    );
    // Lion power: the squares it covers shaded, the Lion's whole 5 × 5, a line lion's two
    // squares in each of its directions.
    if let Some(lion) = &kind.movement.lion {
        let mut squares: Vec<(i32, i32)> = Vec::new();
        if lion.any_direction {
            for dx in -REACH..=REACH {
                for dy in -REACH..=REACH {
                    squares.push((dx, dy));
                }
            }
        } else {
            for &(sx, sy) in &lion.steps {
                let (sx, sy) = (sx as i32, sy as i32);
                squares.extend([(sx, sy), (2 * sx, 2 * sy)]);
            }
        }
        for (dx, dy) in squares.into_iter().filter(|&(x, y)| (x, y) != (0, 0)) {
            if dx.abs() <= REACH && dy.abs() <= REACH {
                let c = cell(dx, dy);
                d.fill(
                    Path::rect(Rect::new(c.x - w / 2.0, c.y - h / 2.0, w, h)),
                    LION,
                );
            }
        }
    }
    let thin = Stroke::solid(LINE, 0.12);
    for i in 1..n {
        let x = at.x + i as f64 * w;
        d.stroke(
            Path::line(Point::new(x, at.y), Point::new(x, outer.bottom())),
            thin.clone(),
        );
        let y = at.y + i as f64 * h;
        d.stroke(
            Path::line(Point::new(at.x, y), Point::new(outer.right(), y)),
            thin.clone(),
        );
    }
    d.stroke(Path::rect(outer), Stroke::solid(INK, 0.3));
    let dot = w.min(h) * 0.2;
    for m in kind.movement.clockwise() {
        let (dx, dy) = (m.dx as i32, m.dy as i32);
        match m.kind {
            MotionKind::Step | MotionKind::Jump => {
                if dx.abs() > REACH || dy.abs() > REACH {
                    continue;
                }
                let c = cell(dx, dy);
                if m.kind == MotionKind::Step {
                    d.fill(Path::circle(c, dot), ink);
                } else {
                    d.shape(Shape {
                        path: Path::circle(c, dot * 1.1),
                        fill: None,
                        stroke: Some(Stroke::solid(ink, dot * 0.5)),
                        opacity: 1.0,
                    });
                }
            }
            MotionKind::Slide { max } => {
                let steps = (1..=REACH)
                    .take_while(|k| max.is_none_or(|mx| *k <= mx as i32))
                    .take_while(|k| (dx * k).abs() <= REACH && (dy * k).abs() <= REACH)
                    .last()
                    .unwrap_or(0);
                if steps == 0 {
                    continue;
                }
                // A slide that ends inside the grid is not "any distance" (the legend's
                // arrow): a dot on each square it reaches.
                if max.is_some_and(|mx| (mx as i32) <= steps) {
                    for k in 1..=steps {
                        d.fill(Path::circle(cell(dx * k, dy * k), dot), ink);
                    }
                    continue;
                }
                let from = cell(0, 0);
                let dir = (cell(dx, dy) - from).unit();
                // From the middle square's edge to the grid's edge (the board goes on).
                let start = from + dir * (0.5 * w.min(h) * 0.9);
                let end_cell = cell(dx * steps, dy * steps);
                let tip = end_cell + (end_cell - from).unit() * (0.42 * w.min(h));
                let head = dot * 2.2;
                let neck = tip - dir * head;
                d.shape(Shape {
                    path: Path::line(start, neck),
                    fill: None,
                    stroke: Some(Stroke::solid(ink, dot * 0.75)),
                    opacity: 1.0,
                });
                let side = dir.perp() * (head * 0.55);
                d.fill(Path::polygon(&[tip, neck + side, neck - side]), ink);
            }
        }
    }
    if let Some(ch) = label.chars().next() {
        let g = fonts.centered(
            TextStyle::new(FontRole::Bold, 0.78 * w.min(h)),
            ch,
            centre,
            (1.0, 1.0),
            0.0,
        )?;
        d.glyphs(ink, vec![g]);
    }
    Ok(())
}

/// The start position as a small board of `square` (w, h) mm squares, its top left at `at`,
/// with Black's promotion zone shaded; returns its size.
pub fn zone_board(
    d: &mut Drawing,
    fonts: &Fonts,
    variant: &Variant,
    at: Point,
    (w, h): (f64, f64),
) -> Result<(f64, f64), MissingGlyph> {
    let size = variant.size;
    let (files, ranks) = (size.files as f64, size.ranks as f64);
    let board = Rect::new(at.x, at.y, files * w, ranks * h);
    d.fill(Path::rect(board), PAPER_WOOD);
    let zone = variant.promotion_zone as f64;
    d.fill(Path::rect(Rect::new(at.x, at.y, board.w, zone * h)), ZONE);
    let thin = Stroke::solid(LINE, 0.12);
    for i in 1..size.files {
        let x = at.x + i as f64 * w;
        d.stroke(
            Path::line(Point::new(x, at.y), Point::new(x, board.bottom())),
            thin.clone(),
        );
    }
    for i in 1..size.ranks {
        let y = at.y + i as f64 * h;
        d.stroke(
            Path::line(Point::new(at.x, y), Point::new(board.right(), y)),
            thin.clone(),
        );
    }
    // The zone's edge, drawn firmly: the line a piece crosses to promote.
    let edge = at.y + zone * h;
    d.stroke(
        Path::line(Point::new(at.x, edge), Point::new(board.right(), edge)),
        Stroke::solid(PROMOTED_INK, 0.35),
    );
    // The frame's outer edge is the board's: a line centred on it would reach half its width
    // past, over the margin where the board stands at the page's edge.
    let frame = Stroke::solid(INK, 0.35);
    d.stroke(Path::rect(board.inset(frame.width / 2.0)), frame);
    let style = TextStyle::new(FontRole::Bold, 0.8 * w.min(h));
    let mut glyphs = Vec::new();
    for (sq, p) in variant.start.pieces() {
        let (col, row) = size.col_row(sq);
        let c = Point::new(at.x + (col as f64 + 0.5) * w, at.y + (row as f64 + 0.5) * h);
        let kind = variant.catalog.get(p.kind);
        let ch = kind.abbr_for(p.color).chars().next().unwrap_or('?');
        let turn = if p.color == Side::White { 180.0 } else { 0.0 };
        glyphs.push(fonts.centered(style, ch, c, (0.92, 1.0), turn)?);
    }
    d.glyphs(INK, glyphs);
    Ok((board.w, board.h))
}

/// The legend of the grid's marks at `at` (the left end of its baseline), in `size` mm type:
/// returns its width.
pub fn legend(
    d: &mut Drawing,
    fonts: &Fonts,
    at: Point,
    size: f64,
    items: &[(&str, &str)],
) -> Result<f64, MissingGlyph> {
    let style = TextStyle::new(FontRole::Regular, size);
    let mut x = at.x;
    let mid = at.y - 0.35 * size;
    let r = 0.3 * size;
    for (i, (mark, text)) in items.iter().enumerate() {
        match *mark {
            "step" => d.fill(Path::circle(Point::new(x + r, mid), r), INK),
            "lion" => {
                let sq = Rect::new(x, mid - 1.1 * r, 2.2 * r, 2.2 * r);
                d.fill(Path::rect(sq), LION);
                d.stroke(Path::rect(sq), Stroke::solid(LINE, 0.12));
            }
            "jump" => d.shape(Shape {
                path: Path::circle(Point::new(x + r, mid), r),
                fill: None,
                stroke: Some(Stroke::solid(INK, 0.25)),
                opacity: 1.0,
            }),
            _ => {
                let (a, tip) = (Point::new(x, mid), Point::new(x + 3.2 * r, mid));
                let neck = Point::new(tip.x - 1.4 * r, mid);
                d.stroke(Path::line(a, neck), Stroke::solid(INK, 0.3));
                d.fill(
                    Path::polygon(&[
                        tip,
                        Point::new(neck.x, mid - 0.7 * r),
                        Point::new(neck.x, mid + 0.7 * r),
                    ]),
                    INK,
                );
            }
        }
        x += match *mark {
            "slide" => 3.6 * r,
            "lion" => 2.9 * r,
            _ => 2.6 * r,
        };
        let g = fonts.line(style, text, Point::new(x, at.y), crate::draw::Align::Start)?;
        d.glyphs(INK, g);
        x += fonts.width(style, text)?;
        if i + 1 < items.len() {
            x += 2.5 * size * 0.6;
        }
    }
    Ok(x - at.x)
}
