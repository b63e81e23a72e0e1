//! Is one move legal? Answered without generating every move (a record replays one move per
//! position, and generating all of them to find it was most of the time): the piece's own
//! movement and promotion rules, then the move made on a copy of the board and the mover's
//! royal piece tested for attack — the definition the move generator implements with check
//! masks and pins. `tests/moves.rs` holds the two to the same answer on every move of random
//! games in each built-in variant.

use super::board::Board;
use super::movegen;
use super::moves::Move;
use super::tables::Tables;
use super::threats;

/// Does the move generator list `mv` in `b`?
pub(crate) fn is_legal(t: &Tables, b: &Board, mv: Move) -> bool {
    let us = b.turn;
    let on_board = |sq: super::Square| sq.index() < super::square::MAX_SQUARES && t.board.has(sq);
    match mv {
        Move::Normal { from, to, promote } => {
            if !on_board(from) || !on_board(to) {
                return false;
            }
            let Some(piece) = b.squares[from.index()] else {
                return false;
            };
            let k = piece.kind;
            if piece.color != us
                || b.by_color[us.index()].has(to)
                || !t.attacks(k, us, from, b.occupied()).has(to)
            {
                return false;
            }
            let zone = t.zone[us.index()];
            let may_promote = t.promote[k.index()].is_some() && (zone.has(from) || zone.has(to));
            if (promote && !may_promote) || (!promote && t.dead[k.index()][us.index()].has(to)) {
                return false;
            }
        }
        Move::Lion { .. } => return false,
        Move::Drop { kind, to } => {
            if !on_board(to)
                || !t.hand_kinds.contains(&kind)
                || b.hands[us.index()][kind.index()] == 0
                || b.occupied().has(to)
                || t.dead[kind.index()][us.index()].has(to)
                || (t.one_per_file[kind.index()] && t.fill_columns(b.pieces(kind, us)).has(to))
            {
                return false;
            }
            if t.no_drop_mate[kind.index()] && drop_mates(t, b, mv) {
                return false;
            }
        }
    }
    let mut after = b.clone();
    after.play(t, mv);
    threats::checkers(t, &after, us).is_empty()
}

/// Would the drop `mv` checkmate the opponent's only royal piece at once? (As the generator
/// asks it: the dropped piece checks from the drop square and the opponent has no move.)
fn drop_mates(t: &Tables, b: &Board, mv: Move) -> bool {
    let Move::Drop { kind, to } = mv else {
        return false;
    };
    let them = !b.turn;
    let royals = b.royals(t, them);
    let Some(ksq) = royals.first().filter(|_| royals.count() == 1) else {
        return false;
    };
    if !t.attacks(kind, them, ksq, b.occupied()).has(to) {
        return false;
    }
    let mut after = b.clone();
    after.play(t, mv);
    !movegen::has_legal_move(t, &after)
}
