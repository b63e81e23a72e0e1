//! The main line and the alternative solutions (余詰) of a proven mate, read off the length
//! search: at every attacker's node of the main line and of its variations (the defender's other
//! non-futile moves), each other check that also mates within that node's length.

use super::length::{Lengths, Val};
use super::node::Node;
use super::{AltKind, Alternative};
use crate::rules::Move;

/// The nodes [`solve`] spends without the depth-limited df-pn (20 k, 50 k and 100 k gave the
/// same 80 k nodes on the short problems; 21, 20 and 20 of 70 hard batch problems verified).
const PLAIN_BUDGET: u64 = 20_000;

/// The attacker's best check from `n`, whose mate takes `value`, with its child, and the
/// other checks that mate within `value.len` as well (with `all`; else only those before the
/// best in move order: the main line needs no more, and the search for alternatives asks again).
/// Whether a check mates in time is the cheap question; the exact length is asked only to pick
/// the best. Of equally good checks (same length, same pieces left) the first in move order is
/// the best, whatever the search happened to measure first, so the main line does not change
/// with the search's order or the hash size (it did: of 1 000 batch problems, 99 unsound ones
/// had another main line of equal value after a change to the search).
fn best_check(
    lengths: &mut Lengths,
    n: &Node,
    value: Val,
    all: bool,
) -> Option<(Move, Node, Vec<Move>)> {
    let left = value.len - 1;
    let target = Val {
        len: left,
        left: value.left,
    };
    let mut best = None;
    let mut others = Vec::new();
    lengths.each_mating_check(n, value.len, |l, mv, c| {
        if !l.and_within(&c, left) {
            return true;
        }
        if best.is_none() && l.and_len(&c, left) == Some(target) {
            best = Some((mv, c));
            return all;
        }
        others.push(mv);
        true
    });
    let (mv, c) = best?;
    Some((mv, c, others))
}

/// What [`solve`] found. When a limit stopped the search, the main line is whole only if
/// `line_finished`, and the alternatives are those found before the limit.
pub struct Solved {
    pub line: Vec<Move>,
    pub line_finished: bool,
    pub alternatives: Vec<Alternative>,
}

/// The main line from `root`, whose shortest mate is `value`, and every alternative (see
/// [`main_line`] and [`alternatives`]). First without the depth-limited df-pn, which is faster
/// on most problems (the 21 short problems of the benchmark: 80 k nodes in all instead of
/// 112 k); past `PLAIN_BUDGET` nodes, again with it, which is much faster where the checks off
/// the main line are many far drops, each answered by many interpositions (a 3-ply batch
/// problem: 86 k nodes instead of 822 k). What the first try learnt stays in the memo.
pub fn solve(lengths: &mut Lengths, root: &Node, value: Val) -> Solved {
    let both = |l: &mut Lengths| {
        let line = main_line(l, root, value);
        let line_finished = l.searcher.stopped.is_none();
        Solved {
            line,
            line_finished,
            alternatives: alternatives(l, root, value),
        }
    };
    if !lengths.is_deep() {
        if let Some(found) = lengths.plain_first(PLAIN_BUDGET, both) {
            return found;
        }
    }
    both(lengths)
}

/// The main line from `root`, whose shortest mate is `value`.
pub fn main_line(lengths: &mut Lengths, root: &Node, value: Val) -> Vec<Move> {
    let mut line = Vec::new();
    let mut n = root.clone();
    let mut v = value;
    while v.len > 0 {
        let Some((mv, c, _)) = best_check(lengths, &n, v, false) else {
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

/// Every alternative on the main line and its variations, each with the moves that lead to
/// it. The main line is walked first (at every defender's node the main line's defence first),
/// then the variations; the list is ordered by ply, the main line's first at each ply. The
/// same move of the same kind at the same ply on several variations (after interpositions of
/// different pieces, say) is listed once, where it is found first; so a position reached again
/// at the same ply is not walked again (it has the same alternatives). Nothing else bounds the
/// walk but the search's limits: it used to stop quietly after 4 000 attacker's nodes, and a
/// problem with more variations than that could come out sound with an alternative unseen.
pub fn alternatives(lengths: &mut Lengths, root: &Node, value: Val) -> Vec<Alternative> {
    let mut out = Vec::new();
    let mut walked = std::collections::HashSet::new();
    let mut path = Vec::new();
    walk(lengths, root, value, &mut path, &mut out, &mut walked);
    let mut seen = std::collections::HashSet::new();
    out.retain(|a| seen.insert((a.ply, a.mv, a.kind)));
    out.sort_by_key(|a| a.ply);
    out
}

/// The kind of `other`, another check mating as fast as `chosen` from a node with `len`
/// plies to go at `ply`. The same move with the other promotion choice is a promotion choice
/// wherever it is, the last move included (both kinds are tolerated by collections; the
/// narrower name says more).
fn kind(chosen: Move, other: Move, ply: u32, len: u32) -> AltKind {
    if same_but_promotion(chosen, other) {
        AltKind::PromotionChoice
    } else if len == 1 {
        AltKind::FinalMove
    } else if ply == 1 {
        AltKind::Root
    } else {
        AltKind::Internal
    }
}

fn walk(
    lengths: &mut Lengths,
    n: &Node,
    value: Val,
    path: &mut Vec<Move>,
    out: &mut Vec<Alternative>,
    walked: &mut std::collections::HashSet<(u64, u32)>,
) {
    let ply = path.len() as u32 + 1;
    if value.len == 0 || lengths.searcher.stopped.is_some() || !walked.insert((n.full, ply)) {
        return;
    }
    let Some((mv, c, others)) = best_check(lengths, n, value, true) else {
        return;
    };
    // Other checks that mate within the same length (longer ones are not solutions).
    for other in others {
        out.push(Alternative {
            ply,
            mv: other,
            kind: kind(mv, other, ply, value.len),
            path: path.clone(),
        });
    }
    let Some(defences) = lengths.defences(&c, value.len - 1) else {
        return;
    };
    // The main line's defence (the longest, then fewest pieces left, the first of equals)
    // first, then the others in their order.
    let mut valued: Vec<(Move, Node, Val)> = defences
        .into_iter()
        .filter_map(|d| d.value.map(|v| (d.mv, d.node, v)))
        .collect();
    let mut main = 0;
    for (i, (_, _, v)) in valued.iter().enumerate() {
        let b = valued[main].2;
        if (v.len, std::cmp::Reverse(v.left)) > (b.len, std::cmp::Reverse(b.left)) {
            main = i;
        }
    }
    if !valued.is_empty() {
        let first = valued.remove(main);
        valued.insert(0, first);
    }
    path.push(mv);
    for (dm, dn, dv) in valued {
        let next = Val {
            len: dv.len - 1,
            left: dv.left,
        };
        path.push(dm);
        walk(lengths, &dn, next, path, out, walked);
        path.pop();
    }
    path.pop();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{KindId, Square};

    fn normal(from: u8, to: u8, promote: bool) -> Move {
        Move::Normal {
            from: Square::new(from),
            to: Square::new(to),
            promote,
        }
    }

    /// The other promotion choice of the chosen move is a promotion choice at every ply, the
    /// last one (where any other mating move is a final-move alternative) included.
    #[test]
    fn the_other_promotion_choice_is_a_promotion_choice_at_any_ply() {
        let chosen = normal(20, 3, true);
        let twin = normal(20, 3, false);
        assert_eq!(kind(chosen, twin, 1, 9), AltKind::PromotionChoice);
        assert_eq!(kind(chosen, twin, 5, 5), AltKind::PromotionChoice);
        assert_eq!(kind(chosen, twin, 9, 1), AltKind::PromotionChoice);
        assert_eq!(kind(twin, chosen, 9, 1), AltKind::PromotionChoice);
    }

    #[test]
    fn other_moves_are_root_internal_or_final_move_alternatives() {
        let chosen = normal(20, 3, true);
        let other_square = normal(20, 11, true);
        let drop = Move::Drop {
            kind: KindId(1),
            to: Square::new(3),
        };
        assert_eq!(kind(chosen, other_square, 1, 9), AltKind::Root);
        assert_eq!(kind(chosen, drop, 1, 9), AltKind::Root);
        assert_eq!(kind(chosen, other_square, 3, 7), AltKind::Internal);
        assert_eq!(kind(chosen, drop, 9, 1), AltKind::FinalMove);
        assert_eq!(kind(chosen, other_square, 1, 1), AltKind::FinalMove);
    }

    /// Of equally good mates the main line takes the first in move order, whatever the search
    /// measured first: here the last first move that mates as fast is measured beforehand.
    #[test]
    fn equal_mates_give_the_first_in_move_order_whatever_was_measured_first() {
        use crate::rules::Variant;
        use crate::tsume::dfpn::Searcher;
        use crate::tsume::Limits;
        // Batch problem 4 of the session's 70 hard ones (bench/data/tsume-1000.tsv,
        // generated): mate in 5, a dozen first moves mate as fast.
        let sfen = "5+L3/7k1/9/7G1/9/9/9/9/9 b RBSrb3g3s4n3l18p 1";
        let v = Variant::builtin("standard").unwrap();
        let root = Node::from_sfen(sfen);
        let attacker = root.pos.turn();
        let line = |warm: bool| {
            let mut s = Searcher::new(attacker, Limits::default());
            assert_eq!(s.prove(&root, 4), Ok(true));
            let mut l = Lengths::new(&mut s, 64);
            let value = l.shortest(&root, 99).unwrap();
            assert_eq!(value.len, 5);
            let checks = l.mating_checks(&root, 5);
            if warm {
                // The last check in move order that mates in 5, measured first.
                let last = checks.iter().rev().find(|(_, c)| l.and_within(c, 4));
                assert!(last.is_some_and(|(_, c)| l.and_len(c, 4).is_some()));
            }
            (solve(&mut l, &root, value).line, checks.len())
        };
        let (fresh, _) = line(false);
        let (warmed, checks) = line(true);
        assert!(checks > 10, "{checks} checks");
        assert_eq!(fresh, warmed);
        let usi: Vec<String> = fresh
            .iter()
            .map(|m| crate::formats::notation::usi::write_move(&v, *m))
            .collect();
        assert_eq!(usi, ["B*3a", "2b2a", "R*2b", "2a1a", "S*1b"]);
    }
}
