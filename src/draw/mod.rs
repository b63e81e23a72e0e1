//! One drawing, in millimetres, that every output format is written from: shapes (paths with a
//! fill and/or stroke) and glyphs (outlines from the bundled fonts, each placed by its own affine
//! transform). Building the picture once and keeping the writers thin is what makes the SVG, PNG
//! and PDF of a diagram agree to the last hairline. [`TextError`] is the one error of every product
//! for a character the fonts lack.

mod drawing;
mod fonts;
mod geometry;
mod ink;
mod ink_bounds;
pub mod linebreak;
mod page_text;
mod path;
mod text;

pub use drawing::{Color, Drawing, Glyph, Item, LineCap, Shape, Stroke};
pub use fonts::{Face, FontRole, Fonts, MissingGlyph};
pub use geometry::{Affine, Point, Rect};
pub use ink::InkOptions;
pub use ink_bounds::MITER_LIMIT;
pub use page_text::{check_piece, draw_line, PieceField, TextError};
pub use path::{Path, Segment};
pub use text::{Align, TextStyle};
