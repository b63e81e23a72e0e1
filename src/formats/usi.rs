//! USI position strings: `startpos`, `sfen <SFEN>`, a bare SFEN, or a handicap name of the variant
//! (`two-piece`, `香落ち`), each optionally preceded by `position` and followed by
//! `moves 7g7f 3c3d ...`. Moves are checked for legality one by one; a malformed or illegal move is
//! reported with its number and column.

use super::notation;
use super::parse_error::ParseError;
use super::sfen::{self, fields, Field};
use crate::rules::{validate, Position, Variant};
use std::sync::Arc;

/// Does this text look like a USI position string rather than a bare SFEN or a name?
pub fn is_position_string(text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or("");
    matches!(first, "position" | "startpos" | "sfen")
        || text.split_whitespace().any(|w| w == "moves")
}

pub fn parse_position(
    text: &str,
    variant: &Arc<Variant>,
    options: validate::Options,
) -> Result<Position, crate::Error> {
    let f = fields(text);
    let skip = usize::from(f.first().map(|x| x.text) == Some("position"));
    let moves_at = f.iter().position(|x| x.text == "moves").unwrap_or(f.len());
    let end_column = text.chars().count() + 1;
    let start = &f[skip.min(moves_at)..moves_at];
    let mut pos = match start {
        [] => {
            return Err(ParseError::new(
                f.get(moves_at).map_or(end_column, |x| x.column),
                "expected 'startpos', 'sfen <SFEN>', a handicap name or an SFEN",
            )
            .into())
        }
        [x] if x.text == "startpos" => Position::start(variant)?,
        [x, extra, ..] if x.text == "startpos" => {
            return Err(ParseError::new(
                extra.column,
                format!(
                    "unexpected '{}' after startpos: expected 'moves'",
                    super::parse_error::shown(extra.text)
                ),
            )
            .into())
        }
        [x] if x.text == "sfen" => {
            return Err(ParseError::new(
                f.get(moves_at).map_or(end_column, |m| m.column),
                "expected an SFEN after 'sfen'",
            )
            .into())
        }
        [x, rest @ ..] if x.text == "sfen" => sfen_position(text, rest, variant, options)?,
        [x] if variant.handicap(x.text).is_some() => {
            let setup = variant
                .handicap(x.text)
                .map_or_else(|| variant.start.clone(), |h| h.setup.clone());
            validate::validate(variant, setup, options)?
        }
        rest => sfen_position(text, rest, variant, options)?,
    };
    for (number, m) in f.iter().skip(moves_at + 1).enumerate() {
        let number = number + 1;
        let mv = notation::usi::parse_move(variant, m.text)
            .map_err(|e| ParseError::new(m.column, format!("move {number}: {e}")))?;
        // The rule the move breaks, worded as the record readers word it (`nifu on file 2`), its
        // squares in USI (`7g`) as the move was given.
        if let Some(why) = pos.illegal_reason(mv) {
            return Err(ParseError::new(
                m.column,
                format!("move {number} ({}) is illegal: {why:#}", m.text),
            )
            .into());
        }
        pos.play_unchecked(mv);
    }
    Ok(pos)
}

/// Reads the SFEN spread over `fields`, with error columns counted in the whole text.
fn sfen_position(
    text: &str,
    fields: &[Field<'_>],
    variant: &Arc<Variant>,
    options: validate::Options,
) -> Result<Position, crate::Error> {
    let (Some(first), Some(last)) = (fields.first(), fields.last()) else {
        return Err(ParseError::new(1, "expected an SFEN").into());
    };
    let setup = sfen::parse(&text[first.start..last.end], &variant.catalog)
        .map_err(|e| e.shifted(first.column - 1))?;
    Ok(validate::validate(variant, setup, options)?)
}
