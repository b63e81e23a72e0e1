//! The legal moves that give check, for the tsume prover: every attacker move there is a check,
//! and playing each legal move on a copy to ask "is that check?" cost most of its time.
//!
//! The generator's moves are filtered as target sets, square sets at a time: a move checks the
//! opponent's only royal piece directly when the moved (or dropped, or promoted) piece lands on
//! a square it would attack the royal from (the attacks *from* the royal's square by the other
//! colour, with the moving piece lifted off the board); or by discovery when it leaves the line
//! between the royal and one of the mover's sliders (found once per position, as pins are for
//! the other side). No board is copied and no move is tried.

use super::bitboard::Bitboard;
use super::board::Board;
use super::flights::Flights;
use super::movegen::{self, Sink};
use super::moves::Move;
use super::piece::KindId;
use super::square::Square;
use super::tables::Tables;
use super::threats::{Pins, Threats};

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
}

/// Keeps the generated moves that give check. Direct checks are read off the attacks *from* the
/// royal's square by the opponent's colour, the reverse look-up the move generator's own check
/// detection uses; discovered checks off the discoverers' lines.
struct CheckSink<'a> {
    t: &'a Tables,
    b: &'a Board,
    test: &'a CheckTest,
    /// Only the checks that could cover all of these flight squares are kept, if given.
    flights: Option<&'a Flights<'a>>,
    /// Only the checks onto these squares are generated, if given.
    onto: Option<Bitboard>,
    out: &'a mut Vec<Move>,
}

impl CheckSink<'_> {
    #[inline]
    fn push(&mut self, mv: Move) {
        if self.flights.is_none_or(|f| f.may_cover_all(mv)) {
            self.out.push(mv);
        }
    }

    /// Squares from which a piece of `kind` (of the side to move) attacks the royal, with the
    /// board's occupation `occupied`.
    #[inline]
    fn direct(&self, kind: KindId, occupied: Bitboard) -> Bitboard {
        self.t.attacks(kind, !self.b.turn, self.test.king, occupied)
    }
}

impl Sink for CheckSink<'_> {
    fn board_moves(&mut self, from: Square, to: Bitboard, promote: Bitboard, forced: Bitboard) {
        let Some(piece) = self.b.squares[from.index()] else {
            return;
        };
        // (The generator keeps to `onto` but for the royal promoters' moves.)
        let (to, promote) = match self.onto {
            Some(onto) => (to & onto, promote & onto),
            None => (to, promote),
        };
        let mut occupied = self.b.occupied();
        occupied.clear(from);
        let discovered = if self.test.discoverers.pinned.has(from) {
            to & !self.test.discoverers.line(from)
        } else {
            Bitboard::EMPTY
        };
        let plain = (to & !forced) & (self.direct(piece.kind, occupied) | discovered);
        let promoted = match self.t.promote[piece.kind.index()] {
            Some(k) if promote.any() => promote & (self.direct(k, occupied) | discovered),
            _ => Bitboard::EMPTY,
        };
        // In square order, each unpromoted move before its promotion, as the generator lists.
        for sq in plain | promoted {
            if plain.has(sq) {
                self.push(Move::Normal {
                    from,
                    to: sq,
                    promote: false,
                });
            }
            if promoted.has(sq) {
                self.push(Move::Normal {
                    from,
                    to: sq,
                    promote: true,
                });
            }
        }
    }

    #[inline]
    fn onto(&self) -> Option<Bitboard> {
        self.onto
    }

    /// Those that could check directly from where they stand, and those that could discover a
    /// check.
    #[inline]
    fn pieces_wanted(&self, kind: KindId) -> Bitboard {
        self.t.check_from(kind, self.b.turn, self.test.king) | self.test.discoverers.pinned
    }

    /// The drops that check (and could cover every flight square), found before the generator
    /// tests a pawn drop for mate: most such drops leave a flight and need no test.
    #[inline]
    fn drop_targets(&self, kind: KindId, to: Bitboard) -> Bitboard {
        let to = to & self.direct(kind, self.b.occupied());
        match self.flights {
            Some(flights) => flights.drop_squares(kind, to),
            None => to,
        }
    }

    /// Handed only [`Sink::drop_targets`]' squares.
    fn drops(&mut self, kind: KindId, to: Bitboard) {
        for sq in to {
            self.out.push(Move::Drop { kind, to: sq });
        }
    }
}

/// The legal moves of the side to move that give check, in generation order.
pub(crate) fn checking_moves(t: &Tables, b: &Board) -> Vec<Move> {
    // Room for the checks of nearly any position: growing the vector one push at a time was
    // a twentieth of the tsume prover's time.
    let mut out = Vec::with_capacity(64);
    generate_checks(t, b, None, &mut out);
    out
}

/// The checks of [`checking_moves`] onto the squares `onto` (a capture of an interposed
/// piece, say), in generation order: the generator works out no other square.
pub(crate) fn checking_moves_onto(t: &Tables, b: &Board, onto: Bitboard) -> Vec<Move> {
    let mut out = Vec::new();
    let Some(test) = CheckTest::new(t, b) else {
        return out;
    };
    let mut sink = CheckSink {
        t,
        b,
        test: &test,
        flights: None,
        onto: Some(onto),
        out: &mut out,
    };
    movegen::generate(t, b, &mut sink);
    out
}

/// The checks of [`checking_moves`] that could mate: those that leave the opponent's royal no
/// flight square (see `flights.rs`); each of the others is answered by a flight.
pub(crate) fn checks_that_may_mate(t: &Tables, b: &Board) -> Vec<Move> {
    let flights = Flights::new(t, b);
    // Most often none or a few: no room is taken before the first.
    let mut out = Vec::new();
    generate_checks(t, b, flights.as_ref(), &mut out);
    // Every check left out has a flight (fuzzing runs with debug assertions).
    #[cfg(debug_assertions)]
    for mv in checking_moves(t, b) {
        if !out.contains(&mv) {
            let mut after = b.clone();
            after.play(t, mv);
            debug_assert!(
                !movegen::royal_moves(t, &after).is_empty(),
                "{mv:?} left out, and the king has no flight"
            );
        }
    }
    out
}

fn generate_checks(t: &Tables, b: &Board, flights: Option<&Flights>, out: &mut Vec<Move>) {
    let Some(test) = CheckTest::new(t, b) else {
        return;
    };
    movegen::generate(
        t,
        b,
        &mut CheckSink {
            t,
            b,
            test: &test,
            flights,
            onto: None,
            out,
        },
    );
}
