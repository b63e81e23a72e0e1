//! A record as a USI position string (`position sfen <SFEN> moves 7g7f …` or `startpos moves
//! …`), one move per USI word, and an SFEN alone as a record without moves.

use super::record::{Builder, Record, RecordError};
use super::sfen;
use crate::rules::{validate, Move, Variant};
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
    let start_sfen = match start {
        "startpos" => variant.start.clone(),
        s => s.strip_prefix("sfen").unwrap_or(s).trim().to_string(),
    };
    let start_text = if start_sfen.is_empty() {
        start
    } else {
        &start_sfen
    };
    let start_pos = match variant.handicap(start_text) {
        Some(h) => sfen::position(&h.sfen, variant, validate::Options::default()),
        None => sfen::position(start_text, variant, validate::Options::default()),
    }
    .map_err(|e| RecordError::new(line, start_text, e.to_string()))?;
    let mut b = Builder::new(start_pos);
    for word in moves.split_whitespace() {
        let mv = Move::from_usi(word, variant).map_err(|e| RecordError::new(line, word, e))?;
        b.play(line, word, mv)?;
    }
    Ok(b.finish())
}

/// Writes the main line as one USI position string.
pub fn write(record: &Record) -> String {
    let v = record.variant();
    let start = record.start.to_sfen();
    let mut out = if start == v.start {
        "position startpos".to_string()
    } else {
        format!("position sfen {start}")
    };
    if !record.moves.is_empty() {
        out.push_str(" moves");
        for m in &record.moves {
            out.push(' ');
            out.push_str(&m.mv.to_usi(v));
        }
    }
    out.push('\n');
    out
}
