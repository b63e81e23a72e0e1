//! Legal moves of the large-board engine, and playing them.
//!
//! Every pseudo-legal move is legal (royal capture: no check rule), except what the lion
//! trading rules forbid. With `lion_trading: lishogi` (the default), as lishogi plays them:
//! 1. a lion may take a lion that is not next to it only if that lion is not protected, counting
//!    as protectors the pieces whose line the capturing lion opens by leaving; on a double move
//!    the same holds for the second step, unless the first step took a piece of more worth than
//!    a pawn or a go-between (kinds with the `low-value` rule);
//! 2. counter-strike: after a piece other than a lion took a lion, the other side may take a
//!    lion with a piece other than a lion only on that same square (where a kirin that took a
//!    lion and promoted now stands).
//!
//! With `lion_trading: jcsa`, rule 1 is the same and rule 2 is the Japan Chu Shogi Association's
//! (the "Okazaki rule"): after the counter-strike condition, a piece other than a lion may take
//! a lion only if that lion is not protected, on any square.
//!
//! Lions are the kinds with lion power in every direction (`lion: "K"`): the Lion and the
//! promoted Kirin. The Horned Falcon and Soaring Eagle have lion power but are not lions for
//! these rules.

use super::{LargeBoard, LargeTables};
use crate::rules::color::Color;
use crate::rules::moves::Move;
use crate::rules::piece::Piece;
use crate::rules::square::Square;
use crate::rules::variant::LionTrading;

/// Does `color` still have a royal piece?
pub(crate) fn has_royal(t: &LargeTables, b: &LargeBoard, color: Color) -> bool {
    b.squares
        .iter()
        .flatten()
        .any(|p| p.color == color && t.royal[p.kind.index()])
}

/// Every legal move of the side to move, in board order (top-left first): for each piece its
/// single moves (promotion first where it may promote), then its double moves. Whether the game
/// is over (a side without royal pieces) is not asked here, as lishogi's move lists do not.
pub(crate) fn legal_moves(t: &LargeTables, b: &LargeBoard) -> Vec<Move> {
    let mut out = Vec::with_capacity(128);
    let us = b.turn;
    for (i, p) in b.squares.iter().enumerate() {
        if let Some(p) = p.filter(|p| p.color == us) {
            piece_moves(t, b, Square::new(i as u8), p, &mut out);
        }
    }
    out
}

/// A lion (for the trading rules) of `color` on `sq`?
fn lion_of(t: &LargeTables, b: &LargeBoard, sq: Square, color: Color) -> bool {
    b.at(sq)
        .is_some_and(|p| p.color == color && t.is_lion[p.kind.index()])
}

/// Chebyshev distance between two squares.
fn distance(t: &LargeTables, a: Square, b: Square) -> u8 {
    let (ac, ar) = t.size.col_row(a);
    let (bc, br) = t.size.col_row(b);
    ac.abs_diff(bc).max(ar.abs_diff(br))
}

/// May a piece other than a lion, moving from `from` (and through `mid`), take the enemy lion
/// on `target` under the counter-strike rule?
fn counter_strike_allows(
    t: &LargeTables,
    b: &LargeBoard,
    target: Square,
    vacated: &[Square],
) -> bool {
    let Some(last) = b.lion_capture else {
        return true;
    };
    match t.lion_trading {
        LionTrading::Lishogi => target == last,
        LionTrading::Jcsa => !t.protected(b, target, !b.turn, vacated),
    }
}

fn piece_moves(t: &LargeTables, b: &LargeBoard, from: Square, piece: Piece, out: &mut Vec<Move>) {
    let us = piece.color;
    let them = !us;
    let occupied = |s: Square| b.at(s).is_some();
    let mut dests: Vec<Square> = Vec::with_capacity(32);
    t.attacks(piece, from, occupied, |to| {
        if b.at(to).is_none_or(|p| p.color != us) && !dests.contains(&to) {
            dests.push(to);
        }
    });
    let is_lion = t.is_lion[piece.kind.index()];
    dests.retain(|&to| {
        if !lion_of(t, b, to, them) {
            return true;
        }
        if is_lion {
            distance(t, from, to) <= 1 || !t.protected(b, to, them, &[from])
        } else {
            counter_strike_allows(t, b, to, &[from])
        }
    });
    for &to in &dests {
        let capture = b.at(to).is_some();
        if t.can_promote(piece, from, to, capture) {
            out.push(Move::Normal {
                from,
                to,
                promote: true,
            });
        }
        out.push(Move::Normal {
            from,
            to,
            promote: false,
        });
    }
    let Some(any_direction) = t.lion[piece.kind.index()] else {
        return;
    };
    let first = &t.lion_first[t.index(piece, from)];
    for &mid in dests.iter().filter(|m| first.contains(m)) {
        let seconds: Vec<Square> = if any_direction {
            t.neighbours[mid.index()].clone()
        } else {
            // On along the same line, or straight back.
            let (fc, fr) = t.size.col_row(from);
            let (mc, mr) = t.size.col_row(mid);
            let on = t
                .size
                .from_col_row(2 * mc as i32 - fc as i32, 2 * mr as i32 - fr as i32);
            on.into_iter().chain([from]).collect()
        };
        let mid_piece = b.at(mid);
        for to in seconds {
            if to != from && b.at(to).is_some_and(|p| p.color == us) {
                continue;
            }
            if lion_of(t, b, to, them) {
                let allowed = if is_lion {
                    let cheap = mid_piece.is_none_or(|p| t.low_value[p.kind.index()]);
                    distance(t, from, to) <= 1 || !cheap || !t.protected(b, to, them, &[from, mid])
                } else {
                    counter_strike_allows(t, b, to, &[from, mid])
                };
                if !allowed {
                    continue;
                }
            }
            out.push(Move::Lion { from, mid, to });
        }
    }
}

/// Plays a move without checking it (a move that does not fit the board does nothing).
pub(crate) fn play(t: &LargeTables, b: &mut LargeBoard, mv: Move) {
    let us = b.turn;
    let (from, to, mid, promote) = match mv {
        Move::Normal { from, to, promote } => (from, to, None, promote),
        Move::Lion { from, mid, to } => (from, to, Some(mid), false),
        Move::Drop { .. } => return,
    };
    let n = b.squares.len();
    if [Some(from), Some(to), mid]
        .iter()
        .flatten()
        .any(|s| s.index() >= n)
    {
        return;
    }
    let Some(mut piece) = b.squares[from.index()].take() else {
        return;
    };
    let mover_is_lion = t.is_lion[piece.kind.index()];
    if promote {
        if let Some(p) = t.promote[piece.kind.index()] {
            piece.kind = p;
        }
    }
    let captured = b.squares[to.index()].replace(piece);
    let mid_captured = mid.and_then(|m| b.squares[m.index()].take());
    b.lion_capture = None;
    if !mover_is_lion {
        if let (Some(m), Some(c)) = (mid, mid_captured) {
            if c.color != us && t.is_lion[c.kind.index()] {
                b.lion_capture = Some(m);
            }
        }
        if captured.is_some_and(|c| c.color != us && t.is_lion[c.kind.index()]) {
            b.lion_capture = Some(to);
        }
    }
    b.turn = !us;
    b.move_number += 1;
}

/// Leaf nodes `depth` plies deep, counting every legal move as lishogi's perft does (a finished
/// game is not cut off).
pub(crate) fn perft(t: &LargeTables, b: &LargeBoard, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(t, b);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut child = b.clone();
            play(t, &mut child, mv);
            perft(t, &child, depth - 1)
        })
        .sum()
}
