//! Loading the piece catalog from YAML: `templates/pieces.yaml` (embedded in the binary),
//! optionally extended or overridden by a user's file. Every check that points into the file
//! (ids, SFEN symbols, names, sizes, Betza movement, promotions) happens here.

use super::data_error::{from_yaml, unique_keys, DataError};
use crate::rules::betza;
use crate::rules::movement::LionPower;
use crate::rules::piece::{KindId, KindRules, PieceKind, MAX_KINDS};
use crate::rules::PieceCatalog;
use serde::Deserialize;
use std::collections::BTreeMap;

/// One entry of the pieces YAML, as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPiece {
    id: String,
    sfen: String,
    kanji: String,
    abbr: String,
    #[serde(default)]
    black_kanji: Option<String>,
    #[serde(default)]
    black_abbr: Option<String>,
    reading: String,
    english: String,
    betza: String,
    /// Lion power as Betza steps (`K`, `fW`, `fF`): see the pieces YAML's header.
    #[serde(default)]
    lion: Option<String>,
    #[serde(default)]
    promotes_to: Option<String>,
    #[serde(default)]
    value: Option<u32>,
    #[serde(default)]
    rules: Vec<String>,
    /// Printed size, base × height in millimetres (unpromoted kinds only: the promoted form is
    /// the back of the same piece).
    #[serde(default)]
    size_mm: Option<[f64; 2]>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCatalog {
    pieces: Vec<RawPiece>,
    /// Piece lists of their own, by name, for variants that name one with `pieces:` (chu).
    #[serde(default, deserialize_with = "unique_keys")]
    catalogs: BTreeMap<String, Vec<RawPiece>>,
}

/// Where a raw piece came from, so that errors point into the right file.
#[derive(Clone)]
struct Sourced {
    piece: RawPiece,
    index: usize,
    source_name: String,
    text: std::sync::Arc<str>,
}

impl PieceCatalog {
    /// The catalog built into the binary.
    pub fn builtin() -> Result<PieceCatalog, DataError> {
        PieceCatalog::from_yaml(crate::templates::PIECES, crate::templates::PIECES_NAME)
    }

    pub fn from_yaml(text: &str, source_name: &str) -> Result<PieceCatalog, DataError> {
        compile(load(text, source_name)?)
    }

    /// Names of the built-in catalogs of their own (`chu`), besides the main list.
    pub fn builtin_catalog_names() -> Result<Vec<String>, DataError> {
        let raw: RawCatalog = from_yaml(crate::templates::PIECES, crate::templates::PIECES_NAME)?;
        Ok(raw.catalogs.into_keys().collect())
    }

    /// A built-in catalog of its own by name (`chu`, listed under `catalogs:` in the pieces
    /// YAML), which a variant selects with `pieces: NAME`.
    pub fn builtin_named(name: &str) -> Result<PieceCatalog, DataError> {
        let (text, source_name) = (crate::templates::PIECES, crate::templates::PIECES_NAME);
        let raw: RawCatalog = from_yaml(text, source_name)?;
        let names: Vec<&str> = raw.catalogs.keys().map(String::as_str).collect();
        let Some(list) = raw.catalogs.get(name) else {
            return Err(DataError::new(
                source_name,
                format!(
                    "no piece list '{name}' under catalogs: expected one of {}",
                    names.join(", ")
                ),
            ));
        };
        let text: std::sync::Arc<str> = text.into();
        compile(
            list.iter()
                .cloned()
                .enumerate()
                .map(|(index, piece)| Sourced {
                    piece,
                    index,
                    source_name: format!("{source_name} (catalogs.{name})"),
                    text: text.clone(),
                })
                .collect(),
        )
    }

    /// The built-in catalog with a user's pieces added: a piece with an existing id replaces it.
    pub fn builtin_with(text: &str, source_name: &str) -> Result<PieceCatalog, DataError> {
        let mut merged = load(crate::templates::PIECES, crate::templates::PIECES_NAME)?;
        let extras = load(text, source_name)?;
        // A repeated id within the user's file is a mistake, not a replacement.
        for (i, s) in extras.iter().enumerate() {
            let before = extras[..i]
                .iter()
                .filter(|o| o.piece.id == s.piece.id)
                .count();
            if before > 0 {
                return Err(
                    DataError::new(source_name, format!("duplicate id '{}'", s.piece.id))
                        .at_field_nth(
                            text,
                            Some(&format!("id: {}", s.piece.id)),
                            before,
                            &format!("pieces[{i}].id"),
                        ),
                );
            }
        }
        for extra in extras {
            match merged.iter_mut().find(|p| p.piece.id == extra.piece.id) {
                Some(slot) => *slot = extra,
                None => merged.push(extra),
            }
        }
        compile(merged)
    }
}

fn load(text: &str, source_name: &str) -> Result<Vec<Sourced>, DataError> {
    let raw: RawCatalog = from_yaml(text, source_name)?;
    let text: std::sync::Arc<str> = text.into();
    Ok(raw
        .pieces
        .into_iter()
        .enumerate()
        .map(|(index, piece)| Sourced {
            piece,
            index,
            source_name: source_name.to_string(),
            text: text.clone(),
        })
        .collect())
}

fn compile(raw: Vec<Sourced>) -> Result<PieceCatalog, DataError> {
    let err = |s: &Sourced, field: &str, msg: String| {
        // Earlier entries of the same file with the same id: the anchor repeats that often.
        let before = raw
            .iter()
            .take_while(|o| !std::ptr::eq(*o, s))
            .filter(|o| std::sync::Arc::ptr_eq(&o.text, &s.text) && o.piece.id == s.piece.id)
            .count();
        DataError::new(&s.source_name, msg).at_field_nth(
            &s.text,
            Some(&format!("id: {}", s.piece.id)),
            before,
            &format!("pieces[{}].{field}", s.index),
        )
    };
    if raw.len() > MAX_KINDS {
        return Err(DataError::new(
            raw.last().map_or("pieces", |s| &s.source_name),
            format!(
                "{} piece kinds; at most {MAX_KINDS} are supported",
                raw.len()
            ),
        ));
    }
    let mut kinds = Vec::with_capacity(raw.len());
    for (i, s) in raw.iter().enumerate() {
        let p = &s.piece;
        if p.id.is_empty()
            || !p
                .id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        {
            return Err(err(
                s,
                "id",
                format!("id '{}' must be snake_case (a-z, 0-9, _)", p.id),
            ));
        }
        if raw[..i].iter().any(|o| o.piece.id == p.id) {
            return Err(err(s, "id", format!("duplicate id '{}'", p.id)));
        }
        let (promoted, letter) = match p.sfen.as_bytes() {
            [l] if l.is_ascii_uppercase() => (false, *l as char),
            [b'+', l] if l.is_ascii_uppercase() => (true, *l as char),
            _ => {
                return Err(err(
                    s,
                    "sfen",
                    format!(
                        "'{}' is not an SFEN symbol: expected one uppercase letter, or '+' and one",
                        p.sfen
                    ),
                ))
            }
        };
        if let Some(o) = raw[..i].iter().find(|o| o.piece.sfen == p.sfen) {
            return Err(err(
                s,
                "sfen",
                format!(
                    "SFEN symbol '{}' is already used by '{}'",
                    p.sfen, o.piece.id
                ),
            ));
        }
        if p.kanji.chars().count() != 2 {
            return Err(err(
                s,
                "kanji",
                format!("'{}' should be the two-character name", p.kanji),
            ));
        }
        if p.abbr.chars().count() != 1 {
            return Err(err(
                s,
                "abbr",
                format!("'{}' should be one character", p.abbr),
            ));
        }
        if let Some(k) = &p.black_kanji {
            if k.chars().count() != 2 {
                return Err(err(
                    s,
                    "black_kanji",
                    format!("'{k}' should be the two-character name"),
                ));
            }
        }
        if let Some(k) = &p.black_abbr {
            if k.chars().count() != 1 {
                return Err(err(
                    s,
                    "black_abbr",
                    format!("'{k}' should be one character"),
                ));
            }
        }
        if let Some([base, height]) = p.size_mm {
            let sane = |v: f64| v.is_finite() && (5.0..=150.0).contains(&v);
            if !sane(base) || !sane(height) {
                return Err(err(
                    s,
                    "size_mm",
                    format!("[{base}, {height}]: base and height must be between 5 and 150 mm"),
                ));
            }
            if promoted {
                return Err(err(
                    s,
                    "size_mm",
                    "a promoted kind is printed on the back of its unpromoted piece: give the size there".into(),
                ));
            }
        }
        let mut movement =
            betza::parse(&p.betza).map_err(|e| err(s, "betza", format!("'{}': {e}", p.betza)))?;
        if let Some(lion) = &p.lion {
            let steps = betza::parse(lion).map_err(|e| err(s, "lion", format!("'{lion}': {e}")))?;
            movement.lion = Some(LionPower::from_steps(&steps).ok_or_else(|| {
                err(
                    s,
                    "lion",
                    format!(
                        "'{lion}': lion power is over single steps (W, F, K and their directions)"
                    ),
                )
            })?);
        }
        let mut rules = KindRules::default();
        for r in &p.rules {
            match r.as_str() {
                "one-per-file" => rules.one_per_file = true,
                "no-drop-mate" => rules.no_drop_mate = true,
                "second-chance" => rules.second_chance = true,
                "low-value" => rules.low_value = true,
                other => {
                    return Err(err(
                        s,
                        "rules",
                        format!("unknown rule '{other}': expected one-per-file, no-drop-mate, second-chance or low-value"),
                    ))
                }
            }
        }
        kinds.push(PieceKind {
            id: p.id.clone(),
            letter,
            promoted,
            kanji: p.kanji.clone(),
            abbr: p.abbr.clone(),
            black_kanji: p.black_kanji.clone(),
            black_abbr: p.black_abbr.clone(),
            reading: p.reading.clone(),
            english: p.english.clone(),
            movement,
            promotes_to: None,
            demotes_to: None,
            value: p.value,
            rules,
            size_mm: p.size_mm.map(|[b, h]| (b, h)),
            source: err(s, "id", String::new()).place(),
        });
    }
    for (i, s) in raw.iter().enumerate() {
        let Some(target) = &s.piece.promotes_to else {
            continue;
        };
        let Some(t) = raw.iter().position(|o| &o.piece.id == target) else {
            return Err(err(s, "promotes_to", format!("no piece has id '{target}'")));
        };
        if kinds[i].promoted {
            return Err(err(
                s,
                "promotes_to",
                "a promoted kind cannot promote again".into(),
            ));
        }
        if !kinds[t].promoted || kinds[t].letter != kinds[i].letter {
            return Err(err(
                s,
                "promotes_to",
                format!("'{target}' must have SFEN symbol '+{}'", kinds[i].letter),
            ));
        }
        if let Some(prev) = kinds[t].demotes_to {
            return Err(err(
                s,
                "promotes_to",
                format!(
                    "'{target}' is already the promotion of '{}'",
                    kinds[prev.index()].id
                ),
            ));
        }
        kinds[i].promotes_to = Some(KindId(t as u8));
        kinds[t].demotes_to = Some(KindId(i as u8));
    }
    for (i, s) in raw.iter().enumerate() {
        if kinds[i].promoted && kinds[i].demotes_to.is_none() {
            // Blame the unpromoted piece that lost its promotion (often a user's override of a
            // built-in piece that left out `promotes_to`), rather than the promoted piece.
            if let Some(base) = raw
                .iter()
                .position(|o| o.piece.sfen == kinds[i].letter.to_string())
            {
                return Err(err(
                    &raw[base],
                    "promotes_to",
                    format!(
                        "'{}' has no promotion, but '{}' ({}) is its promoted form: add `promotes_to: {}`",
                        raw[base].piece.id, s.piece.id, s.piece.sfen, s.piece.id
                    ),
                ));
            }
            return Err(err(
                s,
                "sfen",
                format!(
                    "'{}' is a promoted symbol but no piece with SFEN '{}' promotes to '{}'",
                    s.piece.sfen, kinds[i].letter, s.piece.id
                ),
            ));
        }
    }
    Ok(PieceCatalog::from_kinds(kinds))
}
