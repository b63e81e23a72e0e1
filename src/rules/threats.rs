//! Who attacks a square: the attackers of one side, found from the square by reverse look-ups
//! (the few enemy pieces near it for steps and jumps, the slide groups for sliders), the pieces
//! that check a royal and where the check can be blocked, the royal's safe squares, and the
//! pieces pinned to it. Move generation (`movegen.rs`), the check tests and the mate-in-one
//! machinery ask these questions.

use super::bitboard::Bitboard;
use super::board::Board;
use super::color::Color;
use super::piece::{KindId, Piece};
use super::square::{Square, MAX_SQUARES};
use super::tables::{Tables, MAX_SLIDE_GROUPS};
use arrayvec::ArrayVec;

/// At most this many enemy pieces, [`Threats::safe_squares`] works out each slider's attacks.
const FEW_PIECES: u32 = 10;

/// The attackers of one side. Stepping and jumping attackers are found through the few enemy
/// pieces near the square (most squares have none); sliders are grouped by the rays they use.
pub(crate) struct Threats<'a> {
    /// The colour whose tables give the reverse lookups: the defender's.
    look: Color,
    theirs: Bitboard,
    squares: &'a [Option<Piece>; MAX_SQUARES],
    /// The enemy pieces of each slide group (in the tables' group order; empty for none).
    sliders: [Bitboard; MAX_SLIDE_GROUPS],
}

impl<'a> Threats<'a> {
    #[inline(always)]
    pub fn new(t: &Tables, b: &'a Board, by: Color) -> Threats<'a> {
        let theirs = b.by_color[by.index()];
        // Built in place and small (no list of groups), so that no copy follows.
        let mut threats = Threats {
            look: !by,
            theirs,
            squares: &b.squares,
            sliders: [Bitboard::EMPTY; MAX_SLIDE_GROUPS],
        };
        for (i, g) in t.slide_groups.iter().enumerate() {
            let mut bb = Bitboard::EMPTY;
            for k in &g.kinds {
                bb |= b.by_kind[k.index()];
            }
            threats.sliders[i] = bb & theirs;
        }
        threats
    }

    /// Each ray along which an enemy slider might reach `sq`, with the sliders that use it.
    #[inline(always)]
    fn slides<'t>(
        &'t self,
        t: &'t Tables,
        sq: Square,
    ) -> impl Iterator<Item = (usize, Bitboard)> + 't {
        let at = self.look.index() * t.squares() + sq.index();
        t.slide_groups
            .iter()
            .zip(&self.sliders)
            .filter(move |(g, bb)| (g.reach[at] & **bb).any())
            .flat_map(move |(g, &bb)| g.rays[self.look.index()].iter().map(move |&ray| (ray, bb)))
    }

    /// Enemy pieces that attack `sq` by a step or a jump.
    #[inline(always)]
    fn step_attackers(&self, t: &Tables, sq: Square) -> Bitboard {
        let mut a = 0u128;
        let mut near = (t.step_any(self.look, sq) & self.theirs).0;
        while near != 0 {
            let bit = near & near.wrapping_neg();
            if let Some(p) = self.squares[near.trailing_zeros() as usize] {
                a |= t.step(p.kind, self.look, sq).0 & bit;
            }
            near ^= bit;
        }
        Bitboard(a)
    }

    /// The pieces attacking `sq` and, for a slider among them, the squares between it and `sq`
    /// where a piece could block it.
    #[inline(always)]
    pub fn checks(&self, t: &Tables, sq: Square, occupied: Bitboard) -> (Bitboard, Bitboard) {
        let mut checkers = self.step_attackers(t, sq);
        // A block must stop every way the checker attacks: none if it also steps or jumps there,
        // and only squares common to all its rays (a bishop that is also an alfil rider).
        let mut between = if checkers.any() {
            Bitboard::EMPTY
        } else {
            Bitboard(!0)
        };
        for (ray, bb) in self.slides(t, sq) {
            if (t.ray_mask(ray, sq) & bb).any() {
                let found = t.ray_attacks(ray, sq, occupied) & bb;
                if let Some(slider) = found.first() {
                    checkers |= found;
                    between &= t.between(ray, sq, slider);
                }
            }
        }
        if checkers.is_empty() {
            between = Bitboard::EMPTY;
        }
        (checkers, between)
    }

    /// Does an enemy slider attack `sq`?
    #[inline(always)]
    pub fn slides_onto(&self, t: &Tables, sq: Square, occupied: Bitboard) -> bool {
        self.slides_onto_but(t, sq, occupied, Bitboard::EMPTY)
    }

    /// Does an enemy slider other than those on `gone` (a piece that has moved away, say)
    /// attack `sq`?
    #[inline(always)]
    pub fn slides_onto_but(
        &self,
        t: &Tables,
        sq: Square,
        occupied: Bitboard,
        gone: Bitboard,
    ) -> bool {
        self.slides(t, sq).any(|(ray, bb)| {
            let bb = bb & !gone;
            (t.ray_mask(ray, sq) & bb).any() && (t.ray_attacks(ray, sq, occupied) & bb).any()
        })
    }

    /// Where a royal piece of `kind` on `royal` (of the colour these threats are against, its
    /// side's pieces `own`, the board's occupation `occupied`) may step: squares it attacks that
    /// hold none of `own` and that no enemy piece attacks once it has left its square, before
    /// the promotion rules of [`piece_moves`](super::movegen::piece_moves).
    #[inline(always)]
    pub(crate) fn safe_squares(
        &self,
        t: &Tables,
        kind: KindId,
        royal: Square,
        own: Bitboard,
        occupied: Bitboard,
    ) -> Bitboard {
        let without_royal = occupied ^ Bitboard::from_square(royal);
        let near = t.attacks(kind, self.look, royal, occupied) & !own;
        let open = self.without_step_attacks(t, near);
        // Against the few pieces of a mating problem's attacker, each slider's attacks worked
        // out once cost less than each open square's rays (the prover's flight and answer
        // tests: 6-13 % fewer instructions); against a game's many pieces, more (perft 3 %).
        if open.several() && self.theirs.count() <= FEW_PIECES {
            return open & !self.slider_attacks(t, self.all_sliders(), without_royal);
        }
        let mut safe = Bitboard::EMPTY;
        // A loop, not a filter: the closure was not inlined on this hot path.
        for sq in open {
            if !self.slides_onto(t, sq, without_royal) {
                safe.set(sq);
            }
        }
        safe
    }

    /// The enemy sliders.
    #[inline(always)]
    fn all_sliders(&self) -> Bitboard {
        let mut sliders = Bitboard::EMPTY;
        for bb in &self.sliders {
            sliders |= *bb;
        }
        sliders
    }

    /// Every square the enemy `sliders` attack.
    #[inline(always)]
    fn slider_attacks(&self, t: &Tables, sliders: Bitboard, occupied: Bitboard) -> Bitboard {
        let by = !self.look;
        let mut attacked = Bitboard::EMPTY;
        for sq in sliders {
            if let Some(p) = self.squares[sq.index()] {
                attacked |= t.attacks(p.kind, by, sq, occupied);
            }
        }
        attacked
    }

    /// Of `squares`, those that no enemy piece attacks by a step or a jump.
    #[inline(always)]
    pub(crate) fn without_step_attacks(&self, t: &Tables, squares: Bitboard) -> Bitboard {
        let mut near = Bitboard::EMPTY;
        for sq in squares {
            near |= t.step_any(self.look, sq);
        }
        let by = !self.look;
        let mut attacked = Bitboard::EMPTY;
        for x in near & self.theirs {
            if let Some(p) = self.squares[x.index()] {
                attacked |= t.step(p.kind, by, x);
            }
        }
        squares & !attacked
    }

    /// Pieces of `own` that shield `king` from a slider, each with the squares it may still go to.
    #[inline(always)]
    pub(crate) fn find_pins(
        &self,
        t: &Tables,
        king: Square,
        own: Bitboard,
        occupied: Bitboard,
        pins: &mut Pins,
    ) {
        for (ray, sliders) in self.slides(t, king) {
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
            if sliders.has(pinner) {
                // Pinned along one line by two kinds of ray (a slide and a rider's leaps), a
                // piece may only go where both stay shut: `add` intersects the lines.
                pins.add(
                    shield,
                    t.between(ray, king, pinner) | Bitboard::from_square(pinner),
                );
            }
        }
    }
}

#[derive(Default)]
pub(crate) struct Pins {
    pub pinned: Bitboard,
    /// Each pinned piece with the squares it may go to. Eight fit inline (one per direction
    /// for ordinary pieces); riders of more directions spill into the vector.
    lines: ArrayVec<(Square, Bitboard), 8>,
    more: Vec<(Square, Bitboard)>,
}

impl Pins {
    pub(crate) fn line(&self, sq: Square) -> Bitboard {
        self.lines
            .iter()
            .chain(&self.more)
            .find(|(s, _)| *s == sq)
            .map_or(Bitboard::EMPTY, |(_, l)| *l)
    }

    /// Adds a pin line, or narrows the piece's line if it is already pinned along another ray.
    fn add(&mut self, shield: Square, line: Bitboard) {
        if let Some((_, existing)) = self
            .lines
            .iter_mut()
            .chain(self.more.iter_mut())
            .find(|(s, _)| *s == shield)
        {
            *existing &= line;
            return;
        }
        self.pinned.set(shield);
        if let Err(full) = self.lines.try_push((shield, line)) {
            self.more.push(full.element());
        }
    }
}

/// The squares strictly between `color`'s single royal piece and the one piece checking it,
/// where a block would answer the check: empty for no check, a step, a jump or a double check.
pub(crate) fn check_between(t: &Tables, b: &Board, color: Color) -> Bitboard {
    let royals = b.royals(t, color);
    let Some(ksq) = (royals.count() == 1).then(|| royals.first()).flatten() else {
        return Bitboard::EMPTY;
    };
    let (checkers, between) = Threats::new(t, b, !color).checks(t, ksq, b.occupied());
    if checkers.several() {
        Bitboard::EMPTY
    } else {
        between
    }
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
    Threats::new(t, b, !color).checks(t, ksq, b.occupied()).0
}
