//! Interpositions in the depth-limited df-pn: how a node reached by one is told apart from the
//! same position reached otherwise, and where its capture need not keep its plies (see the
//! module comment of `bounded.rs` on futile interpositions).

use super::{mix, Child, Value};
use crate::rules::{Move, Square};
use crate::tsume::free_take;
use crate::tsume::node::Node;

/// An interposition seen from the node it leads to: the square, and whether the conventional
/// rule calls it futile only if taking the piece mates at once: every defence of its parent
/// was an interposition, so L0 is 0, and so is L1 unless some other one is taken back while
/// this one is taken for free (`free_take::futile_only_if_mated_at_once`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Interposed {
    pub sq: Square,
    pub mates_at_once_only: bool,
}

/// A key (table key or full key) marked with the interposition if any.
pub(super) fn spot_key(key: u64, interposed: Option<Interposed>) -> u64 {
    match interposed {
        Some(i) => key ^ mix(0x1_0000 + i.sq.index() as u64 + ((i.mates_at_once_only as u64) << 8)),
        None => key,
    }
}

/// At a defender's node of `depth` plies: is every defence other than an interposition known
/// to be mated within `depth` - 3 plies by the conventional rules (an exact proof)? With
/// [`taken_back_end_two_plies_short`], the interpositions that cannot be taken for free too,
/// the longest resistance of those defences, the rule's L0, is at most `depth` - 2, and an
/// interposition that is futile (its capture mates within L0) is also mated within `depth` - 1
/// as an ordinary defence, by that capture: the capture need not keep its plies, which is what
/// makes refuting an interposition costly.
pub(super) fn others_end_two_plies_short(children: &[Child], values: &[Value], depth: i32) -> bool {
    children
        .iter()
        .zip(values)
        .all(|(c, v)| c.interposed.is_some() || v.exact <= depth - 3)
}

/// Is every interposition the attacker cannot take for free (a defence like any other, see
/// `free_take.rs`) known to be mated within `depth` - 3 plies too? `free` keeps which can be,
/// worked out the first time it is asked.
pub(super) fn taken_back_end_two_plies_short(
    n: &Node,
    children: &[Child],
    values: &[Value],
    depth: i32,
    free: &mut Option<Vec<bool>>,
) -> bool {
    let pending: Vec<usize> = (0..children.len())
        .filter(|&j| children[j].interposed.is_some() && values[j].exact > depth - 3)
        .collect();
    if pending.is_empty() {
        return true;
    }
    let free = free.get_or_insert_with(|| {
        let inter: Vec<Move> = children
            .iter()
            .filter(|c| c.interposed.is_some())
            .map(|c| c.step.expect("a child has a move").mv)
            .collect();
        let mut taken = free_take::taken_freely(n, &inter).into_iter();
        children
            .iter()
            .map(|c| c.interposed.is_some() && taken.next() == Some(true))
            .collect()
    });
    pending.iter().all(|&j| free[j])
}
