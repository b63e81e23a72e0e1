//! Drop and promotion rules: uchifuzume (no pawn-drop mate), nifu drops, drops and moves to
//! squares a piece could never leave, forced and optional promotion.
//!
//! Every position is built by hand and sketched in a comment: file 9 on the left, rank a at the
//! top, uppercase Black (moving up the board), lowercase White, `.` an empty square.

use shogiprint::formats::notation;
use shogiprint::formats::sfen;
use shogiprint::rules::{Move, Position, Variant};
use std::collections::BTreeSet;
use std::sync::Arc;

fn standard() -> Arc<Variant> {
    Variant::builtin("standard").unwrap()
}

fn pos(text: &str) -> Position {
    let v = standard();
    sfen::position(text, &v, Default::default()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn usi(p: &Position, m: Move) -> String {
    notation::usi::write_move(p.variant(), m)
}

fn moves(p: &Position) -> BTreeSet<String> {
    p.legal_moves().into_iter().map(|m| usi(p, m)).collect()
}

/// Legal moves whose USI starts with `prefix` (a from-square such as `5b`, or `P*`).
fn moves_from(p: &Position, prefix: &str) -> BTreeSet<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn mv(p: &Position, text: &str) -> Move {
    notation::usi::parse_move(p.variant(), text).unwrap()
}

/// Plays `text` without the legality check and says whether it mates: this shows that a drop
/// missing from the legal moves is missing because it would mate, not for another reason.
fn would_mate(p: &Position, text: &str) -> bool {
    let mut after = p.clone();
    after.play_unchecked(mv(p, text));
    after.is_checkmate()
}

// ---------------------------------------------------------------------------------------------
// Uchifuzume.

/// White king 1a; Black gold 3b covers 2a and 2b; Black knight 2d guards 1b.
///
/// ```text
///   9 8 7 6 5 4 3 2 1
/// a . . . . . . . . k
/// b . . . . . . G . .
/// c . . . . . . . . .
/// d . . . . . . . N .
/// i K . . . . . . . .      Black holds a gold and a pawn
/// ```
const DROP_MATE: &str = "8k/6G2/9/7N1/9/9/9/9/K8 b GP 1";

#[test]
fn a_pawn_drop_that_mates_is_illegal() {
    let p = pos(DROP_MATE);
    assert!(!p.is_check());
    assert!(
        would_mate(&p, "P*1b"),
        "the position must be a real drop mate"
    );
    let pawn_drops = moves_from(&p, "P*");
    assert!(!pawn_drops.contains("P*1b"), "uchifuzume allowed");
    // Every other pawn drop is there: 81 squares - 4 occupied - rank a (9, one of them the
    // king's) - 1b, which is the only mating square.
    assert_eq!(pawn_drops.len(), 81 - 4 - 8 - 1, "{pawn_drops:?}");
    assert!(pawn_drops.contains("P*1c"));
    // A gold dropped on the same square mates just as well, and that is legal.
    assert!(moves(&p).contains("G*1b"));
    assert!(would_mate(&p, "G*1b"));
}

#[test]
fn the_king_could_take_the_pawn_but_it_is_defended() {
    // DROP_MATE is exactly this case: 1a takes 1b is the only try, and the knight on 2d guards 1b.
    let p = pos(DROP_MATE);
    assert!(!moves(&p).contains("P*1b"));
    // Without the knight the king takes the pawn, so the drop is only check: legal.
    //   a . . . . . . . . k
    //   b . . . . . . G . .
    let p = pos("8k/6G2/9/9/9/9/9/9/K8 b P 1");
    assert!(moves(&p).contains("P*1b"));
    let mut after = p.clone();
    after.play(mv(&p, "P*1b")).unwrap();
    assert!(after.is_check());
    assert_eq!(moves(&after), set(&["1a1b"]));
}

#[test]
fn a_pawn_drop_check_the_king_escapes_is_legal() {
    // Without the gold the king has 2a and 2b.
    //   a . . . . . . . . k
    //   d . . . . . . . N .
    let p = pos("8k/9/9/7N1/9/9/9/9/K8 b P 1");
    assert!(moves(&p).contains("P*1b"));
    let mut after = p.clone();
    after.play(mv(&p, "P*1b")).unwrap();
    assert!(after.is_check());
    assert_eq!(moves(&after), set(&["1a2a", "1a2b"]));
}

#[test]
fn a_pawn_drop_check_a_defender_can_capture_is_legal() {
    // A white silver on 2a can take the pawn on 1b (a forward diagonal for White).
    //   a . . . . . . . s k
    //   b . . . . . . G . .
    //   d . . . . . . . N .
    let p = pos("7sk/6G2/9/7N1/9/9/9/9/K8 b P 1");
    assert!(moves(&p).contains("P*1b"));
    let mut after = p.clone();
    after.play(mv(&p, "P*1b")).unwrap();
    assert!(after.is_check());
    assert!(!after.is_checkmate());
    // The silver's capture is the only answer (White's zone is ranks g-i: no promotion).
    assert_eq!(moves(&after), set(&["2a1b"]));
}

#[test]
fn a_pawn_drop_is_mate_when_the_only_capturer_is_pinned() {
    // The silver on 2a could take on 1b, but the rook on 4a pins it to the king along rank a.
    // The gold on 3c covers 2b; the knight on 2d guards 1b.
    //   9 8 7 6 5 4 3 2 1
    // a . . . . . R . s k
    // b . . . . . . . . .
    // c . . . . . . G . .
    // d . . . . . . . N .
    // i K . . . . . . . .
    let p = pos("5R1sk/9/6G2/7N1/9/9/9/9/K8 b P 1");
    assert!(!p.is_check());
    assert!(would_mate(&p, "P*1b"));
    assert!(
        !moves(&p).contains("P*1b"),
        "uchifuzume allowed through a pin"
    );
    // With the rook on 4i instead there is no pin: the silver takes, so the drop is legal.
    let p = pos("7sk/9/6G2/7N1/9/9/9/9/K4R3 b P 1");
    assert!(!would_mate(&p, "P*1b"));
    assert!(moves(&p).contains("P*1b"));
}

#[test]
fn a_pawn_move_that_mates_is_legal() {
    // The DROP_MATE net with the pawn already on 1c: pushing it to 1b mates, which is allowed.
    //   a . . . . . . . . k
    //   b . . . . . . G . .
    //   c . . . . . . . . P
    //   d . . . . . . . N .
    let p = pos("8k/6G2/8P/7N1/9/9/9/9/K8 b - 1");
    let pushes = moves_from(&p, "1c");
    // 1c is in Black's zone, so the push may promote or not.
    assert_eq!(pushes, set(&["1c1b", "1c1b+"]));
    for push in ["1c1b", "1c1b+"] {
        let mut after = p.clone();
        after.play(mv(&p, push)).unwrap();
        assert!(after.is_checkmate(), "{push}");
        assert!(after.legal_moves().is_empty());
    }
}

#[test]
fn white_is_bound_by_uchifuzume_too() {
    // The DROP_MATE position turned round: Black king 9i, White gold 7h, White knight 8f.
    //   9 8 7 6 5 4 3 2 1
    // a . . . . . . . . k
    // f . n . . . . . . .
    // h . . g . . . . . .
    // i K . . . . . . . .
    let p = pos("8k/9/9/9/9/1n7/9/2g6/K8 w p 1");
    assert!(would_mate(&p, "P*9h"));
    assert!(!moves(&p).contains("P*9h"));
    assert!(moves(&p).contains("P*9g"));
}

// ---------------------------------------------------------------------------------------------
// Where pieces may be dropped.

#[test]
fn no_pawn_drop_on_a_file_with_an_own_unpromoted_pawn() {
    //   a . . . . k . . . .
    //   c . . . p . . . . .     White's pawn on 6c does not stop Black dropping on file 6
    //   e . . . . . . . +P .    a tokin on 2e does not stop drops on file 2
    //   g . . . . P . . . .     Black's pawn on 5g: no drops on file 5
    //   i . . . . K . . . .
    let p = pos("4k4/9/3p5/9/7+P1/9/4P4/9/4K4 b P 1");
    let drops = moves_from(&p, "P*");
    assert!(
        drops.iter().all(|d| !d.starts_with("P*5")),
        "nifu drop: {drops:?}"
    );
    assert!(drops.contains("P*6d"));
    assert!(drops.contains("P*2f"));
    // Eight files, ranks b-i, minus the occupied 2e and 6c: 8 * 8 - 2.
    assert_eq!(drops.len(), 62, "{drops:?}");
}

#[test]
fn no_drop_where_a_piece_could_never_move() {
    //   a . . . . k . . . .
    //   i . . . . K . . . .     Black holds a pawn, a lance and a knight; White the same
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b LNPlnp 1");
    let m = moves(&p);
    let rank = |piece: &str, r: char| {
        m.iter()
            .filter(|d| d.starts_with(piece) && d.ends_with(r))
            .count()
    };
    assert_eq!(rank("P*", 'a'), 0);
    assert_eq!(rank("L*", 'a'), 0);
    assert_eq!(rank("N*", 'a'), 0);
    assert_eq!(rank("N*", 'b'), 0);
    // P*5b checks the king on 5a, which escapes: legal, so all nine.
    assert_eq!(rank("P*", 'b'), 9);
    assert_eq!(rank("N*", 'c'), 9);
    assert_eq!(rank("L*", 'b'), 9);
    // White's last ranks are h and i.
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 w LNPlnp 1");
    let m = moves(&p);
    let rank = |piece: &str, r: char| {
        m.iter()
            .filter(|d| d.starts_with(piece) && d.ends_with(r))
            .count()
    };
    assert_eq!(rank("P*", 'i'), 0);
    assert_eq!(rank("L*", 'i'), 0);
    assert_eq!(rank("N*", 'i'), 0);
    assert_eq!(rank("N*", 'h'), 0);
    assert_eq!(rank("N*", 'g'), 9);
    assert_eq!(rank("P*", 'h'), 9);
}

// ---------------------------------------------------------------------------------------------
// Promotion.

#[test]
fn a_pawn_reaching_the_last_rank_must_promote() {
    //   a k . . . . . . . .
    //   b . . . . P . . . .
    //   i . . . . K . . . .
    let p = pos("k8/4P4/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(moves_from(&p, "5b"), set(&["5b5a+"]));
    // A pawn entering the zone on rank c may stay unpromoted.
    let p = pos("k8/9/9/4P4/9/9/9/9/4K4 b - 1");
    assert_eq!(moves_from(&p, "5d"), set(&["5d5c", "5d5c+"]));
    // Outside the zone there is no promotion.
    let p = pos("k8/9/9/9/4P4/9/9/9/4K4 b - 1");
    assert_eq!(moves_from(&p, "5e"), set(&["5e5d"]));
    // White's pawn on 5h must promote on 5i.
    let p = pos("4k4/9/9/9/9/9/9/4p4/K8 w - 1");
    assert_eq!(moves_from(&p, "5h"), set(&["5h5i+"]));
}

#[test]
fn a_knight_reaching_the_last_two_ranks_must_promote() {
    //   a k . . . . . . . .
    //   d . . . . . . N . .     knight on 3d jumps to 4b and 2b
    //   e . . . . . N . . .     knight on 4e jumps to 5c and 3c
    //   i . . . . K . . . .
    let p = pos("k8/9/9/6N2/5N3/9/9/9/4K4 b - 1");
    assert_eq!(moves_from(&p, "3d"), set(&["3d4b+", "3d2b+"]));
    assert_eq!(
        moves_from(&p, "4e"),
        set(&["4e5c", "4e5c+", "4e3c", "4e3c+"])
    );
}

#[test]
fn a_lance_must_promote_on_the_last_rank_only() {
    //   a k . . . . . . . .
    //   e . . . . . . . . L
    //   i . . . . K . . . .
    let p = pos("k8/9/9/9/8L/9/9/9/4K4 b - 1");
    assert_eq!(
        moves_from(&p, "1e"),
        set(&["1e1d", "1e1c", "1e1c+", "1e1b", "1e1b+", "1e1a+"])
    );
}

#[test]
fn a_silver_entering_the_zone_may_promote() {
    //   a k . . . . . . . .
    //   d . . . . S . . . .
    //   i . . . . K . . . .
    let p = pos("k8/9/9/4S4/9/9/9/9/4K4 b - 1");
    assert_eq!(
        moves_from(&p, "5d"),
        set(&["5d6c", "5d6c+", "5d5c", "5d5c+", "5d4c", "5d4c+", "5d6e", "5d4e"])
    );
}

#[test]
fn a_silver_leaving_the_zone_may_promote() {
    //   a k . . . . . . . .
    //   c . . . . S . . . .     silver on 5c: every move starts in the zone
    //   i . . . . K . . . .
    let p = pos("k8/9/4S4/9/9/9/9/9/4K4 b - 1");
    assert_eq!(
        moves_from(&p, "5c"),
        set(&["5c6b", "5c6b+", "5c5b", "5c5b+", "5c4b", "5c4b+", "5c6d", "5c6d+", "5c4d", "5c4d+"])
    );
    // A bishop from 2b leaving the zone all the way to 8h may promote too.
    let p = pos("k8/7B1/9/9/9/9/9/9/4K4 b - 1");
    assert!(moves(&p).contains("2b8h+"));
    assert!(moves(&p).contains("2b8h"));
}

#[test]
fn golds_kings_and_promoted_pieces_never_promote() {
    //   a k . . . . . . . .
    //   c . . . G . +S . . .
    //   d . . . . . . . . .
    //   i . . . . K . . . .
    let p = pos("k8/9/3G1+S3/9/9/9/9/9/4K4 b - 1");
    assert!(
        moves(&p).iter().all(|m| !m.ends_with('+')),
        "{:?}",
        moves(&p)
    );
}
