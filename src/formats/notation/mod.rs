//! Every way the tool writes or reads a move or a square, in one place.
//!
//! - [`usi`]: the engine protocol's `7g7f`, `8h2b+`, `P*5e` and squares `7g`.
//! - [`japanese`]: `▲7六歩`, `△同　歩`, `▲5二金左上`, `▲5五銀打`, `▲2二角成` by the Japan Shogi
//!   Association's rules (棋譜の表記方法), and squares `７六`.
//! - [`western`]: Hodges-style `P-7f`, `Bx3c+`, `S*5e`, `G6i-5h`, `N-7c=`.
//! - [`numerals`]: full-width file digits and kanji numerals, shared with the diagrams.
//!
//! The API, each function taking the position the move is played from where the notation needs it:
//!
//! ```text
//! usi::write_move(variant: &Variant, mv: Move) -> String
//! usi::parse_move(variant: &Variant, text: &str) -> Result<Move, NotationError>   // notation only
//! usi::square(size: BoardSize, sq: Square) -> String                                // "7g"
//! usi::parse_square(size: BoardSize, text: &str) -> Option<Square>
//! japanese::write(pos: &Position, mv: Move, previous_to: Option<Square>) -> String  // "▲7六歩"
//! japanese::write_with(pos, mv, previous_to, Style) -> String                       // other styles
//! japanese::parse(pos: &Position, text: &str, previous_to: Option<Square>) -> Result<Move, NotationError>
//! japanese::line(start: &Position, moves: &[Move]) -> Result<Vec<String>, NotationError>
//! japanese::square(size: BoardSize, sq: Square) -> String                           // "７六"
//! japanese::parse_square(size: BoardSize, text: &str) -> Option<Square>
//! western::write(pos: &Position, mv: Move) -> String                                // "P-7f"
//! western::parse(pos: &Position, text: &str) -> Result<Move, NotationError>
//! parse_square(text: &str, size: BoardSize) -> Option<Square>                       // any of 7g, 76, 7六, ７六
//! ```
//!
//! `previous_to` is the square the previous move went to, for 同 ("the same square"). Writers
//! expect a legal move (one from [`Position::legal_moves`](crate::rules::Position::legal_moves));
//! readers check legality and report a typed [`NotationError`]. Piece names and letters come
//! from the piece catalog (`templates/pieces.yaml`), never from a table here.

#![warn(missing_docs)]

pub mod japanese;
pub mod numerals;
pub mod usi;
pub mod western;

use super::parse_error::shown;
use crate::rules::{BoardSize, Square};
use std::fmt;

/// Why a move or square in text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text is empty.
    Empty,
    /// The text does not have the shape of a move in this notation; `expected` shows one.
    Malformed {
        /// The text as given.
        text: String,
        /// An example of what was expected.
        expected: &'static str,
    },
    /// `text` names no square of a `files`×`ranks` board.
    NotASquare {
        /// The square as written.
        text: String,
        /// The board's number of files.
        files: u8,
        /// The board's number of ranks.
        ranks: u8,
    },
    /// `text` names no piece of this variant.
    UnknownPiece {
        /// The text where a piece name was expected.
        text: String,
    },
    /// 同 (same square) was written but there was no previous move.
    NoPreviousMove,
    /// The move's mark (▲ or △) is not the side to move.
    WrongSide,
    /// No legal move in the position fits the text.
    NoSuchMove {
        /// The move as written.
        text: String,
    },
    /// Several legal moves fit the text; it needs 右/左/上/引/寄/直, 打, or an origin square.
    Ambiguous {
        /// The move as written.
        text: String,
        /// How many legal moves fit it.
        count: usize,
    },
    /// Move number `index` (from 0) of a line is not legal where it is played.
    IllegalMove {
        /// The move's place in the line, from 0.
        index: usize,
    },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Empty => f.write_str("no move given"),
            NotationError::Malformed { text, expected } => {
                write!(f, "'{}': expected a move like {expected}", shown(text))
            }
            NotationError::NotASquare { text, files, ranks } => {
                write!(
                    f,
                    "'{}' is not a square of the {files}×{ranks} board",
                    shown(text)
                )
            }
            // A move cut off after its square (the end of a truncated file).
            NotationError::UnknownPiece { text } if text.is_empty() => {
                f.write_str("the piece is missing: expected a piece name like 歩 after the square")
            }
            NotationError::UnknownPiece { text } => {
                write!(f, "'{}' is not a piece of this variant", shown(text))
            }
            NotationError::NoPreviousMove => f.write_str("同 needs a previous move"),
            NotationError::WrongSide => f.write_str("the mark is not the side to move"),
            NotationError::NoSuchMove { text } => {
                write!(f, "'{}' is not a legal move here", shown(text))
            }
            NotationError::Ambiguous { text, count } => {
                write!(f, "'{}' fits {count} legal moves", shown(text))
            }
            NotationError::IllegalMove { index } => {
                write!(f, "move {} is not legal", index + 1)
            }
        }
    }
}

impl std::error::Error for NotationError {}

/// A square as `7g` (USI), `76` (file and rank digits), or `7六` / `７六` (Japanese), as people
/// type squares into diagram files and on the command line.
pub fn parse_square(text: &str, size: BoardSize) -> Option<Square> {
    let text = text.trim();
    usi::parse_square(size, text)
        .or_else(|| japanese::parse_square(size, text))
        .or_else(|| {
            // `７g`: a full-width file with a USI rank letter, as a Japanese keyboard may type it.
            let mut chars = text.chars();
            let (Some(f), Some(r @ 'a'..='z'), None) = (chars.next(), chars.next(), chars.next())
            else {
                return None;
            };
            size.from_file_rank(digit(f)?, r as u8 - b'a' + 1)
        })
}

/// A file digit, ASCII or full-width.
pub(crate) fn digit(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        '１'..='９' => Some((c as u32 - '１' as u32 + 1) as u8),
        _ => None,
    }
}
