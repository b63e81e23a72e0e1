//! The result a solved node of the depth-limited df-pn stores, from its children's: the depth
//! and hand of its proof or disproof, and of its exact proof if it has one; and the value of a
//! node its parent lists that is known without a visit (no plies left, or two where one ply of
//! checks tells).

use super::{
    any_hand, floor, open_hand, spot_key, Bounded, Child, Cycle, Entry, Searcher, Value,
    NO_DISPROOF, NO_PROOF,
};
use crate::rules::OnePly;
use crate::rules::{CheckReplies, Color, Move};
use crate::tsume::hand::Hand;
use crate::tsume::node::Node;
use crate::tsume::table::INF;

/// A depth threshold moved to the parent by the plies the move spends.
pub(super) fn shifted(t: i32, shift: i32) -> i32 {
    if t == NO_PROOF || t == NO_DISPROOF || t == i32::MAX {
        t
    } else {
        t.saturating_add(shift)
    }
}

impl Bounded {
    /// A child's value when its parent lists it: a defender's node with no plies left is
    /// settled without a visit ([`mated_now`]), and one with two plies left is, the
    /// first time, where that is cheap ([`settled_in_two`]).
    /// `escape` is the king's move that last escaped in two plies from one of `n`'s checks,
    /// tried first after the next (see [`settled_in_two`]).
    pub(super) fn first_value(
        &mut self,
        s: &Searcher,
        n: &Node,
        c: &Child,
        path: &[u64],
        escape: &mut Option<Move>,
    ) -> Value {
        let attacker = s.attacker;
        if c.or {
            return self.value(c, path);
        }
        if c.depth == 0 {
            let child = n.play(c.step.as_ref().expect("a child has a move"));
            if let Some(v) = mated_now(&child, attacker) {
                return v;
            }
            return self.value(c, path);
        }
        if c.depth != 2 {
            return self.value(c, path);
        }
        let mut v = self.solved_value(c, path);
        if v.pn == 0 || v.dn == 0 {
            return v;
        }
        // Tried before its numbers are read: most such nodes are settled here, and their
        // numbers, nearly never there, were a look-up (a cache miss) each. One not settled is
        // tried again at each listing until a visit has solved it.
        let key = spot_key(c.key, c.interposed);
        if let Some(e) = self.recent.get(key, &c.hand) {
            return settled(v, e);
        }
        let child = n.play(c.step.as_ref().expect("a child has a move"));
        if let Some(e) = settled_in_two(&child, attacker, escape) {
            self.recent.put(key, e);
            return settled(v, e);
        }
        (v.pn, v.dn) = self.numbers_of(c);
        v
    }
}

/// The value `v` of a node nothing settled yet (see [`Bounded::solved_value`]) once its result
/// `e` is known: what a look-up would give were `e` stored.
fn settled(mut v: Value, e: Entry) -> Value {
    if e.proof {
        v.pn = 0;
        v.dn = INF;
        v.proof = e.depth;
        v.proof_hand = e.hand;
        if e.exact {
            v.exact = e.depth;
            v.exact_hand = e.hand;
        }
    } else {
        v.pn = INF;
        v.dn = 0;
        v.disproof = e.depth;
        v.disproof_hand = e.hand;
        v.rep = e.rep;
    }
    v
}

/// The attacker's hand at `n` that the move to `c` needs, from what it needs after the move.
fn before(n: &Node, c: &Child, h: Hand) -> Hand {
    c.step.map_or(h, |step| n.hand_before(step.mv, h))
}

/// The result of a solved node, with its depth and hand, from its children's (a proof is not
/// marked exact here: [`exact_proof`] finds that one).
pub(super) fn entry(n: &Node, me: &Child, children: &[Child], values: &[Value]) -> Entry {
    let f = floor(me.or, me.interposed.is_some());
    if me.or {
        if values.iter().any(|v| v.pn == 0) {
            // Proven by the check that mates soonest.
            let (c, v) = children
                .iter()
                .zip(values)
                .filter(|(_, v)| v.pn == 0)
                .min_by_key(|(c, v)| shifted(v.proof, c.shift))
                .expect("a proven child");
            return Entry {
                hand: before(n, c, v.proof_hand).min(&n.attacker_hand),
                proof: true,
                depth: shifted(v.proof, c.shift),
                rep: None,
                exact: false,
            };
        }
        let mut hand = open_hand(&n.attacker_hand);
        let mut depth = i32::MAX;
        let mut rep = None;
        for (c, v) in children.iter().zip(values) {
            hand = hand.min(&before(n, c, v.disproof_hand));
            depth = depth.min(shifted(v.disproof, c.shift));
            rep = Cycle::join(rep, v.rep);
        }
        return Entry {
            hand: hand.max(&n.attacker_hand),
            proof: false,
            depth: depth.max(f),
            rep,
            exact: false,
        };
    }
    if values.iter().all(|v| v.pn == 0) {
        let mut hand = Hand::default();
        let mut depth = 0;
        for (c, v) in children.iter().zip(values) {
            hand = hand.max(&v.proof_hand);
            depth = depth.max(shifted(v.proof, c.shift));
        }
        return Entry {
            hand: n.mated_proof_hand(hand),
            proof: true,
            depth,
            rep: None,
            exact: false,
        };
    }
    // Disproven by the defence that holds longest.
    let (c, v) = children
        .iter()
        .zip(values)
        .filter(|(_, v)| v.dn == 0)
        .max_by_key(|(c, v)| (v.rep.is_none(), shifted(v.disproof, c.shift)))
        .expect("a disproven child");
    let mut hand = v.disproof_hand;
    if let Some(s) = c.step.and_then(|step| n.dropped_slot(step.mv)) {
        // The defender needs the piece it drops: the attacker may hold at most the rest.
        let total = n.attacker_hand.0[s] + n.defender_hand.0[s];
        hand.0[s] = hand.0[s].min(total.saturating_sub(1));
    }
    Entry {
        hand: hand.max(&n.attacker_hand),
        proof: false,
        depth: shifted(v.disproof, c.shift).max(f),
        rep: v.rep,
        exact: false,
    }
}

/// The best exact proof of a proven node (see [`Entry::exact`]) from its children's, if they
/// have one: at an attacker's node the check with the soonest exact mate, at a defender's node
/// every defence's. Each move counts its ply, the capture of an interposed piece too.
pub(super) fn exact_proof(
    n: &Node,
    me: &Child,
    children: &[Child],
    values: &[Value],
) -> Option<Entry> {
    if me.or {
        let (c, v) = children
            .iter()
            .zip(values)
            .filter(|(_, v)| v.exact != NO_PROOF)
            .min_by_key(|(_, v)| v.exact)?;
        return Some(Entry {
            hand: before(n, c, v.exact_hand).min(&n.attacker_hand),
            proof: true,
            depth: v.exact.saturating_add(1),
            rep: None,
            exact: true,
        });
    }
    let mut hand = Hand::default();
    let mut depth = 0;
    for v in values {
        if v.exact == NO_PROOF {
            return None;
        }
        hand = hand.max(&v.exact_hand);
        depth = depth.max(v.exact.saturating_add(1));
    }
    Some(Entry {
        hand: n.mated_proof_hand(hand),
        proof: true,
        depth,
        rep: None,
        exact: true,
    })
}

/// A defender's node with no plies left, settled without a search when it is mated (no
/// legal move) or escapes by a move that is not an interposition (which no attacker's hand
/// changes); `None` when only interpositions are left, which the search answers.
pub(super) fn mated_now(n: &Node, attacker: Color) -> Option<Value> {
    let unsolved = Value {
        pn: 1,
        dn: 1,
        proof: NO_PROOF,
        proof_hand: n.attacker_hand,
        disproof: NO_DISPROOF,
        disproof_hand: n.attacker_hand,
        rep: None,
        exact: NO_PROOF,
        exact_hand: n.attacker_hand,
    };
    match n.check_replies(attacker) {
        CheckReplies::None => {
            let hand = n.mated_proof_hand(Hand::default());
            Some(Value {
                pn: 0,
                dn: INF,
                proof: 0,
                proof_hand: hand,
                exact: 0,
                exact_hand: hand,
                ..unsolved
            })
        }
        CheckReplies::Other => Some(Value {
            pn: INF,
            dn: 0,
            disproof: 1,
            disproof_hand: any_hand(),
            ..unsolved
        }),
        CheckReplies::OnlyInterpositions => None,
    }
}

/// A defender's node with two plies left, settled without a search where that is cheap: not
/// mated when one of its moves other than an interposition leaves the attacker no check that
/// mates at once (nor one whose every answer is an interposition, which the search would have
/// to look at), with any attacker's hand holding no kind more than this one's (more of a kind
/// held adds no new check); mated, exactly, when it has no interposition and every move is
/// answered by a check that leaves no legal move. The entry the search would store after
/// visiting it and its children; `None` otherwise.
///
/// The king's move `escape`, if legal here, is tried first; a king's move that escapes is put
/// there. After one check the king most often escapes the next from the same node the same way.
pub(super) fn settled_in_two(
    n: &Node,
    attacker: Color,
    escape: &mut Option<Move>,
) -> Option<Entry> {
    let not_mated = Entry {
        hand: open_hand(&n.attacker_hand),
        proof: false,
        depth: 3,
        rep: None,
        exact: false,
    };
    // The proof hand of the mates in one found so far, while every move has one.
    let mut mated = Some(Hand::default());
    let mut try_move = |mv: Move| -> bool {
        mated = match (n.one_ply_after(mv, mated.is_some()), mated) {
            (OnePly::NoMate, _) => return true,
            (OnePly::Mate(check), Some(hand)) => {
                let c = n.child(mv, attacker);
                Some(hand.max(&c.mate_in_one_hand(check, attacker)))
            }
            _ => None,
        };
        false
    };
    // The king's moves, which escape most often, first: the other moves are listed only if
    // none of them does. The last escape is tried before the king's moves are listed (a
    // legality test costs less than listing them, and it most often escapes again).
    let king = n.pos.royal_square(n.pos.turn());
    let first = escape.filter(|&mv| {
        matches!(mv, Move::Normal { from, .. } if Some(from) == king) && n.pos.is_legal(mv)
    });
    if let Some(mv) = first {
        if try_move(mv) {
            return Some(not_mated);
        }
    }
    let royal = n.pos.royal_moves();
    for mv in royal.iter().filter(|mv| Some(**mv) != first) {
        if try_move(*mv) {
            *escape = Some(*mv);
            return Some(not_mated);
        }
    }
    let between = n.interposition_squares();
    let moves = n.moves(attacker);
    let mut interposes = false;
    for mv in &moves {
        if royal.contains(mv) {
            continue;
        }
        if n.is_interposition(*mv, between) {
            interposes = true;
            continue;
        }
        if try_move(*mv) {
            return Some(not_mated);
        }
    }
    let hand = mated.filter(|_| !interposes && !moves.is_empty())?;
    Some(Entry {
        hand: n.mated_proof_hand(hand),
        proof: true,
        depth: 2,
        rep: None,
        exact: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A defender's node with no plies left: mated (proof 0, exact) when it has no move;
    /// escaping for any attacker's hand when the king can move; left to the search when only
    /// interpositions answer the check. Positions after a check from the root 4a (king 5a):
    /// ▲5b金 guarded by the pawn on 5c mates; ▲6b金 lets the king go to 4b; with the king hemmed
    /// in on 1a by its knights, ▲1i香 leaves only the knights' interpositions.
    #[test]
    fn a_node_with_no_plies_left_is_settled_without_a_search() {
        let (n, a) = after("4k4/9/4P4/9/9/9/9/9/9 b G 1", "G*5b");
        let v = mated_now(&n, a).expect("settled");
        assert_eq!((v.pn, v.proof, v.exact), (0, 0, 0));
        let (n, a) = after("4k4/9/4P4/9/9/9/9/9/9 b G 1", "G*6b");
        let v = mated_now(&n, a).expect("settled");
        assert_eq!((v.dn, v.disproof), (0, 1));
        assert_eq!(v.disproof_hand, any_hand());
        let (n, a) = after("7nk/7n1/9/9/9/9/9/9/9 b L 1", "L*1i");
        assert!(mated_now(&n, a).is_none());
    }

    /// The node after the attacker's move `usi` from the tsume position `sfen`, and the attacker.
    fn after(sfen: &str, usi: &str) -> (Node, Color) {
        let root = Node::from_sfen(sfen);
        let attacker = root.pos.turn();
        let mv = crate::formats::notation::usi::parse_move(root.pos.variant(), usi).unwrap();
        (root.child(mv, attacker), attacker)
    }

    /// A defender's node with two plies left. After ▲6b金 (king 5a, the attacker's hand empty
    /// then) the king steps away and no check is left: not mated within three plies, for any
    /// hand with no kind the attacker lacks. After ▲5c金 in the 3-ply problem
    /// `9/4k4/9/4P4/9/9/9/9/9 b 2G 1` (antma/tsumeshogi-check's test suite, as
    /// bench/data/tsume.tsv) every king move is mated by the other gold: mated in two, exactly,
    /// with that gold as the proof hand. With only interpositions (▲1i香 against the hemmed-in
    /// king) the search must answer.
    #[test]
    fn a_node_with_two_plies_left_is_settled_where_one_ply_of_checks_tells() {
        let (n, a) = after("4k4/9/4P4/9/9/9/9/9/9 b G 1", "G*6b");
        let e = settled_in_two(&n, a, &mut None).expect("settled");
        assert!(!e.proof);
        assert_eq!(e.depth, 3);
        assert_eq!(e.hand, open_hand(&n.attacker_hand));

        let (n, a) = after("9/4k4/9/4P4/9/9/9/9/9 b 2G 1", "G*5c");
        let e = settled_in_two(&n, a, &mut None).expect("settled");
        assert!(e.proof && e.exact);
        assert_eq!(e.depth, 2);
        assert_eq!(e.hand, n.attacker_hand);
        assert_eq!(e.hand.total(), 1);

        let (n, a) = after("7nk/7n1/9/9/9/9/9/9/9 b L 1", "L*1i");
        assert!(settled_in_two(&n, a, &mut None).is_none());
    }

    /// The king's move handed as the last escape is tried first and kept when it escapes;
    /// one that is not a king's move here is passed over. The answer is the same whatever the
    /// hint. After ▲6b金 (king 5a) every king's move escapes.
    #[test]
    fn the_last_escape_is_tried_first_and_changes_no_answer() {
        let (n, a) = after("4k4/9/4P4/9/9/9/9/9/9 b G 1", "G*6b");
        let mut escape = None;
        let e = settled_in_two(&n, a, &mut escape).expect("settled");
        let royal = n.pos.royal_moves();
        assert!(royal.len() >= 2);
        assert_eq!(escape, Some(royal[0]));
        for &mv in &royal {
            let mut hint = Some(mv);
            let again = settled_in_two(&n, a, &mut hint).expect("settled");
            assert_eq!(
                (again.proof, again.depth, again.hand),
                (e.proof, e.depth, e.hand)
            );
            assert_eq!(hint, Some(mv));
        }
        let drop = Move::Drop {
            kind: crate::rules::KindId(1),
            to: crate::rules::Square::new(40),
        };
        let mut hint = Some(drop);
        let again = settled_in_two(&n, a, &mut hint).expect("settled");
        assert_eq!((again.proof, again.depth), (e.proof, e.depth));
        assert_eq!(hint, Some(royal[0]));
    }
}
