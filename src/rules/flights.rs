//! The squares the opponent's single royal piece could flee to before the side to move plays,
//! and whether a check covers all of them: a check that leaves one uncovered is answered by a
//! flight there, so it is no mate. A mate-in-one test plays only the checks that cover them all
//! (in the open positions of a mating search, most checks leave a flight), and the test for a
//! pawn-drop mate only the drops that do.
//!
//! A move changes what the side to move attacks in two ways only: the moved (or dropped) piece
//! attacks from its new square, and the square it left may open a line of one of its sliders.
//! Everything else that changes (a line closed by the piece where it lands, the royal's own
//! square emptied as it flees, which opens nothing: no slider aims at a royal not in check)
//! leaves a flight square no more attacked than before. The other way round, a square the
//! moved piece guarded may be one no more: when it guarded it alone, the royal flees there
//! (or takes the piece where it lands), which a board move's test looks at too.

use super::bitboard::Bitboard;
use super::board::Board;
use super::movegen::{piece_moves, Sink};
use super::moves::Move;
use super::piece::KindId;
use super::square::Square;
use super::tables::Tables;
use super::threats::Threats;

/// The opponent royal's flight squares in one position (see the module comment).
pub(crate) struct Flights<'a> {
    t: &'a Tables,
    b: &'a Board,
    /// The squares the royal may move to now: not its side's, attacked by nothing.
    free: Bitboard,
    /// The squares it could move to but for the side to move's attacks on them: one the moved
    /// piece alone guarded becomes a flight when it leaves.
    guarded: Bitboard,
    /// The board's occupation without the royal (it leaves its square as it flees).
    without_royal: Bitboard,
    threats: Threats<'a>,
}

/// The squares the royal piece may move to, of those it is handed (not one where it would
/// have to promote and cannot, say).
#[derive(Default)]
struct Reached(Bitboard);

impl Sink for Reached {
    fn board_moves(&mut self, _: Square, to: Bitboard, _: Bitboard, _: Bitboard) {
        self.0 |= to;
    }
    fn drops(&mut self, _: KindId, to: Bitboard) {
        self.0 |= to;
    }
}

impl<'a> Flights<'a> {
    /// `None` when the opponent has no single royal piece, or it has no flight square (then
    /// every check may mate).
    pub(crate) fn new(t: &'a Tables, b: &'a Board) -> Option<Flights<'a>> {
        let us = b.turn;
        let them = !us;
        let royals = b.royals(t, them);
        if royals.count() != 1 {
            return None;
        }
        let royal = royals.first()?;
        let kind = b.squares[royal.index()]?.kind;
        let occupied = b.occupied();
        let without_royal = occupied ^ Bitboard::from_square(royal);
        let threats = Threats::new(t, b, us);
        let zone = t.zone[them.index()];
        let near = t.attacks(kind, them, royal, occupied) & !b.by_color[them.index()];
        let mut reached = Reached::default();
        piece_moves(
            t,
            kind,
            them,
            royal,
            zone.has(royal),
            near,
            zone,
            &mut reached,
        );
        let safe = threats.safe_squares(t, kind, royal, b.by_color[them.index()], occupied);
        let free = reached.0 & safe;
        if free.is_empty() {
            return None;
        }
        Some(Flights {
            t,
            b,
            free,
            guarded: reached.0 & !safe,
            without_royal,
            threats,
        })
    }

    /// Of the empty squares `to`, those where a drop of `kind` could cover every flight square:
    /// one from which it attacks them all (read off the attacks *from* each flight square by
    /// the other colour, square sets at a time) and none of them itself (the royal would take
    /// it there: nothing else attacks it).
    pub(crate) fn drop_squares(&self, kind: KindId, to: Bitboard) -> Bitboard {
        let them = !self.b.turn;
        let mut to = to & !self.free;
        for sq in self.free {
            if to.is_empty() {
                break;
            }
            to &= self.t.attacks(kind, them, sq, self.without_royal);
        }
        to
    }

    /// Could the side to move's legal move `mv` leave the royal no flight square? `false`
    /// means one is left uncovered: a flight answers it.
    pub(crate) fn may_cover_all(&self, mv: Move) -> bool {
        let t = self.t;
        let us = self.b.turn;
        let (moved, kind, from, to) = match mv {
            Move::Drop { kind, to } => {
                return self.drop_squares(kind, Bitboard::from_square(to)).any();
            }
            Move::Normal { from, to, promote } => {
                let Some(piece) = self.b.squares[from.index()] else {
                    return true;
                };
                let kind = match t.promote[piece.kind.index()] {
                    Some(k) if promote => k,
                    _ => piece.kind,
                };
                (piece.kind, kind, from, to)
            }
            // Lion moves are the large boards' (not played here).
            Move::Lion { .. } => return true,
        };
        let mut occupied = self.without_royal;
        occupied.clear(from);
        occupied.set(to);
        let covered = t.attacks(kind, us, to, occupied);
        let open = self.free & !covered;
        let from_bit = Bitboard::from_square(from);
        // A line through the square left may now reach an uncovered square (a slider behind
        // it, not the moved piece itself); none reaches one off every line through it, which
        // one look-up rules out before any ray is walked.
        if (open & !t.lines(from)).any()
            || !open
                .iter()
                .all(|sq| self.threats.slides_onto_but(t, sq, occupied, from_bit))
        {
            return false;
        }
        // A square the moved piece guarded that nothing guards once it has moved (nothing
        // else, nor it from where it lands) is a flight: the square it lands on too, where
        // the royal takes it. Worked out exactly, on the board after the move, for the few
        // squares the piece guarded and does not from its new square (on batch problem 591,
        // 1.2 M of the 2.5 M checks that passed the test above were answered so; playing each
        // and asking for the answers cost more).
        let left = self.guarded & !covered;
        if left.is_empty() {
            return true;
        }
        (left & t.attacks(moved, us, from, self.without_royal))
            .iter()
            .all(|sq| (self.threats.checks(t, sq, occupied).0 & !from_bit).any())
    }
}
