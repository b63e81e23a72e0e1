//! Paths: the outlines of everything that is not a glyph.

use super::geometry::{Affine, Point, Rect};

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Segment {
    Move(Point),
    Line(Point),
    Cubic(Point, Point, Point),
    Close,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Path {
    pub segments: Vec<Segment>,
}

/// The handle length that makes four cubic arcs a circle to within 0.03 %.
const KAPPA: f64 = 0.552_284_749_8;

impl Path {
    pub fn new() -> Path {
        Path::default()
    }

    pub fn move_to(&mut self, p: Point) -> &mut Path {
        self.segments.push(Segment::Move(p));
        self
    }

    pub fn line_to(&mut self, p: Point) -> &mut Path {
        self.segments.push(Segment::Line(p));
        self
    }

    pub fn cubic_to(&mut self, c1: Point, c2: Point, p: Point) -> &mut Path {
        self.segments.push(Segment::Cubic(c1, c2, p));
        self
    }

    pub fn close(&mut self) -> &mut Path {
        self.segments.push(Segment::Close);
        self
    }

    pub fn line(a: Point, b: Point) -> Path {
        let mut p = Path::new();
        p.move_to(a).line_to(b);
        p
    }

    /// A closed polygon through the points.
    pub fn polygon(points: &[Point]) -> Path {
        let mut p = Path::new();
        for (i, &pt) in points.iter().enumerate() {
            if i == 0 {
                p.move_to(pt);
            } else {
                p.line_to(pt);
            }
        }
        p.close();
        p
    }

    pub fn rect(r: Rect) -> Path {
        Path::polygon(&[
            Point::new(r.x, r.y),
            Point::new(r.right(), r.y),
            Point::new(r.right(), r.bottom()),
            Point::new(r.x, r.bottom()),
        ])
    }

    pub fn circle(c: Point, r: f64) -> Path {
        let k = r * KAPPA;
        let mut p = Path::new();
        p.move_to(Point::new(c.x + r, c.y))
            .cubic_to(
                Point::new(c.x + r, c.y + k),
                Point::new(c.x + k, c.y + r),
                Point::new(c.x, c.y + r),
            )
            .cubic_to(
                Point::new(c.x - k, c.y + r),
                Point::new(c.x - r, c.y + k),
                Point::new(c.x - r, c.y),
            )
            .cubic_to(
                Point::new(c.x - r, c.y - k),
                Point::new(c.x - k, c.y - r),
                Point::new(c.x, c.y - r),
            )
            .cubic_to(
                Point::new(c.x + k, c.y - r),
                Point::new(c.x + r, c.y - k),
                Point::new(c.x + r, c.y),
            )
            .close();
        p
    }

    pub fn transformed(&self, m: &Affine) -> Path {
        let segments = self
            .segments
            .iter()
            .map(|s| match *s {
                Segment::Move(p) => Segment::Move(m.apply(p)),
                Segment::Line(p) => Segment::Line(m.apply(p)),
                Segment::Cubic(a, b, c) => Segment::Cubic(m.apply(a), m.apply(b), m.apply(c)),
                Segment::Close => Segment::Close,
            })
            .collect();
        Path { segments }
    }

    /// The bounding box of the points (control points included, so it may be a little large).
    pub fn bounds(&self) -> Option<Rect> {
        let mut points = self.segments.iter().flat_map(|s| match *s {
            Segment::Move(p) | Segment::Line(p) => vec![p],
            Segment::Cubic(a, b, c) => vec![a, b, c],
            Segment::Close => vec![],
        });
        let first = points.next()?;
        let (mut x0, mut y0, mut x1, mut y1) = (first.x, first.y, first.x, first.y);
        for p in points {
            x0 = x0.min(p.x);
            y0 = y0.min(p.y);
            x1 = x1.max(p.x);
            y1 = y1.max(p.y);
        }
        Some(Rect::new(x0, y0, x1 - x0, y1 - y0))
    }

    /// Points along the path: each segment's end and, on lines and curves, every eighth of the
    /// way, so that a test of "every point inside" also covers what lies between the ends.
    pub fn points_along(&self) -> Vec<Point> {
        let mut out = Vec::new();
        let mut at = Point::new(0.0, 0.0);
        for seg in &self.segments {
            match *seg {
                Segment::Move(p) => {
                    out.push(p);
                    at = p;
                }
                Segment::Line(p) => {
                    out.extend((1..=8).map(|i| at + (p - at) * (i as f64 / 8.0)));
                    at = p;
                }
                Segment::Cubic(c1, c2, p) => {
                    for i in 1..=8 {
                        let t = i as f64 / 8.0;
                        let u = 1.0 - t;
                        let f = |a: f64, b: f64, c: f64, d: f64| {
                            u * u * u * a
                                + 3.0 * u * u * t * b
                                + 3.0 * u * t * t * c
                                + t * t * t * d
                        };
                        out.push(Point::new(
                            f(at.x, c1.x, c2.x, p.x),
                            f(at.y, c1.y, c2.y, p.y),
                        ));
                    }
                    at = p;
                }
                Segment::Close => {}
            }
        }
        out
    }
}
