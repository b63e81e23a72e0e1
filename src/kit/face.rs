//! One face of a kit piece at true size: the wood-coloured pentagon, the name, the English name
//! along the base and the movement marks read from the kind's movement data (the same marks as
//! the diagram `arrows` style, placed around a taller name).
//!
//! A face is drawn standing on the origin: the middle of its base at (0, 0), its apex at
//! (0, -height). Sheets move and turn it into place.

use crate::diagram::face::{pentagon, INK, PROMOTED_INK, WOOD};
use crate::diagram::marks::{movement_marks, MarkGeometry};
use crate::draw::{Align, Drawing, FontRole, Fonts, MissingGlyph, Path, Point, Rect, TextStyle};
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
    // ends keep as far from the leaning sides.
    let mut english = TextStyle::new(FontRole::Regular, 0.09 * base);
    let room = 0.84 * base;
    let width = fonts.width(english, &kind.english)?;
    if width > room {
        english.size *= room / width;
    }
    let mut name_line = Vec::new();
    let mut name_top = 0.0;
    for _ in 0..40 {
        let probe = fonts.line(english, &kind.english, Point::new(0.0, 0.0), Align::Center)?;
        let ink: Vec<Rect> = probe.iter().filter_map(|g| fonts.ink_rect(g)).collect();
        let below = ink.iter().map(|r| r.bottom()).fold(0.0, f64::max);
        let above = ink.iter().map(|r| r.y).fold(0.0, f64::min);
        let baseline = -clear - below - 0.05;
        name_line = fonts.line(
            english,
            &kind.english,
            Point::new(0.0, baseline),
            Align::Center,
        )?;
        name_top = baseline + above;
        if ink_depth(&name_line) >= clear {
            break;
        }
        english.size *= 0.96;
    }
    d.glyphs(ink, name_line);

    // Marks on an ellipse between the English name and the roof, around the name. Each mark
    // keeps `clear` from the cut: the ellipse narrows (or flattens) and the marks shrink until
    // every one does, so they never leave their places round the name.
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
        marks = movement_marks(&kind.movement, hub, (rx, ry), dot, ink, &MarkGeometry::KIT);
        let mut tight = (false, false);
        for m in &marks {
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
    // The marks' ink as points (with the pen's half width), so that the name can reach in
    // between diagonal arrows rather than stop at their boxes.
    let ink_points: Vec<(Point, f64)> = marks
        .iter()
        .flat_map(|m| {
            let half = m.stroke.as_ref().map_or(0.0, |s| s.width / 2.0);
            m.path.points_along().into_iter().map(move |p| (p, half))
        })
        .collect();
    for shape in marks {
        d.shape(shape);
    }

    // Inside the marks: the name, as large as fits between them. `(w, h)` is the name's box
    // for an em of 1; the em shrinks until the box, with some air, touches no mark.
    let fit = |largest: f64, (w, h): (f64, f64)| {
        let mut em = largest;
        for _ in 0..40 {
            let room =
                Rect::new(hub.x - em * w / 2.0, hub.y - em * h / 2.0, em * w, em * h).inset(-0.5);
            let clear_of_cut = corners(room).into_iter().all(|p| depth(&o, p) >= clear);
            let touches = ink_points.iter().any(|&(p, half)| {
                p.x > room.x - half
                    && p.x < room.right() + half
                    && p.y > room.y - half
                    && p.y < room.bottom() + half
            });
            if clear_of_cut && !touches {
                break;
            }
            em *= 0.97;
        }
        em
    };
    let glyphs = match style {
        FaceStyle::Kanji => {
            let size = fit(0.36 * base, (1.0, name.chars().count() as f64));
            let (glyphs, _) = fonts.column(
                TextStyle::new(lettering.role(fonts, name), size),
                name,
                hub.x,
                hub.y - size * name.chars().count() as f64 / 2.0,
                0.0,
            )?;
            glyphs
        }
        FaceStyle::Arrows => {
            let size = fit(0.5 * base, (1.0, 1.0));
            let ch = abbr.chars().next().unwrap_or('?');
            let role = lettering.role(fonts, &ch.to_string());
            vec![fonts.centered(TextStyle::new(role, size), ch, hub, (1.0, 1.0), 0.0)?]
        }
        FaceStyle::Western => {
            // The letter, and for a promoted kind a small raised plus before it, as printed
            // notation writes +R.
            let wide = if kind.promoted { 1.05 } else { 0.75 };
            let size = fit(0.46 * base, (wide, 0.75));
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
            // Centred on the hub by the capital's height.
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
            glyphs
        }
    };
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

/// How much the brush face's strokes are thickened, as a share of the em.
const BRUSH_WEIGHT: f64 = 0.035;

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
