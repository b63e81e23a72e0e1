//! A record as a USI position string (`position sfen <SFEN> moves 7g7f …` or `startpos moves
//! …`), one move per USI word, and an SFEN alone as a record without moves.

use super::record::{Builder, Record, RecordError};
use super::sfen;
use crate::rules::{validate, Variant};
use std::sync::Arc;

/// Reads the first non-blank line as a USI position string or an SFEN.
pub fn read(text: &str, variant: &Arc<Variant>) -> Result<Record, RecordError> {
    let (line, body) = text
        .lines()
        .enumerate()
        .find(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| (i + 1, l.trim()))
        .ok_or_else(|| RecordError::new(1, "", "empty: expected a USI position or an SFEN"))?;
    let body = body.strip_prefix("position").unwrap_or(body).trim();
    let (start, moves) = match body.split_once("moves") {
        Some((s, m)) => (s.trim(), m.trim()),
        None => (body, ""),
    };
    let start_text = start.strip_prefix("sfen").unwrap_or(start).trim();
    let start_pos = if start_text == "startpos" {
        validate::validate(variant, variant.start.clone(), validate::Options::default())
            .map_err(crate::Error::from)
    } else if let Some(h) = variant.handicap(start_text) {
        validate::validate(variant, h.setup.clone(), validate::Options::default())
            .map_err(crate::Error::from)
    } else {
        // A mating problem's board (the attacker kingless) reads, as a KIF or BOD board does;
        // a position that breaks the rules either way is reported by the game's rules.
        sfen::position(start_text, variant, validate::Options::default()).or_else(|e| match e {
            crate::Error::Invalid(_) => {
                sfen::position(start_text, variant, validate::Options { tsume: true })
                    .map_err(|_| e)
            }
            e => Err(e),
        })
    }
    .map_err(|e| match e {
        crate::Error::Invalid(e) => RecordError::invalid_start(line, start_text, e),
        e => RecordError::new(line, start_text, e.to_string()),
    })?;
    let mut b = Builder::new(start_pos);
    for word in moves.split_whitespace() {
        let mv = super::notation::usi::parse_move(variant, word)
            .map_err(|e| RecordError::new(line, word, e.to_string()))?;
        b.play(line, word, mv)?;
    }
    Ok(b.finish())
}

/// Writes the main line as one USI position string.
pub fn write(record: &Record) -> String {
    let v = record.variant();
    let start = record.start.to_sfen();
    let even = super::sfen::write(&v.start, &v.catalog);
    let mut out = if start.split(' ').take(3).eq(even.split(' ').take(3)) {
        "position startpos".to_string()
    } else {
        format!("position sfen {start}")
    };
    if !record.moves.is_empty() {
        out.push_str(" moves");
        for m in &record.moves {
            out.push(' ');
            out.push_str(&super::notation::usi::write_move(v, m.mv));
        }
    }
    out.push('\n');
    out
}
