//! How the side to move can answer a check, found without listing its moves: the question a
//! mating search asks of every check it tries (is it mate, are interpositions all that is left,
//! or is there another answer?); and whether any move lands on given squares (can a capture
//! be taken back?).

use super::bitboard::Bitboard;
use super::board::Board;
use super::movegen::{generate, piece_moves, Sink};
use super::piece::KindId;
use super::square::Square;
use super::tables::Tables;
use super::threats::Threats;

/// How the side to move can answer a check (see
/// [`Position::check_replies`](super::Position::check_replies)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckReplies {
    /// No legal move at all.
    None,
    /// Only interpositions: moves and drops onto the squares between the royal piece and a
    /// single ranging checker.
    OnlyInterpositions,
    /// Some legal move that is not an interposition (the royal piece's, a capture of the
    /// checker; any move at all when not in check).
    Other,
}

/// Finds whether there is a legal move, and one that is not an interposition, stopping at the
/// first of those (most often among the royal piece's moves, generated first).
#[derive(Default)]
struct RepliesSink {
    between: Bitboard,
    any: bool,
    other: bool,
    /// The royal piece's square once its moves are known to answer nothing (not generated
    /// again).
    royal_done: Bitboard,
}

impl RepliesSink {
    #[inline]
    fn moves_to(&mut self, to: Bitboard) {
        self.any |= to.any();
        self.other |= (to & !self.between).any();
    }
}

impl Sink for RepliesSink {
    #[inline]
    fn board_moves(&mut self, _: Square, to: Bitboard, _: Bitboard, _: Bitboard) {
        self.moves_to(to);
    }
    #[inline]
    fn drops(&mut self, _: KindId, to: Bitboard) {
        self.moves_to(to);
    }
    #[inline]
    fn enough(&self) -> bool {
        self.other
    }
    #[inline]
    fn in_check(&mut self, between: Bitboard) {
        self.between = between;
    }
    #[inline]
    fn pieces_wanted(&self, _kind: KindId) -> Bitboard {
        !self.royal_done
    }
}

/// How the side to move can answer a check, without listing its moves.
pub(crate) fn check_replies(t: &Tables, b: &Board) -> CheckReplies {
    if royal_can_move(t, b) {
        return CheckReplies::Other;
    }
    // A single royal piece has no move: the generator need not work its moves out again.
    let royals = b.royals(t, b.turn);
    let mut sink = RepliesSink {
        royal_done: if royals.several() {
            Bitboard::EMPTY
        } else {
            royals
        },
        ..RepliesSink::default()
    };
    generate(t, b, &mut sink);
    match (sink.any, sink.other) {
        (_, true) => CheckReplies::Other,
        (true, false) => CheckReplies::OnlyInterpositions,
        (false, false) => CheckReplies::None,
    }
}

/// Does the side to move's single royal piece have a legal move? Stops at the first safe
/// square, before the checkers, the pins or the other squares are worked out: most checks in a
/// mating search are answered so (a mate-in-one test asks this of every check). The squares are
/// those of `Threats::safe_squares`, tested one at a time so as to stop at the first (asking
/// for all of them first cost 1.4 % more instructions in all on three batch problems).
fn royal_can_move(t: &Tables, b: &Board) -> bool {
    let us = b.turn;
    let royals = b.royals(t, us);
    let Some(ksq) = (royals.count() == 1).then(|| royals.first()).flatten() else {
        return false;
    };
    let occupied = b.occupied();
    let threats = Threats::new(t, b, !us);
    let k = b.squares[ksq.index()].map_or(t.kinds[0], |p| p.kind);
    let without_king = occupied ^ Bitboard::from_square(ksq);
    let zone = t.zone[us.index()];
    let near = t.attacks(k, us, ksq, occupied) & !b.by_color[us.index()];
    threats
        .without_step_attacks(t, near)
        .iter()
        .filter(|&sq| !threats.slides_onto(t, sq, without_king))
        .any(|sq| {
            // As the generator hands it over (a royal piece that must promote there, say).
            let mut sink = RepliesSink::default();
            let to = Bitboard::from_square(sq);
            piece_moves(t, k, us, ksq, zone.has(ksq), to, zone, &mut sink);
            sink.any
        })
}

/// Finds whether some move lands on one of the squares `onto`, stopping at the first.
struct Reaches {
    onto: Bitboard,
    found: bool,
}

impl Sink for Reaches {
    #[inline]
    fn board_moves(&mut self, _: Square, to: Bitboard, _: Bitboard, _: Bitboard) {
        // (The generator keeps to `onto` but for the royal promoters' moves.)
        self.found |= (to & self.onto).any();
    }
    #[inline]
    fn drops(&mut self, _: KindId, to: Bitboard) {
        self.found |= (to & self.onto).any();
    }
    #[inline]
    fn enough(&self) -> bool {
        self.found
    }
    #[inline]
    fn onto(&self) -> Option<Bitboard> {
        Some(self.onto)
    }
}

/// Has the side to move a legal move or drop onto one of the squares `onto`?
pub(crate) fn has_legal_move_onto(t: &Tables, b: &Board, onto: Bitboard) -> bool {
    let mut sink = Reaches { onto, found: false };
    generate(t, b, &mut sink);
    sink.found
}
