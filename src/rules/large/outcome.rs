//! How a game of the large-board engine ends, as lishogi decides it for chu shogi: the side to
//! move has lost its royal pieces, or has no legal move (stalemate loses), a side is left with a
//! bare royal piece, or only the two royal pieces are left (a draw).

use super::movegen::{has_royal, legal_moves};
use super::{LargeBoard, LargeTables};
use crate::rules::color::Color;
use crate::rules::square::Square;

/// The end of a game, and who won it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The loser has neither king nor crown prince.
    RoyalsLost { winner: Color },
    /// The side to move has no legal move: it loses.
    Stalemate { winner: Color },
    /// The loser has nothing but its royal piece (pawns and lances on the last rank not
    /// counted) while the winner keeps more than a royal piece and a pawn or go-between, and
    /// the bare royal cannot take the winner's last piece back at once.
    BareKing { winner: Color },
    /// Only the two royal pieces are left (pawns and lances on the last rank aside), neither
    /// attacked.
    Draw,
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::RoyalsLost { winner }
            | Outcome::Stalemate { winner }
            | Outcome::BareKing { winner } => Some(winner),
            Outcome::Draw => None,
        }
    }
}

pub(crate) fn outcome(t: &LargeTables, b: &LargeBoard) -> Option<Outcome> {
    let us = b.turn;
    if !has_royal(t, b, us) {
        return Some(Outcome::RoyalsLost { winner: !us });
    }
    if legal_moves(t, b).is_empty() {
        return Some(Outcome::Stalemate { winner: !us });
    }
    for color in Color::ALL {
        if bare(t, b, color) {
            return Some(Outcome::BareKing { winner: !color });
        }
    }
    let counted = pieces(b, |s, p| !stuck(t, s, p));
    let royal_alone = |c: Color| royals(t, b, c).len() == 1;
    if counted.len() == 2
        && Color::ALL
            .iter()
            .all(|&c| royal_alone(c) && !attacked(t, b, c))
    {
        return Some(Outcome::Draw);
    }
    None
}

/// Every piece on the board with its square, filtered.
fn pieces(
    b: &LargeBoard,
    keep: impl Fn(Square, crate::rules::Piece) -> bool,
) -> Vec<(Square, crate::rules::Piece)> {
    b.squares
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.map(|p| (Square::new(i as u8), p)))
        .filter(|&(s, p)| keep(s, p))
        .collect()
}

/// A one-way piece (pawn, lance: the `second-chance` kinds) on its last rank, which counts for
/// nothing.
fn stuck(t: &LargeTables, sq: Square, p: crate::rules::Piece) -> bool {
    t.second_chance[p.kind.index()] && t.last_rank[p.color.index()][sq.index()]
}

fn royals(t: &LargeTables, b: &LargeBoard, color: Color) -> Vec<Square> {
    pieces(b, |_, p| p.color == color && t.royal[p.kind.index()])
        .into_iter()
        .map(|(s, _)| s)
        .collect()
}

/// Is a royal piece of `color` attacked?
fn attacked(t: &LargeTables, b: &LargeBoard, color: Color) -> bool {
    royals(t, b, color)
        .into_iter()
        .any(|s| t.protected(b, s, !color, &[]))
}

/// Has `color` been left with a bare royal piece?
fn bare(t: &LargeTables, b: &LargeBoard, color: Color) -> bool {
    let them = !color;
    let ours = pieces(b, |s, p| p.color == color && !stuck(t, s, p));
    let theirs = pieces(b, |s, p| {
        p.color == them && !t.low_value[p.kind.index()] && !stuck(t, s, p)
    });
    let (our_royal, their_royal) = (royals(t, b, color), royals(t, b, them));
    if ours.len() != 1 || our_royal.len() != 1 || theirs.len() <= 1 || their_royal.len() != 1 {
        return false;
    }
    if attacked(t, b, them) {
        return false;
    }
    theirs.len() > 2
        || !theirs
            .iter()
            .any(|&(s, _)| t.neighbours[our_royal[0].index()].contains(&s))
}
