//! Plane geometry for placing a label's badge: glyph outlines flattened to polygons, the
//! nonzero fill rule, and whether a pill-shaped badge meets a rectangle, a polygon or a point.
//! Kept apart from the drawing of annotations, which only asks these questions.

use crate::draw::{Path, Point, Rect, Segment};

/// A path's closed contours as polygons, each curve flattened to eight lines.
pub(super) fn contours(path: &Path) -> Vec<Vec<Point>> {
    let mut out: Vec<Vec<Point>> = Vec::new();
    let mut at = Point::default();
    for seg in &path.segments {
        match *seg {
            Segment::Move(p) => {
                out.push(vec![p]);
                at = p;
            }
            Segment::Line(p) => {
                if let Some(c) = out.last_mut() {
                    c.push(p);
                }
                at = p;
            }
            Segment::Cubic(c1, c2, p) => {
                for i in 1..=8 {
                    let t = i as f64 / 8.0;
                    let u = 1.0 - t;
                    let f = |a: f64, b: f64, c: f64, d: f64| {
                        u * u * u * a + 3.0 * u * u * t * b + 3.0 * u * t * t * c + t * t * t * d
                    };
                    let q = Point::new(f(at.x, c1.x, c2.x, p.x), f(at.y, c1.y, c2.y, p.y));
                    if let Some(c) = out.last_mut() {
                        c.push(q);
                    }
                }
                at = p;
            }
            Segment::Close => {}
        }
    }
    out
}

/// Whether `p` is inside the contours by the nonzero rule (as glyphs are filled).
pub(super) fn in_outline(contours: &[Vec<Point>], p: Point) -> bool {
    let mut winding = 0;
    for poly in contours {
        for (i, a) in poly.iter().enumerate() {
            let b = poly[(i + 1) % poly.len()];
            if (a.y <= p.y) != (b.y <= p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) {
                winding += if b.y > a.y { 1 } else { -1 };
            }
        }
    }
    winding != 0
}

/// Whether the pill (or disc) drawn in `pill` and the rectangle `r` share a point.
pub(super) fn pill_meets_rect(pill: &Rect, r: &Rect) -> bool {
    let rad = pill.h / 2.0;
    let (left, right) = (pill.x + rad, (pill.right() - rad).max(pill.x + rad));
    let y = pill.center().y;
    let dx = (r.x - right).max(left - r.right()).max(0.0);
    let dy = (r.y - y).max(y - r.bottom()).max(0.0);
    dx.hypot(dy) <= rad
}

/// Whether the pill (or disc) drawn in `pill` and the polygon share a point.
pub(super) fn pill_meets_polygon(pill: &Rect, poly: &[Point]) -> bool {
    let rad = pill.h / 2.0;
    let y = pill.center().y;
    let axis = (
        Point::new(pill.x + rad, y),
        Point::new((pill.right() - rad).max(pill.x + rad), y),
    );
    in_polygon(poly, pill.center())
        || (0..poly.len())
            .any(|i| segment_distance(axis, (poly[i], poly[(i + 1) % poly.len()])) <= rad)
}

/// The distance between two line segments.
pub(super) fn segment_distance((a, b): (Point, Point), (c, d): (Point, Point)) -> f64 {
    let cross =
        |o: Point, p: Point, q: Point| (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x);
    if cross(a, b, c) * cross(a, b, d) < 0.0 && cross(c, d, a) * cross(c, d, b) < 0.0 {
        return 0.0;
    }
    let to_segment = |p: Point, (s, e): (Point, Point)| {
        let v = e - s;
        let len2 = v.x * v.x + v.y * v.y;
        let t = match len2 > 0.0 {
            true => (((p.x - s.x) * v.x + (p.y - s.y) * v.y) / len2).clamp(0.0, 1.0),
            false => 0.0,
        };
        (p - (s + v * t)).length()
    };
    to_segment(a, (c, d))
        .min(to_segment(b, (c, d)))
        .min(to_segment(c, (a, b)))
        .min(to_segment(d, (a, b)))
}

/// Whether `p` is inside the pill (or disc) drawn in `r`.
pub(super) fn in_pill(r: &Rect, p: Point) -> bool {
    let rad = r.h / 2.0;
    // The axis between the ends' centres (a point for a disc).
    let (left, right) = (r.x + rad, (r.right() - rad).max(r.x + rad));
    let axis = Point::new(p.x.max(left).min(right), r.center().y);
    (p - axis).length() <= rad
}

/// A rounded box: a disc when `r` is square, else a pill with round ends.
pub(super) fn pill(r: Rect) -> Path {
    let rad = r.h / 2.0;
    if r.w <= r.h + 1e-9 {
        return Path::circle(r.center(), rad);
    }
    let k = rad * 0.552_284_75;
    let (left, right) = (r.x + rad, r.right() - rad);
    let (top, bottom, mid) = (r.y, r.bottom(), r.center().y);
    let mut p = Path::new();
    p.move_to(Point::new(left, top))
        .line_to(Point::new(right, top))
        .cubic_to(
            Point::new(right + k, top),
            Point::new(r.right(), mid - k),
            Point::new(r.right(), mid),
        )
        .cubic_to(
            Point::new(r.right(), mid + k),
            Point::new(right + k, bottom),
            Point::new(right, bottom),
        )
        .line_to(Point::new(left, bottom))
        .cubic_to(
            Point::new(left - k, bottom),
            Point::new(r.x, mid + k),
            Point::new(r.x, mid),
        )
        .cubic_to(
            Point::new(r.x, mid - k),
            Point::new(left - k, top),
            Point::new(left, top),
        )
        .close();
    p
}

/// A 13 × 13 grid of points over `r`, its edges included.
pub(super) fn samples(r: &Rect) -> impl Iterator<Item = Point> + '_ {
    (0..169).map(move |i| {
        let (ix, iy) = ((i % 13) as f64 / 12.0, (i / 13) as f64 / 12.0);
        Point::new(r.x + ix * r.w, r.y + iy * r.h)
    })
}

/// The corner points of a path of lines (a polygon's vertices).
pub(super) fn corners(path: &Path) -> Vec<Point> {
    path.segments
        .iter()
        .filter_map(|seg| match seg {
            Segment::Move(p) | Segment::Line(p) => Some(*p),
            _ => None,
        })
        .collect()
}

/// Whether `p` is inside the polygon (even-odd rule).
pub(super) fn in_polygon(poly: &[Point], p: Point) -> bool {
    let mut inside = false;
    for (i, a) in poly.iter().enumerate() {
        let b = poly[(i + 1) % poly.len()];
        if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) {
            inside = !inside;
        }
    }
    inside
}

pub(super) fn inside(r: &Rect, p: Point) -> bool {
    p.x >= r.x && p.x <= r.right() && p.y >= r.y && p.y <= r.bottom()
}
