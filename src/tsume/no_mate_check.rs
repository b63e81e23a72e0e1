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

/// The defender's node `c` (its key last on `path`): does some reply escape mate? The replies
/// df-pn did not prove mated come first, those it disproved before the others.
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
    open.sort_by_key(|(k, _)| *k);
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
