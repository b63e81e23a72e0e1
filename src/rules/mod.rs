//! The rules core: pieces and variants as data, positions, validation and legal moves. It is the
//! bottom layer and imports nothing else of the crate (`tests/layers.rs` checks): the readers in
//! `formats` (SFEN, USI, the pieces and variant YAML) build its types from outside.
//!
//! - [`catalog`] and [`variant`] hold the piece and variant data; [`betza`] parses movement into
//!   [`movement`].
//! - [`setup::Setup`] is a parsed position as plain data; [`validate`] turns it into a
//!   [`position::Position`] or a [`problem::PositionError`] listing every problem.
//! - [`repetition`] (sennichite, perpetual check), [`impasse`] (jishogi points) and [`illegal`]
//!   (why a move is not legal) serve game records.
//! - `tables` and `movegen` are the fast legal move generator built from the movement data;
//!   `checks` picks the moves that give check out of it (for the tsume prover), `flights` those
//!   of them that could mate at once.
//! - `large` plays boards over 9×9 (chu shogi): a mailbox generator driven by the same movement
//!   data, with lion moves and royal capture; a variant uses one engine or the other.

pub mod betza;
pub mod bitboard;
pub(crate) mod board;
pub mod catalog;
pub(crate) mod checks;
pub mod color;
pub(crate) mod flights;
pub mod illegal;
pub mod impasse;
pub(crate) mod large;
mod legality;
pub(crate) mod mate_in_one;
pub(crate) mod movegen;
pub mod movement;
pub mod moves;
pub mod piece;
pub mod position;
pub mod problem;
pub mod repetition;
pub(crate) mod replies;
pub mod setup;
pub mod square;
pub(crate) mod tables;
pub(crate) mod threats;
pub mod validate;
pub mod variant;

pub use bitboard::Bitboard;
pub use catalog::PieceCatalog;
pub use color::Color;
pub use illegal::IllegalReason;
pub use impasse::{ImpasseRule, ImpasseVerdict};
pub use large::outcome::Outcome;
pub use mate_in_one::OnePly;
pub use movement::{LionPower, Motion, MotionKind, Movement};
pub use moves::Move;
pub use piece::{KindId, Piece, PieceKind};
pub use position::{IllegalMove, Position};
pub use problem::{PositionError, Problem, ProblemCode};
pub use repetition::{History, PositionKey, Repetition};
pub use replies::CheckReplies;
pub use setup::Setup;
pub use square::{BoardSize, Square};
pub use variant::{Handicap, LionTrading, Promotion, Variant};
