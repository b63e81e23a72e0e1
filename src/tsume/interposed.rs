//! Interpositions in the depth-limited df-pn: how a node reached by one is told apart from the
//! same position reached otherwise, and where its capture need not keep its plies (see the
//! module comment of `bounded.rs` on futile interpositions).

use super::{mix, Child, Value};
use crate::rules::Square;

/// An interposition seen from the node it leads to: the square, and whether every defence of
/// its parent was an interposition. Then the longest resistance of the parent's other defences
/// is 0, and the conventional rule calls it futile only if taking the piece mates at once.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Interposed {
    pub sq: Square,
    pub only_defences: bool,
}

/// A key (table key or full key) marked with the interposition if any.
pub(super) fn spot_key(key: u64, interposed: Option<Interposed>) -> u64 {
    match interposed {
        Some(i) => key ^ mix(0x1_0000 + i.sq.index() as u64 + ((i.only_defences as u64) << 8)),
        None => key,
    }
}

/// At a defender's node of `depth` plies: is every defence other than an interposition known
/// to be mated within `depth` - 3 plies by the conventional rules (an exact proof)? Then the
/// longest resistance of those defences, the rule's L0, is at most `depth` - 2, and an
/// interposition that is futile (its capture mates within L0) is also mated within `depth` - 1
/// as an ordinary defence, by that capture: the capture need not keep its plies, which is what
/// makes refuting an interposition costly.
pub(super) fn others_end_two_plies_short(children: &[Child], values: &[Value], depth: i32) -> bool {
    children
        .iter()
        .zip(values)
        .all(|(c, v)| c.interposed.is_some() || v.exact <= depth - 3)
}
