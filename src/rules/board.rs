//! The playable board state: a mailbox for lookups plus bitboards per colour and per kind for
//! move generation, and counts in hand. Plain `Copy`-free data that perft clones per node.

use super::bitboard::Bitboard;
use super::color::Color;
use super::moves::Move;
use super::piece::{KindId, Piece, BITBOARD_KINDS};
use super::square::{Square, MAX_SQUARES};
use super::tables::Tables;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    pub squares: [Option<Piece>; MAX_SQUARES],
    pub by_color: [Bitboard; 2],
    pub by_kind: [Bitboard; BITBOARD_KINDS],
    pub hands: [[u8; BITBOARD_KINDS]; 2],
    pub turn: Color,
    pub move_number: u32,
}

impl Board {
    pub fn empty() -> Board {
        Board {
            squares: [None; MAX_SQUARES],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; BITBOARD_KINDS],
            hands: [[0; BITBOARD_KINDS]; 2],
            turn: Color::Black,
            move_number: 1,
        }
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub fn pieces(&self, kind: KindId, color: Color) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    /// The royal pieces of `color`.
    #[inline]
    pub fn royals(&self, t: &Tables, color: Color) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for k in &t.royal_kinds {
            bb |= self.by_kind[k.index()];
        }
        bb & self.by_color[color.index()]
    }

    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.squares[sq.index()] = Some(piece);
        self.by_color[piece.color.index()].set(sq);
        self.by_kind[piece.kind.index()].set(sq);
    }

    #[inline]
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.squares[sq.index()].take()?;
        self.by_color[piece.color.index()].clear(sq);
        self.by_kind[piece.kind.index()].clear(sq);
        Some(piece)
    }

    /// Plays a move without checking it. The move must come from the move generator or have been
    /// checked against it; a move that does not fit the board is ignored rather than panicking.
    /// Returns what [`Board::unplay`] needs to take the move back.
    pub fn play(&mut self, t: &Tables, mv: Move) -> Undo {
        let us = self.turn;
        let mut undo = Undo::default();
        match mv {
            Move::Normal { from, to, promote } => {
                let Some(mut piece) = self.take(from) else {
                    return undo;
                };
                undo.moved = Some(piece);
                if let Some(captured) = self.take(to) {
                    undo.captured = Some(captured);
                    let base = t.base[captured.kind.index()];
                    if t.droppable[base.index()] {
                        self.hands[us.index()][base.index()] += 1;
                        undo.to_hand = Some(base);
                    }
                }
                if promote {
                    if let Some(p) = t.promote[piece.kind.index()] {
                        piece.kind = p;
                    }
                }
                self.put(to, piece);
            }
            // Lion moves are the large-board engine's: this board does not play them.
            Move::Lion { .. } => return undo,
            Move::Drop { kind, to } => {
                let count = &mut self.hands[us.index()][kind.index()];
                if *count == 0 {
                    return undo;
                }
                *count -= 1;
                self.put(to, Piece { kind, color: us });
                undo.moved = Some(Piece { kind, color: us });
            }
        }
        self.turn = !us;
        self.move_number += 1;
        undo
    }

    /// Takes back `mv`, which was the last move played and returned `undo`.
    pub fn unplay(&mut self, mv: Move, undo: Undo) {
        let Some(moved) = undo.moved else { return };
        self.turn = !self.turn;
        self.move_number -= 1;
        let us = self.turn;
        match mv {
            Move::Normal { from, to, .. } => {
                self.take(to);
                self.put(from, moved);
                if let Some(captured) = undo.captured {
                    self.put(to, captured);
                }
                if let Some(base) = undo.to_hand {
                    self.hands[us.index()][base.index()] -= 1;
                }
            }
            Move::Drop { kind, to } => {
                self.take(to);
                self.hands[us.index()][kind.index()] += 1;
            }
            Move::Lion { .. } => {}
        }
    }
}

/// What a move changed, to take it back.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Undo {
    /// The piece as it stood before the move (None: the move did nothing).
    moved: Option<Piece>,
    captured: Option<Piece>,
    /// The kind the capture added to the mover's hand.
    to_hand: Option<KindId>,
}
