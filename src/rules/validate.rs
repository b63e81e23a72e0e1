//! Setup → Position: checks a plain setup against a variant and either returns a playable
//! position or every problem found, so that a user fixes them all in one go.

use super::board::Board;
use super::color::Color;
use super::piece::{KindId, Piece};
use super::position::Position;
use super::problem::{PositionError, Problem, ProblemCode};
use super::setup::{Hand, Setup};
use super::square::Square;
use super::threats;
use super::variant::Variant;
use std::collections::BTreeMap;
use std::sync::Arc;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// A tsume (mating problem): the attacker, who is to move, may have no king.
    pub tsume: bool,
}

pub fn validate(
    variant: &Arc<Variant>,
    setup: Setup,
    options: Options,
) -> Result<Position, PositionError> {
    let problems = problems(variant, &setup, options);
    if !problems.is_empty() {
        return Err(PositionError::new(setup, problems));
    }
    if variant.is_large() {
        return Ok(Position::from_large(variant.clone(), &setup));
    }
    Ok(Position::from_board(variant.clone(), to_board(&setup)))
}

fn to_board(setup: &Setup) -> Board {
    let mut b = Board::empty();
    for (sq, piece) in setup.pieces() {
        b.put(sq, piece);
    }
    for color in Color::ALL {
        for (kind, n) in setup.hand(color) {
            b.hands[color.index()][kind.index()] = (*n).min(u8::MAX as u32) as u8;
        }
    }
    b.turn = setup.turn;
    b.move_number = setup.move_number;
    b
}

/// Every problem of `setup` as a position of `variant`, in a stable order: the checks below,
/// one per rule, in this order. A board of the wrong size stops there (nothing else can be
/// read off it).
pub fn problems(variant: &Variant, setup: &Setup, options: Options) -> Vec<Problem> {
    const CHECKS: &[fn(&Check<'_>, &mut Vec<Problem>)] = &[
        piece_not_in_variant,
        hands,
        too_many_pieces,
        tsume_hand,
        dead_piece,
        nifu,
        kings,
        opponent_in_check,
    ];
    let mut out = Vec::new();
    if setup.size != variant.size || setup.board.len() != variant.size.len() {
        out.push(wrong_board_size(variant, setup));
        return out;
    }
    let check = Check {
        variant,
        setup,
        options,
    };
    for rule in CHECKS {
        rule(&check, &mut out);
    }
    out
}

/// What every check reads, with the naming helpers their messages share.
struct Check<'a> {
    variant: &'a Variant,
    setup: &'a Setup,
    options: Options,
}

impl Check<'_> {
    /// A kind's English name in lower case: `pawn`, `promoted silver`.
    fn name(&self, k: KindId) -> String {
        self.variant.catalog.get(k).english.to_lowercase()
    }

    /// Squares in USI notation, comma-separated.
    fn usi(&self, squares: &[Square]) -> String {
        squares
            .iter()
            .map(|s| self.variant.size.usi(*s).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Pieces on the board or in hand whose kind is not one of the variant's, by kind and
    /// side, with their squares (none for pieces in hand).
    fn foreign(&self) -> BTreeMap<(KindId, Color), Vec<Square>> {
        let mut foreign: BTreeMap<(KindId, Color), Vec<Square>> = BTreeMap::new();
        for (sq, p) in self.setup.pieces() {
            if !self.variant.has_kind(p.kind) {
                foreign.entry((p.kind, p.color)).or_default().push(sq);
            }
        }
        for color in Color::ALL {
            for (&k, &n) in self.setup.hand(color) {
                if n > 0 && !self.variant.has_kind(k) {
                    foreign.entry((k, color)).or_default();
                }
            }
        }
        foreign
    }
}

fn wrong_board_size(variant: &Variant, setup: &Setup) -> Problem {
    let (have, want) = (setup.size, variant.size);
    Problem::new(
        ProblemCode::WrongBoardSize,
        None,
        vec![],
        format!(
            "the position has a {}×{} board; {} is played on {}×{}",
            have.files, have.ranks, variant.english, want.files, want.ranks
        ),
    )
}

/// Pieces that do not belong to the variant.
fn piece_not_in_variant(c: &Check<'_>, out: &mut Vec<Problem>) {
    for ((k, color), squares) in c.foreign() {
        let place = if squares.is_empty() {
            "in hand".to_string()
        } else {
            format!("on {}", c.usi(&squares))
        };
        let message = format!(
            "{}'s {} ({}) {place} is not a piece of {}",
            color.name(),
            c.name(k),
            c.variant.catalog.get(k).sfen_for(color),
            c.variant.english
        );
        out.push(Problem::new(
            ProblemCode::PieceNotInVariant,
            Some(color),
            squares,
            message,
        ));
    }
}

/// Hands: no drops in a variant without them, and no promoted or royal piece in hand.
fn hands(c: &Check<'_>, out: &mut Vec<Problem>) {
    for color in Color::ALL {
        let held: Vec<KindId> = c
            .setup
            .hand(color)
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(k, _)| *k)
            .collect();
        if !c.variant.drops && !held.is_empty() {
            out.push(Problem::new(
                ProblemCode::DropsNotAllowed,
                Some(color),
                vec![],
                format!(
                    "{} has pieces in hand, but {} has no drops",
                    color.name(),
                    c.variant.english
                ),
            ));
        }
        for k in held {
            let kind = c.variant.catalog.get(k);
            if kind.promoted {
                out.push(Problem::new(
                    ProblemCode::PromotedInHand,
                    Some(color),
                    vec![],
                    format!(
                        "{} holds a promoted {} ({}) in hand; captured pieces return to their unpromoted side",
                        color.name(),
                        c.name(k),
                        kind.sfen_for(color)
                    ),
                ));
            } else if c.variant.is_royal(k) {
                out.push(Problem::new(
                    ProblemCode::RoyalInHand,
                    Some(color),
                    vec![],
                    format!(
                        "{} holds a {} in hand; royal pieces are never captured into a hand",
                        color.name(),
                        c.name(k)
                    ),
                ));
            }
        }
    }
}

/// More pieces of a kind (counted unpromoted, board and hands together) than the full set has.
fn too_many_pieces(c: &Check<'_>, out: &mut Vec<Problem>) {
    let base = &c.variant.tables.base;
    let mut counted: BTreeMap<KindId, (u32, Vec<Square>)> = BTreeMap::new();
    for (sq, p) in c.setup.pieces() {
        let e = counted.entry(base[p.kind.index()]).or_default();
        e.0 += 1;
        e.1.push(sq);
    }
    for color in Color::ALL {
        for (k, n) in c.setup.hand(color) {
            counted.entry(base[k.index()]).or_default().0 += n;
        }
    }
    for (k, (n, squares)) in counted {
        let allowed = c.variant.set_count(k);
        if c.variant.has_kind(k) && n > allowed {
            let message = format!(
                "{n} {}s on the board and in hand; a {} set has {allowed}",
                c.name(k),
                c.variant.english
            );
            out.push(Problem::new(
                ProblemCode::TooManyPieces,
                None,
                squares,
                message,
            ));
        }
    }
}

/// In a tsume the defender holds every piece not on the board or in the attacker's hand. An
/// empty defender's hand means exactly that; a written-out one has to add up to the set.
fn tsume_hand(c: &Check<'_>, out: &mut Vec<Problem>) {
    if !c.options.tsume {
        return;
    }
    let defender = !c.setup.turn;
    let written = c.setup.hand(defender);
    let rest = tsume_rest(c.variant, c.setup);
    if written.is_empty() || *written == rest {
        return;
    }
    let list = |h: &Hand| {
        let parts: Vec<String> = h
            .iter()
            .map(|(k, n)| format!("{n} {}", c.name(*k)))
            .collect();
        if parts.is_empty() {
            "nothing".to_string()
        } else {
            parts.join(", ")
        }
    };
    out.push(Problem::new(
        ProblemCode::TsumeHand,
        Some(defender),
        vec![],
        format!(
            "in a tsume {} holds all remaining pieces ({}), but the hand given is {}",
            defender.name(),
            list(&rest),
            list(written)
        ),
    ));
}

/// Pieces that could never move again (a pawn or lance on the last rank, a knight on the last
/// two).
fn dead_piece(c: &Check<'_>, out: &mut Vec<Problem>) {
    let dead = &c.variant.tables.dead;
    for (sq, p) in c.setup.pieces() {
        if c.variant.has_kind(p.kind) && dead[p.kind.index()][p.color.index()].has(sq) {
            out.push(Problem::new(
                ProblemCode::DeadPiece,
                Some(p.color),
                vec![sq],
                format!(
                    "{}'s {} on {} could never move again",
                    p.color.name(),
                    c.name(p.kind),
                    c.variant.size.usi(sq)
                ),
            ));
        }
    }
}

/// Two unpromoted pawns (or other one-per-file kinds) of one side on a file.
fn nifu(c: &Check<'_>, out: &mut Vec<Problem>) {
    let size = c.variant.size;
    for color in Color::ALL {
        for &k in c.variant.kinds() {
            if !c.variant.tables.one_per_file[k.index()] {
                continue;
            }
            for file in (1..=size.files).rev() {
                let squares: Vec<Square> = c
                    .setup
                    .pieces()
                    .filter(|(sq, p)| *p == Piece { kind: k, color } && size.file(*sq) == file)
                    .map(|(sq, _)| sq)
                    .collect();
                if squares.len() > 1 {
                    let message = format!(
                        "{} has {} unpromoted {}s on file {file} ({})",
                        color.name(),
                        squares.len(),
                        c.name(k),
                        c.usi(&squares)
                    );
                    out.push(Problem::new(
                        ProblemCode::Nifu,
                        Some(color),
                        squares,
                        message,
                    ));
                }
            }
        }
    }
}

/// Royal pieces, side by side: each side has one (the attacker in a tsume may have none), and
/// no more of a royal kind than the set gives a side.
fn kings(c: &Check<'_>, out: &mut Vec<Problem>) {
    for color in Color::ALL {
        let royal: Vec<(Square, Piece)> = c
            .setup
            .pieces()
            .filter(|(_, p)| p.color == color && c.variant.is_royal(p.kind))
            .collect();
        missing_king(c, color, &royal, out);
        too_many_kings(c, color, &royal, out);
    }
}

fn missing_king(c: &Check<'_>, color: Color, royal: &[(Square, Piece)], out: &mut Vec<Problem>) {
    if !royal.is_empty() || (c.options.tsume && color == c.setup.turn) {
        return;
    }
    let kings: Vec<String> = c.variant.royal.iter().map(|k| c.name(*k)).collect();
    out.push(Problem::new(
        ProblemCode::MissingKing,
        Some(color),
        vec![],
        format!(
            "{} has no {} on the board",
            color.name(),
            kings.join(" or ")
        ),
    ));
}

fn too_many_kings(c: &Check<'_>, color: Color, royal: &[(Square, Piece)], out: &mut Vec<Problem>) {
    for &k in &c.variant.royal {
        let squares: Vec<Square> = royal
            .iter()
            .filter(|(_, p)| p.kind == k)
            .map(|(sq, _)| *sq)
            .collect();
        let base = c.variant.tables.base[k.index()];
        let per_side = c.variant.set_count(base).div_ceil(2).max(1) as usize;
        if squares.len() > per_side {
            let message = format!(
                "{} has {} {}s ({}); a side has {per_side}",
                color.name(),
                squares.len(),
                c.name(k),
                c.usi(&squares)
            );
            out.push(Problem::new(
                ProblemCode::TooManyKings,
                Some(color),
                squares,
                message,
            ));
        }
    }
}

/// The side that just moved may not have left its king attacked. Skipped when a piece is not
/// the variant's: the move tables know only the variant's kinds.
fn opponent_in_check(c: &Check<'_>, out: &mut Vec<Problem>) {
    // The large-board engine plays royal capture: a royal piece may stand attacked.
    if !c.foreign().is_empty() || c.variant.is_large() {
        return;
    }
    let t = &c.variant.tables;
    let board = to_board(c.setup);
    let waiting = !c.setup.turn;
    let checkers = threats::checkers(t, &board, waiting);
    let Some(ksq) = board.royals(t, waiting).first().filter(|_| checkers.any()) else {
        return;
    };
    let mut squares = vec![ksq];
    squares.extend(checkers.iter());
    let king = board.squares[ksq.index()].map_or(KindId(0), |p| p.kind);
    out.push(Problem::new(
        ProblemCode::OpponentInCheck,
        Some(waiting),
        squares,
        format!(
            "{} is not to move but its {} on {} is attacked from {}",
            waiting.name(),
            c.name(king),
            c.variant.size.usi(ksq),
            c.usi(&checkers.iter().collect::<Vec<_>>())
        ),
    ));
}

/// The defender's hand in a tsume: every piece of the set that is neither on the board nor in
/// the attacker's (the side to move's) hand, by unpromoted kind; royal pieces are left out.
pub fn tsume_rest(variant: &Variant, setup: &Setup) -> Hand {
    let t = &variant.tables;
    let attacker = setup.turn;
    let mut rest = Hand::new();
    for &k in variant.hand_kinds() {
        let on_board = setup
            .pieces()
            .filter(|(_, p)| t.base[p.kind.index()] == k)
            .count() as u32;
        let held = setup.hand(attacker).get(&k).copied().unwrap_or(0);
        let n = variant.set_count(k).saturating_sub(on_board + held);
        if n > 0 {
            rest.insert(k, n);
        }
    }
    rest
}
