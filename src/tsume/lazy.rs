//! Which children of a node count, and the node's numbers from theirs; shared by df-pn
//! (`dfpn.rs`) and the depth-limited df-pn (`bounded.rs`).
//!
//! Interpositions are lazy: at the defender's node the drops onto one square wait for each
//! other, the weakest piece first, and only the first kind not yet proven counts and is
//! searched. Once one kind is refuted, the next is usually proven at once by hand superiority,
//! and the node's proof number is not swollen by every kind the defender could drop.

use super::table::INF;
use crate::rules::{Move, Square};
use smallvec::{smallvec, SmallVec};

const NONE: usize = usize::MAX;

/// A sum of proof or disproof numbers, capped at infinity.
pub fn add(a: u32, b: u32) -> u32 {
    a.saturating_add(b).min(INF)
}

/// The children of one node that count now.
pub struct Lazy {
    /// For each child, the drop it waits for; empty at an attacker's node, where none waits.
    waits: SmallVec<[usize; 32]>,
    visible: SmallVec<[bool; 32]>,
}

impl Lazy {
    /// For the children reached by `moves`, at a defender's node or not.
    pub fn new(
        defender: bool,
        moves: impl ExactSizeIterator<Item = Move> + DoubleEndedIterator,
    ) -> Lazy {
        let visible = smallvec![true; moves.len()];
        let waits = if defender {
            chains(moves)
        } else {
            SmallVec::new()
        };
        Lazy { waits, visible }
    }

    /// Updates which children count: a drop does once every drop it waits for is proven.
    pub fn update(&mut self, proven: impl Fn(usize) -> bool) {
        for i in 0..self.waits.len() {
            let mut j = self.waits[i];
            self.visible[i] = true;
            while j != NONE {
                if !proven(j) {
                    self.visible[i] = false;
                    break;
                }
                j = self.waits[j];
            }
        }
    }

    pub fn visible(&self) -> &[bool] {
        &self.visible
    }

    /// The drop that waits for child `i`: worth reading again once `i` is proven (the table
    /// may know it by then).
    pub fn next_after(&self, i: usize) -> Option<usize> {
        self.waits.iter().position(|w| *w == i)
    }
}

/// For each move, the drop it waits for: drops onto one square are tried one at a time, the
/// weakest piece first (the reverse of the generator's order, which lists the hand from the rook
/// down); `NONE` for every other move and for the first drop on each square.
fn chains(
    moves: impl ExactSizeIterator<Item = Move> + DoubleEndedIterator,
) -> SmallVec<[usize; 32]> {
    let mut waits = smallvec![NONE; moves.len()];
    // The last drop seen on each square (a defender in check drops on a few squares only: a
    // short list, not a table of every square to fill at each node).
    let mut next_on: SmallVec<[(Square, usize); 8]> = SmallVec::new();
    for (i, mv) in moves.enumerate().rev() {
        if let Move::Drop { to, .. } = mv {
            match next_on.iter_mut().find(|(sq, _)| *sq == to) {
                Some((_, next)) => {
                    waits[i] = *next;
                    *next = i;
                }
                None => next_on.push((to, i)),
            }
        }
    }
    waits
}

/// Proof and disproof numbers of a node from its children's `(pn, dn)`, of those `visible` (a
/// hidden child still counts when it is known to refute the node).
pub fn combine(
    or: bool,
    numbers: impl Iterator<Item = (u32, u32)>,
    visible: &[bool],
) -> (u32, u32) {
    let mut pn = if or { INF } else { 0 };
    let mut dn = if or { 0 } else { INF };
    for ((p, d), seen) in numbers.zip(visible) {
        if or {
            pn = pn.min(p);
            dn = add(dn, d);
        } else if *seen {
            pn = add(pn, p);
            dn = dn.min(d);
        } else if d == 0 {
            dn = 0;
        }
    }
    (pn, dn)
}

/// [`combine`] for df-pn's nodes: at the defender's node the drops (interpositions; `dropped`
/// marks them) add their largest proof number, and 1 for each other drop still open, instead of
/// the sum of theirs. Drops on the squares of one line are mated much alike (the capture leaves
/// nearly the same position), and their summed numbers kept df-pn away from a far drop that
/// mates: 将棋図巧 第4番 proven in 308 k nodes instead of 602 k, 第1番 in 4.5 M instead of 6.4 M,
/// the batch's proofs 1.30 M nodes in all instead of 1.34 M, the 21 short problems 3 803 as
/// before; 第9番 140 k instead of 118 k, 第6番 764 k instead of 689 k. (Their largest alone, the
/// other drops not counted at all: 第4番 124 k, but the batch's proofs 2.83 M.) And 1 more while
/// a drop waits for the one before it (KomoringHeights does so): a waiting kind is usually
/// mated by the same proof, but not always, and with nothing counted for it the node looked
/// one answer from mate for the whole of a long proof of each kind in turn (on batch problem
/// 784 a lance dropped after the pawn took 294 k nodes at a proof number of 1; its proof 56 k
/// nodes without the extra 1, 4.5 k with it).
///
/// The other children of a defender's node marked in `counted_once` (a bit each, by index)
/// meet another child's subtree below (`double_count.rs`): they add the largest of their proof
/// numbers, not their sum.
pub fn combine_drops_once(
    or: bool,
    numbers: impl Iterator<Item = (u32, u32)>,
    visible: &[bool],
    dropped: &[bool],
    counted_once: u64,
) -> (u32, u32) {
    if or {
        return combine(or, numbers, visible);
    }
    // One pass: the plain sum (to tell a proven node) beside the drops' largest and count.
    let (mut sum, mut dn) = (0, INF);
    let (mut others, mut largest, mut open) = (0, 0, 0);
    let mut met = 0;
    let mut waiting = false;
    for (i, (((p, d), seen), drop)) in numbers.zip(visible).zip(dropped).enumerate() {
        if !*seen {
            if d == 0 {
                dn = 0;
            }
            waiting |= p > 0;
            continue;
        }
        sum = add(sum, p);
        dn = dn.min(d);
        if *drop {
            largest = largest.max(p);
            open += u32::from(p > 0);
        } else if i < 64 && counted_once >> i & 1 != 0 {
            met = met.max(p);
        } else {
            others = add(others, p);
        }
    }
    if sum == 0 || dn == 0 {
        return (sum, dn);
    }
    let drops = add(largest, open.saturating_sub(1) + u32::from(waiting));
    (add(add(others, met), drops), dn)
}

/// The child to search next and the runner-up's number: of the `visible` children's
/// `(pn, dn)`, the one whose deciding number (the proof number at the attacker's node, the
/// disproof number at the defender's) is least. Ties go to the first, unless `dn_breaks_ties`:
/// then, at the attacker's node, to the smaller disproof number. The runner-up's number is
/// `INF` for none; the first child is chosen if none is visible.
pub fn most_promising(
    or: bool,
    numbers: impl Iterator<Item = (u32, u32)>,
    visible: &[bool],
    dn_breaks_ties: bool,
) -> (usize, u32) {
    let decisive = |(p, d): (u32, u32)| if or { p } else { d };
    let mut best: Option<(usize, (u32, u32))> = None;
    let mut second = INF;
    for (i, (v, seen)) in numbers.zip(visible).enumerate() {
        if !*seen {
            continue;
        }
        let Some((_, b)) = best else {
            best = Some((i, v));
            continue;
        };
        let d = decisive(v);
        if d < decisive(b) || (dn_breaks_ties && or && d == b.0 && v.1 < b.1) {
            second = decisive(b);
            best = Some((i, v));
        } else if d < second {
            second = d;
        }
    }
    (best.map_or(0, |(i, _)| i), second)
}

/// The thresholds the chosen child is searched with, from the node's `thresholds` and
/// `numbers` and the child's `child` (pn, dn): its deciding number may grow up to `limit` (just
/// beyond the runner-up), the other by what the node can still spare.
pub fn child_thresholds(
    or: bool,
    thresholds: (u32, u32),
    numbers: (u32, u32),
    child: (u32, u32),
    limit: u32,
) -> (u32, u32) {
    let ((th_pn, th_dn), (pn, dn)) = (thresholds, numbers);
    if or {
        (th_pn.min(limit), add(th_dn.saturating_sub(dn), child.1))
    } else {
        (add(th_pn.saturating_sub(pn), child.0), th_dn.min(limit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{KindId, Square};

    fn drop(kind: u8, to: u8) -> Move {
        Move::Drop {
            kind: KindId(kind),
            to: Square::new(to),
        }
    }

    /// Three drops on one square and one elsewhere: the last listed (the weakest) counts
    /// first, the others once the one after them is proven.
    #[test]
    fn drops_on_one_square_wait_for_the_weaker_one() {
        let moves = [drop(6, 10), drop(5, 10), drop(6, 20), drop(1, 10)];
        let mut lazy = Lazy::new(true, moves.into_iter());
        lazy.update(|_| false);
        assert_eq!(lazy.visible(), &[false, false, true, true]);
        assert_eq!(lazy.next_after(3), Some(1));
        lazy.update(|j| j == 3);
        assert_eq!(lazy.visible(), &[false, true, true, true]);
        lazy.update(|j| j == 3 || j == 1);
        assert_eq!(lazy.visible(), &[true, true, true, true]);
    }

    #[test]
    fn at_an_attackers_node_every_child_counts() {
        let moves = [drop(6, 10), drop(1, 10)];
        let mut lazy = Lazy::new(false, moves.into_iter());
        lazy.update(|_| false);
        assert_eq!(lazy.visible(), &[true, true]);
        assert_eq!(lazy.next_after(1), None);
    }

    #[test]
    fn a_hidden_refutation_still_disproves_the_defenders_node() {
        let numbers = [(3, 2), (1, 0)];
        assert_eq!(combine(false, numbers.into_iter(), &[true, false]), (3, 0));
        assert_eq!(combine(false, numbers.into_iter(), &[true, true]), (4, 0));
        assert_eq!(combine(true, numbers.into_iter(), &[true, true]), (1, 2));
    }

    #[test]
    fn drops_count_once_at_the_defenders_node() {
        // A king's move worth 3, drops on three squares worth 5, 2 and 0 (proven).
        let numbers = [(3, 1), (5, 1), (2, 2), (0, INF)];
        let visible = [true; 4];
        let dropped = [false, true, true, true];
        assert_eq!(combine(false, numbers.iter().copied(), &visible), (10, 1));
        assert_eq!(
            combine_drops_once(false, numbers.iter().copied(), &visible, &dropped, 0),
            (9, 1)
        );
        // At the attacker's node nothing changes.
        assert_eq!(
            combine_drops_once(true, numbers.iter().copied(), &visible, &dropped, 0),
            combine(true, numbers.iter().copied(), &visible)
        );
    }

    #[test]
    fn a_waiting_drop_adds_one_until_it_is_solved() {
        // A king's move worth 3; on one square a pawn worth 5 and a gold waiting for it.
        let dropped = [false, true, true];
        let visible = [true, true, false];
        let waiting = [(3, 1), (5, 1), (1, 1)];
        assert_eq!(
            combine_drops_once(false, waiting.iter().copied(), &visible, &dropped, 0),
            (9, 1)
        );
        // The gold already mated (by the pawn's proof, through hand superiority): nothing waits.
        let solved = [(3, 1), (5, 1), (0, INF)];
        assert_eq!(
            combine_drops_once(false, solved.iter().copied(), &visible, &dropped, 0),
            (8, 1)
        );
    }

    #[test]
    fn children_met_again_below_add_their_largest() {
        // Three board moves worth 3, 4 and 6, a drop worth 2; the 4 and the 6 meet below.
        let numbers = [(3, 1), (4, 1), (6, 2), (2, 1)];
        let visible = [true; 4];
        let dropped = [false, false, false, true];
        let both = 0b110;
        assert_eq!(
            combine_drops_once(false, numbers.iter().copied(), &visible, &dropped, both),
            (3 + 6 + 2, 1)
        );
        // A drop marked counts as a drop; a proven node stays proven.
        let all = 0b1111;
        assert_eq!(
            combine_drops_once(false, numbers.iter().copied(), &visible, &dropped, all),
            (6 + 2, 1)
        );
        let proven = [(0, INF); 4];
        assert_eq!(
            combine_drops_once(false, proven.iter().copied(), &visible, &dropped, all),
            (0, INF)
        );
    }

    #[test]
    fn the_most_promising_child_and_the_runner_up() {
        let numbers = [(4, 2), (2, 9), (2, 3), (7, 1)];
        let visible = [true; 4];
        // The attacker's node goes by proof numbers: the first 2, or with ties broken by the
        // disproof number the second 2; the runner-up is worth 2 either way.
        let pick = |v: &[bool], ties| most_promising(true, numbers.iter().copied(), v, ties);
        assert_eq!(pick(&visible, false), (1, 2));
        assert_eq!(pick(&visible, true), (2, 2));
        // The defender's node goes by disproof numbers, ties or not.
        let defend = most_promising(false, numbers.iter().copied(), &visible, true);
        assert_eq!(defend, (3, 2));
        // Hidden children are passed over; alone, a child has no runner-up.
        assert_eq!(pick(&[true, false, false, true], true), (0, 7));
        assert_eq!(pick(&[false, false, false, true], true), (3, INF));
        assert_eq!(pick(&[false; 4], true), (0, INF));
    }

    #[test]
    fn the_chosen_child_may_grow_to_the_runner_up() {
        // At the attacker's node the proof number up to the limit, the disproof number by
        // what the node's threshold spares beyond its own (10 - 4) plus the child's 3.
        assert_eq!(child_thresholds(true, (20, 10), (2, 4), (2, 3), 5), (5, 9));
        assert_eq!(
            child_thresholds(false, (20, 10), (2, 4), (2, 3), 5),
            (20, 5)
        );
        // Sums stop at infinity.
        assert_eq!(
            child_thresholds(true, (INF, INF), (2, 4), (2, 9), INF),
            (INF, INF)
        );
    }
}
