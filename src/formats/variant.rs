//! Loading variants from YAML (`templates/variants/*.yaml` or a user's file): every field is
//! checked and located in the file, and the start position and each handicap are parsed and
//! validated once, here, so that the [`Variant`] holds typed, valid setups.

use super::data_error::{from_yaml, unique_keys, DataError};
use super::sfen;
use crate::rules::large::LargeTables;
use crate::rules::square::{BoardSize, MAX_FILES, MAX_RANKS};
use crate::rules::tables::Tables;
use crate::rules::validate;
use crate::rules::{
    Handicap, KindId, LionTrading, PieceCatalog, PositionError, Promotion, Setup, Variant,
};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::Arc;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVariant {
    id: String,
    /// Other names the variant answers to (`chushogi`).
    #[serde(default)]
    aliases: Vec<String>,
    /// A piece list of its own from the pieces YAML's `catalogs:` (`chu`); the main list if absent.
    #[serde(default)]
    pieces: Option<String>,
    english: String,
    japanese: String,
    #[serde(default)]
    source: String,
    board: RawBoard,
    promotion_zone: u8,
    /// `zone` (the default) or `enter-or-capture` (chu shogi).
    #[serde(default)]
    promotion: Option<String>,
    /// `lishogi` (the default) or `jcsa`: chu shogi's lion-trading rules.
    #[serde(default)]
    lion_trading: Option<String>,
    drops: bool,
    royal: Vec<String>,
    #[serde(deserialize_with = "unique_keys")]
    set: BTreeMap<String, u32>,
    start: String,
    #[serde(default)]
    handicaps: Vec<RawHandicap>,
}

/// Only the aliases of a variant file, to resolve a name without loading the variant.
#[derive(Debug, Deserialize)]
struct RawAliases {
    #[serde(default)]
    aliases: Vec<String>,
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

impl Variant {
    /// Names of the built-in variants.
    pub fn builtin_names() -> impl Iterator<Item = &'static str> {
        crate::templates::VARIANTS.iter().map(|(n, _)| *n)
    }

    /// The built-in variant a name or alias means, in any case: `chushogi` is `chu`.
    pub fn builtin_name(name: &str) -> Option<&'static str> {
        let wanted = name.to_ascii_lowercase();
        crate::templates::VARIANTS
            .iter()
            .find(|(n, text)| {
                *n == wanted
                    || from_yaml::<RawAliases>(text, n)
                        .is_ok_and(|a| a.aliases.iter().any(|x| x.eq_ignore_ascii_case(name)))
            })
            .map(|(n, _)| *n)
    }

    /// A built-in variant with the built-in pieces.
    pub fn builtin(name: &str) -> Result<Arc<Variant>, DataError> {
        let catalog = Arc::new(PieceCatalog::builtin()?);
        Variant::builtin_with(name, catalog)
    }

    /// A built-in variant with the given catalog.
    pub fn builtin_with(name: &str, catalog: Arc<PieceCatalog>) -> Result<Arc<Variant>, DataError> {
        let wanted = Variant::builtin_name(name).unwrap_or(name);
        let (file, text) = crate::templates::VARIANTS
            .iter()
            .find(|(n, _)| *n == wanted)
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
        // A variant with a piece list of its own uses it instead of the catalog given.
        let catalog = match &raw.pieces {
            Some(name) => Arc::new(
                PieceCatalog::builtin_named(name).map_err(|e| err("pieces", e.to_string()))?,
            ),
            None => catalog,
        };
        let size = BoardSize {
            files: raw.board.files,
            ranks: raw.board.ranks,
        };
        if !(1..=MAX_FILES).contains(&size.files) || !(1..=MAX_RANKS).contains(&size.ranks) {
            return Err(err(
                "board",
                format!(
                    "{}×{} board: files and ranks must each be 1 to {MAX_FILES}",
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
        // The rules need a piece whose capture or mate ends the game; with none, the start
        // position's check would say "black has no  on the board", naming nothing.
        if raw.royal.is_empty() {
            return Err(err(
                "royal",
                "no royal piece: name at least one, the piece whose mate ends the game (royal: [king])"
                    .to_string(),
            ));
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
        let promotion = match raw.promotion.as_deref() {
            None | Some("zone") => Promotion::Zone,
            Some("enter-or-capture") => Promotion::EnterOrCapture,
            Some(other) => {
                return Err(err(
                    "promotion",
                    format!("'{other}': expected zone or enter-or-capture"),
                ))
            }
        };
        let lion_trading = match raw.lion_trading.as_deref() {
            None | Some("lishogi") => LionTrading::Lishogi,
            Some("jcsa") => LionTrading::Jcsa,
            Some(other) => {
                return Err(err(
                    "lion_trading",
                    format!("'{other}': expected lishogi or jcsa"),
                ))
            }
        };
        // Boards over 9×9 are played by the large-board engine (royal capture, no drops); the
        // bitboard engine plays shogi's own rules.
        if size.is_large() && raw.drops {
            return Err(err(
                "drops",
                format!(
                    "a {}×{} board is played without drops (the large-board engine has none)",
                    size.files, size.ranks
                ),
            ));
        }
        if !size.is_large() && promotion != Promotion::Zone {
            return Err(err(
                "promotion",
                "enter-or-capture is played on boards over 9×9 only (the large-board engine)"
                    .into(),
            ));
        }
        let large = size.is_large().then(|| {
            LargeTables::build(
                &catalog,
                size,
                raw.promotion_zone,
                &royal,
                promotion,
                lion_trading,
            )
        });
        let tables = Tables::build(&catalog, size, raw.promotion_zone, raw.drops, &set, &royal)
            .map_err(|m| err("set", m))?;
        let mut variant = Variant {
            id: raw.id,
            aliases: raw.aliases,
            pieces: raw.pieces,
            english: raw.english,
            japanese: raw.japanese,
            source: raw.source,
            size,
            promotion_zone: raw.promotion_zone,
            drops: raw.drops,
            promotion,
            lion_trading,
            royal,
            set,
            start: Setup::empty(size),
            handicaps: Vec::with_capacity(raw.handicaps.len()),
            catalog,
            tables,
            large,
        };
        // The start position and every handicap must be valid positions of the variant.
        let check = |variant: &Variant,
                     field: &str,
                     anchor: Option<&str>,
                     sfen: &str|
         -> Result<Setup, DataError> {
            let at = |m: String| DataError::new(source_name, m).at_field(text, anchor, field);
            let setup =
                sfen::parse(sfen, &variant.catalog).map_err(|e| at(format!("'{sfen}': {e}")))?;
            let problems = validate::problems(variant, &setup, validate::Options::default());
            if !problems.is_empty() {
                let e = PositionError::new(setup, problems);
                return Err(at(format!("'{sfen}': {e}")));
            }
            Ok(setup)
        };
        variant.start = check(&variant, "start", None, &raw.start)?;
        for (i, h) in raw.handicaps.into_iter().enumerate() {
            let setup = check(
                &variant,
                &format!("handicaps[{i}].sfen"),
                Some(&format!("id: {}", h.id)),
                &h.sfen,
            )?;
            variant.handicaps.push(Handicap {
                id: h.id,
                english: h.english,
                japanese: h.japanese,
                setup,
                source: h.source,
                gap: h.gap,
                used_for: h.used_for,
            });
        }
        Ok(Arc::new(variant))
    }
}

/// What is allowed in a variant file but most likely a mistake, each located in `text` as an
/// error would be: a set with more pieces of a kind than the start position uses
/// ([`Variant::set_beyond_start`]), which the kit would print as spare pieces. The command line
/// prints these as warnings after loading a user's file.
pub fn warnings(text: &str, source_name: &str, variant: &Variant) -> Vec<DataError> {
    variant
        .set_beyond_start()
        .into_iter()
        .map(|(kind, set, used)| {
            let id = &variant.catalog.get(kind).id;
            let spare = set - used;
            let message = format!(
                "the set has {set}, the start position uses {used}: the kit would print {spare} spare piece{}",
                if spare == 1 { "" } else { "s" }
            );
            DataError::new(source_name, message).at_field(text, Some("set:"), &format!("set.{id}"))
        })
        .collect()
}
