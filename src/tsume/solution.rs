//! The main line and the alternative solutions (余詰) of a proven mate, read off the length
//! search: at every attacker's node of the main line and of its variations (the defender's other
//! non-futile moves), each other check that also mates within that node's length.

use super::length::{Lengths, Val};
use super::node::Node;
use super::{AltKind, Alternative};
use crate::rules::Move;

/// How many attacker's nodes the walk for alternatives visits at most.
const WALK_BUDGET: usize = 4000;

/// The attacker's best check from `n`, whose mate takes `value`, with its child.
fn best_check(lengths: &mut Lengths, n: &Node, value: Val) -> Option<(Move, Node, Vec<Move>)> {
    let checks = lengths.mating_checks(n, value.len);
    let mut chosen = None;
    let mut others = Vec::new();
    for (mv, c) in checks {
        let v = lengths.and_len(&c, value.len - 1);
        let Some(v) = v else { continue };
        let v = Val {
            len: v.len + 1,
            left: v.left,
        };
        if chosen.is_none() && v == value {
            chosen = Some((mv, c));
        } else {
            others.push(mv);
        }
    }
    chosen.map(|(mv, c)| (mv, c, others))
}

/// The main line from `root`, whose shortest mate is `value`.
pub fn main_line(lengths: &mut Lengths, root: &Node, value: Val) -> Vec<Move> {
    let mut line = Vec::new();
    let mut n = root.clone();
    let mut v = value;
    while v.len > 0 {
        let Some((mv, c, _)) = best_check(lengths, &n, v) else {
            break;
        };
        line.push(mv);
        let Some(defences) = lengths.defences(&c, v.len - 1) else {
            break;
        };
        let mut best: Option<(Move, Node, Val)> = None;
        for d in defences {
            if let Some(dv) = d.value {
                let better = best.as_ref().is_none_or(|(_, _, b)| {
                    (dv.len, std::cmp::Reverse(dv.left)) > (b.len, std::cmp::Reverse(b.left))
                });
                if better {
                    best = Some((d.mv, d.node, dv));
                }
            }
        }
        let Some((dm, dn, dv)) = best else { break };
        line.push(dm);
        n = dn;
        v = Val {
            len: dv.len - 1,
            left: dv.left,
        };
    }
    line
}

/// Every alternative on the main line and its variations.
pub fn alternatives(lengths: &mut Lengths, root: &Node, value: Val) -> Vec<Alternative> {
    let mut out = Vec::new();
    let mut budget = WALK_BUDGET;
    walk(lengths, root, value, 1, &mut out, &mut budget);
    out.sort_by_key(|a| (a.ply, a.mv));
    out.dedup_by(|a, b| a.ply == b.ply && a.mv == b.mv);
    out
}

fn walk(
    lengths: &mut Lengths,
    n: &Node,
    value: Val,
    ply: u32,
    out: &mut Vec<Alternative>,
    budget: &mut usize,
) {
    if value.len == 0 || *budget == 0 || lengths.searcher.stopped.is_some() {
        return;
    }
    *budget -= 1;
    let Some((mv, c, others)) = best_check(lengths, n, value) else {
        return;
    };
    // Other checks that mate within the same length (longer ones are not solutions).
    for other in others {
        let child = n.child(other, lengths.searcher.attacker);
        let Some(v) = lengths.and_len(&child, value.len - 1) else {
            continue;
        };
        if v.len + 1 > value.len {
            continue;
        }
        let kind = if value.len == 1 {
            AltKind::FinalMove
        } else if same_but_promotion(mv, other) {
            AltKind::PromotionChoice
        } else if ply == 1 {
            AltKind::Root
        } else {
            AltKind::Internal
        };
        out.push(Alternative {
            ply,
            mv: other,
            kind,
        });
    }
    let Some(defences) = lengths.defences(&c, value.len - 1) else {
        return;
    };
    for d in defences {
        if let Some(dv) = d.value {
            let next = Val {
                len: dv.len - 1,
                left: dv.left,
            };
            walk(lengths, &d.node, next, ply + 2, out, budget);
        }
    }
}

fn same_but_promotion(a: Move, b: Move) -> bool {
    match (a, b) {
        (
            Move::Normal {
                from: f1,
                to: t1,
                promote: p1,
            },
            Move::Normal {
                from: f2,
                to: t2,
                promote: p2,
            },
        ) => f1 == f2 && t1 == t2 && p1 != p2,
        _ => false,
    }
}
