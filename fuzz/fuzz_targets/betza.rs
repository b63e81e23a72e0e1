//! Betza strings: parsing never panics; an accepted movement has motions and a description, and
//! a piece with it loads into a catalog and into variants whose positions generate exactly the
//! moves a slow reference generator finds, along a short playout chosen by the input's bytes.
#![no_main]

#[path = "../../tests/support/reference.rs"]
mod reference;

use libfuzzer_sys::fuzz_target;
use shogiprint::formats::notation;
use shogiprint::rules::{betza, PieceCatalog, Position, Variant};
use std::collections::BTreeSet;
use std::sync::Arc;

fn same_moves(p: &Position, context: &str) {
    let v = p.variant();
    let ours: BTreeSet<String> = p
        .legal_moves()
        .iter()
        .map(|m| notation::usi::write_move(v, *m))
        .collect();
    let theirs: BTreeSet<String> = reference::legal_moves(p, true)
        .iter()
        .map(|m| notation::usi::write_move(v, *m))
        .collect();
    assert_eq!(ours, theirs, "{context}: {}", p.to_sfen());
    assert_eq!(p.count_legal_moves(), ours.len() as u64);
    assert_eq!(p.is_check(), reference::in_check(p, p.turn()), "{context}");
}

/// The king of the fixture catalog: only its one-step movement and its id matter here.
const KING: &str = "id: king\n    sfen: \"K\"\n    kanji: 玉将\n    abbr: 玉\n    reading: gyokushō\n    english: King\n    betza: K\n    promotes_to: ~\n    value: ~\n    rules: []";

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(movement) = betza::parse(text) else {
        return;
    };
    assert!(!movement.motions.is_empty(), "{text:?}");
    let _ = movement.describe();
    // Only movement strings that are plain YAML scalars inside double quotes.
    if text.contains(['"', '\\']) || text.chars().any(|c| c.is_control()) {
        return;
    }
    // A two-piece catalog: a king (the variants' royal) and the fuzzed piece. Loading it runs the
    // same checks as a merge over the built-in pieces, without re-reading those 250 lines of YAML
    // each time (that was a third of every execution).
    let pieces = format!(
        "pieces:\n  - {KING}\n  - id: fuzz\n    sfen: \"X\"\n    kanji: 試験\n    abbr: 試\n    reading: shiken\n    english: Fuzz\n    betza: \"{text}\"\n    promotes_to: ~\n    value: 1\n    rules: []\n"
    );
    let catalog = PieceCatalog::from_yaml(&pieces, "fuzz.yaml").expect("a parsed Betza loads");
    let catalog = Arc::new(catalog);
    for (size, start) in [
        ("{ files: 9, ranks: 9 }", "4k4/9/9/9/4X4/9/9/9/4K4 b Xx 1"),
        ("{ files: 5, ranks: 5 }", "2k2/5/2X2/5/2K2 b Xx 1"),
        ("{ files: 3, ranks: 7 }", "1k1/3/3/1Xx/3/3/1K1 b - 1"),
    ] {
        let variant = format!(
            "id: fuzz\nenglish: Fuzz\njapanese: 試験\nboard: {size}\npromotion_zone: 1\ndrops: true\nroyal: [king]\nset:\n  king: 2\n  fuzz: 4\nstart: \"{start}\"\n"
        );
        // The start may be invalid (a piece that could never move, a check): that is a data
        // error, not a crash.
        let Ok(v) = Variant::from_yaml(&variant, "fuzz_variant.yaml", catalog.clone()) else {
            continue;
        };
        let mut p = Position::start(&v).unwrap();
        let _ = p.perft(2);
        for (ply, b) in data.iter().take(12).enumerate() {
            same_moves(&p, &format!("{text:?} {size} ply {ply}"));
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play(moves[*b as usize % moves.len()]).unwrap();
        }
    }
});
