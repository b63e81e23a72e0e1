//! One model of a game record, which every record reader (KIF, KI2, CSA, BOD) produces and every
//! writer consumes: header fields, the start position, the moves with their comments, times and
//! bookmarks, variations branching from a ply, and how the game ended.
//!
//! Readers replay each move through the rules core as they read it ([`Builder`], in
//! `record_builder.rs`): an unreadable
//! or illegal move is a [`RecordError`] located by line, with the move as written and the rule it
//! breaks (`game.kif:41: ▲2四歩: nifu on file 2`). Text comes in as bytes and is decoded as UTF-8
//! or Shift_JIS (CP932), whichever it is ([`decode`]).

use crate::rules::{
    Color, ImpasseRule, ImpasseVerdict, Move, Position, PositionError, Repetition, Variant,
};
use std::fmt;
use std::sync::Arc;

pub use super::record_builder::Builder;

/// A game record: everything a record file says about one game.
#[derive(Clone, Debug)]
pub struct Record {
    /// Header fields in file order, with the reader's names (`棋戦`, `$EVENT`…).
    pub headers: Vec<(String, String)>,
    /// The players by colour: Black (先手, 下手 in a handicap game), White (後手, 上手).
    pub players: [Option<String>; 2],
    /// The variant handicap the game started from (its id, `two_piece`), if any.
    pub handicap: Option<String>,
    /// The position before the first move.
    pub start: Position,
    /// Comments before the first move.
    pub start_comments: Vec<Comment>,
    /// A bookmark on the start position (KIF `&name` before the first move, as ShogiGUI
    /// writes one).
    pub start_bookmark: Option<String>,
    /// The main line.
    pub moves: Vec<RecordMove>,
    /// Variations, each branching from a ply of the main line or of an earlier variation.
    pub branches: Vec<Branch>,
    /// How the main line ended, if the record says.
    pub end: Option<End>,
    /// Where the record's stated end disagrees with the position, located by line.
    pub warnings: Vec<String>,
    /// The fourfold repetition the main line reached (at which ply), if any.
    pub repetition: Option<(usize, Repetition)>,
}

/// A move of a record with what was written beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    pub mv: Move,
    /// The 1-based line of the file the move was read from (0 for a record built in code).
    pub line: usize,
    pub comments: Vec<Comment>,
    pub time: Option<MoveTime>,
    /// A bookmark name (KIF `&name`).
    pub bookmark: Option<String>,
}

impl RecordMove {
    pub fn new(mv: Move) -> RecordMove {
        RecordMove {
            mv,
            line: 0,
            comments: Vec::new(),
            time: None,
            bookmark: None,
        }
    }
}

/// A comment of a record, on the game, a move or the end it follows, with what it is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    pub kind: CommentKind,
    /// The text after its mark (`'*`, `*`, `'**`, `**`, `'`, `#`), as written.
    pub text: String,
}

/// What a comment is for. The formats mark each kind in their own way, and a record written in
/// any of them keeps the kind: CSA `'*` and KIF `*`, CSA `'**` and KIF `**`, CSA `'` and KIF
/// `#`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommentKind {
    /// A comment for people on what it follows (CSA V3.0's comment that programs read, `'*`;
    /// KIF's `*`), which GUIs show beside the move and game booklets print under its diagram.
    Note,
    /// An engine's evaluation and reading (floodgate's `'** 30 -3334FU +2726FU`, KIF's
    /// `**` line as ShogiGUI writes its analysis): kept and written back, never printed.
    Engine,
    /// A remark on the file that programs skip (CSA's plain `'`: floodgate's `'summary:…` and
    /// `'rating:…`, the CSA standard's example notes; KIF's `#`): kept and written back, never
    /// printed.
    Remark,
}

impl Comment {
    pub fn new(kind: CommentKind, text: impl Into<String>) -> Comment {
        Comment {
            kind,
            text: text.into(),
        }
    }

    /// A comment for people (CSA `'*`, KIF `*`).
    pub fn note(text: impl Into<String>) -> Comment {
        Comment::new(CommentKind::Note, text)
    }

    /// Whether people are meant to read it: what a game booklet prints.
    pub fn is_note(&self) -> bool {
        self.kind == CommentKind::Note
    }
}

/// Time spent on a move, in seconds, and the player's total so far when the record says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTime {
    pub seconds: u32,
    /// The mover's total including this move, as written (KIF); `None` when the record gives
    /// only the move's own time (CSA `T12`): [`Record::time_totals`] counts it then.
    pub total: Option<u32>,
}

/// A variation: moves that replace a line from `ply` on.
#[derive(Clone, Debug)]
pub struct Branch {
    /// The line it branches from: `None` for the main line, else an earlier branch's index.
    pub parent: Option<usize>,
    /// The 1-based ply of its first move.
    pub ply: usize,
    pub moves: Vec<RecordMove>,
    pub end: Option<End>,
}

/// How a game ended, as the record states it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct End {
    pub kind: EndKind,
    pub line: usize,
    pub comments: Vec<Comment>,
    /// The time the side to move spent before the end (KIF `79 投了 ( 0:05/01:02:03)`, a CSA
    /// `T5` after `%TORYO`), when the record says.
    pub time: Option<MoveTime>,
}

/// The ways a record says a game ended. "The side to move" is the side whose turn it was when
/// the game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndKind {
    /// 投了, `%TORYO`: the side to move resigned.
    Resign,
    /// 中断, `%CHUDAN`: stopped unfinished.
    Abort,
    /// 千日手, `%SENNICHITE`: fourfold repetition.
    Repetition,
    /// 持将棋, `%JISHOGI`: impasse, decided by points.
    Impasse,
    /// 詰み, `%TSUMI`: the side to move is checkmated.
    Mate,
    /// 反則勝ち: the side to move wins by the opponent's illegal move.
    IllegalWin,
    /// 反則負け, `%ILLEGAL_MOVE`: the side to move loses by an illegal move.
    IllegalLoss,
    /// `%+ILLEGAL_ACTION`, `%-ILLEGAL_ACTION`: that side loses by an illegal action.
    IllegalAction(Color),
    /// 切れ負け, 時間切れ, `%TIME_UP`: the side to move lost on time.
    TimeUp,
    /// 入玉勝ち, `%KACHI`: the side to move declared an impasse win.
    Declaration,
    /// `%HIKIWAKE`, 引き分け: a draw by agreement.
    Draw,
    /// 不詰, `%FUZUMI`: no mate (problems).
    NoMate,
    /// `%MAX_MOVES` (CSA V3.0): the game reached its tournament's move limit, a draw as
    /// floodgate scores it. KIF has no word of its own for it and writes 持将棋, the JSA's
    /// name for a game that reaches 500 moves.
    MaxMoves,
    /// `%MATTA`, `%ERROR` or another end word kept as written.
    Other(String),
}

/// Who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    Win(Color),
    Draw,
    /// No result: unfinished, aborted or not stated.
    Unknown,
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Win(Color::Black) => f.write_str("black wins"),
            GameResult::Win(Color::White) => f.write_str("white wins"),
            GameResult::Draw => f.write_str("draw"),
            GameResult::Unknown => f.write_str("unknown"),
        }
    }
}

/// An unreadable or illegal record, located by line: `41: ▲2四歩: nifu on file 2`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// 1-based line in the file (0: the file as a whole).
    pub line: usize,
    /// The text at fault as written (the move), empty if none.
    pub text: String,
    pub message: String,
    /// Set when the record is well formed but its start position breaks the rules, so that a
    /// caller can tell an invalid position (exit 1, every problem listed) from bad input.
    pub invalid: Option<Box<PositionError>>,
}

impl RecordError {
    pub fn new(line: usize, text: impl Into<String>, message: impl Into<String>) -> RecordError {
        RecordError {
            line,
            text: text.into(),
            message: message.into(),
            invalid: None,
        }
    }

    /// A start position (a board, an SFEN) read at `line` that is not a legal position.
    pub fn invalid_start(
        line: usize,
        text: impl Into<String>,
        error: PositionError,
    ) -> RecordError {
        RecordError {
            message: format!("invalid start position: {error}"),
            invalid: Some(Box::new(error)),
            ..RecordError::new(line, text, "")
        }
    }

    /// `FILE:LINE: text: why`, the form the CLI prints.
    pub fn located(&self, file: &str) -> String {
        format!("{file}:{}", self.tail())
    }

    /// Every line a command prints for this error in `file`, each `FILE:LINE: …`: one per
    /// problem of an invalid start position, as `validate` words them
    /// (`bad.csa:11: invalid position: nifu 2f,2g: …`), else [`RecordError::located`]. Every
    /// command that reads a record reports it so, whatever it does with the record.
    pub fn located_lines(&self, file: &str) -> Vec<String> {
        match &self.invalid {
            Some(invalid) => invalid
                .problems
                .iter()
                .map(|p| {
                    let problem = p.line(invalid.size());
                    format!("{file}:{}: invalid position: {problem}", self.line)
                })
                .collect(),
            None => vec![self.located(file)],
        }
    }

    fn tail(&self) -> String {
        if self.text.is_empty() {
            format!("{}: {}", self.line, self.message)
        } else {
            let text = super::parse_error::shown(&self.text);
            format!("{}: {text}: {}", self.line, self.message)
        }
    }
}

/// `line 6: +7776FU: no piece on 77`: the error where no file name goes before it (a JSON
/// report's `error` beside its `input`). A command's message names the file:
/// [`RecordError::located_lines`].
impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.tail())
    }
}

impl std::error::Error for RecordError {}

/// Decodes a record file: UTF-8 (with or without a BOM) if it is valid UTF-8, else Shift_JIS
/// (CP932, as Windows writes it); anything else is an error naming the first line that is
/// neither. Of a file mixing the two (a UTF-8 comment pasted into a Shift_JIS record), that is
/// the first line the encoding that reads further cannot read, not line 1.
pub fn decode(bytes: &[u8]) -> Result<String, RecordError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    // Notepad's "Unicode": its byte order mark says so before any line could be read.
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return Err(RecordError::new(
            1,
            "",
            "UTF-16 text: save the file as UTF-8 or Shift_JIS",
        ));
    }
    let utf8_error = match std::str::from_utf8(bytes) {
        Ok(text) => return Ok(text.to_string()),
        Err(e) => e,
    };
    let (text, had_errors) = encoding_rs::SHIFT_JIS.decode_without_bom_handling(bytes);
    if !had_errors {
        return Ok(text.into_owned());
    }
    let utf8_at = utf8_error.valid_up_to();
    let line_of = |at: usize| bytes[..at].iter().filter(|b| **b == b'\n').count() + 1;
    // A line break never occurs inside a Shift_JIS character, so its lines decode one by one.
    let sjis_at = bytes
        .split_inclusive(|b| *b == b'\n')
        .scan(0, |start, l| {
            let at = *start;
            *start += l.len();
            Some((at, l))
        })
        .find(|(_, l)| {
            encoding_rs::SHIFT_JIS
                .decode_without_bom_handling_and_without_replacement(l)
                .is_none()
        })
        .map_or(0, |(at, _)| at);
    let (utf8_line, sjis_line) = (line_of(utf8_at), line_of(sjis_at));
    if sjis_line > utf8_line {
        return Err(RecordError::new(
            sjis_line,
            "",
            "not Shift_JIS text, though the lines before are (UTF-8 pasted in?)",
        ));
    }
    Err(RecordError::new(
        utf8_line,
        "",
        format!(
            "byte 0x{:02X}: the file is neither UTF-8 nor Shift_JIS text",
            bytes[utf8_at]
        ),
    ))
}

impl Record {
    /// An empty record starting at `start`.
    pub fn new(start: Position) -> Record {
        Record {
            headers: Vec::new(),
            players: [None, None],
            handicap: None,
            start,
            start_comments: Vec::new(),
            start_bookmark: None,
            moves: Vec::new(),
            branches: Vec::new(),
            end: None,
            warnings: Vec::new(),
            repetition: None,
        }
    }

    pub fn variant(&self) -> &Arc<Variant> {
        self.start.variant()
    }

    /// How the sides are named: `["先手", "後手"]`, or `["下手", "上手"]` in a handicap game
    /// (the player giving the handicap, 上手, is White and moves first).
    pub fn side_labels(&self) -> [&'static str; 2] {
        if self.handicap.is_some() {
            ["下手", "上手"]
        } else {
            ["先手", "後手"]
        }
    }

    /// The first header field named `name`.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The main-line position after `ply` moves (0 = the start; past the end = the last).
    pub fn position_at(&self, ply: usize) -> Position {
        let mut pos = self.start.clone();
        for m in self.moves.iter().take(ply) {
            pos.play_unchecked(m.mv);
        }
        pos
    }

    /// The caption books print under a diagram after `ply` moves: `第1図 ▲2四歩まで` for
    /// figure 1 (`None` at the start), the move in the JSA notation books use.
    pub fn caption(&self, ply: usize, figure: u32) -> Option<String> {
        let ply = ply.min(self.moves.len());
        let m = self.moves.get(ply.checked_sub(1)?)?;
        let before = self.position_at(ply - 1);
        let previous_to = ply
            .checked_sub(2)
            .and_then(|i| self.moves.get(i))
            .map(|m| m.mv.to());
        let text = super::notation::japanese::write(&before, m.mv, previous_to);
        Some(format!("第{figure}図 {text}まで"))
    }

    /// The position after the last main-line move.
    pub fn final_position(&self) -> Position {
        self.position_at(self.moves.len())
    }

    /// The side to move when the main line ended.
    pub fn side_to_move_at_end(&self) -> Color {
        self.final_position().turn()
    }

    /// The result, from the stated end and the position it was stated in. An impasse is
    /// decided by `rule`.
    pub fn result_with(&self, rule: ImpasseRule) -> GameResult {
        let Some(end) = &self.end else {
            return GameResult::Unknown;
        };
        let pos = self.final_position();
        let to_move = pos.turn();
        match &end.kind {
            EndKind::Resign | EndKind::Mate | EndKind::IllegalLoss | EndKind::TimeUp => {
                GameResult::Win(!to_move)
            }
            EndKind::IllegalWin | EndKind::Declaration => GameResult::Win(to_move),
            EndKind::IllegalAction(loser) => GameResult::Win(!*loser),
            EndKind::Draw | EndKind::MaxMoves => GameResult::Draw,
            EndKind::Repetition => match self.repetition {
                Some((_, Repetition::PerpetualCheck { checker })) => GameResult::Win(!checker),
                _ => GameResult::Draw,
            },
            EndKind::Impasse => match pos.impasse_verdict(rule) {
                ImpasseVerdict::Win(c) => GameResult::Win(c),
                _ => GameResult::Draw,
            },
            EndKind::Abort | EndKind::NoMate | EndKind::Other(_) => GameResult::Unknown,
        }
    }

    /// The result under the default (24-point) impasse rule.
    pub fn result(&self) -> GameResult {
        self.result_with(ImpasseRule::default())
    }

    /// The position a branch starts from and the move just before it (for 同), by replaying
    /// [`Record::line_before`] from the start.
    pub fn branch_start(&self, branch: usize) -> (Position, Option<Move>) {
        let before = self.line_before(branch);
        let mut pos = self.start.clone();
        for mv in &before {
            pos.play_unchecked(*mv);
        }
        (pos, before.last().copied())
    }

    /// The moves leading to the first move of line `branch` (its parent lines up to its ply).
    pub fn line_before(&self, branch: usize) -> Vec<Move> {
        self.record_moves_before(branch)
            .iter()
            .map(|m| m.mv)
            .collect()
    }

    fn record_moves_before(&self, branch: usize) -> Vec<&RecordMove> {
        // The chain of lines from the main line down to `branch`, walked without recursion.
        let mut chain = vec![branch];
        while let Some(p) = chain.last().and_then(|b| self.branches[*b].parent) {
            chain.push(p);
        }
        let mut moves: Vec<&RecordMove> = self.moves.iter().collect();
        for b in chain.iter().rev() {
            let br = &self.branches[*b];
            moves.truncate(br.ply - 1);
            if *b != branch {
                moves.extend(br.moves.iter());
            }
        }
        moves
    }

    /// Whether a variation written after line `line` (`None`: the main line, else a branch's
    /// index) replaces its move at `ply`: a branch from it there or, when the line itself
    /// starts at `ply`, a later alternative to the same move (KIF chains alternatives, each
    /// one marking the next, as Kifu for Windows writes them).
    pub fn has_variation_after(&self, line: Option<usize>, ply: usize) -> bool {
        let siblings_of = line
            .map(|b| &self.branches[b])
            .filter(|b| b.ply == ply)
            .map(|b| b.parent);
        self.branches
            .iter()
            .skip(line.map_or(0, |b| b + 1))
            .any(|b| b.ply == ply && (b.parent == line || Some(b.parent) == siblings_of))
    }

    /// The mover's total time used after each move of a line (`None`: the main line, else a
    /// branch's index), as a KIF time column gives it: the total the record states, else the
    /// side's total after its previous move plus this move's own time (a CSA record has only
    /// `T` times). `None` for a move without a time.
    pub fn time_totals(&self, branch: Option<usize>) -> Vec<Option<u32>> {
        self.running_times(branch).0
    }

    /// The total time of the side to move at a line's end (`None`: the main line), with the
    /// end's own time: as written, or counted on from that side's moves.
    pub fn end_time_total(&self, branch: Option<usize>) -> Option<u32> {
        let end = match branch {
            None => self.end.as_ref(),
            Some(b) => self.branches[b].end.as_ref(),
        }?;
        let t = end.time?;
        let (_, used, side) = self.running_times(branch);
        Some(
            t.total
                .unwrap_or_else(|| used[side.index()].saturating_add(t.seconds)),
        )
    }

    /// The totals of a line's moves (see [`Record::time_totals`]), each side's total after
    /// them, and the side to move then.
    fn running_times(&self, branch: Option<usize>) -> (Vec<Option<u32>>, [u32; 2], Color) {
        let (before, line) = match branch {
            None => (Vec::new(), &self.moves),
            Some(b) => (self.record_moves_before(b), &self.branches[b].moves),
        };
        let skip = before.len();
        let mut used = [0u32; 2];
        let mut side = self.start.turn();
        let mut totals = Vec::new();
        for m in before.into_iter().chain(line) {
            totals.push(m.time.map(|t| {
                let total = t
                    .total
                    .unwrap_or_else(|| used[side.index()].saturating_add(t.seconds));
                used[side.index()] = total;
                total
            }));
            side = !side;
        }
        (totals.split_off(skip), used, side)
    }
}
