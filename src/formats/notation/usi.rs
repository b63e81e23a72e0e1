//! USI notation of moves (`7g7f`, `8h2b+`, `P*5e`) and squares (`7g`): the file as a number, the
//! rank as a letter from `a` at the top. On boards over 9 files the file takes two digits from
//! 10 (`12a`), and a lion's double move lists its three squares (`6f5e6d`), as lishogi writes
//! chu shogi.

use super::NotationError;
use crate::rules::{BoardSize, Move, Square, Variant};

/// `7g`.
pub fn square(size: BoardSize, sq: Square) -> String {
    size.usi(sq).to_string()
}

/// Reads a USI square (`7g`, or `12a` on a board of more than 9 files, as lishogi writes chu
/// shogi) that lies on a board of `size`.
pub fn parse_square(size: BoardSize, text: &str) -> Option<Square> {
    match text.as_bytes() {
        [f @ b'1'..=b'9', r @ b'a'..=b'z'] => size.from_file_rank(f - b'0', r - b'a' + 1),
        [b'1', f @ b'0'..=b'9', r @ b'a'..=b'z'] => {
            size.from_file_rank(10 + f - b'0', r - b'a' + 1)
        }
        _ => None,
    }
}

/// Splits USI squares written one after another (`7g7f`, `12a11b`, `6f5e6d`) into their texts:
/// each is one or two digits and a lowercase letter.
pub(crate) fn split_squares(text: &str) -> Option<Vec<&str>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    while start < bytes.len() {
        let digits = bytes[start..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if !(1..=2).contains(&digits) {
            return None;
        }
        let letter = start + digits;
        if !bytes.get(letter)?.is_ascii_lowercase() {
            return None;
        }
        out.push(&text[start..=letter]);
        start = letter + 1;
    }
    Some(out)
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
        Move::Lion { from, mid, to } => format!(
            "{}{}{}",
            square(size, from),
            square(size, mid),
            square(size, to)
        ),
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
        expected: "7g7f, 8h2b+, P*5e or 6f5e6d",
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
        if !matches!(split_squares(to).as_deref(), Some([_])) {
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
    match split_squares(squares).as_deref() {
        Some([from, to]) => Ok(Move::Normal {
            from: square(from)?,
            to: square(to)?,
            promote,
        }),
        Some([from, mid, to]) if !promote => Ok(Move::Lion {
            from: square(from)?,
            mid: square(mid)?,
            to: square(to)?,
        }),
        _ => Err(malformed()),
    }
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
    if !t.is_ascii() {
        return None;
    }
    if let Some([from, .., to]) = split_squares(&t).as_deref() {
        return Some((Some(parse_square(size, from)?), parse_square(size, to)?));
    }
    if t.len() != 4 {
        return None;
    }
    Some((
        Some(super::parse_square(&t[..2], size)?),
        super::parse_square(&t[2..], size)?,
    ))
}
