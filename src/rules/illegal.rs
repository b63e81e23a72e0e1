//! Why a move is not legal, in words a reader of a game record understands (`nifu on file 2`),
//! for located errors in records. The move generator decides legality; this only names the rule.
//! A square is named as a record names it (`77`, KIF's and CSA's digits), or with the alternate
//! flag (`{:#}`) as USI does (`7g`), for a reason given of a USI move.

use super::color::Color;
use super::moves::Move;
use super::position::Position;
use super::threats;
use std::fmt;

/// The rule a move breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// No piece stands on the square the move starts from (file, rank).
    NoPiece { file: u8, rank: u8 },
    /// The piece on the start square belongs to the other side.
    NotYours { file: u8, rank: u8 },
    /// The side to move has no piece of this kind in hand.
    NotInHand,
    /// A drop onto an occupied square.
    Occupied,
    /// The destination holds a piece of the side that moves.
    OwnPiece,
    /// The piece does not move that way.
    CannotReach,
    /// A second unpromoted pawn on a file (二歩).
    Nifu { file: u8 },
    /// A pawn drop that mates (打ち歩詰め).
    DropPawnMate,
    /// The piece would have no move left where it stands: it must promote (or may not be
    /// dropped there).
    MustPromote,
    /// The move cannot promote (outside the zone, or the piece does not promote).
    CannotPromote,
    /// The move leaves the mover's king in check.
    LeavesKingInCheck,
}

/// A square as digits (`77`), or with `usi` as USI writes it (`7g`).
struct SquareName {
    file: u8,
    rank: u8,
    usi: bool,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.usi {
            true => write!(f, "{}{}", self.file, (b'a' + self.rank - 1) as char),
            false => write!(f, "{}{}", self.file, self.rank),
        }
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let square = |file: &u8, rank: &u8| SquareName {
            file: *file,
            rank: *rank,
            usi: f.alternate(),
        };
        match self {
            IllegalReason::NoPiece { file, rank } => {
                write!(f, "no piece on {}", square(file, rank))
            }
            IllegalReason::NotYours { file, rank } => {
                let square = square(file, rank);
                write!(f, "the piece on {square} belongs to the other side")
            }
            IllegalReason::NotInHand => write!(f, "no such piece in hand"),
            IllegalReason::Occupied => write!(f, "drop onto an occupied square"),
            IllegalReason::OwnPiece => write!(f, "the square holds a piece of the same side"),
            IllegalReason::CannotReach => write!(f, "the piece cannot move there"),
            IllegalReason::Nifu { file } => write!(f, "nifu on file {file}"),
            IllegalReason::DropPawnMate => write!(f, "pawn drop mate (uchifuzume)"),
            IllegalReason::MustPromote => write!(f, "the piece would have no move there"),
            IllegalReason::CannotPromote => write!(f, "this move cannot promote"),
            IllegalReason::LeavesKingInCheck => write!(f, "leaves the king in check"),
        }
    }
}

impl Position {
    /// Why `mv` is illegal here, or `None` if it is legal.
    pub fn illegal_reason(&self, mv: Move) -> Option<IllegalReason> {
        if self.is_legal(mv) {
            return None;
        }
        if self.variant().is_large() {
            return Some(self.large_reason(mv));
        }
        let legal = self.legal_moves();
        let size = self.variant().size;
        let us = self.turn();
        let t = &self.variant().tables;
        Some(match mv {
            Move::Drop { kind, to } => {
                if self.in_hand(us, kind) == 0 {
                    IllegalReason::NotInHand
                } else if self.piece_at(to).is_some() {
                    IllegalReason::Occupied
                } else if t.one_per_file[kind.index()]
                    && size.squares().any(|sq| {
                        size.file(sq) == size.file(to)
                            && self.piece_at(sq) == Some(super::Piece { kind, color: us })
                    })
                {
                    IllegalReason::Nifu {
                        file: size.file(to),
                    }
                } else if t.dead[kind.index()][us.index()].has(to) {
                    IllegalReason::MustPromote
                } else if self.leaves_check(mv, us) {
                    IllegalReason::LeavesKingInCheck
                } else if t.no_drop_mate[kind.index()] {
                    IllegalReason::DropPawnMate
                } else {
                    IllegalReason::CannotReach
                }
            }
            // The bitboard engine has no lion moves.
            Move::Lion { .. } => IllegalReason::CannotReach,
            Move::Normal { from, to, promote } => {
                let (file, rank) = (size.file(from), size.rank(from));
                match self.piece_at(from) {
                    None => IllegalReason::NoPiece { file, rank },
                    Some(p) if p.color != us => IllegalReason::NotYours { file, rank },
                    Some(_) if self.piece_at(to).is_some_and(|q| q.color == us) => {
                        IllegalReason::OwnPiece
                    }
                    Some(_) => {
                        let other = Move::Normal {
                            from,
                            to,
                            promote: !promote,
                        };
                        if legal.contains(&other) {
                            if promote {
                                IllegalReason::CannotPromote
                            } else {
                                IllegalReason::MustPromote
                            }
                        } else if !self.pseudo_reachable(mv) {
                            IllegalReason::CannotReach
                        } else if self.leaves_check(mv, us) || self.leaves_check(other, us) {
                            IllegalReason::LeavesKingInCheck
                        } else if promote {
                            IllegalReason::CannotPromote
                        } else {
                            IllegalReason::MustPromote
                        }
                    }
                }
            }
        })
    }

    /// Why a move of the large-board engine (chu shogi) is not legal: no check and no drops
    /// there, so the reasons are the piece's and its path's.
    fn large_reason(&self, mv: Move) -> IllegalReason {
        let size = self.variant().size;
        let Some(from) = mv.from() else {
            return IllegalReason::NotInHand;
        };
        let Some(piece) = self.piece_at(from) else {
            return IllegalReason::NoPiece {
                file: size.file(from),
                rank: size.rank(from),
            };
        };
        if piece.color != self.turn() {
            return IllegalReason::NotYours {
                file: size.file(from),
                rank: size.rank(from),
            };
        }
        if mv.to() != from
            && self
                .piece_at(mv.to())
                .is_some_and(|p| p.color == piece.color)
        {
            return IllegalReason::OwnPiece;
        }
        if let Move::Normal {
            to, promote: true, ..
        } = mv
        {
            if self.is_legal(Move::Normal {
                from,
                to,
                promote: false,
            }) {
                return IllegalReason::CannotPromote;
            }
        }
        IllegalReason::CannotReach
    }

    /// Does the piece on the move's start square move to its destination, board geometry and
    /// blockers considered (check and promotion rules aside)?
    fn pseudo_reachable(&self, mv: Move) -> bool {
        let Move::Normal { from, to, .. } = mv else {
            return true;
        };
        let Some(piece) = self.piece_at(from) else {
            return false;
        };
        let t = &self.variant().tables;
        t.attacks(piece.kind, piece.color, from, self.board().occupied())
            .has(to)
    }

    /// Would playing `mv` (legal or not) leave `us`'s king attacked?
    fn leaves_check(&self, mv: Move, us: Color) -> bool {
        let t = &self.variant().tables;
        let mut b = self.board().clone();
        b.play(t, mv);
        threats::checkers(t, &b, us).any()
    }
}

#[cfg(test)]
mod tests {
    use super::IllegalReason;

    #[test]
    fn a_square_is_named_as_records_name_it_or_with_the_alternate_flag_as_usi_does() {
        let none = IllegalReason::NoPiece { file: 7, rank: 7 };
        assert_eq!(none.to_string(), "no piece on 77");
        assert_eq!(format!("{none:#}"), "no piece on 7g");
        let theirs = IllegalReason::NotYours { file: 12, rank: 12 };
        assert_eq!(
            format!("{theirs:#}"),
            "the piece on 12l belongs to the other side"
        );
        assert_eq!(
            format!("{:#}", IllegalReason::Nifu { file: 5 }),
            "nifu on file 5"
        );
    }
}
