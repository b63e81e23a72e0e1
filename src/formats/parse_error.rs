//! Errors in position text (SFEN, USI), located by character.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based character position in the text that was parsed.
    pub column: usize,
    /// What was expected and what was found.
    pub message: String,
}

impl ParseError {
    pub fn new(column: usize, message: impl Into<String>) -> ParseError {
        ParseError {
            column,
            message: message.into(),
        }
    }

    /// The same error, for text that started at `offset` characters into a longer text.
    pub fn shifted(mut self, offset: usize) -> ParseError {
        self.column += offset;
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at character {}: {}", self.column, self.message)
    }
}

impl std::error::Error for ParseError {}
