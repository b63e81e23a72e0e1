//! Splitting the real-size board into page tiles that assemble exactly.
//!
//! Seams run along grid lines, where a join is hidden by the line itself, but never through a
//! star point: a seam that would cut the dots in half runs a few millimetres beside their line
//! instead (see [`STAR_SHIFT`]), by the squares' edge, away from where a piece stands. A tile with a
//! neighbour to its right or below carries a glue flap there: the board continues on the
//! flap (hatched), and the neighbour is laid over it with its cut edge on the dashed seam line,
//! its grid lines continuing the flap's. Small triangles where each seam crosses the border, one
//! in each tile's border, meet tip to tip when the two tiles are aligned; nothing is printed on
//! the playing surface. Where four tiles meet, two corners are cut away (notched) so that
//! there too only two layers of card lie on each other: the top-left tile's flap corner, which
//! lies under both neighbours' flaps, and the start of the top-right tile's bottom flap, which
//! lies on the bottom-left tile's right flap.

use super::board::{clip, Art, BoardSpec};
use crate::draw::{
    Affine, Align, Color, Drawing, FontRole, Fonts, MissingGlyph, Path, Point, Rect, Stroke,
    TextStyle,
};

/// Width of a glue flap.
pub const FLAP: f64 = 12.0;
const HATCH: Color = Color(0x9a, 0x9a, 0x9a);
const MARK: Color = Color(0xc0, 0x1c, 0x1c);
const NOTE: Color = Color(0x40, 0x40, 0x40);

/// One tile, in board millimetres, and where the board's origin lands on its page.
#[derive(Clone, Debug, PartialEq)]
pub struct Tile {
    pub row: usize,
    pub col: usize,
    /// The part of the board this tile shows.
    pub own: Rect,
    /// `own` plus its flaps: the paper kept after cutting, less `notches`.
    pub region: Rect,
    /// Corners of `region` cut away where four tiles meet.
    pub notches: Vec<Rect>,
    pub origin: Point,
    /// Alignment triangles' tips, in board millimetres, on this tile's seams.
    pub marks: Vec<Point>,
}

impl Tile {
    /// Is `p` (board millimetres) on the card this tile keeps after cutting?
    pub fn keeps(&self, p: Point) -> bool {
        let inside = |r: &Rect| p.x > r.x && p.x < r.right() && p.y > r.y && p.y < r.bottom();
        inside(&self.region) && !self.notches.iter().any(inside)
    }

    /// The cut line round the card kept, clockwise from the top left (board millimetres).
    pub fn outline(&self) -> Vec<Point> {
        let r = &self.region;
        let mut points = vec![Point::new(r.x, r.y), Point::new(r.right(), r.y)];
        match self.notch_at(self.own.right()) {
            Some(n) => points.extend([
                Point::new(r.right(), n.y),
                Point::new(n.x, n.y),
                Point::new(n.x, r.bottom()),
            ]),
            None => points.push(Point::new(r.right(), r.bottom())),
        }
        match self.notch_at(r.x) {
            Some(n) => points.extend([
                Point::new(n.right(), r.bottom()),
                Point::new(n.right(), n.y),
                Point::new(r.x, n.y),
            ]),
            None => points.push(Point::new(r.x, r.bottom())),
        }
        points
    }

    /// The notch whose left edge is at `x`: the flap corner's at `own.right()`, the bottom
    /// flap's start at `region.x`.
    fn notch_at(&self, x: f64) -> Option<&Rect> {
        self.notches.iter().find(|n| (n.x - x).abs() < 1e-9)
    }
}

/// How the board was split.
#[derive(Clone, Debug, PartialEq)]
pub struct Tiling {
    pub cols: usize,
    pub rows: usize,
    pub tiles: Vec<Tile>,
}

/// How far a seam that would run through a row of star points is moved off their line: the
/// dot's radius (1.4 mm) and 2.6 mm of plain wood, so that neither a wandering cut nor the
/// neighbour's edge comes near the dot, which stays whole on one tile.
pub const STAR_SHIFT: f64 = 4.0;

/// The most a seam is moved off its grid line, as a share of the square: it stays by the
/// square's edge, clear of the middle where a piece stands.
const MOST_SHIFT: f64 = 0.25;

/// A place a seam can run: along a grid line, or `STAR_SHIFT` beside one the star points sit on.
#[derive(Clone, Copy, Debug)]
struct Cut {
    at: f64,
    /// Off its grid line (the join shows on the wood, not hidden by the line).
    shifted: bool,
    /// Through a row of star points.
    on_stars: bool,
}

/// Splits `count` squares of `size` mm into runs that fit `room`, each run carrying the border
/// at the board's two ends and a flap unless it is the last. Seams run along grid lines, except
/// that none runs along a line of `avoid` (the lines the star points sit on: a seam there would
/// cut each dot in half): where the fewest runs cannot keep off those lines, a seam moves
/// `STAR_SHIFT` to one side of its line, and only where that does not fit either are more runs
/// taken. Of the ways with the fewest runs, the one with the fewest seams off grid lines, then
/// the most even. A seam through the star points is left only where no number of runs avoids
/// it. Returns the runs' extents in board millimetres.
fn split(count: u8, size: f64, border: f64, room: f64, avoid: &[u8]) -> Option<Vec<(f64, f64)>> {
    let mut cuts = Vec::new();
    for i in 1..count {
        let at = border + i as f64 * size;
        if avoid.contains(&i) {
            if STAR_SHIFT <= MOST_SHIFT * size {
                for at in [at - STAR_SHIFT, at + STAR_SHIFT] {
                    cuts.push(Cut {
                        at,
                        shifted: true,
                        on_stars: false,
                    });
                }
            }
            cuts.push(Cut {
                at,
                shifted: false,
                on_stars: true,
            });
        } else {
            cuts.push(Cut {
                at,
                shifted: false,
                on_stars: false,
            });
        }
    }
    // The furthest first, so that among equals the first found has its longer runs first, as
    // the plain even split has them.
    cuts.sort_by(|a, b| b.at.total_cmp(&a.at));
    let plan = Plan {
        cuts: &cuts,
        end: 2.0 * border + count as f64 * size,
        room,
        least: size.min(room),
    };
    let mut fallback = None;
    for runs in 1..=cuts.len() + 1 {
        let mut best = None;
        plan.search(runs - 1, 0.0, &mut Vec::new(), &mut best);
        match best {
            Some((rank, seams)) if rank.0 == 0 => return Some(plan.extents(&seams)),
            Some((_, seams)) if fallback.is_none() => fallback = Some(plan.extents(&seams)),
            _ => {}
        }
    }
    fallback
}

/// A search for seams along one side of the board.
struct Plan<'a> {
    cuts: &'a [Cut],
    /// The board's far edge.
    end: f64,
    room: f64,
    /// The least a run may be: a square (a tile of less would be a sliver).
    least: f64,
}

/// How a set of seams ranks, least best: seams through star points, seams off grid lines, the
/// longest run and the shortest (longer is better), in micrometres.
type Rank = (usize, usize, i64, i64);

impl Plan<'_> {
    /// Does a run from `from` to `to` fit, with a flap unless it ends at the board's edge?
    fn fits(&self, from: f64, to: f64) -> bool {
        let flap = if to >= self.end - 1e-9 { 0.0 } else { FLAP };
        to - from >= self.least - 1e-9 && to - from + flap <= self.room + 1e-9
    }

    /// Every way of placing `left` more seams after `from`, each run fitting; the best ranked
    /// kept in `best` (the first found among equals).
    fn search(
        &self,
        left: usize,
        from: f64,
        seams: &mut Vec<Cut>,
        best: &mut Option<(Rank, Vec<Cut>)>,
    ) {
        if left == 0 {
            if !self.fits(from, self.end) {
                return;
            }
            let rank = self.rank(seams);
            if best.as_ref().is_none_or(|(b, _)| rank < *b) {
                *best = Some((rank, seams.clone()));
            }
            return;
        }
        for cut in self.cuts.iter().filter(|c| c.at > from) {
            if self.fits(from, cut.at) {
                seams.push(*cut);
                self.search(left - 1, cut.at, seams, best);
                seams.pop();
            }
        }
    }

    fn rank(&self, seams: &[Cut]) -> Rank {
        let stars = seams.iter().filter(|c| c.on_stars).count();
        let shifted = seams.iter().filter(|c| c.shifted).count();
        let lengths: Vec<i64> = self
            .extents(seams)
            .iter()
            .map(|(a, b)| ((b - a) * 1000.0).round() as i64)
            .collect();
        let longest = lengths.iter().copied().max().unwrap_or(0);
        let shortest = lengths.iter().copied().min().unwrap_or(0);
        (stars, shifted, longest, -shortest)
    }

    /// The runs between the seams, from the board's near edge to its far one.
    fn extents(&self, seams: &[Cut]) -> Vec<(f64, f64)> {
        let mut edges = vec![0.0];
        edges.extend(seams.iter().map(|c| c.at));
        edges.push(self.end);
        edges.windows(2).map(|w| (w[0], w[1])).collect()
    }
}

/// Plans the tiles of `spec` for a printable `area` of `(width, height)` mm, leaving `label`
/// mm below each tile for its caption. `None` if a single square does not fit.
pub fn plan(spec: &BoardSpec, area: Rect, label: f64) -> Option<Tiling> {
    // The star points stand on these grid lines (3 and 6 of a 9 × 9 board).
    let stars = |lines: u8| match spec.hoshi_zone {
        0 => Vec::new(),
        z => vec![z, lines.saturating_sub(z)],
    };
    let xs = split(
        spec.files,
        spec.square.0,
        spec.border,
        area.w,
        &stars(spec.files),
    )?;
    let ys = split(
        spec.ranks,
        spec.square.1,
        spec.border,
        area.h - label,
        &stars(spec.ranks),
    )?;
    let mut tiles = Vec::new();
    for (row, &(y0, y1)) in ys.iter().enumerate() {
        for (col, &(x0, x1)) in xs.iter().enumerate() {
            let own = Rect::new(x0, y0, x1 - x0, y1 - y0);
            let right = if col + 1 < xs.len() { FLAP } else { 0.0 };
            let below = if row + 1 < ys.len() { FLAP } else { 0.0 };
            let region = Rect::new(x0, y0, own.w + right, own.h + below);
            let mut notches = Vec::new();
            if below > 0.0 {
                // Under the square where four tiles meet: this tile's flap corner, which both
                // neighbours' flaps cover, and the start of this tile's bottom flap, which the
                // tile below-left's right flap carries (else four layers of card lie there).
                if right > 0.0 {
                    notches.push(Rect::new(own.right(), own.bottom(), FLAP, FLAP));
                }
                if col > 0 {
                    notches.push(Rect::new(x0, own.bottom(), FLAP.min(own.w), FLAP));
                }
            }
            let origin = Point::new(
                area.x + (area.w - region.w) / 2.0 - x0,
                area.y + (area.h - label - region.h) / 2.0 - y0,
            );
            // Tips on each seam where it crosses the border, never on the playing surface:
            // each tile's triangle lies in its own border, so the two meet tip to tip across
            // the seam. (A seam with no border end, in the middle of a run of three tiles, is
            // aligned by the grid lines the flap continues.)
            let (bw, bh) = (spec.width(), spec.height());
            let in_border = |a: f64, b: f64, end: f64| {
                let mid = spec.border / 2.0;
                [mid, end - mid]
                    .into_iter()
                    .filter(|&m| m > a && m < b)
                    .collect::<Vec<_>>()
            };
            let mut marks = Vec::new();
            for x in [(col > 0).then_some(x0), (right > 0.0).then_some(x1)]
                .into_iter()
                .flatten()
            {
                marks.extend(in_border(y0, y1, bh).into_iter().map(|y| Point::new(x, y)));
            }
            for y in [(row > 0).then_some(y0), (below > 0.0).then_some(y1)]
                .into_iter()
                .flatten()
            {
                marks.extend(in_border(x0, x1, bw).into_iter().map(|x| Point::new(x, y)));
            }
            tiles.push(Tile {
                row,
                col,
                own,
                region,
                notches,
                origin,
                marks,
            });
        }
    }
    Some(Tiling {
        cols: xs.len(),
        rows: ys.len(),
        tiles,
    })
}

/// Draws tile `t` of `tiling` on a page of `page` size, its caption within `area` (the
/// printable part of the page).
pub fn draw_tile(
    page: &mut Drawing,
    fonts: &Fonts,
    spec: &BoardSpec,
    art: &Art,
    tiling: &Tiling,
    t: &Tile,
    area: Rect,
) -> Result<(), MissingGlyph> {
    let to_page = |p: Point| p + t.origin;
    for (polygon, color) in &art.polygons {
        if let Some(kept) = clip(polygon, t.region) {
            let moved: Vec<Point> = kept.into_iter().map(to_page).collect();
            page.fill(Path::polygon(&moved), *color);
        }
    }
    let glyphs: Vec<_> = art
        .glyphs
        .iter()
        .filter(|(_, g)| {
            fonts
                .ink_rect(g)
                .is_some_and(|r| t.region.contains(&r, 0.0))
        })
        .collect();
    for (color, g) in glyphs {
        let mut moved = *g;
        moved.transform = Affine::translate(t.origin.x, t.origin.y) * g.transform;
        page.glyphs(*color, vec![moved]);
    }

    // The notches are cut away: no board drawn there (the paper shows).
    for n in &t.notches {
        page.fill(
            Path::rect(Rect::new(n.x + t.origin.x, n.y + t.origin.y, n.w, n.h)),
            Color::WHITE,
        );
    }

    // Flaps: hatched, with the seam the neighbour's edge goes on; each ends at a notch.
    let number = |row: usize, col: usize| row * tiling.cols + col + 1;
    let right_height = match t.notch_at(t.own.right()) {
        Some(n) => n.y - t.region.y,
        None => t.region.h,
    };
    let bottom_start = t.notch_at(t.region.x).map_or(0.0, |n| n.w);
    let flaps = [
        (
            Rect::new(t.own.right(), t.region.y, FLAP, right_height),
            (t.col + 1 < tiling.cols).then(|| number(t.row, t.col + 1)),
            true,
        ),
        (
            Rect::new(
                t.region.x + bottom_start,
                t.own.bottom(),
                t.own.w - bottom_start,
                FLAP,
            ),
            (t.row + 1 < tiling.rows).then(|| number(t.row + 1, t.col)),
            false,
        ),
    ];
    for (flap, neighbour, vertical) in flaps {
        let Some(n) = neighbour else { continue };
        hatch(page, flap, t.origin);
        let (a, b) = if vertical {
            (
                Point::new(flap.x, flap.y),
                Point::new(flap.x, flap.bottom()),
            )
        } else {
            (Point::new(flap.x, flap.y), Point::new(flap.right(), flap.y))
        };
        page.stroke(
            Path::line(to_page(a), to_page(b)),
            Stroke::dashed(MARK, 0.3, &[2.0, 1.5]),
        );
        let text = format!("glue tile {n} here");
        let mut style = TextStyle::new(FontRole::Bold, 3.0);
        // In the middle of a square, where no grid line runs through the words.
        let half = fonts.width(style, &text)? / 2.0 + 0.5;
        let (at, share) = label_place(spec, flap, vertical, half);
        style.size *= share;
        let c = to_page(at);
        let glyphs = fonts.line(
            style,
            &text,
            Point::new(c.x, c.y + 0.35 * style.size),
            Align::Center,
        )?;
        let mut words = Drawing::new(0.0, 0.0);
        words.glyphs(MARK, glyphs);
        let turn = if vertical {
            Affine::rotate_about(90.0, c)
        } else {
            Affine::IDENTITY
        };
        page.place_transformed(&words, turn);
    }

    // Alignment triangles, tips on the seam, bodies in this tile's own border: with the
    // neighbour laid over the flap, the two meet tip to tip across the seam.
    for &tip in &t.marks {
        let away = if tip.x == t.own.x {
            Point::new(1.0, 0.0)
        } else if tip.x == t.own.right() {
            Point::new(-1.0, 0.0)
        } else if tip.y == t.own.y {
            Point::new(0.0, 1.0)
        } else {
            Point::new(0.0, -1.0)
        };
        let body = tip + away * 3.0;
        let side = away.perp() * 1.6;
        page.fill(
            Path::polygon(&[to_page(tip), to_page(body + side), to_page(body - side)]),
            MARK,
        );
    }

    // The cut line round the paper kept.
    let outline: Vec<Point> = t.outline().into_iter().map(to_page).collect();
    page.stroke(
        Path::polygon(&outline),
        Stroke::solid(super::sheets::CUT, super::sheets::CUT_WIDTH),
    );
    caption(page, fonts, tiling, t, area)?;
    Ok(())
}

/// How far below its tile the lowest caption of `tiling` reaches: the room the plan must
/// leave under the tiles (a narrow page wraps the heading and the note onto more lines, and a
/// board of many rows of tiles draws a taller map).
pub fn caption_depth(fonts: &Fonts, tiling: &Tiling, area: Rect) -> Result<f64, MissingGlyph> {
    let mut deepest: f64 = 0.0;
    for t in &tiling.tiles {
        let mut scratch = Drawing::new(0.0, 0.0);
        let bottom = caption(&mut scratch, fonts, tiling, t, area)?;
        deepest = deepest.max(bottom - (t.region.bottom() + t.origin.y));
    }
    Ok(deepest)
}

/// Where the label of `flap` (half as long as `half`) goes, and the share of its size it
/// keeps: in the middle of the square (or border strip) nearest the flap's middle that holds
/// it whole between two grid lines; on a flap too short for that (a one-square tile's bottom
/// flap, after its notch), in the longest stretch between lines, set smaller to fit it.
fn label_place(spec: &BoardSpec, flap: Rect, vertical: bool, half: f64) -> (Point, f64) {
    let c = flap.center();
    let (mid, from, to) = if vertical {
        (c.y, flap.y, flap.bottom())
    } else {
        (c.x, flap.x, flap.right())
    };
    let (count, end) = if vertical {
        (spec.ranks, spec.height())
    } else {
        (spec.files, spec.width())
    };
    let line = |i: u8| {
        if vertical {
            spec.line_y(i)
        } else {
            spec.line_x(i)
        }
    };
    // The stretches between the lines drawn across the flap (the border strips and the
    // squares), cut to the flap.
    let mut edges = vec![0.0];
    edges.extend((0..=count).map(line));
    edges.push(end);
    let stretches: Vec<(f64, f64)> = edges
        .windows(2)
        .map(|w| (w[0].max(from), w[1].min(to)))
        .filter(|(a, b)| b > a)
        .collect();
    let whole = stretches
        .iter()
        .filter(|(a, b)| b - a >= 2.0 * half)
        .map(|(a, b)| (a + b) / 2.0)
        .min_by(|a, b| (a - mid).abs().total_cmp(&(b - mid).abs()));
    let (at, share) = match whole {
        Some(m) => (m, 1.0),
        None => {
            let (a, b) = stretches
                .iter()
                .copied()
                .max_by(|x, y| (x.1 - x.0).total_cmp(&(y.1 - y.0)))
                .unwrap_or((from, to));
            ((a + b) / 2.0, ((b - a) / (2.0 * half)).min(1.0))
        }
    };
    let p = if vertical {
        Point::new(c.x, at)
    } else {
        Point::new(at, c.y)
    };
    (p, share)
}

/// Light diagonal hatching over `flap` (board millimetres), clipped to it.
fn hatch(page: &mut Drawing, flap: Rect, origin: Point) {
    let step = 2.5;
    let w = 0.25;
    let span = flap.w + flap.h;
    let mut k = 0.0;
    while k < span {
        // A thin band along x - y = const, cut to the flap.
        let a = Point::new(flap.x + k - flap.h, flap.bottom());
        let b = Point::new(flap.x + k, flap.y);
        let band = [a, b, b + Point::new(w, 0.0), a + Point::new(w, 0.0)];
        if let Some(kept) = clip(&band, flap) {
            let moved: Vec<Point> = kept.into_iter().map(|p| p + origin).collect();
            page.fill(Path::polygon(&moved), HATCH);
        }
        k += step;
    }
}

/// Below the tile: its number, a map of all the tiles with this one filled, and what to do; a
/// board on one page says only what to do ("tile 1 of 1 (row 1, column 1)" by a one-square map
/// told nothing). The note wraps to the tile's width (at least 60 mm), the heading to
/// `area`'s, and neither runs past `area`. Returns the lowest point of its ink (page
/// millimetres).
fn caption(
    page: &mut Drawing,
    fonts: &Fonts,
    tiling: &Tiling,
    t: &Tile,
    area: Rect,
) -> Result<f64, MissingGlyph> {
    let number = t.row * tiling.cols + t.col + 1;
    let left = t.region.x + t.origin.x;
    let top = t.region.bottom() + t.origin.y + 7.0;
    let single = tiling.tiles.len() == 1;
    let (cell_w, cell_h) = if single { (0.0, 0.0) } else { (5.0, 5.5) };
    let mut bottom = top + tiling.rows as f64 * cell_h;
    let mut lowest = |glyphs: &[crate::draw::Glyph]| {
        for r in glyphs.iter().filter_map(|g| fonts.ink_rect(g)) {
            bottom = bottom.max(r.bottom());
        }
    };
    for row in (0..tiling.rows).filter(|_| !single) {
        for col in 0..tiling.cols {
            let r = Rect::new(
                left + col as f64 * cell_w,
                top + row as f64 * cell_h,
                cell_w,
                cell_h,
            );
            if (row, col) == (t.row, t.col) {
                page.fill(Path::rect(r), NOTE);
            }
            page.stroke(Path::rect(r), Stroke::solid(NOTE, 0.2));
        }
    }
    let x = if single {
        left
    } else {
        left + tiling.cols as f64 * cell_w + 4.0
    };
    let head = if single {
        "Board".to_string()
    } else {
        format!(
            "Board tile {number} of {} (row {}, column {})",
            tiling.tiles.len(),
            t.row + 1,
            t.col + 1
        )
    };
    let room = (t.region.right() + t.origin.x)
        .max(x + 60.0)
        .min(area.right())
        - x;
    let head_style = TextStyle::new(FontRole::Bold, 3.6);
    let heads = fonts.wrap_balanced(head_style, &head, area.right() - x)?;
    for (i, line) in heads.iter().enumerate() {
        let glyphs = fonts.line(
            head_style,
            line,
            Point::new(x, top + 3.2 + i as f64 * 4.4),
            Align::Start,
        )?;
        lowest(&glyphs);
        page.glyphs(NOTE, glyphs);
    }
    let below = top + 8.0 + (heads.len().max(1) - 1) as f64 * 4.4;
    let note = if single {
        "Cut along the solid line.".to_string()
    } else {
        "Cut along the solid line. Lay each neighbour over the hatched flap, its edge on the dashed line and the red triangles tip to tip; then glue.".to_string()
    };
    let style = TextStyle::new(FontRole::Regular, 2.8);
    // Evened out, so that the note does not end on a stray word ("then / glue.").
    for (i, line) in fonts.wrap_balanced(style, &note, room)?.iter().enumerate() {
        let glyphs = fonts.line(
            style,
            line,
            Point::new(x, below + i as f64 * 4.0),
            Align::Start,
        )?;
        lowest(&glyphs);
        page.glyphs(NOTE, glyphs);
    }
    Ok(bottom)
}

#[cfg(test)]
mod tests {
    use super::{split, FLAP, STAR_SHIFT};

    /// Nine 10 mm squares with a 5 mm border, on paper that takes three squares and a flap
    /// (four on the last tile, which has none): three tiles, 3 + 3 + 3, 2 + 3 + 4 or 3 + 2 + 4.
    const ROOM: f64 = 5.0 + 3.0 * 10.0 + FLAP;

    #[test]
    fn seams_keep_off_the_star_points_lines_when_another_split_fits() {
        // The even split would cut along lines 3 and 6, through every star point.
        let runs = split(9, 10.0, 5.0, ROOM, &[3, 6]).unwrap();
        assert_eq!(runs, vec![(0.0, 25.0), (25.0, 55.0), (55.0, 100.0)]);
        // With no star points to keep off, the even split.
        let runs = split(9, 10.0, 5.0, ROOM, &[]).unwrap();
        assert_eq!(runs, vec![(0.0, 35.0), (35.0, 65.0), (65.0, 100.0)]);
    }

    #[test]
    fn where_every_split_on_grid_lines_cuts_the_star_points_a_seam_moves_beside_them() {
        // A5's 9 x 9 board across: three runs of exactly three squares, whose seams are the
        // star points' lines (3 and 6); each moves `STAR_SHIFT` off its line instead of
        // spending a fourth column of tiles.
        let (size, border) = (35.2, 7.6);
        let room = 136.0;
        let runs = split(9, size, border, room, &[3, 6]).unwrap();
        assert_eq!(runs.len(), 3, "{runs:?}");
        for &(_, end) in &runs[..2] {
            let off = [3.0, 6.0]
                .iter()
                .map(|i| (end - (border + i * size)).abs())
                .fold(f64::INFINITY, f64::min);
            assert!((off - STAR_SHIFT).abs() < 1e-9, "{runs:?}");
        }
    }

    #[test]
    fn more_tiles_are_spent_only_where_no_seam_can_keep_off_the_star_points() {
        // Every split into three cuts one of these lines, and a 10 mm square has no room to
        // move a seam 4 mm off its line: four tiles miss them all.
        let runs = split(9, 10.0, 5.0, ROOM, &[2, 3, 5, 6]).unwrap();
        assert_eq!(runs.len(), 4, "{runs:?}");
        let seams: Vec<f64> = runs[..3].iter().map(|r| r.1).collect();
        assert!(seams.iter().all(|s| ![25.0, 35.0, 55.0, 65.0].contains(s)));
    }
}
