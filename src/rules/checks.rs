//! The legal moves that give check, for the tsume prover: every attacker move there is a check,
//! and playing each legal move on a copy to ask "is that check?" cost most of its time.
//!
//! A move checks the opponent's only royal piece directly when the moved (or dropped, or
//! promoted) piece attacks the royal's square from where it lands, with the board as it is
//! after the move; or by discovery when it leaves the line between the royal and one of the
//! mover's sliders (found once per position, as pins are for the other side). Both tests are
//! table look-ups, so no board is copied.

use super::board::Board;
use super::movegen::{self, Pins, Threats};
use super::moves::Move;
use super::square::Square;
use super::tables::Tables;

/// Answers "does this move give check?" for the moves of one position.
pub(crate) struct CheckTest {
    king: Square,
    discoverers: Pins,
}

impl CheckTest {
    /// `None` when the side not to move has no single royal piece (then nothing is check).
    pub fn new(t: &Tables, b: &Board) -> Option<CheckTest> {
        let us = b.turn;
        let royals = b.royals(t, !us);
        if royals.count() != 1 {
            return None;
        }
        let king = royals.first()?;
        let mut discoverers = Pins::default();
        // Our pieces that stand between their royal and one of our sliders.
        Threats::new(t, b, us).find_pins(
            t,
            king,
            b.by_color[us.index()],
            b.occupied(),
            &mut discoverers,
        );
        Some(CheckTest { king, discoverers })
    }

    /// Does `mv`, legal in `b`, give check?
    #[inline]
    pub fn gives_check(&self, t: &Tables, b: &Board, mv: Move) -> bool {
        let us = b.turn;
        let occupied = b.occupied();
        match mv {
            Move::Drop { kind, to } => {
                let after = occupied | super::bitboard::Bitboard::from_square(to);
                t.attacks(kind, us, to, after).has(self.king)
            }
            Move::Normal { from, to, promote } => {
                let Some(piece) = b.squares[from.index()] else {
                    return false;
                };
                if self.discoverers.pinned.has(from) && !self.discoverers.line(from).has(to) {
                    return true;
                }
                let kind = if promote {
                    t.promote[piece.kind.index()].unwrap_or(piece.kind)
                } else {
                    piece.kind
                };
                let mut after = occupied;
                after.clear(from);
                after.set(to);
                t.attacks(kind, us, to, after).has(self.king)
            }
        }
    }
}

/// The legal moves of the side to move that give check, in generation order.
pub(crate) fn checking_moves(t: &Tables, b: &Board) -> Vec<Move> {
    let Some(test) = CheckTest::new(t, b) else {
        return Vec::new();
    };
    let mut moves = movegen::legal_moves(t, b);
    moves.retain(|mv| test.gives_check(t, b, *mv));
    moves
}
