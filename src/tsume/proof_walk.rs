//! The length of one mate in df-pn's proof, every interposition counted: at each attacker's
//! node the proven check that took df-pn least work, at each defender's node the longest
//! defence. The conventional length never exceeds it, so the length search starts from it.

use super::dfpn::Searcher;
use super::node::Node;
use super::table::KeyMap;

/// Attacker's nodes the walk visits at most.
const WALK_BUDGET: usize = 200_000;

/// The length of one mate in the proof of `root` (attacker to move) that `searcher`'s table
/// holds; `None` if it no longer holds a whole proof (or the walk ran past its budget).
pub fn length(searcher: &Searcher, root: &Node) -> Option<u32> {
    let mut walk = Walk {
        searcher,
        memo: KeyMap::default(),
        path: Vec::new(),
        budget: WALK_BUDGET,
    };
    walk.or(root)
}

struct Walk<'a> {
    searcher: &'a Searcher,
    /// Lengths of the attacker's nodes already walked.
    memo: KeyMap<u32>,
    /// Full keys of the nodes on the current path: a proof never goes through one twice.
    path: Vec<u64>,
    budget: usize,
}

impl Walk<'_> {
    fn or(&mut self, n: &Node) -> Option<u32> {
        if let Some(v) = self.memo.get(&n.full) {
            return Some(*v);
        }
        if self.budget == 0 {
            return None;
        }
        self.budget -= 1;
        let attacker = self.searcher.attacker;
        let mut proven: Vec<(u32, Node)> = n
            .moves(attacker)
            .into_iter()
            .map(|mv| n.child(mv, attacker))
            .filter(|c| !self.path.contains(&c.full) && self.searcher.proven(c))
            .map(|c| (self.searcher.work(c.key, &c.attacker_hand), c))
            .collect();
        proven.sort_by_key(|(w, _)| *w);
        self.path.push(n.full);
        let found = proven.iter().find_map(|(_, c)| self.and(c)).map(|v| v + 1);
        self.path.pop();
        if let Some(v) = found {
            self.memo.insert(n.full, v);
        }
        found
    }

    fn and(&mut self, n: &Node) -> Option<u32> {
        let attacker = self.searcher.attacker;
        self.path.push(n.full);
        let longest = n.moves(attacker).into_iter().try_fold(0, |longest, mv| {
            let c = n.child(mv, attacker);
            if self.path.contains(&c.full) || !self.searcher.proven(&c) {
                return None;
            }
            self.or(&c).map(|v| longest.max(v + 1))
        });
        self.path.pop();
        longest
    }
}
