//! Piece catalogs from YAML, alone and merged over the built-in pieces: never a panic; errors
//! render; a loaded catalog can carry a variant.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogiprint::rules::{PieceCatalog, Position, Variant};
use std::sync::Arc;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match PieceCatalog::from_yaml(text, "fuzz.yaml") {
        Ok(c) => {
            for (_, k) in c.iter() {
                let _ = k.movement.describe();
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
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
