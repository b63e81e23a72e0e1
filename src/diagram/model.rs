//! What a diagram is, before it is drawn: a position (as plain data, so that illegal teaching
//! positions can be drawn on purpose), how to draw it, and what to mark on it.

use crate::draw::Color as Ink;
use crate::rules::{validate, Color, KindId, Problem, ProblemCode, Setup, Square, Variant};
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Style {
    /// One-character kanji as in Japanese books and magazines.
    #[default]
    Traditional,
    /// Pentagon pieces with their kanji and movement marks.
    Arrows,
    /// Pentagon pieces with Latin letters (K, R, +R …) and movement marks.
    Western,
}

impl Style {
    /// The square width (mm) a diagram of this style gets unless told otherwise: beginner
    /// pieces carry marks that need room.
    pub fn default_square(self) -> f64 {
        match self {
            Style::Traditional => 7.0,
            Style::Arrows | Style::Western => 10.0,
        }
    }

    pub fn parse(s: &str) -> Option<Style> {
        match s {
            "traditional" | "kanji" => Some(Style::Traditional),
            "arrows" => Some(Style::Arrows),
            "western" => Some(Style::Western),
            _ => None,
        }
    }
}

/// How the kings are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Kings {
    /// 玉 for Black, 王 for White, as a set has one of each; in a tsume 玉 (the defender's king,
    /// as tsume books print it).
    #[default]
    Traditional,
    /// 王 for both.
    Ou,
    /// 玉 for both.
    Gyoku,
}

impl Kings {
    /// The side whose king character (玉 Black's, 王 White's) a king of `owner` is written with.
    pub fn written_as(self, owner: Color, tsume: bool) -> Color {
        match self {
            Kings::Traditional if tsume => Color::Black,
            Kings::Traditional => owner,
            Kings::Ou => Color::White,
            Kings::Gyoku => Color::Black,
        }
    }

    pub fn parse(s: &str) -> Option<Kings> {
        match s {
            "traditional" => Some(Kings::Traditional),
            "ou" | "王" => Some(Kings::Ou),
            "gyoku" | "玉" => Some(Kings::Gyoku),
            _ => None,
        }
    }
}

/// Height over width of a square from `11:12` (a real board) or `1:1`.
pub fn parse_aspect(s: &str) -> Option<f64> {
    match s {
        "real" | "11:12" => Some(12.0 / 11.0),
        "square" | "1:1" => Some(1.0),
        _ => None,
    }
}

/// What a tsume diagram shows for the defender's hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DefenderHand {
    /// 残り全部 ("all the rest").
    #[default]
    Rest,
    /// Nothing.
    Hidden,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    pub style: Style,
    /// The side at the bottom of the diagram.
    pub viewer: Color,
    pub tsume: bool,
    /// A tsume is proven before it is drawn (see [`super::verify`]); `verify: false` in a
    /// file, for drafts and for positions that are not problems.
    pub verify: bool,
    /// The file's own `strict:`, `allow_leftover:` and `prover:` for its proof.
    pub prover: super::verify::Overrides,
    pub defender_hand: DefenderHand,
    /// Label the sides 下手/上手 instead of 先手/後手.
    pub handicap: bool,
    /// Width of a square in millimetres.
    pub square: f64,
    /// Height over width of a square: 12/11 like a real board, or 1.
    pub aspect: f64,
    pub kings: Kings,
    /// 成香 成桂 成銀 instead of 杏 圭 全.
    pub two_char_promoted: bool,
    /// Beginner styles: pieces graded by rank as in a real set (the king largest, the pawn
    /// smallest), from the kinds' sizes in the piece data.
    pub graded: bool,
    /// Shade the squares of the last move. `None`: the style decides — traditional diagrams do
    /// not (books write the move in the caption, `▲7六歩まで`), beginner styles do.
    pub last_move_shading: Option<bool>,
}

impl Options {
    /// Whether the last move's squares are shaded.
    pub fn shades_last_move(&self) -> bool {
        self.last_move_shading
            .unwrap_or(self.style != Style::Traditional)
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            style: Style::Traditional,
            viewer: Color::Black,
            tsume: false,
            verify: true,
            prover: Default::default(),
            defender_hand: DefenderHand::Rest,
            handicap: false,
            square: 7.0,
            aspect: 12.0 / 11.0,
            kings: Kings::Traditional,
            two_char_promoted: false,
            graded: false,
            last_move_shading: None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArrowStart {
    Square(Square),
    /// A drop: from the piece of this kind in the mover's hand.
    Hand(Color, KindId),
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arrow {
    pub from: ArrowStart,
    pub to: Square,
    pub color: Ink,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MarkKind {
    Circle,
    Cross,
    Triangle,
    /// A short label, usually a number: the order of moves in a sequence.
    Label(String),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub square: Square,
    pub kind: MarkKind,
    pub color: Ink,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastMove {
    /// None for a drop.
    pub from: Option<Square>,
    pub to: Square,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Annotations {
    pub highlights: Vec<(Square, Ink)>,
    pub arrows: Vec<Arrow>,
    pub marks: Vec<Mark>,
    pub last_move: Option<LastMove>,
}

/// A record's caption in the notation of each style: `第1図 △7二金まで` for the Japanese styles,
/// `Figure 1: 150. G-7b` for the western one. The style is often chosen after the caption is
/// made (`--style western` on the command line, `style:` below `position:` in a file), so both
/// are kept and the drawing picks one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordCaption {
    pub japanese: String,
    pub western: String,
}

/// Everything needed to draw one diagram.
#[derive(Clone, Debug)]
pub struct Diagram {
    pub variant: Arc<Variant>,
    pub setup: Setup,
    pub options: Options,
    pub annotations: Annotations,
    pub title: Option<String>,
    pub caption: Option<String>,
    /// The caption a game record gives the diagram, in both notations (see
    /// [`Diagram::shown_caption`]); `None` for other diagrams.
    pub record_caption: Option<RecordCaption>,
    /// Names shown instead of 先手/後手 (or 下手/上手), indexed by colour.
    pub players: [Option<String>; 2],
    /// Problems the diagram shows on purpose; validation passes only if exactly these occur.
    pub expect_problems: Option<Vec<ProblemCode>>,
}

impl Diagram {
    /// The diagram of a position as read from text ([`super::spec::read_position`]): its
    /// setup, the last move the text played marked, and the sides labelled 下手/上手 when it
    /// started from a handicap. Every reader of positions for drawing goes through here.
    pub fn from_read(variant: Arc<Variant>, read: super::spec::ReadPosition) -> Diagram {
        let mut diagram = Diagram::new(variant, read.setup);
        diagram.annotations.last_move = read.last_move;
        diagram.options.handicap = read.handicap;
        diagram
    }

    pub fn new(variant: Arc<Variant>, setup: Setup) -> Diagram {
        Diagram {
            variant,
            setup,
            options: Options::default(),
            annotations: Annotations::default(),
            title: None,
            caption: None,
            record_caption: None,
            players: [None, None],
            expect_problems: None,
        }
    }

    /// The caption as drawn: a western diagram whose caption is still its record's Japanese
    /// one shows the record's western caption; any other caption (given by `--caption` or
    /// `caption:`) is drawn as written.
    pub fn shown_caption(&self) -> Option<&str> {
        match (&self.record_caption, self.caption.as_deref()) {
            (Some(r), Some(c)) if self.options.style == Style::Western && c == r.japanese => {
                Some(&r.western)
            }
            (_, c) => c,
        }
    }

    /// The rules problems of the position (with the tsume rules if it is a tsume).
    pub fn problems(&self) -> Vec<Problem> {
        validate::problems(
            &self.variant,
            &self.setup,
            validate::Options {
                tsume: self.options.tsume,
            },
        )
    }

    /// Checks the position before drawing: it must be valid, or show exactly the problems it
    /// declares. On failure, the problems that stop it (unexpected ones, or a note of an expected
    /// one that is missing).
    pub fn check(&self) -> Result<(), crate::rules::PositionError> {
        let error = crate::rules::PositionError::new(self.setup.clone(), self.problems());
        match &self.expect_problems {
            None if error.problems.is_empty() => Ok(()),
            None => Err(error),
            Some(expected) => error.expect(expected).map(drop),
        }
    }
}
