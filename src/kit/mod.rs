//! The print kit: every piece of a variant's set at true size on cardstock sheets, ready to
//! cut, fold and glue, and the board at real size split into page tiles.
//!
//! The kit is built as page drawings in millimetres (the same drawing model as diagrams) and
//! written as a PDF by [`crate::render::to_pdf`]. [`build`] also returns where every piece and
//! tile went, which is what the tests measure the PDF against.
//!
//! ```
//! use shogiprint::{draw::Fonts, kit, render, rules::Variant};
//! let standard = Variant::builtin("standard").unwrap();
//! let fonts = Fonts::bundled();
//! let kit = kit::build(&standard, &kit::KitOptions::default(), &fonts).unwrap();
//! assert_eq!(kit.parts.len(), 40);
//! let pdf = render::to_pdf(&kit.pages, &fonts, "my kit");
//! assert!(pdf.starts_with(b"%PDF"));
//! ```

pub mod board;
pub mod cover;
pub mod face;
pub mod fit;
pub mod komadai;
pub mod pack;
pub mod parts;
pub mod sheets;
pub mod tiles;

pub use crate::paper::Paper;
pub use face::{FaceStyle, Lettering};
pub use parts::{Back, Part, PartsError};
pub use sheets::{Layout, Placement};

use crate::draw::{
    check_piece, Drawing, FontRole, Fonts, MissingGlyph, PieceField, Point, Rect, TextError,
    TextStyle,
};
use crate::rules::Variant;
use crate::rulescard::{self, RulesCardError, RulesCardOptions};
use board::{BoardSpec, JSA_BORDER};
use std::sync::Arc;
use tiles::Tiling;

/// Everything a kit can be asked for; `Default` is the standard kit on A4.
#[derive(Clone, Debug, PartialEq)]
pub struct KitOptions {
    pub paper: Paper,
    pub style: FaceStyle,
    /// The hand the piece names are written in (default: brush).
    pub lettering: Lettering,
    pub layout: Layout,
    /// Pieces added to the variant's set, one per side (ids or names such as `prince`).
    pub extras: Vec<String>,
    /// Multiplies every size: pieces, board and stands.
    pub scale: f64,
    /// The printer-safe margin: nothing is drawn nearer the paper's edge.
    pub margin: f64,
    pub board: bool,
    /// A board square, across × deep, before scaling; `None` (the default) for the
    /// traditional board of the variant's size ([`board::traditional_square`]).
    pub square: Option<(f64, f64)>,
    pub coordinates: bool,
    pub zone_tint: bool,
    pub komadai: bool,
    /// A rules card (the variant's rules on one page) after the cover; default on.
    pub rules_card: bool,
}

impl Default for KitOptions {
    fn default() -> KitOptions {
        KitOptions {
            paper: Paper::A4,
            style: FaceStyle::Kanji,
            lettering: Lettering::default(),
            layout: Layout::Fold,
            extras: Vec::new(),
            scale: 1.0,
            margin: 6.0,
            board: true,
            square: None,
            coordinates: false,
            zone_tint: false,
            komadai: false,
            rules_card: true,
        }
    }
}

/// A kit, laid out: its pages and where everything went.
#[derive(Clone, Debug)]
pub struct Kit {
    pub pages: Vec<Drawing>,
    pub parts: Vec<Part>,
    pub placements: Vec<Placement>,
    pub board: Option<BoardSpec>,
    pub tiling: Option<Tiling>,
    /// The page (0-based) of each tile, in tile order.
    pub tile_pages: Vec<usize>,
    /// The page of the piece stands, if asked for.
    pub komadai_page: Option<usize>,
    /// The page of the rules card, if the kit has one: right after the cover (after the
    /// cover sheet's back in the duplex layout, and followed by a blank back of its own).
    pub rules_card_page: Option<usize>,
    /// Where page 1 put its parts table and its start position.
    pub cover: cover::CoverLayout,
}

#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum KitError {
    #[error(transparent)]
    Parts(#[from] PartsError),
    #[error(transparent)]
    Glyph(#[from] MissingGlyph),
    /// A piece's name has a character the fonts lack: the error names the piece and field.
    #[error(transparent)]
    Text(#[from] TextError),
    #[error(transparent)]
    RulesCard(#[from] RulesCardError),
    /// The rules card does not fit the kit's paper even within the kit's own margin (a
    /// [`RulesCardError::DoesNotFit`]); the kit can do without it.
    #[error("{0}; the kit can leave it out: --no-rules-card")]
    RulesCardDoesNotFit(RulesCardError),
    /// An option the kit cannot have: `option` names the [`KitOptions`] field (`scale`,
    /// `margin`, `square`, `komadai`), `message` says what is wrong with its value.
    #[error("{option}: {message}")]
    Option {
        option: &'static str,
        message: String,
    },
    /// Something of the kit (`what`: a board square with its glue flap, or a piece) does not
    /// fit on `paper` within `margin` millimetres.
    #[error("{what} does not fit on {paper} within {margin} mm margins")]
    DoesNotFit {
        what: String,
        paper: Paper,
        margin: f64,
    },
}

/// Gap between pieces on a sheet, in millimetres.
const GAP: f64 = 2.0;
/// Room below a board tile for its caption.
const TILE_CAPTION: f64 = 26.0;
/// Room kept at the foot of duplex pages for the registration marks.
const REGISTRATION: f64 = 9.0;

/// Lays out the kit of `variant`: the cover with the pieces packed under it and onto as many
/// sheets as they need, then the board in tiles, then the piece stands; the rules card goes
/// in after the cover.
pub fn build(variant: &Arc<Variant>, options: &KitOptions, fonts: &Fonts) -> Result<Kit, KitError> {
    check(options)?;
    if options.komadai && !variant.drops {
        return Err(KitError::Option {
            option: "komadai",
            message: format!(
                "{} has no drops (captured pieces leave the game), so its kit has no piece stands",
                variant.english
            ),
        });
    }
    let safe = safe_area(options);
    let parts = parts::parts(variant, &options.extras, options.scale)?;
    check_names(variant, &parts, fonts)?;
    let spec = board_spec(variant, options);
    let tiling = if options.board {
        Some(tile_plan(&spec, options, safe, fonts)?)
    } else {
        None
    };
    let card = if options.rules_card {
        Some(rules_card(variant, options, fonts)?)
    } else {
        None
    };
    let card_pages = card.as_ref().map_or(0, |c| c.pages.len());
    let (covers, cover_layout) =
        draw_cover(fonts, variant, &parts, options, &spec, &tiling, card_pages)?;
    let packed = pack_parts(variant, &parts, options, safe, &cover_layout)?;
    let mut pages = sheet_pages(covers, &packed, options, safe);
    let placements = draw_parts(&mut pages, fonts, variant, &parts, &packed, options)?;
    let tile_pages = match &tiling {
        Some(tiling) => tile_pages(&mut pages, fonts, &spec, tiling, options, safe)?,
        None => Vec::new(),
    };
    let komadai_page = if options.komadai {
        let mut page = blank_page(options);
        komadai::draw_stands(&mut page, fonts, &spec, safe)?;
        pages.push(page);
        Some(pages.len() - 1)
    } else {
        None
    };
    let mut kit = Kit {
        pages,
        parts,
        placements,
        board: options.board.then_some(spec),
        tiling,
        tile_pages,
        komadai_page,
        rules_card_page: None,
        cover: cover_layout,
    };
    if let Some(card) = card {
        insert_rules_card(&mut kit, card, options, fonts, safe)?;
    }
    Ok(kit)
}

/// Every name the kit prints of its pieces and their promotions (faces, parts table, start
/// position), checked against the fonts before anything is drawn, so that a character they lack
/// is reported with the piece and field it came from.
fn check_names(variant: &Variant, parts: &[Part], fonts: &Fonts) -> Result<(), TextError> {
    let fields = [PieceField::Kanji, PieceField::Abbr, PieceField::English];
    let mut seen = std::collections::BTreeSet::new();
    for part in parts {
        let promoted = variant.catalog.get(part.kind).promotes_to;
        for id in std::iter::once(part.kind).chain(promoted) {
            if seen.insert(id) {
                check_piece(fonts, variant.catalog.get(id), &fields)?;
            }
        }
    }
    Ok(())
}

/// Puts the rules card in after the cover sheet (in the duplex layout, after the cover's back,
/// with a blank back of its own so the sheets stay paired) and moves every later page on.
fn insert_rules_card(
    kit: &mut Kit,
    card: rulescard::RulesCard,
    options: &KitOptions,
    fonts: &Fonts,
    safe: Rect,
) -> Result<(), MissingGlyph> {
    // In the duplex layout the card's pages pair up as the sides of its sheets; an odd last
    // page gets a blank back.
    let covers = kit.cover.pages;
    let at = match options.layout {
        Layout::Fold => covers,
        Layout::Duplex => 2 * covers,
    };
    let mut card_pages = card.pages;
    if options.layout == Layout::Duplex && card_pages.len() % 2 == 1 {
        let (pw, ph) = (options.paper.width, options.paper.height);
        card_pages.push(blank_back(
            fonts,
            pw,
            ph,
            safe,
            "Back of the rules card: left blank.",
        )?);
    }
    let added = card_pages.len();
    kit.pages.splice(at..at, card_pages);
    let moved = |p: &mut usize| {
        if *p >= at {
            *p += added;
        }
    };
    for pl in &mut kit.placements {
        moved(&mut pl.page);
        moved(&mut pl.back_page);
    }
    kit.tile_pages.iter_mut().for_each(moved);
    if let Some(p) = kit.komadai_page.as_mut() {
        moved(p);
    }
    kit.rules_card_page = Some(at);
    Ok(())
}

/// The rules card keeps wider margins than the sheets where it fits within them: it is read,
/// not cut.
const CARD_MARGIN: f64 = 10.0;

/// The kit's rules card: within [`CARD_MARGIN`] (or the kit's margin, if wider); on paper too
/// small for that (A5), within the widest margin down to the kit's own that it fits.
fn rules_card(
    variant: &Arc<Variant>,
    options: &KitOptions,
    fonts: &Fonts,
) -> Result<rulescard::RulesCard, KitError> {
    let card_options = RulesCardOptions {
        paper: options.paper,
        margin: options.margin.max(CARD_MARGIN),
        least_margin: Some(options.margin),
    };
    rulescard::build(variant, &card_options, fonts).map_err(|e| match e {
        RulesCardError::DoesNotFit { .. } => KitError::RulesCardDoesNotFit(e),
        e => e.into(),
    })
}

/// The printable area: the paper within the margins.
fn safe_area(options: &KitOptions) -> Rect {
    let (pw, ph, m) = (options.paper.width, options.paper.height, options.margin);
    Rect::new(m, m, pw - 2.0 * m, ph - 2.0 * m)
}

fn blank_page(options: &KitOptions) -> Drawing {
    Drawing::new(options.paper.width, options.paper.height)
}

/// The board to print: the variant's size, the chosen squares and border at the kit's scale.
fn board_spec(variant: &Variant, options: &KitOptions) -> BoardSpec {
    let (files, ranks) = (variant.size.files, variant.size.ranks);
    let square = options
        .square
        .unwrap_or_else(|| board::traditional_square(files, ranks));
    BoardSpec {
        files,
        ranks,
        square: (square.0 * options.scale, square.1 * options.scale),
        border: JSA_BORDER * options.scale,
        zone: if options.zone_tint {
            variant.promotion_zone
        } else {
            0
        },
        hoshi_zone: if files >= 9 && ranks >= 9 {
            variant.promotion_zone
        } else {
            0
        },
        coordinates: options.coordinates,
    }
}

/// How the board splits into page tiles, or why it cannot. The tiles leave `TILE_CAPTION`
/// below them for their captions, or as much more as the captions of the tiles planned take
/// (on narrow paper, where they wrap onto more lines).
fn tile_plan(
    spec: &BoardSpec,
    options: &KitOptions,
    safe: Rect,
    fonts: &Fonts,
) -> Result<Tiling, KitError> {
    let mut label = TILE_CAPTION;
    for _ in 0..8 {
        let Some(tiling) = tiles::plan(spec, safe, label) else {
            break;
        };
        let need = tiles::caption_depth(fonts, &tiling, safe)?;
        if need <= label + 1e-9 {
            return Ok(tiling);
        }
        label = need;
    }
    Err(KitError::DoesNotFit {
        what: format!(
            "a board square of {:.1} x {:.1} mm with its border and a {:.0} mm glue flap",
            spec.square.0,
            spec.square.1,
            tiles::FLAP
        ),
        paper: options.paper,
        margin: options.margin,
    })
}

/// The cover's pages (one, or more on paper too small for its text) with its text and start
/// position; returns them and where everything went. The cover names the rules card's first
/// page, which follows the cover, so it is laid out again if it came to another length than
/// the note assumed.
#[allow(clippy::too_many_arguments)]
fn draw_cover(
    fonts: &Fonts,
    variant: &Arc<Variant>,
    parts: &[Part],
    options: &KitOptions,
    spec: &BoardSpec,
    tiling: &Option<Tiling>,
    card_pages: usize,
) -> Result<(Vec<Drawing>, cover::CoverLayout), MissingGlyph> {
    let safe = safe_area(options);
    // In the duplex layout the registration marks stand at the foot of every page.
    let bottom = safe.bottom() - foot(options);
    let mut cover_pages = 1;
    loop {
        let board = tiling.as_ref().map(|t| cover::BoardNote {
            width: spec.width(),
            height: spec.height(),
            tiles: t.tiles.len(),
            komadai: options.komadai,
        });
        let cover = cover::Cover {
            variant,
            parts,
            options,
            board,
            card_pages,
            cover_pages,
        };
        let mut pages = vec![blank_page(options)];
        let layout =
            cover::draw_cover(&mut pages, fonts, &cover, (safe.x, safe.y, safe.w, bottom))?;
        if layout.pages == cover_pages || card_pages == 0 || layout.pages < cover_pages {
            return Ok((pages, layout));
        }
        cover_pages = layout.pages;
    }
}

/// Room kept at the foot of every page for the registration marks (duplex layout), or none.
fn foot(options: &KitOptions) -> f64 {
    match options.layout {
        Layout::Duplex => REGISTRATION,
        Layout::Fold => 0.0,
    }
}

/// Where each piece goes: `order` lists the parts tallest first, `spots[i]` is the place of
/// part `order[i]`.
struct Packed {
    order: Vec<usize>,
    spots: Vec<pack::Spot>,
}

/// Packs the pieces under the cover text on its last page and onto as many sheets as they
/// need (tallest first; within a height, the widest; then catalog order).
fn pack_parts(
    variant: &Variant,
    parts: &[Part],
    options: &KitOptions,
    safe: Rect,
    cover: &cover::CoverLayout,
) -> Result<Packed, KitError> {
    let foot = foot(options);
    // Ink runs past a piece's outline: its cut line (half the pen, and further at the mitred
    // apex, but less than the whole pen), and on a duplex back the bleed (the back stands at
    // the front's mirror position, as far from the other edge). The pieces are packed that
    // far inside the safe area, so that none of it reaches the margin.
    let reach = match options.layout {
        Layout::Fold => sheets::CUT_WIDTH,
        Layout::Duplex => sheets::bleed_reach().max(sheets::CUT_WIDTH),
    };
    let safe = safe.inset(reach);
    let rest = Rect::new(safe.x, safe.y, safe.w, safe.h - foot);
    let first_top = cover.end + 6.0;
    let first = Rect::new(
        safe.x,
        first_top,
        safe.w,
        (rest.bottom() - first_top).max(0.0),
    );
    let mut order: Vec<usize> = (0..parts.len()).collect();
    order.sort_by(|&a, &b| {
        let (pa, pb) = (parts[a].size, parts[b].size);
        pb.1.total_cmp(&pa.1)
            .then(pb.0.total_cmp(&pa.0))
            .then(a.cmp(&b))
    });
    let boxes: Vec<(f64, f64)> = order
        .iter()
        .map(|&i| options.layout.footprint(parts[i].size))
        .collect();
    let mut spots = pack::pack(&boxes, first, rest, GAP).map_err(|i| {
        let p = &parts[order[i]];
        let (w, h) = boxes[i];
        KitError::DoesNotFit {
            what: format!(
                "the {} ({:.1} x {:.1} mm on the sheet)",
                variant.catalog.get(p.kind).english.to_lowercase(),
                w,
                h
            ),
            paper: options.paper,
            margin: options.margin,
        }
    })?;
    // The packer's first page is the cover's last.
    for s in &mut spots {
        s.page += cover.pages - 1;
    }
    Ok(Packed { order, spots })
}

/// The cover's pages and the blank sheets the pieces need (two pages a sheet in the duplex
/// layout, the cover's on the front sides, each with the registration marks).
fn sheet_pages(
    covers: Vec<Drawing>,
    packed: &Packed,
    options: &KitOptions,
    safe: Rect,
) -> Vec<Drawing> {
    let sheets = packed
        .spots
        .iter()
        .map(|s| s.page + 1)
        .max()
        .unwrap_or(1)
        .max(covers.len());
    let mut covers = covers.into_iter();
    let mut pages = Vec::new();
    for _ in 0..sheets {
        pages.push(covers.next().unwrap_or_else(|| blank_page(options)));
        if options.layout == Layout::Duplex {
            pages.push(blank_page(options));
        }
    }
    if options.layout == Layout::Duplex {
        for page in pages.iter_mut() {
            for x in [safe.x + 4.0, safe.right() - 4.0] {
                sheets::registration_mark(page, Point::new(x, safe.bottom() - 4.0));
            }
        }
    }
    pages
}

/// Draws every piece at its spot; the placements come back in part order.
fn draw_parts(
    pages: &mut [Drawing],
    fonts: &Fonts,
    variant: &Variant,
    parts: &[Part],
    packed: &Packed,
    options: &KitOptions,
) -> Result<Vec<Placement>, MissingGlyph> {
    let ordered: Vec<Part> = packed.order.iter().map(|&i| parts[i].clone()).collect();
    let mut placements = sheets::draw_parts(
        pages,
        fonts,
        &variant.catalog,
        &ordered,
        &packed.spots,
        options.layout,
        options.style,
        options.lettering,
    )?;
    for p in &mut placements {
        p.part = packed.order[p.part];
    }
    placements.sort_by_key(|p| p.part);
    Ok(placements)
}

/// The board, a tile a page; in the duplex layout each is followed by a blank back. Returns
/// the tiles' page indices.
fn tile_pages(
    pages: &mut Vec<Drawing>,
    fonts: &Fonts,
    spec: &BoardSpec,
    tiling: &Tiling,
    options: &KitOptions,
    safe: Rect,
) -> Result<Vec<usize>, MissingGlyph> {
    let art = board::board_art(spec, fonts)?;
    let mut out = Vec::new();
    for t in &tiling.tiles {
        let mut page = blank_page(options);
        tiles::draw_tile(&mut page, fonts, spec, &art, tiling, t, safe)?;
        out.push(pages.len());
        pages.push(page);
        if options.layout == Layout::Duplex {
            let (pw, ph) = (options.paper.width, options.paper.height);
            pages.push(blank_back(
                fonts,
                pw,
                ph,
                safe,
                "Back of the board tile: left blank.",
            )?);
        }
    }
    Ok(out)
}

fn check(o: &KitOptions) -> Result<(), KitError> {
    let bad = |option, message| Err(KitError::Option { option, message });
    if !(o.scale.is_finite() && (0.25..=4.0).contains(&o.scale)) {
        return bad("scale", format!("{}: expected 0.25 to 4", o.scale));
    }
    if !(o.margin.is_finite() && (0.0..=40.0).contains(&o.margin)) {
        return bad("margin", format!("{} mm: expected 0 to 40", o.margin));
    }
    let (w, h) = o.square.unwrap_or(board::JSA_SQUARE);
    if !(w.is_finite()
        && h.is_finite()
        && (10.0..=100.0).contains(&w)
        && (10.0..=100.0).contains(&h))
    {
        return bad(
            "square",
            format!("{w} x {h} mm: each side must be 10 to 100 mm"),
        );
    }
    if o.paper.width - 2.0 * o.margin < 60.0 || o.paper.height - 2.0 * o.margin < 60.0 {
        return bad(
            "margin",
            format!(
                "{} mm on {} leaves less than 60 mm to print on",
                o.margin, o.paper
            ),
        );
    }
    Ok(())
}

/// The back of a board tile in the duplex layout: blank but for a note, so that printing the
/// whole file double-sided keeps the tiles single-sided.
fn blank_back(
    fonts: &Fonts,
    pw: f64,
    ph: f64,
    safe: Rect,
    note: &str,
) -> Result<Drawing, MissingGlyph> {
    let mut d = Drawing::new(pw, ph);
    let g = fonts.line(
        TextStyle::new(FontRole::Regular, 3.0),
        note,
        Point::new(pw / 2.0, safe.bottom() - 2.0),
        crate::draw::Align::Center,
    )?;
    d.glyphs(crate::draw::Color(0x80, 0x80, 0x80), g);
    Ok(d)
}
