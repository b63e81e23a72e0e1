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
//! leaves a flight square no more attacked than before.

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
        let safe = threats.safe_squares(t, kind, royal, b.by_color[them.index()], occupied);
        let mut reached = Reached::default();
        piece_moves(
            t,
            kind,
            them,
            royal,
            zone.has(royal),
            safe,
            zone,
            &mut reached,
        );
        let free = reached.0;
        if free.is_empty() {
            return None;
        }
        Some(Flights {
            t,
            b,
            free,
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
        let (kind, from, to) = match mv {
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
                (kind, from, to)
            }
            // Lion moves are the large boards' (not played here).
            Move::Lion { .. } => return true,
        };
        let mut occupied = self.without_royal;
        occupied.clear(from);
        occupied.set(to);
        let open = self.free & !t.attacks(kind, us, to, occupied);
        // A line through the square left may now reach an uncovered square (the moved piece's
        // old square counts among the sliders there, which only makes the answer "may" more
        // often); none reaches one off every line through it, which one look-up rules out
        // before any ray is walked.
        if (open & !t.lines(from)).any() {
            return false;
        }
        open.iter()
            .all(|sq| self.threats.slides_onto(t, sq, occupied))
    }
}
