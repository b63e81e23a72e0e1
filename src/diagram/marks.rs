//! Movement marks, read from the same [`Movement`] the move generator is built from: a dot for
//! each single step, an arrow for each slide, a small ring for each jump (the knight's). A piece
//! defined in a user's YAML gets correct marks with no code.

use crate::draw::{Color, Path, Point, Shape, Stroke};
use crate::rules::{MotionKind, Movement};

/// The marks of `movement` for a piece facing up the page, around `hub`. Steps sit on the
/// ellipse of radii `(rx, ry)`; slides run out to it; `dot` is a step dot's radius.
pub fn movement_marks(
    movement: &Movement,
    hub: Point,
    (rx, ry): (f64, f64),
    dot: f64,
    ink: Color,
) -> Vec<Shape> {
    let mut shapes = Vec::new();
    let on_ellipse =
        |dir: Point, k: f64| Point::new(hub.x + dir.x * rx * k, hub.y + dir.y * ry * k);
    for m in movement.clockwise() {
        // Forward (dy > 0) is up the page; the owner's right (dx > 0) is right.
        let dir = Point::new(m.dx as f64, -(m.dy as f64)).unit();
        match m.kind {
            MotionKind::Step => shapes.push(filled(Path::circle(on_ellipse(dir, 1.0), dot), ink)),
            MotionKind::Jump => shapes.push(Shape {
                path: Path::circle(on_ellipse(dir, 1.08), dot * 1.1),
                fill: None,
                stroke: Some(Stroke::solid(ink, dot * 0.6)),
                opacity: 1.0,
            }),
            MotionKind::Slide { .. } => {
                let tip = on_ellipse(dir, 1.16);
                let tail = on_ellipse(dir, 0.62);
                let head = dot * 2.4;
                let neck = tip - (tip - tail).unit() * head;
                shapes.push(Shape {
                    path: Path::line(tail, neck),
                    fill: None,
                    stroke: Some(Stroke::solid(ink, dot * 0.9)),
                    opacity: 1.0,
                });
                let side = (tip - tail).unit().perp() * (head * 0.6);
                shapes.push(filled(Path::polygon(&[tip, neck + side, neck - side]), ink));
            }
        }
    }
    shapes
}

fn filled(path: Path, ink: Color) -> Shape {
    Shape {
        path,
        fill: Some(ink),
        stroke: None,
        opacity: 1.0,
    }
}
