//! USI position strings: `startpos`, `sfen <SFEN>`, `position startpos moves 7g7f 3c3d`,
//! `sfen <SFEN> moves ...`, or a bare SFEN followed by `moves ...`. Moves are checked for
//! legality one by one; an illegal move is reported with its number and column.

use super::parse_error::ParseError;
use super::sfen::{self, fields};
use crate::rules::{validate, Move, Position, Variant};
use std::sync::Arc;

/// Does this text look like a USI position string rather than a bare SFEN?
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
    let mut i = 0;
    if f.first().map(|x| x.1) == Some("position") {
        i += 1;
    }
    let moves_at = f.iter().position(|x| x.1 == "moves").unwrap_or(f.len());
    let mut pos = match f.get(i).map(|x| x.1) {
        None => {
            return Err(ParseError::new(
                text.chars().count() + 1,
                "expected 'startpos' or 'sfen' followed by a position",
            )
            .into())
        }
        Some("startpos") => {
            if i + 1 < moves_at {
                return Err(ParseError::new(
                    f[i + 1].0,
                    format!(
                        "unexpected '{}' after startpos: expected 'moves'",
                        f[i + 1].1
                    ),
                )
                .into());
            }
            Position::start(variant)?
        }
        Some(word) => {
            let first = if word == "sfen" { i + 1 } else { i };
            if first >= moves_at {
                return Err(ParseError::new(
                    f.get(first).map_or(text.chars().count() + 1, |x| x.0),
                    "expected an SFEN after 'sfen'",
                )
                .into());
            }
            // Re-join the SFEN fields and shift errors back to their place in the whole text.
            let start = f[first].0;
            let sfen_text = f[first..moves_at]
                .iter()
                .map(|x| x.1)
                .collect::<Vec<_>>()
                .join(" ");
            let setup = sfen::parse(&sfen_text, &variant.catalog).map_err(|e| {
                let mut col = e.column;
                // Map the column in the joined text onto the original field positions.
                let mut acc = 1;
                for x in &f[first..moves_at] {
                    let len = x.1.chars().count();
                    if e.column < acc + len + 1 {
                        col = x.0 + (e.column - acc);
                        break;
                    }
                    acc += len + 1;
                }
                let _ = start;
                ParseError::new(col, e.message)
            })?;
            validate::validate(variant, setup, options)?
        }
    };
    for (n, &(col, word)) in f.iter().enumerate().skip(moves_at + 1) {
        let number = n - moves_at;
        let mv = Move::from_usi(word, variant)
            .map_err(|m| ParseError::new(col, format!("move {number}: {m}")))?;
        pos.play(mv)
            .map_err(|e| ParseError::new(col, format!("move {number} ({word}) is illegal: {e}")))?;
    }
    Ok(pos)
}
