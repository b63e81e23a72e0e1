//! What can be wrong with a position: each problem has a stable code, the side it concerns, the
//! squares involved and a message.

use super::color::Color;
use super::setup::Setup;
use super::square::{BoardSize, Square};
use std::fmt;

/// Stable problem codes. Their kebab-case names are part of the CLI's output and documented in
/// the README; never rename one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ProblemCode {
    WrongBoardSize,
    PieceNotInVariant,
    DropsNotAllowed,
    PromotedInHand,
    RoyalInHand,
    TooManyPieces,
    DeadPiece,
    Nifu,
    MissingKing,
    TooManyKings,
    OpponentInCheck,
    TsumeHand,
}

impl ProblemCode {
    pub const ALL: [ProblemCode; 12] = [
        ProblemCode::WrongBoardSize,
        ProblemCode::PieceNotInVariant,
        ProblemCode::DropsNotAllowed,
        ProblemCode::PromotedInHand,
        ProblemCode::RoyalInHand,
        ProblemCode::TooManyPieces,
        ProblemCode::DeadPiece,
        ProblemCode::Nifu,
        ProblemCode::MissingKing,
        ProblemCode::TooManyKings,
        ProblemCode::OpponentInCheck,
        ProblemCode::TsumeHand,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ProblemCode::WrongBoardSize => "wrong-board-size",
            ProblemCode::PieceNotInVariant => "piece-not-in-variant",
            ProblemCode::DropsNotAllowed => "drops-not-allowed",
            ProblemCode::PromotedInHand => "promoted-in-hand",
            ProblemCode::RoyalInHand => "royal-in-hand",
            ProblemCode::TooManyPieces => "too-many-pieces",
            ProblemCode::DeadPiece => "dead-piece",
            ProblemCode::Nifu => "nifu",
            ProblemCode::MissingKing => "missing-king",
            ProblemCode::TooManyKings => "too-many-kings",
            ProblemCode::OpponentInCheck => "opponent-in-check",
            ProblemCode::TsumeHand => "tsume-hand",
        }
    }

    pub fn parse(code: &str) -> Option<ProblemCode> {
        ProblemCode::ALL.into_iter().find(|c| c.as_str() == code)
    }
}

impl fmt::Display for ProblemCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub code: ProblemCode,
    pub side: Option<Color>,
    pub squares: Vec<Square>,
    pub message: String,
}

impl Problem {
    pub fn new(
        code: ProblemCode,
        side: Option<Color>,
        squares: Vec<Square>,
        message: impl Into<String>,
    ) -> Problem {
        Problem {
            code,
            side,
            squares,
            message: message.into(),
        }
    }

    /// The squares in USI notation.
    pub fn square_names(&self, size: BoardSize) -> Vec<String> {
        self.squares
            .iter()
            .map(|s| size.usi(*s).to_string())
            .collect()
    }

    /// One line: `CODE SQUARES: message` (squares comma-separated, `-` when none).
    pub fn line(&self, size: BoardSize) -> String {
        let squares = self.square_names(size);
        let squares = if squares.is_empty() {
            "-".to_string()
        } else {
            squares.join(",")
        };
        format!("{} {}: {}", self.code, squares, self.message)
    }
}

/// A setup that is not a legal position, with every problem found. It keeps the setup, so a
/// caller that tolerates some problems (a diagram that shows them on purpose) gets it back with
/// [`PositionError::accept`] or [`PositionError::expect`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    pub setup: Setup,
    pub problems: Vec<Problem>,
}

impl PositionError {
    pub fn new(setup: Setup, problems: Vec<Problem>) -> PositionError {
        PositionError { setup, problems }
    }

    /// The board size of the setup, for naming the problems' squares.
    pub fn size(&self) -> BoardSize {
        self.setup.size
    }

    pub fn codes(&self) -> Vec<ProblemCode> {
        self.problems.iter().map(|p| p.code).collect()
    }

    /// The setup, if every problem is one of `codes`; otherwise the error without them.
    pub fn accept(self, codes: &[ProblemCode]) -> Result<Setup, PositionError> {
        let PositionError { setup, problems } = self;
        let left: Vec<Problem> = problems
            .into_iter()
            .filter(|p| !codes.contains(&p.code))
            .collect();
        if left.is_empty() {
            Ok(setup)
        } else {
            Err(PositionError::new(setup, left))
        }
    }

    /// The setup, if its problems are exactly `codes` (each one found, no other): a diagram that
    /// declares the problems it shows. Otherwise the error keeps the unexpected problems and
    /// adds one for each declared code that was not found.
    pub fn expect(self, codes: &[ProblemCode]) -> Result<Setup, PositionError> {
        let mut found = self.codes();
        found.sort();
        found.dedup();
        let mut wanted = codes.to_vec();
        wanted.sort();
        wanted.dedup();
        if found == wanted {
            return Ok(self.setup);
        }
        let PositionError { setup, problems } = self;
        let mut out: Vec<Problem> = problems
            .into_iter()
            .filter(|p| !wanted.contains(&p.code))
            .collect();
        for code in wanted.iter().filter(|c| !found.contains(c)) {
            out.push(Problem::new(
                *code,
                None,
                vec![],
                format!("the diagram declares the problem {code} (expect_problems), but the position does not have it"),
            ));
        }
        Err(PositionError::new(setup, out))
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self.problems.iter().map(|p| p.line(self.size())).collect();
        f.write_str(&lines.join("; "))
    }
}

impl std::error::Error for PositionError {}
