//! The tsume verifier on published problems whose answers can be cited (tests/data/tsume/
//! published.tsv names each source): a problem with a documented cook (余詰) and a documented
//! promotion choice, book problems whose answers rest on futile interpositions (無駄合) and on
//! the 駒余り rule, a classic whose key moves must not promote (飛不成) because the promoted rook
//! would turn a later pawn drop into pawn-drop mate, the inventory check, no mate, and the limits;
//! 図巧 第3番, whose 11-ply "mate" from cshogi needs the defender to promote, 図巧 第33番 from its
//! seventh move (a CI-fast main line with 飛不成), and mates from games whose set length counts
//! futile interpositions.

use shogiprint::diagram::verify::{self, Settings};
use shogiprint::diagram::Style;
use shogiprint::formats::notation::{japanese, usi};
use shogiprint::rules::{validate, Move, Position, Variant};
use shogiprint::tsume::dfpn::Limit;
use shogiprint::tsume::{self, inventory, AltKind, Limits, Status, Verdict};
use std::process::Command;
use std::sync::Arc;

fn standard() -> Arc<Variant> {
    Variant::builtin("standard").unwrap()
}

/// One line of published.tsv.
struct Published {
    sfen: String,
    plies: u32,
    line: Vec<String>,
}

fn published(id: &str) -> Published {
    include_str!("data/tsume/published.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .find(|f| f[0] == id)
        .map(|f| Published {
            sfen: f[1].to_string(),
            plies: f[2].parse().unwrap(),
            line: f[3].split_whitespace().map(str::to_string).collect(),
        })
        .unwrap_or_else(|| panic!("{id} is not in published.tsv"))
}

/// The problem as the prover takes it: the defender holds the rest.
fn problem(sfen: &str) -> Position {
    let v = standard();
    let p = shogiprint::formats::sfen::position(sfen, &v, validate::Options { tsume: true })
        .unwrap_or_else(|e| panic!("{sfen}: {e}"));
    inventory::complete(&p).unwrap_or_else(|e| panic!("{sfen}: {e:?}"))
}

fn mv(text: &str) -> Move {
    usi::parse_move(&standard(), text).unwrap()
}

fn moves(line: &[impl AsRef<str>]) -> Vec<Move> {
    line.iter().map(|m| mv(m.as_ref())).collect()
}

/// `start` after `line`, every move legal and every attacker move a check.
fn after(start: &Position, line: &[Move]) -> Position {
    let mut p = start.clone();
    for (i, m) in line.iter().enumerate() {
        p.play(*m).unwrap_or_else(|e| panic!("ply {}: {e}", i + 1));
        if i % 2 == 0 {
            assert!(p.is_check(), "ply {} does not check", i + 1);
        }
    }
    p
}

/// A published problem with its line, checked to have the published length and to end in
/// checkmate.
fn published_mate(id: &str) -> (Published, Position, Vec<Move>) {
    let p = published(id);
    let start = problem(&p.sfen);
    let line = moves(&p.line);
    assert_eq!(line.len() as u32, p.plies, "{id}");
    assert!(after(&start, &line).is_checkmate(), "{id}");
    (p, start, line)
}

fn usi_line(v: &Verdict) -> Vec<String> {
    let variant = standard();
    v.line
        .iter()
        .map(|m| usi::write_move(&variant, *m))
        .collect()
}

fn alternatives(v: &Verdict) -> Vec<(u32, String, AltKind)> {
    let variant = standard();
    v.alternatives
        .iter()
        .map(|a| (a.ply, usi::write_move(&variant, a.mv), a.kind))
        .collect()
}

fn shogiprint(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_shogiprint"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(out: &str) -> serde_json::Value {
    serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{e}: {out}"))
}

// --- A cook (余詰): shogi-l 1995-10-17 -------------------------------------------------------

/// Geuns: "Black can indeed force mate in 9 moves, but he has more than 1 way to do this.
/// (E.g. 1. N'3d is correct, but so is 1.B'5a.)" The prover finds the mate in 9 and reports
/// whichever of the two first moves is not its main line as a `root` alternative.
#[test]
fn the_documented_cook_is_a_root_alternative() {
    let p = published("geuns-1995");
    let v = tsume::verify(&problem(&p.sfen), Limits::default());
    assert_eq!(v.status, Status::Mate);
    assert_eq!(v.length, Some(p.plies));
    let first = usi_line(&v)[0].clone();
    let other = match first.as_str() {
        "B*5a" => "N*3d",
        "N*3d" => "B*5a",
        f => panic!("first move {f}: neither of Geuns' two"),
    };
    let roots: Vec<_> = alternatives(&v)
        .into_iter()
        .filter(|a| a.2 == AltKind::Root)
        .collect();
    assert_eq!(roots, [(1, other.to_string(), AltKind::Root)]);
    assert!(!v.is_sound(false), "a root alternative is a defect");
    assert_eq!(v.left_in_hand, Some(0));
}

/// The cook as Geuns writes it (B'5a K3b B4a+ K2b N'3d Px3d G'3c "etc."): every move legal,
/// every attacker move a check, and after G'3c every defence is mated at once: nine plies.
#[test]
fn the_published_cook_line_mates_in_nine() {
    let p = published("geuns-1995");
    let start = problem(&p.sfen);
    let pos = after(&start, &moves(&p.line));
    assert_eq!(p.line.len() as u32 + 2, p.plies);
    let replies = pos.legal_moves();
    assert!(!replies.is_empty());
    for r in replies {
        let mut next = pos.clone();
        next.play_unchecked(r);
        let rest = tsume::verify(&next, Limits::default());
        assert_eq!(
            rest.length,
            Some(1),
            "after {}",
            usi::write_move(&standard(), r)
        );
    }
}

/// "2.B4a+ (just B4a also works)": after B'5a K3b, the bishop mates in 7 promoted or not — a
/// promotion choice, tolerated by default and a defect under strict.
#[test]
fn the_documented_promotion_choice_is_reported_and_tolerated() {
    let p = published("geuns-1995");
    let start = problem(&p.sfen);
    let pos = after(&start, &moves(&p.line[..2]));
    let v = tsume::verify(&pos, Limits::default());
    assert_eq!(v.length, Some(7));
    let main = usi_line(&v)[0].clone();
    assert!(main == "6c4a+" || main == "6c4a", "{main}");
    let other = if main == "6c4a+" { "6c4a" } else { "6c4a+" };
    assert!(
        alternatives(&v).contains(&(1, other.to_string(), AltKind::PromotionChoice)),
        "{:?}",
        alternatives(&v)
    );
    assert!(!AltKind::PromotionChoice.is_defect(false));
    assert!(AltKind::PromotionChoice.is_defect(true));
}

/// The command: exit 1 (the cook is a defect with or without --strict); the cook with its ply
/// and kind in JSON; the promotion choice and the final-move alternatives reported but not
/// defects by default, defects under --strict; the human output names the cook in Japanese.
#[test]
fn cli_reports_the_cook_with_its_ply_and_kind() {
    let p = published("geuns-1995");
    let (code, out, _) = shogiprint(&["tsume", "--json", &p.sfen]);
    assert_eq!(code, 1);
    let j = json(&out);
    assert_eq!(j["status"], "mate");
    assert_eq!(j["length"], 9);
    assert_eq!(j["sound"], false);
    let alts = j["alternatives"].as_array().unwrap();
    let root: Vec<_> = alts.iter().filter(|a| a["kind"] == "root").collect();
    assert_eq!(root.len(), 1, "{alts:?}");
    assert_eq!(root[0]["ply"], 1);
    assert_eq!(root[0]["defect"], true);
    let tolerated: Vec<_> = alts
        .iter()
        .filter(|a| a["kind"] == "promotion-choice" || a["kind"] == "final-move")
        .collect();
    assert!(!tolerated.is_empty(), "{alts:?}");
    assert!(tolerated.iter().all(|a| a["defect"] == false), "{alts:?}");

    let (code, out, _) = shogiprint(&["tsume", "--json", "--strict", &p.sfen]);
    assert_eq!(code, 1);
    let j = json(&out);
    assert!(j["alternatives"]
        .as_array()
        .unwrap()
        .iter()
        .all(|a| a["defect"] == true));

    let (code, out, _) = shogiprint(&["tsume", &p.sfen]);
    assert_eq!(code, 1);
    let other = if j["line"][0] == "B*5a" {
        "▲3四桂"
    } else {
        "▲5一角"
    };
    assert!(
        out.contains(&format!("alternative at ply 1: {other} [root] (defect)")),
        "{out}"
    );
}

/// An alternative on a variation is written in Japanese where it is played, with the moves
/// that lead there; JSON keeps the USI move beside them. Geuns' "1. B'5a K3b 2.B4a+ (just B4a
/// also works)": the promotion choice is on the variation ▲5一角 △3二玉, at ply 3, or at ply 5
/// when the main line starts with the other first move (see above).
#[test]
fn an_alternative_on_a_variation_is_written_in_japanese_with_its_variation() {
    let p = published("geuns-1995");
    let (_, out, _) = shogiprint(&["tsume", "--json", &p.sfen]);
    let j = json(&out);
    let choice = j["alternatives"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["kind"] == "promotion-choice")
        .cloned()
        .expect("a promotion choice");
    let (ply, variation) = if j["line"][0] == "B*5a" {
        (3, serde_json::json!(["▲5一角", "△3二玉"]))
    } else {
        (
            5,
            serde_json::json!(["▲3四桂", "△同歩", "▲5一角", "△3二玉"]),
        )
    };
    assert_eq!(choice["ply"], ply);
    assert_eq!(choice["variation"], variation);
    let (usi, ja) = match choice["move"].as_str().unwrap() {
        "6c4a+" => ("6c4a+", "▲4一角成"),
        "6c4a" => ("6c4a", "▲4一角不成"),
        m => panic!("{m}"),
    };
    assert_eq!(choice["move_ja"], ja, "{usi}");
    let (_, out, _) = shogiprint(&["tsume", &p.sfen]);
    let after = variation
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        out.contains(&format!(
            "alternative at ply {ply}: {ja} (after {after}) [promotion-choice]\n"
        )),
        "{out}"
    );
    assert!(!out.contains("on a variation"), "{out}");
}

// --- Futile interpositions and 駒余り: "Let's Play Shogi" ----------------------------------

/// Book problem A: R*2a, +Rx2a, B-6d, mate in 3. The defender may still drop a piece between
/// the bishop and the king (on 5c or 4b): futile interpositions, not counted.
#[test]
fn book_mate_in_three_with_futile_interpositions() {
    let p = published("lets-play-shogi-a");
    let start = problem(&p.sfen);
    let v = tsume::verify(&start, Limits::default());
    assert_eq!(v.status, Status::Mate);
    assert_eq!(v.length, Some(3));
    assert_eq!(usi_line(&v), p.line);
    assert_eq!(
        japanese::line(&start, &v.line).unwrap(),
        ["▲2一飛", "△同龍", "▲6四角"]
    );
    assert!(v.alternatives.is_empty(), "{:?}", alternatives(&v));
    assert_eq!(v.left_in_hand, Some(0));
    assert!(v.is_sound(true));
    // Every answer to B-6d is a drop on 5c or 4b.
    let end = after(&start, &v.line);
    let replies = end.legal_moves();
    assert!(!replies.is_empty());
    let variant = standard();
    for r in replies {
        let text = usi::write_move(&variant, r);
        assert!(
            text.ends_with("*5c") || text.ends_with("*4b"),
            "{text} is not an interposition"
        );
    }
}

/// Book problem A, the other defence the reader asked about: "What does black do if white does
/// Kx2a instead of +Rx2a? Sx2b+ is mate, but black has a piece in hand" — as long, but it leaves
/// the attacker a rook (駒余り), so the main line takes +Rx2a.
#[test]
fn the_defence_that_leaves_a_piece_in_hand_is_not_the_main_line() {
    let p = published("lets-play-shogi-a");
    let start = problem(&p.sfen);
    let pos = after(&start, &moves(&["R*2a", "3a2a"]));
    let v = tsume::verify(&pos, Limits::default());
    assert_eq!(v.length, Some(1));
    assert_eq!(usi_line(&v), ["3c2b+"]);
    assert_eq!(v.left_in_hand, Some(1), "the dragon's rook stays in hand");
}

/// Book problem B: R*3b, +Bx3b, G*1c. The prover's main line may take the other defence of the
/// same length (K-2c, G*3d); the book's line is as long, so it is accepted as an answer. A drop
/// on 2b, which the horse takes with mate, is futile.
#[test]
fn book_mate_in_three_and_its_published_line() {
    let p = published("lets-play-shogi-b");
    let start = problem(&p.sfen);
    let settings = Settings::default();
    let solution = verify::prove(&start, None, &settings).expect("sound");
    assert_eq!(solution.length, 3);
    assert_eq!(usi_line(&solution.verdict)[0], "R*3b");
    let book = p.line.join(" ");
    verify::check_answer(&start, &solution, &book, Style::Traditional, &settings)
        .unwrap_or_else(|e| panic!("the book's answer {book} is refused: {e}"));
    let end = after(&start, &moves(&p.line));
    assert!(end.is_checkmate());
    // The futile drop on 2b: the horse takes it and it is mate.
    let drop = after(&start, &moves(&["R*3b", "P*2b", "3a2b"]));
    assert!(drop.is_checkmate());
}

// --- A non-promotion-only solution: 将棋図巧 第12番 -------------------------------------------

/// The published line plays, checks on every attacker move and ends in checkmate; Japanese
/// notation writes the two rook moves that must not promote with 不成.
#[test]
fn zukou_12_published_line_keeps_the_rook_unpromoted() {
    let (_, start, line) = published_mate("zukou-12");
    let ja = japanese::line(&start, &line).unwrap();
    assert_eq!(ja[2], "▲1三飛不成");
    assert_eq!(ja[4], "▲2三飛不成");
    assert_eq!(ja[8], "▲1二歩");
    assert_eq!(tsume::prove(&start, Limits::default()).0, Status::Mate);
}

/// Why 不成: with the rook promoted on ply 3 (the same moves otherwise), the pawn drop of ply 9
/// would mate, and pawn-drop mate is no move at all. Unpromoted, the drop is a check the king
/// escapes from.
#[test]
fn zukou_12_promoting_the_rook_makes_the_pawn_drop_a_pawn_drop_mate() {
    let p = published("zukou-12");
    let start = problem(&p.sfen);
    let pawn = mv("P*1b");
    let published = after(&start, &moves(&p.line[..8]));
    assert!(published.is_legal(pawn));
    let mut dropped = published.clone();
    dropped.play_unchecked(pawn);
    assert!(dropped.is_check() && !dropped.is_checkmate());

    let mut promoted: Vec<String> = p.line[..8].to_vec();
    promoted[2] = "2c1c+".to_string();
    let promoted = after(&start, &moves(&promoted));
    assert!(!promoted.is_legal(pawn));
    let mut dropped = promoted.clone();
    dropped.play_unchecked(pawn);
    assert!(dropped.is_checkmate(), "P*1b would be pawn-drop mate");
}

/// The full verification of 図巧 第12番 as transcribed finds 27 plies (published: 21; the lance
/// may take the knight of ply 15 and last longer, see tests/tsume.rs,
/// `zukou_12_as_transcribed_lance_takes_on_3c`, with cshogi's figures), the published first 15
/// moves with the 飛不成 on ply 3, and no promotion choice there (promoting makes the pawn drop
/// of ply 9 a pawn-drop mate).
#[test]
fn zukou_12_is_verified_with_the_unpromoted_rook() {
    let p = published("zukou-12");
    let limits = Limits {
        hash_mb: 256,
        ..Limits::default()
    };
    let v = tsume::verify(&problem(&p.sfen), limits);
    assert_eq!(v.status, Status::Mate);
    assert_eq!(p.line.len(), 21);
    assert_eq!(v.length, Some(27));
    assert_eq!(usi_line(&v)[..15], p.line[..15]);
    assert_eq!(usi_line(&v)[2], "2c1c");
    assert!(!alternatives(&v)
        .iter()
        .any(|a| a.0 == 3 && a.2 == AltKind::PromotionChoice));
}

/// 図巧 第7番 as transcribed (published: 13 plies) is a 15-ply problem: after S*9d the king may
/// take the silver itself and last 9 more plies (tests/tsume.rs,
/// `zukou_7_as_transcribed_king_takes_on_9d_and_lasts_longer`, with cshogi's figures). The
/// whole verification finds those 15 plies and the published first five moves.
#[test]
#[ignore = "slow: about 17 s; the length search must rule out every mate within 13 plies"]
fn zukou_7_as_transcribed_is_verified_at_15_plies() {
    let p = published("zukou-7");
    let limits = Limits {
        max_nodes: 400_000_000,
        hash_mb: 1024,
        ..Limits::default()
    };
    let v = tsume::verify(&problem(&p.sfen), limits);
    assert_eq!(v.status, Status::Mate);
    assert_eq!(p.plies, 13);
    assert_eq!(v.length, Some(15));
    assert_eq!(usi_line(&v)[..5], p.line[..5]);
}

// --- Inventory, no mate, limits ------------------------------------------------------------

/// The defender of book problem A holds everything not on the board or in Black's rook hand:
/// no rook or bishop is left (both of each are on the board or in hand), three silvers, all the
/// golds, knights, lances and pawns.
#[test]
fn inventory_of_a_book_problem() {
    let p = published("lets-play-shogi-a");
    assert_eq!(
        problem(&p.sfen).to_sfen(),
        "5bk2/7+r1/6S2/9/4B4/9/9/9/9 b R4g3s4n4l18p 1"
    );
    // A defender's hand that does not add up is refused, with the hand it should be.
    let (code, out, _) = shogiprint(&["tsume", "5bk2/7+r1/6S2/9/4B4/9/9/9/9 b Rr4g3s4n4l18p 1"]);
    assert_eq!(code, 1);
    assert!(out.contains("invalid"), "{out}");
}

/// antma/tsumeshogi-check (tests/tsume3.rs, no_tsume3) lists this position among those with no
/// mate in 3; the prover disproves it outright.
#[test]
fn a_solver_suite_position_without_mate() {
    let sfen = "k8/9/9/1+R7/9/9/9/9/P8 b LP 1";
    let v = tsume::verify(&problem(sfen), Limits::default());
    assert_eq!(v.status, Status::NoMate);
    let (code, out, _) = shogiprint(&["tsume", "--json", sfen]);
    assert_eq!(code, 1);
    assert_eq!(json(&out)["status"], "no-mate");
}

/// Ten nodes are not enough for the published mate in 9: `unknown`, the node limit named, no
/// length and no line, exit 1.
#[test]
fn max_nodes_10_gives_unknown_on_a_published_problem() {
    let p = published("geuns-1995");
    let (code, out, _) = shogiprint(&["tsume", "--json", "--max-nodes", "10", &p.sfen]);
    assert_eq!(code, 1);
    let j = json(&out);
    assert_eq!(j["status"], "unknown");
    assert_eq!(j["limit"], "nodes");
    assert_eq!(j["length"], serde_json::Value::Null);
    assert_eq!(j["line"], serde_json::json!([]));
}

// --- 図巧 第3番: the defender's unpromoted rook (飛不成) ------------------------------------

/// cshogi's DfPn reports an 11-ply mate in 図巧 第3番 (published: 45 plies). Its line
/// (S*7g 8f9e G*9f 9e9d N*8f 8i8f+ P*9e 8f9e 9f9e 9d9e R*9f) has the defender promote the rook
/// when it takes the knight on move 6; the published defence takes unpromoted (8i8f, 飛不成).
/// After the first five published moves the defender has exactly three moves; the promoted
/// capture is mated in 5 (cshogi's line), the king's capture in 1, and the published unpromoted
/// capture is the one that goes on (cshogi: no mate within 5 plies after it, and the prover's
/// df-pn proves the mate the published line gives).
#[test]
fn zukou_3_the_short_mate_needs_the_defender_to_promote() {
    let (p, start, line) = published_mate("zukou-3");
    let variant = standard();
    let pos = after(&start, &line[..5]);
    let mut replies: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| usi::write_move(&variant, m))
        .collect();
    replies.sort();
    assert_eq!(replies, ["8e8f", "8i8f", "8i8f+"]);
    assert_eq!(p.line[5], "8i8f", "the published defence does not promote");
    assert_eq!(japanese::line(&start, &line).unwrap()[5], "△同飛不成");
    let length_after = |reply: &str| {
        let mut next = pos.clone();
        next.play(mv(reply)).unwrap();
        tsume::verify(&next, Limits::default())
    };
    let promoted = length_after("8i8f+");
    assert_eq!(promoted.length, Some(5));
    assert_eq!(
        usi_line(&promoted),
        ["P*9e", "8f9e", "9f9e", "9d9e", "R*9f"]
    );
    assert_eq!(length_after("8e8f").length, Some(1));
    let mut unpromoted = pos.clone();
    unpromoted.play(mv("8i8f")).unwrap();
    assert_eq!(tsume::prove(&unpromoted, Limits::default()).0, Status::Mate);
}

// --- Futile interpositions beside one that counts: 図巧 第8番 from its 23rd move ----------

/// After the first 22 published plies of 図巧 第8番, 19 remain: the rook goes to 9b with check
/// along the second rank, and the defender's bishop drop on 3b (taken back by the gold or the
/// king whatever takes it) is the resistance that counts, 18 plies. A pawn or knight dropped
/// between 8b and 4b is taken by the rook for free and the mate goes on as before, without the
/// piece: futile. Measured against the king's moves alone (4 plies), such drops had counted:
/// the dragon took five of them in turn and the answer was 21 plies, 2 pieces left over.
#[test]
fn zukou_8_far_drops_beside_the_bishop_interposition_are_futile() {
    let (_, start, line) = published_mate("zukou-8");
    let pos = after(&start, &line[..22]);
    let v = tsume::verify(&pos, Limits::default());
    assert_eq!(v.status, Status::Mate);
    assert_eq!(v.length, Some(19));
    assert_eq!(v.left_in_hand, Some(0));
    let ours = usi_line(&v);
    assert_eq!(ours[1], "B*3b", "{ours:?}");
    // The published line, its rook promoting on 9b and the tokin taking first, lasts as long.
    let published = after(&pos, &line[22..]);
    assert!(published.is_checkmate());
}

// --- A non-promotion-only move, CI-fast: 図巧 第33番 from its seventh move ------------------

/// After the first six published moves of 図巧 第33番, nine plies remain and the first is the
/// rook's 8c9c without promotion (▲9三飛不成). The prover's main line has it, 9 plies, and no
/// promotion choice at ply 1: promoted, the dragon lets the defender escape (cshogi's DfPn
/// finds no mate within 15 plies after 8c9c+ 8b9d either). The published 4c6a+ of ply 5 may
/// also be played unpromoted: a promotion choice, reported and tolerated.
#[test]
fn zukou_33_main_line_keeps_the_rook_unpromoted() {
    let (p, start, line) = published_mate("zukou-33");
    let ja = japanese::line(&start, &line).unwrap();
    assert_eq!(ja[2], "▲8三飛不成");
    assert_eq!(ja[6], "▲9三飛不成");

    let pos = after(&start, &line[..6]);
    let v = tsume::verify(&pos, Limits::default());
    assert_eq!(v.status, Status::Mate);
    assert_eq!(v.length, Some(p.plies - 6));
    let main = usi_line(&v);
    assert_eq!(main[0], "8c9c");
    assert_eq!(japanese::line(&pos, &v.line).unwrap()[0], "▲9三飛不成");
    assert!(
        !alternatives(&v).iter().any(|a| a.0 == 1),
        "{:?}",
        alternatives(&v)
    );
    assert!(
        alternatives(&v).contains(&(5, "4c6a+".to_string(), AltKind::PromotionChoice))
            || main[4] == "4c6a+",
        "{:?} {main:?}",
        alternatives(&v)
    );
    // The published line from here is as long as the prover's: accepted as an answer.
    let settings = Settings::default();
    let solution = verify::prove(&pos, None, &settings).expect("sound");
    let published: Vec<String> = p.line[6..].to_vec();
    verify::check_answer(
        &pos,
        &solution,
        &published.join(" "),
        Style::Traditional,
        &settings,
    )
    .unwrap_or_else(|e| panic!("the published answer is refused: {e}"));
    // Promoted, the rook is no mate: the lance need not take, the knight steps to 9d.
    let mut promoted = pos.clone();
    promoted.play(mv("8c9c+")).unwrap();
    promoted.play(mv("8b9d")).unwrap();
    // (The prover disproves it only through a repetition, so it says `unknown (repetition)`
    // rather than `no-mate`; either way it finds no mate.)
    let status = tsume::verify(&promoted, Limits::default()).status;
    assert!(
        matches!(status, Status::NoMate | Status::Unknown(Limit::Repetition)),
        "{status:?}"
    );
}

// --- Mates from games where the set counts futile interpositions ---------------------------

/// Every defence at `pos` (the defender to move) is an interposition that the attacker takes
/// at once with checkmate: a futile interposition (無駄合).
fn all_futile(pos: &Position) -> bool {
    let variant = standard();
    let replies = pos.legal_moves();
    !replies.is_empty()
        && replies.into_iter().all(|r| {
            let to = usi::write_move(&variant, r)[2..4].to_string();
            let mut next = pos.clone();
            next.play_unchecked(r);
            next.legal_moves().into_iter().any(|c| {
                let text = usi::write_move(&variant, c);
                let mut mated = next.clone();
                mated.play_unchecked(c);
                text[2..4] == to && mated.is_checkmate()
            })
        })
}

/// A game mate from YaneuraOu's sets, verified: a mate two plies shorter than the set says (the
/// set counts futile interpositions). The position and the verdict.
fn game_mate_two_plies_shorter(id: &str) -> (Position, Verdict) {
    let p = published(id);
    let start = problem(&p.sfen);
    let v = tsume::verify(&start, Limits::default());
    assert_eq!(v.status, Status::Mate);
    assert_eq!(v.length, Some(p.plies - 2));
    (start, v)
}

/// YaneuraOu's mate7 set, a game position (Black to move): the set says 7 plies; the
/// conventional length is 5. After ▲2二角成 △2四玉 ▲3二馬 the defender may drop on 2c or 2b,
/// between the dragon on 2a and the king: on 2c the dragon takes with mate; on 2b the dragon
/// takes and the next drop (2c) is taken with mate — futile interpositions, which the set
/// counts: ▲2二角成 △2四玉 ▲3二馬 △2二合 ▲同龍 △2三合 ▲同龍 is its 7 plies.
#[test]
fn game_mate_7a_is_5_without_futile_interpositions() {
    let (start, v) = game_mate_two_plies_shorter("mate7-a");
    assert_eq!(usi_line(&v), ["3a2b+", "3c2d", "2b3b", "2d1c", "S*2d"]);
    // After ply 3 the defender's moves: the king to 1c, or a drop on 2b/2c.
    let pos = after(&start, &v.line[..3]);
    let variant = standard();
    for r in pos.legal_moves() {
        let text = usi::write_move(&variant, r);
        assert!(
            text == "2d1c" || text.ends_with("*2b") || text.ends_with("*2c"),
            "{text}"
        );
        if text.ends_with("*2c") {
            let mut next = pos.clone();
            next.play_unchecked(r);
            next.play(mv("2a2c")).unwrap();
            assert!(next.is_checkmate(), "after {text} 2a2c");
        }
        if text.ends_with("*2b") {
            let mut next = pos.clone();
            next.play_unchecked(r);
            next.play(mv("2a2b")).unwrap();
            assert!(all_futile(&next), "after {text} 2a2b");
        }
    }
}

/// YaneuraOu's mate7 set, a game position (White to move): the set says 7; the conventional
/// length is 5 (△8八龍 ▲6九玉 △6七香 ▲同金右 △5八銀). Instead of ▲6九玉 Black may interpose on
/// 7h; a capture there with check (the knight promoting, on the knight drop: the dragon would be
/// taken back) leaves every reply mated within 3 plies, inside the 4 that ▲6九玉 lasts: futile
/// interpositions, the set's two extra plies (cshogi 1.1.0 finds no mate within 5 counting every
/// interposition, and 9i8h N*7h 8f7h+ 7g7h S*7g 6h6i 8h7h within 7).
#[test]
fn game_mate_7b_is_5_without_futile_interpositions() {
    let (start, v) = game_mate_two_plies_shorter("mate7-b");
    assert_eq!(usi_line(&v)[..2], ["9i8h", "6h6i"]);
    let pos = after(&start, &v.line[..1]);
    let variant = standard();
    let mut interpositions = 0;
    for r in pos.legal_moves() {
        let text = usi::write_move(&variant, r);
        if text == "6h6i" {
            continue;
        }
        assert!(text.ends_with("7h"), "{text}");
        interpositions += 1;
        let mut interposed = pos.clone();
        interposed.play_unchecked(r);
        let futile = interposed.legal_moves().into_iter().any(|c| {
            if c.to() != r.to() {
                return false;
            }
            let mut taken = interposed.clone();
            taken.play_unchecked(c);
            taken.is_check()
                && taken.legal_moves().into_iter().all(|d| {
                    let mut next = taken.clone();
                    next.play_unchecked(d);
                    let w = tsume::verify(&next, Limits::default());
                    w.status == Status::Mate && w.length.is_some_and(|l| l <= 3)
                })
        });
        assert!(futile, "{text}");
    }
    assert_eq!(interpositions, 2, "N*7h and 7g7h");
}

/// The same game after △8八龍 ▲7八桂 △同龍 ▲同金: the dragon is gone and White has no mate
/// (cshogi 1.1.0: `DfPn(255, 10 000 000)` finds none in 133 k nodes). df-pn's disproof leans on
/// repeated checks; the check that keeps nothing depending on the path confirms it, where
/// before the answer was `unknown (repetition)`.
#[test]
fn game_mate_7b_after_the_dragon_is_taken_has_no_mate() {
    let start = problem(&published("mate7-b").sfen);
    let mut pos = after(&start, &moves(&["9i8h", "N*7h", "8h7h"]));
    pos.play(mv("7g7h")).unwrap();
    let v = tsume::verify(&pos, Limits::default());
    assert_eq!(v.status, Status::NoMate);
}

/// YaneuraOu's mate7 set, a game position (White to move): the set says 7; the conventional
/// length is 5 (△6八龍引 ▲同銀 △6七馬 ▲5九玉 △5八金). The two extra plies are a futile
/// interposition: after △6八龍引 ▲4九玉 △6七馬 Black's only move is the silver 5i5h between
/// the horse and the king, and the dragon takes it with mate; after ▲同銀 △6七馬 ▲4八玉 the
/// other dragon mates on 6h but for a drop on 5h, taken with mate.
#[test]
fn game_mate_7c_is_5_without_futile_interpositions() {
    let (start, v) = game_mate_two_plies_shorter("mate7-c");
    assert_eq!(usi_line(&v), ["7i6h", "5i6h", "4e6g", "5h5i", "G*5h"]);
    assert_eq!(
        japanese::line(&start, &v.line).unwrap(),
        ["△6八龍引", "▲同銀", "△6七馬", "▲5九玉", "△5八金"]
    );
    assert!(all_futile(&after(
        &start,
        &moves(&["7i6h", "5h4i", "4e6g"])
    )));
    assert!(all_futile(&after(
        &start,
        &moves(&["7i6h", "5i6h", "4e6g", "5h4h", "7h6h"])
    )));
}

/// YaneuraOu's mate3 set, a game position (White to move): the set says 3; by convention it is
/// mate in 1 (△3九龍): Black's only answers are drops on 4i between the dragon and the king,
/// which the dragon takes with mate.
#[test]
fn game_mate_3b_is_1_without_futile_interpositions() {
    let (start, v) = game_mate_two_plies_shorter("mate3-b");
    assert_eq!(usi_line(&v), ["2h3i"]);
    let end = after(&start, &v.line);
    let variant = standard();
    let mut replies: Vec<String> = end
        .legal_moves()
        .into_iter()
        .map(|m| usi::write_move(&variant, m))
        .collect();
    replies.sort();
    assert_eq!(replies, ["G*4i", "R*4i"]);
    assert!(all_futile(&end));
}

// --- Far checks answered by every kind interposed ------------------------------------------

/// A generated batch problem (bench/data/tsume-1000.tsv line 269; cshogi 1.1.0 proves it at
/// depth 5 with ▲6二飛 △8一玉 ▲8三香 △7一玉 ▲7二銀). The rook may be dropped on any square
/// of the king's rank, and the defender holds six kinds to drop on every square between: the
/// far drop ▲1二飛 mates in 5 as well (cshogi finds every one of its 38 replies mated), each
/// interposition taken in turn, so the 余詰 search must settle chains of them. It does within
/// 2 M nodes; before a capture's position with the dropped piece handed back answered for
/// every kind dropped on one square, 3 M nodes settled nothing.
#[test]
fn far_rook_drops_with_every_kind_interposed_are_settled() {
    let pos = problem("9/2k6/4S4/2GG5/S8/9/9/9/9 b RSLr2b2gs4n3l18p 1");
    let limits = Limits {
        max_nodes: 2_000_000,
        ..Limits::default()
    };
    let v = tsume::verify(&pos, limits);
    assert_eq!(v.status, Status::Mate);
    assert_eq!(v.length, Some(5));
    assert_eq!(usi_line(&v)[..2], ["R*6b", "7b8a"]);
    // The last move mates but for drops on the square between, each taken with mate.
    let end = after(&pos, &v.line);
    assert!(end.is_checkmate() || all_futile(&end));
    let alts = alternatives(&v);
    assert!(
        alts.contains(&(1, "R*1b".to_string(), AltKind::Root)),
        "{alts:?}"
    );
}
