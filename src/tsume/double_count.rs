//! Proof numbers counted twice. df-pn sums a defender's node's children's proof numbers as if
//! their subtrees were apart; where two of them meet again below (a transposition), the work
//! left there counts once for each, and the node looks further from a proof than it is
//! (Kishimoto's double-counting problem). KomoringHeights finds such meetings as it goes, and
//! so does this: each position remembers the node it was first searched from; when df-pn
//! descends into a position first reached from elsewhere, the trail of first parents is
//! followed up until it meets the current path. If it meets it at a defender's node, the child
//! of that node that the trail came through counts once there: the node's proof number adds the
//! largest of such children's instead of their sum (`lazy::combine_drops_once`).
//!
//! The trail is followed only while the proof numbers along it grow slowly: a node much further
//! from a proof than its child on the trail is mostly fed by other children, and what the
//! meeting counts twice there matters little.
//!
//! The record of first parents is lossy: one slot per position's home, a newer position taking
//! the slot of an older one (a trail lost is a double count not found, nothing worse).

use super::hand::Hand;
use super::lazy::add;
use super::node::Node;
use smallvec::SmallVec;

/// How much more than its child on the trail a node's proof number may be and still be taken
/// for counting the meeting twice (KomoringHeights' threshold, in our units).
const SLACK: u32 = 2;

/// A position's tag as a parent, as its children's entries keep it: 16 bits of its full key,
/// never 0 (0 is "none recorded").
pub fn tag(full: u64) -> u16 {
    (full >> 48) as u16 | 1
}

/// A position's first parent: its full key (to meet the path), its table key and the
/// attacker's hand (to read its proof number).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Parent {
    full: u64,
    key: u64,
    hand: Hand,
}

/// A slot as five words: the child's full key (0 for an empty slot), then the parent's full
/// key, table key and hand (twelve bytes in two words). Plain words, so that the slots come
/// zeroed from the allocator, page by page as they are first touched.
type Slot = [u64; 5];

/// A node on the current path.
struct Frame {
    /// The node, as its children name it for their first parent.
    node: Parent,
    /// Its children found to be counted twice, by full key, not yet taken.
    found: SmallVec<[u64; 2]>,
}

pub struct DoubleCount {
    slots: Vec<Slot>,
    path: Vec<Frame>,
}

impl DoubleCount {
    /// A record of first parents within `bytes` (a power of two of slots, at least one).
    pub fn new(bytes: usize) -> DoubleCount {
        let mut n = 1;
        while n * 2 * std::mem::size_of::<Slot>() <= bytes {
            n *= 2;
        }
        DoubleCount {
            slots: vec![[0; 5]; n],
            path: Vec::new(),
        }
    }

    /// The bytes its record takes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>()
    }

    #[inline]
    fn home(&self, child: u64) -> usize {
        // Full keys are uniformly spread: their high bits index the slots.
        ((child as u128 * self.slots.len() as u128) >> 64) as usize
    }

    fn record(&mut self, child: u64, parent: Parent) {
        let i = self.home(child);
        let (lo, hi) = pack(&parent.hand);
        self.slots[i] = [child, parent.full, parent.key, lo, hi];
    }

    fn parent(&self, child: u64) -> Option<Parent> {
        let s = &self.slots[self.home(child)];
        (s[0] == child && child != 0).then(|| Parent {
            full: s[1],
            key: s[2],
            hand: unpack(s[3], s[4]),
        })
    }

    /// df-pn enters `n`, whose entry names the first parent `tag` (0 for none): without one,
    /// the node it came from becomes it. The tag for `n`'s entry.
    pub fn enter(&mut self, n: &Node, tag: u16) -> u16 {
        let me = Parent {
            full: n.full,
            key: n.key,
            hand: n.attacker_hand,
        };
        let mut tag = tag;
        if let Some(from) = self.path.last().map(|f| f.node) {
            if tag == 0 {
                self.record(n.full, from);
                tag = self::tag(from.full);
            }
        }
        self.path.push(Frame {
            node: me,
            found: SmallVec::new(),
        });
        tag
    }

    /// df-pn leaves the node it entered last.
    pub fn leave(&mut self) {
        self.path.pop();
    }

    /// df-pn is about to search `child` (full key) of the node it entered last, an attacker's
    /// node if `or`; the child was first searched from elsewhere. Follows the child's first
    /// parents up to the path, with `pn` reading a position's proof number from the table
    /// (table key, attacker's hand) and `on_path` telling a full key on the current path; a
    /// defender's node met so learns which of its children counts twice (taken by
    /// [`DoubleCount::take_found`] when df-pn is back there).
    pub fn look(
        &mut self,
        or: bool,
        child: u64,
        pn: impl Fn(u64, &Hand) -> Option<u32>,
        on_path: impl Fn(u64) -> bool,
    ) {
        let Some(current) = self.path.last().map(|f| f.node.full) else {
            return;
        };
        let mut below = child;
        let mut below_pn = None;
        // The trail's nodes alternate: the child's parent is of the current node's side.
        let mut or = or;
        for _ in 0..self.path.len() {
            let Some(p) = self.parent(below) else {
                return;
            };
            if below == child && p.full == current {
                return;
            }
            let p_pn = pn(p.key, &p.hand).unwrap_or(1);
            if below_pn.is_some_and(|b| p_pn > add(b, SLACK)) {
                return;
            }
            if on_path(p.full) {
                if !or {
                    if let Some(f) = self.path.iter_mut().rev().find(|f| f.node.full == p.full) {
                        f.found.push(below);
                    }
                }
                return;
            }
            below = p.full;
            below_pn = Some(p_pn);
            or = !or;
        }
    }

    /// The children of the node entered last found to count twice since it last asked.
    pub fn take_found(&mut self) -> SmallVec<[u64; 2]> {
        self.path
            .last_mut()
            .map_or_else(SmallVec::new, |f| std::mem::take(&mut f.found))
    }
}

fn pack(hand: &Hand) -> (u64, u64) {
    let mut b = [0u8; 16];
    b[..super::hand::MAX_HAND_KINDS].copy_from_slice(&hand.0);
    let (lo, hi) = b.split_at(8);
    let word = |w: &[u8]| w.iter().rev().fold(0u64, |acc, x| acc << 8 | *x as u64);
    (word(lo), word(hi))
}

fn unpack(lo: u64, hi: u64) -> Hand {
    let mut b = [0u8; 16];
    b[..8].copy_from_slice(&lo.to_le_bytes());
    b[8..].copy_from_slice(&hi.to_le_bytes());
    let mut h = Hand::default();
    h.0.copy_from_slice(&b[..super::hand::MAX_HAND_KINDS]);
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(n: u8) -> Hand {
        let mut h = Hand::default();
        for (i, x) in h.0.iter_mut().enumerate() {
            *x = n.wrapping_add((i as u8).wrapping_mul(37));
        }
        h
    }

    #[test]
    fn a_hand_comes_back_as_it_was_packed() {
        for n in [0, 1, 18, 200, 255] {
            let (lo, hi) = pack(&hand(n));
            assert_eq!(unpack(lo, hi), hand(n));
        }
    }

    /// A record of several slots with the trail `child` ← `p1` ← `p2` ← `root` in it, the path
    /// being root, a, b (b about to search `child`).
    fn trail() -> (DoubleCount, [u64; 6]) {
        // Top bits apart: each in a slot of its own.
        let keys = [1u64 << 60, 3 << 60, 5 << 60, 7 << 60, 9 << 60, 11 << 60];
        let [root, a, b, child, p1, p2] = keys;
        let mut d = DoubleCount::new(1 << 16);
        let at = |full| Parent {
            full,
            key: full ^ 1,
            hand: hand(full as u8),
        };
        d.record(child, at(p1));
        d.record(p1, at(p2));
        d.record(p2, at(root));
        for full in [root, a, b] {
            d.path.push(Frame {
                node: at(full),
                found: SmallVec::new(),
            });
        }
        (d, keys)
    }

    #[test]
    fn a_trail_that_meets_the_path_at_a_defenders_node_marks_its_child_there() {
        let (mut d, [root, a, b, child, _, p2]) = trail();
        let path = [root, a, b];
        // b is a defender's node here (`or` false), so p1 is one too, p2 an attacker's node
        // and root a defender's node.
        d.look(false, child, |_, _| Some(3), |k| path.contains(&k));
        assert!(d.take_found().is_empty(), "b learns nothing");
        d.leave();
        d.leave();
        assert_eq!(d.take_found().as_slice(), &[p2], "root: p2 counts twice");
    }

    #[test]
    fn a_trail_that_meets_the_path_at_an_attackers_node_marks_nothing() {
        let (mut d, [root, a, b, child, _, _]) = trail();
        let path = [root, a, b];
        // b an attacker's node: so is p1, p2 a defender's node, root an attacker's node.
        d.look(true, child, |_, _| Some(3), |k| path.contains(&k));
        d.leave();
        d.leave();
        assert!(d.take_found().is_empty());
    }

    #[test]
    fn a_trail_along_which_the_proof_numbers_jump_is_left() {
        let (mut d, [root, a, b, child, _, p2]) = trail();
        let path = [root, a, b];
        // p2 much further from a proof than p1: fed from elsewhere.
        let pn = |key: u64, _: &Hand| Some(if key == p2 ^ 1 { 3 + SLACK + 1 } else { 3 });
        d.look(false, child, pn, |k| path.contains(&k));
        d.leave();
        d.leave();
        assert!(d.take_found().is_empty());
    }

    #[test]
    fn a_child_first_searched_from_here_needs_no_walk() {
        let (mut d, [root, a, b, child, _, _]) = trail();
        d.record(child, d.path[2].node);
        let path = [root, a, b];
        d.look(false, child, |_, _| Some(3), |k| path.contains(&k));
        for _ in 0..3 {
            assert!(d.take_found().is_empty());
            d.leave();
        }
    }

    #[test]
    fn entering_records_the_first_parent_once() {
        let root = Node::from_sfen("4k4/9/9/9/9/9/9/9/9 b R2G 1");
        let attacker = root.pos.turn();
        let mv = crate::formats::notation::usi::parse_move(root.pos.variant(), "R*5b")
            .expect("a rook drop in USI");
        let child = root.child(mv, attacker);
        let mut d = DoubleCount::new(1 << 16);
        assert_eq!(d.enter(&root, 0), 0, "the root has no parent");
        let t = d.enter(&child, 0);
        assert_eq!(t, tag(root.full));
        assert_eq!(d.parent(child.full).map(|p| p.full), Some(root.full));
        d.leave();
        // Entered again with its tag: the record stays as it was.
        assert_eq!(d.enter(&child, t), t);
        assert_ne!(tag(0), 0);
    }
}
