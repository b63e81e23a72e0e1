//! Moves. Their notations (USI, Japanese, western) are in `formats::notation`.

use super::piece::KindId;
use super::square::Square;

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
}
