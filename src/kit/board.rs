//! The real-size board, as flat art in board millimetres (origin at the top-left corner of its
//! wooden border): filled convex polygons and glyphs, so that tiles can clip it exactly.
//!
//! Size: the Japan Shogi Association's reference board (本寸盤) is 1 shaku 1 sun across by 1
//! shaku 2 sun deep (333 × 364 mm) with a border of 2.5 bu (about 7.6 mm) round the grid; the
//! 9 × 9 grid is then 317 × 348 mm and each square 35.2 mm across by 38.7 mm deep (an 11:12
//! rectangle, deeper than wide because pieces are). Figures as tabulated from the JSA's page by
//! sizea.jp ("将棋盤のサイズ") and shogi-enjoylife.com ("将棋盤の大きさ").

use crate::diagram::face::WOOD;
use crate::draw::{Color, FontRole, Fonts, Glyph, MissingGlyph, Point, Rect, TextStyle};
use crate::formats::notation::numerals;

/// One square, across × deep, in millimetres.
pub const JSA_SQUARE: (f64, f64) = (35.2, 38.7);

/// A chu shogi board's square. The koma maker Kumazawa Yoshitaka (熊澤良尊, "中将棋の盤など",
/// blog.goo.ne.jp/ykkcc786, 2024-08-01) describes the chu board as about the size of a go
/// board with 12 × 12 squares; a go board is 1 shaku 4 sun across by 1 shaku 5 sun deep
/// (424 × 455 mm; Japanese Wikipedia 碁盤, gaku-sha.com). With the shogi board's 2.5 bu
/// (7.6 mm) border that leaves 409 × 440 mm of grid: squares of 34.1 × 36.6 mm.
pub const CHU_SQUARE: (f64, f64) = (
    (424.2 - 2.0 * JSA_BORDER) / 12.0,
    (454.5 - 2.0 * JSA_BORDER) / 12.0,
);

/// The square of a traditional board with this many files and ranks: chu shogi's for a
/// 12 × 12 board, the JSA's (a shogi board's) for every other.
pub fn traditional_square(files: u8, ranks: u8) -> (f64, f64) {
    if files == 12 && ranks == 12 {
        CHU_SQUARE
    } else {
        JSA_SQUARE
    }
}
/// The wooden border round the grid.
pub const JSA_BORDER: f64 = 7.6;

/// Line weights: the outer frame is drawn heavier, as on real boards.
pub const GRID_LINE: f64 = 0.35;
pub const FRAME_LINE: f64 = 1.0;
pub const HOSHI_RADIUS: f64 = 1.4;
const LINE_INK: Color = Color(0x1a, 0x1a, 0x1a);
const ZONE_TINT: Color = Color(0xec, 0xd3, 0x9c);

/// What to draw.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardSpec {
    pub files: u8,
    pub ranks: u8,
    pub square: (f64, f64),
    pub border: f64,
    /// Ranks of each side's promotion zone to tint, 0 for none.
    pub zone: u8,
    /// The depth of the promotion zones whose corners the hoshi mark (3 on a 9 × 9 board, 4
    /// on chu shogi's), 0 for none.
    pub hoshi_zone: u8,
    pub coordinates: bool,
}

impl BoardSpec {
    pub fn width(&self) -> f64 {
        self.files as f64 * self.square.0 + 2.0 * self.border
    }

    pub fn height(&self) -> f64 {
        self.ranks as f64 * self.square.1 + 2.0 * self.border
    }

    /// The x of grid line `i` (0 = left edge of the grid).
    pub fn line_x(&self, i: u8) -> f64 {
        self.border + i as f64 * self.square.0
    }

    pub fn line_y(&self, i: u8) -> f64 {
        self.border + i as f64 * self.square.1
    }

    /// Hoshi sit where the promotion zones' lines cross, on boards that have them (9 × 9 and
    /// larger).
    pub fn hoshi(&self) -> Vec<Point> {
        crate::diagram::hoshi(self.files, self.ranks, self.hoshi_zone)
            .into_iter()
            .map(|(x, y)| Point::new(self.line_x(x), self.line_y(y)))
            .collect()
    }
}

/// Flat art: polygons painted in order, then glyphs.
#[derive(Clone, Debug, Default)]
pub struct Art {
    pub polygons: Vec<(Vec<Point>, Color)>,
    pub glyphs: Vec<(Color, Glyph)>,
}

impl Art {
    pub fn rect(&mut self, r: Rect, color: Color) {
        self.polygons.push((
            vec![
                Point::new(r.x, r.y),
                Point::new(r.right(), r.y),
                Point::new(r.right(), r.bottom()),
                Point::new(r.x, r.bottom()),
            ],
            color,
        ));
    }

    pub fn disc(&mut self, c: Point, r: f64, color: Color) {
        const SIDES: usize = 48;
        let points = (0..SIDES)
            .map(|i| {
                let a = i as f64 * std::f64::consts::TAU / SIDES as f64;
                Point::new(c.x + r * a.cos(), c.y + r * a.sin())
            })
            .collect();
        self.polygons.push((points, color));
    }
}

/// The board's art.
pub fn board_art(spec: &BoardSpec, fonts: &Fonts) -> Result<Art, MissingGlyph> {
    let mut art = Art::default();
    art.rect(Rect::new(0.0, 0.0, spec.width(), spec.height()), WOOD);
    let (x0, y0) = (spec.line_x(0), spec.line_y(0));
    let (x1, y1) = (spec.line_x(spec.files), spec.line_y(spec.ranks));
    if spec.zone > 0 {
        let z = spec.zone.min(spec.ranks / 2);
        art.rect(Rect::new(x0, y0, x1 - x0, spec.line_y(z) - y0), ZONE_TINT);
        let from = spec.line_y(spec.ranks - z);
        art.rect(Rect::new(x0, from, x1 - x0, y1 - from), ZONE_TINT);
    }
    let t = GRID_LINE;
    for i in 1..spec.files {
        let x = spec.line_x(i);
        art.rect(Rect::new(x - t / 2.0, y0, t, y1 - y0), LINE_INK);
    }
    for i in 1..spec.ranks {
        let y = spec.line_y(i);
        art.rect(Rect::new(x0, y - t / 2.0, x1 - x0, t), LINE_INK);
    }
    // The frame lies outside the outer squares, so they keep the size of the others.
    let f = FRAME_LINE;
    art.rect(Rect::new(x0 - f, y0 - f, x1 - x0 + 2.0 * f, f), LINE_INK);
    art.rect(Rect::new(x0 - f, y1, x1 - x0 + 2.0 * f, f), LINE_INK);
    art.rect(Rect::new(x0 - f, y0, f, y1 - y0), LINE_INK);
    art.rect(Rect::new(x1, y0, f, y1 - y0), LINE_INK);
    for c in spec.hoshi() {
        art.disc(c, HOSHI_RADIUS, LINE_INK);
    }
    if spec.coordinates && spec.border >= 4.0 {
        // ９…１ in the top border and 一…九 in the right one, as seen by Black; a number of
        // two characters (a chu board's １０…, 十一, 十二) side by side across its square's
        // top, one above the other down its rank's end.
        let style = TextStyle::new(FontRole::Regular, 0.55 * spec.border);
        let mid = spec.border / 2.0;
        // Full-width digits are inked over about half their em; kanji over nearly all of it.
        let offset =
            |k: usize, n: usize, step: f64| (k as f64 - (n as f64 - 1.0) / 2.0) * step * style.size;
        for i in 0..spec.files {
            let file = (spec.files - i) as u32;
            let c = Point::new(spec.line_x(i) + spec.square.0 / 2.0, mid);
            let chars: Vec<char> = numerals::full_width(file).chars().collect();
            for (k, &ch) in chars.iter().enumerate() {
                let at = Point::new(c.x + offset(k, chars.len(), 0.6), c.y);
                art.glyphs
                    .push((LINE_INK, fonts.centered(style, ch, at, (1.0, 1.0), 0.0)?));
            }
        }
        for j in 0..spec.ranks {
            let c = Point::new(spec.width() - mid, spec.line_y(j) + spec.square.1 / 2.0);
            let chars: Vec<char> = numerals::kanji(j as u32 + 1).chars().collect();
            for (k, &ch) in chars.iter().enumerate() {
                let at = Point::new(c.x, c.y + offset(k, chars.len(), 0.95));
                art.glyphs
                    .push((LINE_INK, fonts.centered(style, ch, at, (1.0, 1.0), 0.0)?));
            }
        }
    }
    Ok(art)
}

/// One side of a clipping rectangle: the inside is where `x` (or `y`) is at least `at`
/// (`keep_above`) or at most `at`.
#[derive(Clone, Copy)]
struct Edge {
    vertical: bool,
    at: f64,
    keep_above: bool,
}

impl Edge {
    fn inside(self, p: Point) -> bool {
        let v = if self.vertical { p.x } else { p.y };
        if self.keep_above {
            v >= self.at
        } else {
            v <= self.at
        }
    }

    fn cross(self, a: Point, b: Point) -> Point {
        let t = if self.vertical {
            (self.at - a.x) / (b.x - a.x)
        } else {
            (self.at - a.y) / (b.y - a.y)
        };
        Point::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
    }
}

/// `polygon` (convex) cut to `r` (Sutherland–Hodgman), or `None` if nothing is left.
pub fn clip(polygon: &[Point], r: Rect) -> Option<Vec<Point>> {
    let mut pts = polygon.to_vec();
    let edges = [
        Edge {
            vertical: true,
            at: r.x,
            keep_above: true,
        },
        Edge {
            vertical: true,
            at: r.right(),
            keep_above: false,
        },
        Edge {
            vertical: false,
            at: r.y,
            keep_above: true,
        },
        Edge {
            vertical: false,
            at: r.bottom(),
            keep_above: false,
        },
    ];
    for edge in edges {
        if pts.is_empty() {
            return None;
        }
        let mut out = Vec::with_capacity(pts.len() + 2);
        for i in 0..pts.len() {
            let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
            let (ia, ib) = (edge.inside(a), edge.inside(b));
            if ia {
                out.push(a);
            }
            if ia != ib {
                out.push(edge.cross(a, b));
            }
        }
        pts = out;
    }
    // A sliver thinner than a hair is nothing.
    let area = pts
        .iter()
        .zip(pts.iter().cycle().skip(1))
        .map(|(a, b)| a.x * b.y - b.x * a.y)
        .sum::<f64>()
        .abs()
        / 2.0;
    (pts.len() >= 3 && area > 1e-6).then_some(pts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jsa_board_size() {
        let spec = BoardSpec {
            files: 9,
            ranks: 9,
            square: JSA_SQUARE,
            border: JSA_BORDER,
            zone: 0,
            hoshi_zone: 3,
            coordinates: false,
        };
        // 1 shaku 1 sun × 1 shaku 2 sun is 333.3 × 363.6 mm.
        assert!((spec.width() - 332.0).abs() < 1.5, "{}", spec.width());
        assert!((spec.height() - 363.5).abs() < 1.5, "{}", spec.height());
        assert_eq!(spec.hoshi().len(), 4);
    }

    #[test]
    fn clipping_keeps_the_inside() {
        let square = [
            Point::new(0.0, 0.0),
            Point::new(10.0, 0.0),
            Point::new(10.0, 10.0),
            Point::new(0.0, 10.0),
        ];
        let got = clip(&square, Rect::new(5.0, -5.0, 20.0, 20.0)).unwrap();
        let xs: Vec<f64> = got.iter().map(|p| p.x).collect();
        assert!(xs.iter().all(|&x| (5.0..=10.0).contains(&x)));
        assert_eq!(got.len(), 4);
        assert!(clip(&square, Rect::new(20.0, 0.0, 5.0, 5.0)).is_none());
    }
}
