//! Legal move generation.
//!
//! With exactly one royal piece the mover must not leave it attacked: we find the checkers and the
//! pinned pieces once, then mask every piece's targets. With two royals (sho shogi's king and
//! crown prince) neither is in check, and with none (a tsume attacker) nothing is, so every
//! pseudo-legal move is legal. Moves are handed to a [`Sink`] as target sets, so that perft can
//! count them with popcounts instead of listing them.

use super::bitboard::Bitboard;
use super::board::Board;
use super::color::Color;
use super::moves::Move;
use super::piece::{KindId, MAX_KINDS};
use super::square::Square;
use super::tables::Tables;
use arrayvec::ArrayVec;

/// Receives generated moves as sets of target squares.
pub(crate) trait Sink {
    /// Moves of the piece on `from` to `to`; of those, the ones in `promote` may promote, and the
    /// ones in `forced` must (so they have no unpromoted form).
    fn board_moves(&mut self, from: Square, to: Bitboard, promote: Bitboard, forced: Bitboard);
    /// Drops of `kind` onto `to`.
    fn drops(&mut self, kind: KindId, to: Bitboard);
}

/// Counts moves without listing them.
#[derive(Default)]
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline]
    fn board_moves(&mut self, _: Square, to: Bitboard, promote: Bitboard, forced: Bitboard) {
        // Promotions and forced promotions are rare: skip their popcounts when empty.
        let mut n = to.count();
        if promote.any() {
            n += promote.count();
            n -= forced.count();
        }
        self.0 += n as u64;
    }
    #[inline]
    fn drops(&mut self, _: KindId, to: Bitboard) {
        self.0 += to.count() as u64;
    }
}

/// Lists moves.
pub(crate) struct Lister<'a>(pub &'a mut Vec<Move>);

impl Sink for Lister<'_> {
    fn board_moves(&mut self, from: Square, to: Bitboard, promote: Bitboard, forced: Bitboard) {
        for sq in to {
            if !forced.has(sq) {
                self.0.push(Move::Normal {
                    from,
                    to: sq,
                    promote: false,
                });
            }
            if promote.has(sq) {
                self.0.push(Move::Normal {
                    from,
                    to: sq,
                    promote: true,
                });
            }
        }
    }
    fn drops(&mut self, kind: KindId, to: Bitboard) {
        for sq in to {
            self.0.push(Move::Drop { kind, to: sq });
        }
    }
}

/// The attackers of one side, grouped so that asking "is this square attacked" costs one lookup
/// per group of kinds that move alike.
pub(crate) struct Threats {
    /// The colour whose tables give the reverse lookups: the defender's.
    look: Color,
    steps: ArrayVec<(KindId, Bitboard), MAX_KINDS>,
    slides: ArrayVec<(usize, Bitboard), 64>,
}

impl Threats {
    /// No attackers yet; [`Threats::fill`] adds those of colour `by`.
    pub fn empty(by: Color) -> Threats {
        Threats {
            look: !by,
            steps: ArrayVec::new(),
            slides: ArrayVec::new(),
        }
    }

    pub fn fill(&mut self, t: &Tables, b: &Board) {
        let theirs = b.by_color[(!self.look).index()];
        for g in &t.step_groups {
            let mut bb = Bitboard::EMPTY;
            for k in &g.kinds {
                bb |= b.by_kind[k.index()];
            }
            bb &= theirs;
            if bb.any() {
                self.steps.push((g.table, bb));
            }
        }
        for g in &t.slide_groups {
            let mut bb = Bitboard::EMPTY;
            for k in &g.kinds {
                bb |= b.by_kind[k.index()];
            }
            bb &= theirs;
            if bb.any() {
                self.slides.push((g.ray[self.look.index()], bb));
            }
        }
    }

    #[inline]
    pub fn attackers(&self, t: &Tables, sq: Square, occupied: Bitboard) -> Bitboard {
        let mut a = Bitboard::EMPTY;
        for &(table, bb) in &self.steps {
            a |= t.step(table, self.look, sq) & bb;
        }
        for &(ray, bb) in &self.slides {
            // Most rays hold no slider at all: skip the blocker search for those.
            if (t.ray_mask(ray, sq) & bb).any() {
                a |= t.ray_attacks(ray, sq, occupied) & bb;
            }
        }
        a
    }

    #[inline]
    pub fn attacks(&self, t: &Tables, sq: Square, occupied: Bitboard) -> bool {
        self.steps
            .iter()
            .any(|&(table, bb)| (t.step(table, self.look, sq) & bb).any())
            || self.slides.iter().any(|&(ray, bb)| {
                (t.ray_mask(ray, sq) & bb).any() && (t.ray_attacks(ray, sq, occupied) & bb).any()
            })
    }

    /// Pieces of `own` that shield `king` from a slider, each with the squares it may still go to.
    fn find_pins(
        &self,
        t: &Tables,
        king: Square,
        own: Bitboard,
        occupied: Bitboard,
        pins: &mut Pins,
    ) {
        for &(ray, sliders) in &self.slides {
            let ray_mask = t.ray_mask(ray, king);
            if (ray_mask & sliders).is_empty() {
                continue;
            }
            let line = ray_mask & occupied;
            let nearest = |bb: Bitboard| t.nearest(ray, bb);
            let Some(shield) = nearest(line) else {
                continue;
            };
            if !own.has(shield) {
                continue;
            }
            let mut rest = line;
            rest.clear(shield);
            let Some(pinner) = nearest(rest) else {
                continue;
            };
            if sliders.has(pinner) && !pins.pinned.has(shield) {
                pins.pinned.set(shield);
                pins.lines.push((
                    shield,
                    t.between(king, pinner) | Bitboard::from_square(pinner),
                ));
            }
        }
    }
}

#[derive(Default)]
struct Pins {
    pinned: Bitboard,
    lines: ArrayVec<(Square, Bitboard), 64>,
}

impl Pins {
    fn line(&self, sq: Square) -> Bitboard {
        self.lines
            .iter()
            .find(|(s, _)| *s == sq)
            .map_or(Bitboard::EMPTY, |(_, l)| *l)
    }
}

/// Generates every legal move of the side to move into `sink`.
pub(crate) fn generate<S: Sink>(t: &Tables, b: &Board, sink: &mut S) {
    let us = b.turn;
    let them = !us;
    let own = b.by_color[us.index()];
    let occupied = b.occupied();
    let royals = b.royals(t, us);

    let mut check_mask = t.board;
    let mut drop_mask = t.board & !occupied;
    // Built in place: these hold fixed-capacity arrays that are costly to move.
    let mut threats = Threats::empty(them);
    let mut pins = Pins::default();
    let king = (royals.count() == 1).then(|| royals.first()).flatten();
    if let Some(ksq) = king {
        threats.fill(t, b);
        let checkers = threats.attackers(t, ksq, occupied);
        if checkers.several() {
            check_mask = Bitboard::EMPTY;
            drop_mask = Bitboard::EMPTY;
        } else if let Some(checker) = checkers.first() {
            let between = t.between(ksq, checker);
            check_mask = between | checkers;
            drop_mask &= between;
        }
        threats.find_pins(t, ksq, own, occupied, &mut pins);
    }

    for &k in &t.kinds {
        let pieces = b.pieces(k, us);
        if pieces.is_empty() {
            continue;
        }
        let promotes = t.promote[k.index()].is_some();
        let dead = t.dead[k.index()][us.index()];
        let zone = t.zone[us.index()];
        for from in pieces {
            let mut to = t.attacks(k, us, from, occupied) & !own;
            if king == Some(from) {
                let without_king = occupied ^ Bitboard::from_square(from);
                to = to
                    .iter()
                    .filter(|&sq| !threats.attacks(t, sq, without_king))
                    .collect();
            } else {
                to &= check_mask;
                if pins.pinned.has(from) {
                    to &= pins.line(from);
                }
            }
            if to.is_empty() {
                continue;
            }
            let promote = match promotes {
                false => Bitboard::EMPTY,
                true if zone.has(from) => to,
                true => to & zone,
            };
            // A piece may not stop where it could never move again unless it promotes there.
            to &= !(dead & !promote);
            let forced = to & dead;
            sink.board_moves(from, to, promote, forced);
        }
    }

    if drop_mask.is_empty() {
        return;
    }
    for &k in &t.hand_kinds {
        if b.hands[us.index()][k.index()] == 0 {
            continue;
        }
        let mut to = drop_mask & !t.dead[k.index()][us.index()];
        if t.one_per_file[k.index()] {
            for sq in b.pieces(k, us) {
                to &= !t.columns[t.size.col_row(sq).0 as usize];
            }
        }
        if t.no_drop_mate[k.index()] {
            to = without_drop_mates(t, b, k, to);
        }
        if to.any() {
            sink.drops(k, to);
        }
    }
}

/// Removes the drops of `kind` that would checkmate the opponent's only royal piece at once.
fn without_drop_mates(t: &Tables, b: &Board, kind: KindId, to: Bitboard) -> Bitboard {
    let them = !b.turn;
    let royals = b.royals(t, them);
    if royals.count() != 1 {
        return to;
    }
    let Some(ksq) = royals.first() else { return to };
    // Squares from which a piece of ours of this kind would attack their royal.
    let checking = t.attacks(kind, them, ksq, b.occupied()) & to;
    let mut allowed = to;
    for sq in checking {
        let mut after = b.clone();
        after.play(t, Move::Drop { kind, to: sq });
        if !has_legal_move(t, &after) {
            allowed.clear(sq);
        }
    }
    allowed
}

pub(crate) fn has_legal_move(t: &Tables, b: &Board) -> bool {
    let mut c = Counter::default();
    generate(t, b, &mut c);
    c.0 > 0
}

pub(crate) fn count_legal(t: &Tables, b: &Board) -> u64 {
    let mut c = Counter::default();
    generate(t, b, &mut c);
    c.0
}

pub(crate) fn legal_moves(t: &Tables, b: &Board) -> Vec<Move> {
    let mut moves = Vec::with_capacity(128);
    generate(t, b, &mut Lister(&mut moves));
    moves
}

/// The pieces of the side not to move that attack `color`'s only royal piece, if it has one.
pub(crate) fn checkers(t: &Tables, b: &Board, color: Color) -> Bitboard {
    let royals = b.royals(t, color);
    if royals.count() != 1 {
        return Bitboard::EMPTY;
    }
    let Some(ksq) = royals.first() else {
        return Bitboard::EMPTY;
    };
    let mut threats = Threats::empty(!color);
    threats.fill(t, b);
    threats.attackers(t, ksq, b.occupied())
}

pub(crate) fn perft(t: &Tables, b: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal(t, b),
        _ => legal_moves(t, b)
            .into_iter()
            .map(|mv| {
                let mut child = b.clone();
                child.play(t, mv);
                perft(t, &child, depth - 1)
            })
            .sum(),
    }
}
