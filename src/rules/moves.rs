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
    /// A piece with lion power (chu shogi) moves twice: to `mid`, taking what stands there, then
    /// to `to`, which may be `from` again (igui after a capture, jitto, a pass, without one).
    /// USI writes it `from mid to`: `6f5e6d`.
    Lion {
        from: Square,
        mid: Square,
        to: Square,
    },
}

impl Move {
    pub fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::Drop { to, .. } | Move::Lion { to, .. } => to,
        }
    }

    /// The square the piece leaves (`None` for a drop).
    pub fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. } | Move::Lion { from, .. } => Some(from),
            Move::Drop { .. } => None,
        }
    }
}
