//! A study booklet of one game: a diagram at each chosen move (every N moves, the bookmarked
//! moves, the commented moves, and always the final position), each headed `第2図` and captioned
//! `▲2四歩まで`, with the moves that lead to it written as books do (`第1図以下の指し手` then
//! `▲7六歩△3四歩…`), the record's comments for people on that move (not an engine's readings
//! or a file's remarks, which no reader of a printed game wants), and under the last diagram the
//! result (`まで181手で先手の勝ち`). Moves are numbered as the record numbers them: a record that
//! starts from a board copied at move 25 has its start at `25手目`, its diagrams at `26手目` and
//! on, and its first moves listed `開始局面からの指し手`. The title and running header come from
//! the record's header:
//! the players, the event and the date.
//!
//! [`book`] only chooses and words things; it produces a [`Book`] that the booklet renderer draws
//! like any other.

use super::layout::PageLayout;
use super::model::{Book, BookOptions, Entry, EntrySource};
use crate::diagram::move_number;
use crate::diagram::spec::Notes;
use crate::formats::notation::japanese;
use crate::formats::record::{Comment, Record};
use crate::formats::{kif, limits};
use std::sync::Arc;

/// Which moves of the game get a diagram. The final position always does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// Every N moves (N, 2N, …).
    pub every: Option<usize>,
    /// The moves the record bookmarks (KIF `&name`).
    pub bookmarks: bool,
    /// The moves the record comments on for people ([`Comment::is_note`]: KIF `*`, CSA `'*`;
    /// not an engine's reading after every move).
    pub comments: bool,
}

impl Selection {
    /// The plies (moves played) of `record` to draw, in order, without repeats; always the
    /// last, and the start (ply 0) when it is bookmarked or commented, or has no moves after it.
    pub fn plies(&self, record: &Record) -> Vec<usize> {
        let n = record.moves.len();
        let mut plies: Vec<usize> = Vec::new();
        if let Some(every) = self.every.filter(|e| *e > 0) {
            plies.extend((1..=n / every).map(|k| k * every));
        }
        // The start counts as a move here: ShogiGUI bookmarks it, and a note may precede move 1.
        let start = (record.start_bookmark.as_ref(), &record.start_comments);
        let moves = record
            .moves
            .iter()
            .map(|m| (m.bookmark.as_ref(), &m.comments));
        for (ply, (bookmark, comments)) in std::iter::once(start).chain(moves).enumerate() {
            let noted = comments.iter().any(Comment::is_note);
            if (self.bookmarks && bookmark.is_some()) || (self.comments && noted) {
                plies.push(ply);
            }
        }
        plies.push(n);
        plies.sort_unstable();
        plies.dedup();
        plies
    }

    /// One line for the user when `--bookmarks` or `--comments` finds nothing in `record`
    /// (read from `file`), so that a booklet of the final position alone is not a surprise:
    /// `game.kif has no bookmarks: only the final position is drawn`. `None` when each option
    /// asked for finds something.
    pub fn unmatched(&self, record: &Record, file: &str) -> Option<String> {
        let moves = || record.moves.iter();
        let bookmarks = record.start_bookmark.is_some() || moves().any(|m| m.bookmark.is_some());
        let comments = !record.start_comments.is_empty() || moves().any(|m| !m.comments.is_empty());
        let (what, flags) = match (self.bookmarks && !bookmarks, self.comments && !comments) {
            (true, true) => ("bookmarks or comments", "--bookmarks and --comments add"),
            (true, false) => ("bookmarks", "--bookmarks adds"),
            (false, true) => ("comments", "--comments adds"),
            (false, false) => return None,
        };
        let drawn = match self.plies(record).len() {
            1 => "only the final position is drawn".to_string(),
            _ => format!("{flags} no diagram"),
        };
        Some(format!("{file} has no {what}: {drawn}"))
    }
}

/// One diagram of a game booklet: the record, the ply drawn and the ply of the diagram before
/// it (the moves between are listed).
#[derive(Clone, Debug)]
pub struct GameEntry {
    pub record: Arc<Record>,
    pub ply: usize,
    pub previous: usize,
    /// The source of the record, for messages: `game.kif`.
    pub file: String,
}

impl PartialEq for GameEntry {
    fn eq(&self, other: &GameEntry) -> bool {
        Arc::ptr_eq(&self.record, &other.record)
            && (self.ply, self.previous) == (other.ply, other.previous)
    }
}

impl Eq for GameEntry {}

/// How many lines of notes a diagram gets at most: the move list first, then the comments,
/// cut with … where they run over (a long commentary would otherwise shrink every board).
const MAX_NOTE_LINES: usize = 8;

/// The booklet of `record` (read from `file`) at the plies `selection` chooses, two diagrams a
/// page by default.
pub fn book(record: Record, file: &str, selection: &Selection) -> Book {
    let record = Arc::new(record);
    let plies = selection.plies(&record);
    let mut options = BookOptions {
        per_page: 2,
        numbering: String::new(),
        ..BookOptions::default()
    };
    let (title, header) = titles(&record);
    options.title = Some(title);
    options.header = Some(header);
    let mut entries = Vec::with_capacity(plies.len());
    let mut previous = 0;
    for &ply in &plies {
        entries.push(EntrySource::Game(GameEntry {
            record: record.clone(),
            ply,
            previous,
            file: file.to_string(),
        }));
        previous = ply;
    }
    Book {
        source_name: file.to_string(),
        options,
        entries,
    }
}

/// The PDF title (`▲羽生善治 対 △藤井猛`) and the running header, which adds the event and
/// the date when the record has them.
fn titles(record: &Record) -> (String, String) {
    let [black, white] = record.side_labels();
    let name = |i: usize, label: &str| record.players[i].clone().unwrap_or_else(|| label.into());
    let title = format!("▲{} 対 △{}", name(0, black), name(1, white));
    let mut header = title.clone();
    let event = ["棋戦", "$EVENT", "表題"]
        .iter()
        .find_map(|k| record.header(k))
        .filter(|e| !e.is_empty());
    let date = ["開始日時", "$START_TIME"]
        .iter()
        .find_map(|k| record.header(k))
        .map(|d| d.split_whitespace().next().unwrap_or(d))
        .filter(|d| !d.is_empty());
    for part in [event, date].into_iter().flatten() {
        header.push('　');
        header.push_str(part);
    }
    (title, header)
}

impl GameEntry {
    /// Where the diagram's move was read: `game.kif:41`.
    pub fn place(&self) -> String {
        match self.ply.checked_sub(1).map(|i| self.record.moves[i].line) {
            Some(line) if line > 0 => format!("{}:{line}", self.file),
            _ => self.file.clone(),
        }
    }

    /// The diagram, numbered `figure`, with its notes.
    pub fn entry(&self, figure: usize, options: &BookOptions) -> Result<Entry, crate::Error> {
        let figure_n = figure.min(u32::MAX as usize) as u32;
        // The heading says 第N図; the booklet keeps only the move in the caption (`△6四歩まで`).
        let mut diagram = crate::diagram::from_record(&self.record, Some(self.ply), figure_n)
            .map_err(|e| crate::Error::Io(format!("{}: {e}", self.file)))?;
        // Moves are counted as the record numbers them: on from a copied board's 手数＝25 (its
        // start is move 26, as its SFEN says), so the heading agrees with the record's numbers.
        diagram.title = Some(match move_number(&self.record, self.ply) {
            0 => "開始局面".to_string(),
            n => format!("{n}手目"),
        });
        // The notes are set in the cell's comment type, which grows with the cell.
        let layout = PageLayout::new(options);
        let per_line = per_line(layout.cell(0).w - 2.0, layout.typography.comment);
        Ok(Entry {
            diagram,
            notes: Notes {
                comment: Some(self.notes(figure, per_line)).filter(|n| !n.is_empty()),
                answer: None,
            },
        })
    }

    /// The moves since the previous diagram, the comments on this move, and the result under
    /// the final diagram, as lines of at most `per_line` characters.
    fn notes(&self, figure: usize, per_line: usize) -> String {
        let r = &*self.record;
        let mut lines: Vec<String> = Vec::new();
        if self.ply > self.previous {
            // From the start, unless the start is the diagram before (figure 1): the first move
            // (初手) when the record numbers its first move 1, else the position it starts from.
            lines.push(if self.previous == 0 && figure <= 1 {
                match move_number(r, 1) {
                    1 => "初手からの指し手".to_string(),
                    _ => "開始局面からの指し手".to_string(),
                }
            } else {
                format!("第{}図以下の指し手", figure - 1)
            });
            let mut pos = r.position_at(self.previous);
            let mut before = self.previous.checked_sub(1).map(|i| r.moves[i].mv.to());
            let mut moves = Vec::new();
            for m in &r.moves[self.previous..self.ply] {
                moves.push(japanese::write(&pos, m.mv, before));
                pos.play_unchecked(m.mv);
                before = Some(m.mv.to());
            }
            if let Some(last) = moves.last_mut() {
                last.push_str(&format!("（第{figure}図）"));
            }
            // The heading, and the result under the last diagram, take a line each.
            let room = MAX_NOTE_LINES - 1 - usize::from(self.ply == r.moves.len());
            lines.extend(cut_moves(&moves, per_line, room));
        }
        let last = self.ply == r.moves.len();
        let mut comments: Vec<&Comment> = match self.ply.checked_sub(1) {
            Some(i) => r.moves[i].comments.iter().collect(),
            None => r.start_comments.iter().collect(),
        };
        let result = last
            .then(|| kif::summary_line(r, r.handicap.is_some()))
            .flatten()
            .map(|line| numbered_summary(r, line));
        if let (true, Some(end)) = (last, &r.end) {
            comments.extend(end.comments.iter());
        }
        // Only what is written for people: an engine's evaluation and reading (`** 30 …`) or
        // a server's remark (`'summary:…`) under a diagram is noise to the reader of a book.
        let comments = comments
            .iter()
            .filter(|c| c.is_note())
            .map(|c| c.text.trim());
        let room = MAX_NOTE_LINES.saturating_sub(lines.len() + usize::from(result.is_some()));
        let mut budget = room * per_line;
        for c in comments.filter(|c| !c.is_empty()) {
            if budget == 0 {
                break;
            }
            let chars = c.chars().count();
            // A comment takes whole lines; one that does not fit is cut with ….
            let used = chars.div_ceil(per_line).max(1) * per_line;
            if used <= budget {
                lines.push(c.to_string());
                budget -= used;
            } else {
                let keep: String = c.chars().take(budget.saturating_sub(1)).collect();
                lines.push(format!("{keep}…"));
                budget = 0;
            }
        }
        lines.extend(result);
        let mut text = lines.join("\n");
        if limits::check_text_length(&text).is_err() {
            text = text.chars().take(limits::MAX_TEXT_CHARS - 1).collect();
            text.push('…');
        }
        text
    }
}

/// The record's summary (`まで2手で先手の勝ち`, which counts the moves read) counting the moves
/// as the diagrams number them: `まで27手で先手の勝ち` after a board copied at move 25.
fn numbered_summary(record: &Record, line: String) -> String {
    let n = record.moves.len();
    match line.strip_prefix(&format!("まで{n}手")) {
        Some(rest) if move_number(record, n) != n => {
            format!("まで{}手{rest}", move_number(record, n))
        }
        _ => line,
    }
}

/// How many characters, each a full em of `size` mm, a line `width` mm wide holds (8 at
/// least).
fn per_line(width: f64, size: f64) -> usize {
    (width / size).floor().max(8.0) as usize
}

/// The moves packed into at most `room` lines: all of them if they fit, else (a diagram after
/// 181 moves would list them all and leave no room for the board) the first lines, then on
/// the last line, after …, the moves that lead to the diagram.
fn cut_moves(moves: &[String], per_line: usize, room: usize) -> Vec<String> {
    let mut lines = pack(moves, per_line);
    if lines.len() <= room || room == 0 {
        lines.truncate(room);
        return lines;
    }
    lines.truncate(room - 1);
    let shown: usize = lines.iter().map(|l| l.chars().count()).sum();
    let mut head_moves = 0;
    let mut chars = 0;
    while chars < shown {
        chars += moves[head_moves].chars().count();
        head_moves += 1;
    }
    let mut tail = Vec::new();
    let mut count = 1;
    for m in moves[head_moves..].iter().rev() {
        let n = m.chars().count();
        if count + n > per_line && !tail.is_empty() {
            break;
        }
        tail.push(m.as_str());
        count += n;
    }
    tail.reverse();
    lines.push(format!("…{}", tail.concat()));
    lines
}

/// Moves joined without spaces, as books print them, broken only between moves so that no
/// line holds more than `per_line` characters (each counted a full em: the lines stay within
/// the width whatever the digits' width).
fn pack(moves: &[String], per_line: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut count = 0;
    for m in moves {
        let n = m.chars().count();
        if count > 0 && count + n > per_line {
            lines.push(std::mem::take(&mut line));
            count = 0;
        }
        line.push_str(m);
        count += n;
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}
