//! Movement marks, read from the same [`Movement`] the move generator is built from: a dot for
//! each single step, an arrow for each slide (a dot per square for one of at most two squares),
//! a small ring for each jump (the knight's). A piece defined in a user's YAML gets correct
//! marks with no code.
//!
//! Lion power (chu shogi) has marks of its own, standing for the squares it covers: the Lion,
//! which moves twice as a king, gets a double ring round its name (its two-step area) instead
//! of 24 dots and rings; a line lion (the Horned Falcon forward, the Soaring Eagle on the
//! forward diagonals) gets, in each such direction, two dots joined by a bar (one step or two,
//! capturing on both) instead of the step and the jump there.
//!
//! A piece that both steps and jumps along one line (a user's `WD` or `KNAD`) is crowded: drawn
//! where they would stand alone, each ring covered a dot. On a kit face its marks make a
//! movement diagram round the name ([`lattice`]), each square within two of the piece a
//! place of its own; on a diagram face, where the marks stand on the label's box, the ring
//! goes round the dot with air between them.

use crate::draw::{Color, Path, Point, Shape, Stroke};
use crate::rules::{MotionKind, Movement};

/// Where the marks sit, as fractions of the ellipse's radii along each direction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MarkGeometry {
    /// A slide's arrow runs from `slide.0` to its tip at `slide.1`.
    pub slide: (f64, f64),
    /// A jump's ring sits at this fraction of the ellipse.
    pub jump: f64,
    /// True to place jumps on the box around the ellipse rather than on it, so that the
    /// knight's rings stand level with the forward step, the way its targets lie on a board.
    pub jump_on_box: bool,
    /// True to place steps and slides on that box too: marks then keep out of a square label
    /// the box is drawn round.
    pub steps_on_box: bool,
    /// True to stand the rings on a box beyond the dots where a piece both steps and jumps
    /// along one line (`WD`), rather than over them; a kit face has the room round its name,
    /// a diagram piece's rings would leave its outline.
    pub rings_beyond: bool,
}

impl MarkGeometry {
    /// Diagram pieces: a large one-character label fills the middle (at least 55 % of the
    /// square, for beginners), and the marks stand on the box round it, short arrows pointing
    /// out from its edges.
    pub const DIAGRAM: MarkGeometry = MarkGeometry {
        slide: (0.93, 1.16),
        jump: 1.0,
        jump_on_box: true,
        steps_on_box: true,
        rings_beyond: false,
    };
    /// Kit pieces: a tall two-character name fills the middle, so marks keep to the rim.
    pub const KIT: MarkGeometry = MarkGeometry {
        slide: (0.80, 1.14),
        jump: 0.9,
        jump_on_box: true,
        steps_on_box: false,
        rings_beyond: true,
    };
}

/// The marks of `movement` for a piece facing up the page, around `hub`. Steps sit on the
/// ellipse of radii `(rx, ry)`; slides run out across it; `dot` is a step dot's radius.
pub fn movement_marks(
    movement: &Movement,
    hub: Point,
    radii: (f64, f64),
    dot: f64,
    ink: Color,
    geometry: &MarkGeometry,
) -> Vec<Shape> {
    mark_groups(movement, hub, radii, dot, ink, geometry)
        .into_iter()
        .flatten()
        .collect()
}

/// The same marks, one group of shapes per mark (an arrow is its shaft and its head, a lion
/// bar its line and two dots), so that a kit face can move a mark out of its name's way whole.
pub fn mark_groups(
    movement: &Movement,
    hub: Point,
    (rx, ry): (f64, f64),
    dot: f64,
    ink: Color,
    geometry: &MarkGeometry,
) -> Vec<Vec<Shape>> {
    let mut shapes: Vec<Vec<Shape>> = Vec::new();
    let on_ellipse =
        |dir: Point, k: f64| Point::new(hub.x + dir.x * rx * k, hub.y + dir.y * ry * k);
    let lion = movement.lion.as_ref();
    let area = lion.is_some_and(|l| l.any_direction);
    let line = |dx: i8, dy: i8| {
        lion.is_some_and(|l| {
            !l.any_direction
                && l.steps
                    .iter()
                    .any(|&(sx, sy)| (dx, dy) == (sx, sy) || (dx, dy) == (2 * sx, 2 * sy))
        })
    };
    if area {
        // The Lion: two rings round the name, its whole two-step area (on a diagram piece,
        // where the marks stand on the label's box, outside the box's corners).
        let rings = if geometry.steps_on_box {
            [1.1, 1.24]
        } else {
            [1.0, 0.86]
        };
        for k in rings {
            shapes.push(vec![Shape {
                path: ellipse(hub, rx * k, ry * k),
                fill: None,
                stroke: Some(Stroke::solid(ink, dot * 0.55)),
                opacity: 1.0,
            }]);
        }
    }
    if let Some(l) = lion.filter(|l| !l.any_direction) {
        for &(dx, dy) in &l.steps {
            let raw = Point::new(dx as f64, -(dy as f64));
            let on_box = raw * (1.0 / raw.x.abs().max(raw.y.abs()));
            let dir = if geometry.steps_on_box {
                on_box
            } else {
                raw.unit()
            };
            let (near, far) = (on_ellipse(dir, 0.72), on_ellipse(dir, 1.0));
            let mut bar = vec![Shape {
                path: Path::line(near, far),
                fill: None,
                stroke: Some(Stroke::solid(ink, dot * 0.9)),
                opacity: 1.0,
            }];
            for c in [near, far] {
                bar.push(filled(Path::circle(c, dot * 0.9), ink));
            }
            shapes.push(bar);
        }
    }
    // Where the piece also steps along a line it jumps on (`WD`: one square, or two at a
    // leap), the rings stand on a box beyond the steps' dots, clear of them, not over them.
    let collinear = movement.jumps().any(|j| {
        !line(j.dx, j.dy)
            && movement.steps().any(|s| {
                s.dx * j.dy == s.dy * j.dx
                    && s.dx.signum() == j.dx.signum()
                    && s.dy.signum() == j.dy.signum()
            })
    });
    let beyond =
        (geometry.rings_beyond && collinear && !area).then(|| 1.0 + BEYOND * dot / rx.min(ry));
    // The steps' dots and the jumps' rings as they are placed, and their groups.
    let mut dots: Vec<(Point, usize)> = Vec::new();
    let mut rings: Vec<(Point, usize)> = Vec::new();
    for m in movement.clockwise() {
        let within_two = m.dx.abs() <= 2 && m.dy.abs() <= 2;
        if matches!(m.kind, MotionKind::Step | MotionKind::Jump)
            && ((area && within_two) || line(m.dx, m.dy))
        {
            continue;
        }
        // Forward (dy > 0) is up the page; the owner's right (dx > 0) is right.
        let raw = Point::new(m.dx as f64, -(m.dy as f64));
        let on_box = raw * (1.0 / raw.x.abs().max(raw.y.abs()));
        let dir = if geometry.steps_on_box {
            on_box
        } else {
            raw.unit()
        };
        match m.kind {
            MotionKind::Step => {
                let at = on_ellipse(dir, 1.0);
                if let Some(&(_, i)) = rings.iter().find(|(c, _)| (*c - at).length() < dot) {
                    shapes[i] = bullseye(hub, at, dot, ink);
                    continue;
                }
                dots.push((at, shapes.len()));
                shapes.push(vec![filled(Path::circle(at, dot), ink)])
            }
            MotionKind::Jump => {
                let at = if geometry.jump_on_box || beyond.is_some() {
                    on_ellipse(on_box, beyond.unwrap_or(geometry.jump))
                } else {
                    on_ellipse(dir, geometry.jump)
                };
                // Where a step's dot stands on the same place (a diagram piece's `WD`: both
                // marks on the label's box), the ring goes round the dot with air between, the
                // two moved out together so that the ring keeps where the dot kept from the
                // label: one mark, "steps and jumps this way". Drawn as they came, the ring
                // covered the dot.
                if let Some(&(c, i)) = dots.iter().find(|(c, _)| (*c - at).length() < dot) {
                    shapes[i] = bullseye(hub, c, dot, ink);
                    continue;
                }
                rings.push((at, shapes.len()));
                shapes.push(vec![Shape {
                    path: Path::circle(at, dot * 1.1),
                    fill: None,
                    stroke: Some(Stroke::solid(ink, dot * 0.6)),
                    opacity: 1.0,
                }])
            }
            // An arrow reads "any distance": a slide of one or two squares is a dot per
            // square, the second beyond the step's place, a dot's width apart.
            MotionKind::Slide { max: Some(n) } if n <= 2 => {
                let near = on_ellipse(dir, 1.0);
                let far = near + (near - hub).unit() * (3.0 * dot);
                let places: &[Point] = if n == 1 { &[near] } else { &[near, far] };
                shapes.push(
                    places
                        .iter()
                        .map(|&c| filled(Path::circle(c, dot), ink))
                        .collect(),
                );
            }
            MotionKind::Slide { .. } => {
                let tip = on_ellipse(dir, geometry.slide.1);
                let tail = on_ellipse(dir, geometry.slide.0);
                let head = dot * 2.4;
                let neck = tip - (tip - tail).unit() * head;
                let side = (tip - tail).unit().perp() * (head * 0.6);
                shapes.push(vec![
                    Shape {
                        path: Path::line(tail, neck),
                        fill: None,
                        stroke: Some(Stroke::solid(ink, dot * 0.9)),
                        opacity: 1.0,
                    },
                    filled(Path::polygon(&[tip, neck + side, neck - side]), ink),
                ]);
            }
        }
    }
    shapes
}

/// How far beyond a step's dot a jump's ring on its line stands, centre to centre, in dots'
/// radii: the dot (1), the ring (1.1 and half its 0.6 pen) and nearly a radius of air.
const BEYOND: f64 = 3.3;

/// A ring round a step's dot where the piece also jumps that way (a diagram piece's `WD`), its
/// radius and pen in dots' radii: 0.7 of a radius of air between the dot and the ring's ink.
const BULLSEYE: f64 = 1.9;
const BULLSEYE_PEN: f64 = 0.4;

/// A step's dot at `c` with a jump's ring round it, moved out from `hub` so that the ring keeps
/// where the dot kept.
fn bullseye(hub: Point, c: Point, dot: f64, ink: Color) -> Vec<Shape> {
    let at = c + (c - hub).unit() * ((BULLSEYE + BULLSEYE_PEN / 2.0 - 1.0) * dot);
    vec![
        filled(Path::circle(at, dot), ink),
        Shape {
            path: Path::circle(at, dot * BULLSEYE),
            fill: None,
            stroke: Some(Stroke::solid(ink, dot * BULLSEYE_PEN)),
            opacity: 1.0,
        },
    ]
}

/// An ellipse of radii `rx`, `ry` round `c`, as a closed polygon fine enough to read as a curve.
fn ellipse(c: Point, rx: f64, ry: f64) -> Path {
    const SIDES: usize = 64;
    let points: Vec<Point> = (0..SIDES)
        .map(|i| {
            let a = i as f64 * std::f64::consts::TAU / SIDES as f64;
            Point::new(c.x + rx * a.cos(), c.y + ry * a.sin())
        })
        .collect();
    Path::polygon(&points)
}

fn filled(path: Path, ink: Color) -> Shape {
    Shape {
        path,
        fill: Some(ink),
        stroke: None,
        opacity: 1.0,
    }
}

/// Whether `movement` both steps and jumps along one line (a user's `WD` or `KNAD`), the
/// case where a face's marks stand at two distances in one direction. The lion's own marks
/// (chu shogi) are not counted: they have a form of their own.
pub fn crowded(movement: &Movement) -> bool {
    movement.lion.is_none()
        && movement.jumps().any(|j| {
            movement.steps().any(|s| {
                s.dx * j.dy == s.dy * j.dx
                    && s.dx.signum() == j.dx.signum()
                    && s.dy.signum() == j.dy.signum()
            })
        })
}

/// The inner box of a [`lattice`]: how far its first marks' middles stand from the hub to the
/// left and right (`side`), up and down.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Inner {
    pub side: f64,
    pub up: f64,
    pub down: f64,
}

/// The marks of a crowded piece (see [`crowded`]) as a movement diagram round its name, the
/// way sets of the large variants print it: each square within two of the piece has its own
/// place, a square a step away on the box `inner` round the name (which the name fills) and
/// one two away `pitch` beyond it, so every mark stands on its own direction and distance and
/// none stands over another. A dot per step, a ring (of `1.1 × dot` and a pen of `0.6 × dot`)
/// per jump, a dot per square of a slide of at most two. `None` if the piece moves further
/// than two squares, or slides any distance: those keep the ring round the name.
pub fn lattice(
    movement: &Movement,
    hub: Point,
    inner: Inner,
    pitch: f64,
    dot: f64,
    ink: Color,
) -> Option<Vec<Vec<Shape>>> {
    if movement.lion.is_some() {
        return None;
    }
    let place = |dx: i8, dy: i8| {
        let out = |k: i8, near: f64| {
            if k == 0 {
                0.0
            } else {
                k.signum() as f64 * (near + (k.abs() - 1) as f64 * pitch)
            }
        };
        // Forward (dy > 0) is up the page.
        let up = if dy > 0 { inner.up } else { inner.down };
        Point::new(hub.x + out(dx, inner.side), hub.y - out(dy, up))
    };
    let mut shapes = Vec::new();
    for m in movement.clockwise() {
        if m.dx.abs() > 2 || m.dy.abs() > 2 {
            return None;
        }
        match m.kind {
            MotionKind::Step => {
                shapes.push(vec![filled(Path::circle(place(m.dx, m.dy), dot), ink)]);
            }
            MotionKind::Jump => shapes.push(vec![Shape {
                path: Path::circle(place(m.dx, m.dy), dot * 1.1),
                fill: None,
                stroke: Some(Stroke::solid(ink, dot * 0.6)),
                opacity: 1.0,
            }]),
            MotionKind::Slide { max: Some(n) } if n <= 2 => {
                if n == 2 && (m.dx.abs() > 1 || m.dy.abs() > 1) {
                    return None;
                }
                let squares = (1..=n as i8).map(|k| place(m.dx * k, m.dy * k));
                shapes.push(squares.map(|c| filled(Path::circle(c, dot), ink)).collect());
            }
            MotionKind::Slide { .. } => return None,
        }
    }
    Some(shapes)
}
