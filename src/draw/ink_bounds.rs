//! Where a shape's ink reaches: its path and, when stroked, the pen's half width across each
//! line, the corners its joins make and the ends its caps add. A path's own bounds stop at the
//! centre of its stroke, which is not enough to tell whether a frame stays inside a margin.

use super::drawing::{LineCap, Shape};
use super::geometry::{Point, Rect};
use super::path::Segment;

/// The miter limit every writer sets (SVG's default; the PDF writer sets it too): a sharper
/// corner is bevelled instead.
pub const MITER_LIMIT: f64 = 4.0;

impl Shape {
    /// The smallest rectangle holding all the shape's ink; `None` for an empty path. Curves
    /// count their control points (which hold the curve), so a stroked curve is over-, never
    /// under-estimated.
    pub fn ink_bounds(&self) -> Option<Rect> {
        let path_bounds = self.path.bounds()?;
        let Some(stroke) = self.stroke.as_ref().filter(|s| s.width > 0.0) else {
            return Some(path_bounds);
        };
        let half = stroke.width / 2.0;
        let mut ink = Vec::new();
        for run in runs(&self.segments_as_runs()) {
            pen_around(&run, half, stroke.cap, &mut ink);
        }
        Some(
            ink.iter()
                .fold(path_bounds, |r, p| r.union(&Rect::new(p.x, p.y, 0.0, 0.0))),
        )
    }

    /// The path's points as runs of lines (a curve's control points standing in for it),
    /// each run with whether it is closed.
    fn segments_as_runs(&self) -> Vec<(Vec<Point>, bool)> {
        let mut out: Vec<(Vec<Point>, bool)> = Vec::new();
        for seg in &self.path.segments {
            match *seg {
                Segment::Move(p) => out.push((vec![p], false)),
                Segment::Line(p) => push_point(&mut out, p),
                Segment::Cubic(a, b, c) => {
                    for p in [a, b, c] {
                        push_point(&mut out, p);
                    }
                }
                Segment::Close => {
                    if let Some(last) = out.last_mut() {
                        last.1 = true;
                    }
                }
            }
        }
        out
    }
}

fn push_point(out: &mut Vec<(Vec<Point>, bool)>, p: Point) {
    match out.last_mut() {
        Some((points, false)) => points.push(p),
        _ => out.push((vec![p], false)),
    }
}

/// The runs with repeated points dropped (a zero-length step has no direction).
fn runs(runs: &[(Vec<Point>, bool)]) -> Vec<(Vec<Point>, bool)> {
    runs.iter()
        .map(|(points, closed)| {
            let mut kept: Vec<Point> = Vec::new();
            for &p in points {
                if kept.last().is_none_or(|&q| distance(p, q) > 1e-12) {
                    kept.push(p);
                }
            }
            if *closed && kept.len() > 1 && distance(kept[0], kept[kept.len() - 1]) <= 1e-12 {
                kept.pop();
            }
            (kept, *closed)
        })
        .collect()
}

/// Pushes the outermost points of a pen `half` wide drawn along one run.
fn pen_around(run: &(Vec<Point>, bool), half: f64, cap: LineCap, ink: &mut Vec<Point>) {
    let (points, closed) = run;
    let n = points.len();
    if n == 0 {
        return;
    }
    let round = cap == LineCap::Round;
    if n == 1 || round {
        // A dot, or round caps and joins: the pen is a disc at every corner.
        for &p in points {
            ink.extend([
                Point::new(p.x - half, p.y - half),
                Point::new(p.x + half, p.y + half),
            ]);
        }
        if n == 1 {
            return;
        }
    }
    let edges = if *closed { n } else { n - 1 };
    for i in 0..edges {
        let (a, b) = (points[i], points[(i + 1) % n]);
        let across = normal(a, b) * half;
        ink.extend([a + across, a - across, b + across, b - across]);
    }
    if round {
        return;
    }
    // Miter joins: the tip lies along the bisector, half / sin(θ/2) from the corner, unless
    // that is more than the limit allows.
    let corners: Vec<usize> = if *closed {
        (0..n).collect()
    } else {
        (1..n - 1).collect()
    };
    for i in corners {
        let v = points[i];
        let to_prev = unit(points[(i + n - 1) % n] - v);
        let to_next = unit(points[(i + 1) % n] - v);
        let cos = (to_prev.x * to_next.x + to_prev.y * to_next.y).clamp(-1.0, 1.0);
        let sin_half = ((1.0 - cos) / 2.0).sqrt();
        if sin_half < 1e-9 || 1.0 / sin_half > MITER_LIMIT {
            continue;
        }
        let inward = unit(to_prev + to_next);
        ink.push(v - inward * (half / sin_half));
    }
}

fn distance(a: Point, b: Point) -> f64 {
    (a.x - b.x).hypot(a.y - b.y)
}

fn unit(v: Point) -> Point {
    let len = v.x.hypot(v.y);
    if len < 1e-12 {
        Point::new(0.0, 0.0)
    } else {
        v * (1.0 / len)
    }
}

/// The unit normal of the line from `a` to `b`.
fn normal(a: Point, b: Point) -> Point {
    let d = unit(b - a);
    Point::new(-d.y, d.x)
}

#[cfg(test)]
mod tests {
    use crate::draw::{Color, Path, Point, Rect, Shape, Stroke};

    fn stroked(path: Path, width: f64) -> Shape {
        Shape {
            path,
            fill: None,
            stroke: Some(Stroke::solid(Color::BLACK, width)),
            opacity: 1.0,
        }
    }

    fn close(a: Rect, b: Rect) -> bool {
        [a.x - b.x, a.y - b.y, a.w - b.w, a.h - b.h]
            .iter()
            .all(|d| d.abs() < 1e-9)
    }

    #[test]
    fn a_stroked_rectangle_reaches_half_its_pen_past_every_side() {
        let s = stroked(Path::rect(Rect::new(10.0, 10.0, 20.0, 30.0)), 0.4);
        let got = s.ink_bounds().unwrap();
        assert!(close(got, Rect::new(9.8, 9.8, 20.4, 30.4)), "{got:?}");
    }

    #[test]
    fn a_butt_line_reaches_past_its_sides_but_not_its_ends() {
        let s = stroked(Path::line(Point::new(0.0, 5.0), Point::new(10.0, 5.0)), 0.2);
        let got = s.ink_bounds().unwrap();
        assert!(close(got, Rect::new(0.0, 4.9, 10.0, 0.2)), "{got:?}");
    }

    #[test]
    fn a_sharp_corner_reaches_to_its_miter_tip() {
        // An equilateral triangle's apex: half the pen / sin 30°, a whole pen above it.
        let half_pen = 0.5;
        let apex = Point::new(5.0, 0.0);
        let h = 5.0 * 3f64.sqrt();
        let tri = Path::polygon(&[apex, Point::new(10.0, h), Point::new(0.0, h)]);
        let got = stroked(tri, 2.0 * half_pen).ink_bounds().unwrap();
        assert!((got.y - (apex.y - 2.0 * half_pen)).abs() < 1e-9, "{got:?}");
    }

    #[test]
    fn a_fill_alone_keeps_to_its_path() {
        let s = Shape {
            path: Path::rect(Rect::new(1.0, 2.0, 3.0, 4.0)),
            fill: Some(Color::BLACK),
            stroke: None,
            opacity: 1.0,
        };
        assert_eq!(s.ink_bounds(), Some(Rect::new(1.0, 2.0, 3.0, 4.0)));
    }
}
