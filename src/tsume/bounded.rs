//! Depth-limited df-pn: "is there a mate within d plies?", the question the length and 余詰
//! phases ask over and over once df-pn has proven the mate.
//!
//! A node is a position with a number of plies left. Results are kept per position as two
//! thresholds that hold for every depth: a proof holds from its proven length up ("mated within
//! any d ≥ proof"), a disproof from its depth down ("no mate within any d ≤ disproof"); so one
//! search answers every later query it covers, and a deeper query starts from what shallower
//! ones left. As in df-pn, results carry proof and disproof hands and are looked up by hand
//! superiority (a proof holds for any attacker's hand holding at least its hand, a disproof for
//! any holding at most its hand). Proof and disproof numbers of unfinished nodes are kept per
//! depth. df-pn's own table is not read: what it knows of these nodes (nearly always nothing:
//! they are not on its proof) did not pay for the look-ups.
//!
//! Repetition: a position already on the path is not mated (a shortest mate never goes through
//! a position twice: the second time it is mated sooner, so the first could have been). Such a
//! disproof holds only while that position stays on the path, so it is kept with the path
//! levels it leaned on and forgotten when the search leaves the deepest of them; at the
//! repeated position itself it holds for good. So every answer is exact: no search again
//! without such results, and no "maybe" (it had been the answer after three such searches, and
//! the exact search then took those nodes on: on one 9-ply batch problem, 43 % of the nodes).
//!
//! The question is a relaxation of the conventional length (see [`super::length`]): it must
//! never say "no mate within d" where the conventional rules find one, and may say "mate" where
//! they do not (the exact search then finds out). Futile interpositions are what differ: an
//! interposition is answered either as any other defence, or, without spending the two plies,
//! by a check that captures the interposed piece (the conventional rule asks that capture to
//! mate within L0 or L1, the longest resistance of other defences, at most d). When the defender
//! could only interpose, and the attacker can take each interposition for free, both are 0
//! plies: the capture keeps the plies only if it mates at once. Once every other defence (and
//! every interposition that cannot be taken for free) is known, by an exact proof, to be mated
//! within d - 3 plies, they are at most d - 2, and the capture keeps no plies: an interposition
//! is then an ordinary defence (its refutations had been the costliest disproofs; 31 hard batch
//! problems: 111 M nodes to 93 M).
//!
//! A proof is also kept as exact when it never took an interposed piece without spending its
//! plies: every defence, interpositions too, was mated within the depth as counted, which the
//! conventional rules (where futile interpositions only ever shorten a mate) agree with. The
//! length search takes such a proof as its own answer to "mated within d?" instead of searching
//! the node again (a 9-ply batch problem: 2.88 M nodes to 1.67 M; to 122 k with the
//! weakest-first order of interpositions in `length.rs` too).
//!
//! A defender's node with no plies left is settled where its parent lists it, without a visit
//! (`solved::mated_now`): mated with no move, escaping with any move but an interposition, searched
//! only when interpositions are all it has. Those nodes had been a quarter of the visits (a 9-ply
//! batch problem: 9.6 s to 3.6 s).
//!
//! So is one with two plies left, the first time a parent lists it, where one ply of the
//! attacker's checks tells (`solved::settled_in_two`): not mated when a move other than an
//! interposition leaves no check that mates at once, mated when every move is answered by a
//! mate in one and none interposes. Refuting "mate within d" for the root's other checks had
//! been mostly such nodes, each a visit and a visit of a child, with their look-ups (on the
//! 11-ply `B2B5/1g7/1sk6/…`, 1.3 M of its 3.9 M nodes were such visits; with the test, 0.57 M
//! nodes in all, 16.0 s to 8.0 s; the batch side by side: 120 s to 101 s, the same answers).

use super::dfpn::Searcher;
use super::free_take;
use super::hand::Hand;
use super::lazy::{add, child_thresholds, combine, most_promising, Lazy};
use super::node::{Node, Step};
use super::table::{KeyMap, INF};
use crate::rules::{Bitboard, Move};
use cycle::Cycle;
use interposed::{
    others_end_two_plies_short, spot_key, taken_back_end_two_plies_short, Interposed,
};
use smallvec::SmallVec;

/// Bytes per entry of either map, counting the map's overhead.
const ENTRY_BYTES: usize = 64;

const NO_PROOF: i32 = i32::MAX;
const NO_DISPROOF: i32 = i32::MIN;

/// A solved result: with an attacker's hand holding at least `hand`, mated within any depth
/// from `depth` up (`proof`); or, with a hand holding at most `hand`, not mated within any
/// depth up to `depth`.
#[derive(Clone, Copy)]
struct Entry {
    hand: Hand,
    proof: bool,
    depth: i32,
    /// A disproof that leaned on a repetition of the path it was found on.
    rep: Option<Cycle>,
    /// A proof that never took an interposed piece without spending its plies: every defence
    /// was mated within the depth as counted, so the conventional rules find the mate too.
    exact: bool,
}

/// A node seen from its parent: numbers at its depth, and the best thresholds that apply to
/// it with their hands.
#[derive(Clone, Copy)]
struct Value {
    pn: u32,
    dn: u32,
    proof: i32,
    proof_hand: Hand,
    disproof: i32,
    disproof_hand: Hand,
    rep: Option<Cycle>,
    /// The best exact proof (see [`Entry::exact`]), `NO_PROOF` if none.
    exact: i32,
    exact_hand: Hand,
}

pub struct Bounded {
    /// Results per key: nearly always one, kept inline.
    known: KeyMap<SmallVec<[Entry; 1]>>,
    known_len: usize,
    /// Per path level, the keys of `known` that got a disproof leaning on a repetition whose
    /// deepest level it is: forgotten when the search leaves that level.
    rep_keys: Vec<Vec<u64>>,
    numbers: KeyMap<(u32, u32)>,
    cap: usize,
    /// The defender's nodes two plies from the end that one ply of checks settled.
    recent: recent::Recent,
}

/// The threshold at which the best child yields to the runner-up worth `second`: just beyond
/// it (plain df-pn). The 1+ε trick of df-pn does not pay here: with ε = 1/4, 図巧 第2番 took
/// 355 k nodes instead of 823 k and 第5番 645 k instead of 730 k, but 第7番 32.6 M instead of
/// 18.7 M and 第13番 from ply 10 and 8 1.27 M and 1.33 M instead of 1.02 M and 1.22 M (ε = 1/8
/// and 1/16 were as erratic: 第5番 3.2 M with 1/8).
fn beyond(second: u32) -> u32 {
    add(second, 1)
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn depth_key(key: u64, depth: i32) -> u64 {
    key ^ mix(0x2_0000_0000 + depth as u32 as u64)
}

/// The numbers of a node not searched at its depth yet. (df-pn's table is not read: of its
/// look-ups here, one in a hundred found anything (a hint of which way a proof went, a disproof
/// almost never), and the others, cache misses mostly, cost the batch 8 % of its time.)
fn first_numbers(c: &Child) -> (u32, u32) {
    if !c.or {
        // A check: likely to mate, hard to refute, so that the search refutes a defender's
        // reply through the replies with fewer unknown checks. (The 100 slowest unsound batch
        // problems at 4 M nodes each: 19.3 M nodes in all instead of 21.0 M with (2, 2); 70
        // hard ones at 500 k: 50 verified instead of 48. (1, 4), (1, 8) and (1, 64) lay
        // between; (2, 1) took 29.5 M.)
        (1, 16)
    } else if c.royal {
        // After a king's move, which escapes most often (as `settled_in_two` finds): the
        // defender's node tries it first (the batch: 2.5 % fewer nodes).
        (2, 1)
    } else {
        (2, 2)
    }
}

/// Depths at or below this are never mated: an attacker's node needs a ply (one reached by an
/// interposition may first take the interposed piece, see the module comment); a defender's
/// node none.
fn floor(or: bool, interposed: bool) -> i32 {
    match (or, interposed) {
        (true, false) => 0,
        (true, true) => -2,
        (false, _) => -1,
    }
}

/// Kinds the attacker holds may grow without adding a drop; kinds it lacks may not.
fn open_hand(hand: &Hand) -> Hand {
    let mut h = *hand;
    for n in h.0.iter_mut() {
        if *n > 0 {
            *n = u8::MAX;
        }
    }
    h
}

fn any_hand() -> Hand {
    Hand([u8::MAX; super::hand::MAX_HAND_KINDS])
}

/// What one node is: where it is and what its parent's move spent.
struct Child {
    /// The move from the parent (none for the node a query starts from).
    step: Option<Step>,
    key: u64,
    full: u64,
    hand: Hand,
    or: bool,
    interposed: Option<Interposed>,
    depth: i32,
    /// Parent's depth less the child's: 1, or -1 for a capture of an interposed piece (up to
    /// the parent's depth for one that must mate at once).
    shift: i32,
    /// A move of the defender's king.
    royal: bool,
}

impl Bounded {
    pub fn new(mb: usize) -> Bounded {
        Bounded {
            known: KeyMap::default(),
            known_len: 0,
            rep_keys: Vec::new(),
            numbers: KeyMap::default(),
            cap: (mb.max(1) * 1024 * 1024 / ENTRY_BYTES).max(1024),
            recent: recent::Recent::default(),
        }
    }

    /// Is the attacker's node `n` mated within `depth` plies (relaxed as the module says)?
    /// `None` when a limit stopped the search.
    pub fn mates(&mut self, s: &mut Searcher, n: &Node, depth: i32) -> Option<bool> {
        self.query(s, n, true, depth)
    }

    /// Is the defender's node `n` mated within `depth` plies?
    pub fn mated(&mut self, s: &mut Searcher, n: &Node, depth: i32) -> Option<bool> {
        self.query(s, n, false, depth)
    }

    /// The shortest relaxed mate of the attacker's node `n` within `depth` plies: found by
    /// proving within `depth`, then within two plies less than the mate found, until that
    /// fails. A lower bound of the conventional length. `None` if there is none or a limit
    /// stopped the search.
    pub fn shortest(&mut self, s: &mut Searcher, n: &Node, depth: i32) -> Option<i32> {
        if self.mates(s, n, depth) != Some(true) {
            return None;
        }
        let mut best = self.proof_of(n.key, &n.attacker_hand).min(depth);
        while best > 1 {
            match self.mates(s, n, best - 2) {
                Some(true) => best = self.proof_of(n.key, &n.attacker_hand).min(best - 2),
                Some(false) => break,
                None => return None,
            }
        }
        Some(best)
    }

    pub(super) fn query(
        &mut self,
        s: &mut Searcher,
        n: &Node,
        or: bool,
        depth: i32,
    ) -> Option<bool> {
        let me = Child {
            step: None,
            key: n.key,
            full: n.full,
            hand: n.attacker_hand,
            or,
            interposed: None,
            depth,
            shift: 0,
            royal: false,
        };
        loop {
            let v = self.value(&me, &[]);
            if v.pn == 0 {
                return Some(true);
            }
            if v.dn == 0 {
                debug_assert!(v.rep.is_none(), "a disproof of level 0 leans on nothing");
                return Some(false);
            }
            if s.stopped.is_some() {
                return None;
            }
            let mut path = Vec::new();
            self.mid(s, n, &me, INF - 1, INF - 1, &mut path);
            if s.stopped.is_some() {
                return None;
            }
        }
    }

    /// What is known of a node: stored results, then the rules that need no search, then
    /// numbers from an earlier visit at the same depth.
    fn value(&self, c: &Child, path: &[u64]) -> Value {
        let mut v = self.solved_value(c, path);
        if v.pn != 0 && v.dn != 0 {
            (v.pn, v.dn) = self.numbers_of(c);
        }
        v
    }

    /// The proof and disproof numbers of a node not solved: from an earlier visit at the same
    /// depth, else its first numbers.
    fn numbers_of(&self, c: &Child) -> (u32, u32) {
        self.numbers
            .get(&depth_key(spot_key(c.full, c.interposed), c.depth))
            .copied()
            .unwrap_or_else(|| first_numbers(c))
    }

    /// A node's value from its stored results and the rules that need no search: solved (a
    /// proof or disproof number of 0), or not yet (numbers of 1, the best thresholds known).
    fn solved_value(&self, c: &Child, path: &[u64]) -> Value {
        let hand = c.hand;
        let found = self.lookup(spot_key(c.key, c.interposed), &hand);
        let (p, ph) = found.proof.unwrap_or((NO_PROOF, hand));
        let (x, xh) = found.exact.unwrap_or((NO_PROOF, hand));
        let (d, dh, rep) = found.disproof.unwrap_or((NO_DISPROOF, hand, None));
        let mut v = Value {
            pn: 1,
            dn: 1,
            proof: p,
            proof_hand: ph,
            disproof: d,
            disproof_hand: dh,
            rep,
            exact: x,
            exact_hand: xh,
        };
        if p <= c.depth {
            v.pn = 0;
            v.dn = INF;
            return v;
        }
        if d >= c.depth {
            v.pn = INF;
            v.dn = 0;
            return v;
        }
        let f = floor(c.or, c.interposed.is_some());
        if c.depth <= f {
            v.pn = INF;
            v.dn = 0;
            v.disproof = f;
            v.disproof_hand = any_hand();
            v.rep = None;
            return v;
        }
        // A position already on the path: no shortest mate goes through it again.
        if let Some(level) = path.iter().position(|k| *k == c.full) {
            v.pn = INF;
            v.dn = 0;
            v.disproof = c.depth;
            v.disproof_hand = hand;
            let level = level.min(u16::MAX as usize) as u16;
            v.rep = Some(Cycle {
                lo: level,
                hi: level,
            });
        }
        v
    }

    /// One df-pn visit of a node with thresholds.
    fn mid(
        &mut self,
        s: &mut Searcher,
        n: &Node,
        me: &Child,
        th_pn: u32,
        th_dn: u32,
        path: &mut Vec<u64>,
    ) {
        if s.tick() {
            return;
        }
        let key = spot_key(n.key, me.interposed);
        let (or, depth) = (me.or, me.depth);
        // A path is at most the plies of a query plus the interpositions taken without
        // spending any (each adds a piece to the attacker's hand): far below u16's range.
        let level = path.len().min(u16::MAX as usize) as u16;
        let attacker = s.attacker;
        let moves = n.moves(attacker);
        if moves.is_empty() {
            // The attacker has no check: never a mate. The defender has no move: mated.
            let e = if or {
                Entry {
                    hand: open_hand(&n.attacker_hand),
                    proof: false,
                    depth: i32::MAX,
                    rep: None,
                    exact: false,
                }
            } else {
                Entry {
                    hand: n.mated_proof_hand(Hand::default()),
                    proof: true,
                    depth: 0,
                    rep: None,
                    exact: true,
                }
            };
            self.store(key, e);
            return;
        }
        let between = if or {
            Bitboard::EMPTY
        } else {
            n.interposition_squares()
        };
        // Where the defender has nothing but interpositions, L0 is 0 (and L1 unless some can
        // be taken back).
        let mates_at_once_only = if or {
            SmallVec::new()
        } else {
            free_take::futile_only_if_mated_at_once(n, &moves, between)
        };
        // On the stack up to a few dozen children: no allocation per node for most of them.
        let king = if or {
            None
        } else {
            n.pos.royal_square(!attacker)
        };
        let mut children: SmallVec<[Child; 16]> = moves
            .into_iter()
            .enumerate()
            .map(|(j, mv)| {
                let step = n.step(mv, attacker);
                let (cdepth, cinter) = if or {
                    // A check capturing the interposed piece keeps the two plies; where the
                    // rule asks the capture to mate at once (`Interposed`), only then (else it
                    // is an ordinary check).
                    match (me.interposed, mv) {
                        (Some(i), Move::Normal { to, .. }) if to == i.sq => {
                            let kept = if i.mates_at_once_only { 0 } else { depth + 1 };
                            (kept.max(depth - 1), None)
                        }
                        _ => (depth - 1, None),
                    }
                } else if n.is_interposition(mv, between) {
                    (
                        depth - 1,
                        Some(Interposed {
                            sq: mv.to(),
                            mates_at_once_only: mates_at_once_only[j],
                        }),
                    )
                } else {
                    (depth - 1, None)
                };
                Child {
                    step: Some(step),
                    key: step.key,
                    full: step.full,
                    hand: step.attacker_hand,
                    or: !or,
                    interposed: cinter,
                    depth: cdepth,
                    shift: depth - cdepth,
                    royal: matches!(mv, Move::Normal { from, .. } if Some(from) == king),
                }
            })
            .collect();
        path.push(n.full);
        self.touch(&children);
        let mut values: SmallVec<[Value; 16]> = SmallVec::with_capacity(children.len());
        // Once a check is proven the attacker's node is: the other checks are only looked up,
        // not settled in two plies (`first_value`), whose mate-in-one tests were wasted there
        // (the batch side by side 4 to 8 % faster, the same answers; its stored proof may be
        // a check that is not the soonest, which only makes a later "within d?" search again).
        let mut proven = false;
        let mut escape = None;
        for c in &children {
            let v = if proven {
                self.value(c, path)
            } else {
                self.first_value(s, n, c, path, &mut escape)
            };
            proven |= or && v.pn == 0;
            values.push(v);
        }
        // Lazy interpositions, as in df-pn (`lazy.rs`). (Measured: 図巧 第2番 323 k nodes in
        // all instead of 798 k, 第5番 200 k instead of 396 k; of 20 batch problems that ran out
        // of time, 4 verified within 1 M nodes each instead of 1.)
        let mut lazy = Lazy::new(
            !or,
            children
                .iter()
                .map(|c| c.step.expect("a child has a move").mv),
        );
        // (Not where every capture must mate at once: L0 and L1 are 0 there, see `kept` above.)
        let mut captures_keep_plies = children
            .iter()
            .any(|c| c.interposed.is_some_and(|i| !i.mates_at_once_only));
        // Which interpositions the attacker can take for free, once asked.
        let mut free: Option<Vec<bool>> = None;
        loop {
            if captures_keep_plies
                && others_end_two_plies_short(&children, &values, depth)
                && taken_back_end_two_plies_short(n, &children, &values, depth, &mut free)
            {
                // No interposition can be futile by more than an ordinary defence is mated
                // in (see `others_end_two_plies_short`): from here on they are ordinary.
                captures_keep_plies = false;
                for j in 0..children.len() {
                    if children[j].interposed.take().is_some() {
                        values[j] = self.value(&children[j], path);
                    }
                }
            }
            lazy.update(|j| values[j].pn == 0);
            let visible = lazy.visible();
            let (pn, dn) = combine(or, values.iter().map(|v| (v.pn, v.dn)), visible);
            if pn == 0 || dn == 0 {
                let mut e = solved::entry(n, me, &children, &values);
                e.rep = Cycle::solved_at(e.rep, level);
                self.store(key, e);
                if pn == 0 {
                    // Stored after the relaxed proof, which it replaces if as good.
                    if let Some(x) = solved::exact_proof(n, me, &children, &values) {
                        self.store(key, x);
                    }
                }
                break;
            }
            if pn >= th_pn || dn >= th_dn || s.stopped.is_some() {
                self.make_room();
                self.numbers
                    .insert(depth_key(spot_key(n.full, me.interposed), depth), (pn, dn));
                break;
            }
            let numbers = values.iter().map(|v| (v.pn, v.dn));
            let (best, second) = most_promising(or, numbers, visible, false);
            let b = values[best];
            let (c_pn, c_dn) =
                child_thresholds(or, (th_pn, th_dn), (pn, dn), (b.pn, b.dn), beyond(second));
            let c = &children[best];
            let child = n.play(c.step.as_ref().expect("a child has a move"));
            self.mid(s, &child, c, c_pn, c_dn, path);
            values[best] = self.value(c, path);
            if values[best].pn == 0 {
                if let Some(j) = lazy.next_after(best) {
                    values[j] = self.value(&children[j], path);
                }
            }
        }
        path.pop();
        self.leave(level);
    }
}

#[path = "cycle.rs"]
mod cycle;
#[path = "interposed.rs"]
mod interposed;
#[path = "recent.rs"]
mod recent;
#[path = "results.rs"]
mod results;
#[path = "solved.rs"]
mod solved;
