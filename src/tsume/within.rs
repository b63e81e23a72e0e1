//! The 余詰 search's question of the length search (see [`super`]'s module comment): is there
//! a mate within `d` plies at all, by the same rules? The first mating check settles an
//! attacker's node, and nothing shorter need be ruled out; at a defender's node only whether
//! an interposition is futile, not how long the others resist.

use super::free_take;
use super::futile::{is_drop_onto, settles};
use super::{plies, Lengths};
use super::{Node, Step};
use crate::rules::Move;

impl Lengths<'_> {
    /// Is there a mate from an attacker's node within `depth` plies (by the conventional rules,
    /// as [`Self::or_len`] would find)? Cheaper than the length itself: the first check that
    /// mates within `depth` settles it, and nothing shorter need be ruled out.
    pub fn or_within(&mut self, n: &Node, depth: u32) -> bool {
        if depth == 0 || self.searcher.tick() {
            return false;
        }
        if let Some(known) = self.memo.recall_within(n.full, depth) {
            return known;
        }
        if self.bounded.exactly_mated(n, depth) {
            self.memo.remember_within(n.full, depth, true);
            return true;
        }
        let mut mated = false;
        self.visit_checks(n, depth, |l, c| {
            mated = l.and_within(c, depth - 1);
            mated || l.searcher.stopped.is_some()
        });
        if self.searcher.stopped.is_none() {
            self.memo.remember_within(n.full, depth, mated);
        }
        mated
    }

    /// What is already known, without a search, of [`Self::and_within`]'s answer for the
    /// defender's node `st` leads to.
    pub(super) fn known_within(&self, st: &Step, depth: u32) -> Option<bool> {
        if let Some(known) = self.memo.recall_within(st.full, depth) {
            return Some(known);
        }
        // (A relaxed disproof is one by the rules too.)
        self.bounded.known(st.key, &st.attacker_hand, plies(depth))
    }

    /// Is every defence from a defender's node mated within `depth` plies, futile
    /// interpositions aside? The answer [`Self::and_len`] gives, without measuring any length
    /// (see the interpositions below).
    pub fn and_within(&mut self, n: &Node, depth: u32) -> bool {
        if self.searcher.tick() {
            return false;
        }
        if let Some(known) = self.memo.recall_within(n.full, depth) {
            return known;
        }
        if self.deep && self.bounded.mated(self.searcher, n, plies(depth)) == Some(false) {
            self.memo.remember_within(n.full, depth, false);
            return false;
        }
        // A proof that never took an interposed piece for free is one by the rules as well.
        if self.bounded.exactly_mated(n, depth) {
            self.memo.remember_within(n.full, depth, true);
            return true;
        }
        let mated = self.and_within_uncached(n, depth);
        if self.searcher.stopped.is_none() {
            self.memo.remember_within(n.full, depth, mated);
        }
        mated
    }

    fn and_within_uncached(&mut self, n: &Node, depth: u32) -> bool {
        let attacker = self.searcher.attacker;
        let Some((inter, plain)) = self.split_defences(n, n.moves(attacker), depth) else {
            return false;
        };
        for (_, _, c) in &plain {
            if !self.or_within(c, depth - 1) {
                return false;
            }
        }
        if inter.is_empty() {
            return true;
        }
        // An interposition futile by a capture that mates within l0 (the longest resistance
        // of the moves other than interpositions, even, at most `depth`) is also mated within
        // l0 + 1 as a defence like any other, by that capture; so is one whose capture mates
        // within `depth` - 2 (`top` - 2 below). Futility itself matters only when l0 is as long
        // as `depth` allows (`top`): when some such defence has no mate two plies shorter. Only
        // that question is asked, not l0 itself, whose exact lengths cost the most. So for the
        // second part's l1 (`taken_back_is_top`).
        let top = depth & !1;
        let mut l0_is_top: Option<bool> = None;
        let mut futile_drops = Vec::new();
        let mut free = free_take::Free::default();
        // Whether the rule's second part applies to those the attacker can take for free
        // (`free_take.rs`): asked the first time one of them is not mated in time otherwise.
        let mut l1_is_top: Option<bool> = None;
        // The weakest drops first, as in `defences`.
        for &mv in inter.iter().rev() {
            if is_drop_onto(mv, &futile_drops) {
                continue;
            }
            let c = n.child(mv, attacker);
            // The second part first, where it may apply: its capture, the piece given back, is
            // often a position already searched (a far drop's capture is the drop nearer),
            // where the first part's capture keeps the piece and is a new position.
            if top >= 2 && free.taken_freely(n, mv) {
                let second = match l1_is_top {
                    Some(known) => known,
                    None => *l1_is_top
                        .insert(self.taken_back_is_top(n, &inter, depth, &plain, &mut free)),
                };
                if second && settles(self.futile_given_back(&c, mv, top), mv, &mut futile_drops) {
                    continue;
                }
            }
            if settles(
                self.futile_within(&c, mv, depth, &plain, &mut l0_is_top),
                mv,
                &mut futile_drops,
            ) {
                continue;
            }
            if self.searcher.stopped.is_some() || depth == 0 || !self.or_within(&c, depth - 1) {
                return false;
            }
        }
        true
    }

    /// Does one of the defences `plain` (each mated within `depth` - 1) take `depth` - 1 or
    /// `depth` - 2 plies, no mate two plies shorter?
    pub(super) fn longest_is(&mut self, plain: &[(usize, Move, Node)], depth: u32) -> bool {
        for (_, _, c) in plain {
            if depth < 3 || !self.or_within(c, depth - 3) {
                return true;
            }
        }
        false
    }
}
