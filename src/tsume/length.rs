//! The conventional length of a proven mate, and its main line.
//!
//! Every attacker move checks; the attacker picks the shortest mate; the defender the longest
//! resistance, and between equally long ones the line that leaves the attacker the fewest
//! pieces in hand (駒余り). Found by iterative deepening over a depth-limited AND/OR search in
//! which df-pn (sharing its table) first settles whether each check mates at all, so only
//! mating checks are searched for length.
//!
//! Futile interpositions (無駄合), the rule implemented exactly: a defender's move onto a
//! square strictly between the king and a single ranging checker (a drop, or a move of a piece
//! other than the king) is futile when some attacker move captures the interposed piece at
//! once (with it going to the attacker's hand, as any capture does) and the position after the
//! capture is mated within L0 plies, where L0 is the longest resistance of the defender's other
//! moves (0 if it has none, i.e. the check would otherwise be mate). A futile interposition
//! does not count for the length and is not part of the main line; it is still mated.
//! Known limits: the test is "capture and mate in time", so an interposition that gains
//! nothing but is refuted by a non-capturing move is counted; and one that the capture only
//! refutes in more than L0 plies counts, even if the extra plies are themselves forced.

use super::dfpn::Searcher;
use super::node::Node;
use super::table::KeyMap;
use crate::rules::Move;

/// Bytes per memo entry, counting the map's own overhead and its growth by doubling.
const MEMO_BYTES: usize = 96;

/// Nodes df-pn may spend on deciding whether one check mates at all, during the length search.
const SETTLE_BUDGET: u64 = 10;

/// A mate's length in plies and the pieces the attacker holds at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Val {
    pub len: u32,
    pub left: u32,
}

#[derive(Clone, Copy, Default)]
struct Memo {
    /// No mate within this many plies.
    none_within: u32,
    exact: Option<Val>,
}

pub struct Lengths<'a> {
    pub searcher: &'a mut Searcher,
    memo: KeyMap<Memo>,
    memo_cap: usize,
}

/// The defender prefers longer, then fewer pieces left to the attacker.
fn defender_better(a: Val, b: Val) -> bool {
    (a.len, std::cmp::Reverse(a.left)) > (b.len, std::cmp::Reverse(b.left))
}

/// The attacker prefers shorter, then fewer pieces left over.
fn attacker_better(a: Val, b: Val) -> bool {
    (a.len, a.left) < (b.len, b.left)
}

impl<'a> Lengths<'a> {
    /// The memo gets what the transposition table leaves of the hash budget (a quarter).
    pub fn new(searcher: &'a mut Searcher, hash_mb: usize) -> Lengths<'a> {
        let mb = hash_mb
            .max(1)
            .saturating_sub(super::dfpn::table_mb(hash_mb));
        Lengths {
            searcher,
            memo: KeyMap::default(),
            memo_cap: (mb * 1024 * 1024 / MEMO_BYTES).max(1024),
        }
    }

    /// The shortest mate of `root` (attacker to move) of at most `max` plies.
    pub fn shortest(&mut self, root: &Node, max: u32) -> Option<Val> {
        let mut depth = 1;
        while depth <= max {
            if let Some(v) = self.or_len(root, depth) {
                return Some(v);
            }
            if self.searcher.stopped.is_some() {
                return None;
            }
            depth += 2;
        }
        None
    }

    fn remember(&mut self, key: u64, depth: u32, val: Option<Val>) {
        if self.memo.len() >= self.memo_cap {
            // Bounds ("no mate within n") are redone cheaply; exact lengths go last.
            self.memo.retain(|_, m| m.exact.is_some());
            if self.memo.len() >= self.memo_cap / 2 {
                self.memo.clear();
            }
            self.memo.shrink_to_fit();
        }
        let m = self.memo.entry(key).or_default();
        match val {
            Some(v) => m.exact = Some(v),
            None => m.none_within = m.none_within.max(depth),
        }
    }

    fn recall(&self, key: u64, depth: u32) -> Option<Option<Val>> {
        let m = self.memo.get(&key)?;
        match m.exact {
            Some(v) if v.len <= depth => Some(Some(v)),
            Some(_) => Some(None),
            None if m.none_within >= depth => Some(None),
            None => None,
        }
    }

    /// Does the check leading to `child` mate at all? Settled by df-pn on the shared table.
    fn mates(&mut self, child: &Node, depth: u32) -> bool {
        if self.searcher.proven(child) {
            return true;
        }
        if self.searcher.disproven(child) {
            return false;
        }
        // Near the horizon the depth-limited search is cheaper than asking df-pn.
        if depth <= 3 {
            return true;
        }
        // A short df-pn; a check it cannot settle stays in play for the length search.
        self.searcher
            .try_prove(child, SETTLE_BUDGET)
            .unwrap_or(true)
    }

    /// The attacker's mating checks from `n`, each with its child.
    pub fn mating_checks(&mut self, n: &Node, depth: u32) -> Vec<(Move, Node)> {
        let attacker = self.searcher.attacker;
        let mut out = Vec::new();
        for mv in n.moves(attacker) {
            let c = n.child(mv, attacker);
            if self.mates(&c, depth) {
                out.push((mv, c));
            }
            if self.searcher.stopped.is_some() {
                break;
            }
        }
        out
    }

    /// The shortest mate from an attacker's node within `depth` plies.
    pub fn or_len(&mut self, n: &Node, depth: u32) -> Option<Val> {
        if depth == 0 || self.searcher.tick() {
            return None;
        }
        if let Some(known) = self.recall(n.full, depth) {
            return known;
        }
        // No mate within `none_within` plies is known: one of the next length with nothing left
        // in hand cannot be bettered.
        let floor = self.memo.get(&n.full).map_or(0, |m| m.none_within) + 1;
        let mut best: Option<Val> = None;
        let mut checks = self.mating_checks(n, depth);
        // Checks df-pn has proven first: their lengths bound the search of the others.
        // Among them the ones that took df-pn the least work first.
        checks.sort_by_cached_key(|(_, c)| {
            (
                !self.searcher.proven(c),
                self.searcher.work(c.key, &c.attacker_hand),
            )
        });
        if self.searcher.stopped.is_some() {
            return None;
        }
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
            if best.is_some_and(|b| b.len <= floor && b.left == 0) {
                break;
            }
        }
        self.remember(n.full, depth, best);
        best
    }

    /// The defender's node: every defence must be mated within `depth` plies; the value is the
    /// longest resistance, futile interpositions left out.
    pub fn and_len(&mut self, n: &Node, depth: u32) -> Option<Val> {
        if self.searcher.tick() {
            return None;
        }
        if let Some(known) = self.recall(n.full, depth) {
            return known;
        }
        let result = self.and_len_uncached(n, depth);
        if self.searcher.stopped.is_none() {
            self.remember(n.full, depth, result);
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

    /// Every defence with its value (`None` for a futile interposition), or `None` if some
    /// defence escapes mate within `depth` plies.
    pub fn defences(&mut self, n: &Node, depth: u32) -> Option<Vec<Defence>> {
        let attacker = self.searcher.attacker;
        let moves = n.moves(attacker);
        if moves.is_empty() {
            return Some(Vec::new());
        }
        let between = n.interposition_squares();
        let mut out = Vec::new();
        let mut l0 = 0;
        let (inter, plain): (Vec<Move>, Vec<Move>) = moves
            .into_iter()
            .partition(|mv| n.is_interposition(*mv, &between));
        // With no plies left only futile interpositions may remain (a far check whose every
        // interposition is captured, each capture again a check).
        if depth == 0 && !plain.is_empty() {
            return None;
        }
        // The hardest defences (most df-pn work) first: when there is no mate within `depth`
        // one of them usually shows it soonest. The list keeps the generation order.
        let mut nodes: Vec<(usize, Move, Node, u32)> = plain
            .into_iter()
            .enumerate()
            .map(|(i, mv)| {
                let c = n.child(mv, attacker);
                let w = self.searcher.work(c.key, &c.attacker_hand);
                (i, mv, c, w)
            })
            .collect();
        nodes.sort_by_key(|(i, _, _, w)| (std::cmp::Reverse(*w), *i));
        let mut valued = Vec::with_capacity(nodes.len());
        for (i, mv, c, _) in nodes {
            let v = self.or_len(&c, depth - 1)?;
            let v = Val {
                len: v.len + 1,
                left: v.left,
            };
            l0 = l0.max(v.len);
            valued.push((i, mv, c, v));
        }
        valued.sort_by_key(|(i, ..)| *i);
        for (_, mv, c, v) in valued {
            out.push(Defence {
                mv,
                node: c,
                value: Some(v),
            });
        }
        for mv in inter {
            let c = n.child(mv, attacker);
            if self.futile(&c, mv, l0) {
                out.push(Defence {
                    mv,
                    node: c,
                    value: None,
                });
                continue;
            }
            if depth == 0 {
                return None;
            }
            let v = self.or_len(&c, depth - 1)?;
            out.push(Defence {
                mv,
                node: c,
                value: Some(Val {
                    len: v.len + 1,
                    left: v.left,
                }),
            });
        }
        Some(out)
    }

    /// The futile-interposition test of the module comment.
    fn futile(&mut self, after: &Node, interposition: Move, l0: u32) -> bool {
        let attacker = self.searcher.attacker;
        let sq = interposition.to();
        for mv in after.moves(attacker) {
            if !matches!(mv, Move::Normal { to, .. } if to == sq) {
                continue;
            }
            let g = after.child(mv, attacker);
            if self.and_len(&g, l0).is_some() {
                return true;
            }
        }
        false
    }
}

/// One defender's move at an AND node.
pub struct Defence {
    pub mv: Move,
    pub node: Node,
    /// Plies to mate from the defender's node through this move; `None` when futile.
    pub value: Option<Val>,
}
