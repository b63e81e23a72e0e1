//! Western (Hodges) notation: the piece's SFEN symbol (`P`, `+R`), its origin square only when
//! another piece of that kind could also go there (`G6i-5h`), `-` for a move, `x` for a capture,
//! `*` for a drop, the destination in USI squares (`7f`), then `+` for promotion or `=` for a
//! promotion declined.

use super::{usi, NotationError};
use crate::rules::{Move, Position};

/// `P-7f`, `Bx3c+`, `S*5e`, `G6i-5h`: `mv`, legal in `pos`, in Hodges notation.
pub fn write(pos: &Position, mv: Move) -> String {
    write_origin(pos, mv, false)
}

/// Reads a move in Hodges notation, with or without an origin square (`G-5h` or `G6i-5h`). A
/// move that fits no legal move, or several, is an error.
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let wanted = text.trim();
    if wanted.is_empty() {
        return Err(NotationError::Empty);
    }
    let legal = pos.legal_moves();
    let exact: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&mv| write(pos, mv) == wanted || write_origin(pos, mv, true) == wanted)
        .collect();
    match exact[..] {
        [mv] => Ok(mv),
        [] => Err(NotationError::NoSuchMove {
            text: wanted.to_string(),
        }),
        _ => Err(NotationError::Ambiguous {
            text: wanted.to_string(),
            count: exact.len(),
        }),
    }
}

/// The move written with its origin always (`always_from`) or only when it is needed.
fn write_origin(pos: &Position, mv: Move, always_from: bool) -> String {
    let variant = pos.variant();
    let size = variant.size;
    match mv {
        Move::Drop { kind, to } => {
            format!(
                "{}*{}",
                variant.catalog.get(kind).sfen(),
                usi::square(size, to)
            )
        }
        Move::Lion { from, mid, to } => {
            // A double move names every square: `N6fx5e-6d` (x before a square taken).
            let Some(piece) = pos.piece_at(from) else {
                return usi::write_move(variant, mv);
            };
            let how = |sq: crate::rules::Square| {
                if pos.piece_at(sq).is_some_and(|p| p.color != piece.color) {
                    'x'
                } else {
                    '-'
                }
            };
            format!(
                "{}{}{}{}{}{}",
                variant.catalog.get(piece.kind).sfen(),
                usi::square(size, from),
                how(mid),
                usi::square(size, mid),
                if to == from { '-' } else { how(to) },
                usi::square(size, to)
            )
        }
        Move::Normal { from, to, promote } => {
            let Some(piece) = pos.piece_at(from) else {
                return usi::write_move(variant, mv);
            };
            let legal = pos.legal_moves();
            let shared = legal.iter().any(|m| match *m {
                Move::Normal { from: f, to: t, .. } => {
                    t == to && f != from && pos.piece_at(f).map(|p| p.kind) == Some(piece.kind)
                }
                Move::Drop { .. } | Move::Lion { .. } => false,
            });
            let origin = if shared || always_from {
                usi::square(size, from)
            } else {
                String::new()
            };
            let how = if pos.piece_at(to).is_some() { 'x' } else { '-' };
            let could_promote = legal.contains(&Move::Normal {
                from,
                to,
                promote: true,
            });
            let suffix = match (promote, could_promote) {
                (true, _) => "+",
                (false, true) => "=",
                (false, false) => "",
            };
            format!(
                "{}{origin}{how}{}{suffix}",
                variant.catalog.get(piece.kind).sfen(),
                usi::square(size, to)
            )
        }
    }
}
