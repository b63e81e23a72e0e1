//! One model of a game record, which every record reader (KIF, KI2, CSA, BOD) produces and every
//! writer consumes: header fields, the start position, the moves with their comments, times and
//! bookmarks, variations branching from a ply, and how the game ended.
//!
//! Readers replay each move through the rules core as they read it ([`Builder`]): an unreadable
//! or illegal move is a [`RecordError`] located by line, with the move as written and the rule it
//! breaks (`game.kif:41: ▲2四歩: nifu on file 2`). Text comes in as bytes and is decoded as UTF-8
//! or Shift_JIS (CP932), whichever it is ([`decode`]).

use super::limits;
use crate::rules::{
    Color, History, ImpasseRule, ImpasseVerdict, Move, Position, PositionError, Repetition, Variant,
};
use std::fmt;
use std::sync::Arc;

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
    pub start_comments: Vec<String>,
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
    pub comments: Vec<String>,
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
    pub comments: Vec<String>,
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

    fn tail(&self) -> String {
        if self.text.is_empty() {
            format!("{}: {}", self.line, self.message)
        } else {
            format!("{}: {}: {}", self.line, self.text, self.message)
        }
    }
}

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
            EndKind::Draw => GameResult::Draw,
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
        totals.split_off(skip)
    }
}

/// Which line a builder is adding moves to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    Main,
    Branch(usize),
}

/// Builds a record while reading: replays each move as it is added and keeps the position.
pub struct Builder {
    record: Record,
    pos: Position,
    history: History,
    line: Line,
    /// The end word of the current line as written (`投了`, `%TORYO`), for messages.
    end_word: String,
    /// Moves read on every line so far, held to [`limits::MAX_RECORD_MOVES`].
    moves_read: usize,
}

impl Builder {
    pub fn new(start: Position) -> Builder {
        Builder {
            history: History::new(&start),
            pos: start.clone(),
            record: Record::new(start),
            line: Line::Main,
            end_word: String::new(),
            moves_read: 0,
        }
    }

    /// Starts over from a new start position (a board read after the header fields).
    pub fn set_start(&mut self, start: Position) {
        self.history = History::new(&start);
        self.pos = start.clone();
        self.record.start = start;
    }

    pub fn record_mut(&mut self) -> &mut Record {
        &mut self.record
    }

    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The position the next move is played in.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The number of moves played on the current line from the start (the ply of the last).
    pub fn ply(&self) -> usize {
        match self.line {
            Line::Main => self.record.moves.len(),
            Line::Branch(b) => {
                let br = &self.record.branches[b];
                br.ply - 1 + br.moves.len()
            }
        }
    }

    /// The last move of the current line, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.current_moves()
            .last()
            .map(|m| m.mv)
            .or_else(|| match self.line {
                Line::Branch(b) => self.record.line_before(b).last().copied(),
                Line::Main => None,
            })
    }

    /// Has the current line ended (an end word was read)?
    pub fn ended(&self) -> bool {
        match self.line {
            Line::Main => self.record.end.is_some(),
            Line::Branch(b) => self.record.branches[b].end.is_some(),
        }
    }

    fn current_moves(&self) -> &Vec<RecordMove> {
        match self.line {
            Line::Main => &self.record.moves,
            Line::Branch(b) => &self.record.branches[b].moves,
        }
    }

    fn current_moves_mut(&mut self) -> &mut Vec<RecordMove> {
        match self.line {
            Line::Main => &mut self.record.moves,
            Line::Branch(b) => &mut self.record.branches[b].moves,
        }
    }

    /// An error if the current line has ended: a move read as `text` at `line` comes after the
    /// end word. Readers ask before reading the move, so that the end, not the move's number or
    /// side, is what the message names.
    pub fn check_open(&self, line: usize, text: &str) -> Result<(), RecordError> {
        let end = match self.line {
            Line::Main => self.record.end.as_ref(),
            Line::Branch(b) => self.record.branches[b].end.as_ref(),
        };
        match end {
            Some(end) => {
                let word = match self.end_word.as_str() {
                    "" => "the end",
                    w => w,
                };
                Err(RecordError::new(
                    line,
                    text,
                    format!(
                        "a move after the end of the game ({word} at line {})",
                        end.line
                    ),
                ))
            }
            None => Ok(()),
        }
    }

    /// Plays `mv`, read as `text` at `line`; an illegal move is an error saying why.
    pub fn play(&mut self, line: usize, text: &str, mv: Move) -> Result<(), RecordError> {
        self.check_open(line, text)?;
        if self.moves_read >= limits::MAX_RECORD_MOVES {
            return Err(RecordError::new(
                line,
                text,
                format!(
                    "a record holds at most {} moves (variations included)",
                    limits::MAX_RECORD_MOVES
                ),
            ));
        }
        self.moves_read += 1;
        if let Some(why) = self.pos.illegal_reason(mv) {
            return Err(RecordError::new(line, text, why.to_string()));
        }
        self.pos.play_unchecked(mv);
        let ply = self.ply() + 1;
        if self.line == Line::Main {
            if let Some(rep) = self.history.push(&self.pos) {
                self.record.repetition.get_or_insert((ply, rep));
            }
        }
        let mut m = RecordMove::new(mv);
        m.line = line;
        self.current_moves_mut().push(m);
        Ok(())
    }

    /// A comment on the last move, or on the start (or the end, once the line has ended).
    pub fn comment(&mut self, text: &str) {
        let text = text.to_string();
        let end = match self.line {
            Line::Main => self.record.end.as_mut(),
            Line::Branch(b) => self.record.branches[b].end.as_mut(),
        };
        if let Some(end) = end {
            end.comments.push(text);
            return;
        }
        let in_branch = matches!(self.line, Line::Branch(_));
        match self.current_moves_mut().last_mut() {
            Some(m) => m.comments.push(text),
            None if !in_branch => self.record.start_comments.push(text),
            None => {}
        }
    }

    pub fn time(&mut self, time: MoveTime) {
        if let Some(m) = self.current_moves_mut().last_mut() {
            m.time = Some(time);
        }
    }

    pub fn bookmark(&mut self, name: &str) {
        if let Some(m) = self.current_moves_mut().last_mut() {
            m.bookmark = Some(name.to_string());
        }
    }

    /// The current line ended as the record says.
    pub fn end(&mut self, line: usize, kind: EndKind) {
        self.end_as(line, "", kind);
    }

    /// The current line ended as the record says, in `word` (`投了`, `%TORYO`), which a move
    /// after it is told of.
    pub fn end_as(&mut self, line: usize, word: &str, kind: EndKind) {
        self.end_word = word.to_string();
        let end = Some(End {
            kind,
            line,
            comments: Vec::new(),
        });
        match self.line {
            Line::Main => self.record.end = end,
            Line::Branch(b) => self.record.branches[b].end = end,
        }
    }

    /// Starts a variation whose first move is ply `ply`, branching from the most recent line
    /// (in reading order) that has a move at that ply.
    pub fn branch(&mut self, line: usize, text: &str, ply: usize) -> Result<(), RecordError> {
        let has = |first: usize, len: usize| ply >= first && ply < first + len;
        let parent = (0..self.record.branches.len())
            .rev()
            .find(|b| {
                let br = &self.record.branches[*b];
                has(br.ply, br.moves.len())
            })
            .map(Some)
            .or_else(|| has(1, self.record.moves.len()).then_some(None));
        let Some(mut parent) = parent else {
            return Err(RecordError::new(
                line,
                text,
                format!("no line has a move {ply} to branch from"),
            ));
        };
        // A line that itself starts at `ply` is an alternative to the same move: a sibling.
        while let Some(p) = parent.filter(|p| self.record.branches[*p].ply == ply) {
            parent = self.record.branches[p].parent;
        }
        self.record.branches.push(Branch {
            parent,
            ply,
            moves: Vec::new(),
            end: None,
        });
        let b = self.record.branches.len() - 1;
        self.line = Line::Branch(b);
        self.pos = self.record.branch_start(b).0;
        Ok(())
    }

    /// The finished record, with warnings where its stated end contradicts the position, and
    /// its handicap named when it starts from one of the variant's handicap positions (a CSA
    /// `PI82HI22KA`, a KIF board) without saying so.
    pub fn finish(mut self) -> Record {
        let record = &mut self.record;
        if record.handicap.is_none() {
            let start = record.start.to_setup();
            record.handicap = record
                .variant()
                .handicaps
                .iter()
                .find(|h| {
                    h.setup.board == start.board
                        && h.setup.hands == start.hands
                        && h.setup.turn == start.turn
                })
                .map(|h| h.id.clone());
        }
        if let Some(end) = &record.end {
            let pos = record.final_position();
            let warning = match end.kind {
                EndKind::Mate if !pos.is_checkmate() => {
                    Some("詰み, but the side to move is not checkmated")
                }
                EndKind::Repetition if record.repetition.is_none() => {
                    Some("千日手, but no position occurred four times")
                }
                EndKind::Impasse if !pos.is_impasse() => {
                    Some("持将棋, but the kings are not both in their promotion zones")
                }
                _ => None,
            };
            if let Some(w) = warning {
                record.warnings.push(format!("{}: {w}", end.line));
            }
        }
        self.record
    }
}
