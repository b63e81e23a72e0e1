//! Hash keys of positions. The table key covers the board, the side to move and, per kind, how
//! many pieces are in the two hands together: two positions with one key differ only in how
//! those pieces are split between attacker and defender, which is what hand superiority
//! compares. The full key adds the attacker's hand, for repetition on the current path.

use super::hand::Hand;
use crate::rules::square::MAX_SQUARES;
use crate::rules::{Color, Piece, Position};
use std::sync::OnceLock;

const PIECE_CODES: usize = 64;

struct Zobrist {
    board: Vec<u64>,
    hand_total: Vec<u64>,
    attacker_hand: Vec<u64>,
    white_to_move: u64,
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn zobrist() -> &'static Zobrist {
    static Z: OnceLock<Zobrist> = OnceLock::new();
    Z.get_or_init(|| {
        // A fixed seed: keys, and so search order and node counts, are the same on every run.
        let mut s = 0x5348_4f47_4950_5254u64;
        let mut many = |n: usize| (0..n).map(|_| splitmix(&mut s)).collect::<Vec<_>>();
        Zobrist {
            board: many(MAX_SQUARES * PIECE_CODES),
            hand_total: many(super::hand::MAX_HAND_KINDS * 64),
            attacker_hand: many(super::hand::MAX_HAND_KINDS * 64),
            white_to_move: many(1)[0],
        }
    })
}

/// The key term of `piece` on `sq`.
#[inline]
pub fn piece_term(sq: usize, p: Piece) -> u64 {
    let code = (p.kind.index() * 2 + p.color.index()) % PIECE_CODES;
    zobrist().board[sq * PIECE_CODES + code]
}

/// The key term of the side to move being White.
#[inline]
pub fn white_term() -> u64 {
    zobrist().white_to_move
}

/// The key term of `total` pieces of hand slot `slot` in the two hands together.
#[inline]
pub fn total_term(slot: usize, total: usize) -> u64 {
    zobrist().hand_total[slot * 64 + total.min(63)]
}

/// The table key of `pos` (see the module comment).
pub fn table_key(pos: &Position, attacker: &Hand, defender: &Hand) -> u64 {
    let z = zobrist();
    let mut key = 0u64;
    for sq in pos.variant().size.squares() {
        if let Some(p) = pos.piece_at(sq) {
            key ^= piece_term(sq.index(), p);
        }
    }
    if pos.turn() == Color::White {
        key ^= z.white_to_move;
    }
    for (i, (a, d)) in attacker.0.iter().zip(defender.0.iter()).enumerate() {
        let total = (*a as usize + *d as usize).min(63);
        key ^= z.hand_total[i * 64 + total];
    }
    key
}

/// The key of the whole position: the table key and the attacker's hand.
pub fn full_key(table_key: u64, attacker: &Hand) -> u64 {
    let mut key = table_key;
    for (i, n) in attacker.0.iter().enumerate() {
        key ^= attacker_term(i, *n);
    }
    key
}

/// The full key's term of `n` pieces of hand slot `slot` in the attacker's hand: a full key
/// follows a change of that count by the terms of the count before and after.
#[inline]
pub fn attacker_term(slot: usize, n: u8) -> u64 {
    zobrist().attacker_hand[slot * 64 + (n as usize).min(63)]
}
