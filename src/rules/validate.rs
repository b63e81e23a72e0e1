//! Setup → Position: checks a plain setup against a variant and either returns a playable
//! position or every problem found, so that a user fixes them all in one go.

use super::board::Board;
use super::color::Color;
use super::movegen;
use super::piece::{KindId, Piece};
use super::position::Position;
use super::problem::{PositionError, Problem, ProblemCode};
use super::setup::Setup;
use super::square::Square;
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

/// Every problem of `setup` as a position of `variant`, in a stable order.
pub fn problems(variant: &Variant, setup: &Setup, options: Options) -> Vec<Problem> {
    let size = variant.size;
    let cat = &variant.catalog;
    let t = &variant.tables;
    let mut out = Vec::new();
    let name = |k: KindId| cat.get(k).english.to_lowercase();
    let usi = |sqs: &[Square]| {
        sqs.iter()
            .map(|s| size.usi(*s).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };

    if setup.size != size || setup.board.len() != size.len() {
        out.push(Problem {
            code: ProblemCode::WrongBoardSize,
            side: None,
            squares: vec![],
            message: format!(
                "the position has a {}×{} board; {} is played on {}×{}",
                setup.size.files, setup.size.ranks, variant.english, size.files, size.ranks
            ),
        });
        return out;
    }

    // Pieces that do not belong to the variant.
    let mut foreign: BTreeMap<(KindId, Color), Vec<Square>> = BTreeMap::new();
    for (sq, p) in setup.pieces() {
        if !variant.has_kind(p.kind) {
            foreign.entry((p.kind, p.color)).or_default().push(sq);
        }
    }
    for color in Color::ALL {
        for (&k, &n) in setup.hand(color) {
            if n > 0 && !variant.has_kind(k) {
                foreign.entry((k, color)).or_default();
            }
        }
    }
    for ((k, color), squares) in &foreign {
        let place = if squares.is_empty() {
            "in hand".to_string()
        } else {
            format!("on {}", usi(squares))
        };
        out.push(Problem {
            code: ProblemCode::PieceNotInVariant,
            side: Some(*color),
            squares: squares.clone(),
            message: format!(
                "{}'s {} ({}) {place} is not a piece of {}",
                color.name(),
                name(*k),
                cat.get(*k).sfen_for(*color),
                variant.english
            ),
        });
    }

    // Hands.
    for color in Color::ALL {
        let held: Vec<(KindId, u32)> = setup
            .hand(color)
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(k, n)| (*k, *n))
            .collect();
        if !variant.drops && !held.is_empty() {
            out.push(Problem {
                code: ProblemCode::DropsNotAllowed,
                side: Some(color),
                squares: vec![],
                message: format!(
                    "{} has pieces in hand, but {} has no drops",
                    color.name(),
                    variant.english
                ),
            });
        }
        for (k, _) in &held {
            let kind = cat.get(*k);
            if kind.promoted {
                out.push(Problem {
                    code: ProblemCode::PromotedInHand,
                    side: Some(color),
                    squares: vec![],
                    message: format!(
                        "{} holds a promoted {} ({}) in hand; captured pieces return to their unpromoted side",
                        color.name(),
                        name(*k),
                        kind.sfen_for(color)
                    ),
                });
            } else if variant.is_royal(*k) {
                out.push(Problem {
                    code: ProblemCode::RoyalInHand,
                    side: Some(color),
                    squares: vec![],
                    message: format!(
                        "{} holds a {} in hand; royal pieces are never captured into a hand",
                        color.name(),
                        name(*k)
                    ),
                });
            }
        }
    }

    // Counts against the full set, by unpromoted kind.
    let mut counted: BTreeMap<KindId, (u32, Vec<Square>)> = BTreeMap::new();
    for (sq, p) in setup.pieces() {
        let e = counted.entry(t.base[p.kind.index()]).or_default();
        e.0 += 1;
        e.1.push(sq);
    }
    for color in Color::ALL {
        for (k, n) in setup.hand(color) {
            counted.entry(t.base[k.index()]).or_default().0 += n;
        }
    }
    for (k, (n, squares)) in &counted {
        let allowed = variant.set_count(*k);
        if variant.has_kind(*k) && *n > allowed {
            out.push(Problem {
                code: ProblemCode::TooManyPieces,
                side: None,
                squares: squares.clone(),
                message: format!(
                    "{n} {}s on the board and in hand; a {} set has {allowed}",
                    name(*k),
                    variant.english
                ),
            });
        }
    }

    // In a tsume the defender holds every piece not on the board or in the attacker's hand. An
    // empty defender's hand means exactly that; a written-out one has to add up to the set.
    if options.tsume {
        let defender = !setup.turn;
        let written = setup.hand(defender);
        let rest = tsume_rest(variant, setup);
        if !written.is_empty() && *written != rest {
            let list = |h: &super::setup::Hand| {
                let parts: Vec<String> =
                    h.iter().map(|(k, n)| format!("{n} {}", name(*k))).collect();
                if parts.is_empty() {
                    "nothing".to_string()
                } else {
                    parts.join(", ")
                }
            };
            out.push(Problem {
                code: ProblemCode::TsumeHand,
                side: Some(defender),
                squares: vec![],
                message: format!(
                    "in a tsume {} holds all remaining pieces ({}), but the hand given is {}",
                    defender.name(),
                    list(&rest),
                    list(written)
                ),
            });
        }
    }

    // Pieces that could never move again.
    for (sq, p) in setup.pieces() {
        if variant.has_kind(p.kind) && t.dead[p.kind.index()][p.color.index()].has(sq) {
            out.push(Problem {
                code: ProblemCode::DeadPiece,
                side: Some(p.color),
                squares: vec![sq],
                message: format!(
                    "{}'s {} on {} could never move again",
                    p.color.name(),
                    name(p.kind),
                    size.usi(sq)
                ),
            });
        }
    }

    // Two unpromoted pawns (or other one-per-file kinds) of one side on a file.
    for color in Color::ALL {
        for &k in variant.kinds() {
            if !t.one_per_file[k.index()] {
                continue;
            }
            for file in (1..=size.files).rev() {
                let squares: Vec<Square> = setup
                    .pieces()
                    .filter(|(sq, p)| *p == Piece { kind: k, color } && size.file(*sq) == file)
                    .map(|(sq, _)| sq)
                    .collect();
                if squares.len() > 1 {
                    out.push(Problem {
                        code: ProblemCode::Nifu,
                        side: Some(color),
                        squares: squares.clone(),
                        message: format!(
                            "{} has {} unpromoted {}s on file {file} ({})",
                            color.name(),
                            squares.len(),
                            name(k),
                            usi(&squares)
                        ),
                    });
                }
            }
        }
    }

    // Royal pieces.
    for color in Color::ALL {
        let royal: Vec<(Square, Piece)> = setup
            .pieces()
            .filter(|(_, p)| p.color == color && variant.is_royal(p.kind))
            .collect();
        if royal.is_empty() && !(options.tsume && color == setup.turn) {
            let kings: Vec<String> = variant.royal.iter().map(|k| name(*k)).collect();
            out.push(Problem {
                code: ProblemCode::MissingKing,
                side: Some(color),
                squares: vec![],
                message: format!(
                    "{} has no {} on the board",
                    color.name(),
                    kings.join(" or ")
                ),
            });
        }
        for &k in &variant.royal {
            let squares: Vec<Square> = royal
                .iter()
                .filter(|(_, p)| p.kind == k)
                .map(|(sq, _)| *sq)
                .collect();
            let per_side = variant.set_count(t.base[k.index()]).div_ceil(2).max(1) as usize;
            if squares.len() > per_side {
                out.push(Problem {
                    code: ProblemCode::TooManyKings,
                    side: Some(color),
                    squares: squares.clone(),
                    message: format!(
                        "{} has {} {}s ({}); a side has {per_side}",
                        color.name(),
                        squares.len(),
                        name(k),
                        usi(&squares)
                    ),
                });
            }
        }
    }

    // The side that just moved may not have left its king attacked.
    if foreign.is_empty() {
        let board = to_board(setup);
        let waiting = !setup.turn;
        let checkers = movegen::checkers(t, &board, waiting);
        if let Some(ksq) = board.royals(t, waiting).first().filter(|_| checkers.any()) {
            let mut squares = vec![ksq];
            squares.extend(checkers.iter());
            out.push(Problem {
                code: ProblemCode::OpponentInCheck,
                side: Some(waiting),
                squares,
                message: format!(
                    "{} is not to move but its {} on {} is attacked from {}",
                    waiting.name(),
                    name(board.squares[ksq.index()].map_or(KindId(0), |p| p.kind)),
                    size.usi(ksq),
                    usi(&checkers.iter().collect::<Vec<_>>())
                ),
            });
        }
    }
    out
}

/// The defender's hand in a tsume: every piece of the set that is neither on the board nor in
/// the attacker's (the side to move's) hand, by unpromoted kind; royal pieces are left out.
pub fn tsume_rest(variant: &Variant, setup: &Setup) -> super::setup::Hand {
    let t = &variant.tables;
    let attacker = setup.turn;
    let mut rest = super::setup::Hand::new();
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
