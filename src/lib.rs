//! shogiprint: shogi pieces, variants and positions as data, a rules core that validates every
//! position, and (in later modules) the renderers that turn them into things people print.
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
pub mod handicap_sheet;
pub mod kit;
pub mod paper;
pub mod render;
pub mod rules;
pub mod templates;

mod error;
pub use error::Error;
