//! Pieces in hand as a small fixed array, compared piece by piece for hand superiority: a
//! position proven with some hand is proven with any hand holding at least as much of every
//! kind, and one disproven with some hand is disproven with any hand holding at most as much.

use crate::rules::{Color, KindId, Position};

/// The most kinds a hand may hold that the solver tracks (standard shogi has seven).
pub const MAX_HAND_KINDS: usize = 12;

/// Counts per hand kind, in the order of the variant's `hand_kinds`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand(pub [u8; MAX_HAND_KINDS]);

impl Hand {
    /// `color`'s hand in `pos`.
    pub fn of(pos: &Position, color: Color) -> Hand {
        let mut h = Hand::default();
        for (i, k) in pos
            .variant()
            .hand_kinds()
            .iter()
            .enumerate()
            .take(MAX_HAND_KINDS)
        {
            h.0[i] = pos.in_hand(color, *k).min(u8::MAX as u32) as u8;
        }
        h
    }

    /// Holds at least as many of every kind as `other`.
    pub fn covers(&self, other: &Hand) -> bool {
        // Every kind compared, no early exit: the compiler makes it one vector comparison.
        self.0
            .iter()
            .zip(other.0.iter())
            .fold(true, |all, (a, b)| all & (a >= b))
    }

    pub fn total(&self) -> u32 {
        self.0.iter().map(|n| *n as u32).sum()
    }

    pub fn max(&self, other: &Hand) -> Hand {
        let mut h = *self;
        for (a, b) in h.0.iter_mut().zip(other.0.iter()) {
            *a = (*a).max(*b);
        }
        h
    }

    pub fn min(&self, other: &Hand) -> Hand {
        let mut h = *self;
        for (a, b) in h.0.iter_mut().zip(other.0.iter()) {
            *a = (*a).min(*b);
        }
        h
    }

    pub fn add(&mut self, slot: usize) {
        self.0[slot] = self.0[slot].saturating_add(1);
    }

    pub fn remove(&mut self, slot: usize) {
        self.0[slot] = self.0[slot].saturating_sub(1);
    }
}

/// The hand slot of `kind` in `pos`'s variant (its index in `hand_kinds`), if it has one.
pub fn slot(pos: &Position, kind: KindId) -> Option<usize> {
    pos.variant()
        .hand_kinds()
        .iter()
        .position(|k| *k == kind)
        .filter(|i| *i < MAX_HAND_KINDS)
}
