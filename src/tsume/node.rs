//! A position in the search with its keys and both hands, and the moves each side may play:
//! the attacker only checks, the defender anything legal.

use super::hand::{slot, Hand};
use super::keys;
use crate::rules::{Color, Move, Position, Square};

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
        let mut pos = self.pos.clone();
        pos.play_unchecked(mv);
        Node::new(pos, attacker)
    }

    /// The attacker's checks, or the defender's legal moves.
    pub fn moves(&self, attacker: Color) -> Vec<Move> {
        let moves = self.pos.legal_moves();
        if self.pos.turn() != attacker {
            return moves;
        }
        moves
            .into_iter()
            .filter(|mv| {
                let mut after = self.pos.clone();
                after.play_unchecked(*mv);
                after.is_check()
            })
            .collect()
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
            Move::Normal { .. } => None,
        }
    }

    /// The squares strictly between the king in check and a single ranging checker: where the
    /// defender could interpose. Empty for a contact check, a jump, or a double check.
    pub fn interposition_squares(&self) -> Vec<Square> {
        let checkers = self.pos.checkers();
        let mut it = checkers.iter();
        let (Some(checker), None) = (it.next(), it.next()) else {
            return Vec::new();
        };
        let Some(king) = self.king() else {
            return Vec::new();
        };
        let size = self.pos.variant().size;
        let (kc, kr) = size.col_row(king);
        let (cc, cr) = size.col_row(checker);
        let (dc, dr) = (cc as i32 - kc as i32, cr as i32 - kr as i32);
        let aligned = dc == 0 || dr == 0 || dc.abs() == dr.abs();
        let steps = dc.abs().max(dr.abs());
        if !aligned || steps < 2 {
            return Vec::new();
        }
        let (sc, sr) = (dc.signum(), dr.signum());
        (1..steps)
            .filter_map(|i| size.from_col_row(kc as i32 + sc * i, kr as i32 + sr * i))
            .collect()
    }

    /// The square of the side to move's royal piece.
    pub fn king(&self) -> Option<Square> {
        let v = self.pos.variant();
        let turn = self.pos.turn();
        v.size.squares().find(|sq| {
            self.pos
                .piece_at(*sq)
                .is_some_and(|p| p.color == turn && v.is_royal(p.kind))
        })
    }

    /// Is `mv` (a defender's move) an interposition: a drop, or a move of a piece other than
    /// the king, onto a square between the king and a ranging checker?
    pub fn is_interposition(&self, mv: Move, between: &[Square]) -> bool {
        if !between.contains(&mv.to()) {
            return false;
        }
        match mv {
            Move::Drop { .. } => true,
            Move::Normal { from, .. } => Some(from) != self.king(),
        }
    }
}
