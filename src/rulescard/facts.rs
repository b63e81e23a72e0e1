//! What a rules card says, read from the variant and piece data and from the rules core, never
//! written down for a particular piece: which kinds a side has and what each promotes to, the
//! promotion zone's depth, whether captured pieces are dropped and which drops are forbidden
//! (the kinds' `rules` and the dead squares the validator checks), the royal pieces, the impasse
//! points the core counts, and who moves first in a handicap game.

use crate::rules::{
    Color, ImpasseRule, ImpasseVerdict, KindId, LionTrading, Movement, Piece, Position, Promotion,
    Setup, Square, Variant,
};
use std::sync::Arc;

/// One kind a side starts with, and what it becomes when it promotes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceLine {
    pub kind: KindId,
    pub promoted: Option<KindId>,
    /// An unpromoted kind of the variant that moves exactly as the promoted kind does (the
    /// gold for the tokin), if there is one.
    pub promoted_moves_as: Option<KindId>,
}

/// The impasse (持将棋) rule as the rules core counts it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Impasse {
    /// Points and the kinds worth them, most points first (royal kinds are not counted).
    pub points: Vec<(u32, Vec<KindId>)>,
    /// Whether a promoted piece counts as much as its unpromoted kind (the core counts it so).
    pub promoted_same: bool,
    /// A side with fewer points loses.
    pub threshold: u32,
}

/// Everything a rules card teaches about one variant.
#[derive(Clone, Debug)]
pub struct Facts {
    pub variant: Arc<Variant>,
    /// The kinds a side starts with, in catalog order (the king first).
    pub pieces: Vec<PieceLine>,
    /// Pieces a side starts with.
    pub pieces_per_side: u32,
    pub zone: u8,
    pub drops: bool,
    /// Kinds of which a side may not have two unpromoted on one file (nifu).
    pub one_per_file: Vec<KindId>,
    /// Kinds that may not be dropped to give checkmate (uchifuzume).
    pub no_drop_mate: Vec<KindId>,
    /// Kinds with the number of far ranks on which they could never move again: they must
    /// promote on arriving there and may not be dropped there. Grouped by that number, fewest
    /// first.
    pub dead_ranks: Vec<(u8, Vec<KindId>)>,
    /// Kinds that do not promote (the king, the gold).
    pub no_promotion: Vec<KindId>,
    pub royals: Vec<KindId>,
    /// How many times a position must occur for the game to end by repetition.
    pub repetitions: usize,
    /// The impasse rule, where a side's own army can reach its threshold (standard shogi and
    /// sho shogi, not the small boards, nor chu shogi, which has no such rule).
    pub impasse: Option<Impasse>,
    /// Every handicap of the variant starts with White (上手) to move; `false` without handicaps.
    pub handicap_white_first: bool,
    /// When a piece may promote (chu shogi: on entering the zone or capturing in it).
    pub promotion: Promotion,
    /// Kinds that may also promote on reaching the last rank (chu shogi's pawn and lance).
    pub second_chance: Vec<KindId>,
    /// No check rule: a royal piece may be left attacked, and a side loses when its royal
    /// pieces are all taken or it has no move (the large-board engine's rule, chu shogi).
    pub royal_capture: bool,
    /// Kinds (starting or promoted) with lion power in every direction: the lions.
    pub lions: Vec<KindId>,
    /// Kinds with lion power along some lines only (the Horned Falcon, the Soaring Eagle).
    pub line_lions: Vec<KindId>,
    /// Kinds of too little worth to cover a lion trade (chu shogi's pawn and go-between).
    pub low_value: Vec<KindId>,
    pub lion_trading: LionTrading,
}

/// The 24-point rule of `src/rules/impasse.rs` ([`ImpasseRule::Points24`], the core's default):
/// a side with fewer points loses. The card checks the core agrees ([`impasse_threshold_holds`]).
pub const IMPASSE_THRESHOLD: u32 = 24;

/// Sennichite as `src/rules/repetition.rs` ends it: on the fourth occurrence of a position
/// (`tests/rules_card.rs` plays one through the core's [`crate::rules::History`]).
pub const REPETITIONS: usize = 4;

impl Facts {
    pub fn of(variant: &Arc<Variant>) -> Facts {
        let catalog = &variant.catalog;
        let pieces: Vec<PieceLine> = variant
            .set
            .iter()
            .map(|&(kind, _)| {
                let promoted = catalog.get(kind).promotes_to;
                PieceLine {
                    kind,
                    promoted,
                    promoted_moves_as: promoted.and_then(|p| moves_as(variant, p)),
                }
            })
            .collect();
        let pieces_per_side = variant.set.iter().map(|(_, n)| n).sum::<u32>() / 2;
        let starting = |f: &dyn Fn(KindId) -> bool| -> Vec<KindId> {
            pieces.iter().map(|p| p.kind).filter(|k| f(*k)).collect()
        };
        let one_per_file = starting(&|k| catalog.get(k).rules.one_per_file);
        let no_drop_mate = if variant.drops {
            starting(&|k| catalog.get(k).rules.no_drop_mate)
        } else {
            Vec::new()
        };
        let no_promotion = starting(&|k| catalog.get(k).promotes_to.is_none());
        let mut dead_ranks: Vec<(u8, Vec<KindId>)> = Vec::new();
        for p in &pieces {
            let n = dead_rank_count(variant, p.kind);
            if n == 0 {
                continue;
            }
            match dead_ranks.iter_mut().find(|(m, _)| *m == n) {
                Some((_, kinds)) => kinds.push(p.kind),
                None => dead_ranks.push((n, vec![p.kind])),
            }
        }
        dead_ranks.sort_by_key(|(n, _)| *n);
        // Pieces never forced to promote (chu shogi) have no dead ranks to speak of: a pawn
        // may stay on the last rank.
        if variant.promotion != Promotion::Zone {
            dead_ranks.clear();
        }
        let every: Vec<KindId> = pieces
            .iter()
            .flat_map(|p| std::iter::once(p.kind).chain(p.promoted))
            .fold(Vec::new(), |mut acc, k| {
                if !acc.contains(&k) {
                    acc.push(k);
                }
                acc
            });
        let lion_of = |k: &KindId| catalog.get(*k).movement.lion.as_ref();
        let lions: Vec<KindId> = every
            .iter()
            .filter(|k| lion_of(k).is_some_and(|l| l.any_direction))
            .copied()
            .collect();
        let line_lions: Vec<KindId> = every
            .iter()
            .filter(|k| lion_of(k).is_some_and(|l| !l.any_direction))
            .copied()
            .collect();
        Facts {
            promotion: variant.promotion,
            second_chance: starting(&|k| catalog.get(k).rules.second_chance),
            royal_capture: variant.is_large(),
            low_value: starting(&|k| catalog.get(k).rules.low_value),
            lions,
            line_lions,
            lion_trading: variant.lion_trading,
            variant: variant.clone(),
            impasse: if variant.is_large() {
                None
            } else {
                impasse(variant, &pieces)
            },
            pieces,
            pieces_per_side,
            zone: variant.promotion_zone,
            drops: variant.drops,
            one_per_file,
            no_drop_mate,
            dead_ranks,
            no_promotion,
            royals: variant.royal.clone(),
            repetitions: REPETITIONS,
            handicap_white_first: !variant.handicaps.is_empty()
                && variant
                    .handicaps
                    .iter()
                    .all(|h| h.setup.turn == Color::White),
        }
    }
}

/// An unpromoted kind of the variant with exactly the movement of `kind`.
fn moves_as(variant: &Variant, kind: KindId) -> Option<KindId> {
    let catalog = &variant.catalog;
    let motions = |m: &Movement| {
        let mut v = m.motions.clone();
        v.sort();
        v
    };
    let own = motions(&catalog.get(kind).movement);
    variant
        .set
        .iter()
        .map(|(k, _)| *k)
        .find(|k| *k != kind && motions(&catalog.get(*k).movement) == own)
}

/// How many of the farthest ranks are dead for Black's `kind`: squares from which it could
/// never move again, from the same table the validator and the move generator read.
fn dead_rank_count(variant: &Variant, kind: KindId) -> u8 {
    let dead = variant.tables.dead[kind.index()][Color::Black.index()];
    let size = variant.size;
    (0..size.ranks)
        .take_while(|&d| {
            size.squares()
                .filter(|sq| size.distance_to_far_rank(*sq, Color::Black) == d)
                .all(|sq| dead.has(sq))
        })
        .count() as u8
}

/// The impasse points of one piece of `kind`, as the core counts them: a position with only
/// that piece, for Black.
fn points_of(variant: &Arc<Variant>, kind: KindId) -> Option<u32> {
    let mut setup = Setup::empty(variant.size);
    setup.board[0] = Some(Piece {
        kind,
        color: Color::Black,
    });
    Some(
        Position::from_setup_unchecked(variant, &setup)
            .ok()?
            .impasse_points(Color::Black),
    )
}

fn impasse(variant: &Arc<Variant>, pieces: &[PieceLine]) -> Option<Impasse> {
    let mut points: Vec<(u32, Vec<KindId>)> = Vec::new();
    let mut army = 0;
    let mut promoted_same = true;
    for p in pieces.iter().filter(|p| !variant.is_royal(p.kind)) {
        let n = points_of(variant, p.kind)?;
        if let Some(q) = p.promoted {
            promoted_same &= variant.is_royal(q) || points_of(variant, q)? == n;
        }
        army += n * variant.set_count(p.kind) / 2;
        match points.iter_mut().find(|(m, _)| *m == n) {
            Some((_, kinds)) => kinds.push(p.kind),
            None => points.push((n, vec![p.kind])),
        }
    }
    points.sort_by_key(|p| std::cmp::Reverse(p.0));
    (army >= IMPASSE_THRESHOLD).then_some(Impasse {
        points,
        promoted_same,
        threshold: IMPASSE_THRESHOLD,
    })
}

/// The card's impasse threshold is the core's: with both kings in their zones, a side holding
/// threshold − 1 points loses and one holding the threshold does not. Used by the tests.
pub fn impasse_threshold_holds(variant: &Arc<Variant>) -> bool {
    let (Some(king), Some(pawn_like)) = (
        variant.royal.first().copied(),
        variant.hand_kinds().iter().copied().find(|k| {
            let mut s = Setup::empty(variant.size);
            s.board[0] = Some(Piece {
                kind: *k,
                color: Color::Black,
            });
            Position::from_setup_unchecked(variant, &s)
                .is_ok_and(|p| p.impasse_points(Color::Black) == 1)
        }),
    ) else {
        return false;
    };
    let verdict = |points: u32| {
        let size = variant.size;
        let mut s = Setup::empty(size);
        let at = |col: i32, row: i32| size.from_col_row(col, row).map(Square::index);
        if let (Some(b), Some(w)) = (at(0, 0), at(size.files as i32 - 1, size.ranks as i32 - 1)) {
            s.board[b] = Some(Piece {
                kind: king,
                color: Color::Black,
            });
            s.board[w] = Some(Piece {
                kind: king,
                color: Color::White,
            });
        }
        s.hands[0].insert(pawn_like, points);
        s.hands[1].insert(pawn_like, 30);
        Position::from_setup_unchecked(variant, &s)
            .map(|p| p.impasse_verdict(ImpasseRule::Points24))
            .ok()
    };
    verdict(IMPASSE_THRESHOLD - 1) == Some(ImpasseVerdict::Win(Color::White))
        && verdict(IMPASSE_THRESHOLD) == Some(ImpasseVerdict::Draw)
}
