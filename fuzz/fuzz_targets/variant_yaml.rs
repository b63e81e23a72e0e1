//! Variant definitions from YAML with the built-in pieces (or, after a `%%%%` line, with a
//! user's pieces given before it): never a panic; a loaded variant's start position is valid and
//! plays.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogiprint::rules::validate::validate;
use shogiprint::rules::{PieceCatalog, Position, Variant};
use std::sync::{Arc, OnceLock};

fn builtin() -> Arc<PieceCatalog> {
    static C: OnceLock<Arc<PieceCatalog>> = OnceLock::new();
    C.get_or_init(|| Arc::new(PieceCatalog::builtin().unwrap()))
        .clone()
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (catalog, variant_text) = match text.split_once("\n%%%%\n") {
        Some((pieces, rest)) => match PieceCatalog::builtin_with(pieces, "pieces.yaml") {
            Ok(c) => (Arc::new(c), rest),
            Err(_) => return,
        },
        None => (builtin(), text),
    };
    match Variant::from_yaml(variant_text, "fuzz.yaml", catalog) {
        Ok(v) => {
            let p = Position::start(&v).expect("the start was validated when loading");
            let moves = p.legal_moves();
            assert_eq!(p.count_legal_moves(), moves.len() as u64);
            for h in &v.handicaps {
                validate(&v, h.setup.clone(), Default::default()).expect("handicaps were validated");
            }
            for m in moves.iter().take(20) {
                let mut child = p.clone();
                child.play(*m).unwrap();
                let _ = child.perft(1);
            }
            let _ = v.hand_kinds();
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
