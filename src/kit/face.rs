//! One face of a kit piece at true size: the wood-coloured pentagon, the name, the English name
//! along the base and the movement marks read from the kind's movement data (the same marks as
//! the diagram `arrows` style, placed around a taller name).
//!
//! A face is drawn standing on the origin: the middle of its base at (0, 0), its apex at
//! (0, -height). Sheets move and turn it into place.

use super::fit::{self, Name, Room};
use crate::diagram::face::{pentagon, INK, PROMOTED_INK, WOOD};
use crate::diagram::marks::{self, mark_groups, MarkGeometry};
use crate::draw::{
    Affine, Align, Color, Drawing, FontRole, Fonts, MissingGlyph, Path, Point, Rect, TextStyle,
};
use crate::rules::PieceKind;
use std::str::FromStr;

/// What the middle of a face shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FaceStyle {
    /// The two-character name (玉将, 飛車 …), as on traditional pieces.
    #[default]
    Kanji,
    /// The one-character abbreviation, large, for beginners reading the marks.
    Arrows,
    /// The SFEN letter (K, R, +R …).
    Western,
}

impl FromStr for FaceStyle {
    type Err = String;

    fn from_str(s: &str) -> Result<FaceStyle, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "kanji" => Ok(FaceStyle::Kanji),
            "arrows" => Ok(FaceStyle::Arrows),
            "western" => Ok(FaceStyle::Western),
            _ => Err(format!("'{s}': expected kanji, arrows or western")),
        }
    }
}

impl FaceStyle {
    pub fn name(self) -> &'static str {
        match self {
            FaceStyle::Kanji => "kanji",
            FaceStyle::Arrows => "arrows",
            FaceStyle::Western => "western",
        }
    }
}

/// The hand the names on the pieces are written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lettering {
    /// A brush face (書体, Yuji Syuku), as the names are written or carved on real pieces.
    #[default]
    Brush,
    /// Noto Serif JP Bold, a printed Mincho.
    Mincho,
}

impl FromStr for Lettering {
    type Err = String;

    fn from_str(s: &str) -> Result<Lettering, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "brush" | "書体" => Ok(Lettering::Brush),
            "mincho" | "明朝" => Ok(Lettering::Mincho),
            _ => Err(format!("'{s}': expected brush or mincho")),
        }
    }
}

impl Lettering {
    pub fn name(self) -> &'static str {
        match self {
            Lettering::Brush => "brush",
            Lettering::Mincho => "mincho",
        }
    }

    /// The font role that writes `text`: the brush face when asked for and it has every
    /// character (the bundled one has only the built-in pieces' names), else the bold Mincho,
    /// so a name is never written half in one face and half in another.
    pub fn role(self, fonts: &Fonts, text: &str) -> FontRole {
        match self {
            Lettering::Brush if fonts.covers(FontRole::Brush, text) => FontRole::Brush,
            _ => FontRole::Bold,
        }
    }
}

/// The outline of a face standing on the origin.
pub fn outline((base, height): (f64, f64)) -> [Point; 5] {
    pentagon(Point::new(0.0, 0.0), base, height)
}

/// A face with nothing on it: the back of a piece that does not promote.
pub fn plain((base, height): (f64, f64)) -> Drawing {
    let mut d = Drawing::new(base, height);
    d.fill(Path::polygon(&outline((base, height))), WOOD);
    d
}

/// The face of `kind` in the default lettering: see [`face_in`].
pub fn face(
    fonts: &Fonts,
    kind: &PieceKind,
    name: &str,
    abbr: &str,
    style: FaceStyle,
    size: (f64, f64),
) -> Result<Drawing, MissingGlyph> {
    face_in(fonts, kind, name, abbr, style, Lettering::default(), size)
}

/// The face of `kind`. `name` is the two-character name and `abbr` the one-character one
/// (they differ between the two kings), written in `lettering`; promoted kinds are drawn in
/// red.
pub fn face_in(
    fonts: &Fonts,
    kind: &PieceKind,
    name: &str,
    abbr: &str,
    style: FaceStyle,
    lettering: Lettering,
    (base, height): (f64, f64),
) -> Result<Drawing, MissingGlyph> {
    let mut d = plain((base, height));
    let ink = if kind.promoted { PROMOTED_INK } else { INK };

    let clear = clearance(base);
    let o = outline((base, height));
    let ink_depth = |glyphs: &[crate::draw::Glyph]| {
        glyphs
            .iter()
            .filter_map(|g| fonts.ink_rect(g))
            .flat_map(corners)
            .map(|p| depth(&o, p))
            .fold(f64::INFINITY, f64::min)
    };

    // The English name along the base, its descenders `clear` above the cut, shrunk until its
    // ends keep as far from the leaning sides; a long one (a user's piece) that would shrink
    // past `ENGLISH_LEAST_EM` goes onto two lines instead, the upper one over the lower.
    let english = TextStyle::new(FontRole::Regular, 0.09 * base);
    let room = 0.84 * base;
    let width = fonts.width(english, &kind.english)?;
    let least = ENGLISH_LEAST_EM.min(ENGLISH_SHRINK * english.size);
    // The lines set on the base, each shrunk until its ink keeps `clear` from the cut: their
    // glyphs, the top of their ink and the size they came to.
    let place = |lines: &[String], mut english: TextStyle| {
        let mut name_line = Vec::new();
        let mut name_top = 0.0;
        for _ in 0..40 {
            let probe = |line: &str| -> Result<Vec<Rect>, MissingGlyph> {
                let g = fonts.line(english, line, Point::new(0.0, 0.0), Align::Center)?;
                Ok(g.iter().filter_map(|g| fonts.ink_rect(g)).collect())
            };
            let below = probe(&lines[lines.len() - 1])?
                .iter()
                .map(|r| r.bottom())
                .fold(0.0, f64::max);
            let above = probe(&lines[0])?.iter().map(|r| r.y).fold(0.0, f64::min);
            let baseline = -clear - below - 0.05;
            let lead = ENGLISH_LEAD * english.size;
            let top = baseline - lead * (lines.len() - 1) as f64;
            name_line.clear();
            for (i, line) in lines.iter().enumerate() {
                let at = Point::new(0.0, top + lead * i as f64);
                name_line.extend(fonts.line(english, line, at, Align::Center)?);
            }
            name_top = top + above;
            if ink_depth(&name_line) >= clear {
                break;
            }
            english.size *= 0.96;
        }
        Ok::<_, MissingGlyph>((name_line, name_top, english.size))
    };
    let mut one = english;
    if width > room {
        one.size *= room / width;
    }
    let (mut name_line, mut name_top, size) = place(std::slice::from_ref(&kind.english), one)?;
    if size < least - 1e-9 {
        // The width the one line came to is what the base has room for; the upper of two
        // lines stands where the sides have come in a little further.
        let fits = fonts.width(TextStyle::new(FontRole::Regular, size), &kind.english)?;
        let room = fits - 2.0 * SIDE_LEAN * ENGLISH_LEAD * least;
        let mut two = TextStyle::new(FontRole::Regular, least);
        let lines = english_lines(fonts, &mut two, &kind.english, room)?;
        (name_line, name_top, _) = place(&lines, two)?;
    }
    d.glyphs(ink, name_line);

    // Marks on an ellipse between the English name and the roof, around the name. Each mark
    // keeps `clear` from the cut: the ellipse narrows (or flattens) and the marks shrink until
    // every one does, so they never leave their places round the name. (A mark that would
    // touch the name then moves out of its way: see `fit`.)
    let mut dot = 0.045 * base;
    let low = -name_top + 0.7 + dot;
    let high = 0.85 * height;
    let hub = Point::new(0.0, -(low + high) / 2.0);
    let mut ry = (high - low) / 2.0;
    // Sideways marks (an arrow's tip reaching furthest) keep clear of the leaning sides.
    let [corner, shoulder, ..] = o;
    let level = (low + high) / 2.0;
    let half_width = -(corner.x + (shoulder.x - corner.x) * (level / -shoulder.y));
    let reach = MarkGeometry::KIT.slide.1;
    let mut rx = (half_width - dot - 0.8).min((half_width - 0.6) / reach);
    let mut marks = Vec::new();
    for _ in 0..80 {
        marks = mark_groups(&kind.movement, hub, (rx, ry), dot, ink, &MarkGeometry::KIT);
        let mut tight = (false, false);
        for m in marks.iter().flatten() {
            let half = m.stroke.as_ref().map_or(0.0, |s| s.width / 2.0);
            let shallow = m
                .path
                .points_along()
                .into_iter()
                .any(|p| depth(&o, p) < clear + half);
            if shallow {
                let c = m.path.bounds().map_or(hub, |b| b.center());
                let (dx, dy) = ((c.x - hub.x) / rx, (c.y - hub.y) / ry);
                if dx.abs() >= dy.abs() * 0.5 {
                    tight.0 = true;
                }
                if dy.abs() >= dx.abs() * 0.5 {
                    tight.1 = true;
                }
            }
        }
        if tight == (false, false) {
            break;
        }
        if tight.0 {
            rx *= 0.97;
        }
        if tight.1 {
            ry *= 0.97;
        }
        dot *= 0.985;
    }

    // Inside the marks: the name at its size for the piece's height (the same share of it on
    // every piece), the marks that would touch it moved out of its way (see `fit`).
    let room = Room {
        outline: o,
        clear,
        floor: name_top - ENGLISH_AIR,
    };
    let air = NAME_AIR * (base / 22.0).min(1.0);
    let fitted = match style {
        FaceStyle::Kanji => {
            let n = name.chars().count();
            let role = lettering.role(fonts, name);
            let layout = |em: f64| {
                let top = hub.y - em * n as f64 / 2.0;
                Ok(fonts
                    .column(TextStyle::new(role, em), name, hub.x, top, 0.0)?
                    .0)
            };
            let name = Name {
                layout,
                target: KANJI_EM * height * 2.0 / n.max(2) as f64,
                pen: pen(role),
                air,
                over: 0.0,
            };
            fit_marks(fonts, &room, hub, &name, marks, kind, (base, ink))?
        }
        FaceStyle::Arrows => {
            let ch = abbr.chars().next().unwrap_or('?');
            let role = lettering.role(fonts, &ch.to_string());
            let layout = |em: f64| {
                Ok(vec![fonts.centered(
                    TextStyle::new(role, em),
                    ch,
                    hub,
                    (1.0, 1.0),
                    0.0,
                )?])
            };
            let name = Name {
                layout,
                target: ARROWS_EM * height,
                pen: pen(role),
                air,
                over: 0.0,
            };
            fit_marks(fonts, &room, hub, &name, marks, kind, (base, ink))?
        }
        FaceStyle::Western => {
            let layout = |em: f64| western(fonts, kind, hub, em);
            // A red back's letter carries its plus, wider than the front's letter alone:
            // at the front's share most would shrink, each as far as its marks make it.
            let share = if kind.promoted {
                WESTERN_PROMOTED_EM
            } else {
                WESTERN_EM
            };
            let name = Name {
                layout,
                target: share * height,
                pen: 0.0,
                air,
                over: WESTERN_OVER,
            };
            fit_marks(fonts, &room, hub, &name, marks, kind, (base, ink))?
        }
    };
    for shape in fitted.marks.into_iter().flatten() {
        d.shape(shape);
    }
    let glyphs = fitted.name;
    // The brush face is a light book hand; carved and lacquered pieces (錦旗, 水無瀬) have
    // heavy strokes. Its outlines are drawn again with a pen of the same ink round them, which
    // thickens every stroke by `BRUSH_WEIGHT` of the em without changing its shape.
    for g in glyphs.iter().filter(|g| g.font == FontRole::Brush) {
        let face = fonts.face(FontRole::Brush);
        let em = g.transform.scale_factor() * face.units_per_em();
        d.shape(crate::draw::Shape {
            path: face.outline_path(g.id).transformed(&g.transform),
            fill: Some(ink),
            stroke: Some(crate::draw::Stroke::solid(ink, BRUSH_WEIGHT * em).round()),
            opacity: 1.0,
        });
    }
    d.glyphs(ink, glyphs);
    Ok(d)
}

/// The name and the marks round it: a crowded piece's (see [`marks::crowded`]) as a movement
/// diagram round its name where one fits ([`lattice_fit`]), any other's fitted round it by
/// [`fit::fit`].
fn fit_marks<F>(
    fonts: &Fonts,
    room: &Room,
    hub: Point,
    name: &Name<F>,
    marks: Vec<Vec<crate::draw::Shape>>,
    kind: &PieceKind,
    (base, ink): (f64, Color),
) -> Result<fit::Fitted, MissingGlyph>
where
    F: Fn(f64) -> Result<Vec<crate::draw::Glyph>, MissingGlyph>,
{
    if marks::crowded(&kind.movement) {
        if let Some(f) = lattice_fit(fonts, room, hub, name, kind, (base, ink))? {
            return Ok(f);
        }
    }
    fit::fit(fonts, room, hub, name, marks)
}

/// A crowded piece's marks (the example lion, `KNAD`: 24 of them) on their own places round
/// the name's box, a square a step away next to the name and one two away beyond it (see
/// [`marks::lattice`]), the whole standing on the English name where the face is widest.
/// Placed on a ring round the name's middle, the outer marks on the roof drew the ring in
/// to 2 mm and the name inside it came to 30 % of a face's. Here the dots are the largest of
/// `LATTICE_DOTS` that leaves the name `LATTICE_LEAST` of its size, and the name as large as
/// they leave it (with the smallest dots, as large as fits); `None` where nothing fits.
fn lattice_fit<F>(
    fonts: &Fonts,
    room: &Room,
    hub: Point,
    name: &Name<F>,
    kind: &PieceKind,
    (base, ink): (f64, Color),
) -> Result<Option<fit::Fitted>, MissingGlyph>
where
    F: Fn(f64) -> Result<Vec<crate::draw::Glyph>, MissingGlyph>,
{
    // The largest dot that leaves the name `LATTICE_LEAST` of its size, the name as large as
    // that dot leaves it; with the smallest dot, the name as large as fits.
    for (tier, radius) in LATTICE_DOTS.into_iter().enumerate() {
        let least = if tier + 1 < LATTICE_DOTS.len() {
            LATTICE_LEAST * name.target
        } else {
            0.0
        };
        let mut em = name.target;
        while em >= least && em > 0.05 * name.target {
            let dot = radius * base / LATTICE_BASE;
            if let Some(f) = lattice_at(fonts, room, hub, name, kind, em, (dot, ink))? {
                return Ok(Some(f));
            }
            em *= 0.97;
        }
    }
    Ok(None)
}

/// A crowded face's name at `em` and its marks, of dots of `dot`, round it, standing on the
/// English name; `None` if they do not keep inside the cut.
fn lattice_at<F>(
    fonts: &Fonts,
    room: &Room,
    hub: Point,
    name: &Name<F>,
    kind: &PieceKind,
    em: f64,
    (dot, ink): (f64, Color),
) -> Result<Option<fit::Fitted>, MissingGlyph>
where
    F: Fn(f64) -> Result<Vec<crate::draw::Glyph>, MissingGlyph>,
{
    let glyphs = (name.layout)(em)?;
    let pen = name.pen * em / 2.0;
    let Some(r) = glyphs
        .iter()
        .filter_map(|g| fonts.ink_rect(g))
        .map(|r| r.inset(-pen))
        .reduce(|a, b| a.union(&b))
    else {
        return Ok(None);
    };
    let air = LATTICE_AIR * name.air;
    let inner = marks::Inner {
        side: (hub.x - r.x).max(r.right() - hub.x) + air + dot,
        up: hub.y - r.y + air + dot,
        down: r.bottom() - hub.y + air + dot,
    };
    let pitch = LATTICE_PITCH * dot;
    let Some(marks) = marks::lattice(&kind.movement, hub, inner, pitch, dot, ink) else {
        return Ok(None);
    };
    // The marks' ink, each point with its pen's half width.
    let points: Vec<(Point, f64)> = marks
        .iter()
        .flatten()
        .flat_map(|s| {
            let half = s.stroke.as_ref().map_or(0.0, |k| k.width / 2.0);
            s.path.points_along().into_iter().map(move |p| (p, half))
        })
        .collect();
    let lowest = points
        .iter()
        .map(|&(p, half)| p.y + half)
        .fold(r.bottom(), f64::max);
    let shift = Point::new(0.0, room.floor - lowest);
    let marks_in = points
        .iter()
        .all(|&(p, half)| depth(&room.outline, p + shift) >= room.clear + half);
    let name_in = corners(r)
        .into_iter()
        .all(|p| depth(&room.outline, p + shift) >= room.clear);
    if !(marks_in && name_in) {
        return Ok(None);
    }
    let moved = Affine::translate(shift.x, shift.y);
    let marks = marks
        .into_iter()
        .map(|group| {
            group
                .into_iter()
                .map(|mut s| {
                    s.path = s.path.transformed(&moved);
                    s
                })
                .collect()
        })
        .collect();
    let mut name = glyphs;
    for g in &mut name {
        g.transform = moved * g.transform;
    }
    Ok(Some(fit::Fitted { em, name, marks }))
}

/// A crowded face's dots' radii in millimetres on a face `LATTICE_BASE` wide (in proportion on
/// others), tried in turn, largest first: dots 1.8 mm across down to 1.2 mm (a ring's outer
/// edge is 1.4 times a dot's radius). The lattice had 0.95 mm dots at first, hard to make
/// out on a printed piece at arm's length. The name, read first, keeps `LATTICE_LEAST` of its
/// size before the dots come smaller; the smallest dots leave it as large as fits.
const LATTICE_DOTS: [f64; 7] = [0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6];

/// The air between a crowded face's name and the marks round it, as a share of a plain
/// face's (0.6 mm at true size): the diagram's dots and rings stand in rows and columns of
/// their own, so they cannot be taken for strokes of the name, and every tenth of a
/// millimetre goes to the name.
const LATTICE_AIR: f64 = 0.75;

/// The base at which a crowded face's dots have the sizes of `LATTICE_DOTS`: the gold's, the
/// size of a user's piece with no `size_mm`.
const LATTICE_BASE: f64 = 26.0;

/// The least share of its size a crowded face's name keeps before its dots come smaller.
const LATTICE_LEAST: f64 = 0.7;

/// The distance between neighbouring places of a crowded face's diagram, in dots' radii: a
/// dot (1), a ring (1.1 and half its 0.6 pen) and a dot's width of air.
const LATTICE_PITCH: f64 = 3.6;

/// How much the brush face's strokes are thickened, as a share of the em.
const BRUSH_WEIGHT: f64 = 0.035;

/// The pen that thickens a name's strokes, as a share of its em: the brush's, or none.
fn pen(role: FontRole) -> f64 {
    if role == FontRole::Brush {
        BRUSH_WEIGHT
    } else {
        0.0
    }
}

/// The names' sizes, as shares of the piece's height: a two-character name's em, the
/// one-character name's (`arrows`) and the letter's (`western`; on a promoted back, with its
/// plus, the share every standard back takes with its marks clear). Every piece asks for the
/// same share, so names differ only as the pieces do; a name is smaller only where its marks
/// cannot move out of its way.
pub const KANJI_EM: f64 = 0.215;
pub const ARROWS_EM: f64 = 0.32;
pub const WESTERN_EM: f64 = 0.36;
pub const WESTERN_PROMOTED_EM: f64 = 0.275;

/// The least gap between a western letter and a mark above or below it, as a share of its
/// em: an accent sits about a tenth of the em over a capital.
const WESTERN_OVER: f64 = 0.2;

/// The least em of the English name on one line, in millimetres (5 pt, a cap height of about
/// 1.25 mm): about the smallest print that still reads at arm's length, such as a dictionary's
/// or a medicine leaflet's, and a little under the pawn's own (0.09 of its base, 1.98 mm). A
/// longer name goes onto two lines at this size.
pub const ENGLISH_LEAST_EM: f64 = 1.75;

/// How far a name may shrink on one line, as a share of its own size, where that is the
/// stricter limit (on a kit printed smaller with `--scale`, and on the pawn): two lines take
/// more of the face than a name a little smaller (the promoted knight's, at 0.8, 95 %).
pub const ENGLISH_SHRINK: f64 = 0.85;

/// The distance between the two lines of a long English name, as a share of its em: the
/// capitals of the lower line keep clear of the upper line's descenders.
const ENGLISH_LEAD: f64 = 1.1;

/// How far a piece's side comes in for each millimetre up: its sides stand at about 80.5° to
/// the base (tan 9.5°).
const SIDE_LEAN: f64 = 0.167;

/// `text` in as few lines as fit `room` at `style` of at most two, of about one length; where
/// two lines are not enough at `style`, the size comes down until they are.
fn english_lines(
    fonts: &Fonts,
    style: &mut TextStyle,
    text: &str,
    room: f64,
) -> Result<Vec<String>, MissingGlyph> {
    loop {
        let lines = fonts.wrap_balanced(*style, text, room)?;
        if lines.len() <= 2 || style.size < 0.2 {
            let lines: Vec<String> = lines.iter().map(|l| l.trim().to_string()).collect();
            let mut widest: f64 = 0.0;
            for line in &lines {
                widest = widest.max(fonts.width(*style, line)?);
            }
            if widest > room {
                style.size *= room / widest;
            }
            return Ok(lines);
        }
        style.size *= 0.96;
    }
}

/// Air kept between the name's ink and any mark's, at true size (less on a piece smaller
/// than a pawn), and between the marks and the English name.
const NAME_AIR: f64 = 0.8;
const ENGLISH_AIR: f64 = 0.7;

/// The letter at `size` centred on `hub` by the capital's height, and for a promoted kind a
/// small raised plus before it, as printed notation writes +R.
fn western(
    fonts: &Fonts,
    kind: &PieceKind,
    hub: Point,
    size: f64,
) -> Result<Vec<crate::draw::Glyph>, MissingGlyph> {
    let style = TextStyle::new(FontRole::Bold, size);
    let letter = kind.letter.to_string();
    let letter_w = fonts.width(style, &letter)?;
    let plus = TextStyle::new(FontRole::Bold, 0.55 * size);
    let plus_w = if kind.promoted {
        fonts.width(plus, "+")?
    } else {
        0.0
    };
    let left = hub.x - (letter_w + plus_w) / 2.0;
    let baseline = hub.y + 0.36 * size;
    let mut glyphs = fonts.line(
        style,
        &letter,
        Point::new(left + plus_w, baseline),
        Align::Start,
    )?;
    if kind.promoted {
        glyphs.extend(fonts.line(
            plus,
            "+",
            Point::new(left, baseline - 0.3 * size),
            Align::Start,
        )?);
    }
    Ok(glyphs)
}

/// How far every mark and letter keeps inside the cut: scissors wander and a duplex back may
/// land 1–2 mm off. 2.5 mm at true size; proportionally less on a piece smaller than a pawn.
pub const CLEARANCE: f64 = 2.5;

/// The clearance for a face `base` mm wide (the pawn, 22 mm, is the smallest true-size face).
pub fn clearance(base: f64) -> f64 {
    CLEARANCE.min(CLEARANCE * base / 22.0)
}

/// How deep `p` lies inside the convex outline `o`: its distance to the nearest edge, negative
/// outside.
pub fn depth(o: &[Point; 5], p: Point) -> f64 {
    (0..5)
        .map(|i| {
            let (a, b) = (o[i], o[(i + 1) % 5]);
            let e = b - a;
            ((p.y - a.y) * e.x - (p.x - a.x) * e.y) / e.length()
        })
        .fold(f64::INFINITY, f64::min)
}

fn corners(r: Rect) -> [Point; 4] {
    [
        Point::new(r.x, r.y),
        Point::new(r.right(), r.y),
        Point::new(r.x, r.bottom()),
        Point::new(r.right(), r.bottom()),
    ]
}
