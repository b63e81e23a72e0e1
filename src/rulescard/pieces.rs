//! The card's pieces section: a heading with the legend, then for every kind a side starts with,
//! its face and movement grid, an arrow marked 成, and its promoted face and grid.

use super::{figures, heading, Facts, Plan, RulesCardError, ACCENT, GREY, NAMES, ROW_GAP};
use crate::diagram::face::{draw_face, pentagon, Label, INK, LABEL_EM, OUTLINE_PEN, PROMOTED_INK};
use crate::draw::{
    Align, Drawing, FontRole, Fonts, MissingGlyph, Path, Point, Rect, Shape, Stroke, TextError,
    TextStyle,
};
use crate::rules::Color as Side;

/// The height of the pieces' heading above the first row (what [`heading`] returns, plus 1).
pub(super) fn pieces_head(body: f64) -> f64 {
    let size = 1.3 * body;
    0.9 * size + 0.35 * size + 0.6 + 1.2 + 1.0
}

/// Width of one half of a piece cell (unpromoted, promoted) beside the arrow between them.
pub(super) fn half_width(cell_w: f64) -> f64 {
    (cell_w - ARROW_W) / 2.0
}

const ARROW_W: f64 = 6.0;

/// The pieces' heading: with the legend on the first page, marked as going on over the second.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum PiecesHead {
    First,
    Continued,
}

/// The pieces: a heading with the legend, then a cell per kind a side starts with — its face
/// and grid, an arrow, its promoted face and grid — in rows of `plan.columns`: the kinds
/// `shown` of them (all on a one-page card). Returns the bottom.
#[allow(clippy::too_many_arguments)]
pub(super) fn pieces(
    page: &mut Drawing,
    fonts: &Fonts,
    facts: &Facts,
    block: Rect,
    top: f64,
    plan: &Plan,
    shown: std::ops::Range<usize>,
    part: PiecesHead,
) -> Result<f64, RulesCardError> {
    let field = TextError::in_field("rules card: pieces");
    let head = plan.body * 1.3;
    let mut d = Drawing::new(block.w, 0.0);
    let (ja_head, en_head) = match part {
        PiecesHead::First => ("駒の動き", "How the pieces move"),
        PiecesHead::Continued => ("駒の動き（続き）", "How the pieces move (continued)"),
    };
    let y = heading(&mut d, fonts, ja_head, en_head, block.w, head).map_err(&field)?;
    // The legend, right-aligned on the heading's line.
    let mut items = vec![
        ("step", "1マス one square"),
        ("jump", "跳ぶ jumps"),
        ("slide", "どこまでも any distance"),
    ];
    let catalog = &facts.variant.catalog;
    let lions = facts.pieces.iter().any(|p| {
        std::iter::once(p.kind)
            .chain(p.promoted)
            .any(|k| catalog.get(k).movement.lion.is_some())
    });
    if lions {
        items.push(("lion", "獅子の動き two steps a turn"));
    }
    let ls = 0.85 * plan.body;
    let mut probe = Drawing::new(0.0, 0.0);
    let lw =
        figures::legend(&mut probe, fonts, Point::new(0.0, 0.0), ls, &items).map_err(&field)?;
    if part == PiecesHead::First {
        figures::legend(
            &mut d,
            fonts,
            Point::new(block.w - lw, 0.9 * head),
            ls,
            &items,
        )
        .map_err(&field)?;
    }
    page.place(&d, block.x, top);

    let cols = plan.columns;
    let cell_w = (block.w - 6.0 * (cols - 1) as f64) / cols as f64;
    let s = plan.square;
    let grid = (s, s * 12.0 / 11.0);
    let grid_h = 5.0 * grid.1;
    let cell_h = grid_h + NAMES;
    let rows_top = top + y + 1.0;
    // Faces graded as in a set: the largest kind's height is 0.8 of the grid's.
    let catalog = &facts.variant.catalog;
    let size_of = |k| {
        catalog
            .get(k)
            .size_mm
            .or_else(|| catalog.by_id("gold").and_then(|g| catalog.get(g).size_mm))
            .unwrap_or((26.0, 29.0))
    };
    let tallest = facts
        .pieces
        .iter()
        .map(|p| size_of(p.kind).1)
        .fold(0.0, f64::max);
    let widest = facts
        .pieces
        .iter()
        .map(|p| size_of(p.kind))
        .fold((0.0, 0.0), |w, s| if s.0 > w.0 { s } else { w });
    let face_box = widest.0 * 0.8 * grid_h / tallest;
    // The faces a little smaller than graded, so that the widest one's ink (its outline's pen
    // reaches past the corners) and not only its path fits the box: at the page's left edge
    // the box starts on the margin.
    let k = 0.8 * grid_h / tallest / ink_per_base(widest);
    let half = half_width(cell_w);
    let mut bottom = rows_top;
    for (i, line) in facts.pieces[shown].iter().enumerate() {
        let (row, col) = (i / cols, i % cols);
        let x = block.x + col as f64 * (cell_w + 6.0);
        let y = rows_top + row as f64 * (cell_h + ROW_GAP);
        let size = size_of(line.kind);
        let size = (size.0 * k, size.1 * k);
        half_cell(
            page,
            fonts,
            facts,
            line.kind,
            Point::new(x, y),
            size,
            face_box,
            grid,
            half,
        )
        .map_err(&field)?;
        let ax = x + half + ARROW_W / 2.0;
        let ay = y + grid_h / 2.0;
        match line.promoted {
            Some(p) => {
                promotion_arrow(page, fonts, Point::new(ax, ay), plan.body).map_err(&field)?;
                half_cell(
                    page,
                    fonts,
                    facts,
                    p,
                    Point::new(x + half + ARROW_W, y),
                    size,
                    face_box,
                    grid,
                    half,
                )
                .map_err(&field)?;
            }
            None => {
                let cx = x + half + ARROW_W + half / 2.0;
                let bold = TextStyle::new(FontRole::Bold, plan.body * 1.1);
                let g = fonts
                    .line(bold, "成らない", Point::new(cx, ay - 0.4), Align::Center)
                    .map_err(&field)?;
                page.glyphs(GREY, g);
                let small = TextStyle::new(FontRole::Regular, plan.body * 0.95);
                let g = fonts
                    .line(
                        small,
                        "does not promote",
                        Point::new(cx, ay + plan.body * 1.3),
                        Align::Center,
                    )
                    .map_err(&field)?;
                page.glyphs(GREY, g);
            }
        }
        bottom = bottom.max(y + cell_h);
    }
    Ok(bottom)
}

/// How much wider than its base a face of `(base, height)` inks: its outline's pen and the
/// miters of its corners.
fn ink_per_base((base, height): (f64, f64)) -> f64 {
    let outline = Shape {
        path: Path::polygon(&pentagon(Point::new(0.0, 0.0), base, height)),
        fill: None,
        stroke: Some(Stroke::solid(INK, base * OUTLINE_PEN)),
        opacity: 1.0,
    };
    outline.ink_bounds().map_or(1.0, |r| r.w / base)
}

/// One kind: its face (graded size `face`, in a box `face_box` wide), its grid, and its names
/// under both.
#[allow(clippy::too_many_arguments)]
fn half_cell(
    page: &mut Drawing,
    fonts: &Fonts,
    facts: &Facts,
    kind_id: crate::rules::KindId,
    at: Point,
    face: (f64, f64),
    face_box: f64,
    grid: (f64, f64),
    width: f64,
) -> Result<(), MissingGlyph> {
    let kind = facts.variant.catalog.get(kind_id);
    let grid_h = 5.0 * grid.1;
    let abbr = kind.abbr_for(Side::Black);
    let ch = abbr.chars().next().unwrap_or('?');
    let bottom = Point::new(
        at.x + face_box / 2.0,
        at.y + grid_h - (grid_h - face.1) / 2.0,
    );
    draw_face(
        page,
        fonts,
        kind,
        Label::Kanji(ch),
        bottom,
        face,
        LABEL_EM * face.0,
        0.0,
    )?;
    let gx = at.x + face_box + 1.5;
    figures::movement_grid(page, fonts, kind, abbr, Point::new(gx, at.y), grid)?;

    // Names: the two-character name (both kings' where they differ) and the reading, then the
    // English name.
    let ink = if kind.promoted { PROMOTED_INK } else { INK };
    let name = match &kind.black_kanji {
        Some(b) if *b != kind.kanji => format!("{}・{b}", kind.kanji),
        _ => kind.kanji.clone(),
    };
    let big = TextStyle::new(FontRole::Bold, 3.1);
    let y1 = at.y + grid_h + 0.8 + 0.9 * big.size;
    let g = fonts.line(big, &name, Point::new(at.x, y1), Align::Start)?;
    page.glyphs(ink, g);
    let mut small = TextStyle::new(FontRole::Regular, 2.35);
    let rx = at.x + fonts.width(big, &name)? + 1.0;
    let english = format!("  {}", kind.english);
    let room = width - (rx - at.x);
    let needed = fonts.width(small, &kind.reading)? + fonts.width(small, &english)?;
    if needed > room {
        small.size *= room / needed;
    }
    let g = fonts.line(small, &kind.reading, Point::new(rx, y1), Align::Start)?;
    page.glyphs(GREY, g);
    let ex = rx + fonts.width(small, &kind.reading)?;
    let g = fonts.line(small, &english, Point::new(ex, y1), Align::Start)?;
    page.glyphs(INK, g);
    Ok(())
}

/// The arrow from a kind to its promotion, with 成 over it.
fn promotion_arrow(
    page: &mut Drawing,
    fonts: &Fonts,
    at: Point,
    body: f64,
) -> Result<(), MissingGlyph> {
    let (a, tip) = (Point::new(at.x - 2.2, at.y), Point::new(at.x + 2.4, at.y));
    let neck = Point::new(tip.x - 1.4, at.y);
    page.stroke(Path::line(a, neck), Stroke::solid(ACCENT, 0.45));
    page.fill(
        Path::polygon(&[
            tip,
            Point::new(neck.x, at.y - 0.9),
            Point::new(neck.x, at.y + 0.9),
        ]),
        ACCENT,
    );
    let g = fonts.line(
        TextStyle::new(FontRole::Bold, body),
        "成",
        Point::new(at.x, at.y - 1.6),
        Align::Center,
    )?;
    page.glyphs(ACCENT, g);
    Ok(())
}
