//! Points, rectangles and affine transforms in the drawing's coordinates: millimetres, origin at
//! the top left, y growing downwards (as in SVG).

use std::ops::{Add, Mul, Sub};

#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub const fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    pub fn length(self) -> f64 {
        self.x.hypot(self.y)
    }

    /// This vector scaled to length 1 (or zero if it has no length).
    pub fn unit(self) -> Point {
        let len = self.length();
        if len == 0.0 {
            self
        } else {
            self * (1.0 / len)
        }
    }

    /// This vector turned 90° (clockwise on the page, since y grows downwards).
    pub fn perp(self) -> Point {
        Point::new(-self.y, self.x)
    }
}

impl Add for Point {
    type Output = Point;
    fn add(self, o: Point) -> Point {
        Point::new(self.x + o.x, self.y + o.y)
    }
}

impl Sub for Point {
    type Output = Point;
    fn sub(self, o: Point) -> Point {
        Point::new(self.x - o.x, self.y - o.y)
    }
}

impl Mul<f64> for Point {
    type Output = Point;
    fn mul(self, k: f64) -> Point {
        Point::new(self.x * k, self.y * k)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    pub const fn new(x: f64, y: f64, w: f64, h: f64) -> Rect {
        Rect { x, y, w, h }
    }

    pub fn center(&self) -> Point {
        Point::new(self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    pub fn right(&self) -> f64 {
        self.x + self.w
    }

    pub fn bottom(&self) -> f64 {
        self.y + self.h
    }

    /// The smallest rectangle holding both.
    pub fn union(&self, o: &Rect) -> Rect {
        let x = self.x.min(o.x);
        let y = self.y.min(o.y);
        Rect::new(
            x,
            y,
            self.right().max(o.right()) - x,
            self.bottom().max(o.bottom()) - y,
        )
    }

    pub fn contains(&self, o: &Rect, tolerance: f64) -> bool {
        o.x >= self.x - tolerance
            && o.y >= self.y - tolerance
            && o.right() <= self.right() + tolerance
            && o.bottom() <= self.bottom() + tolerance
    }

    pub fn inset(&self, d: f64) -> Rect {
        Rect::new(self.x + d, self.y + d, self.w - 2.0 * d, self.h - 2.0 * d)
    }
}

/// `(x, y) -> (a·x + c·y + e, b·x + d·y + f)`, the SVG and PDF matrix convention.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Affine(pub [f64; 6]);

impl Default for Affine {
    fn default() -> Affine {
        Affine::IDENTITY
    }
}

impl Affine {
    pub const IDENTITY: Affine = Affine([1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);

    pub fn translate(x: f64, y: f64) -> Affine {
        Affine([1.0, 0.0, 0.0, 1.0, x, y])
    }

    pub fn scale(sx: f64, sy: f64) -> Affine {
        Affine([sx, 0.0, 0.0, sy, 0.0, 0.0])
    }

    /// A rotation by `degrees` (clockwise on the page) about `center`.
    pub fn rotate_about(degrees: f64, center: Point) -> Affine {
        let (s, c) = degrees.to_radians().sin_cos();
        // Exact values for the quarter turns keep 180° pieces free of rounding noise.
        let (s, c) = (snap(s), snap(c));
        let r = Affine([c, s, -s, c, 0.0, 0.0]);
        Affine::translate(center.x, center.y) * r * Affine::translate(-center.x, -center.y)
    }

    pub fn apply(&self, p: Point) -> Point {
        let [a, b, c, d, e, f] = self.0;
        Point::new(a * p.x + c * p.y + e, b * p.x + d * p.y + f)
    }

    /// How much lengths grow (the square root of the determinant's size).
    pub fn scale_factor(&self) -> f64 {
        let [a, b, c, d, ..] = self.0;
        (a * d - b * c).abs().sqrt()
    }

    pub fn is_identity(&self) -> bool {
        *self == Affine::IDENTITY
    }
}

fn snap(v: f64) -> f64 {
    for exact in [-1.0, 0.0, 1.0] {
        if (v - exact).abs() < 1e-12 {
            return exact;
        }
    }
    v
}

/// `(p * q).apply(x) == p.apply(q.apply(x))`.
impl Mul for Affine {
    type Output = Affine;
    fn mul(self, q: Affine) -> Affine {
        let [a, b, c, d, e, f] = self.0;
        let [qa, qb, qc, qd, qe, qf] = q.0;
        Affine([
            a * qa + c * qb,
            b * qa + d * qb,
            a * qc + c * qd,
            b * qc + d * qd,
            a * qe + c * qf + e,
            b * qe + d * qf + f,
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn composition_applies_right_to_left() {
        let t = Affine::translate(10.0, 0.0) * Affine::scale(2.0, 3.0);
        assert_eq!(t.apply(Point::new(1.0, 1.0)), Point::new(12.0, 3.0));
    }

    #[test]
    fn half_turn_about_a_point_is_exact() {
        let r = Affine::rotate_about(180.0, Point::new(5.0, 5.0));
        assert_eq!(r.apply(Point::new(4.0, 3.0)), Point::new(6.0, 7.0));
    }
}
