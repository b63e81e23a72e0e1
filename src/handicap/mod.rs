//! Handicap setup sheets ([`sheet()`]): one printed page per handicap, as clubs hand out. The
//! diagram shows the handicap with the pieces taken off drawn faded on their squares and the
//! sides labelled 上手/下手; under it, the handicap's names, the pieces removed, who moves first
//! and the usual difference in strength it is given for (all read from the variant data). An
//! index page ([`index()`]) lists every handicap of a variant with the page it is on.
//!
//! A glyph the fonts lack is a [`TextError`](crate::draw::TextError) naming the part of the page.

pub mod index;
pub mod sheet;

pub use index::index;
pub use sheet::{removed, removed_summary, removed_text, sheet, Removed};
