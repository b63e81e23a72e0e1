//! Where the results of the defender's nodes two plies from the end go once one ply of checks
//! has settled them (`solved::settled_in_two`): a small direct-mapped cache, the latest result
//! in each slot, instead of the results map. They are most of the depth-limited df-pn's results
//! (5.3 M of one 13-ply batch problem's), and stored in the map they made it large and each of
//! its look-ups a cache miss; the few asked again are asked soon after, by a sibling or a
//! transposition near by (16 K slots found as many as 1 M). Batch problem 103: 12.6 s to
//! 11.2 s; the batch 2 % faster; the same answers.

use super::Entry;
use crate::tsume::hand::Hand;

const SLOTS: usize = 1 << 14;

#[derive(Default)]
pub(super) struct Recent {
    /// Empty until the first result comes.
    slots: Vec<Option<(u64, Entry)>>,
}

impl Recent {
    fn slot(key: u64) -> usize {
        (key >> (64 - SLOTS.trailing_zeros())) as usize
    }

    /// The result kept for `key` if it applies to the attacker's hand `hand` (a proof to any
    /// hand holding at least its own, a disproof to any holding at most).
    pub fn get(&self, key: u64, hand: &Hand) -> Option<Entry> {
        let (k, e) = (*self.slots.get(Self::slot(key))?)?;
        let applies = if e.proof {
            hand.covers(&e.hand)
        } else {
            e.hand.covers(hand)
        };
        (k == key && applies).then_some(e)
    }

    pub fn put(&mut self, key: u64, e: Entry) {
        if self.slots.is_empty() {
            self.slots = vec![None; SLOTS];
        }
        self.slots[Self::slot(key)] = Some((key, e));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(pawns: u8, golds: u8) -> Hand {
        let mut h = Hand::default();
        h.0[0] = pawns;
        h.0[1] = golds;
        h
    }

    fn entry(proof: bool, hand: Hand) -> Entry {
        Entry {
            hand,
            proof,
            depth: if proof { 2 } else { 3 },
            rep: None,
            exact: proof,
        }
    }

    /// A proof applies to a hand holding at least its own, a disproof to one holding at most;
    /// two keys of one slot keep the latest.
    #[test]
    fn a_kept_result_applies_by_hand_superiority_and_the_latest_in_a_slot_wins() {
        let mut r = Recent::default();
        let key = 0x1234_5678_9abc_def0;
        assert!(r.get(key, &hand(1, 1)).is_none());
        r.put(key, entry(true, hand(1, 0)));
        assert!(r.get(key, &hand(1, 0)).is_some_and(|e| e.proof));
        assert!(r.get(key, &hand(2, 1)).is_some());
        assert!(r.get(key, &hand(0, 1)).is_none());
        assert!(
            r.get(key ^ 1, &hand(1, 0)).is_none(),
            "another key in the slot"
        );

        let other = key ^ 1;
        r.put(other, entry(false, hand(1, 1)));
        assert!(r.get(key, &hand(1, 0)).is_none(), "replaced");
        assert!(r.get(other, &hand(1, 1)).is_some_and(|e| !e.proof));
        assert!(r.get(other, &hand(0, 0)).is_some());
        assert!(r.get(other, &hand(2, 0)).is_none());
    }
}
