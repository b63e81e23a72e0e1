//! The diagram of a game record after some moves, as books print it: the position, the move that
//! led to it marked, a `第1図 ▲2四歩まで` caption (`Figure 1: after 75. P-2d` in the western
//! style), and the sides labelled with the players' names (下手/上手 in a handicap game). The
//! `diagram` command, diagram files (`position: {record: game.kif, ply: 24}`) and game booklets
//! all draw records through here.

use super::model::{Diagram, LastMove, RecordCaption};
use crate::formats::notation::western;
use crate::formats::record::Record;
use crate::rules::Move;
use std::fmt;

/// A ply past the end of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyPastEnd {
    pub ply: usize,
    /// How many moves the main line has.
    pub moves: usize,
}

impl fmt::Display for PlyPastEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {}: the game has {} moves (0 is the start)",
            self.ply, self.moves
        )
    }
}

impl std::error::Error for PlyPastEnd {}

/// The diagram after `ply` main-line moves of `record` (`None`: the final position), captioned
/// as figure `figure`. The caption is the record's (`第1図 ▲2四歩まで`, drawn as
/// `Figure 1: after 75. P-2d` if the diagram is western; none at the start), the players the
/// record's names, the last move marked.
pub fn from_record(
    record: &Record,
    ply: Option<usize>,
    figure: u32,
) -> Result<Diagram, PlyPastEnd> {
    let moves = record.moves.len();
    let ply = ply.unwrap_or(moves);
    if ply > moves {
        return Err(PlyPastEnd { ply, moves });
    }
    let pos = record.position_at(ply);
    let mut diagram = Diagram::new(record.variant().clone(), pos.to_setup());
    diagram.players = record.players.clone();
    diagram.options.handicap = record.handicap.is_some();
    diagram.caption = record.caption(ply, figure);
    diagram.record_caption = diagram.caption.clone().and_then(|japanese| {
        Some(RecordCaption {
            japanese,
            western: western_caption(record, ply, figure)?,
        })
    });
    diagram.annotations.last_move = ply.checked_sub(1).map(|i| last_move(record.moves[i].mv));
    Ok(diagram)
}

/// The number the record gives the move that reaches `ply` (0: the start): the ply itself in a
/// game from its first move, and on from the start's number in one that starts later (a board
/// copied at move 25 and its moves numbered from 26).
pub fn move_number(record: &Record, ply: usize) -> usize {
    let first = usize::try_from(record.start.move_number()).unwrap_or(usize::MAX);
    first.saturating_sub(1).saturating_add(ply)
}

/// `Figure 1: after 150. G-7b`: the move that reached `ply`, numbered as the record numbers it,
/// in western (Hodges) notation. `None` at the start.
fn western_caption(record: &Record, ply: usize, figure: u32) -> Option<String> {
    let m = record.moves.get(ply.checked_sub(1)?)?;
    let before = record.position_at(ply - 1);
    let text = western::write(&before, m.mv);
    Some(format!(
        "Figure {figure}: after {}. {text}",
        move_number(record, ply)
    ))
}

/// The squares a move marks: where it came from (none for a drop) and where it went.
pub fn last_move(mv: Move) -> LastMove {
    LastMove {
        from: match mv {
            Move::Normal { from, .. } | Move::Lion { from, .. } => Some(from),
            Move::Drop { .. } => None,
        },
        to: mv.to(),
    }
}
