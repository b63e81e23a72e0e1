//! SFEN text for every built-in variant: parsing never panics; a parsed setup writes and reads
//! back unchanged; a valid position lists its moves (as many as it counts, and as its capped
//! counts say), survives its own SFEN with the same moves, and every move it lists can be played.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogiprint::formats::notation;
use shogiprint::formats::sfen;
use shogiprint::rules::validate::{self, Options};
use shogiprint::rules::Variant;
use std::sync::{Arc, OnceLock};

fn variants() -> &'static Vec<Arc<Variant>> {
    static V: OnceLock<Vec<Arc<Variant>>> = OnceLock::new();
    V.get_or_init(|| {
        Variant::builtin_names()
            .map(|n| Variant::builtin(n).unwrap())
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for v in variants() {
        let Ok(setup) = sfen::parse(text, &v.catalog) else {
            continue;
        };
        let written = sfen::write(&setup, &v.catalog);
        let again = sfen::parse(&written, &v.catalog).expect("written SFEN parses");
        assert_eq!(again, setup, "{written}");
        for tsume in [false, true] {
            let options = Options { tsume };
            let problems = validate::problems(v, &setup, options);
            let Ok(pos) = validate::validate(v, setup.clone(), options) else {
                assert!(!problems.is_empty());
                continue;
            };
            assert!(problems.is_empty());
            let moves = pos.legal_moves();
            let n = moves.len() as u64;
            assert_eq!(pos.count_legal_moves(), n);
            let answers = pos.count_answers_up_to(u64::MAX);
            assert!(answers <= n, "{answers} answers of {n} moves");
            for cap in 1..=5 {
                for (c, n) in [
                    (pos.count_legal_moves_up_to(cap), n),
                    (pos.count_answers_up_to(cap), answers),
                ] {
                    assert!(
                        if n < cap {
                            c == n
                        } else {
                            (cap..=n).contains(&c)
                        },
                        "{cap}: {c} of {n}"
                    );
                }
            }
            assert_eq!(pos.has_legal_move(), n > 0);
            let out = pos.to_sfen();
            let back = validate::validate(v, sfen::parse(&out, &v.catalog).unwrap(), options)
                .expect("a valid position's own SFEN is valid");
            assert_eq!(back.legal_moves(), moves, "{out}");
            let _ = pos.is_checkmate();
            for m in moves.iter().take(40) {
                let usi = notation::usi::write_move(v, *m);
                assert_eq!(notation::usi::parse_move(v, &usi).as_ref(), Ok(m));
                let mut child = pos.clone();
                child.play(*m).expect("listed moves are legal");
                let _ = child.legal_moves();
            }
        }
    }
});
