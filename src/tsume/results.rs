//! The depth-limited df-pn's results: proofs and disproofs per position, each with its depth and
//! hand, looked up by hand superiority, stored with the entries they make useless dropped, the
//! disproofs that leaned on a repetition forgotten when the search leaves their level, and
//! everything dropped when the budget is full (see the module comment of `bounded.rs`).

use super::cycle::Cycle;
use super::interposed::spot_key;
use super::{depth_key, Bounded, Child, Entry, NO_PROOF};
use crate::tsume::hand::Hand;
use crate::tsume::node::Node;

impl Bounded {
    /// The smallest depth at which the node of table key `key` and attacker's hand `hand`
    /// (either side to move, not reached by an interposition) is known mated, `i32::MAX` if
    /// none. Asked of a [`crate::tsume::node::Step`] too, before its position is played.
    pub fn proof_of(&self, key: u64, hand: &Hand) -> i32 {
        self.lookup(key, hand).proof.map_or(NO_PROOF, |(d, _)| d)
    }

    /// What is known, without a search, of the node of table key `key` and attacker's hand
    /// `hand` (either side to move, not reached by an interposition) by the conventional rules:
    /// mated within `depth` plies by an exact proof (`Some(true)`), or not mated within them,
    /// by a disproof that leaned on no repetition (`Some(false)`).
    pub fn known(&self, key: u64, hand: &Hand, depth: i32) -> Option<bool> {
        let found = self.lookup(key, hand);
        if found.exact.is_some_and(|(d, _)| d <= depth) {
            return Some(true);
        }
        if found
            .disproof
            .is_some_and(|(d, _, rep)| rep.is_none() && d >= depth)
        {
            return Some(false);
        }
        None
    }

    /// Is the node `n` (either side to move, not reached by an interposition) known mated
    /// within `depth` plies by an exact proof, one the conventional rules agree with?
    pub fn exactly_mated(&self, n: &Node, depth: u32) -> bool {
        self.lookup(n.key, &n.attacker_hand)
            .exact
            .is_some_and(|(d, _)| i64::from(d) <= i64::from(depth))
    }

    /// The best proof (smallest depth), exact proof and disproof (largest depth) stored for a
    /// key that apply to `hand`.
    pub(super) fn lookup(&self, key: u64, hand: &Hand) -> Found {
        let mut proof: Option<(i32, Hand)> = None;
        let mut exact: Option<(i32, Hand)> = None;
        let mut disproof: Option<(i32, Hand, Option<Cycle>)> = None;
        for e in self.known.get(&key).map_or(&[][..], |l| &l[..]) {
            if e.proof {
                if hand.covers(&e.hand) {
                    if proof.is_none_or(|(d, _)| e.depth < d) {
                        proof = Some((e.depth, e.hand));
                    }
                    if e.exact && exact.is_none_or(|(d, _)| e.depth < d) {
                        exact = Some((e.depth, e.hand));
                    }
                }
            } else if e.hand.covers(hand)
                && disproof.is_none_or(|(d, _, r)| (e.depth, e.rep.is_none()) > (d, r.is_none()))
            {
                disproof = Some((e.depth, e.hand, e.rep));
            }
        }
        Found {
            proof,
            exact,
            disproof,
        }
    }

    /// Reads the children's entries in both maps once, together, so that their cache misses
    /// overlap (`value` reads them one child at a time, with other work between).
    pub(super) fn touch(&self, children: &[Child]) {
        let mut any = 0usize;
        for c in children {
            any ^= self
                .known
                .get(&spot_key(c.key, c.interposed))
                .map_or(0, |l| l.len());
            // (Not the numbers of a defender's node two plies from the end: read last, if
            // ever, see `first_value`.)
            if c.or || c.depth != 2 {
                let at = depth_key(spot_key(c.full, c.interposed), c.depth);
                any ^= usize::from(self.numbers.contains_key(&at));
            }
        }
        std::hint::black_box(any);
    }

    /// Forgets the disproofs that leaned on a repetition of the path level the search leaves.
    pub(super) fn leave(&mut self, level: u16) {
        let Some(keys) = self.rep_keys.get_mut(level as usize) else {
            return;
        };
        let keys = std::mem::take(keys);
        for key in keys {
            if let Some(list) = self.known.get_mut(&key) {
                let before = list.len();
                list.retain(|e| e.rep.is_none_or(|c| c.hi != level));
                self.known_len -= before - list.len();
            }
        }
    }

    pub(super) fn make_room(&mut self) {
        if self.known_len + self.numbers.len() < self.cap {
            return;
        }
        // Numbers are redone cheaply; results go last.
        self.numbers.clear();
        self.numbers.shrink_to_fit();
        if self.known_len >= self.cap / 2 {
            self.known.clear();
            self.known.shrink_to_fit();
            self.known_len = 0;
            self.rep_keys.iter_mut().for_each(Vec::clear);
        }
    }

    pub(super) fn store(&mut self, key: u64, e: Entry) {
        self.make_room();
        let list = self.known.entry(key).or_default();
        let before = list.len();
        // Entries the new one makes useless go (not for one that will be forgotten).
        list.retain(|o| {
            o.proof != e.proof
                || if e.proof {
                    !(o.hand.covers(&e.hand) && o.depth >= e.depth && (e.exact || !o.exact))
                } else {
                    !(e.rep.is_none() && e.hand.covers(&o.hand) && o.depth <= e.depth)
                }
        });
        list.push(e);
        self.known_len = self.known_len + list.len() - before;
        if let Some(c) = e.rep {
            let level = c.hi as usize;
            if self.rep_keys.len() <= level {
                self.rep_keys.resize_with(level + 1, Vec::new);
            }
            self.rep_keys[level].push(key);
        }
    }
}

/// What is stored for a key that applies to a hand (see [`Bounded::lookup`]).
pub(super) struct Found {
    pub proof: Option<(i32, Hand)>,
    pub exact: Option<(i32, Hand)>,
    pub disproof: Option<(i32, Hand, Option<Cycle>)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The memory budget counts 64 bytes per entry with the map's overhead.
    #[test]
    fn an_entry_stays_small() {
        assert!(std::mem::size_of::<Entry>() <= 24);
    }

    fn disproof(depth: i32, rep: Option<Cycle>) -> Entry {
        Entry {
            hand: Hand::default(),
            proof: false,
            depth,
            rep,
            exact: false,
        }
    }

    /// A disproof that leaned on a repetition of path levels 0 to 2 holds while the search is
    /// below level 2, and goes when it leaves that level; one that leaned on none stays, and
    /// is not pushed out by the other.
    #[test]
    fn a_disproof_leaning_on_a_repetition_goes_when_the_search_leaves_its_level() {
        let mut b = Bounded::new(1);
        let hand = Hand::default();
        b.store(7, disproof(3, None));
        b.store(7, disproof(5, Some(Cycle { lo: 0, hi: 2 })));
        assert_eq!(b.lookup(7, &hand).disproof.map(|d| d.0), Some(5));
        b.leave(3);
        assert_eq!(b.lookup(7, &hand).disproof.map(|d| d.0), Some(5));
        b.leave(2);
        assert_eq!(b.lookup(7, &hand).disproof.map(|d| d.0), Some(3));
        assert_eq!(b.known_len, 1);
    }
}
