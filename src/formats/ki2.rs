//! KI2 game records: KIF's header, board, comments, bookmarks and variations, with moves written
//! without source squares (`▲７六歩    △３四歩`), several to a line. Each move is resolved
//! against the legal moves with the Japanese move notation (右/左/上/引/寄/直, 打); a move that
//! fits none or several is an error. The `まで…` line gives the end, and its count must be
//! the number of moves read (a KI2 numbers no move: a line of moves lost shows only there).

use super::kif::{self, END_WORDS};
use super::notation::japanese::{self, Style};
use super::record::{Builder, EndKind, Record, RecordError, RecordMove};
use crate::rules::{Color, Move, Position, Variant};
use std::fmt::Write as _;
use std::sync::Arc;

const MARKS: [char; 4] = ['▲', '△', '☗', '☖'];

/// Reads a KI2 record.
pub fn read(text: &str, variant: &Arc<Variant>) -> Result<Record, RecordError> {
    kif::read_with(text, variant, |t| t.starts_with(MARKS), move_line)
}

/// A line of moves (`▲７六歩    △同　歩`) or the summary line (`まで64手で後手の勝ち`).
fn move_line(b: &mut Builder, n: usize, t: &str) -> Result<(), RecordError> {
    if let Some(rest) = t.strip_prefix("まで") {
        check_count(b, n, t, summary_count(rest), false)?;
        end_line(b, n, rest);
        return Ok(());
    }
    // Moves start with a mark; `同　歩` holds a space, so pieces without a mark join the move,
    // and a mark starts a move even without a space before it (`▲７六歩△３四歩`, as books and
    // the JSA's pages run moves together).
    let mut moves: Vec<String> = Vec::new();
    for word in t.split_whitespace() {
        let mut rest = word;
        while !rest.is_empty() {
            let end = rest
                .char_indices()
                .skip(1)
                .find(|(_, c)| MARKS.contains(c))
                .map_or(rest.len(), |(i, _)| i);
            let (part, tail) = rest.split_at(end);
            match moves.last_mut() {
                Some(last) if !part.starts_with(MARKS) => last.push_str(part),
                _ => moves.push(part.to_string()),
            }
            rest = tail;
        }
    }
    b.unnumbered_moves_follow_board();
    for text in moves {
        if !text.starts_with(MARKS) {
            return Err(RecordError::new(n, &text, "expected a move like ▲７六歩"));
        }
        let previous = b.last_move().map(|m| m.to());
        let mv = japanese::parse(b.position(), &text, previous)
            .map_err(|e| RecordError::new(n, &text, e.to_string()))?;
        b.play(n, &text, mv)?;
    }
    Ok(())
}

/// The number of moves a summary counts (`64手で後手の勝ち` after まで, `、64手で…`), if it
/// gives one.
pub(crate) fn summary_count(rest: &str) -> Option<usize> {
    rest.trim_start_matches('、')
        .split_once('手')
        .and_then(|(count, _)| count.trim().parse().ok())
}

/// Checks the count of the summary `t` at line `n` against the moves read on its line: a KI2
/// numbers no move, so its summary is the one count of them, and one that differs means a line
/// of moves was lost or added. Kifu for Windows counts the moves, not the end (`116 投了`, then
/// `まで115手で先手の勝ち`); with `end_counted` (a KIF line that ended with its numbered end
/// move) a summary that counts that line too agrees as well, the end's number having shown
/// that no move is missing.
pub(crate) fn check_count(
    b: &Builder,
    n: usize,
    t: &str,
    stated: Option<usize>,
    end_counted: bool,
) -> Result<(), RecordError> {
    let read = b.ply();
    // A summary under a copied board may count the moves before it too (`手数＝12`).
    let agrees = |s: usize| s == read || s == read + b.moves_before();
    let counts_end = |s: usize| end_counted && s.checked_sub(1).is_some_and(agrees);
    match stated {
        Some(s) if !(agrees(s) || counts_end(s)) => {
            let moves = |k: usize| if k == 1 { "move" } else { "moves" };
            let lost = if s > read {
                " (a line of moves lost?)"
            } else {
                ""
            };
            Err(RecordError::new(
                n,
                t,
                format!(
                    "the summary counts {s} {}, but {read} {} read{lost}",
                    moves(s),
                    if read == 1 { "was" } else { "were" }
                ),
            ))
        }
        _ => Ok(()),
    }
}

/// `181手で先手の勝ち`, `49手で千日手`, `87手で時間切れにより後手の勝ち`, `80手で後手の反則勝ち`,
/// `120手で先手の入玉勝ち` (the side named is the winner, or with 反則負け the loser).
pub(crate) fn end_line(b: &mut Builder, n: usize, rest: &str) {
    // Without its spaces: some writers set the result apart (`まで64手で　後手の勝ち`).
    let what: String = rest
        .split_once("手で")
        .map_or(rest, |(_, w)| w)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let what = what.as_str();
    let to_move = b.position().turn();
    // The end as the side to move's win or loss.
    let win_for = |winner: Color, win: EndKind, loss: EndKind| {
        if winner == to_move {
            win
        } else {
            loss
        }
    };
    let kind = if let Some((_, k)) = END_WORDS.iter().find(|(w, _)| *w == what) {
        k.clone()
    } else if what.contains("切れ") {
        EndKind::TimeUp
    } else if let Some(side) = what.strip_suffix("反則勝ち") {
        match side_named(side) {
            Some(winner) => win_for(winner, EndKind::IllegalWin, EndKind::IllegalLoss),
            None => EndKind::IllegalWin,
        }
    } else if let Some(side) = what.strip_suffix("反則負け") {
        match side_named(side) {
            Some(loser) => win_for(!loser, EndKind::IllegalWin, EndKind::IllegalLoss),
            None => EndKind::IllegalLoss,
        }
    } else if what.contains("反則") {
        EndKind::IllegalLoss
    } else if what.ends_with("入玉勝ち") {
        EndKind::Declaration
    } else if let Some(side) = what.strip_suffix("の勝ち") {
        let winner = side_named(side).unwrap_or(Color::White);
        win_for(winner, EndKind::IllegalWin, EndKind::Resign)
    } else {
        EndKind::Other(what.to_string())
    };
    if !b.ended() {
        b.end_as(n, &format!("まで{rest}"), kind);
    }
}

/// The side a summary names at its end (`先手`, `下手の`; `後手`, `上手の`).
fn side_named(text: &str) -> Option<Color> {
    let text = text.strip_suffix('の').unwrap_or(text);
    if text.ends_with("先手") || text.ends_with("下手") {
        Some(Color::Black)
    } else if text.ends_with("後手") || text.ends_with("上手") {
        Some(Color::White)
    } else {
        None
    }
}

/// Writes a record as KI2 (UTF-8), variations included.
pub fn write(record: &Record) -> String {
    let mut out = String::new();
    let handicap = kif::write_header(&mut out, record);
    write_line(&mut out, record.start.clone(), None, &record.moves);
    if let Some(end) = &record.end {
        if let Some(line) = kif::summary_line(record, handicap) {
            let _ = writeln!(out, "{line}");
        }
        kif::write_comments(&mut out, &end.comments);
    }
    for (i, b) in record.branches.iter().enumerate() {
        let _ = writeln!(out, "\n変化：{}手", b.ply);
        let (pos, last) = record.branch_start(i);
        let to_move = if b.moves.len() % 2 == 0 {
            pos.turn()
        } else {
            !pos.turn()
        };
        write_line(&mut out, pos, last, &b.moves);
        if let Some(end) = &b.end {
            let _ = writeln!(
                out,
                "まで{}手で{}",
                b.ply - 1 + b.moves.len(),
                kif::end_word_at(&end.kind, to_move)
            );
        }
    }
    out
}

/// Moves six to a line; a comment or bookmark ends the line after its move.
fn write_line(out: &mut String, mut pos: Position, mut last: Option<Move>, moves: &[RecordMove]) {
    let mut on_line = 0;
    for m in moves {
        let text = japanese::write_with(&pos, m.mv, last.map(|l| l.to()), Style::KI2);
        if on_line > 0 {
            out.push_str("    ");
        }
        out.push_str(&text);
        on_line += 1;
        let notes = !m.comments.is_empty() || m.bookmark.is_some();
        if notes || on_line == 6 {
            out.push('\n');
            on_line = 0;
        }
        kif::write_comments(out, &m.comments);
        if let Some(bm) = &m.bookmark {
            let _ = writeln!(out, "&{bm}");
        }
        pos.play_unchecked(m.mv);
        last = Some(m.mv);
    }
    if on_line > 0 {
        out.push('\n');
    }
}
