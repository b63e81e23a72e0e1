//! A set of squares as the bits of a `u128`: boards up to 9×9 (81 squares) fit in one word,
//! so every board-wide operation in move generation is a handful of integer instructions.

use super::square::Square;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u128);

/// One bit per square: a load instead of a 128-bit variable shift on the hot paths.
static SQUARE_BITS: [u128; 128] = {
    let mut bits = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        bits[i] = 1u128 << i;
        i += 1;
    }
    bits
};

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);

    #[inline]
    pub fn from_square(sq: Square) -> Bitboard {
        Bitboard(SQUARE_BITS[sq.index() & 127])
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn any(self) -> bool {
        self.0 != 0
    }

    #[inline]
    pub fn has(self, sq: Square) -> bool {
        self.0 & SQUARE_BITS[sq.index() & 127] != 0
    }

    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    pub fn set(&mut self, sq: Square) {
        self.0 |= SQUARE_BITS[sq.index() & 127];
    }

    #[inline]
    pub fn clear(&mut self, sq: Square) {
        self.0 &= !SQUARE_BITS[sq.index() & 127];
    }

    /// The lowest square, if any.
    pub fn first(self) -> Option<Square> {
        (self.0 != 0).then(|| Square::new(self.0.trailing_zeros() as u8))
    }

    /// The highest square, if any.
    pub fn last(self) -> Option<Square> {
        (self.0 != 0).then(|| Square::new(127 - self.0.leading_zeros() as u8))
    }

    /// More than one square.
    pub fn several(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    pub fn iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

pub struct BitboardIter(u128);

impl Iterator for BitboardIter {
    type Item = Square;
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square::new(sq))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitboardIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;
    fn into_iter(self) -> BitboardIter {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut bb = Bitboard::EMPTY;
        for sq in iter {
            bb.set(sq);
        }
        bb
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}
