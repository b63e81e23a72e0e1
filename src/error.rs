//! The crate's error type. An invalid position (well-formed text that breaks the rules) is kept
//! apart from everything malformed, so that the CLI can give them different exit codes.

use crate::formats::record::RecordError;
use crate::formats::{DataError, ParseError};
use crate::rules::PositionError;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A piece or variant file is malformed.
    #[error("{0}")]
    Data(#[from] DataError),
    /// Position text (SFEN, USI) is malformed.
    #[error("{0}")]
    Parse(#[from] ParseError),
    /// The text is well-formed but the position breaks the rules.
    #[error("invalid position: {0}")]
    Invalid(#[from] PositionError),
    #[error("{0}")]
    Io(String),
    /// A game record is unreadable or has an illegal move (located by line).
    #[error("{0}")]
    Record(#[from] RecordError),
}
