//! Interpositions the attacker can take for free: some check captures the interposed piece and
//! leaves the defender no legal move onto that square, so nothing takes back. Only these may be
//! futile (無駄合, the rule in `length.rs`). One whose every capture can be taken back costs the
//! attacker the capturing piece: it is a defence like any other, counted in the length and in
//! the longest resistance L0 that futile interpositions are measured against. (Measured against
//! the plain defences alone, a far check's one real interposition did not count for L0, and
//! every far pawn dropped before it, taken in turn, lengthened the mate: 将棋図巧 第8番 after 22
//! plies lasted 21 plies instead of the published 19.)

use super::node::Node;
use crate::rules::{Bitboard, Move, Position, Square};
use smallvec::{smallvec, SmallVec};

/// The attacker's checks from `after` (attacker to move, a defender's piece just put on `sq`)
/// that take it for free: after them the defender has no legal move onto `sq`.
pub fn free_captures(after: &Position, sq: Square) -> impl Iterator<Item = Move> + '_ {
    after
        .checking_moves_onto(sq)
        .into_iter()
        .filter(|mv| matches!(mv, Move::Normal { .. }))
        .filter(move |mv| {
            let mut p = after.clone();
            p.play_unchecked(*mv);
            nothing_takes_back(&p, sq)
        })
}

/// After a capture on `sq` (`pos`, the defender to move): has the defender no legal move onto
/// it?
pub fn nothing_takes_back(pos: &Position, sq: Square) -> bool {
    !pos.has_legal_move_onto(sq)
}

/// Whether the attacker can take each of the defender's interpositions from one node for
/// free, asked one at a time. Drops onto one square share the answer: the board after a capture
/// there is the same whatever was dropped, and so are the captures (the attacker's pieces that
/// reach the square, the king only where the defender does not).
#[derive(Default)]
pub struct Free {
    drops: Vec<(Square, bool)>,
}

impl Free {
    /// Can the attacker take the interposition `mv` from `n` (defender to move) for free?
    pub fn taken_freely(&mut self, n: &Node, mv: Move) -> bool {
        let is_drop = matches!(mv, Move::Drop { .. });
        if is_drop {
            if let Some((_, free)) = self.drops.iter().find(|(sq, _)| *sq == mv.to()) {
                return *free;
            }
        }
        let mut after = n.pos.clone();
        after.play_unchecked(mv);
        let free = free_captures(&after, mv.to()).next().is_some();
        if is_drop {
            self.drops.push((mv.to(), free));
        }
        free
    }
}

/// For each of the defender's interpositions `moves` from `n`: can the attacker take it for
/// free?
pub fn taken_freely(n: &Node, moves: &[Move]) -> Vec<bool> {
    let mut free = Free::default();
    moves.iter().map(|mv| free.taken_freely(n, *mv)).collect()
}

/// For each of the defender's legal `moves` from `n`: is it an interposition whose capture
/// must mate at once to make it futile? So it is where the defender has nothing but
/// interpositions: L0 is 0, and so is L1 for those taken for free when no capture of any other
/// can be taken back.
pub fn futile_only_if_mated_at_once(
    n: &Node,
    moves: &[Move],
    between: Bitboard,
) -> SmallVec<[bool; 32]> {
    if between.is_empty() || !moves.iter().all(|mv| n.is_interposition(*mv, between)) {
        return smallvec![false; moves.len()];
    }
    let free = taken_freely(n, moves);
    let all_free = free.iter().all(|f| *f);
    free.into_iter().map(|f| !f || all_free).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::notation::usi;

    /// After ▲9一飛打 against the king on 1a (White's gold on 2b): a pawn dropped on 5a is taken
    /// by the rook and nothing takes back; one dropped on 2a is taken back by the king or the
    /// gold, whatever takes it.
    #[test]
    fn a_far_drop_is_taken_for_free_and_one_beside_the_king_is_taken_back() {
        let root = Node::from_sfen("8k/7g1/9/9/9/9/9/9/9 b R 1");
        let attacker = root.pos.turn();
        let mv = |s: &str| usi::parse_move(root.pos.variant(), s).unwrap();
        let n = root.child(mv("R*9a"), attacker);
        let drops = [mv("P*5a"), mv("P*2a"), mv("G*5a"), mv("G*2a")];
        assert_eq!(taken_freely(&n, &drops), [true, false, true, false]);
        // The king may step to 1b: not interpositions alone.
        let moves = n.moves(attacker);
        let between = n.interposition_squares();
        assert!(!futile_only_if_mated_at_once(&n, &moves, between).contains(&true));
    }
}
