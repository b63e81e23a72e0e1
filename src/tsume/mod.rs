//! Tsume (mating problems): prove a mate, find its conventional length, main line and any
//! alternative solutions (余詰), the way problem editors check a problem before printing it.
//!
//! - [`dfpn`]: df-pn with a bounded transposition table, proof and disproof hands.
//! - [`length`]: the conventional length (shortest mate, longest resistance, 駒余り, futile
//!   interpositions left out) by a depth-limited search that df-pn prunes.
//! - [`solution`]: the main line and the alternatives.
//! - [`inventory`]: one set on the board and in the hands, the defender holding the rest.
//!
//! Pawn-drop mate needs nothing here: the rules core never generates it as a legal move.

mod bounded;
pub mod dfpn;
mod double_count;
mod free_take;
mod hand;
pub mod inventory;
mod keys;
mod lazy;
pub mod length;
mod no_mate_check;
mod node;
mod path;
mod proof_walk;
pub mod solution;
mod table;

use crate::rules::{Move, Position, Variant};
use dfpn::{Limit, Searcher};
use length::Lengths;
use node::Node;
use std::time::{Duration, Instant};

/// Limits on one verification: it always stops at whichever comes first.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_nodes: u64,
    pub time: Option<Duration>,
    /// The memory budget in MiB: up to three quarters for df-pn's transposition table while
    /// it proves the mate, then whatever it has not taken (at least a quarter) for the length
    /// search (all count their map overhead; a few MiB of fixed cost come on top). Taken
    /// within 1..=[`MAX_HASH_MB`] ([`Limits::memory_mb`]).
    pub hash_mb: usize,
}

/// The largest memory budget taken from [`Limits::hash_mb`] (16 TiB): more is no use, and
/// the budget's arithmetic in bytes must not overflow.
pub const MAX_HASH_MB: usize = 1 << 24;

impl Limits {
    /// The memory budget in MiB the search works with: `hash_mb` brought within
    /// 1..=[`MAX_HASH_MB`].
    pub fn memory_mb(&self) -> usize {
        self.hash_mb.clamp(1, MAX_HASH_MB)
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_nodes: 50_000_000,
            time: None,
            hash_mb: 256,
        }
    }
}

/// The longest mate the length search looks for.
const MAX_PLIES: u32 = 1023;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Mate,
    NoMate,
    /// A limit stopped the search before an answer (which one).
    Unknown(Limit),
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Mate => "mate",
            Status::NoMate => "no-mate",
            Status::Unknown(_) => "unknown",
        }
    }
}

/// The part of a verification a limit stopped, the parts before it done: the proof (df-pn),
/// the conventional length, the main line, or the search for alternatives (in that order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    Proof,
    Length,
    Line,
    Alternatives,
}

impl Stage {
    pub fn name(self) -> &'static str {
        match self {
            Stage::Proof => "proof",
            Stage::Length => "length",
            Stage::Line => "line",
            Stage::Alternatives => "alternatives",
        }
    }
}

/// Where an alternative solution is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AltKind {
    /// Another first move mates as fast.
    Root,
    /// Another attacker move later in the solution mates as fast.
    Internal,
    /// Another last move mates (tolerated by collections).
    FinalMove,
    /// The same move with the other promotion choice, at any ply, the last included
    /// (tolerated by collections).
    PromotionChoice,
}

impl AltKind {
    pub fn name(self) -> &'static str {
        match self {
            AltKind::Root => "root",
            AltKind::Internal => "internal",
            AltKind::FinalMove => "final-move",
            AltKind::PromotionChoice => "promotion-choice",
        }
    }

    /// Is this alternative a defect: always under `strict`, else only root and internal ones.
    pub fn is_defect(self, strict: bool) -> bool {
        strict || matches!(self, AltKind::Root | AltKind::Internal)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alternative {
    /// The ply (1 = the first move) of the attacker's move this one replaces.
    pub ply: u32,
    pub mv: Move,
    pub kind: AltKind,
    /// The moves from the start that lead to it (`ply - 1` of them): the main line's first
    /// moves when it is on the main line, else the variation it is on.
    pub path: Vec<Move>,
}

impl Alternative {
    /// Is it on the main line `line` (rather than on a variation)?
    pub fn on_main_line(&self, line: &[Move]) -> bool {
        line.starts_with(&self.path)
    }
}

/// Everything found out about one mating position.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub status: Status,
    /// For `Unknown`, the stage the limit stopped; what the stages before it found is kept:
    /// past the proof it is a mate, past the length its length (and pieces left), past the
    /// main line that line, and the alternatives found so far (there may be more).
    pub stopped_in: Option<Stage>,
    /// Plies of the conventional solution (for a mate).
    pub length: Option<u32>,
    /// Pieces the attacker still holds at the end of the main line (駒余り).
    pub left_in_hand: Option<u32>,
    pub line: Vec<Move>,
    pub alternatives: Vec<Alternative>,
    pub nodes: u64,
    pub ms: u128,
    /// Nodes and milliseconds of the proof alone (df-pn), before the length search.
    pub proof_nodes: u64,
    pub proof_ms: u128,
}

impl Verdict {
    /// For a verification a limit stopped after the proof, what it had found, in words ("mate
    /// in 13, the search for alternatives not finished"); `None` otherwise.
    pub fn progress(&self) -> Option<String> {
        let length = self.length.unwrap_or(0);
        match self.stopped_in? {
            Stage::Proof => None,
            Stage::Length => Some("mate proven, its length not found yet".to_string()),
            Stage::Line => Some(format!("mate in {length}, its main line not finished")),
            Stage::Alternatives => Some(format!(
                "mate in {length}, the search for alternatives not finished"
            )),
        }
    }

    /// A sound problem: mate, and no alternative that counts as a defect.
    pub fn is_sound(&self, strict: bool) -> bool {
        self.status == Status::Mate && !self.alternatives.iter().any(|a| a.kind.is_defect(strict))
    }
}

/// Why the prover cannot take problems of `variant`, if it cannot: it plays boards of up to
/// 9×9 (its hash keys and the rules core's fast move generator are sized for them), so chu
/// shogi's 12×12 board is refused before anything is searched.
pub fn unsupported(variant: &Variant) -> Option<String> {
    variant.size.is_large().then(|| {
        format!(
            "the tsume prover takes boards of up to 9×9; {}'s {}×{} board is not supported",
            variant.english, variant.size.files, variant.size.ranks
        )
    })
}

/// Proves or disproves `pos` (the attacker to move) by df-pn alone, without the length, line
/// and alternatives of [`verify`]: `Mate`, `NoMate` or `Unknown`, with the nodes searched.
pub fn prove(pos: &Position, limits: Limits) -> (Status, u64) {
    let attacker = pos.turn();
    let root = Node::new(pos.clone(), attacker);
    let mut searcher = Searcher::new(attacker, limits);
    let status = match searcher.prove(&root, 4) {
        Ok(true) => Status::Mate,
        Ok(false) => Status::NoMate,
        Err(limit) => Status::Unknown(limit),
    };
    (status, searcher.nodes)
}

/// Proves `pos` (the attacker to move), then finds its conventional length, main line and
/// alternatives. The position should have been through [`inventory::complete`].
pub fn verify(pos: &Position, limits: Limits) -> Verdict {
    let started = Instant::now();
    let attacker = pos.turn();
    let root = Node::new(pos.clone(), attacker);
    let mut searcher = Searcher::new(attacker, limits);
    let mut verdict = Verdict {
        status: Status::Unknown(Limit::Nodes),
        stopped_in: None,
        length: None,
        left_in_hand: None,
        line: Vec::new(),
        alternatives: Vec::new(),
        nodes: 0,
        ms: 0,
        proof_nodes: 0,
        proof_ms: 0,
    };
    let proved = searcher.prove(&root, 4);
    verdict.proof_nodes = searcher.nodes;
    verdict.proof_ms = started.elapsed().as_millis();
    match proved {
        Ok(false) => verdict.status = Status::NoMate,
        Err(limit) => {
            verdict.status = Status::Unknown(limit);
            verdict.stopped_in = Some(Stage::Proof);
        }
        Ok(true) => {
            let mut lengths = Lengths::new(&mut searcher, limits.memory_mb());
            match lengths.shortest(&root, MAX_PLIES) {
                Some(value) => {
                    let found = solution::solve(&mut lengths, &root, value);
                    verdict.length = Some(value.len);
                    verdict.left_in_hand = Some(value.left);
                    verdict.alternatives = found.alternatives;
                    match lengths.searcher.stopped {
                        Some(limit) => {
                            verdict.status = Status::Unknown(limit);
                            if found.line_finished {
                                verdict.line = found.line;
                                verdict.stopped_in = Some(Stage::Alternatives);
                            } else {
                                verdict.stopped_in = Some(Stage::Line);
                            }
                        }
                        None => {
                            verdict.status = Status::Mate;
                            verdict.line = found.line;
                        }
                    }
                }
                None => {
                    verdict.status =
                        Status::Unknown(lengths.searcher.stopped.unwrap_or(Limit::Nodes));
                    verdict.stopped_in = Some(Stage::Length);
                }
            }
        }
    }
    verdict.nodes = searcher.nodes;
    verdict.ms = started.elapsed().as_millis();
    verdict
}
