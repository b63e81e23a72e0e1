//! Depth-first proof-number search (df-pn, Nagai 2002) with the df-pn+ child thresholds, a
//! one-ply mate test when a check is generated, and proof and disproof hands.
//!
//! Interpositions are expanded lazily: at the defender's node the drops onto one square are
//! tried one kind at a time, the weakest first, each only once the one before it is proven.
//! After a pawn interposition is captured and mated, a gold dropped there is usually mated by
//! the same proof (hand superiority finds it in the table at once), and meanwhile the node's
//! proof number counts one drop per square instead of one per kind in hand. (Measured before
//! the proof-number cap below: 図巧 第9番 127 k nodes instead of 163 k, 第12番 21 k instead
//! of 30 k; rook first instead of pawn first was worse than no delay at all.)
//!
//! Where two children of a defender's node meet again below, the node adds the larger of
//! their proof numbers rather than both (`double_count.rs`).
//!
//! Repetition: a position already on the current path counts as a loss for the attacker
//! (perpetual check loses, and a repeated line is never part of a shortest mate). Such a
//! disproof depends on the path it was found on (the graph-history interaction problem), so it
//! is stored with a `repetition` mark. A proof never depends on one, so "mate" is always sound.
//! If the root is disproven through a marked entry, the marked entries are forgotten and the
//! search runs again; if that keeps happening, a plain search that keeps nothing depending on
//! the path checks the disproof (`no_mate_check.rs`), and if it cannot within its budget the
//! answer is `unknown` (repetition), never a wrong "no mate".

use super::double_count::{self, DoubleCount};
use super::hand::Hand;
use super::lazy::{add, child_thresholds, combine_drops_once, most_promising, Lazy};
use super::node::{Node, Step};
use super::path::Path;
use super::table::{Entry, Notes, Table, INF};
use super::Limits;
use crate::rules::{Color, Move};
use smallvec::SmallVec;
use std::time::Instant;

/// Why a search stopped before it had an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    Nodes,
    Time,
    Repetition,
}

impl Limit {
    pub fn name(self) -> &'static str {
        match self {
            Limit::Nodes => "nodes",
            Limit::Time => "time",
            Limit::Repetition => "repetition",
        }
    }
}

pub struct Searcher {
    pub table: Table,
    pub attacker: Color,
    pub nodes: u64,
    limits: Limits,
    started: Instant,
    pub stopped: Option<Limit>,
    /// Where each position was first searched from, and the path (`double_count.rs`).
    double_count: DoubleCount,
}

/// What the table says about a child, seen from the parent.
#[derive(Clone, Copy)]
struct ChildValue {
    pn: u32,
    dn: u32,
    repetition: bool,
    hand: Hand,
    /// The tag of the node it was first searched from; 0 for none recorded.
    parent: u16,
}

/// The nodes the check of a disproof through repetitions may spend ([`Searcher::prove`]).
const CHECK_BUDGET: u64 = 1_000_000;

/// What df-pn's table says of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    NoMate,
    NoMateByRepetition,
    Open,
    Mate,
}

/// The transposition table's share of the hash budget while it proves the mate: three
/// quarters; the length search takes the rest, and what the table has not taken by then (see
/// [`super::length::Lengths::new`]).
pub fn table_mb(hash_mb: usize) -> usize {
    (hash_mb.max(1) * 3 / 4).max(1)
}

/// The record of first parents' share of the table's (`double_count.rs`): a sixteenth, at most
/// 2 MB. A larger record keeps longer trails, but its cache misses cost more than they find:
/// at 40 MB the classic set one problem more proven within the node limit, each node 5–17 %
/// slower.
fn double_count_bytes(hash_mb: usize) -> usize {
    (table_mb(hash_mb) * 1024 * 1024 / 16).min(2 * 1024 * 1024)
}

/// The threshold at which the best child yields to the runner-up worth `second`: half as much
/// again beyond it (the 1+ε trick of Pawlewicz and Lew, ε = 1/2), so that two close children
/// do not take turns after every node. (ε = 1/4 searched fewer nodes on the 1–9-ply problems of
/// bench/data/tsume.tsv, 12 294 against 19 222, but twice as many on 図巧 第9番.)
fn beyond(second: u32) -> u32 {
    add(second, 1 + second / EPSILON_DIVISOR)
}

const EPSILON_DIVISOR: u32 = 2;

/// The most a new check's proof number starts at. Uncapped (and with the disproof number at
/// the number of defences too), the 21 problems of bench/data/tsume.tsv took 19 222 nodes and
/// 図巧 第4番 was not proven in 4.8 M; with the disproof number at 1 and the cap at 4 they take
/// 3 803 and 602 k (caps of 2, 3, 6 and none, halving and doubling were each worse somewhere).
/// Since the drops onto one square count once (twice for several kinds), 6: on the classic set
/// 53.0 k proof nodes (geometric mean) at 4 and 49.4 k at 6 before the waiting drops' extra 1;
/// with it 52.9 k at 5, 52.5 k at 6 and 51.7 k at 8, but the batch's proofs 0.82 M, 0.74 M and
/// 1.26 M nodes (with drops counted once only, 42.3 k at 4, 37.8 k at 6, 38.9 k at 8, 38.1 k at
/// 16).
const OPENING_PN_CAP: u32 = 6;
const _: () = assert!(OPENING_PN_CAP <= Notes::MAX_PN);

impl Searcher {
    pub fn new(attacker: Color, limits: Limits) -> Searcher {
        let hash_mb = limits.memory_mb();
        let double_count = DoubleCount::new(double_count_bytes(hash_mb));
        let taken_mb = double_count.bytes().div_ceil(1024 * 1024);
        Searcher {
            table: Table::new(table_mb(hash_mb).saturating_sub(taken_mb)),
            double_count,
            attacker,
            nodes: 0,
            limits,
            started: Instant::now(),
            stopped: None,
        }
    }

    /// Keeps the table within `table_bytes` from now on (or within what it already takes,
    /// if that is more); the bytes it and the record of first parents may take.
    pub fn limit_memory(&mut self, table_bytes: usize) -> usize {
        self.table.limit(table_bytes) + self.double_count.bytes()
    }

    /// Lowers the node limit to `cap` for an attempt that may give up; returns the limit to
    /// give back to [`Searcher::uncap_nodes`].
    pub fn cap_nodes(&mut self, cap: u64) -> u64 {
        let old = self.limits.max_nodes;
        self.limits.max_nodes = old.min(cap);
        old
    }

    /// Restores the node limit `old`; tells whether the lowered cap alone stopped the search,
    /// and if so forgets that stop so that the search can go on another way.
    pub fn uncap_nodes(&mut self, old: u64) -> bool {
        let capped = self.stopped == Some(Limit::Nodes) && self.nodes < old;
        self.limits.max_nodes = old;
        if capped {
            self.stopped = None;
        }
        capped
    }

    /// Counts a node and tells whether a limit has been reached.
    pub fn tick(&mut self) -> bool {
        if self.stopped.is_some() {
            return true;
        }
        self.nodes += 1;
        if self.nodes >= self.limits.max_nodes {
            self.stopped = Some(Limit::Nodes);
        } else if self.nodes.is_multiple_of(256) {
            if let Some(t) = self.limits.time {
                if self.started.elapsed() >= t {
                    self.stopped = Some(Limit::Time);
                }
            }
        }
        self.stopped.is_some()
    }

    pub fn elapsed_ms(&self) -> u128 {
        self.started.elapsed().as_millis()
    }

    /// Proves or disproves `root`: `Ok(true)` mate, `Ok(false)` no mate. A disproof through
    /// a repetition is retried up to `attempts` times without the marked entries.
    pub fn prove(&mut self, root: &Node, attempts: usize) -> Result<bool, Limit> {
        for attempt in 0..attempts {
            let mut path = Path::default();
            self.mid(root, INF - 1, INF - 1, &mut path);
            if let Some(limit) = self.stopped {
                return Err(limit);
            }
            let v = self.lookup(root);
            if v.pn == 0 {
                return Ok(true);
            }
            if v.dn == 0 && !v.repetition {
                return Ok(false);
            }
            if v.dn == 0 && attempt + 1 < attempts {
                self.table.forget_repetitions();
            }
        }
        // Still a disproof through repetitions: checked by a search that keeps nothing that
        // depends on the path.
        match super::no_mate_check::no_mate(self, root, CHECK_BUDGET) {
            Some(true) => Ok(false),
            _ => Err(self.stopped.unwrap_or(Limit::Repetition)),
        }
    }

    /// Tries to settle `node` within `budget` more nodes: `None` if it could not.
    pub fn try_prove(&mut self, node: &Node, budget: u64) -> Option<bool> {
        if self.stopped.is_some() {
            return None;
        }
        let saved = self.limits.max_nodes;
        self.limits.max_nodes = saved.min(self.nodes.saturating_add(budget));
        let mut path = Path::default();
        self.mid(node, INF - 1, INF - 1, &mut path);
        self.limits.max_nodes = saved;
        if self.stopped == Some(Limit::Nodes) && self.nodes < saved {
            self.stopped = None;
        }
        match self.known(node) {
            Known::Mate => Some(true),
            Known::NoMate => Some(false),
            Known::NoMateByRepetition | Known::Open => None,
        }
    }

    /// What the table says of `node` (with hand superiority).
    pub fn known(&self, node: &Node) -> Known {
        let v = self.lookup(node);
        match (v.pn, v.dn, v.repetition) {
            (0, _, _) => Known::Mate,
            (_, 0, false) => Known::NoMate,
            (_, 0, true) => Known::NoMateByRepetition,
            _ => Known::Open,
        }
    }

    /// Is `node` known to be mate (with hand superiority)?
    pub fn proven(&self, node: &Node) -> bool {
        self.known(node) == Known::Mate
    }

    /// Nodes df-pn spent below `node` (0 if it has no entry): how hard it is.
    pub fn work(&self, key: u64, hand: &Hand) -> u32 {
        self.table.get(key, hand).map_or(0, |f| f.work)
    }

    /// Is `node` known not to be mate, without leaning on a repetition?
    pub fn disproven(&self, node: &Node) -> bool {
        self.known(node) == Known::NoMate
    }

    fn lookup(&self, node: &Node) -> ChildValue {
        self.stored(node.key, node.attacker_hand, 1)
    }

    /// What the table knows of a position with the attacker holding `hand`; an unknown
    /// position is worth `pn`/1 (1/1 but for a check whose first proof number its parent
    /// keeps).
    fn stored(&self, key: u64, hand: Hand, pn: u32) -> ChildValue {
        match self.table.get(key, &hand) {
            Some(f) => value_of(&f),
            None => ChildValue {
                pn,
                dn: 1,
                repetition: false,
                hand,
                parent: 0,
            },
        }
    }

    /// Child `i` of a node whose entry keeps the notes `opened` (its checks' first proof
    /// numbers at an attacker's node).
    fn child_value(&self, child: &Step, path: &Path, opened: Notes, i: usize) -> ChildValue {
        if path.contains(child.full) {
            return ChildValue {
                pn: INF,
                dn: 0,
                repetition: true,
                hand: child.attacker_hand,
                parent: 0,
            };
        }
        self.stored(child.key, child.attacker_hand, opened.pn(i))
    }

    fn mid(&mut self, n: &Node, th_pn: u32, th_dn: u32, path: &mut Path) {
        if self.tick() {
            return;
        }
        let start_nodes = self.nodes;
        let or = n.pos.turn() == self.attacker;
        let moves = n.moves(self.attacker);
        if moves.is_empty() {
            // The attacker has no check: no mate. The defender has no move: mate.
            let entry = if or {
                leaf_disproof(n)
            } else {
                Entry {
                    hand: n.mated_proof_hand(Hand::default()),
                    pn: 0,
                    dn: INF,
                    repetition: false,
                    work: 1,
                    notes: Notes::default(),
                }
            };
            self.table.put(n.key, entry);
            return;
        }
        // On the stack up to a few dozen children: no allocation per node for most of them.
        let children: SmallVec<[Step; 16]> = moves
            .into_iter()
            .map(|mv| n.step(mv, self.attacker))
            .collect();
        // The children's slots are read together first, so that their cache misses overlap.
        self.table.touch(children.iter().map(|c| c.key));
        // On the first visit of an attacker's node every check is tried: one the defender
        // cannot answer is proven at once (a one-ply mate test); the others start with a proof
        // number of their number of defences, capped at OPENING_PN_CAP (fewer defences:
        // likelier to mate), and a disproof number of 1 (`open_check`).
        let prior = self.table.get(n.key, &n.attacker_hand);
        let first = or && prior.is_none();
        // Work is counted over every visit: the table keeps what cost the most to find.
        let prior_work = prior.map_or(0, |f| f.work as u64);
        let parent = self
            .double_count
            .enter(n, prior.map_or(0, |f| f.notes.parent()));
        // At the defender's node, the children met again below another (`double_count.rs`).
        let mut counted_once = if or {
            0
        } else {
            prior.map_or(0, |f| f.notes.counted_once())
        };
        // The children whose trails were followed on this visit: once is enough.
        let mut looked = 0u64;
        path.push(n.full);
        // Looked up once; afterwards only the child just searched changes (other children's
        // entries may change through transpositions too: they are read again on the next visit).
        let mut values: SmallVec<[ChildValue; 16]> = SmallVec::with_capacity(children.len());
        let mut mated = false;
        let mut opened = if or {
            prior.map_or(Notes::default(), |f| f.notes)
        } else {
            Notes::default()
        };
        for (i, step) in children.iter().enumerate() {
            let v = if first && !mated && !path.contains(step.full) {
                match self.table.get(step.key, &step.attacker_hand) {
                    Some(f) => value_of(&f),
                    None => {
                        let kept = i < Notes::CHECKS;
                        let v = self.open_check(n, step, kept);
                        if kept && v.pn > 0 {
                            opened = opened.with(i, v.pn);
                        }
                        v
                    }
                }
            } else {
                self.child_value(step, path, opened, i)
            };
            mated |= v.pn == 0;
            values.push(v);
        }
        // At the defender's node, the drops onto one square wait for each other (`lazy.rs`).
        let mut lazy = Lazy::new(!or, children.iter().map(|c| c.mv));
        // Read at the defender's node only (`combine_drops_once`): none listed at the attacker's.
        let dropped: SmallVec<[bool; 32]> = if or {
            SmallVec::new()
        } else {
            children
                .iter()
                .map(|c| matches!(c.mv, Move::Drop { .. }))
                .collect()
        };
        loop {
            lazy.update(|j| values[j].pn == 0);
            let visible = lazy.visible();
            let numbers = values.iter().map(|v| (v.pn, v.dn));
            let (pn, dn) = combine_drops_once(or, numbers, visible, &dropped, counted_once);
            if pn == 0 || dn == 0 {
                let entry = self.solved_entry(n, or, &children, &values, pn == 0);
                let work = (prior_work + self.nodes - start_nodes).min(u32::MAX as u64) as u32;
                self.table.put(n.key, Entry { work, ..entry });
                break;
            }
            if pn >= th_pn || dn >= th_dn || self.stopped.is_some() {
                let work = (prior_work + self.nodes - start_nodes).min(u32::MAX as u64) as u32;
                self.table.put(
                    n.key,
                    Entry {
                        hand: n.attacker_hand,
                        pn,
                        dn,
                        repetition: false,
                        work,
                        notes: if or {
                            opened
                        } else {
                            Notes::default().with_counted_once(counted_once)
                        }
                        .with_parent(parent),
                    },
                );
                break;
            }
            // The most promising child and the runner-up, by the number that decides this node.
            // Of checks equally close to a proof, the one with the smaller disproof number (ties
            // went to move order: 図巧 第4番 308 k proof nodes -> 159 k, 第9番 140 k -> 63 k,
            // 第7番 51 k -> 25 k, 第1番 4.46 M -> 3.55 M, the batch's proofs 2.5 % fewer; 第2番,
            // 第5番 and 第12番 worse; the 151 classic problems 7 % fewer nodes in all, 142
            // proven within 1.5 M each instead of 144. At the defender's node as well: worse.)
            let numbers = values.iter().map(|v| (v.pn, v.dn));
            let (best, second) = most_promising(or, numbers, visible, true);
            let b = values[best];
            let (c_pn, c_dn) =
                child_thresholds(or, (th_pn, th_dn), (pn, dn), (b.pn, b.dn), beyond(second));
            // A child first searched from elsewhere: is it counted twice above?
            let from = values[best].parent;
            if from != 0
                && from != double_count::tag(n.full)
                && best < 64
                && looked >> best & 1 == 0
            {
                looked |= 1 << best;
                let table = &self.table;
                self.double_count.look(
                    or,
                    children[best].full,
                    |key, hand| table.get(key, hand).map(|e| e.pn),
                    |full| path.contains(full),
                );
            }
            let child = n.play(&children[best]);
            self.mid(&child, c_pn, c_dn, path);
            for met in self.double_count.take_found() {
                if let Some(j) = children.iter().position(|c| c.full == met) {
                    if j < Notes::LOW {
                        counted_once |= 1 << j;
                    }
                }
            }
            values[best] = self.child_value(&children[best], path, opened, best);
            if values[best].pn == 0 {
                if let Some(j) = lazy.next_after(best) {
                    values[j] = self.child_value(&children[j], path, opened, j);
                }
            }
        }
        path.pop();
        self.double_count.leave();
    }

    /// A new check's first values: proven if the defender has no answer, otherwise a proof
    /// number of the number of answers (capped) and a disproof number of 1. A proof is stored;
    /// the numbers only if the parent does not keep them (`kept`, see [`Notes`]). Answers are
    /// counted much as the defender's node will count them (`combine_drops_once`): the drops
    /// onto one square once, twice where a second kind could follow. Counted per kind, a check
    /// a few kinds could be dropped against started at the cap and fell once searched.
    fn open_check(&mut self, n: &Node, step: &Step, kept: bool) -> ChildValue {
        // Only the first OPENING_PN_CAP answers count: their generation stops there.
        let defences = n.pos.count_answers_after(step.mv, OPENING_PN_CAP as u64) as u32;
        let entry = if defences == 0 {
            Entry {
                hand: n.play(step).mated_proof_hand(Hand::default()),
                pn: 0,
                dn: INF,
                repetition: false,
                work: 1,
                notes: Notes::default(),
            }
        } else {
            Entry {
                hand: step.attacker_hand,
                pn: defences.min(OPENING_PN_CAP),
                dn: 1,
                repetition: false,
                work: 0,
                notes: Notes::default(),
            }
        };
        if entry.pn == 0 || !kept {
            self.table.put(step.key, entry);
        }
        ChildValue {
            pn: entry.pn,
            dn: entry.dn,
            repetition: false,
            hand: entry.hand,
            parent: 0,
        }
    }

    /// The table entry of a proven or disproven node, with its proof or disproof hand.
    fn solved_entry(
        &self,
        n: &Node,
        or: bool,
        children: &[Step],
        values: &[ChildValue],
        proven: bool,
    ) -> Entry {
        // A solved node's other number is infinite, whatever its children's numbers sum to
        // (a defender's node refuted by a drop that waits, `lazy.rs`, sums only the defences
        // that count): a disproven child with a small proof number looked the most promising
        // to its parent, which visited it again and again, each visit storing the same entry
        // (図巧 第1番 at 1 GiB of hash spun so from its 6 millionth node to the limit).
        let (pn, dn) = if proven { (0, INF) } else { (INF, 0) };
        let solved = |hand, repetition| Entry {
            hand,
            pn,
            dn,
            repetition,
            work: 0,
            notes: Notes::default(),
        };
        if or && proven {
            // Proven by one check: its proof hand, plus a dropped piece, less a captured one.
            let i = values.iter().position(|v| v.pn == 0).unwrap_or(0);
            let hand = n.hand_before(children[i].mv, values[i].hand);
            return solved(hand.min(&n.attacker_hand), false);
        }
        if !or && proven {
            let mut hand = Hand::default();
            for v in values {
                hand = hand.max(&v.hand);
            }
            return solved(n.mated_proof_hand(hand), false);
        }
        if or {
            // Disproven: every check fails. More of a kind already held adds no new drop.
            let mut hand = open_hand(&n.attacker_hand);
            let mut repetition = false;
            for (c, v) in children.iter().zip(values) {
                hand = hand.min(&n.hand_before(c.mv, v.hand));
                repetition |= v.repetition;
            }
            return solved(hand.max(&n.attacker_hand), repetition);
        }
        // An AND node disproven by one defence.
        let i = values.iter().position(|v| v.dn == 0).unwrap_or(0);
        let mv = children[i].mv;
        let mut hand = values[i].hand;
        if let Some(s) = n.dropped_slot(mv) {
            // The defender needs the piece it drops: the attacker may hold at most the rest.
            let total = n.attacker_hand.0[s] + n.defender_hand.0[s];
            hand.0[s] = hand.0[s].min(total.saturating_sub(1));
        }
        solved(hand.max(&n.attacker_hand), values[i].repetition)
    }
}

fn value_of(f: &Entry) -> ChildValue {
    ChildValue {
        pn: f.pn,
        dn: f.dn,
        repetition: f.repetition,
        hand: f.hand,
        parent: f.notes.parent(),
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

/// An attacker's node with no check at all.
fn leaf_disproof(n: &Node) -> Entry {
    Entry {
        hand: open_hand(&n.attacker_hand),
        pn: INF,
        dn: 0,
        repetition: false,
        work: 1,
        notes: Notes::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tsume::lazy::combine;

    /// A solved entry's other number is infinite: a parent would otherwise take a proven or
    /// disproven child for its most promising one and visit it forever (see `solved_entry`).
    /// Here a defender's node is refuted by a drop that waits for a weaker one (`lazy.rs`):
    /// the sum of the proof numbers that count leaves that drop out, and was stored (図巧
    /// 第1番, tests/data/tsume/zukou.tsv, spun so at 1 GiB of hash).
    #[test]
    fn a_node_refuted_by_a_waiting_drop_is_never_worth_searching_again() {
        let root = Node::from_sfen("4k4/9/9/9/9/9/9/9/9 b R2G 1");
        let attacker = root.pos.turn();
        let mv = |usi: &str| {
            crate::formats::notation::usi::parse_move(root.pos.variant(), usi)
                .expect("a move in USI")
        };
        let n = root.child(mv("R*5i"), attacker);
        let s = Searcher::new(attacker, Limits::default());
        let children: Vec<Step> = n
            .moves(attacker)
            .iter()
            .map(|m| n.step(*m, attacker))
            .collect();
        let pawn = mv("P*5h");
        let gold = mv("G*5h");
        assert!(children.iter().any(|c| c.mv == pawn) && children.iter().any(|c| c.mv == gold));
        // Every defence open, the gold drop on 5h refuting (it waits for the pawn drop there).
        let values: Vec<ChildValue> = children
            .iter()
            .map(|c| {
                let (pn, dn) = if c.mv == gold { (INF, 0) } else { (3, 2) };
                ChildValue {
                    pn,
                    dn,
                    repetition: false,
                    hand: c.attacker_hand,
                    parent: 0,
                }
            })
            .collect();
        let mut lazy = Lazy::new(true, children.iter().map(|c| c.mv));
        lazy.update(|j| values[j].pn == 0);
        let (pn, dn) = combine(false, values.iter().map(|v| (v.pn, v.dn)), lazy.visible());
        assert_eq!(dn, 0);
        assert!(
            pn < INF,
            "the waiting drop's proof number is not counted: {pn}"
        );
        let e = s.solved_entry(&n, false, &children, &values, pn == 0);
        assert_eq!((e.pn, e.dn), (INF, 0));
    }
}
