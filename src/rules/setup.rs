//! A position as plain data, before validation: what a parser read, whether or not it is legal.

use super::color::Color;
use super::piece::{KindId, Piece};
use super::square::{BoardSize, Square};
use std::collections::BTreeMap;

/// Pieces in hand by kind. Kinds are catalog ids, so a parser can record a promoted piece or a
/// king in hand and leave it to validation to name the problem.
pub type Hand = BTreeMap<KindId, u32>;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub size: BoardSize,
    /// Row-major from the top-left square as Black sees the board (SFEN order).
    pub board: Vec<Option<Piece>>,
    pub hands: [Hand; 2],
    pub turn: Color,
    pub move_number: u32,
    /// Chu shogi's counter-strike square: where a lion was just taken by a piece other than a
    /// lion, so that the side to move may take a lion only there (lishogi writes it as the
    /// SFEN's third field). `None` everywhere else.
    pub lion_capture: Option<Square>,
}

impl Setup {
    pub fn empty(size: BoardSize) -> Setup {
        Setup {
            size,
            board: vec![None; size.len()],
            hands: [Hand::new(), Hand::new()],
            turn: Color::Black,
            move_number: 1,
            lion_capture: None,
        }
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.get(sq.index()).copied().flatten()
    }

    /// Every occupied square with its piece.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.board
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (Square::new(i as u8), p)))
    }

    pub fn hand(&self, color: Color) -> &Hand {
        &self.hands[color.index()]
    }
}
