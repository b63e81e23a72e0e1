//! USI position strings (`position startpos moves ...`, `sfen ... moves ...`) for standard shogi
//! and minishogi: never a panic, and an accepted position writes an SFEN that reads back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogiprint::formats::{sfen, usi};
use shogiprint::rules::validate::Options;
use shogiprint::rules::Variant;
use std::sync::{Arc, OnceLock};

fn variants() -> &'static Vec<Arc<Variant>> {
    static V: OnceLock<Vec<Arc<Variant>>> = OnceLock::new();
    V.get_or_init(|| {
        ["standard", "minishogi", "gorogoro", "sho"]
            .iter()
            .map(|n| Variant::builtin(n).unwrap())
            .collect()
    })
}

/// How many moves follow the first `moves` word, each of which passed the turn.
fn move_count(text: &str) -> usize {
    let words: Vec<&str> = text.split_whitespace().collect();
    words
        .iter()
        .position(|w| *w == "moves")
        .map_or(0, |i| words.len() - i - 1)
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = usi::is_position_string(text);
    for v in variants() {
        for tsume in [false, true] {
            let options = Options { tsume };
            match usi::parse_position(text, v, options) {
                Ok(pos) => {
                    let out = pos.to_sfen();
                    let setup = sfen::parse(&out, &v.catalog).expect("own SFEN parses");
                    assert_eq!(setup, pos.to_setup());
                    // A tsume's statement is the position before any move: after moves, the
                    // attacker may be the side not to move without a king, and a capture puts
                    // pieces in hands that are no longer "the defender holds the rest" (found by
                    // the campaign: `sfen Sgskg/5/1ppp1/1PPP1/5/S11GS b - 1 moves 3d3c 2c2d` in
                    // goro goro). So only an unmoved tsume must read back as a tsume.
                    let moved_tsume = tsume && move_count(text) > 0;
                    if !moved_tsume {
                        let back = sfen::position(&out, v, options).expect("own SFEN is valid");
                        assert_eq!(back.to_sfen(), out);
                        assert_eq!(back.legal_moves(), pos.legal_moves());
                    }
                }
                Err(e) => {
                    let _ = e.to_string();
                    if let shogiprint::Error::Parse(p) = &e {
                        // Columns point into the text (or one past its end).
                        assert!(
                            p.column >= 1 && p.column <= text.chars().count() + 1,
                            "{text:?}: {e}"
                        );
                    }
                }
            }
        }
    }
});
