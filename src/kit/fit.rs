//! Fitting a face's name and its movement marks around each other.
//!
//! The name is set at one size for every piece of a height (what the face asks for), and a
//! mark that would touch it moves out of its way whole — along its own bearing from the name's
//! middle, or straight sideways, or straight up or down — as little as clears it, and only as
//! far as the cut allows. When some mark cannot get clear, the name first goes down, as far as
//! the marks under it and the English name allow; then the marks shrink, to at most a fifth
//! less; only then does the name shrink, 3 % at a time. Sizing the name to whatever the ring of
//! marks left free made names uneven: the knight's jump rings stand over its name, and its name
//! came out 60 % of the rook's; on the smaller pieces of a kit at 0.8 the rook's arrows over
//! and under its one character left it 74 % of the bishop's.

use super::face::depth;
use crate::draw::{Affine, Fonts, Glyph, MissingGlyph, Point, Rect, Shape};

/// Where ink may go on a face: `clear` inside its outline and above `floor` (a page y: the
/// English name's top less some air).
pub struct Room {
    pub outline: [Point; 5],
    pub clear: f64,
    pub floor: f64,
}

/// A name at the size it got and the marks where they went, each mark its group of shapes.
pub struct Fitted {
    pub em: f64,
    pub name: Vec<Glyph>,
    pub marks: Vec<Vec<Shape>>,
}

/// How the name is set: `layout` lays it out at an em, `pen` is how much its strokes are
/// thickened (a share of the em, the brush's extra weight) and `air` the gap kept between its
/// ink and any mark's. `over` (a share of the em, 0 for none) is the gap kept between the name
/// and a mark whose middle stands over or under it: a mark just over a Latin letter reads as
/// its accent (the knight's rings over N as N with a diaeresis). The name moves down for it
/// as far as the marks under it and the floor allow (the marks stand where the piece goes);
/// where that is not enough it is set smaller.
pub struct Name<F> {
    pub layout: F,
    pub target: f64,
    pub pen: f64,
    pub air: f64,
    pub over: f64,
}

/// Gap kept between a moved mark and the other marks.
const MARK_GAP: f64 = 0.5;
/// How far (degrees) a moved mark may turn about the hub from where it stood.
const MAX_TURN: f64 = 35.0;
/// How near (degrees, about the hub) a moved mark may come to another mark's bearing: a gold's
/// forward-diagonal dot turned down beside its sideways one read as a colon, not a diagonal.
const MIN_SPREAD: f64 = 30.0;
/// The step a mark moves by while it looks for room, in millimetres.
const STEP: f64 = 0.1;

/// Sets the name at `name.target`, or smaller, with every mark clear of it: see the module
/// note. `hub` is the name's middle, which the marks stand round.
pub fn fit<F>(
    fonts: &Fonts,
    room: &Room,
    hub: Point,
    name: &Name<F>,
    marks: Vec<Vec<Shape>>,
) -> Result<Fitted, MissingGlyph>
where
    F: Fn(f64) -> Result<Vec<Glyph>, MissingGlyph>,
{
    let mut em = name.target;
    let mut last = None;
    let sizes: Vec<Vec<Vec<Shape>>> = MARK_SIZES.iter().map(|&k| shrunk(&marks, k)).collect();
    for _ in 0..40 {
        let glyphs = (name.layout)(em)?;
        let pen = name.pen * em / 2.0;
        let ink: Vec<Rect> = glyphs
            .iter()
            .filter_map(|g| fonts.ink_rect(g))
            .map(|r| r.inset(-pen))
            .collect();
        let over = name.air.max(name.over * em);
        let mut done = false;
        for marks in &sizes {
            done = fit_at(room, hub, name, em, &glyphs, &ink, marks, over, &mut last);
            if done {
                break;
            }
        }
        if done {
            break;
        }
        em *= 0.97;
    }
    match last {
        Some(f) => Ok(f),
        None => Ok(Fitted {
            em,
            name: (name.layout)(em)?,
            marks,
        }),
    }
}

/// The sizes the marks may take (shares of their own) before the name shrinks: a slider's
/// arrows a little smaller read as well, a smaller name does not.
const MARK_SIZES: [f64; 3] = [1.0, 0.9, 0.8];

/// Each mark made `k` times its size about its own middle, its pen too.
fn shrunk(marks: &[Vec<Shape>], k: f64) -> Vec<Vec<Shape>> {
    marks
        .iter()
        .map(|group| {
            let Some(c) = group
                .iter()
                .filter_map(|s| s.path.bounds())
                .reduce(|a, b| a.union(&b))
                .map(|b| b.center())
            else {
                return group.clone();
            };
            let about =
                Affine::translate(c.x, c.y) * Affine::scale(k, k) * Affine::translate(-c.x, -c.y);
            group
                .iter()
                .map(|s| {
                    let mut s = s.clone();
                    s.path = s.path.transformed(&about);
                    if let Some(stroke) = &mut s.stroke {
                        stroke.width *= k;
                    }
                    s
                })
                .collect()
        })
        .collect()
}

/// The name at `em` (its `glyphs`, their `ink`) with `marks` clear of it, the name moved down
/// where that helps: true if it fits. `last` keeps the first try at each em, or the fit.
#[allow(clippy::too_many_arguments)]
fn fit_at<F>(
    room: &Room,
    hub: Point,
    name: &Name<F>,
    em: f64,
    glyphs: &[Glyph],
    ink: &[Rect],
    marks: &[Vec<Shape>],
    over: f64,
    last: &mut Option<Fitted>,
) -> bool {
    let Some((low, high)) = drops(ink, marks, (name.over * em, over), room.floor) else {
        return false;
    };
    // Where the marks cannot all get clear, the name may go down (as far as the marks under
    // it allow) before it is set smaller: the knight's rings stand over its name.
    for k in 0..=DROPS {
        let dy = low + (high - low) * k as f64 / DROPS as f64;
        if k > 0 && high - low < 1e-9 {
            break;
        }
        let shift = Affine::translate(0.0, dy);
        let ink: Vec<Rect> = ink
            .iter()
            .map(|r| Rect::new(r.x, r.y + dy, r.w, r.h))
            .collect();
        let inside = ink.iter().all(|r| {
            corners(r)
                .into_iter()
                .all(|p| depth(&room.outline, p) >= room.clear && p.y <= room.floor)
        });
        if !inside {
            continue;
        }
        // The name's ink with its air, and its mirror image: a name that is not symmetric
        // (+R) moves its marks as if it were, so that they stay symmetric.
        let keep_out: Vec<Rect> = ink
            .iter()
            .map(|r| r.inset(-name.air))
            .flat_map(|r| [r, Rect::new(2.0 * hub.x - r.right(), r.y, r.w, r.h)])
            .collect();
        let placed = place_marks(room, hub, &keep_out, marks);
        let done = placed.is_some();
        if done || last.as_ref().is_none_or(|l: &Fitted| l.em != em) {
            let mut name = glyphs.to_vec();
            for g in &mut name {
                g.transform = shift * g.transform;
            }
            *last = Some(Fitted {
                em,
                name,
                marks: placed.unwrap_or_else(|| marks.to_vec()),
            });
        }
        if done {
            return true;
        }
    }
    false
}

/// How many places between its least and its lowest the name tries.
const DROPS: usize = 12;

/// How far down the name whose ink is `ink` may stand: at least as far as keeps `gap.0` below
/// every mark over it (its middle within the name's width), at most as far as keeps `gap.1`
/// above every mark under it and the `floor`; `None` if no such place is left.
fn drops(
    ink: &[Rect],
    marks: &[Vec<Shape>],
    (over, under): (f64, f64),
    floor: f64,
) -> Option<(f64, f64)> {
    let Some(name) = ink.iter().copied().reduce(|a, b| a.union(&b)) else {
        return Some((0.0, 0.0));
    };
    let (mut need, mut room) = (0.0_f64, floor - name.bottom());
    for group in marks {
        let Some(m) = group
            .iter()
            .filter_map(|s| s.ink_bounds())
            .reduce(|a, b| a.union(&b))
        else {
            continue;
        };
        let mid = m.center().x;
        if mid <= name.x || mid >= name.right() {
            continue;
        }
        // A mark level with the name's top counts as over it: moved clear, it would be. With
        // no gap asked for, the name needs no drop (a mark in its way moves instead).
        if m.center().y < name.center().y {
            if over > 0.0 {
                need = need.max(over - (name.y - m.bottom()));
            }
        } else {
            room = room.min(m.y - name.bottom() - under);
        }
    }
    (need <= room.max(0.0)).then_some((need, room.max(need)))
}

/// A mark's ink as points along its outlines, each with its pen's half width.
fn ink_points(group: &[Shape]) -> Vec<(Point, f64)> {
    group
        .iter()
        .flat_map(|s| {
            let half = s.stroke.as_ref().map_or(0.0, |k| k.width / 2.0);
            s.path.points_along().into_iter().map(move |p| (p, half))
        })
        .collect()
}

/// Every mark clear of `keep_out` (the name's ink with its air), moved where it must; `None`
/// if one cannot get clear. A mark that surrounds the hub (the lion's rings) does not move.
fn place_marks(
    room: &Room,
    hub: Point,
    keep_out: &[Rect],
    marks: &[Vec<Shape>],
) -> Option<Vec<Vec<Shape>>> {
    let mut inks: Vec<Vec<(Point, f64)>> = marks.iter().map(|g| ink_points(g)).collect();
    // Each mark's ink box, its pen included.
    let mut boxes: Vec<Rect> = inks.iter().map(|ink| ink_box(ink)).collect();
    let mut out = marks.to_vec();
    for i in 0..marks.len() {
        let clear_of_name = |v: Point| {
            inks[i].iter().all(|&(p, half)| {
                let p = p + v;
                keep_out.iter().all(|r| {
                    p.x <= r.x - half
                        || p.x >= r.right() + half
                        || p.y <= r.y - half
                        || p.y >= r.bottom() + half
                })
            })
        };
        if clear_of_name(Point::new(0.0, 0.0)) {
            continue;
        }
        let Some(bounds) = marks[i]
            .iter()
            .filter_map(|s| s.path.bounds())
            .reduce(|a, b| a.union(&b))
        else {
            continue;
        };
        let c = bounds.center();
        let surrounds = bounds.x < hub.x
            && hub.x < bounds.right()
            && bounds.y < hub.y
            && hub.y < bounds.bottom();
        if surrounds {
            return None;
        }
        let in_room = |v: Point| {
            inks[i].iter().all(|&(p, half)| {
                let p = p + v;
                depth(&room.outline, p) >= room.clear + half && p.y + half <= room.floor
            })
        };
        // Point by point only where the marks' boxes come near each other.
        let apart = |v: Point| {
            let moved = Rect::new(boxes[i].x + v.x, boxes[i].y + v.y, boxes[i].w, boxes[i].h)
                .inset(-MARK_GAP);
            (0..inks.len()).filter(|&j| j != i).all(|j| {
                let b = &boxes[j];
                let near = moved.x < b.right()
                    && b.x < moved.right()
                    && moved.y < b.bottom()
                    && b.y < moved.bottom();
                !near
                    || inks[i].iter().all(|&(p, h)| {
                        inks[j]
                            .iter()
                            .all(|&(q, k)| ((p + v) - q).length() >= h + k + MARK_GAP)
                    })
            })
        };
        // A mark may slant off its bearing from the hub, but not so far that it reads as
        // another direction's.
        let away = c - hub;
        let angle = |a: Point, b: Point| {
            let cos = (a.x * b.x + a.y * b.y) / (a.length() * b.length());
            cos.clamp(-1.0, 1.0).acos().to_degrees()
        };
        let on_bearing = |v: Point| {
            let moved = away + v;
            angle(away, moved) <= MAX_TURN
                && (0..boxes.len())
                    .filter(|&j| j != i)
                    .all(|j| angle(moved, boxes[j].center() - hub) >= MIN_SPREAD)
        };
        let ways = ways(away);
        let mut open = vec![true; ways.len()];
        let mut found = None;
        let mut t = 0.0;
        while found.is_none() && open.iter().any(|&o| o) {
            t += STEP;
            for (k, &u) in ways.iter().enumerate() {
                if !open[k] {
                    continue;
                }
                let v = u * t;
                if !in_room(v) || !on_bearing(v) {
                    open[k] = false;
                } else if clear_of_name(v) && apart(v) {
                    found = Some(v);
                    break;
                }
            }
        }
        let v = found?;
        let shift = Affine::translate(v.x, v.y);
        for s in &mut out[i] {
            s.path = s.path.transformed(&shift);
        }
        for (p, _) in &mut inks[i] {
            *p = *p + v;
        }
        boxes[i] = ink_box(&inks[i]);
    }
    Some(out)
}

/// The ways a mark standing `away` from the hub may move, the nearest its own bearing first:
/// a mark on the middle line only straight out (up or down), so the face stays symmetric; a
/// mark to one side out that side, at any slant from straight up to straight down.
fn ways(away: Point) -> Vec<Point> {
    let bearing = away.unit();
    if away.x.abs() < 0.5 {
        return vec![bearing];
    }
    let side = away.x.signum();
    let mut ways: Vec<Point> = (-6..=6)
        .map(|k| {
            let a = (k as f64 * 15.0).to_radians();
            Point::new(side * a.cos(), a.sin())
        })
        .collect();
    ways.push(bearing);
    let off = |u: &Point| (u.x * bearing.x + u.y * bearing.y).clamp(-1.0, 1.0).acos();
    ways.sort_by(|a, b| off(a).total_cmp(&off(b)));
    ways
}

fn ink_box(ink: &[(Point, f64)]) -> Rect {
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for &(p, h) in ink {
        x0 = x0.min(p.x - h);
        y0 = y0.min(p.y - h);
        x1 = x1.max(p.x + h);
        y1 = y1.max(p.y + h);
    }
    Rect::new(x0, y0, x1 - x0, y1 - y0)
}

fn corners(r: &Rect) -> [Point; 4] {
    [
        Point::new(r.x, r.y),
        Point::new(r.right(), r.y),
        Point::new(r.x, r.bottom()),
        Point::new(r.right(), r.bottom()),
    ]
}
