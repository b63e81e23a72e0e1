//! Print-shop ink: one colour-mapping pass over a finished drawing, so that every product (diagram,
//! booklet, handicap sheet, kit) gets `--ink black` and `--no-fill` the same way, whatever format
//! it is written in.

use super::drawing::{Color, Drawing, Item};

/// How a drawing is inked. The default changes nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InkOptions {
    /// Text and lines in pure black, dark fills black, light fills (tints) white, everything
    /// opaque: what a print shop's one-colour press or a black-only laser needs.
    pub black: bool,
    /// Outlines and marks only: fills under a stroke and light fill-only shapes (tints,
    /// backgrounds) are left out; dark fill-only shapes (marks, ☗) stay.
    pub no_fill: bool,
}

impl InkOptions {
    pub fn is_default(&self) -> bool {
        *self == InkOptions::default()
    }

    /// The drawing with this ink applied (unchanged when nothing is asked for).
    pub fn apply(&self, drawing: &Drawing) -> Drawing {
        let mut out = drawing.clone();
        self.apply_in_place(&mut out);
        out
    }

    pub fn apply_in_place(&self, drawing: &mut Drawing) {
        if self.is_default() {
            return;
        }
        drawing.items.retain_mut(|item| match item {
            Item::Text { color, .. } => {
                if self.black {
                    *color = Color::BLACK;
                }
                true
            }
            Item::Shape(shape) => {
                if self.no_fill {
                    let stroked = shape.stroke.as_ref().is_some_and(|s| s.width > 0.0);
                    if shape.fill.is_some_and(|c| stroked || is_light(c)) {
                        shape.fill = None;
                    }
                }
                if self.black {
                    shape.fill = shape.fill.map(|c| {
                        if is_light(c) {
                            Color::WHITE
                        } else {
                            Color::BLACK
                        }
                    });
                    if let Some(stroke) = &mut shape.stroke {
                        stroke.color = Color::BLACK;
                    }
                    shape.opacity = if shape.opacity > 0.0 { 1.0 } else { 0.0 };
                }
                shape.fill.is_some() || shape.stroke.is_some()
            }
        });
    }
}

/// Lighter than mid-grey (Rec. 709 luma): prints as a tint rather than as ink.
fn is_light(c: Color) -> bool {
    0.2126 * c.0 as f64 + 0.7152 * c.1 as f64 + 0.0722 * c.2 as f64 > 127.5
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::{Path, Point, Stroke};

    fn square() -> Path {
        Path::polygon(&[
            Point::new(0.0, 0.0),
            Point::new(1.0, 0.0),
            Point::new(1.0, 1.0),
        ])
    }

    #[test]
    fn black_ink_maps_colours_and_drops_transparency() {
        let mut d = Drawing::new(10.0, 10.0);
        d.fill(square(), Color(0xf2, 0xc9, 0x1f)); // a light tint → white
        d.fill(square(), Color(0xc8, 0x1e, 0x1e)); // dark red → black
        d.stroke(square(), Stroke::solid(Color(0x1f, 0x4e, 0xb4), 0.3));
        if let Item::Shape(s) = &mut d.items[2] {
            s.opacity = 0.5;
        }
        let out = InkOptions {
            black: true,
            no_fill: false,
        }
        .apply(&d);
        let shapes: Vec<_> = out
            .items
            .iter()
            .map(|i| match i {
                Item::Shape(s) => s.clone(),
                _ => unreachable!(),
            })
            .collect();
        assert_eq!(shapes[0].fill, Some(Color::WHITE));
        assert_eq!(shapes[1].fill, Some(Color::BLACK));
        assert_eq!(shapes[2].stroke.as_ref().unwrap().color, Color::BLACK);
        assert_eq!(shapes[2].opacity, 1.0);
    }

    #[test]
    fn no_fill_keeps_outlines_and_dark_marks() {
        let mut d = Drawing::new(10.0, 10.0);
        d.fill_and_stroke(square(), Color::WHITE, Stroke::solid(Color::BLACK, 0.2));
        d.fill(square(), Color(0xee, 0xee, 0xee)); // background tint: gone
        d.fill(square(), Color::BLACK); // a mark: stays
        let out = InkOptions {
            black: false,
            no_fill: true,
        }
        .apply(&d);
        assert_eq!(out.items.len(), 2);
        match (&out.items[0], &out.items[1]) {
            (Item::Shape(a), Item::Shape(b)) => {
                assert_eq!(a.fill, None);
                assert!(a.stroke.is_some());
                assert_eq!(b.fill, Some(Color::BLACK));
            }
            _ => unreachable!(),
        }
    }
}
