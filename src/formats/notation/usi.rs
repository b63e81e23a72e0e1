//! USI notation of moves (`7g7f`, `8h2b+`, `P*5e`) and squares (`7g`): the file as a digit, the
//! rank as a letter from `a` at the top.

use super::NotationError;
use crate::rules::{BoardSize, Move, Square, Variant};

/// `7g`.
pub fn square(size: BoardSize, sq: Square) -> String {
    size.usi(sq).to_string()
}

/// Reads a USI square (`7g`) that lies on a board of `size`.
pub fn parse_square(size: BoardSize, text: &str) -> Option<Square> {
    match text.as_bytes() {
        [f @ b'1'..=b'9', r @ b'a'..=b'z'] => size.from_file_rank(f - b'0', r - b'a' + 1),
        _ => None,
    }
}

/// The move in USI notation on `variant`'s board.
pub fn write_move(variant: &Variant, mv: Move) -> String {
    let size = variant.size;
    match mv {
        Move::Normal { from, to, promote } => format!(
            "{}{}{}",
            square(size, from),
            square(size, to),
            if promote { "+" } else { "" }
        ),
        Move::Drop { kind, to } => {
            format!("{}*{}", variant.catalog.get(kind).letter, square(size, to))
        }
    }
}

/// Reads a USI move. This checks the notation only; legality is the position's business.
pub fn parse_move(variant: &Variant, text: &str) -> Result<Move, NotationError> {
    let size = variant.size;
    let square = |s: &str| {
        parse_square(size, s).ok_or_else(|| NotationError::NotASquare {
            text: s.to_string(),
            files: size.files,
            ranks: size.ranks,
        })
    };
    let malformed = || NotationError::Malformed {
        text: text.to_string(),
        expected: "7g7f, 8h2b+ or P*5e",
    };
    if text.is_empty() {
        return Err(NotationError::Empty);
    }
    if !text.is_ascii() {
        return Err(malformed());
    }
    if let Some((piece, to)) = text.split_once('*') {
        let mut letters = piece.chars();
        let (Some(p), None) = (letters.next(), letters.next()) else {
            return Err(malformed());
        };
        let kind = variant
            .catalog
            .by_letter(p, false)
            .filter(|k| p.is_ascii_alphabetic() && variant.has_kind(*k))
            .ok_or_else(|| NotationError::UnknownPiece {
                text: p.to_string(),
            })?;
        if to.len() != 2 {
            return Err(malformed());
        }
        return Ok(Move::Drop {
            kind,
            to: square(to)?,
        });
    }
    let (squares, promote) = match text.strip_suffix('+') {
        Some(rest) => (rest, true),
        None => (text, false),
    };
    if squares.len() != 4 {
        return Err(malformed());
    }
    Ok(Move::Normal {
        from: square(&squares[..2])?,
        to: square(&squares[2..])?,
        promote,
    })
}

/// The squares a move touches, read leniently for drawing: `7g7f`, `7g-7f`, `7g7f+`, `76-75`,
/// `P*5e` (any piece letter; the origin is then `None`). Squares may be in any form
/// [`super::parse_square`] reads.
pub fn move_squares(size: BoardSize, text: &str) -> Option<(Option<Square>, Square)> {
    let t = text.trim();
    if let Some((piece, to)) = t.split_once('*') {
        if piece.len() != 1 {
            return None;
        }
        return Some((None, super::parse_square(to, size)?));
    }
    let t = t.strip_suffix('+').unwrap_or(t);
    let t = t.replace('-', "");
    if t.len() != 4 || !t.is_ascii() {
        return None;
    }
    Some((
        Some(super::parse_square(&t[..2], size)?),
        super::parse_square(&t[2..], size)?,
    ))
}
