//! Piece kinds as loaded from data, and pieces on the board.

use super::color::Color;
use super::movement::Movement;

/// Index of a piece kind in its [`PieceCatalog`](super::catalog::PieceCatalog).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KindId(pub u8);

impl KindId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The most piece kinds one catalog may hold (chu shogi's has 39).
pub const MAX_KINDS: usize = 64;

/// The most kinds the bitboard engine (boards up to 9×9) plays with: its boards keep a bitboard
/// and a hand count per kind in fixed arrays, copied at every node of a search.
pub const BITBOARD_KINDS: usize = 32;

/// A piece of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub kind: KindId,
    pub color: Color,
}

/// Special rules a kind carries with it (pawn rules in standard shogi).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KindRules {
    /// Two unpromoted pieces of this kind of one side may not stand on one file (nifu).
    pub one_per_file: bool,
    /// Dropping this kind may not give immediate checkmate (uchifuzume).
    pub no_drop_mate: bool,
    /// May promote on reaching the last rank even when it could not otherwise (chu shogi's pawn
    /// and lance, under `promotion: enter-or-capture`).
    pub second_chance: bool,
    /// Of too little worth to cover a lion trade: a lion that takes it on its first step may not
    /// go on to take a protected lion (chu shogi's pawn and go-between).
    pub low_value: bool,
}

/// Everything known about one kind of piece.
#[derive(Clone, Debug)]
pub struct PieceKind {
    pub id: String,
    /// The SFEN letter of the unpromoted form (uppercase).
    pub letter: char,
    /// True for the promoted form written `+X`.
    pub promoted: bool,
    pub kanji: String,
    pub abbr: String,
    pub black_kanji: Option<String>,
    pub black_abbr: Option<String>,
    pub reading: String,
    pub english: String,
    pub movement: Movement,
    pub promotes_to: Option<KindId>,
    /// For a promoted kind, the kind it came from (and returns to when captured).
    pub demotes_to: Option<KindId>,
    pub value: Option<u32>,
    pub rules: KindRules,
    /// Printed size (base, height) in millimetres, for the print kit; `None` for promoted kinds
    /// and for pieces defined without one.
    pub size_mm: Option<(f64, f64)>,
    /// Where the kind was defined, `FILE:LINE:COLUMN` of its `id` (`templates/pieces.yaml:12:9`
    /// or a user's `--pieces` file), for messages about its data: a name the fonts cannot draw.
    pub source: String,
}

impl PieceKind {
    /// SFEN symbol for Black's piece, e.g. `P` or `+P`.
    pub fn sfen(&self) -> String {
        if self.promoted {
            format!("+{}", self.letter)
        } else {
            self.letter.to_string()
        }
    }

    /// SFEN symbol for a piece of `color`.
    pub fn sfen_for(&self, color: Color) -> String {
        let letter = match color {
            Color::Black => self.letter,
            Color::White => self.letter.to_ascii_lowercase(),
        };
        if self.promoted {
            format!("+{letter}")
        } else {
            letter.to_string()
        }
    }

    /// Two-character name as written on a piece of `color` (玉将 for Black's king).
    pub fn kanji_for(&self, color: Color) -> &str {
        match (color, &self.black_kanji) {
            (Color::Black, Some(k)) => k,
            _ => &self.kanji,
        }
    }

    /// One-character abbreviation as used in diagrams for `color` (玉 for Black's king).
    pub fn abbr_for(&self, color: Color) -> &str {
        match (color, &self.black_abbr) {
            (Color::Black, Some(k)) => k,
            _ => &self.abbr,
        }
    }
}
