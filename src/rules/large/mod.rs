//! The large-board engine: boards over 9×9 (chu shogi's 12×12, up to 16×16), lion moves and
//! royal capture. It reads the same movement data as the bitboard engine (`tables`, `movegen`),
//! which it leaves untouched, so that standard shogi keeps its speed: a variant is played by one
//! engine or the other, chosen by its board size ([`BoardSize::is_large`]).
//!
//! The board is a mailbox (one slot per square); move lists come from tables of target squares
//! per kind, colour and square, built when the variant loads. Chu positions have few legal
//! moves per piece and searches over them are shallow here (validation, perft tests, move
//! lists), so plain lists beat bitboards of 144 bits in simplicity at no cost that matters.
//!
//! The rules (lishogi's, as its shogiops library plays them; the JCSA reading as an option):
//! - no check: a royal piece may move into attack, and a side loses when it has no royal piece
//!   left (king and crown prince both count) or no legal move;
//! - promotion (variant `promotion: enter-or-capture`): on entering the zone, or on a capture
//!   that starts or ends in it; kinds with the `second-chance` rule (pawn, lance) also on
//!   reaching the last rank; never forced;
//! - lion power ([`LionPower`](super::movement::LionPower)): two steps in one move,
//!   `Move::Lion { from, mid, to }`;
//! - lion trading ([`LionTrading`]): see `movegen`.

pub(crate) mod movegen;
pub mod outcome;

use super::catalog::PieceCatalog;
use super::color::Color;
use super::movement::MotionKind;
use super::piece::{KindId, Piece};
use super::setup::Setup;
use super::square::{BoardSize, Square};
use super::variant::{LionTrading, Promotion};

/// A position of the large-board engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LargeBoard {
    pub squares: Vec<Option<Piece>>,
    pub turn: Color,
    pub move_number: u32,
    /// The counter-strike square: where a lion was taken by a piece other than a lion on the
    /// last move ([`Setup::lion_capture`]).
    pub lion_capture: Option<Square>,
}

impl LargeBoard {
    pub fn from_setup(setup: &Setup) -> LargeBoard {
        LargeBoard {
            squares: setup.board.clone(),
            turn: setup.turn,
            move_number: setup.move_number,
            lion_capture: setup.lion_capture,
        }
    }

    #[inline]
    pub fn at(&self, sq: Square) -> Option<Piece> {
        self.squares.get(sq.index()).copied().flatten()
    }
}

/// Target squares per kind, colour and square, and the per-kind rules the engine reads.
#[derive(Debug)]
pub(crate) struct LargeTables {
    size: BoardSize,
    /// Step and jump targets, by `(kind * 2 + colour) * squares + square`.
    leaps: Vec<Vec<Square>>,
    /// Slides, same index: each ray the squares outward, as far as its range allows.
    rays: Vec<Vec<Vec<Square>>>,
    /// First steps of lion power, same index.
    lion_first: Vec<Vec<Square>>,
    /// Per kind: `Some(any_direction)` for a kind with lion power.
    lion: Vec<Option<bool>>,
    /// Per kind: a lion for the lion-trading rules (lion power in every direction: the Lion and
    /// the promoted Kirin).
    pub is_lion: Vec<bool>,
    pub promote: Vec<Option<KindId>>,
    pub royal: Vec<bool>,
    second_chance: Vec<bool>,
    low_value: Vec<bool>,
    /// The king's neighbours of each square.
    neighbours: Vec<Vec<Square>>,
    zone: [Vec<bool>; 2],
    last_rank: [Vec<bool>; 2],
    pub promotion: Promotion,
    pub lion_trading: LionTrading,
}

impl LargeTables {
    pub fn build(
        catalog: &PieceCatalog,
        size: BoardSize,
        zone_depth: u8,
        royal_kinds: &[KindId],
        promotion: Promotion,
        lion_trading: LionTrading,
    ) -> LargeTables {
        let n = size.len();
        let kinds = catalog.len();
        let mut leaps = vec![Vec::new(); kinds * 2 * n];
        let mut rays = vec![Vec::new(); kinds * 2 * n];
        let mut lion_first = vec![Vec::new(); kinds * 2 * n];
        let at = |sq: Square, d: (i32, i32), times: i32| {
            let (c, r) = size.col_row(sq);
            size.from_col_row(c as i32 + d.0 * times, r as i32 + d.1 * times)
        };
        for (k, kind) in catalog.iter() {
            for color in Color::ALL {
                for sq in size.squares() {
                    let i = (k.index() * 2 + color.index()) * n + sq.index();
                    for m in &kind.movement.motions {
                        let d = absolute(m.dx, m.dy, color);
                        match m.kind {
                            MotionKind::Step | MotionKind::Jump => {
                                leaps[i].extend(at(sq, d, 1));
                            }
                            MotionKind::Slide { max } => {
                                let limit = max.map_or(i32::MAX, i32::from);
                                let ray: Vec<Square> = (1..)
                                    .take_while(|&t| t <= limit)
                                    .map_while(|t| at(sq, d, t))
                                    .collect();
                                if !ray.is_empty() {
                                    rays[i].push(ray);
                                }
                            }
                        }
                    }
                    if let Some(lion) = &kind.movement.lion {
                        for &(dx, dy) in &lion.steps {
                            lion_first[i].extend(at(sq, absolute(dx, dy, color), 1));
                        }
                    }
                }
            }
        }
        let neighbours = size
            .squares()
            .map(|sq| {
                let mut v = Vec::new();
                for dr in -1..=1 {
                    for dc in -1..=1 {
                        if (dc, dr) != (0, 0) {
                            v.extend(at(sq, (dc, dr), 1));
                        }
                    }
                }
                v
            })
            .collect();
        let zone = Color::ALL.map(|c| {
            size.squares()
                .map(|sq| size.distance_to_far_rank(sq, c) < zone_depth)
                .collect()
        });
        let last_rank = Color::ALL.map(|c| {
            size.squares()
                .map(|sq| size.distance_to_far_rank(sq, c) == 0)
                .collect()
        });
        let lion: Vec<Option<bool>> = catalog
            .iter()
            .map(|(_, k)| k.movement.lion.as_ref().map(|l| l.any_direction))
            .collect();
        LargeTables {
            size,
            leaps,
            rays,
            lion_first,
            is_lion: lion.iter().map(|l| *l == Some(true)).collect(),
            lion,
            promote: catalog.iter().map(|(_, k)| k.promotes_to).collect(),
            royal: catalog.ids().map(|k| royal_kinds.contains(&k)).collect(),
            second_chance: catalog.iter().map(|(_, k)| k.rules.second_chance).collect(),
            low_value: catalog.iter().map(|(_, k)| k.rules.low_value).collect(),
            neighbours,
            zone,
            last_rank,
            promotion,
            lion_trading,
        }
    }

    #[inline]
    fn index(&self, piece: Piece, sq: Square) -> usize {
        (piece.kind.index() * 2 + piece.color.index()) * self.size.len() + sq.index()
    }

    /// Calls `f` with every square `piece` on `sq` attacks, given which squares are occupied.
    fn attacks(
        &self,
        piece: Piece,
        sq: Square,
        occupied: impl Fn(Square) -> bool,
        mut f: impl FnMut(Square),
    ) {
        let i = self.index(piece, sq);
        for &to in &self.leaps[i] {
            f(to);
        }
        for ray in &self.rays[i] {
            for &to in ray {
                f(to);
                if occupied(to) {
                    break;
                }
            }
        }
    }

    /// Does `piece` on `from` attack `target`, given which squares are occupied?
    fn attacks_square(
        &self,
        piece: Piece,
        from: Square,
        target: Square,
        occupied: &impl Fn(Square) -> bool,
    ) -> bool {
        let mut hit = false;
        self.attacks(piece, from, occupied, |to| hit |= to == target);
        hit
    }

    /// Is `target` attacked by a piece of `by`, with the squares in `vacated` taken as empty?
    /// (As lishogi counts a lion's protectors, a piece on a vacated square still attacks.)
    pub fn protected(&self, b: &LargeBoard, target: Square, by: Color, vacated: &[Square]) -> bool {
        let occupied = |s: Square| b.at(s).is_some() && !vacated.contains(&s);
        b.squares.iter().enumerate().any(|(i, p)| {
            p.is_some_and(|p| {
                p.color == by && self.attacks_square(p, Square::new(i as u8), target, &occupied)
            })
        })
    }

    /// May `piece` promote moving from `from` to `to`, capturing or not?
    pub fn can_promote(&self, piece: Piece, from: Square, to: Square, capture: bool) -> bool {
        if self.promote[piece.kind.index()].is_none() {
            return false;
        }
        let zone = &self.zone[piece.color.index()];
        let (f, t) = (zone[from.index()], zone[to.index()]);
        match self.promotion {
            Promotion::Zone => f || t,
            Promotion::EnterOrCapture => {
                // Entering the zone, or a capture that starts in it (or ends there).
                (t && !f)
                    || (f && capture)
                    || (self.second_chance[piece.kind.index()]
                        && self.last_rank[piece.color.index()][to.index()])
            }
        }
    }
}

/// A motion seen on the board: Black's forward is up (row - 1), White's is down.
fn absolute(dx: i8, dy: i8, color: Color) -> (i32, i32) {
    match color {
        Color::Black => (dx as i32, -(dy as i32)),
        Color::White => (-(dx as i32), dy as i32),
    }
}
