//! A position in the search with its keys and both hands, and the moves each side may play:
//! the attacker only checks, the defender anything legal.

use super::hand::{slot, Hand};
use super::keys;
use crate::rules::{Bitboard, CheckReplies, Color, KindId, Move, OnePly, Piece, Position, Square};

/// Where a move leads, known without playing it: the move, the keys and both hands after it.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    pub mv: Move,
    pub key: u64,
    pub full: u64,
    pub attacker_hand: Hand,
    pub defender_hand: Hand,
    #[cfg(debug_assertions)]
    mover_is_attacker: bool,
}

#[derive(Clone, Debug)]
pub struct Node {
    pub pos: Position,
    /// The table key (board, side to move, hand totals).
    pub key: u64,
    /// The table key and the attacker's hand: equal full keys are the same position.
    pub full: u64,
    pub attacker_hand: Hand,
    pub defender_hand: Hand,
}

impl Node {
    pub fn new(pos: Position, attacker: Color) -> Node {
        let attacker_hand = Hand::of(&pos, attacker);
        let defender_hand = Hand::of(&pos, !attacker);
        let key = keys::table_key(&pos, &attacker_hand, &defender_hand);
        Node {
            full: keys::full_key(key, &attacker_hand),
            key,
            pos,
            attacker_hand,
            defender_hand,
        }
    }

    pub fn child(&self, mv: Move, attacker: Color) -> Node {
        self.play(&self.step(mv, attacker))
    }

    /// The position after `step` (which came from [`Node::step`] on this node).
    pub fn play(&self, step: &Step) -> Node {
        let mut pos = self.pos.clone();
        pos.play_unchecked(step.mv);
        let node = Node {
            pos,
            key: step.key,
            full: step.full,
            attacker_hand: step.attacker_hand,
            defender_hand: step.defender_hand,
        };
        #[cfg(debug_assertions)]
        {
            let fresh = Node::new(node.pos.clone(), self.attacker(step));
            debug_assert_eq!((fresh.key, fresh.full), (node.key, node.full));
            debug_assert_eq!(fresh.attacker_hand, node.attacker_hand);
            debug_assert_eq!(fresh.defender_hand, node.defender_hand);
        }
        node
    }

    #[cfg(debug_assertions)]
    fn attacker(&self, step: &Step) -> Color {
        if step.mover_is_attacker {
            self.pos.turn()
        } else {
            !self.pos.turn()
        }
    }

    /// This position with one `kind` more in the defender's hand and one less in the attacker's,
    /// if the attacker holds one. The board and so the table key stay the same.
    pub fn passed_to_defender(&self, kind: KindId, attacker: Color) -> Option<Node> {
        let s = slot(&self.pos, kind)?;
        let mut pos = self.pos.clone();
        if !pos.pass_in_hand(attacker, kind) {
            return None;
        }
        let (mut attacker_hand, mut defender_hand) = (self.attacker_hand, self.defender_hand);
        attacker_hand.remove(s);
        defender_hand.add(s);
        let node = Node {
            pos,
            key: self.key,
            full: keys::full_key(self.key, &attacker_hand),
            attacker_hand,
            defender_hand,
        };
        #[cfg(debug_assertions)]
        {
            let fresh = Node::new(node.pos.clone(), attacker);
            debug_assert_eq!((fresh.key, fresh.full), (node.key, node.full));
        }
        Some(node)
    }

    /// The keys and hands after `mv`, from this node's by the squares the move changes: no
    /// position is copied and no key is computed afresh.
    pub fn step(&self, mv: Move, attacker: Color) -> Step {
        let mover = self.pos.turn();
        let mover_is_attacker = mover == attacker;
        let mut key = self.key ^ keys::white_term();
        // The full key is the table key and terms of the attacker's hand, followed here slot
        // by changed slot (hashing the whole hand afresh was a sixteenth of a search).
        let mut hand_terms = self.full ^ self.key;
        let mut hands = [self.attacker_hand, self.defender_hand];
        let m = if mover_is_attacker { 0 } else { 1 };
        let mut change = |key: &mut u64, s: usize, gain: bool| {
            let before = hands[0].0[s] as usize + hands[1].0[s] as usize;
            let after = if gain {
                before + 1
            } else {
                before.saturating_sub(1)
            };
            *key ^= keys::total_term(s, before) ^ keys::total_term(s, after);
            let n = hands[m].0[s];
            hands[m].0[s] = if gain {
                n.saturating_add(1)
            } else {
                n.saturating_sub(1)
            };
            if m == 0 {
                hand_terms ^= keys::attacker_term(s, n) ^ keys::attacker_term(s, hands[0].0[s]);
            }
        };
        match mv {
            Move::Normal { from, to, promote } => {
                if let Some(p) = self.pos.piece_at(from) {
                    key ^= keys::piece_term(from.index(), p);
                    let kind = if promote {
                        self.pos
                            .variant()
                            .catalog
                            .get(p.kind)
                            .promotes_to
                            .unwrap_or(p.kind)
                    } else {
                        p.kind
                    };
                    key ^= keys::piece_term(
                        to.index(),
                        Piece {
                            kind,
                            color: p.color,
                        },
                    );
                }
                if let Some(c) = self.pos.piece_at(to) {
                    key ^= keys::piece_term(to.index(), c);
                    if let Some(s) = self.captured_slot(mv) {
                        change(&mut key, s, true);
                    }
                }
            }
            // Lion moves belong to chu shogi, which the prover does not solve.
            Move::Lion { .. } => {}
            Move::Drop { kind, to } => {
                key ^= keys::piece_term(to.index(), Piece { kind, color: mover });
                if let Some(s) = slot(&self.pos, kind) {
                    change(&mut key, s, false);
                }
            }
        }
        Step {
            mv,
            key,
            full: key ^ hand_terms,
            attacker_hand: hands[0],
            defender_hand: hands[1],
            #[cfg(debug_assertions)]
            mover_is_attacker,
        }
    }

    /// The attacker's checks, or the defender's legal moves.
    pub fn moves(&self, attacker: Color) -> Vec<Move> {
        if self.pos.turn() == attacker {
            self.pos.checking_moves()
        } else {
            self.pos.legal_moves()
        }
    }

    /// How the defender (to move) can answer the check: no move, only interpositions (as
    /// [`Node::is_interposition`] has them), or some other move.
    pub fn check_replies(&self, attacker: Color) -> CheckReplies {
        if let Some(r) = self.pos.check_replies() {
            return r;
        }
        let moves = self.moves(attacker);
        let between = self.interposition_squares();
        if moves.is_empty() {
            CheckReplies::None
        } else if moves.iter().all(|mv| self.is_interposition(*mv, between)) {
            CheckReplies::OnlyInterpositions
        } else {
            CheckReplies::Other
        }
    }

    /// What the attacker's checks settle in one ply after the defender's move `mv` from this
    /// node (see [`Position::one_ply_after`]).
    pub fn one_ply_after(&self, mv: Move, want_mate: bool) -> OnePly {
        self.pos.one_ply_after(mv, want_mate)
    }

    /// The proof hand of this attacker's node mated in one by `check`: what the mated position
    /// needs (see [`Node::mated_proof_hand`]), with the dropped piece, less a captured one.
    pub fn mate_in_one_hand(&self, check: Move, attacker: Color) -> Hand {
        let mated = self.child(check, attacker);
        self.hand_before(check, mated.mated_proof_hand(Hand::default()))
            .min(&self.attacker_hand)
    }

    /// The attacker's hand at this node that the attacker's move `mv` needs, from `after`, what
    /// it needs after the move: the dropped piece more, a captured one less.
    pub fn hand_before(&self, mv: Move, mut after: Hand) -> Hand {
        if let Some(s) = self.dropped_slot(mv) {
            after.add(s);
        }
        if let Some(s) = self.captured_slot(mv) {
            after.remove(s);
        }
        after
    }

    /// The kind a piece on `sq` goes into a hand as when taken (a promoted piece demoted).
    pub fn captured_kind(&self, sq: Square) -> Option<KindId> {
        let piece = self.pos.piece_at(sq)?;
        let kind = self.pos.variant().catalog.get(piece.kind);
        Some(kind.demotes_to.unwrap_or(piece.kind))
    }

    /// The hand slot of the piece `mv` takes from the board into the mover's hand, if any.
    pub fn captured_slot(&self, mv: Move) -> Option<usize> {
        let Move::Normal { to, .. } = mv else {
            return None;
        };
        let piece = self.pos.piece_at(to)?;
        let kind = self.pos.variant().catalog.get(piece.kind);
        let base = kind.demotes_to.unwrap_or(piece.kind);
        slot(&self.pos, base)
    }

    /// The hand slot of a dropped piece.
    pub fn dropped_slot(&self, mv: Move) -> Option<usize> {
        match mv {
            Move::Drop { kind, .. } => slot(&self.pos, kind),
            Move::Normal { .. } | Move::Lion { .. } => None,
        }
    }

    /// The squares strictly between the king in check and a single ranging checker: where the
    /// defender could interpose. Empty for a contact check, a jump, or a double check. Asked
    /// at every defender's node: read off the rules core's check detection (finding the king
    /// square by square had been a tenth of the length search's instructions).
    pub fn interposition_squares(&self) -> Bitboard {
        // (The large boards' engine finds no check here, as it finds no checkers.)
        self.pos.check_between().unwrap_or_default()
    }

    /// The proof hand of this mated defender's node from its children's (what the attacker
    /// needs after each defence): if the defender could drop onto an interposition square,
    /// every kind it lacks must stay with the attacker (with fewer, the defender would hold
    /// one and could drop it). Shared by df-pn and the depth-limited df-pn.
    pub fn mated_proof_hand(&self, children: Hand) -> Hand {
        let mut hand = children;
        if !self.interposition_squares().is_empty() {
            for (i, d) in self.defender_hand.0.iter().enumerate() {
                if *d == 0 {
                    hand.0[i] = self.attacker_hand.0[i];
                }
            }
        }
        hand.min(&self.attacker_hand)
    }

    /// Is `mv` (a defender's move) an interposition: a drop, or a move of a piece other than
    /// the king, onto a square between the king and a ranging checker?
    pub fn is_interposition(&self, mv: Move, between: Bitboard) -> bool {
        if !between.has(mv.to()) {
            return false;
        }
        match mv {
            Move::Drop { .. } => true,
            Move::Normal { from, .. } | Move::Lion { from, .. } => !self
                .pos
                .piece_at(from)
                .is_some_and(|p| self.pos.variant().is_royal(p.kind)),
        }
    }
}

#[cfg(test)]
impl Node {
    /// A standard-shogi tsume position from SFEN, the defender holding the rest of the set,
    /// the side to move attacking.
    pub fn from_sfen(sfen: &str) -> Node {
        use crate::rules::{validate, Variant};
        let v = Variant::builtin("standard").expect("the standard variant");
        let options = validate::Options { tsume: true };
        let p = crate::formats::sfen::position(sfen, &v, options).expect("a tsume position");
        let p = super::inventory::complete(&p).expect("one set");
        let attacker = p.turn();
        Node::new(p, attacker)
    }
}
