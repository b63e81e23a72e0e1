//! A slow reference move generator written from the rules alone, for every variant (and for
//! pieces the crate has never seen): it walks each piece's motions square by square, and decides
//! check by asking whether any enemy piece reaches the king, with none of the crate's tables.
//! Shared by `tests/moves.rs` and the `betza` fuzz target.
#![allow(dead_code)]

use shogiprint::rules::{Color, KindId, MotionKind, Move, Piece, Position, Square, Variant};

fn forward(color: Color, dx: i8, dy: i8) -> (i32, i32) {
    match color {
        Color::Black => (dx as i32, -(dy as i32)),
        Color::White => (-(dx as i32), dy as i32),
    }
}

/// Squares a piece on `from` reaches (empty or enemy-occupied, or own for attacks), given
/// the board `at`.
fn reach(
    v: &Variant,
    at: &dyn Fn(Square) -> Option<Piece>,
    piece: Piece,
    from: Square,
) -> Vec<Square> {
    let size = v.size;
    let (c0, r0) = size.col_row(from);
    let mut out = Vec::new();
    for m in &v.catalog.get(piece.kind).movement.motions {
        let (dc, dr) = forward(piece.color, m.dx, m.dy);
        let limit = match m.kind {
            MotionKind::Step | MotionKind::Jump => 1,
            MotionKind::Slide { max } => max.map_or(u32::MAX, u32::from),
        };
        let (mut c, mut r) = (c0 as i32, r0 as i32);
        let mut n = 0;
        while n < limit {
            c += dc;
            r += dr;
            n += 1;
            let Some(to) = size.from_col_row(c, r) else {
                break;
            };
            out.push(to);
            if at(to).is_some() {
                break;
            }
        }
    }
    out
}

fn board_of(p: &Position) -> impl Fn(Square) -> Option<Piece> + '_ {
    move |s| p.piece_at(s)
}

/// Could a piece of this kind and colour never move again from `sq` (on an empty board)?
fn dead(v: &Variant, kind: KindId, color: Color, sq: Square) -> bool {
    reach(v, &|_| None, Piece { kind, color }, sq).is_empty()
}

fn in_zone(v: &Variant, color: Color, sq: Square) -> bool {
    v.size.distance_to_far_rank(sq, color) < v.promotion_zone
}

fn royals(p: &Position, color: Color) -> Vec<Square> {
    let v = p.variant();
    v.size
        .squares()
        .filter(|s| {
            p.piece_at(*s)
                .is_some_and(|pc| pc.color == color && v.is_royal(pc.kind))
        })
        .collect()
}

fn attacked(p: &Position, sq: Square, by: Color) -> bool {
    let v = p.variant();
    let at = board_of(p);
    v.size.squares().any(|from| {
        at(from).is_some_and(|pc| pc.color == by && reach(v, &at, pc, from).contains(&sq))
    })
}

/// With exactly one royal piece, `color` must not leave it attacked.
pub fn in_check(p: &Position, color: Color) -> bool {
    match royals(p, color)[..] {
        [k] => attacked(p, k, !color),
        _ => false,
    }
}

pub fn legal_moves(p: &Position, drop_mate_rule: bool) -> Vec<Move> {
    let v = p.variant();
    let us = p.turn();
    let at = board_of(p);
    let mut candidates = Vec::new();
    for from in v.size.squares() {
        let Some(pc) = at(from).filter(|pc| pc.color == us) else {
            continue;
        };
        let kind = v.catalog.get(pc.kind);
        for to in reach(v, &at, pc, from) {
            if at(to).is_some_and(|t| t.color == us) {
                continue;
            }
            let may_promote =
                kind.promotes_to.is_some() && (in_zone(v, us, from) || in_zone(v, us, to));
            if !dead(v, pc.kind, us, to) {
                candidates.push(Move::Normal {
                    from,
                    to,
                    promote: false,
                });
            }
            if may_promote {
                candidates.push(Move::Normal {
                    from,
                    to,
                    promote: true,
                });
            }
        }
    }
    for &k in v.hand_kinds() {
        if p.in_hand(us, k) == 0 {
            continue;
        }
        let rules = v.catalog.get(k).rules;
        for to in v.size.squares() {
            if at(to).is_some() || dead(v, k, us, to) {
                continue;
            }
            if rules.one_per_file {
                let file = v.size.file(to);
                let twin = v
                    .size
                    .squares()
                    .any(|s| v.size.file(s) == file && at(s) == Some(Piece { kind: k, color: us }));
                if twin {
                    continue;
                }
            }
            candidates.push(Move::Drop { kind: k, to });
        }
    }
    candidates
        .into_iter()
        .filter(|m| {
            let mut after = p.clone();
            after.play_unchecked(*m);
            if in_check(&after, us) {
                return false;
            }
            if let (true, Move::Drop { kind, .. }) = (drop_mate_rule, m) {
                if v.catalog.get(*kind).rules.no_drop_mate
                    && royals(&after, !us).len() == 1
                    && in_check(&after, !us)
                    && legal_moves(&after, false).is_empty()
                {
                    return false;
                }
            }
            true
        })
        .collect()
}
