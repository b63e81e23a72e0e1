//! The drawing itself: a page-sized list of items in paint order.

use super::fonts::FontRole;
use super::geometry::{Affine, Rect};
use super::path::Path;

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Color(pub u8, pub u8, pub u8);

impl Color {
    pub const BLACK: Color = Color(0, 0, 0);
    pub const WHITE: Color = Color(255, 255, 255);

    /// `#rrggbb`.
    pub fn hex(&self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// Parses `#rgb`, `#rrggbb` or one of a few names.
    pub fn parse(text: &str) -> Option<Color> {
        let named = match text.to_ascii_lowercase().as_str() {
            "black" => Some(Color(0, 0, 0)),
            "white" => Some(Color(255, 255, 255)),
            "red" => Some(Color(0xc8, 0x1e, 0x1e)),
            "blue" => Some(Color(0x1f, 0x4e, 0xb4)),
            "green" => Some(Color(0x1e, 0x8a, 0x3c)),
            "yellow" => Some(Color(0xf2, 0xc9, 0x1f)),
            "orange" => Some(Color(0xe8, 0x7a, 0x12)),
            "grey" | "gray" => Some(Color(0x80, 0x80, 0x80)),
            _ => None,
        };
        if named.is_some() {
            return named;
        }
        let hex = text.strip_prefix('#')?;
        let digit = |i: usize| u8::from_str_radix(hex.get(i..i + 1)?, 16).ok();
        match hex.len() {
            3 => Some(Color(digit(0)? * 17, digit(1)? * 17, digit(2)? * 17)),
            6 => {
                let byte = |i: usize| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok();
                Some(Color(byte(0)?, byte(2)?, byte(4)?))
            }
            _ => None,
        }
    }

    /// This colour mixed with white, `amount` 0 (unchanged) to 1 (white): a tint that prints the
    /// same everywhere, unlike transparency.
    pub fn tint(&self, amount: f64) -> Color {
        let mix = |c: u8| (c as f64 + (255.0 - c as f64) * amount).round() as u8;
        Color(mix(self.0), mix(self.1), mix(self.2))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineCap {
    Butt,
    Round,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stroke {
    pub color: Color,
    /// Line width in millimetres.
    pub width: f64,
    /// Dash and gap lengths in millimetres; empty for a solid line.
    pub dash: Vec<f64>,
    pub cap: LineCap,
}

impl Stroke {
    pub fn solid(color: Color, width: f64) -> Stroke {
        Stroke {
            color,
            width,
            dash: Vec::new(),
            cap: LineCap::Butt,
        }
    }

    pub fn dashed(color: Color, width: f64, dash: &[f64]) -> Stroke {
        Stroke {
            color,
            width,
            dash: dash.to_vec(),
            cap: LineCap::Butt,
        }
    }

    pub fn round(mut self) -> Stroke {
        self.cap = LineCap::Round;
        self
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    pub path: Path,
    pub fill: Option<Color>,
    pub stroke: Option<Stroke>,
    /// 1 is opaque. Only annotations use less (arrows over pieces).
    pub opacity: f64,
}

/// One glyph: `transform` maps the font's units (y up, origin on the baseline) to millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glyph {
    pub font: FontRole,
    pub id: u16,
    pub ch: char,
    pub transform: Affine,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Shape(Shape),
    /// Glyphs of one colour.
    Text {
        color: Color,
        glyphs: Vec<Glyph>,
    },
}

/// A picture of `width` × `height` millimetres.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drawing {
    pub width: f64,
    pub height: f64,
    pub items: Vec<Item>,
    /// What the picture shows, in a line (an SVG's `<title>`); drawn nowhere.
    pub title: Option<String>,
    /// The picture in words for people who cannot see it (an SVG's `<desc>`); drawn nowhere.
    pub description: Option<String>,
}

impl Drawing {
    /// Every glyph of the drawing's text, in drawing order.
    pub fn text_glyphs(&self) -> impl Iterator<Item = &Glyph> {
        self.items
            .iter()
            .filter_map(|item| match item {
                Item::Text { glyphs, .. } => Some(glyphs.iter()),
                Item::Shape(_) => None,
            })
            .flatten()
    }

    /// Every glyph the drawing shows, each once, in a stable order: what an SVG defines.
    pub fn glyphs_used(&self) -> std::collections::BTreeSet<(FontRole, u16)> {
        self.text_glyphs().map(|g| (g.font, g.id)).collect()
    }

    pub fn new(width: f64, height: f64) -> Drawing {
        Drawing {
            width,
            height,
            items: Vec::new(),
            title: None,
            description: None,
        }
    }

    pub fn fill(&mut self, path: Path, color: Color) {
        self.items.push(Item::Shape(Shape {
            path,
            fill: Some(color),
            stroke: None,
            opacity: 1.0,
        }));
    }

    pub fn stroke(&mut self, path: Path, stroke: Stroke) {
        self.items.push(Item::Shape(Shape {
            path,
            fill: None,
            stroke: Some(stroke),
            opacity: 1.0,
        }));
    }

    pub fn fill_and_stroke(&mut self, path: Path, fill: Color, stroke: Stroke) {
        self.items.push(Item::Shape(Shape {
            path,
            fill: Some(fill),
            stroke: Some(stroke),
            opacity: 1.0,
        }));
    }

    pub fn shape(&mut self, shape: Shape) {
        self.items.push(Item::Shape(shape));
    }

    pub fn glyphs(&mut self, color: Color, glyphs: Vec<Glyph>) {
        if !glyphs.is_empty() {
            self.items.push(Item::Text { color, glyphs });
        }
    }

    /// Appends another drawing's items, moved by `(dx, dy)`: how pages are composed of diagrams.
    pub fn place(&mut self, other: &Drawing, dx: f64, dy: f64) {
        self.place_transformed(other, super::Affine::translate(dx, dy));
    }

    /// Appends another drawing's items mapped through `m` (stroke widths and dashes scale with
    /// it): how a kit turns a piece's back face 180° about its fold line.
    pub fn place_transformed(&mut self, other: &Drawing, m: super::Affine) {
        let k = m.scale_factor();
        for item in &other.items {
            self.items.push(match item {
                Item::Shape(s) => Item::Shape(Shape {
                    path: s.path.transformed(&m),
                    stroke: s.stroke.as_ref().map(|st| Stroke {
                        width: st.width * k,
                        dash: st.dash.iter().map(|v| v * k).collect(),
                        ..st.clone()
                    }),
                    ..s.clone()
                }),
                Item::Text { color, glyphs } => Item::Text {
                    color: *color,
                    glyphs: glyphs
                        .iter()
                        .map(|g| Glyph {
                            transform: m * g.transform,
                            ..*g
                        })
                        .collect(),
                },
            });
        }
    }

    pub fn bounds(&self) -> Rect {
        Rect::new(0.0, 0.0, self.width, self.height)
    }
}
