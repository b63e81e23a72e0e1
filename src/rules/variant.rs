//! Variants as data: board size, promotion zone, drops, royal pieces, the full set and the start
//! positions, loaded from `templates/variants/*.yaml` or a user's file.

use super::catalog::PieceCatalog;
use super::piece::KindId;
use super::square::{BoardSize, MAX_FILES, MAX_RANKS};
use super::tables::Tables;
use crate::formats::data_error::{from_yaml, DataError};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::Arc;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVariant {
    id: String,
    english: String,
    japanese: String,
    #[serde(default)]
    source: String,
    board: RawBoard,
    promotion_zone: u8,
    drops: bool,
    royal: Vec<String>,
    set: BTreeMap<String, u32>,
    start: String,
    #[serde(default)]
    handicaps: Vec<RawHandicap>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    files: u8,
    ranks: u8,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHandicap {
    id: String,
    english: String,
    japanese: String,
    sfen: String,
    #[serde(default)]
    source: String,
    #[serde(default)]
    gap: Option<String>,
    #[serde(default)]
    used_for: Option<String>,
}

/// A named start position of a variant (standard shogi's handicaps).
#[derive(Clone, Debug)]
pub struct Handicap {
    pub id: String,
    pub english: String,
    pub japanese: String,
    pub sfen: String,
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
    pub start: String,
    pub handicaps: Vec<Handicap>,
    pub catalog: Arc<PieceCatalog>,
    pub(crate) tables: Tables,
}

impl Variant {
    /// Names of the built-in variants.
    pub fn builtin_names() -> impl Iterator<Item = &'static str> {
        crate::templates::VARIANTS.iter().map(|(n, _)| *n)
    }

    /// A built-in variant with the built-in pieces.
    pub fn builtin(name: &str) -> Result<Arc<Variant>, DataError> {
        let catalog = Arc::new(PieceCatalog::builtin()?);
        Variant::builtin_with(name, catalog)
    }

    /// A built-in variant with the given catalog.
    pub fn builtin_with(name: &str, catalog: Arc<PieceCatalog>) -> Result<Arc<Variant>, DataError> {
        let (file, text) = crate::templates::VARIANTS
            .iter()
            .find(|(n, _)| *n == name)
            .ok_or_else(|| {
                DataError::new(
                    name,
                    format!(
                        "no built-in variant '{name}': expected one of {} or a YAML file",
                        Variant::builtin_names().collect::<Vec<_>>().join(", ")
                    ),
                )
            })?;
        Variant::from_yaml(text, &format!("templates/variants/{file}.yaml"), catalog)
    }

    pub fn from_yaml(
        text: &str,
        source_name: &str,
        catalog: Arc<PieceCatalog>,
    ) -> Result<Arc<Variant>, DataError> {
        let raw: RawVariant = from_yaml(text, source_name)?;
        let err =
            |field: &str, msg: String| DataError::new(source_name, msg).at_field(text, None, field);
        let size = BoardSize {
            files: raw.board.files,
            ranks: raw.board.ranks,
        };
        if !(1..=MAX_FILES).contains(&size.files) || !(1..=MAX_RANKS).contains(&size.ranks) {
            return Err(err(
                "board",
                format!(
                    "{}×{} board: files and ranks must each be 1 to 9",
                    size.files, size.ranks
                ),
            ));
        }
        if raw.promotion_zone > size.ranks {
            return Err(err(
                "promotion_zone",
                format!(
                    "{} ranks deep, but the board has {}",
                    raw.promotion_zone, size.ranks
                ),
            ));
        }
        let resolve = |field: &str, id: &str| {
            catalog
                .by_id(id)
                .ok_or_else(|| err(field, format!("no piece has id '{id}'")))
        };
        let mut set: BTreeMap<KindId, u32> = BTreeMap::new();
        for (id, count) in &raw.set {
            let k = resolve("set", id)?;
            if catalog.get(k).promoted {
                return Err(err(
                    "set",
                    format!("'{id}' is a promoted kind; list its unpromoted form"),
                ));
            }
            if *count == 0 || *count > 255 {
                return Err(err(
                    "set",
                    format!("{count} × '{id}': counts must be 1 to 255"),
                ));
            }
            set.insert(k, *count);
        }
        if set.is_empty() {
            return Err(err("set", "the set has no pieces".into()));
        }
        let mut royal = Vec::new();
        for id in &raw.royal {
            let k = resolve("royal", id)?;
            let base = catalog.get(k).demotes_to.unwrap_or(k);
            if !set.contains_key(&base) {
                return Err(err("royal", format!("'{id}' is not in the variant's set")));
            }
            royal.push(k);
        }
        let set: Vec<(KindId, u32)> = set.into_iter().collect();
        let tables = Tables::build(&catalog, size, raw.promotion_zone, raw.drops, &set, &royal)
            .map_err(|m| err("set", m))?;
        let variant = Arc::new(Variant {
            id: raw.id,
            english: raw.english,
            japanese: raw.japanese,
            source: raw.source,
            size,
            promotion_zone: raw.promotion_zone,
            drops: raw.drops,
            royal,
            set,
            start: raw.start,
            handicaps: raw
                .handicaps
                .into_iter()
                .map(|h| Handicap {
                    id: h.id,
                    english: h.english,
                    japanese: h.japanese,
                    sfen: h.sfen,
                    source: h.source,
                    gap: h.gap,
                    used_for: h.used_for,
                })
                .collect(),
            catalog,
            tables,
        });
        // The start position and every handicap must be valid positions of the variant.
        let check = |field: &str, anchor: Option<&str>, sfen: &str| -> Result<(), DataError> {
            let at = |m: String| DataError::new(source_name, m).at_field(text, anchor, field);
            let setup = crate::formats::sfen::parse(sfen, &variant.catalog)
                .map_err(|e| at(format!("'{sfen}': {e}")))?;
            super::validate::validate(&variant, setup, super::validate::Options::default())
                .map_err(|e| at(format!("'{sfen}': {e}")))?;
            Ok(())
        };
        check("start", None, &variant.start)?;
        for (i, h) in variant.handicaps.iter().enumerate() {
            check(
                &format!("handicaps[{i}].sfen"),
                Some(&format!("id: {}", h.id)),
                &h.sfen,
            )?;
        }
        Ok(variant)
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

    /// How many pieces of `kind` (unpromoted) a full set has, both sides together.
    pub fn set_count(&self, kind: KindId) -> u32 {
        self.set
            .iter()
            .find(|(k, _)| *k == kind)
            .map_or(0, |(_, n)| *n)
    }
}
