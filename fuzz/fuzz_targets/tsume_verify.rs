//! Any SFEN the `tsume` command accepts: the verification never panics, within a small node
//! budget; a mate it reports is a line of legal checks, as long as it says, that writes in both
//! notations and ends in checkmate but for futile interpositions (無駄合: every defence left
//! puts a piece between king and checker, and the attacker can take it with check); every
//! alternative is a legal check after its path. A verification a limit stopped keeps what the
//! stages before it found, checked alike.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogiprint::formats::notation::{japanese, western};
use shogiprint::formats::sfen;
use shogiprint::rules::validate::Options;
use shogiprint::rules::{Move, Position, Variant};
use shogiprint::tsume::{self, inventory, Limits, Stage, Status};
use std::sync::{Arc, OnceLock};

fn standard() -> &'static Arc<Variant> {
    static V: OnceLock<Arc<Variant>> = OnceLock::new();
    V.get_or_init(|| Variant::builtin("standard").unwrap())
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(pos) = sfen::position(text, standard(), Options { tsume: true }) else {
        return;
    };
    let Ok(start) = inventory::complete(&pos) else {
        return;
    };
    let limits = Limits {
        max_nodes: 3_000,
        time: None,
        hash_mb: 1,
    };
    let v = tsume::verify(&start, limits);
    // A limit keeps what the stages before the one it stopped found (see `Verdict::stopped_in`).
    let past = |s: Stage| v.stopped_in.is_some_and(|at| at > s);
    match v.status {
        Status::Mate => assert_eq!(v.stopped_in, None, "{text}"),
        Status::Unknown(_) => {
            assert!(v.stopped_in.is_some(), "{text}: {v:?}");
            assert_eq!(v.length.is_some(), past(Stage::Length), "{text}: {v:?}");
            assert_eq!(!v.line.is_empty(), past(Stage::Line), "{text}: {v:?}");
            assert!(v.alternatives.is_empty() || past(Stage::Line), "{text}: {v:?}");
            if v.line.is_empty() {
                return;
            }
        }
        Status::NoMate => {
            assert!(v.line.is_empty() && v.length.is_none(), "{text}: {v:?}");
            assert_eq!(v.stopped_in, None, "{text}");
            return;
        }
    }
    assert_eq!(v.length, Some(v.line.len() as u32), "{text}");
    assert_eq!(v.line.len() % 2, 1, "{text}");
    let mut p = start.clone();
    for (i, mv) in v.line.iter().enumerate() {
        assert!(p.is_legal(*mv), "{text}: ply {}", i + 1);
        let _ = western::write(&p, *mv);
        p.play(*mv).unwrap();
        if i % 2 == 0 {
            assert!(p.is_check(), "{text}: ply {} is not a check", i + 1);
        }
    }
    for d in p.legal_moves() {
        assert!(
            is_interposition(&p, d),
            "{text}: the line ends, but not in mate"
        );
        let mut q = p.clone();
        q.play(d).unwrap();
        let taken = q.legal_moves().into_iter().any(|a| {
            let mut r = q.clone();
            a.to() == d.to() && r.play(a).is_ok() && r.is_check()
        });
        assert!(
            taken,
            "{text}: the interposition {d:?} cannot be taken with check"
        );
    }
    assert_eq!(
        japanese::line(&start, &v.line).map(|l| l.len()),
        Ok(v.line.len())
    );
    for a in &v.alternatives {
        let mut p = start.clone();
        for mv in &a.path {
            p.play(*mv).unwrap();
        }
        assert!(p.is_legal(a.mv), "{text}: alternative at ply {}", a.ply);
        p.play(a.mv).unwrap();
        assert!(p.is_check(), "{text}: alternative at ply {}", a.ply);
    }
});

/// A defence that neither moves the king nor takes a checker: a piece put in the way.
fn is_interposition(p: &Position, d: Move) -> bool {
    let checkers = p.checkers();
    match d {
        Move::Drop { .. } => true,
        Move::Normal { from, to, .. } => {
            !checkers.has(to)
                && !p
                    .piece_at(from)
                    .is_some_and(|pc| p.variant().is_royal(pc.kind))
        }
        Move::Lion { .. } => false,
    }
}
