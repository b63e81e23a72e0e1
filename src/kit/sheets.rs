//! Sheets of pieces: each piece's faces placed on the page with its cut line, fold line and
//! label, in one of two layouts.
//!
//! - **Fold**: front and back joined at the base, the back turned 180° about the middle of
//!   the fold line. Folded back along that line and glued, the back faces the other way with
//!   its apex on the same side, so turning the piece over shows its promoted side pointing the
//!   same way.
//! - **Duplex**: fronts on one page, backs on the next at the mirror position, for printing on
//!   both sides with a long-edge flip; each pair of pages carries registration marks.
//!
//! A part the packer turned is drawn upright and turned a quarter into its box (its duplex back
//! the mirror image of that, as seen through the sheet).

use super::face::{self, FaceStyle, Lettering};
use super::pack::Spot;
use super::parts::{Back, Part};
use crate::diagram::face::{INK, WOOD};
use crate::draw::{
    Affine, Align, Color, Drawing, FontRole, Fonts, MissingGlyph, Path, Point, Stroke, TextStyle,
};
use crate::rules::PieceCatalog;
use std::str::FromStr;

/// Cut lines: solid, thin, dark. Fold lines: dashed, grey.
pub const CUT: Color = Color(0x20, 0x20, 0x20);
pub const CUT_WIDTH: f64 = 0.25;
pub const FOLD: Color = Color(0x70, 0x70, 0x70);
pub const FOLD_WIDTH: f64 = 0.2;
pub const FOLD_DASH: [f64; 2] = [1.6, 1.0];
/// Label text on the sheet, outside the pieces.
pub const LABEL: Color = Color(0x60, 0x60, 0x60);
/// How far a duplex back's colour runs past its outline, so a printer that registers the two
/// sides a little apart leaves no white edge.
pub const BLEED: f64 = 1.0;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    #[default]
    Fold,
    Duplex,
}

impl FromStr for Layout {
    type Err = String;

    fn from_str(s: &str) -> Result<Layout, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "fold" => Ok(Layout::Fold),
            "duplex" => Ok(Layout::Duplex),
            _ => Err(format!("'{s}': expected fold or duplex")),
        }
    }
}

impl Layout {
    pub fn name(self) -> &'static str {
        match self {
            Layout::Fold => "fold",
            Layout::Duplex => "duplex",
        }
    }

    /// The box a part takes on its sheet.
    pub fn footprint(self, (base, height): (f64, f64)) -> (f64, f64) {
        match self {
            Layout::Fold => (base, 2.0 * height),
            Layout::Duplex => (base, height),
        }
    }
}

/// Where a piece was printed, in page millimetres: what the tests measure.
#[derive(Clone, Debug, PartialEq)]
pub struct Placement {
    pub part: usize,
    /// Page (0-based) of the front, and of the back (the same page when folded).
    pub page: usize,
    pub back_page: usize,
    pub front: [Point; 5],
    pub back: [Point; 5],
    /// The fold line's ends (fold layout only).
    pub fold: Option<(Point, Point)>,
}

/// Draws every part at its spot. `pages` already holds the sheets (the cover first); in the
/// duplex layout each front page is followed by its back page, so spot page `p` is drawn on
/// page `2p` and its back on `2p + 1`.
#[allow(clippy::too_many_arguments)]
pub fn draw_parts(
    pages: &mut [Drawing],
    fonts: &Fonts,
    catalog: &PieceCatalog,
    parts: &[Part],
    spots: &[Spot],
    layout: Layout,
    style: FaceStyle,
    lettering: Lettering,
) -> Result<Vec<Placement>, MissingGlyph> {
    let mut placements = Vec::with_capacity(parts.len());
    for (i, (part, spot)) in parts.iter().zip(spots).enumerate() {
        if !spot.turned {
            placements.push(draw_part(
                pages, fonts, catalog, i, part, spot, layout, style, lettering,
            )?);
            continue;
        }
        // A turned part is drawn upright on scratch pages with its box at the origin, then
        // turned a quarter clockwise into its box on the sheet.
        let (w, h) = layout.footprint(part.size);
        let (pw, ph) = (pages[0].width, pages[0].height);
        let upright = Spot {
            page: 0,
            x: 0.0,
            y: 0.0,
            turned: false,
        };
        let mut scratch = vec![Drawing::new(pw, ph), Drawing::new(pw, ph)];
        let mut pl = draw_part(
            &mut scratch,
            fonts,
            catalog,
            i,
            part,
            &upright,
            layout,
            style,
            lettering,
        )?;
        let turn = Affine::translate(spot.x + h, spot.y)
            * Affine::rotate_about(90.0, Point::new(0.0, 0.0));
        let front_page = match layout {
            Layout::Fold => spot.page,
            Layout::Duplex => 2 * spot.page,
        };
        pages[front_page].place_transformed(&scratch[0], turn);
        pl.front = pl.front.map(|p| turn.apply(p));
        pl.fold = pl.fold.map(|(a, b)| (turn.apply(a), turn.apply(b)));
        pl.page = front_page;
        match layout {
            Layout::Fold => {
                pl.back = pl.back.map(|p| turn.apply(p));
                pl.back_page = front_page;
            }
            Layout::Duplex => {
                // Through the sheet the back is the front's mirror image: mirror the scratch
                // back page into the box's own frame, turn it with the front, mirror it to
                // the page.
                let mirror = |width: f64| Affine([-1.0, 0.0, 0.0, 1.0, width, 0.0]);
                let to_back = mirror(pw) * turn * mirror(w) * mirror(pw);
                pages[front_page + 1].place_transformed(&scratch[1], to_back);
                pl.back = pl.back.map(|p| to_back.apply(p));
                pl.back_page = front_page + 1;
            }
        }
        placements.push(pl);
    }
    Ok(placements)
}

/// Draws one part at its (upright) spot.
#[allow(clippy::too_many_arguments)]
fn draw_part(
    pages: &mut [Drawing],
    fonts: &Fonts,
    catalog: &PieceCatalog,
    i: usize,
    part: &Part,
    spot: &Spot,
    layout: Layout,
    style: FaceStyle,
    lettering: Lettering,
) -> Result<Placement, MissingGlyph> {
    let kind = catalog.get(part.kind);
    let (base, height) = part.size;
    let front = face::face_in(
        fonts,
        kind,
        part.front_name(kind),
        part.front_abbr(kind),
        style,
        lettering,
        part.size,
    )?;
    let back = match part.back {
        Back::Promoted(p) => {
            let pk = catalog.get(p);
            face::face_in(fonts, pk, &pk.kanji, &pk.abbr, style, lettering, part.size)?
        }
        Back::Plain => face::plain(part.size),
    };
    let bottom = Point::new(spot.x + base / 2.0, spot.y + height);
    let front_outline = face::outline(part.size).map(|p| p + bottom);
    match layout {
        Layout::Fold => {
            let page = &mut pages[spot.page];
            let to_front = Affine::translate(bottom.x, bottom.y);
            // Half a turn about the middle of the fold line.
            let to_back = Affine::rotate_about(180.0, bottom) * to_front;
            page.place_transformed(&front, to_front);
            page.place_transformed(&back, to_back);
            let back_outline = face::outline(part.size).map(|p| to_back.apply(p));
            // The cut line goes round both faces; their bases are the fold.
            let cut = [
                front_outline[1],
                front_outline[2],
                front_outline[3],
                front_outline[4],
                back_outline[1],
                back_outline[2],
                back_outline[3],
                back_outline[4],
            ];
            page.stroke(Path::polygon(&cut), Stroke::solid(CUT, CUT_WIDTH));
            let fold = (front_outline[0], front_outline[4]);
            page.stroke(
                Path::line(fold.0, fold.1),
                Stroke::dashed(FOLD, FOLD_WIDTH, &FOLD_DASH),
            );
            label(page, fonts, part, kind, &front_outline)?;
            Ok(Placement {
                part: i,
                page: spot.page,
                back_page: spot.page,
                front: front_outline,
                back: back_outline,
                fold: Some(fold),
            })
        }
        Layout::Duplex => {
            let (fp, bp) = (2 * spot.page, 2 * spot.page + 1);
            let page = &mut pages[fp];
            page.place(&front, bottom.x, bottom.y);
            page.stroke(Path::polygon(&front_outline), Stroke::solid(CUT, CUT_WIDTH));
            label(page, fonts, part, kind, &front_outline)?;
            // Seen through the sheet, the back stands at the mirror position, upright.
            let sheet = &mut pages[bp];
            let mirrored = Point::new(sheet.width - bottom.x, bottom.y);
            let back_outline = face::outline(part.size).map(|p| p + mirrored);
            sheet.fill(grown(&back_outline, BLEED), WOOD);
            sheet.place(&back, mirrored.x, mirrored.y);
            Ok(Placement {
                part: i,
                page: fp,
                back_page: bp,
                front: front_outline,
                back: back_outline,
                fold: None,
            })
        }
    }
}

/// The convex `outline` grown by `by` all round: each side moved out by `by`, the corners
/// rounded on circles of that radius about them (set as short straight pieces just outside
/// the circle, so the growth is nowhere less). Filled, not stroked, so that `--ink black`
/// turns it white like the face under it.
pub fn grown(outline: &[Point], by: f64) -> Path {
    // Outward normals: which side is out follows the outline's turning direction.
    let n = outline.len();
    let area: f64 = (0..n)
        .map(|i| {
            let (a, b) = (outline[i], outline[(i + 1) % n]);
            a.x * b.y - b.x * a.y
        })
        .sum();
    let turn = if area > 0.0 { 1.0 } else { -1.0 };
    let normal = |i: usize| {
        let e = outline[(i + 1) % n] - outline[i];
        let e = e * (1.0 / e.length());
        Point::new(turn * e.y, -turn * e.x)
    };
    let mut points = Vec::new();
    for (i, &corner) in outline.iter().enumerate() {
        let (from, to) = (normal((i + n - 1) % n), normal(i));
        let (a0, mut a1) = (from.y.atan2(from.x), to.y.atan2(to.x));
        // Round the corner the way the outline turns.
        while (a1 - a0) * turn < 0.0 {
            a1 += turn * std::f64::consts::TAU;
        }
        let steps = ((a1 - a0).abs() / CORNER_STEP).ceil().max(1.0) as usize;
        let half = (a1 - a0) / steps as f64 / 2.0;
        // Each piece of the corner touches the circle at its middle; its ends lie outside.
        let out = by / half.cos();
        points.push(corner + from * by);
        for k in 0..steps {
            let a = a0 + (2 * k + 1) as f64 * half;
            points.push(corner + Point::new(a.cos(), a.sin()) * out);
        }
        points.push(corner + to * by);
    }
    Path::polygon(&points)
}

/// The angle a piece of a grown outline's rounded corner turns through, in radians (10°).
const CORNER_STEP: f64 = 10.0 * std::f64::consts::PI / 180.0;

/// How far at most a duplex back's bleed ([`grown`] by [`BLEED`]) reaches past its outline:
/// the ends of its corners' pieces lie a hair outside their circles.
pub fn bleed_reach() -> f64 {
    BLEED / (CORNER_STEP / 2.0).cos()
}

/// The part's label in the waste corner left of its apex, shrunk to the room there.
fn label(
    page: &mut Drawing,
    fonts: &Fonts,
    part: &Part,
    kind: &crate::rules::PieceKind,
    outline: &[Point; 5],
) -> Result<(), MissingGlyph> {
    let text = part.label(kind);
    let left = outline[0].x;
    let top = outline[2].y;
    let mut style = TextStyle::new(FontRole::Regular, 1.7);
    let baseline = top + style.size;
    // The roof's x level with the label's descenders, where it comes closest, less some air.
    let (apex, shoulder) = (outline[2], outline[1]);
    let lowest = baseline + 0.45;
    let roof_x = apex.x + (shoulder.x - apex.x) * ((lowest - apex.y) / (shoulder.y - apex.y));
    let room = roof_x - left - 0.6;
    let width = fonts.width(style, &text)?;
    if width > room {
        style.size *= room / width;
    }
    page.glyphs(
        LABEL,
        fonts.line(style, &text, Point::new(left, baseline), Align::Start)?,
    );
    Ok(())
}

/// A registration mark: a circle with a cross, the same spot on both sides of the sheet.
pub fn registration_mark(page: &mut Drawing, at: Point) {
    let stroke = Stroke::solid(INK, 0.2);
    page.stroke(Path::circle(at, 2.0), stroke.clone());
    page.stroke(
        Path::line(at - Point::new(3.5, 0.0), at + Point::new(3.5, 0.0)),
        stroke.clone(),
    );
    page.stroke(
        Path::line(at - Point::new(0.0, 3.5), at + Point::new(0.0, 3.5)),
        stroke,
    );
}
