//! A validated, playable position: legal moves, making moves, check, perft.

use super::bitboard::Bitboard;
use super::board::Board;
use super::color::Color;
use super::large::{self, LargeBoard, LargeTables};
use super::mate_in_one::OnePly;
use super::movegen;
use super::moves::Move;
use super::piece::{KindId, Piece};
use super::problem::PositionError;
use super::replies::{self, CheckReplies};
use super::setup::{Hand, Setup};
use super::square::Square;
use super::threats;
use super::variant::Variant;
use std::fmt;
use std::sync::Arc;

#[derive(Clone, Debug)]
pub struct Position {
    variant: Arc<Variant>,
    /// The bitboard engine's board (empty for a large variant).
    board: Board,
    /// The large-board engine's board, for a variant over 9×9 (chu shogi).
    large: Option<Box<LargeBoard>>,
}

/// A move that is not legal in the position it was tried in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    pub mv: Move,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a legal move here")
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    pub(crate) fn from_board(variant: Arc<Variant>, board: Board) -> Position {
        Position {
            variant,
            board,
            large: None,
        }
    }

    /// A position of the large-board engine, from a setup of its size.
    pub(crate) fn from_large(variant: Arc<Variant>, setup: &Setup) -> Position {
        Position {
            variant,
            board: Board::empty(),
            large: Some(Box::new(LargeBoard::from_setup(setup))),
        }
    }

    /// The large-board engine's tables and board, for a variant over 9×9.
    fn large(&self) -> Option<(&LargeTables, &LargeBoard)> {
        Some((self.variant.large.as_ref()?, self.large.as_deref()?))
    }

    /// A position built from `setup` without validation, for exploring positions no game could
    /// reach (more pieces than a set, no kings). Refuses only what the rules cannot play: a
    /// board of another shape, or a piece the variant does not have.
    pub fn from_setup_unchecked(variant: &Arc<Variant>, setup: &Setup) -> Result<Position, String> {
        if setup.size != variant.size {
            return Err(format!(
                "the board has {} ranks of {} files; {} needs {} ranks of {} files",
                setup.size.ranks,
                setup.size.files,
                variant.english,
                variant.size.ranks,
                variant.size.files
            ));
        }
        if variant.is_large() {
            if let Some((_, piece)) = setup.pieces().find(|(_, p)| !variant.has_kind(p.kind)) {
                return Err(format!(
                    "{} is not a piece of {}",
                    variant.catalog.get(piece.kind).english,
                    variant.english
                ));
            }
            if setup.hands.iter().any(|h| h.values().any(|n| *n > 0)) {
                return Err(format!("{} has no pieces in hand", variant.english));
            }
            return Ok(Position::from_large(variant.clone(), setup));
        }
        let mut board = Board::empty();
        for (sq, piece) in setup.pieces() {
            if !variant.has_kind(piece.kind) {
                return Err(format!(
                    "{} is not a piece of {}",
                    variant.catalog.get(piece.kind).english,
                    variant.english
                ));
            }
            board.put(sq, piece);
        }
        for color in Color::ALL {
            for (kind, n) in setup.hand(color) {
                if !variant.hand_kinds().contains(kind) {
                    return Err(format!(
                        "{} cannot be held in hand in {}",
                        variant.catalog.get(*kind).english,
                        variant.english
                    ));
                }
                board.hands[color.index()][kind.index()] = (*n).min(u8::MAX as u32) as u8;
            }
        }
        board.turn = setup.turn;
        board.move_number = setup.move_number;
        Ok(Position::from_board(variant.clone(), board))
    }

    /// The board state, for the rules modules that read it directly (repetition, impasse).
    pub(crate) fn board(&self) -> &Board {
        &self.board
    }

    /// The variant's start position. A loaded variant's start setup was checked when it loaded,
    /// so this fails only for a variant whose `start` was changed by hand.
    pub fn start(variant: &Arc<Variant>) -> Result<Position, PositionError> {
        super::validate::validate(variant, variant.start.clone(), Default::default())
    }

    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    pub fn turn(&self) -> Color {
        match &self.large {
            Some(l) => l.turn,
            None => self.board.turn,
        }
    }

    pub fn move_number(&self) -> u32 {
        match &self.large {
            Some(l) => l.move_number,
            None => self.board.move_number,
        }
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        match &self.large {
            Some(l) => l.at(sq),
            None => self.board.squares.get(sq.index()).copied().flatten(),
        }
    }

    /// How many pieces of `kind` `color` holds in hand.
    pub fn in_hand(&self, color: Color, kind: KindId) -> u32 {
        if self.large.is_some() {
            return 0;
        }
        self.board.hands[color.index()]
            .get(kind.index())
            .map_or(0, |n| *n as u32)
    }

    /// Chu shogi's counter-strike square ([`Setup::lion_capture`]).
    pub fn lion_capture(&self) -> Option<Square> {
        self.large.as_ref().and_then(|l| l.lion_capture)
    }

    /// Plain data of this position, e.g. for writing SFEN or editing.
    pub fn to_setup(&self) -> Setup {
        let size = self.variant.size;
        let mut setup = Setup::empty(size);
        for sq in size.squares() {
            setup.board[sq.index()] = self.piece_at(sq);
        }
        for color in Color::ALL {
            let hand: Hand = self
                .variant
                .hand_kinds()
                .iter()
                .filter(|k| self.in_hand(color, **k) > 0)
                .map(|k| (*k, self.in_hand(color, *k)))
                .collect();
            setup.hands[color.index()] = hand;
        }
        setup.turn = self.turn();
        setup.move_number = self.move_number();
        setup.lion_capture = self.lion_capture();
        setup
    }

    /// Every legal move, in generation order.
    pub fn legal_moves(&self) -> Vec<Move> {
        if let Some((t, b)) = self.large() {
            return large::movegen::legal_moves(t, b);
        }
        movegen::legal_moves(&self.variant.tables, &self.board)
    }

    /// The legal moves of the side to move's single royal piece, in generation order (the
    /// first moves of [`Position::legal_moves`]); none without a single royal piece.
    pub fn royal_moves(&self) -> Vec<Move> {
        if self.large.is_some() {
            return Vec::new();
        }
        movegen::royal_moves(&self.variant.tables, &self.board)
    }

    /// The legal moves that give check to the opponent's only royal piece, in generation order
    /// (none if it has no single royal piece).
    pub fn checking_moves(&self) -> Vec<Move> {
        if self.large.is_some() {
            return Vec::new();
        }
        super::checks::checking_moves(&self.variant.tables, &self.board)
    }

    /// The checks of [`Position::checking_moves`] that move onto `sq` (captures of what stands
    /// there, most often), found without generating the others.
    pub fn checking_moves_onto(&self, sq: Square) -> Vec<Move> {
        if self.large.is_some() {
            return Vec::new();
        }
        super::checks::checking_moves_onto(
            &self.variant.tables,
            &self.board,
            Bitboard::from_square(sq),
        )
    }

    /// The checks of [`Position::checking_moves`] that could mate at once: those that leave the
    /// opponent's royal piece no flight square uncovered (each of the others is answered by a
    /// flight), in generation order.
    pub fn checks_that_may_mate(&self) -> Vec<Move> {
        if self.large.is_some() {
            return Vec::new();
        }
        super::checks::checks_that_may_mate(&self.variant.tables, &self.board)
    }

    /// Does the side to move have a legal move or drop onto `sq`? (Decided without listing
    /// the moves elsewhere.)
    pub fn has_legal_move_onto(&self, sq: Square) -> bool {
        if let Some((t, b)) = self.large() {
            return large::movegen::legal_moves(t, b)
                .iter()
                .any(|mv| mv.to() == sq);
        }
        replies::has_legal_move_onto(&self.variant.tables, &self.board, Bitboard::from_square(sq))
    }

    /// Does the side to move have any legal move?
    pub fn has_legal_move(&self) -> bool {
        if let Some((t, b)) = self.large() {
            return !large::movegen::legal_moves(t, b).is_empty();
        }
        movegen::has_legal_move(&self.variant.tables, &self.board)
    }

    /// How the side to move can answer a check: no move, only interpositions, or some other
    /// move (found without listing the moves, stopping at the first such). `None` for the
    /// large boards, whose generator lists moves only.
    pub fn check_replies(&self) -> Option<CheckReplies> {
        if self.large.is_some() {
            return None;
        }
        Some(replies::check_replies(&self.variant.tables, &self.board))
    }

    /// What the opponent's checks settle in one ply after `mv` (a legal move): a mate at
    /// once, surely none, or unclear ([`OnePly`]), played on one copy of the board. Unclear on
    /// the large boards, whose generator lists moves only.
    pub fn one_ply_after(&self, mv: Move, want_mate: bool) -> OnePly {
        if self.large.is_some() {
            return OnePly::Unclear;
        }
        super::mate_in_one::one_ply_after(&self.variant.tables, &self.board, mv, want_mate)
    }

    /// The number of legal moves, without listing them.
    pub fn count_legal_moves(&self) -> u64 {
        if let Some((t, b)) = self.large() {
            return large::movegen::legal_moves(t, b).len() as u64;
        }
        movegen::count_legal(&self.variant.tables, &self.board)
    }

    /// The number of legal moves if below `cap`, else a number at least `cap`: cheaper than
    /// [`Position::count_legal_moves`] where only a few matter (generation stops early).
    pub fn count_legal_moves_up_to(&self, cap: u64) -> u64 {
        if let Some((t, b)) = self.large() {
            return large::movegen::legal_moves(t, b).len() as u64;
        }
        movegen::count_legal_up_to(&self.variant.tables, &self.board, cap)
    }

    /// The legal moves as a search that tries the drops onto one square one kind at a time
    /// (the weakest first, standing for the others) meets them: each board move, and each
    /// square dropped on once, or twice where more than one kind could be dropped there. The
    /// count if below `cap`, else a number at least `cap` (generation stops early).
    pub fn count_answers_up_to(&self, cap: u64) -> u64 {
        if let Some((t, b)) = self.large() {
            // (The large boards have no drops.)
            return large::movegen::legal_moves(t, b).len() as u64;
        }
        movegen::count_answers_up_to(&self.variant.tables, &self.board, cap)
    }

    /// [`Position::count_answers_up_to`] in the position after `mv` (a legal move), played
    /// on a copy of the board alone: a search counting the answers to each new check builds no
    /// position for it.
    pub fn count_answers_after(&self, mv: Move, cap: u64) -> u64 {
        if self.large.is_some() {
            let mut after = self.clone();
            after.play_unchecked(mv);
            return after.count_answers_up_to(cap);
        }
        let t = &self.variant.tables;
        let mut board = self.board.clone();
        board.play(t, mv);
        movegen::count_answers_up_to(t, &board, cap)
    }

    /// Is `mv` one of [`Position::legal_moves`]? (Decided for this one move, without listing
    /// the others.)
    pub fn is_legal(&self, mv: Move) -> bool {
        if let Some((t, b)) = self.large() {
            return large::movegen::legal_moves(t, b).contains(&mv);
        }
        super::legality::is_legal(&self.variant.tables, &self.board, mv)
    }

    /// Plays a move after checking that it is legal.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if !self.is_legal(mv) {
            return Err(IllegalMove { mv });
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a move the caller knows to be legal (it came from [`Position::legal_moves`]).
    pub fn play_unchecked(&mut self, mv: Move) {
        if let (Some(t), Some(b)) = (self.variant.large.as_ref(), self.large.as_deref_mut()) {
            large::movegen::play(t, b, mv);
            return;
        }
        self.board.play(&self.variant.tables, mv);
    }

    /// Gives one `kind` from `from`'s hand to the other side's, if `from` holds one (never on a
    /// large board, where nothing is held): a search compares positions that differ only in who
    /// holds a piece.
    pub fn pass_in_hand(&mut self, from: Color, kind: KindId) -> bool {
        if self.large.is_some() || self.in_hand(from, kind) == 0 {
            return false;
        }
        self.board.hands[from.index()][kind.index()] -= 1;
        self.board.hands[(!from).index()][kind.index()] += 1;
        true
    }

    /// The pieces giving check to the side to move (empty unless it has exactly one royal piece).
    pub fn checkers(&self) -> Bitboard {
        if self.large.is_some() {
            return Bitboard::EMPTY;
        }
        threats::checkers(&self.variant.tables, &self.board, self.turn())
    }

    /// The squares strictly between the side to move's single royal piece and the one piece
    /// checking it, where a block would answer the check: empty for no check, a check by a
    /// step or a jump, or a double check. `None` on the large boards (no bitboards there).
    pub fn check_between(&self) -> Option<Bitboard> {
        if self.large.is_some() {
            return None;
        }
        Some(threats::check_between(
            &self.variant.tables,
            &self.board,
            self.turn(),
        ))
    }

    /// The square of `color`'s royal piece where it has exactly one (`None` on the large
    /// boards, whose engine keeps no bitboards).
    pub fn royal_square(&self, color: Color) -> Option<Square> {
        if self.large.is_some() {
            return None;
        }
        let royals = self.board.royals(&self.variant.tables, color);
        (royals.count() == 1).then(|| royals.first()).flatten()
    }

    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// Has the side to move no royal piece left? Under royal capture (the large-board engine,
    /// chu shogi) that ends the game; the bitboard engine's variants end by checkmate first.
    pub fn royals_lost(&self) -> bool {
        match self.large() {
            Some((t, b)) => !large::movegen::has_royal(t, b, b.turn),
            None => self
                .board
                .royals(&self.variant.tables, self.turn())
                .is_empty(),
        }
    }

    /// How the game has ended under royal capture (the large-board engine: chu shogi), or `None`
    /// while it goes on. Always `None` for the bitboard engine's variants, which end by
    /// checkmate ([`Position::is_checkmate`]).
    pub fn outcome(&self) -> Option<large::outcome::Outcome> {
        let (t, b) = self.large()?;
        large::outcome::outcome(t, b)
    }

    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !movegen::has_legal_move(&self.variant.tables, &self.board)
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        if let Some((t, b)) = self.large() {
            return large::movegen::perft(t, b, depth);
        }
        movegen::perft(&self.variant.tables, &self.board, depth)
    }

    /// Perft split by first move, in generation order.
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        if self.large.is_some() {
            return self
                .legal_moves()
                .into_iter()
                .map(|mv| {
                    let mut child = self.clone();
                    child.play_unchecked(mv);
                    (mv, child.perft(depth.saturating_sub(1)))
                })
                .collect();
        }
        let t = &self.variant.tables;
        self.legal_moves()
            .into_iter()
            .map(|mv| {
                let mut child = self.board.clone();
                child.play(t, mv);
                (mv, movegen::perft(t, &child, depth.saturating_sub(1)))
            })
            .collect()
    }
}
