//! Moves and their USI notation (`7g7f`, `8h2b+`, `P*5e`).

use super::piece::KindId;
use super::square::Square;
use super::variant::Variant;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A piece moves on the board, promoting or not.
    Normal {
        from: Square,
        to: Square,
        promote: bool,
    },
    /// A piece from the hand is put on an empty square.
    Drop { kind: KindId, to: Square },
}

impl Move {
    pub fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::Drop { to, .. } => to,
        }
    }

    /// The move in USI notation on `variant`'s board.
    pub fn to_usi(self, variant: &Variant) -> String {
        let size = variant.size;
        match self {
            Move::Normal { from, to, promote } => format!(
                "{}{}{}",
                size.usi(from),
                size.usi(to),
                if promote { "+" } else { "" }
            ),
            Move::Drop { kind, to } => {
                format!("{}*{}", variant.catalog.get(kind).letter, size.usi(to))
            }
        }
    }

    /// Reads a USI move. This checks the notation only; legality is the position's business.
    pub fn from_usi(text: &str, variant: &Variant) -> Result<Move, String> {
        let b = text.as_bytes();
        let size = variant.size;
        let square = |s: &[u8], what: &str| {
            size.parse_usi(s).ok_or_else(|| {
                format!(
                    "'{}' is not a square of the {}×{} board ({what})",
                    String::from_utf8_lossy(s),
                    size.files,
                    size.ranks
                )
            })
        };
        match b {
            [p, b'*', rest @ ..] if p.is_ascii_alphabetic() => {
                let kind = variant
                    .catalog
                    .by_letter(*p as char, false)
                    .filter(|k| variant.has_kind(*k))
                    .ok_or_else(|| format!("'{}' is not a piece of this variant", *p as char))?;
                if rest.len() != 2 {
                    return Err(format!("'{text}': expected a drop like P*5e"));
                }
                Ok(Move::Drop {
                    kind,
                    to: square(rest, "drop square")?,
                })
            }
            [a, b2, c, d, rest @ ..] if rest.is_empty() || rest == b"+" => Ok(Move::Normal {
                from: square(&[*a, *b2], "from")?,
                to: square(&[*c, *d], "to")?,
                promote: rest == b"+",
            }),
            _ => Err(format!(
                "'{text}': expected a USI move like 7g7f, 8h2b+ or P*5e"
            )),
        }
    }
}
