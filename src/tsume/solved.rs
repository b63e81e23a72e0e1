//! The result a solved node of the depth-limited df-pn stores, from its children's: the depth
//! and hand of its proof or disproof, and of its exact proof if it has one.

use super::{floor, open_hand, Child, Cycle, Entry, Value, NO_DISPROOF, NO_PROOF};
use crate::tsume::hand::Hand;
use crate::tsume::node::Node;

/// A depth threshold moved to the parent by the plies the move spends.
pub(super) fn shifted(t: i32, shift: i32) -> i32 {
    if t == NO_PROOF || t == NO_DISPROOF || t == i32::MAX {
        t
    } else {
        t.saturating_add(shift)
    }
}

/// The attacker's hand at `n` that the move to `c` needs, from what it needs after the move.
fn before(n: &Node, c: &Child, mut h: Hand) -> Hand {
    if let Some(step) = c.step {
        if let Some(s) = n.dropped_slot(step.mv) {
            h.add(s);
        }
        if let Some(s) = n.captured_slot(step.mv) {
            h.remove(s);
        }
    }
    h
}

/// The result of a solved node, with its depth and hand, from its children's (a proof is not
/// marked exact here: [`exact_proof`] finds that one).
pub(super) fn entry(n: &Node, me: &Child, children: &[Child], values: &[Value]) -> Entry {
    let f = floor(me.or, me.interposed.is_some());
    if me.or {
        if values.iter().any(|v| v.pn == 0) {
            // Proven by the check that mates soonest.
            let (c, v) = children
                .iter()
                .zip(values)
                .filter(|(_, v)| v.pn == 0)
                .min_by_key(|(c, v)| shifted(v.proof, c.shift))
                .expect("a proven child");
            return Entry {
                hand: before(n, c, v.proof_hand).min(&n.attacker_hand),
                proof: true,
                depth: shifted(v.proof, c.shift),
                rep: None,
                exact: false,
            };
        }
        let mut hand = open_hand(&n.attacker_hand);
        let mut depth = i32::MAX;
        let mut rep = None;
        for (c, v) in children.iter().zip(values) {
            hand = hand.min(&before(n, c, v.disproof_hand));
            depth = depth.min(shifted(v.disproof, c.shift));
            rep = Cycle::join(rep, v.rep);
        }
        return Entry {
            hand: hand.max(&n.attacker_hand),
            proof: false,
            depth: depth.max(f),
            rep,
            exact: false,
        };
    }
    if values.iter().all(|v| v.pn == 0) {
        let mut hand = Hand::default();
        let mut depth = 0;
        for (c, v) in children.iter().zip(values) {
            hand = hand.max(&v.proof_hand);
            depth = depth.max(shifted(v.proof, c.shift));
        }
        return Entry {
            hand: n.mated_proof_hand(hand),
            proof: true,
            depth,
            rep: None,
            exact: false,
        };
    }
    // Disproven by the defence that holds longest.
    let (c, v) = children
        .iter()
        .zip(values)
        .filter(|(_, v)| v.dn == 0)
        .max_by_key(|(c, v)| (v.rep.is_none(), shifted(v.disproof, c.shift)))
        .expect("a disproven child");
    let mut hand = v.disproof_hand;
    if let Some(s) = c.step.and_then(|step| n.dropped_slot(step.mv)) {
        // The defender needs the piece it drops: the attacker may hold at most the rest.
        let total = n.attacker_hand.0[s] + n.defender_hand.0[s];
        hand.0[s] = hand.0[s].min(total.saturating_sub(1));
    }
    Entry {
        hand: hand.max(&n.attacker_hand),
        proof: false,
        depth: shifted(v.disproof, c.shift).max(f),
        rep: v.rep,
        exact: false,
    }
}

/// The best exact proof of a proven node (see [`Entry::exact`]) from its children's, if they
/// have one: at an attacker's node the check with the soonest exact mate, at a defender's node
/// every defence's. Each move counts its ply, the capture of an interposed piece too.
pub(super) fn exact_proof(
    n: &Node,
    me: &Child,
    children: &[Child],
    values: &[Value],
) -> Option<Entry> {
    if me.or {
        let (c, v) = children
            .iter()
            .zip(values)
            .filter(|(_, v)| v.exact != NO_PROOF)
            .min_by_key(|(_, v)| v.exact)?;
        return Some(Entry {
            hand: before(n, c, v.exact_hand).min(&n.attacker_hand),
            proof: true,
            depth: v.exact.saturating_add(1),
            rep: None,
            exact: true,
        });
    }
    let mut hand = Hand::default();
    let mut depth = 0;
    for v in values {
        if v.exact == NO_PROOF {
            return None;
        }
        hand = hand.max(&v.exact_hand);
        depth = depth.max(v.exact.saturating_add(1));
    }
    Some(Entry {
        hand: n.mated_proof_hand(hand),
        proof: true,
        depth,
        rep: None,
        exact: true,
    })
}
