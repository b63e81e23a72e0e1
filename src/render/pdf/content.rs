//! A page's content stream: paths, colours and stroke styles as PDF operators, with the
//! graphics state tracked so that unchanged values are not written again.

use super::{MITER_LIMIT, PT_PER_MM};
use crate::draw::{Affine, Color, FontRole, LineCap, Path, Point, Segment};

/// Millimetres with y down to points with y up, on a page `height` mm tall.
pub(super) fn to_pt(height: f64) -> Affine {
    Affine([PT_PER_MM, 0.0, 0.0, -PT_PER_MM, 0.0, height * PT_PER_MM])
}

/// Appends a number to 1/1000 (never `-0`, no trailing zeros) and a space.
pub(super) fn push_num(out: &mut String, v: f64) {
    let milli = if v.is_finite() {
        (v * 1000.0).round() as i64
    } else {
        0
    };
    if milli < 0 {
        out.push('-');
    }
    let m = milli.unsigned_abs();
    out.push_str(&(m / 1000).to_string());
    let frac = m % 1000;
    if frac != 0 {
        let digits = format!("{frac:03}");
        out.push('.');
        out.push_str(digits.trim_end_matches('0'));
    }
    out.push(' ');
}

pub(super) fn push_point(out: &mut Vec<u8>, p: Point, to_pt: &Affine) {
    let q = to_pt.apply(p);
    let mut s = String::with_capacity(24);
    push_num(&mut s, q.x);
    push_num(&mut s, q.y);
    out.extend_from_slice(s.as_bytes());
}

/// Writes the path's subpaths (a subpath needs at least two points); returns how many were
/// drawn and clears `all_closed` if one is left open.
pub(super) fn path_ops(
    out: &mut Vec<u8>,
    path: &Path,
    to_pt: &Affine,
    all_closed: &mut bool,
) -> usize {
    let mut drawn = 0;
    // The current subpath's start, its text so far, and how many points it has.
    let mut start: Option<Point> = None;
    let mut current: Vec<u8> = Vec::new();
    let mut points = 0;
    let mut finish =
        |current: &mut Vec<u8>, points: &mut usize, closed: bool, out: &mut Vec<u8>| {
            if *points > 1 {
                out.extend_from_slice(current);
                if closed {
                    out.extend_from_slice(b"h\n");
                } else {
                    *all_closed = false;
                }
                drawn += 1;
            }
            current.clear();
            *points = 0;
        };
    for segment in &path.segments {
        match *segment {
            Segment::Move(p) => {
                finish(&mut current, &mut points, false, out);
                push_point(&mut current, p, to_pt);
                current.extend_from_slice(b"m\n");
                points = 1;
                start = Some(p);
            }
            Segment::Close => finish(&mut current, &mut points, true, out),
            _ => {
                // After a close, drawing carries on from where the subpath began.
                let Some(s) = start else { continue };
                if points == 0 {
                    push_point(&mut current, s, to_pt);
                    current.extend_from_slice(b"m\n");
                    points = 1;
                }
                match *segment {
                    Segment::Line(p) => {
                        push_point(&mut current, p, to_pt);
                        current.extend_from_slice(b"l\n");
                    }
                    Segment::Cubic(a, b, c) => {
                        for p in [a, b, c] {
                            push_point(&mut current, p, to_pt);
                        }
                        current.extend_from_slice(b"c\n");
                    }
                    Segment::Move(_) | Segment::Close => unreachable!("handled above"),
                }
                points += 1;
            }
        }
    }
    finish(&mut current, &mut points, false, out);
    drawn
}

/// The graphics state a page's operations have set, so that unchanged values are not repeated.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct State {
    pub(super) fill: Option<Color>,
    pub(super) stroke: Option<Color>,
    pub(super) width: Option<i64>,
    pub(super) dash: Option<Vec<i64>>,
    pub(super) cap: Option<LineCap>,
    pub(super) miter_limit: bool,
    pub(super) font: Option<FontRole>,
}

pub(super) struct Ops {
    pub(super) buf: Vec<u8>,
    pub(super) state: State,
    pub(super) to_pt: Affine,
}

pub(super) fn color_ops(c: Color, op: &str) -> String {
    let mut s = String::with_capacity(24);
    for v in [c.0, c.1, c.2] {
        push_num(&mut s, v as f64 / 255.0);
    }
    s.push_str(op);
    s.push('\n');
    s
}

impl Ops {
    pub(super) fn fill_color(&mut self, color: Color) {
        if self.state.fill != Some(color) {
            self.buf
                .extend_from_slice(color_ops(color, "rg").as_bytes());
            self.state.fill = Some(color);
        }
    }

    pub(super) fn stroke_style(&mut self, stroke: &crate::draw::Stroke) {
        if self.state.stroke != Some(stroke.color) {
            self.buf
                .extend_from_slice(color_ops(stroke.color, "RG").as_bytes());
            self.state.stroke = Some(stroke.color);
        }
        let milli = |v: f64| (v * PT_PER_MM * 1000.0).round() as i64;
        let width = milli(stroke.width);
        if self.state.width != Some(width) {
            let mut s = String::new();
            push_num(&mut s, width as f64 / 1000.0);
            s.push_str("w\n");
            self.buf.extend_from_slice(s.as_bytes());
            self.state.width = Some(width);
        }
        // An all-zero dash array is an error in PDF and a solid line in SVG.
        let dash: Vec<i64> = if stroke.dash.iter().any(|&d| d > 0.0) {
            stroke.dash.iter().map(|&d| milli(d.max(0.0))).collect()
        } else {
            Vec::new()
        };
        if self.state.dash.as_ref() != Some(&dash) {
            let mut s = String::from("[");
            for d in &dash {
                push_num(&mut s, *d as f64 / 1000.0);
            }
            let s = format!("{}] 0 d\n", s.trim_end());
            self.buf.extend_from_slice(s.as_bytes());
            self.state.dash = Some(dash);
        }
        if self.state.cap != Some(stroke.cap) {
            // The SVG writer pairs round caps with round joins.
            let ops: &[u8] = match stroke.cap {
                LineCap::Butt => b"0 J 0 j\n",
                LineCap::Round => b"1 J 1 j\n",
            };
            self.buf.extend_from_slice(ops);
            self.state.cap = Some(stroke.cap);
        }
        if !self.state.miter_limit {
            self.buf
                .extend_from_slice(format!("{MITER_LIMIT} M\n").as_bytes());
            self.state.miter_limit = true;
        }
    }
}
