//! One ply of checks after a move: does the side that did not play it have a check that mates
//! at once? The question a mating search asks of every defence it looks at two plies from the
//! end, decided on one copy of the board: the move and each check that could mate
//! (`checks_that_may_mate`) are played on it and taken back, no position is copied per check.

use super::board::Board;
use super::checks::checks_that_may_mate;
use super::moves::Move;
use super::replies::{check_replies, CheckReplies};
use super::tables::Tables;

/// What one ply of checks settles after a move (see
/// [`Position::one_ply_after`](super::Position::one_ply_after)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnePly {
    /// This check leaves the opponent no legal move.
    Mate(Move),
    /// Every check leaves the opponent a move other than an interposition, or there is none.
    NoMate,
    /// Neither is known: some check leaves only interpositions, which a search must look at
    /// (or, when no mate was wanted, some check leaves no move other than an interposition:
    /// perhaps none at all).
    Unclear,
}

/// The checks after `mv` (a legal move of the side to move) and how each is answered. With
/// `want_mate` false only whether there is surely no mate is asked, and the first check
/// answered by no move other than an interposition (perhaps by none) ends the test
/// (`Unclear`).
pub(crate) fn one_ply_after(t: &Tables, b: &Board, mv: Move, want_mate: bool) -> OnePly {
    let mut board = b.clone();
    board.play(t, mv);
    let mut unclear = false;
    for check in checks_that_may_mate(t, &board) {
        let undo = board.play(t, check);
        let replies = check_replies(t, &board);
        board.unplay(check, undo);
        match replies {
            CheckReplies::Other => {}
            CheckReplies::None if want_mate => return OnePly::Mate(check),
            _ if want_mate => unclear = true,
            _ => return OnePly::Unclear,
        }
    }
    if unclear {
        OnePly::Unclear
    } else {
        OnePly::NoMate
    }
}
