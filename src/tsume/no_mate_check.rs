//! Checks a "no mate" that df-pn found only through repetitions (see `dfpn.rs`): a disproof
//! that leans on a position repeated on one path may be reused on another, where it does not
//! hold (the graph-history interaction). Here nothing that depends on the path is kept: a
//! plain depth-first search from the root, with the positions of the current path as the only
//! history, trusting only df-pn's results that never depend on one (its proofs, and its
//! disproofs without a repetition). A check that returns to a position of the path is refuted
//! (perpetual check does not mate, and a shortest mate never repeats a position); so is one
//! the defender answers by returning to one. Exact, but without a table it may blow up: it
//! gives up past a node budget or a depth.

use super::dfpn::{Known, Searcher};
use super::node::Node;

/// The deepest path followed (plies); deeper, the check gives up.
const MAX_DEPTH: usize = 120;

/// Does the attacker's node `root` have no mate? `Some(true)` no mate, `Some(false)` mate,
/// `None` if the budget or a limit ran out first.
pub fn no_mate(searcher: &mut Searcher, root: &Node, budget: u64) -> Option<bool> {
    let saved = searcher.cap_nodes(searcher.nodes + budget);
    let mut path = vec![root.full];
    let found = escapes(searcher, root, &mut path);
    searcher.uncap_nodes(saved);
    found
}

/// The attacker's node `n` (its key last on `path`): does every check fail to mate?
fn escapes(s: &mut Searcher, n: &Node, path: &mut Vec<u64>) -> Option<bool> {
    if s.tick() || path.len() > MAX_DEPTH {
        return None;
    }
    let attacker = s.attacker;
    for mv in n.moves(attacker) {
        let c = n.child(mv, attacker);
        if path.contains(&c.full) {
            continue;
        }
        match s.known(&c) {
            Known::Mate => return Some(false),
            Known::NoMate => continue,
            Known::NoMateByRepetition | Known::Open => {}
        }
        path.push(c.full);
        let refuted = refuted(s, &c, path);
        path.pop();
        match refuted {
            Some(true) => continue,
            Some(false) => return Some(false),
            None => return None,
        }
    }
    Some(true)
}

/// The defender's node `c` (its key last on `path`): does some reply escape mate? Replies
/// df-pn proved mated are not tried; of the others, those it disproved through a repetition
/// come first.
fn refuted(s: &mut Searcher, c: &Node, path: &mut Vec<u64>) -> Option<bool> {
    if s.tick() {
        return None;
    }
    let attacker = s.attacker;
    let mut open = Vec::new();
    for mv in c.moves(attacker) {
        let g = c.child(mv, attacker);
        if path.contains(&g.full) {
            return Some(true);
        }
        match s.known(&g) {
            Known::NoMate => return Some(true),
            Known::Mate => {}
            k => open.push((k, g)),
        }
    }
    // Disproofs through repetitions first: they are the likeliest escapes.
    open.sort_by_key(|(k, _)| *k != Known::NoMateByRepetition);
    for (_, g) in open {
        path.push(g.full);
        let escaped = escapes(s, &g, path);
        path.pop();
        match escaped {
            Some(true) => return Some(true),
            Some(false) => continue,
            None => return None,
        }
    }
    Some(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tsume::Limits;

    fn check(sfen: &str) -> Option<bool> {
        let n = Node::from_sfen(sfen);
        // An empty table: the search alone decides.
        let mut s = Searcher::new(n.pos.turn(), Limits::default());
        no_mate(&mut s, &n, 1_000_000)
    }

    /// Mates in 1 and 3 of the antma/tsumeshogi-check suite (as in tests/tsume.rs) are found
    /// mates; positions whose every line runs out of checks are found without mate.
    #[test]
    fn decides_small_trees_by_itself() {
        assert_eq!(check("4k4/9/4P4/9/9/9/9/9/9 b G 1"), Some(false));
        assert_eq!(
            check("3k5/9/3S5/9/9/9/9/9/9 b S2r2b4g2s4n4l18p 1"),
            Some(false)
        );
        assert_eq!(check("9/4k4/9/4P4/9/9/9/9/9 b 2G 1"), Some(false));
        assert_eq!(check("4k4/9/9/9/9/9/9/9/9 b P 1"), Some(true));
        assert_eq!(check("4k4/9/9/9/9/9/9/9/9 b S 1"), Some(true));
    }
}
