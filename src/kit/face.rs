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

/// The face of `kind`. `name` is the two-character name and `abbr` the one-character one
/// (they differ between the two kings); promoted kinds are drawn in red.
pub fn face(
    fonts: &Fonts,
    kind: &PieceKind,
    name: &str,
    abbr: &str,
    style: FaceStyle,
    (base, height): (f64, f64),
) -> Result<Drawing, MissingGlyph> {
    let mut d = plain((base, height));
    let ink = if kind.promoted { PROMOTED_INK } else { INK };

    // The English name along the base, shrunk to fit if it is long.
    let mut english = TextStyle::new(FontRole::Regular, 0.09 * base);
    let room = 0.84 * base;
    let width = fonts.width(english, &kind.english)?;
    if width > room {
        english.size *= room / width;
    }
    let baseline = -0.065 * height;
    d.glyphs(
        ink,
        fonts.line(
            english,
            &kind.english,
            Point::new(0.0, baseline),
            Align::Center,
        )?,
    );

    // Marks on an ellipse between the English name and the roof, around the name.
    let dot = 0.045 * base;
    let low = -baseline + 0.72 * english.size + 0.7 + dot;
    let high = 0.85 * height;
    let hub = Point::new(0.0, -(low + high) / 2.0);
    let ry = (high - low) / 2.0;
    // Sideways marks (an arrow's tip reaching furthest) keep clear of the leaning sides.
    let [corner, shoulder, ..] = outline((base, height));
    let level = (low + high) / 2.0;
    let half_width = -(corner.x + (shoulder.x - corner.x) * (level / -shoulder.y));
    let reach = MarkGeometry::KIT.slide.1;
    let rx = (half_width - dot - 0.8).min((half_width - 0.6) / reach);
    let marks = movement_marks(&kind.movement, hub, (rx, ry), dot, ink, &MarkGeometry::KIT);
    let boxes: Vec<Rect> = marks.iter().filter_map(|m| m.path.bounds()).collect();
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
            if !boxes.iter().any(|b| overlaps(&room, b)) {
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
                TextStyle::new(FontRole::Bold, size),
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
            vec![fonts.centered(
                TextStyle::new(FontRole::Bold, size),
                ch,
                hub,
                (1.0, 1.0),
                0.0,
            )?]
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
    d.glyphs(ink, glyphs);
    Ok(d)
}

fn overlaps(a: &Rect, b: &Rect) -> bool {
    a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom()
}
