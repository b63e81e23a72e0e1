//! Packing boxes onto pages in shelves: the tallest first, each box on the first shelf it fits,
//! a new shelf (or page) when none has room. Pieces of one kind end up side by side, which is
//! how people sort them after cutting. Boxes that would open a last sheet on their own go, turned
//! a quarter, into the strips left below earlier pages' shelves when they all fit there.

use crate::draw::Rect;

/// Where a box went: its page (0-based) and its top-left corner on that page.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spot {
    pub page: usize,
    pub x: f64,
    pub y: f64,
    /// Turned a quarter turn clockwise: the box takes (height, width) from (x, y).
    pub turned: bool,
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
            y: 0.0,
            turned: false,
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
                turned: false,
            };
            x += w + gap;
        }
    }
    // A last sheet that holds a few boxes is saved when they fit, turned a quarter, into the
    // strips left below the shelves of the pages before it (a pawn lies in 24 mm).
    loop {
        let last = spots.iter().map(|s| s.page).max().unwrap_or(0);
        if last == 0 {
            break;
        }
        let movers: Vec<usize> = (0..boxes.len())
            .filter(|&i| spots[i].page == last)
            .collect();
        let mut trial = spots.clone();
        let mut fitted = 0;
        for page in 0..last {
            let a = area(page);
            // Under the shelves, and under the boxes an earlier round turned into this strip.
            let turned_in = (0..boxes.len())
                .filter(|&i| spots[i].page == page && spots[i].turned)
                .map(|i| spots[i].y + boxes[i].0 + gap);
            let floor = shelves
                .iter()
                .filter(|s| s.page == page)
                .map(|s| s.top + s.height + gap)
                .chain(turned_in)
                .fold(a.y, f64::max);
            // Rows of turned boxes in the strip from `floor` to the page's foot.
            let (mut x, mut y, mut row_h) = (a.x, floor, 0.0f64);
            while fitted < movers.len() {
                let i = movers[fitted];
                let (tw, th) = (boxes[i].1, boxes[i].0);
                if x + tw > a.right() + 1e-9 {
                    (x, y, row_h) = (a.x, y + row_h + gap, 0.0);
                }
                if y + th > a.bottom() + 1e-9 || tw > a.w {
                    break;
                }
                trial[i] = Spot {
                    page,
                    x,
                    y,
                    turned: true,
                };
                x += tw + gap;
                row_h = row_h.max(th);
                fitted += 1;
            }
        }
        if fitted < movers.len() {
            break;
        }
        spots = trial;
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
    fn a_few_boxes_left_over_go_turned_into_the_strip_below() {
        // Two rows of eight 22 x 54 pawns fill 110 mm of a 140 mm page; three more would open a
        // second page, but turned (54 x 22) they lie in the 28 mm strip below.
        let page = Rect::new(0.0, 0.0, 190.0, 140.0);
        let boxes = vec![(22.0, 54.0); 16 + 3];
        let spots = pack(&boxes, page, page, 2.0).unwrap();
        assert!(spots.iter().all(|s| s.page == 0), "{spots:?}");
        assert_eq!(spots.iter().filter(|s| s.turned).count(), 3);
        for s in spots.iter().filter(|s| s.turned) {
            assert!(s.y + 22.0 <= 140.0 && s.x + 54.0 <= 190.0, "{s:?}");
        }
    }

    /// Each box's rectangle (x, y, w, h) on its page, turned boxes lying on their side.
    fn placed(spots: &[Spot], boxes: &[(f64, f64)]) -> Vec<(usize, (f64, f64, f64, f64))> {
        spots
            .iter()
            .zip(boxes)
            .map(|(s, &(w, h))| {
                let (w, h) = if s.turned { (h, w) } else { (w, h) };
                (s.page, (s.x, s.y, w, h))
            })
            .collect()
    }

    #[test]
    fn boxes_turned_into_the_strips_in_later_rounds_never_land_on_earlier_ones() {
        // The standard set folded at 1.2 on A5 (under a cover, then whole pages), and on B5 at
        // 1.5: the last sheet's pieces went turned into the strips below the shelves, then the
        // sheet before it's, onto the strips' same places, so two pawns were printed over
        // each other (A5: eight pairs).
        let set: Vec<(f64, f64)> = [
            (2, 28.0, 31.0),
            (4, 27.0, 30.0),
            (8, 26.0, 29.0),
            (4, 25.0, 28.0),
            (4, 23.0, 28.0),
            (18, 22.0, 27.0),
        ]
        .iter()
        .flat_map(|&(n, w, h)| std::iter::repeat_n((w, h), n))
        .collect();
        let mut rounds_seen = 0;
        for (page_w, page_h, cover) in [(148.0, 210.0, 150.0), (182.0, 257.0, 170.0)] {
            for scale in [1.0, 1.1, 1.2, 1.3, 1.4, 1.5] {
                let boxes: Vec<(f64, f64)> = set
                    .iter()
                    .map(|&(w, h)| (w * scale, 2.0 * h * scale))
                    .collect();
                let rest = Rect::new(6.25, 6.25, page_w - 12.5, page_h - 12.5);
                let first = Rect::new(rest.x, cover, rest.w, rest.bottom() - cover);
                let Ok(spots) = pack(&boxes, first, rest, 2.0) else {
                    continue;
                };
                let rects = placed(&spots, &boxes);
                rounds_seen += spots.iter().filter(|s| s.turned).count();
                for (i, (p, r)) in rects.iter().enumerate() {
                    let a = if *p == 0 { first } else { rest };
                    assert!(
                        r.0 >= a.x - 1e-9
                            && r.0 + r.2 <= a.right() + 1e-9
                            && r.1 >= a.y - 1e-9
                            && r.1 + r.3 <= a.bottom() + 1e-9,
                        "{page_w}x{page_h} at {scale}: box {i} {r:?} outside {a:?}"
                    );
                    for (j, (q, o)) in rects.iter().enumerate().skip(i + 1) {
                        assert!(
                            p != q || !overlaps(*r, *o),
                            "{page_w}x{page_h} at {scale}: box {i} {r:?} overlaps box {j} {o:?}"
                        );
                    }
                }
            }
        }
        assert!(rounds_seen > 0, "some boxes were turned into the strips");
    }

    #[test]
    fn a_box_too_big_is_named() {
        let r = Rect::new(0.0, 0.0, 100.0, 100.0);
        assert_eq!(pack(&[(10.0, 10.0), (120.0, 10.0)], r, r, 1.0), Err(1));
    }
}
