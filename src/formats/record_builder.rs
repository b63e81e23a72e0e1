//! Building a [`Record`] while a reader reads it: each move is replayed through the rules core as
//! it is added, so an illegal move is found where it is written, and the record keeps the
//! repetitions, the variations' branch points and the end as the file states them.

use super::limits;
use super::record::{Branch, Comment, End, EndKind, MoveTime, Record, RecordError, RecordMove};
use crate::rules::{History, ImpasseRule, ImpasseVerdict, Move, Position};

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
    /// The moves a copied board says came before it (KIF's `手数＝12 … まで`), if it says.
    moves_before_board: Option<usize>,
    /// What a numbered move's number is ahead of its ply: the moves before a copied board, where
    /// the file numbers its moves on from them (`13 ２六歩(27)` after `手数＝12`).
    number_offset: usize,
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
            moves_before_board: None,
            number_offset: 0,
        }
    }

    /// Starts over from a new start position (a board read after the header fields).
    pub fn set_start(&mut self, start: Position) {
        self.history = History::new(&start);
        self.pos = start.clone();
        self.record.start = start;
    }

    /// A copied board's `手数＝N`: `moves` moves came before it.
    pub fn moves_before_board(&mut self, moves: usize) {
        // More moves than any record holds is no count of a game's moves (and would overflow
        // the numbering on from it): the moves are then numbered from 1.
        if moves <= limits::MAX_RECORD_MOVES {
            self.moves_before_board = Some(moves);
        }
    }

    /// The number the next numbered move should have: its ply, or with a copied board whose
    /// moves the file numbers on from, its ply after the moves before the board.
    pub fn next_number(&self) -> usize {
        self.ply() + 1 + self.number_offset
    }

    /// Takes `number`, the first move's, as numbering on from the moves before a copied board
    /// (`13` after `手数＝12`), as some programs write it; the start position's move number
    /// follows. False if that is not what it is.
    pub fn numbers_on_from_board(&mut self, number: usize) -> bool {
        let Some(before) = self.moves_before_board else {
            return false;
        };
        if self.line != Line::Main || self.ply() > 0 || number != before + 1 || before == 0 {
            return false;
        }
        if !self.number_start(number) {
            return false;
        }
        self.number_offset = before;
        true
    }

    /// Before the first move of a record that numbers no move (KI2): a copied board's
    /// `手数＝N` makes the start the position before move N+1, the moves following on from it.
    pub fn unnumbered_moves_follow_board(&mut self) {
        if let (Some(before), Line::Main, 0) = (self.moves_before_board, self.line, self.ply()) {
            if before > 0 && self.record.start.move_number() == 1 {
                self.number_start(before + 1);
            }
        }
    }

    /// Gives the start position the move number `number` (SFEN's last field: the number of the
    /// move to be played next). False if the position cannot take it.
    fn number_start(&mut self, number: usize) -> bool {
        let mut setup = self.record.start.to_setup();
        setup.move_number = u32::try_from(number).unwrap_or(u32::MAX);
        let Ok(start) = Position::from_setup_unchecked(self.record.start.variant(), &setup) else {
            return false;
        };
        self.set_start(start);
        true
    }

    /// The ply a written move number stands for (see [`Builder::next_number`]).
    pub fn ply_of_number(&self, number: usize) -> Option<usize> {
        number.checked_sub(self.number_offset).filter(|p| *p > 0)
    }

    /// The moves a summary may count beside those read: the ones before a copied board.
    pub fn moves_before(&self) -> usize {
        self.moves_before_board.unwrap_or(0)
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
    pub fn comment(&mut self, comment: Comment) {
        let end = match self.line {
            Line::Main => self.record.end.as_mut(),
            Line::Branch(b) => self.record.branches[b].end.as_mut(),
        };
        if let Some(end) = end {
            end.comments.push(comment);
            return;
        }
        let in_branch = matches!(self.line, Line::Branch(_));
        match self.current_moves_mut().last_mut() {
            Some(m) => m.comments.push(comment),
            None if !in_branch => self.record.start_comments.push(comment),
            None => {}
        }
    }

    /// The time of the last move, or of the end once the line has ended (the time spent
    /// before resigning, which is not the last move's).
    pub fn time(&mut self, time: MoveTime) {
        let end = match self.line {
            Line::Main => self.record.end.as_mut(),
            Line::Branch(b) => self.record.branches[b].end.as_mut(),
        };
        if let Some(end) = end {
            end.time = Some(time);
            return;
        }
        if let Some(m) = self.current_moves_mut().last_mut() {
            m.time = Some(time);
        }
    }

    /// A bookmark on the last move, or before the main line's first move on the start.
    pub fn bookmark(&mut self, name: &str) {
        let main = self.line == Line::Main;
        match self.current_moves_mut().last_mut() {
            Some(m) => m.bookmark = Some(name.to_string()),
            None if main => self.record.start_bookmark = Some(name.to_string()),
            None => {}
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
            time: None,
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
        // A copied board alone (BOD, or a KIF of a board without moves) after its `手数＝N`
        // line is the position before move N+1, as SFEN numbers it. A board with moves after it
        // has had its number from them: on from N (`N+1 …`), or from 1 as the file numbers them.
        if let (Some(before), None) = (self.moves_before_board, &self.record.end) {
            if self.record.moves.is_empty() && self.record.branches.is_empty() {
                self.number_start(before + 1);
            }
        }
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
                EndKind::Mate if !pos.is_checkmate() && !tsume_mate(&pos) => {
                    Some("詰み, but the side to move is not checkmated")
                }
                EndKind::Repetition if record.repetition.is_none() => {
                    Some("千日手, but no position occurred four times")
                }
                EndKind::Impasse if !pos.is_impasse() => {
                    Some("持将棋, but the kings are not both in their promotion zones")
                }
                // CSA servers and the JSA judge a declaration (%KACHI, 入玉勝ち) by the
                // 27-point rule: the king in the zone and not in check, ten pieces there, 28
                // points for Black, 27 for White.
                EndKind::Declaration
                    if pos.impasse_verdict(ImpasseRule::Declaration27)
                        != ImpasseVerdict::Win(pos.turn()) =>
                {
                    Some("入玉勝ち (a declaration), but the side to move does not meet the 27-point declaration rule")
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

/// A tsume's mate (the mating side has no king): the defender in check with nothing left but
/// interpositions, which a problem's 詰み leaves out when they are futile (whether they are is
/// the prover's question, not the record's).
fn tsume_mate(pos: &Position) -> bool {
    let Some(between) = pos.check_between() else {
        return false;
    };
    pos.is_check()
        && pos.royal_square(!pos.turn()).is_none()
        && pos.legal_moves().iter().all(|m| between.has(m.to()))
}
