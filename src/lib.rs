//! shogiprint: shogi pieces, variants and positions as data, a rules core that validates every
//! position, and what turns them into things people print: diagrams ([`diagram`]), the print
//! kit ([`kit`]), booklets ([`booklet`]) and handicap sheets ([`handicap`]), drawn in
//! millimetres ([`draw`]) and written as SVG, PNG or PDF ([`render`]).
//!
//! ```
//! use shogiprint::rules::{Position, Variant};
//! let standard = Variant::builtin("standard").unwrap();
//! let start = Position::start(&standard).unwrap();
//! assert_eq!(start.legal_moves().len(), 30);
//! ```

pub mod booklet;
pub mod diagram;
pub mod draw;
pub mod formats;
pub mod handicap;
pub mod in_order;
pub mod kit;
pub mod paper;
pub mod render;
pub mod rules;
pub mod rulescard;
pub mod templates;
pub mod tsume;

mod error;
pub use error::Error;
