//! Tests of the length search ([`super`]) from inside: its ways of asking one question agree.

use super::*;
use crate::rules::Variant;
use crate::tsume::Limits;

/// "Mated within d?" ([`Lengths::and_within`], which asks only whether the longest other
/// defence takes all of d) and "the length within d" ([`Lengths::and_len`], which measures
/// every defence) are separate code paths for the same rule: on the defender's node after
/// every check of positions full of far checks and interpositions, each asked with a memo
/// of its own, they agree at every depth.
#[test]
fn mated_within_agrees_with_the_length() {
    // Batch problems of bench/data/tsume-1000.tsv (generated): far rooks, bishops and
    // lances against a defender holding every kind to interpose.
    let problems = [
        "9/9/1k7/9/2R6/9/9/9/9 b RSP2b4g3s4n4l17p 1",
        "5k3/9/2R6/9/9/9/9/9/9 b RBb4g4s4n4l18p 1",
        "1k7/L8/9/2R6/9/9/9/9/9 b RBLb4g4s4n2l18p 1",
        "9/9/8k/9/7G1/9/6R2/9/9 b BPrb3g4s4n4l17p 1",
    ];
    let limits = Limits {
        max_nodes: 2_000_000,
        ..Limits::default()
    };
    let mut compared = 0;
    for sfen in problems {
        let root = Node::from_sfen(sfen);
        let attacker = root.pos.turn();
        for mv in root.moves(attacker) {
            let child = root.child(mv, attacker);
            for depth in [0, 2, 4] {
                let mut s1 = Searcher::new(attacker, limits);
                let mut s2 = Searcher::new(attacker, limits);
                let len = Lengths::new(&mut s1, 64).and_len(&child, depth);
                let within = Lengths::new(&mut s2, 64).and_within(&child, depth);
                if s1.stopped.is_some() || s2.stopped.is_some() {
                    continue;
                }
                assert_eq!(len.is_some(), within, "{sfen} {mv:?} within {depth}");
                compared += 1;
            }
        }
    }
    assert!(compared > 300, "only {compared} compared");
}

/// The second part's L1 where a taken-back interposition is also mated in time through its
/// capture: batch problem `9/k2+L5/p3R4/…` (bench/data/tsume-1000.tsv, generated) after
/// ▲8三銀 △9一玉, then the rook to 5a, promoted or not. A pawn dropped on 8a is captured, the
/// king takes back, and it lasts 6 plies: it counts and makes L1 6, so the knight dropped on 6a,
/// taken for free, is futile, and both checks mate in 7. "Mated within 6?" had skipped the
/// pawn as if futile (its capture mates within 4), kept the knight counting, and said no, where
/// the exact length said 6: the main line then depended on which of the two was searched first.
#[test]
fn a_taken_back_interposition_mated_in_time_still_sets_l1() {
    let root = Node::from_sfen("9/k2+L5/p3R4/1l7/2S6/9/9/9/9 b Sr2b4g2s4n2l17p 1");
    let attacker = root.pos.turn();
    let v = root.pos.variant().clone();
    let play = |n: &Node, usi: &str| {
        let mv = crate::formats::notation::usi::parse_move(&v, usi).unwrap();
        n.child(mv, attacker)
    };
    let node = play(&play(&root, "S*8c"), "9b9a");
    for usi in ["5c5a", "5c5a+"] {
        let child = play(&node, usi);
        let mut s1 = Searcher::new(attacker, Limits::default());
        let mut s2 = Searcher::new(attacker, Limits::default());
        let len = Lengths::new(&mut s1, 64).and_len(&child, 6);
        assert_eq!(len, Some(Val { len: 6, left: 0 }), "{usi}");
        assert!(Lengths::new(&mut s2, 64).and_within(&child, 6), "{usi}");
    }
}

/// The depth-limited df-pn must stay a relaxation of the conventional rules: it never says "no
/// mate within d" where the plain exact search (which never asks it) finds one. At every node
/// of the main lines of problems whose defender can often only interpose, the interposed piece
/// taken only some plies later: each is asked at the exact length the plain search finds.
#[test]
fn the_relaxed_search_never_misses_a_conventional_mate() {
    // Batch problems of bench/data/tsume-1000.tsv (generated), with the main lines of their
    // conventional solutions (9 and 13 plies; both unsound, the lines are the first of equals).
    // In the first, after 5c5a the knight dropped on 6a is taken for free and not needed
    // beside the bishop dropped on 8a, which the king takes back: futile, by the rule's second
    // part (with the first alone the line was 11 plies, through N*6a 5a6a).
    let problems = [
        (
            "9/k2+L5/p3R4/1l7/2S6/9/9/9/9 b Sr2b4g2s4n2l17p 1",
            "S*8c 9b9a 5c5a B*8a 5a8a 9a8a 6b7b 8a9a B*8b",
        ),
        (
            "gks6/n8/R1S6/S8/B8/9/9/9/9 b Rb3gs3n4l18p 1",
            "9c8c+ G*8b 8c8b 9a8b 7c8b 7a8b G*7b 8a7b R*6b 7b8a G*7b 8a9a 7b8b",
        ),
    ];
    let limits = Limits {
        max_nodes: 1_000_000,
        ..Limits::default()
    };
    let variant = Variant::builtin("standard").unwrap();
    let mut compared = 0;
    for (sfen, line) in problems {
        let root = Node::from_sfen(sfen);
        let attacker = root.pos.turn();
        let line: Vec<Move> = line
            .split(' ')
            .map(|m| crate::formats::notation::usi::parse_move(&variant, m).unwrap())
            .collect();
        let mut n = root.clone();
        for (ply, mv) in line.iter().enumerate() {
            let or = ply % 2 == 0;
            let mut s1 = Searcher::new(attacker, limits);
            let mut plain = Lengths::new(&mut s1, 64);
            plain.deep = false;
            let left = (line.len() - ply) as u32;
            let exact = if or {
                plain.or_len(&n, left)
            } else {
                plain.and_len(&n, left)
            };
            if s1.stopped.is_some() {
                n = n.child(*mv, attacker);
                continue;
            }
            let exact = exact.unwrap_or_else(|| panic!("{sfen} ply {ply}: no exact mate"));
            assert_eq!(exact.len, left, "{sfen} ply {ply}");
            let mut s2 = Searcher::new(attacker, limits);
            let relaxed = Bounded::new(16).query(&mut s2, &n, or, exact.len as i32);
            assert_eq!(relaxed, Some(true), "{sfen} ply {ply} within {}", exact.len);
            compared += 1;
            n = n.child(*mv, attacker);
        }
    }
    assert!(compared >= 20, "only {compared} compared");
}

/// Mated within `depth` plies counting every defence, interpositions too (a test's brute force).
fn plainly_mated(
    n: &Node,
    attacker: crate::rules::Color,
    depth: u32,
    memo: &mut std::collections::HashMap<(u64, u32), bool>,
) -> bool {
    if let Some(known) = memo.get(&(n.full, depth)) {
        return *known;
    }
    let moves = n.moves(attacker);
    let mated = if n.pos.turn() == attacker {
        depth > 0
            && moves
                .into_iter()
                .any(|mv| plainly_mated(&n.child(mv, attacker), attacker, depth - 1, memo))
    } else {
        moves.is_empty()
            || (depth > 0
                && moves
                    .into_iter()
                    .all(|mv| plainly_mated(&n.child(mv, attacker), attacker, depth - 1, memo)))
    };
    memo.insert((n.full, depth), mated);
    mated
}

/// A proof of the depth-limited df-pn marked exact never took an interposed piece for free, so
/// it is a mate that counts every defence, and so one by the conventional rules too: wherever
/// it says so, on the defender's node after every check of positions full of far checks and
/// interposition chains, and on each node after the defender's reply, a brute force that counts
/// every defence finds the mate. (Up to 8 plies: at 6 it did not notice an attacker's node
/// whose exact proof was read off its check's relaxed one.)
#[test]
fn an_exact_relaxed_proof_counts_every_defence() {
    // Batch problems of bench/data/tsume-1000.tsv (generated).
    let problems = [
        "9/9/1k7/9/2R6/9/9/9/9 b RSP2b4g3s4n4l17p 1",
        "1k7/L8/9/2R6/9/9/9/9/9 b RBLb4g4s4n2l18p 1",
        "9/9/8k/9/7G1/9/6R2/9/9 b BPrb3g4s4n4l17p 1",
        "9/9/3p1kpS1/3G5/3g5/9/9/9/9 b 2R2b2g3s4n4l16p 1",
        "7gs/6k2/4g3p/5+S2g/9/9/9/9/9 b RGSr2bs4n4l17p 1",
        "2spg4/9/4k4/5s3/2G5+B/3+R5/9/9/9 b RGLbg2s4n3l17p 1",
        "9/2k6/9/9/2+B2N3/9/9/9/9 b RGSrb3g3s3n4l18p 1",
    ];
    let limits = Limits {
        max_nodes: 1_000_000,
        ..Limits::default()
    };
    let (mut exact, mut inexact) = (0, 0);
    for sfen in problems {
        let root = Node::from_sfen(sfen);
        let attacker = root.pos.turn();
        let mut memo = std::collections::HashMap::new();
        for mv in root.moves(attacker) {
            let child = root.child(mv, attacker);
            for depth in [2u32, 4, 6, 8] {
                let mut s = Searcher::new(attacker, limits);
                let mut bounded = Bounded::new(16);
                if bounded.mated(&mut s, &child, depth as i32) != Some(true) {
                    continue;
                }
                let mut nodes = vec![(child.clone(), depth)];
                for reply in child.moves(attacker) {
                    nodes.push((child.child(reply, attacker), depth - 1));
                }
                for (n, d) in nodes {
                    if !bounded.exactly_mated(&n, d) {
                        inexact += 1;
                        continue;
                    }
                    let mated = plainly_mated(&n, attacker, d, &mut memo);
                    assert!(mated, "{sfen} {mv:?} within {d}: {}", n.pos.to_sfen());
                    exact += 1;
                }
            }
        }
    }
    assert!(exact >= 50 && inexact >= 50, "{exact} exact, {inexact} not");
}

/// The depth-limited df-pn never says "no mate within d" where a mate that counts every
/// defence exists, whatever it searched before: one search per problem answers every
/// question in turn, from its stored results (looked up by hand superiority) as much as it can.
/// The kings are in the open and the same positions come back within a few plies.
#[test]
fn the_relaxed_search_shares_its_results_without_losing_a_mate() {
    // Batch problems of bench/data/tsume-1000.tsv (generated): kings in the open, chased by
    // ranging pieces.
    let problems = [
        "9/9/6k2/4Ss3/2+B6/3N+L4/9/9/9 b 2RB4g2s3n3l18p 1",
        "9/9/3p1kpS1/3G5/3g5/9/9/9/9 b 2R2b2g3s4n4l16p 1",
        "5k3/9/2R6/9/9/9/9/9/9 b RBb4g4s4n4l18p 1",
        "9/2k6/9/9/2+B2N3/9/9/9/9 b RGSrb3g3s3n4l18p 1",
    ];
    let limits = Limits {
        max_nodes: 20_000_000,
        ..Limits::default()
    };
    let mut mates = 0;
    for sfen in problems {
        let root = Node::from_sfen(sfen);
        let attacker = root.pos.turn();
        let mut s = Searcher::new(attacker, limits);
        let mut bounded = Bounded::new(64);
        let mut memo = std::collections::HashMap::new();
        let mut nodes = vec![(root.clone(), true)];
        for mv in root.moves(attacker) {
            let child = root.child(mv, attacker);
            for reply in child.moves(attacker).into_iter().take(4) {
                nodes.push((child.child(reply, attacker), true));
            }
            nodes.push((child, false));
        }
        for (n, or) in nodes {
            for depth in if or { [1, 3, 5] } else { [2, 4, 4] } {
                if !plainly_mated(&n, attacker, depth, &mut memo) {
                    continue;
                }
                let relaxed = bounded.query(&mut s, &n, or, depth as i32);
                assert_eq!(
                    relaxed,
                    Some(true),
                    "{sfen}: {} within {depth}",
                    n.pos.to_sfen()
                );
                mates += 1;
            }
        }
    }
    assert!(mates >= 200, "only {mates} mates compared");
}
