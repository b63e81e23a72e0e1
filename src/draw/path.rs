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
}
