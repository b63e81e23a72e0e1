//! Packing boxes onto pages in shelves: the tallest first, each box on the first shelf it fits,
//! a new shelf (or page) when none has room. Pieces of one kind end up side by side, which is
//! how people sort them after cutting.

use crate::draw::Rect;

/// Where a box went: its page (0-based) and its top-left corner on that page.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spot {
    pub page: usize,
    pub x: f64,
    pub y: f64,
}

struct Shelf {
    page: usize,
    top: f64,
    height: f64,
    used: f64,
    members: Vec<usize>,
}

/// Packs `boxes` (width, height) in the order given. The first page offers `first`, every
/// later one `rest`; boxes are `gap` apart. Rows are centred across their area. Returns one
/// spot per box, or the index of a box too big for `rest`.
pub fn pack(boxes: &[(f64, f64)], first: Rect, rest: Rect, gap: f64) -> Result<Vec<Spot>, usize> {
    let area = |page: usize| if page == 0 { first } else { rest };
    let mut shelves: Vec<Shelf> = Vec::new();
    let mut spots = vec![
        Spot {
            page: 0,
            x: 0.0,
            y: 0.0
        };
        boxes.len()
    ];
    let mut page = 0;
    for (i, &(w, h)) in boxes.iter().enumerate() {
        if w > rest.w || h > rest.h {
            return Err(i);
        }
        let fits = |s: &Shelf| s.height >= h && s.used + gap + w <= area(s.page).w;
        if let Some(s) = shelves.iter_mut().find(|s| fits(s)) {
            s.used += gap + w;
            s.members.push(i);
            continue;
        }
        loop {
            let top = shelves
                .iter()
                .filter(|s| s.page == page)
                .map(|s| s.top + s.height + gap)
                .fold(area(page).y, f64::max);
            if top + h <= area(page).bottom() && w <= area(page).w {
                shelves.push(Shelf {
                    page,
                    top,
                    height: h,
                    used: w,
                    members: vec![i],
                });
                break;
            }
            page += 1;
        }
    }
    for s in &shelves {
        let a = area(s.page);
        let mut x = a.x + (a.w - s.used) / 2.0;
        for &i in &s.members {
            let (w, _) = boxes[i];
            spots[i] = Spot {
                page: s.page,
                x,
                y: s.top,
            };
            x += w + gap;
        }
    }
    Ok(spots)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn overlaps(a: (f64, f64, f64, f64), b: (f64, f64, f64, f64)) -> bool {
        a.0 < b.0 + b.2 && b.0 < a.0 + a.2 && a.1 < b.1 + b.3 && b.1 < a.1 + a.3
    }

    #[test]
    fn boxes_stay_inside_and_apart() {
        let boxes: Vec<(f64, f64)> = (0..40)
            .map(|i| (20.0 + (i % 5) as f64, 60.0 - (i / 8) as f64))
            .collect();
        let first = Rect::new(6.0, 100.0, 198.0, 191.0);
        let rest = Rect::new(6.0, 6.0, 198.0, 285.0);
        let spots = pack(&boxes, first, rest, 2.0).unwrap();
        let rects: Vec<_> = spots
            .iter()
            .zip(&boxes)
            .map(|(s, &(w, h))| (s.page, (s.x, s.y, w, h)))
            .collect();
        for (i, (p, r)) in rects.iter().enumerate() {
            let a = if *p == 0 { first } else { rest };
            assert!(
                r.0 >= a.x - 1e-9 && r.0 + r.2 <= a.right() + 1e-9,
                "{i} {r:?}"
            );
            assert!(
                r.1 >= a.y - 1e-9 && r.1 + r.3 <= a.bottom() + 1e-9,
                "{i} {r:?}"
            );
            for (q, o) in &rects[i + 1..] {
                assert!(p != q || !overlaps(*r, *o), "{r:?} overlaps {o:?}");
            }
        }
        assert!(spots.iter().any(|s| s.page == 0));
    }

    #[test]
    fn a_box_too_big_is_named() {
        let r = Rect::new(0.0, 0.0, 100.0, 100.0);
        assert_eq!(pack(&[(10.0, 10.0), (120.0, 10.0)], r, r, 1.0), Err(1));
    }
}
