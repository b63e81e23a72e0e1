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

/// A variant, ready to play: its definition, its piece catalog and the tables built from both.
#[derive(Debug)]
pub struct Variant {
    pub id: String,
    pub english: String,
    pub japanese: String,
    pub source: String,
    pub size: BoardSize,
    pub promotion_zone: u8,
    pub drops: bool,
    /// Royal kinds: a side loses when its last royal piece is gone.
    pub royal: Vec<KindId>,
    /// Counts of a full set (both sides) by unpromoted kind, in catalog order.
    pub set: Vec<(KindId, u32)>,
    /// The start position, checked when the variant loaded: a valid position of the variant.
    pub start: Setup,
    pub handicaps: Vec<Handicap>,
    pub catalog: Arc<PieceCatalog>,
    pub(crate) tables: Tables,
}

impl Variant {
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

    /// How many pieces of `kind` (unpromoted) a full set has, both sides together.
    pub fn set_count(&self, kind: KindId) -> u32 {
        self.set
            .iter()
            .find(|(k, _)| *k == kind)
            .map_or(0, |(_, n)| *n)
    }
}
