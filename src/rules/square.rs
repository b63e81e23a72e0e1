//! Squares and board geometry.
//!
//! A square is an index `row * files + col`, where row 0 is rank `a` (White's back rank, the top of
//! a diagram) and col 0 is the leftmost file as Black sees the board, i.e. file `files`. This is the
//! order in which SFEN lists the board, so parsing and writing SFEN walk the indices in order.
//! Files are numbered from Black's right (file 1) to left; ranks are lettered from the top.

use std::fmt;

/// The largest board this crate reads and plays: 16×16 (a square index still fits a `u8`). USI
/// names files 10 and up with two digits (`12a`), as lishogi writes chu shogi.
pub const MAX_FILES: u8 = 16;
pub const MAX_RANKS: u8 = 16;

/// The squares of the largest board the bitboard engine plays (9×9, in a `u128`): its boards
/// keep one slot per square in fixed arrays. Larger boards are played by `rules::large`.
pub const MAX_SQUARES: usize = 81;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const fn new(index: u8) -> Square {
        Square(index)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The dimensions of a board, which turn square indices into file/rank coordinates and back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    pub files: u8,
    pub ranks: u8,
}

impl BoardSize {
    pub const STANDARD: BoardSize = BoardSize { files: 9, ranks: 9 };

    pub fn len(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// A board over 9×9 (chu shogi's 12×12): played by `rules::large`, and its SFEN's third
    /// field is the counter-strike square rather than the hands.
    pub fn is_large(self) -> bool {
        self.files > 9 || self.ranks > 9
    }

    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.len()).map(|i| Square::new(i as u8))
    }

    /// Column from the left (0-based) and row from the top (0-based).
    pub fn col_row(self, sq: Square) -> (u8, u8) {
        (sq.0 % self.files, sq.0 / self.files)
    }

    pub fn from_col_row(self, col: i32, row: i32) -> Option<Square> {
        (0..self.files as i32).contains(&col).then_some(())?;
        (0..self.ranks as i32).contains(&row).then_some(())?;
        Some(Square((row * self.files as i32 + col) as u8))
    }

    /// The squares after `from` on the rank, file or diagonal from it through `toward`, nearest
    /// first, to the edge of the board (past `toward`); none if the two share no such line.
    pub fn line_from(self, from: Square, toward: Square) -> impl Iterator<Item = Square> {
        let (fc, fr) = self.col_row(from);
        let (tc, tr) = self.col_row(toward);
        let (dc, dr) = (tc as i32 - fc as i32, tr as i32 - fr as i32);
        let aligned = (dc, dr) != (0, 0) && (dc == 0 || dr == 0 || dc.abs() == dr.abs());
        let (sc, sr) = (dc.signum(), dr.signum());
        (1..)
            .take_while(move |_| aligned)
            .map_while(move |i| self.from_col_row(fc as i32 + sc * i, fr as i32 + sr * i))
    }

    /// File number as written in notation: 1 is Black's rightmost file.
    pub fn file(self, sq: Square) -> u8 {
        self.files - self.col_row(sq).0
    }

    /// Rank number as written in notation: 1 is the top rank (`a` in USI).
    pub fn rank(self, sq: Square) -> u8 {
        self.col_row(sq).1 + 1
    }

    pub fn from_file_rank(self, file: u8, rank: u8) -> Option<Square> {
        if file == 0 || rank == 0 || file > self.files || rank > self.ranks {
            return None;
        }
        self.from_col_row((self.files - file) as i32, (rank - 1) as i32)
    }

    /// How many ranks `sq` is from the far side for `color` (0 = the last rank ahead of it).
    pub fn distance_to_far_rank(self, sq: Square, color: super::Color) -> u8 {
        let row = self.col_row(sq).1;
        match color {
            super::Color::Black => row,
            super::Color::White => self.ranks - 1 - row,
        }
    }

    /// USI square name such as `7g`, which the rules' own messages use. Text formats write and
    /// read squares through `formats::notation`, whose USI writer is this.
    pub fn usi(self, sq: Square) -> UsiSquare {
        UsiSquare(self.file(sq), self.rank(sq))
    }
}

/// Displays a square the USI way.
pub struct UsiSquare(u8, u8);

impl fmt::Display for UsiSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.0, (b'a' + self.1 - 1) as char)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// From 5e (col 4, row 4) toward 5c: 5d, 5c, 5b, 5a; toward 3c (a diagonal): 4d, 3c, 2b,
    /// 1a; toward 4c (a knight's step away): nothing, nor toward itself.
    #[test]
    fn a_line_runs_from_a_square_through_another_to_the_edge() {
        let b = BoardSize::STANDARD;
        let at = |c: i32, r: i32| b.from_col_row(c, r).expect("on the board");
        let line = |to: Square| b.line_from(at(4, 4), to).collect::<Vec<_>>();
        assert_eq!(line(at(4, 2)), vec![at(4, 3), at(4, 2), at(4, 1), at(4, 0)]);
        assert_eq!(line(at(6, 2)), vec![at(5, 3), at(6, 2), at(7, 1), at(8, 0)]);
        assert!(line(at(5, 2)).is_empty());
        assert!(line(at(4, 4)).is_empty());
    }
}
