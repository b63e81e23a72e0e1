//! Piece catalogs from YAML, alone and merged over the built-in pieces: never a panic; errors
//! render; a loaded catalog can carry a variant.
//!
//! Most fuzzed texts fail while being read as YAML (syntax, an unknown or missing field, a wrong
//! type). `builtin_with` reads the user's text with the same reader after the built-in file, so
//! such a text fails there with the very same error; re-reading the 250 built-in lines for it was
//! most of the time of an execution. The merge is therefore run for every text that reads, and
//! for one text in 16 of those that don't, where it must give the same error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogiprint::rules::{PieceCatalog, Position, Variant};
use std::sync::Arc;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let alone = PieceCatalog::from_yaml(text, "fuzz.yaml");
    // An error located in the text but in no field comes from reading the YAML, before any
    // piece is checked (every later error names its field; the too-many-kinds one has no line).
    let read_error = match &alone {
        Ok(c) => {
            for (_, k) in c.iter() {
                let _ = k.movement.describe();
            }
            None
        }
        Err(e) => {
            let _ = e.to_string();
            (e.field.is_none() && e.line.is_some()).then_some(e)
        }
    };
    if let Some(e) = read_error {
        let sample = data
            .iter()
            .fold(0u8, |h, b| h.wrapping_mul(31).wrapping_add(*b));
        if sample % 16 == 0 {
            let merged = PieceCatalog::builtin_with(text, "fuzz.yaml");
            assert_eq!(
                merged.as_ref().err(),
                Some(e),
                "a text that does not read fails the merge the same way"
            );
        }
        return;
    }
    match PieceCatalog::builtin_with(text, "fuzz.yaml") {
        Ok(c) => {
            // If the standard pieces are still there, standard shogi loads with this catalog and
            // plays a move.
            if let Ok(v) = Variant::builtin_with("standard", Arc::new(c)) {
                let p = Position::start(&v).expect("start was validated when loading");
                let _ = p.legal_moves();
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
