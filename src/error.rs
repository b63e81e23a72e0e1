//! The crate's error type. Its variants map onto the CLI's exit codes: an invalid position is 1,
//! everything malformed is 2.

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

impl Error {
    /// The CLI exit code for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Invalid(_) => 1,
            _ => 2,
        }
    }
}
