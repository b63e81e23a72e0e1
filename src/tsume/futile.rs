//! The futile-interposition test of the length search (the rule in [`super`]'s module
//! comment), and how its answers settle interpositions.

use super::{Lengths, Node};
use crate::rules::{Move, Square};
use crate::tsume::free_take;
use crate::tsume::free_take::Free;

impl Lengths<'_> {
    /// The first part of the futility rule in [`super`]'s module comment, with `l0`.
    pub(super) fn futile(&mut self, after: &Node, interposition: Move, l0: u32) -> Futile {
        let attacker = self.searcher.attacker;
        let sq = interposition.to();
        // With no plies left (l0 = 0) the answer after the capture does not depend on the
        // attacker's hand, and a defender holding a piece more is never better off for it (each
        // defence must again be a futile interposition). So if the capture's position with the
        // dropped piece handed back (as if the checker had simply moved there) is mated at
        // once, a drop of any kind there is futile: one position answers for them all. Along a
        // long diagonal, each kind dropped on each square and captured in turn had made chains
        // of millions of positions.
        let kind = match interposition {
            Move::Drop { kind, .. } if l0 == 0 => kind,
            _ => return self.some_capture_mates(after, sq, l0),
        };
        for mv in captures(after, sq) {
            let g = after.child(mv, attacker);
            let handed_back = g.passed_to_defender(kind, attacker);
            if handed_back.is_some_and(|b| self.and_within(&b, 0)) {
                return Futile::AnyDropHere;
            }
            if self.and_within(&g, 0) {
                return Futile::Yes;
            }
        }
        Futile::No
    }

    /// Does a capture on `sq` from `after` mate within `l0`? One already known to settles it
    /// before the others are searched (one known not to is not searched): the checker's
    /// capture is often known from a nearer drop, the others not.
    fn some_capture_mates(&mut self, after: &Node, sq: Square, l0: u32) -> Futile {
        let attacker = self.searcher.attacker;
        let mut open = Vec::new();
        for mv in captures(after, sq) {
            let st = after.step(mv, attacker);
            match self.known_within(&st, l0) {
                Some(true) => return Futile::Yes,
                Some(false) => {}
                None => open.push(st),
            }
        }
        for st in open {
            if self.and_within(&after.play(&st), l0) {
                return Futile::Yes;
            }
        }
        Futile::No
    }

    /// The second part, with `l1`, for an interposition the attacker can take for free: a
    /// capture that takes it for free and mates within `l1` with the piece given back. The
    /// position so reached is the same whatever was dropped (the board after the capture, and
    /// the hands as before the drop), so one answer holds for a drop of any kind there.
    pub(super) fn futile_given_back(
        &mut self,
        after: &Node,
        interposition: Move,
        l1: u32,
    ) -> Futile {
        let attacker = self.searcher.attacker;
        let sq = interposition.to();
        let Some(kind) = after.captured_kind(sq) else {
            return Futile::No;
        };
        for mv in captures(after, sq) {
            let g = after.child(mv, attacker);
            if !free_take::nothing_takes_back(&g.pos, sq) {
                continue;
            }
            let given_back = g.passed_to_defender(kind, attacker);
            if given_back.is_some_and(|b| self.and_within(&b, l1)) {
                return match interposition {
                    Move::Drop { .. } => Futile::AnyDropHere,
                    _ => Futile::Yes,
                };
            }
        }
        Futile::No
    }

    /// The first part of the futility rule as `and_within` asks it: by a capture that mates
    /// within `top` - 2 plies, or within `top` where the longest plain defence reaches it.
    pub(super) fn futile_within(
        &mut self,
        c: &Node,
        mv: Move,
        depth: u32,
        plain: &[(usize, Move, Node)],
        l0_is_top: &mut Option<bool>,
    ) -> Futile {
        let top = depth & !1;
        // Where L0 is known to reach `top`, the capture is asked within `top` at once: within
        // `top` - 2 first had cost a disproof for every capture that needs `top`. (Not where
        // `top` - 2 is 0: its test covers a drop of any kind at once.)
        if top >= 4 && *l0_is_top == Some(true) {
            return self.futile(c, mv, top);
        }
        // The capture first: it plays one move, where "mated within depth - 1 anyway" tries
        // every check (far drops along a file: 872 k nodes instead of 1.62 M on a 5-ply batch
        // problem).
        let f = self.futile(c, mv, top.saturating_sub(2));
        if f != Futile::No || top < 2 {
            return f;
        }
        if *l0_is_top.get_or_insert_with(|| self.longest_is(plain, depth)) {
            return self.futile(c, mv, top);
        }
        Futile::No
    }

    /// Does an interposition from `n` that the attacker cannot take for free, and that counts
    /// (not futile by the rule's first part), need `depth` - 1 or `depth` - 2 plies (so that
    /// the second part measures with `top`)? False too where one is not mated within
    /// `depth` - 1: the node is then not mated within `depth` anyway (a futile one is mated
    /// through its capture within L0 + 1).
    ///
    /// Whether such a one counts is the first part with the exact L0, not `futile_within`'s
    /// shortcut: a capture that mates within `top` - 2 settles that the interposition is mated
    /// in time, not that it is futile, and it may itself last `top` plies (a batch problem,
    /// `9/k2+L5/p3R4/…` after ▲8三銀 △9一玉: the pawn dropped on 8a, which the king takes back,
    /// lasts 6 plies; skipped as futile, it left the knight dropped on 6a counting, so that
    /// ▲5一飛成 and ▲5一飛不成 got different answers, depending on which was searched first).
    pub(super) fn taken_back_is_top(
        &mut self,
        n: &Node,
        inter: &[Move],
        depth: u32,
        plain: &[(usize, Move, Node)],
        free: &mut Free,
    ) -> bool {
        let attacker = self.searcher.attacker;
        let mut l0 = None;
        for &mv in inter.iter().rev() {
            if free.taken_freely(n, mv) {
                continue;
            }
            let c = n.child(mv, attacker);
            if depth == 0 || !self.or_within(&c, depth - 1) {
                return false;
            }
            if depth >= 3 && self.or_within(&c, depth - 3) {
                // Shorter than `top`, futile or not.
                continue;
            }
            let l0 = *l0.get_or_insert_with(|| self.longest_plain(plain, depth));
            if self.futile(&c, mv, l0) == Futile::No {
                return true;
            }
        }
        false
    }

    /// L0: the longest resistance of the defences `plain` (each mated within `depth` - 1), one
    /// ply more than its mate, as `defences` measures it; 0 without any.
    fn longest_plain(&mut self, plain: &[(usize, Move, Node)], depth: u32) -> u32 {
        let mut l0 = 0;
        for (_, _, c) in plain {
            let mut mate = 1;
            while mate + 2 <= depth.saturating_sub(1) && !self.or_within(c, mate) {
                mate += 2;
            }
            l0 = l0.max(mate + 1);
        }
        l0
    }
}

/// The attacker's checks from `after` that capture on `sq`, the checker's first: the piece
/// beyond `sq` on the line from the defender's king, whose capture is the one most often mated
/// in time (a far lance drop in a batch problem, answered by interpositions on each square
/// between, each captured first by a dragon to no avail: 2.54 M nodes instead of 591 k).
fn captures(after: &Node, sq: Square) -> Vec<Move> {
    let mut caps = after.pos.checking_moves_onto(sq);
    if caps.len() > 1 {
        if let Some(checker) = checker_beyond(after, sq) {
            let first = caps
                .iter()
                .position(|mv| matches!(mv, Move::Normal { from, .. } if *from == checker));
            if let Some(i) = first {
                let mv = caps.remove(i);
                caps.insert(0, mv);
            }
        }
    }
    caps
}

/// The first piece beyond `sq` on the line from the defender's king through it.
fn checker_beyond(after: &Node, sq: Square) -> Option<Square> {
    let king = after.pos.royal_square(!after.pos.turn())?;
    after
        .pos
        .variant()
        .size
        .line_from(king, sq)
        .skip_while(|s| *s != sq)
        .skip(1)
        .find(|s| after.pos.piece_at(*s).is_some())
}

/// Whether an interposition is futile.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Futile {
    No,
    Yes,
    /// Yes, and so is a drop of any kind on the same square.
    AnyDropHere,
}

/// Does the futility test's answer `futile` for the interposition `mv` settle it (futile)?
/// Notes the square when a drop of any kind there is futile too.
pub(super) fn settles(futile: Futile, mv: Move, futile_drops: &mut Vec<Square>) -> bool {
    if futile == Futile::AnyDropHere {
        futile_drops.push(mv.to());
    }
    futile != Futile::No
}

/// Is `mv` a drop onto one of `squares`?
pub(super) fn is_drop_onto(mv: Move, squares: &[Square]) -> bool {
    matches!(mv, Move::Drop { to, .. } if squares.contains(&to))
}
