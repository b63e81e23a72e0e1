//! The conventional length of a proven mate, and its main line.
//!
//! Every attacker move checks; the attacker picks the shortest mate; the defender the longest
//! resistance, and between equally long ones the line that leaves the attacker the fewest
//! pieces in hand (駒余り). Found by an exact AND/OR search that only expands the checks it
//! cannot rule out: for a proof of at most `SHORT_PROOF` plies (by df-pn's own proof), by
//! iterative deepening from the root with df-pn's table and a few df-pn nodes per check as the
//! filter; for a longer one, with the depth-limited df-pn of `bounded.rs` as the filter
//! and lower bound, lengths tried upward from it at each attacker's node.
//!
//! The 余詰 phase asks of the checks off the main line only "is there a mate within d at
//! all?" ([`Lengths::or_within`], [`Lengths::and_within`]): by the same rules, but the first
//! mating check settles it and nothing shorter need be ruled out. (Asked before every length
//! in the search above too, it cost more than it saved: 1.26 M nodes instead of 680 k on a
//! 7-ply batch problem, and the same 10 of 70 hard batch problems solved; asked again once it
//! no longer measured the other defences, 31 of them verified in 500 k nodes each instead of
//! 35.) It goes over to the depth-limited df-pn as the filter when the plain search runs long
//! (`solution::solve`).
//!
//! Futile interpositions (無駄合), the rule implemented exactly: a defender's move onto a
//! square strictly between the king and a single ranging checker (a drop, or a move of a piece
//! other than the king) is futile when some attacker move captures the interposed piece at once
//! and either
//! 1. the position after the capture (the piece in the attacker's hand, as any capture puts it)
//!    is mated within L0 plies, L0 being the longest resistance of the defender's moves other
//!    than interpositions (0 if it has none, i.e. the check would otherwise be mate); or
//! 2. the capture takes the piece for free (the defender then has no legal move onto that
//!    square, `free_take.rs`) and the position after it, with the piece given back to the
//!    defender (the mate does not need it), is mated within L1 plies, L1 being the longest of
//!    L0 and the resistance of the interpositions that count and that no capture takes for free.
//!
//! A futile interposition does not count for the length and is not part of the main line; it
//! is still mated. The second part is why a far check's drops are futile beside a real
//! interposition next to the king (将棋図巧 第8番); interpositions taken for free are measured
//! against those taken back, never against one another, as each would make the others futile.
//! Known limits: the test is "capture and mate in time", so an interposition that gains
//! nothing but is refuted by a non-capturing move is counted; and one that the capture only
//! refutes in more than L0 (or L1) plies counts, even if the extra plies are themselves forced.

use super::bounded::Bounded;
use super::dfpn::Searcher;
use super::free_take;
use super::node::{Node, Step};
use super::proof_walk;
use crate::rules::Move;
use futile::{is_drop_onto, settles};
use memo::Memo;

/// Proofs at most this long (by the walk over df-pn's proof) are measured without the
/// depth-limited df-pn: the plain exact search settles each check with a few df-pn nodes and
/// is faster there (the depth-limited search costs more than it saves below about 11 plies).
const SHORT_PROOF: u32 = 11;

/// The nodes the plain exact search may spend on a short proof before the depth-limited one
/// takes over: it is faster on most short problems (281 against 404 ms on the 50 short
/// problems of the benchmark), but without the depth-limited df-pn's bounds it can blow up
/// (40 M nodes and 58 s on 図巧 第33番 after six moves, a 9-ply mate the other way settles in
/// 562 k nodes and 1 s). Of 70 hard batch problems at 500 k nodes each, 28 were verified with
/// 50 k (and with 20 k), 24 with 200 k, 22 with 400 k; the 21 short problems need 80 k nodes in
/// all from 50 k up, 98 k with 20 k.
const PLAIN_BUDGET: u64 = 50_000;

/// The df-pn nodes the plain exact search spends on a check it cannot settle from the table.
const SETTLE_BUDGET: u64 = 10;

/// A mate's length in plies and the pieces the attacker holds at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Val {
    pub len: u32,
    pub left: u32,
}

pub struct Lengths<'a> {
    pub searcher: &'a mut Searcher,
    bounded: Bounded,
    memo: Memo,
    /// Whether the depth-limited df-pn prunes the exact search (long proofs, long 余詰 searches),
    /// or only df-pn's table and a few df-pn nodes per check do (short ones).
    deep: bool,
}

/// The defender prefers longer, then fewer pieces left to the attacker.
fn defender_better(a: Val, b: Val) -> bool {
    (a.len, std::cmp::Reverse(a.left)) > (b.len, std::cmp::Reverse(b.left))
}

/// The attacker prefers shorter, then fewer pieces left over.
fn attacker_better(a: Val, b: Val) -> bool {
    (a.len, a.left) < (b.len, b.left)
}

/// The fewest pieces the attacker can hold at the end of any mate of `len` plies from its node
/// `n`: each of its moves drops at most one (captures only add).
fn fewest_left(n: &Node, len: u32) -> u32 {
    n.attacker_hand.total().saturating_sub(len.div_ceil(2))
}

fn plies(depth: u32) -> i32 {
    depth.min(i32::MAX as u32) as i32
}

impl<'a> Lengths<'a> {
    /// Whether the depth-limited df-pn is the filter (see the field).
    pub fn is_deep(&self) -> bool {
        self.deep
    }

    /// The memo and the depth-limited search share what the transposition table leaves of the
    /// hash budget, half each. From here on the table keeps to what it has taken, or a
    /// quarter of its three quarters if that is more (the plain search still proves checks
    /// with df-pn), so the rest goes to them: after a short proof, most of the budget. They do
    /// most of the work from now on (an 11-ply batch problem at `--hash 1024`: 103 s with a
    /// quarter, 38 s this way).
    pub fn new(searcher: &'a mut Searcher, hash_mb: usize) -> Lengths<'a> {
        let table = super::dfpn::table_mb(hash_mb) * 1024 * 1024;
        let taken = searcher.limit_memory(table / 4).div_ceil(1024 * 1024);
        let mb = hash_mb.max(1).saturating_sub(taken).max(2);
        Lengths {
            searcher,
            bounded: Bounded::new(mb / 2),
            memo: Memo::new(mb / 2 * 1024 * 1024),
            deep: true,
        }
    }

    /// The shortest mate of `root` (attacker to move) of at most `max` plies. The search is
    /// bounded first by the length of the mate df-pn proved (read off its table), which the
    /// conventional length never exceeds.
    pub fn shortest(&mut self, root: &Node, max: u32) -> Option<Val> {
        let walked = proof_walk::length(self.searcher, root);
        if let Some(upper) = walked.filter(|u| *u <= SHORT_PROOF) {
            // Iterative deepening: the first length with a mate is the shortest. (The walk's
            // proof is a mate within `upper`: not finding one means a limit hit.)
            let deepening = |l: &mut Self| {
                let mut depth = 1;
                while depth <= upper.min(max) {
                    let found = l.or_len(root, depth);
                    if found.is_some() || l.searcher.stopped.is_some() {
                        return found;
                    }
                    depth += 2;
                }
                None
            };
            if let Some(found) = self.plain_first(PLAIN_BUDGET, deepening) {
                return found;
            }
        }
        let upper = walked.map_or(max, |u| u.min(max));
        let found = self.or_len(root, upper);
        if found.is_none() && upper < max && self.searcher.stopped.is_none() {
            return self.or_len(root, max);
        }
        found
    }

    /// Runs `search` without the depth-limited df-pn, for at most `budget` nodes: its result,
    /// or `None` if the budget ran out. Then the depth-limited df-pn is the filter from here on,
    /// and what the memo learnt stays true.
    pub fn plain_first<T>(
        &mut self,
        budget: u64,
        search: impl FnOnce(&mut Self) -> T,
    ) -> Option<T> {
        self.deep = false;
        let saved = self.searcher.cap_nodes(self.searcher.nodes + budget);
        let found = search(self);
        if self.searcher.uncap_nodes(saved) {
            self.deep = true;
            return None;
        }
        Some(found)
    }

    /// Can the check leading to `child` mate within `depth` plies from the attacker's node?
    /// Asked of the depth-limited df-pn, which never says no to a conventional mate.
    fn mates(&mut self, child: &Node, depth: u32) -> bool {
        if self.searcher.disproven(child) {
            return false;
        }
        if !self.deep {
            if depth <= 3 || self.searcher.proven(child) {
                return true;
            }
            return self
                .searcher
                .try_prove(child, SETTLE_BUDGET)
                .unwrap_or(true);
        }
        self.bounded
            .mated(self.searcher, child, plies(depth) - 1)
            .unwrap_or(true)
    }

    /// The attacker's checks from `n` that may mate within `depth` plies, each with its child.
    pub fn mating_checks(&mut self, n: &Node, depth: u32) -> Vec<(Move, Node)> {
        let mut out = Vec::new();
        self.each_mating_check(n, depth, |_, mv, c| {
            out.push((mv, c));
            true
        });
        out
    }

    /// Hands `visit` each check from `n` that may mate within `depth` plies, with its child, in
    /// move order, while it says go on (`true`) and no limit stops the search.
    pub fn each_mating_check(
        &mut self,
        n: &Node,
        depth: u32,
        mut visit: impl FnMut(&mut Self, Move, Node) -> bool,
    ) {
        let attacker = self.searcher.attacker;
        for mv in n.moves(attacker) {
            let c = n.child(mv, attacker);
            let go_on = !self.mates(&c, depth) || visit(self, mv, c);
            if !go_on || self.searcher.stopped.is_some() {
                return;
            }
        }
    }

    /// [`Self::mating_checks`] without the depth-limited df-pn, the likeliest to mate soonest
    /// first: the proven checks, the cheapest proofs first. `None` if a limit stopped the search.
    fn promising_checks(&mut self, n: &Node, depth: u32) -> Option<Vec<(Move, Node)>> {
        let mut checks = self.mating_checks(n, depth);
        if self.searcher.stopped.is_some() {
            return None;
        }
        checks.sort_by_cached_key(|(_, c)| {
            (
                !self.searcher.proven(c),
                self.searcher.work(c.key, &c.attacker_hand),
            )
        });
        Some(checks)
    }

    /// Hands each check from `n` that may mate within `depth` plies to `visit`, until it says
    /// stop (`true`). With the depth-limited df-pn, first the checks it has already shown to
    /// mate (relaxed; found so when it searched the parent), soonest first; only then, if need
    /// be, the others it does not rule out, each of which costs it a search of its own (so
    /// asking every check up front, as before, cost most of the time: 43 of 70 hard batch
    /// problems verified in 500 k nodes each instead of 35). Without it, in the order of
    /// [`Self::promising_checks`].
    fn visit_checks(
        &mut self,
        n: &Node,
        depth: u32,
        mut visit: impl FnMut(&mut Self, &Node) -> bool,
    ) {
        if !self.deep {
            for (_, c) in self.promising_checks(n, depth).unwrap_or_default() {
                if visit(self, &c) {
                    return;
                }
            }
            return;
        }
        // Steps, not nodes: only the checks tried are played (copying a position for every
        // check was a fifth of the time on a 5-ply batch problem with many far drops).
        let attacker = self.searcher.attacker;
        let proof = |l: &Self, st: &Step| l.bounded.proof_of(st.key, &st.attacker_hand);
        let mut shown = Vec::new();
        let mut others = Vec::new();
        for mv in n.moves(attacker) {
            let st = n.step(mv, attacker);
            match proof(self, &st) {
                p if p < plies(depth) => shown.push((p, st)),
                _ => others.push(st),
            }
        }
        shown.sort_by_key(|(p, _)| *p);
        for (_, st) in shown {
            if visit(self, &n.play(&st)) {
                return;
            }
        }
        let mut rest = Vec::new();
        for st in others {
            if self.mates(&n.play(&st), depth) {
                rest.push(st);
            }
            if self.searcher.stopped.is_some() {
                return;
            }
        }
        rest.sort_by_cached_key(|st| proof(self, st));
        for st in rest {
            if visit(self, &n.play(&st)) {
                return;
            }
        }
    }

    /// The shortest mate from an attacker's node within `depth` plies: the depth-limited df-pn
    /// gives a lower bound, then each length from there is tried in turn.
    pub fn or_len(&mut self, n: &Node, depth: u32) -> Option<Val> {
        if depth == 0 || self.searcher.tick() {
            return None;
        }
        if let Some(known) = self.memo.recall(n.full, depth) {
            return known;
        }
        if !self.deep {
            return self.or_len_plain(n, depth);
        }
        let Some(lower) = self.bounded.shortest(self.searcher, n, plies(depth)) else {
            if self.searcher.stopped.is_none() {
                self.memo.remember(n.full, depth, None);
            }
            return None;
        };
        // Mates from an attacker's node take an odd number of plies.
        let mut t = (lower.max(1) as u32) | 1;
        let known_none = self.memo.none_within(n.full);
        while t <= known_none {
            t += 2;
        }
        while t <= depth {
            let best = self.or_len_at(n, t);
            if self.searcher.stopped.is_some() {
                return None;
            }
            self.memo.remember(n.full, t, best);
            if best.is_some() {
                return best;
            }
            t += 2;
        }
        self.memo.remember(n.full, depth, None);
        None
    }

    /// The shortest mate from an attacker's node within `depth` plies without the
    /// depth-limited search: every check that may mate, the best known mate bounding the rest.
    fn or_len_plain(&mut self, n: &Node, depth: u32) -> Option<Val> {
        // Mates from an attacker's node take an odd number of plies.
        let floor = (self.memo.none_within(n.full) + 1) | 1;
        let checks = self.promising_checks(n, depth)?;
        let mut best: Option<Val> = None;
        for (_, c) in checks {
            let limit = best.map_or(depth, |b| b.len.min(depth));
            if let Some(v) = self.and_len(&c, limit - 1) {
                let v = Val {
                    len: v.len + 1,
                    left: v.left,
                };
                if best.is_none_or(|b| attacker_better(v, b)) {
                    best = Some(v);
                }
            }
            if self.searcher.stopped.is_some() {
                return None;
            }
            // Nothing shorter exists: only fewer pieces left could be better.
            if best.is_some_and(|b| b.len <= floor && b.left <= fewest_left(n, b.len)) {
                break;
            }
        }
        self.memo.remember(n.full, depth, best);
        best
    }

    /// The best mate of exactly `t` plies from `n`, none shorter existing.
    fn or_len_at(&mut self, n: &Node, t: u32) -> Option<Val> {
        let mut best: Option<Val> = None;
        let fewest = fewest_left(n, t);
        self.visit_checks(n, t, |l, c| {
            if let Some(v) = l.and_len(c, t - 1) {
                let v = Val {
                    len: v.len + 1,
                    left: v.left,
                };
                if best.is_none_or(|b| attacker_better(v, b)) {
                    best = Some(v);
                }
            }
            // Nothing shorter exists: only fewer pieces left could be better.
            l.searcher.stopped.is_some() || best.is_some_and(|b| b.left <= fewest)
        });
        if self.searcher.stopped.is_some() {
            return None;
        }
        best
    }

    /// A defender's moves split into interpositions and the others, the others with their
    /// place in `moves` and their child, the hardest (most df-pn work) first: when there is no
    /// mate within `depth`, one of them usually shows it soonest. `None` if one of the others
    /// escapes at once: with no plies left only futile interpositions may remain (a far check
    /// whose every interposition is captured, each capture again a check).
    #[allow(clippy::type_complexity)]
    fn split_defences(
        &mut self,
        n: &Node,
        moves: Vec<Move>,
        depth: u32,
    ) -> Option<(Vec<Move>, Vec<(usize, Move, Node)>)> {
        let attacker = self.searcher.attacker;
        let between = n.interposition_squares();
        let (inter, plain): (Vec<Move>, Vec<Move>) = moves
            .into_iter()
            .partition(|mv| n.is_interposition(*mv, between));
        if depth == 0 && !plain.is_empty() {
            return None;
        }
        let mut nodes: Vec<(usize, Move, Node)> = plain
            .into_iter()
            .enumerate()
            .map(|(i, mv)| (i, mv, n.child(mv, attacker)))
            .collect();
        nodes.sort_by_cached_key(|(i, _, c)| {
            (
                std::cmp::Reverse(self.searcher.work(c.key, &c.attacker_hand)),
                *i,
            )
        });
        Some((inter, nodes))
    }

    /// The defender's node: every defence must be mated within `depth` plies; the value is the
    /// longest resistance, futile interpositions left out.
    pub fn and_len(&mut self, n: &Node, depth: u32) -> Option<Val> {
        if self.searcher.tick() {
            return None;
        }
        if let Some(known) = self.memo.recall(n.full, depth) {
            return known;
        }
        if self.deep && self.bounded.mated(self.searcher, n, plies(depth)) == Some(false) {
            self.memo.remember(n.full, depth, None);
            return None;
        }
        let result = self.and_len_uncached(n, depth);
        if self.searcher.stopped.is_none() {
            self.memo.remember(n.full, depth, result);
        }
        result
    }

    fn and_len_uncached(&mut self, n: &Node, depth: u32) -> Option<Val> {
        let defences = self.defences(n, depth)?;
        let mut value = Val {
            len: 0,
            left: n.attacker_hand.total(),
        };
        for d in &defences {
            if let Some(v) = d.value {
                if defender_better(v, value) {
                    value = v;
                }
            }
        }
        Some(value)
    }

    /// The resistance of the defence that leads to `c` (attacker to move), one ply more than
    /// its mate: `None` if that is not within `depth`.
    fn through(&mut self, c: &Node, depth: u32) -> Option<Val> {
        if depth == 0 {
            return None;
        }
        let v = self.or_len(c, depth - 1)?;
        Some(Val {
            len: v.len + 1,
            left: v.left,
        })
    }

    /// Every defence with its value (`None` for a futile interposition), or `None` if some
    /// defence escapes mate within `depth` plies.
    pub fn defences(&mut self, n: &Node, depth: u32) -> Option<Vec<Defence>> {
        let attacker = self.searcher.attacker;
        let moves = n.moves(attacker);
        if moves.is_empty() {
            return Some(Vec::new());
        }
        let mut out = Vec::new();
        let mut l0 = 0;
        let (inter, nodes) = self.split_defences(n, moves, depth)?;
        let mut valued = Vec::with_capacity(nodes.len());
        for (i, mv, c) in nodes {
            let v = self.through(&c, depth)?;
            l0 = l0.max(v.len);
            valued.push((i, mv, c, v));
        }
        valued.sort_by_key(|(i, ..)| *i);
        for (_, mv, c, v) in valued {
            out.push(Defence::valued(mv, c, v));
        }
        // The weakest drops first (the generator lists the hand from the rook down): after
        // one is taken, the proof usually needs none of it, and by hand superiority it settles
        // the stronger drops there too. Listed in the generator's order all the same.
        let mut futile_drops = Vec::new();
        let mut free = free_take::Free::default();
        let mut interposed: Vec<(usize, Defence)> = Vec::with_capacity(inter.len());
        // Those the attacker can take for free, valued once the others are: those that count
        // and cannot be taken for free give the rule's second part its l1 (`free_take.rs`).
        let mut pending = Vec::new();
        let mut l1 = l0;
        for (i, mv) in inter.into_iter().enumerate().rev() {
            let c = n.child(mv, attacker);
            if is_drop_onto(mv, &futile_drops)
                || settles(self.futile(&c, mv, l0), mv, &mut futile_drops)
            {
                interposed.push((i, Defence::futile(mv, c)));
                continue;
            }
            if free.taken_freely(n, mv) {
                pending.push((i, mv, c));
                continue;
            }
            let v = self.through(&c, depth)?;
            l1 = l1.max(v.len);
            interposed.push((i, Defence::valued(mv, c, v)));
        }
        for (i, mv, c) in pending {
            if is_drop_onto(mv, &futile_drops)
                || (l1 > l0 && settles(self.futile_given_back(&c, mv, l1), mv, &mut futile_drops))
            {
                interposed.push((i, Defence::futile(mv, c)));
                continue;
            }
            let v = self.through(&c, depth)?;
            interposed.push((i, Defence::valued(mv, c, v)));
        }
        interposed.sort_by_key(|(i, _)| *i);
        out.extend(interposed.into_iter().map(|(_, d)| d));
        Some(out)
    }
}

/// One defender's move at an AND node.
pub struct Defence {
    pub mv: Move,
    pub node: Node,
    /// Plies to mate from the defender's node through this move; `None` when futile.
    pub value: Option<Val>,
}

impl Defence {
    fn futile(mv: Move, node: Node) -> Defence {
        Defence {
            mv,
            node,
            value: None,
        }
    }

    fn valued(mv: Move, node: Node, value: Val) -> Defence {
        Defence {
            mv,
            node,
            value: Some(value),
        }
    }
}

#[path = "futile.rs"]
mod futile;
#[path = "memo.rs"]
mod memo;
#[path = "within.rs"]
mod within;

#[cfg(test)]
#[path = "length_tests.rs"]
mod tests;
