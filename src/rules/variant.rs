//! Variants as data: board size, promotion zone, drops, royal pieces, the full set and the start
//! positions. `formats::variant` loads them from `templates/variants/*.yaml` or a user's file and
//! checks every start position, so a loaded variant holds only valid setups.

use super::catalog::PieceCatalog;
use super::piece::KindId;
use super::setup::Setup;
use super::square::BoardSize;
use super::tables::Tables;

use std::sync::Arc;

/// A named start position of a variant (standard shogi's handicaps).
#[derive(Clone, Debug)]
pub struct Handicap {
    pub id: String,
    pub english: String,
    pub japanese: String,
    /// The position, checked when the variant loaded: a valid position of the variant.
    pub setup: Setup,
    pub source: String,
    /// The difference in amateur rank (dan/kyu steps) the handicap is usually given for, as
    /// written in the data: `2`, `6-7`, `10+`.
    pub gap: Option<String>,
    /// Who plays it, in a few English words, where a rank difference is not the whole story.
    pub used_for: Option<String>,
}

/// When a piece may promote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Promotion {
    /// Shogi's rule: on a move that starts or ends in the zone (`promotion: zone`, the default).
    #[default]
    Zone,
    /// Chu shogi's (`promotion: enter-or-capture`): on entering the zone, or on a capture that
    /// starts or ends in it; kinds with the `second-chance` rule also on reaching the last rank.
    EnterOrCapture,
}

/// Which reading of chu shogi's lion-trading rules the large-board engine plays (`lion_trading`
/// in the variant YAML); `rules::large::movegen` states both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LionTrading {
    /// lishogi's: after a lion was taken by another piece, a lion may be taken back by a piece
    /// other than a lion only on that square.
    #[default]
    Lishogi,
    /// The Japan Chu Shogi Association's ("Okazaki rule"): then only an unprotected lion.
    Jcsa,
}

/// A variant, ready to play: its definition, its piece catalog and the tables built from both.
#[derive(Debug)]
pub struct Variant {
    pub id: String,
    /// Other names the variant answers to (`chushogi` for `chu`).
    pub aliases: Vec<String>,
    /// The name of the piece list of its own the variant uses (`chu`), or `None` for the main
    /// catalog; `catalog` holds the list either way.
    pub pieces: Option<String>,
    pub english: String,
    pub japanese: String,
    pub source: String,
    pub size: BoardSize,
    pub promotion_zone: u8,
    pub drops: bool,
    /// When a piece may promote.
    pub promotion: Promotion,
    /// Chu shogi's lion-trading rules, for a variant with lions.
    pub lion_trading: LionTrading,
    /// Royal kinds: a side loses when its last royal piece is gone.
    pub royal: Vec<KindId>,
    /// Counts of a full set (both sides) by unpromoted kind, in catalog order.
    pub set: Vec<(KindId, u32)>,
    /// The start position, checked when the variant loaded: a valid position of the variant.
    pub start: Setup,
    pub handicaps: Vec<Handicap>,
    pub catalog: Arc<PieceCatalog>,
    pub(crate) tables: Tables,
    /// The large-board engine's tables, for a variant over 9×9 (`None` otherwise).
    pub(crate) large: Option<super::large::LargeTables>,
}

impl Variant {
    /// Is the variant played by the large-board engine (`rules::large`: boards over 9×9, lion
    /// moves, royal capture) rather than the bitboard engine?
    pub fn is_large(&self) -> bool {
        self.size.is_large()
    }

    /// Is `kind` one of this variant's kinds (an unpromoted kind of its set or its promotion)?
    pub fn has_kind(&self, kind: KindId) -> bool {
        self.tables.in_variant[kind.index()]
    }

    pub fn is_royal(&self, kind: KindId) -> bool {
        self.tables.royal[kind.index()]
    }

    /// The kinds that may be held in hand and dropped, in canonical SFEN hand order.
    pub fn hand_kinds(&self) -> &[KindId] {
        &self.tables.hand_kinds
    }

    /// The kinds of the variant (unpromoted and promoted), in catalog order.
    pub fn kinds(&self) -> &[KindId] {
        &self.tables.kinds
    }

    /// A named start position by id (`two_piece`, `two-piece`, any case) or Japanese name.
    pub fn handicap(&self, id: &str) -> Option<&Handicap> {
        let wanted = id.replace('-', "_").to_lowercase();
        self.handicaps
            .iter()
            .find(|h| h.id == wanted || h.japanese == id)
    }

    /// The kinds of which the set has more pieces than the start position uses (on the board
    /// and in hand, a promoted piece counted as its unpromoted kind), with both counts: the
    /// kit prints the set, so these would be spare pieces. No built-in variant has any; in a
    /// user's file it is most likely a typo (`pawn: 3`), though a set may be meant to hold
    /// pieces for problems that the game does not start with.
    pub fn set_beyond_start(&self) -> Vec<(KindId, u32, u32)> {
        let base = |k: KindId| self.catalog.get(k).demotes_to.unwrap_or(k);
        let mut used = std::collections::BTreeMap::new();
        for (_, piece) in self.start.pieces() {
            *used.entry(base(piece.kind)).or_insert(0u32) += 1;
        }
        for hand in &self.start.hands {
            for (&kind, &n) in hand {
                *used.entry(base(kind)).or_insert(0u32) += n;
            }
        }
        self.set
            .iter()
            .map(|&(kind, n)| (kind, n, used.get(&kind).copied().unwrap_or(0)))
            .filter(|&(_, n, used)| n > used)
            .collect()
    }

    /// How many pieces of `kind` (unpromoted) a full set has, both sides together.
    pub fn set_count(&self, kind: KindId) -> u32 {
        self.set
            .iter()
            .find(|(k, _)| *k == kind)
            .map_or(0, |(_, n)| *n)
    }
}
