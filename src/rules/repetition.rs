//! Repetition (千日手, sennichite): the same position — board, hands and side to move — for the
//! fourth time ends the game as a draw, unless one side gave check with every move since the
//! position first appeared: then that side loses (連続王手の千日手, perpetual check; seed 004).

use super::color::Color;
use super::piece::{Piece, BITBOARD_KINDS};
use super::position::Position;
use super::square::MAX_SQUARES;
use rustc_hash::FxHashMap;

/// What makes two positions the same for repetition: pieces, hands and side to move (the move
/// number is not part of it), packed into bytes so that hashing it is one pass over a slice.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PositionKey {
    /// One byte per square (0 empty, else kind + 1 with the colour in the top bit), then the
    /// hands, then the side to move.
    bytes: [u8; KEY_LEN],
}

const KEY_LEN: usize = MAX_SQUARES + 2 * BITBOARD_KINDS + 1;

impl PositionKey {
    fn turn(&self) -> Color {
        if self.bytes[KEY_LEN - 1] == 0 {
            Color::Black
        } else {
            Color::White
        }
    }
}

impl Position {
    /// The key under which repetitions of this position are counted.
    pub fn key(&self) -> PositionKey {
        let b = self.board();
        let mut bytes = [0u8; KEY_LEN];
        for (i, sq) in b.squares.iter().enumerate() {
            bytes[i] = sq.map_or(0, |p: Piece| (p.kind.0 + 1) | ((p.color as u8) << 7));
        }
        bytes[MAX_SQUARES..MAX_SQUARES + BITBOARD_KINDS].copy_from_slice(&b.hands[0]);
        bytes[MAX_SQUARES + BITBOARD_KINDS..KEY_LEN - 1].copy_from_slice(&b.hands[1]);
        bytes[KEY_LEN - 1] = b.turn as u8;
        PositionKey { bytes }
    }
}

/// How a fourfold repetition ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// Sennichite: a draw.
    Draw,
    /// Every move of `checker` since the position first appeared gave check: `checker` loses.
    PerpetualCheck { checker: Color },
}

/// The positions of a game so far, one per ply (the start is ply 0), with how often each
/// occurred and whether the side to move stood in check.
#[derive(Clone, Debug, Default)]
pub struct History {
    keys: Vec<PositionKey>,
    in_check: Vec<bool>,
    seen: FxHashMap<PositionKey, Vec<usize>>,
}

impl History {
    /// A history that starts at `start` (ply 0).
    pub fn new(start: &Position) -> History {
        let mut h = History::default();
        h.record(start);
        h
    }

    /// Adds the position reached by the next ply; returns the repetition it completes, if this
    /// is the fourth occurrence of the position.
    pub fn push(&mut self, pos: &Position) -> Option<Repetition> {
        let (ply, times) = self.record(pos);
        if times != 4 {
            return None;
        }
        let plies = &self.seen[&self.keys[ply]];
        let first = plies[0];
        // Position i (after ply i) is in check when the side that just moved gave check.
        let all_checks = |mover: Color| {
            let mut any = false;
            for i in first + 1..=ply {
                let moved = self.mover(i);
                if moved == mover {
                    any = true;
                    if !self.in_check[i] {
                        return false;
                    }
                }
            }
            any
        };
        Some(match Color::ALL.into_iter().find(|c| all_checks(*c)) {
            Some(checker) => Repetition::PerpetualCheck { checker },
            None => Repetition::Draw,
        })
    }

    /// How many times the position at `ply` had occurred up to and including that ply.
    pub fn occurrences(&self, ply: usize) -> usize {
        let Some(key) = self.keys.get(ply) else {
            return 0;
        };
        self.seen[key].iter().filter(|p| **p <= ply).count()
    }

    /// The most times any one position occurred.
    pub fn most_repeated(&self) -> usize {
        self.seen.values().map(Vec::len).max().unwrap_or(0)
    }

    /// The number of plies recorded after the start.
    pub fn plies(&self) -> usize {
        self.keys.len().saturating_sub(1)
    }

    fn mover(&self, ply: usize) -> Color {
        // The side to move at `ply` is recorded in its key; the mover is the other side.
        !self.keys[ply].turn()
    }

    /// Records the position at the next ply; returns the ply and how many times the position
    /// has now occurred.
    fn record(&mut self, pos: &Position) -> (usize, usize) {
        let ply = self.keys.len();
        let key = pos.key();
        let plies = self.seen.entry(key.clone()).or_default();
        plies.push(ply);
        let times = plies.len();
        self.keys.push(key);
        self.in_check.push(pos.is_check());
        (ply, times)
    }
}
