//! Tests of the length search ([`super`]) from inside: its two ways of asking one question.

use super::*;
use crate::rules::{validate, Variant};
use crate::tsume::{inventory, Limits};

fn node(sfen: &str) -> Node {
    let v = Variant::builtin("standard").unwrap();
    let p = crate::formats::sfen::position(sfen, &v, validate::Options { tsume: true }).unwrap();
    let p = inventory::complete(&p).unwrap();
    let attacker = p.turn();
    Node::new(p, attacker)
}

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
        let root = node(sfen);
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
