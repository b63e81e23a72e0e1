//! Errors in the piece and variant data files: one test per class of error, each checking the
//! field and the line (and where it matters the column) the error points at; and a user's piece
//! and variant files that add a new piece and play with it.

use shogiprint::formats::notation;
use shogiprint::formats::{sfen, DataError};
use shogiprint::rules::{Color, PieceCatalog, Position, Variant};
use std::collections::BTreeSet;
use std::sync::Arc;

/// One piece entry of a pieces file, indented as a list item.
fn piece(id: &str, sfen: &str, betza: &str, promotes_to: &str) -> String {
    format!(
        "  - id: {id}\n    sfen: \"{sfen}\"\n    kanji: 鳳凰\n    abbr: 鳳\n    reading: hōō\n    english: {id}\n    betza: \"{betza}\"\n    promotes_to: {promotes_to}\n    value: 5\n    rules: []\n"
    )
}

fn pieces_file(entries: &[String]) -> String {
    format!("pieces:\n{}", entries.concat())
}

fn catalog_error(text: &str) -> DataError {
    PieceCatalog::from_yaml(text, "user.yaml").unwrap_err()
}

/// The 1-based line of the first line of `text` containing `needle`, found after `after`.
fn line_of(text: &str, after: &str, needle: &str) -> usize {
    let start = text.lines().position(|l| l.contains(after)).unwrap();
    start
        + 1
        + text
            .lines()
            .skip(start)
            .position(|l| l.contains(needle))
            .unwrap()
}

#[test]
fn yaml_syntax_error_has_line_and_column() {
    let text = "pieces:\n  - id: pawn\n    sfen: [P\n    kanji: 歩兵\n";
    let e = catalog_error(text);
    assert_eq!(e.source_name, "user.yaml");
    assert!(e.line.is_some() && e.column.is_some(), "{e}");
    assert!(e.line.unwrap() >= 3, "{e}");
    assert!(e.to_string().starts_with("user.yaml:"), "{e}");
    // Tabs for indentation are a syntax error too.
    let e = catalog_error("pieces:\n\t- id: pawn\n");
    assert_eq!(e.line, Some(2), "{e}");
}

#[test]
fn wrong_type_is_located() {
    let mut p = piece("phoenix", "H", "FfW2", "~");
    p = p.replace("value: 5", "value: five");
    let text = pieces_file(&[p]);
    let e = catalog_error(&text);
    assert_eq!(e.line, Some(line_of(&text, "id: phoenix", "value:")), "{e}");
}

#[test]
fn unknown_field() {
    let mut p = piece("phoenix", "H", "FfW2", "~");
    p.push_str("    colour: red\n");
    let text = pieces_file(&[p]);
    let e = catalog_error(&text);
    assert!(e.message.contains("colour"), "{e}");
    assert_eq!(
        e.line,
        Some(line_of(&text, "id: phoenix", "colour:")),
        "{e}"
    );
    // The same for a variant file.
    let v = variant_text().replace("drops: true", "drops: true\npromotions: yes");
    let e = variant_error(&v);
    assert!(e.message.contains("promotions"), "{e}");
    assert_eq!(e.line, Some(line_of(&v, "id:", "promotions:")), "{e}");
}

#[test]
fn missing_field() {
    let p = piece("phoenix", "H", "FfW2", "~").replace("    reading: hōō\n", "");
    let e = catalog_error(&pieces_file(&[p]));
    assert!(e.message.contains("reading"), "{e}");
}

#[test]
fn bad_betza_names_the_field_and_its_line() {
    let text = pieces_file(&[
        piece("phoenix", "H", "FfW2", "~"),
        piece("griffin", "Y", "FfX", "~"),
    ]);
    let e = catalog_error(&text);
    assert_eq!(e.field.as_deref(), Some("pieces[1].betza"), "{e}");
    let line = line_of(&text, "id: griffin", "betza:");
    assert_eq!(e.line, Some(line));
    // The column is the value's, after `betza: `.
    assert_eq!(e.column, Some(12), "{e}");
    assert!(e.message.contains("'FfX'"), "{e}");
    assert!(e.message.contains("unknown atom 'X'"), "{e}");
    assert_eq!(
        e.to_string(),
        format!("user.yaml:{line}:12: pieces[1].betza: {}", e.message)
    );
    // Other Betza mistakes.
    for (betza, what) in [
        ("", "empty"),
        ("fz", "modifier 'z'"),
        ("ff", "atom letter after them"),
        ("W0", "range 0"),
        ("W17", "range 17"),
    ] {
        let text = pieces_file(&[piece("phoenix", "H", betza, "~")]);
        let e = catalog_error(&text);
        assert_eq!(e.field.as_deref(), Some("pieces[0].betza"), "{betza}: {e}");
        assert!(e.message.contains(what), "{betza}: {e}");
    }
}

#[test]
fn duplicate_id() {
    let text = pieces_file(&[
        piece("phoenix", "H", "FfW2", "~"),
        piece("phoenix", "Y", "K", "~"),
    ]);
    let e = catalog_error(&text);
    assert_eq!(e.field.as_deref(), Some("pieces[1].id"), "{e}");
    assert!(e.message.contains("duplicate id 'phoenix'"), "{e}");
    // Located on the second entry's id (line 12: `pieces:` and ten lines per entry), not on
    // the first one's.
    assert_eq!(e.line, Some(12), "{e}");
    assert_eq!(e.column, Some(9), "{e}");
    // Over the built-in pieces a repeated id within the user's own file is an error too, not
    // a silent replacement of the first entry by the second.
    let e = PieceCatalog::builtin_with(&text, "user.yaml").unwrap_err();
    assert_eq!(e.field.as_deref(), Some("pieces[1].id"), "{e}");
    assert_eq!(e.line, Some(12), "{e}");
    // Replacing a built-in piece once is fine.
    let one = pieces_file(&[piece("gold", "G", "WfF", "~")]);
    assert!(PieceCatalog::builtin_with(&one, "user.yaml").is_ok());
}

#[test]
fn errors_are_located_on_their_own_entry_when_ids_share_a_prefix() {
    // `id: p1` is a prefix of `id: p10`; the error in p1 must point at p1's betza.
    let text = pieces_file(&[piece("p10", "H", "K", "~"), piece("p1", "Y", "Kx", "~")]);
    let e = catalog_error(&text);
    assert_eq!(e.field.as_deref(), Some("pieces[1].betza"), "{e}");
    assert_eq!(e.line, Some(18), "{e}");
}

#[test]
fn bad_sfen_symbol() {
    for symbol in ["pp", "h", "+", "1", "+h", "HH", "++H", "Ω"] {
        let text = pieces_file(&[piece("phoenix", symbol, "FfW2", "~")]);
        let e = catalog_error(&text);
        assert_eq!(e.field.as_deref(), Some("pieces[0].sfen"), "{symbol}: {e}");
        assert_eq!(e.line, Some(line_of(&text, "id: phoenix", "sfen:")), "{e}");
    }
    // A symbol already taken.
    let text = pieces_file(&[
        piece("phoenix", "H", "FfW2", "~"),
        piece("griffin", "H", "K", "~"),
    ]);
    let e = catalog_error(&text);
    assert_eq!(e.field.as_deref(), Some("pieces[1].sfen"), "{e}");
    assert!(e.message.contains("already used by 'phoenix'"), "{e}");
    // A promoted symbol that nothing promotes to.
    let e = catalog_error(&pieces_file(&[piece("phoenix", "+H", "K", "~")]));
    assert_eq!(e.field.as_deref(), Some("pieces[0].sfen"), "{e}");
}

#[test]
fn promotes_to_a_missing_id() {
    let text = pieces_file(&[piece("phoenix", "H", "FfW2", "firebird")]);
    let e = catalog_error(&text);
    assert_eq!(e.field.as_deref(), Some("pieces[0].promotes_to"), "{e}");
    assert!(e.message.contains("'firebird'"), "{e}");
    assert_eq!(e.line, Some(line_of(&text, "id: phoenix", "promotes_to:")));
    // Promoting to a kind whose symbol does not match.
    let text = pieces_file(&[
        piece("phoenix", "H", "FfW2", "firebird"),
        piece("firebird", "+Y", "K", "~"),
    ]);
    let e = catalog_error(&text);
    assert_eq!(e.field.as_deref(), Some("pieces[0].promotes_to"), "{e}");
    assert!(e.message.contains("'+H'"), "{e}");
    // A promoted kind that promotes again.
    let text = pieces_file(&[
        piece("phoenix", "H", "FfW2", "firebird"),
        piece("firebird", "+H", "K", "phoenix"),
    ]);
    let e = catalog_error(&text);
    assert_eq!(e.field.as_deref(), Some("pieces[1].promotes_to"), "{e}");
}

#[test]
fn other_piece_fields() {
    let p = piece("phoenix", "H", "FfW2", "~");
    for (bad, field) in [
        (p.replace("kanji: 鳳凰", "kanji: 鳳"), "pieces[0].kanji"),
        (p.replace("abbr: 鳳", "abbr: 鳳凰"), "pieces[0].abbr"),
        (p.replace("rules: []", "rules: [nifu]"), "pieces[0].rules"),
        (p.replace("id: phoenix", "id: Phoenix"), "pieces[0].id"),
    ] {
        let e = catalog_error(&pieces_file(&[bad]));
        assert_eq!(e.field.as_deref(), Some(field), "{e}");
    }
    // Too many kinds for one catalog (64; boards up to 9×9 play at most 32 of them).
    let many: Vec<String> = (0..65)
        .map(|i| {
            piece(
                &format!("p{i}"),
                &((b'A' + (i % 26) as u8) as char).to_string(),
                "K",
                "~",
            )
        })
        .collect();
    let e = catalog_error(&pieces_file(&many));
    assert!(e.message.contains("at most 64"), "{e}");
}

// ---------------------------------------------------------------------------------------------
// Variant files.

fn variant_text() -> String {
    "id: tiny\nenglish: Tiny\njapanese: 小\nboard: { files: 5, ranks: 5 }\npromotion_zone: 1\ndrops: true\nroyal: [king]\nset:\n  king: 2\n  gold: 2\nstart: \"2k2/5/5/5/2K2 b - 1\"\n"
        .to_string()
}

fn variant_error(text: &str) -> DataError {
    let catalog = Arc::new(PieceCatalog::builtin().unwrap());
    Variant::from_yaml(text, "tiny.yaml", catalog).unwrap_err()
}

#[test]
fn the_variant_template_itself_loads() {
    let catalog = Arc::new(PieceCatalog::builtin().unwrap());
    let v = Variant::from_yaml(&variant_text(), "tiny.yaml", catalog).unwrap();
    let p = Position::start(&v).unwrap();
    // The king on 3e steps to 2d 3d 4d 2e 4e.
    assert_eq!(p.legal_moves().len(), 5);
}

#[test]
fn board_of_17x17() {
    // Boards up to 16×16 are read (chu shogi is 12×12); 17 files is too many.
    let text = variant_text().replace("{ files: 5, ranks: 5 }", "{ files: 17, ranks: 17 }");
    let e = variant_error(&text);
    assert_eq!(e.field.as_deref(), Some("board"), "{e}");
    assert_eq!(e.line, Some(line_of(&text, "id:", "board:")));
    assert!(e.message.contains("17×17"), "{e}");
    let e = variant_error(&variant_text().replace("files: 5", "files: 0"));
    assert_eq!(e.field.as_deref(), Some("board"), "{e}");
    // 300 does not fit a u8: a type error, located.
    let text = variant_text().replace("files: 5", "files: 300");
    let e = variant_error(&text);
    assert_eq!(e.line, Some(line_of(&text, "id:", "board:")), "{e}");
}

#[test]
fn promotion_zone_deeper_than_the_board() {
    let text = variant_text().replace("promotion_zone: 1", "promotion_zone: 6");
    let e = variant_error(&text);
    assert_eq!(e.field.as_deref(), Some("promotion_zone"), "{e}");
    assert_eq!(e.line, Some(line_of(&text, "id:", "promotion_zone:")));
    assert_eq!(e.column, Some(17));
}

#[test]
fn set_naming_an_unknown_piece() {
    let text = variant_text().replace("  gold: 2\n", "  gold: 2\n  dragonfly: 2\n");
    let e = variant_error(&text);
    assert_eq!(e.field.as_deref(), Some("set"), "{e}");
    assert!(e.message.contains("'dragonfly'"), "{e}");
    assert_eq!(e.line, Some(line_of(&text, "id:", "set:")));
    // A promoted kind in the set, and a zero count.
    let e = variant_error(&variant_text().replace("  gold: 2\n", "  tokin: 2\n"));
    assert_eq!(e.field.as_deref(), Some("set"), "{e}");
    let e = variant_error(&variant_text().replace("  gold: 2\n", "  gold: 0\n"));
    assert_eq!(e.field.as_deref(), Some("set"), "{e}");
    // A royal kind missing from the set.
    let e = variant_error(&variant_text().replace("royal: [king]", "royal: [king, prince]"));
    assert_eq!(e.field.as_deref(), Some("royal"), "{e}");
}

#[test]
fn start_sfen_invalid_for_the_variant() {
    // No white king: a valid SFEN, an invalid position.
    let text = variant_text().replace("2k2/5/5/5/2K2 b - 1", "5/5/5/5/2K2 b - 1");
    let e = variant_error(&text);
    assert_eq!(e.field.as_deref(), Some("start"), "{e}");
    assert!(e.message.contains("missing-king"), "{e}");
    assert_eq!(e.line, Some(line_of(&text, "id:", "start:")));
    // A malformed SFEN.
    let e = variant_error(&variant_text().replace("2k2/5/5/5/2K2 b - 1", "2k2/5/5/5/2K2 q - 1"));
    assert_eq!(e.field.as_deref(), Some("start"), "{e}");
    // The wrong board size.
    let e = variant_error(
        &variant_text().replace("2k2/5/5/5/2K2 b - 1", "4k4/9/9/9/9/9/9/9/4K4 b - 1"),
    );
    assert_eq!(e.field.as_deref(), Some("start"), "{e}");
    assert!(e.message.contains("wrong-board-size"), "{e}");
    // A bad handicap is named by its index and located after its id.
    let text = format!(
        "{}handicaps:\n  - id: good\n    english: G\n    japanese: 良\n    sfen: \"2k2/5/5/5/2K2 w - 1\"\n  - id: bad\n    english: B\n    japanese: 悪\n    sfen: \"2k2/5/5/5/2KK1 w - 1\"\n",
        variant_text()
    );
    let e = variant_error(&text);
    assert_eq!(e.field.as_deref(), Some("handicaps[1].sfen"), "{e}");
    assert_eq!(e.line, Some(line_of(&text, "id: bad", "sfen:")), "{e}");
}

#[test]
fn unknown_builtin_variant() {
    let e = Variant::builtin("dai").unwrap_err();
    assert!(e.message.contains("standard"), "{e}");
}

// ---------------------------------------------------------------------------------------------
// A user's new piece.

const PHOENIX: &str = "pieces:
  - id: phoenix
    sfen: \"H\"
    kanji: 鳳凰
    abbr: 鳳
    reading: hōō
    english: Phoenix
    betza: \"FfW2\"        # one step diagonally, or up to two squares straight forward
    promotes_to: ~
    value: 7
    rules: []
";

const PHOENIX_VARIANT: &str = "id: phoenix_shogi
english: Phoenix shogi
japanese: 鳳凰将棋
board: { files: 5, ranks: 5 }
promotion_zone: 1
drops: true
royal: [king]
set:
  king: 2
  phoenix: 2
start: \"h3k/5/5/5/K3H b - 1\"
";

fn phoenix_variant() -> Arc<Variant> {
    let catalog = PieceCatalog::builtin_with(PHOENIX, "phoenix.yaml").unwrap();
    Variant::from_yaml(PHOENIX_VARIANT, "phoenix_shogi.yaml", Arc::new(catalog)).unwrap()
}

fn moves(p: &Position) -> BTreeSet<String> {
    p.legal_moves()
        .into_iter()
        .map(|m| notation::usi::write_move(p.variant(), m))
        .collect()
}

#[test]
fn a_user_piece_loads_next_to_the_builtin_ones() {
    let catalog = PieceCatalog::builtin_with(PHOENIX, "phoenix.yaml").unwrap();
    let builtin = PieceCatalog::builtin().unwrap();
    assert_eq!(catalog.len(), builtin.len() + 1);
    let k = catalog.by_id("phoenix").unwrap();
    assert_eq!(catalog.by_letter('h', false), Some(k));
    assert_eq!(catalog.get(k).movement.motions.len(), 5);
    // A user entry with an existing id replaces it.
    let strong_pawn = PHOENIX
        .replace("id: phoenix", "id: pawn")
        .replace("sfen: \"H\"", "sfen: \"P\"")
        .replace("promotes_to: ~", "promotes_to: tokin");
    let catalog = PieceCatalog::builtin_with(&strong_pawn, "p.yaml").unwrap();
    assert_eq!(catalog.len(), builtin.len());
    assert_eq!(
        catalog.get(catalog.by_id("pawn").unwrap()).movement.betza,
        "FfW2"
    );
    // Errors in the user's file name the user's file.
    let e = PieceCatalog::builtin_with(&PHOENIX.replace("FfW2", "FfW2x"), "mine.yaml").unwrap_err();
    assert_eq!(e.source_name, "mine.yaml");
    assert_eq!(e.field.as_deref(), Some("pieces[0].betza"));
    assert_eq!(e.line, Some(8));
}

#[test]
fn the_phoenix_moves_as_its_betza_says() {
    let v = phoenix_variant();
    // Start: White phoenix 5a, White king 1a; Black king 5e, Black phoenix 1e.
    //   5 4 3 2 1
    // a h . . . k
    // e K . . . H
    // The phoenix on 1e: 1d and 1c straight ahead, 2d diagonally (the other diagonals are off
    // the board). The king: 4e, 4d, 5d.
    let p = Position::start(&v).unwrap();
    assert_eq!(
        moves(&p),
        ["1e1d", "1e1c", "1e2d", "5e4e", "5e4d", "5e5d"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    );
    // In the middle of the board, blocked by White's phoenix on 3b:
    //   5 4 3 2 1
    // a . . . . k
    // b . . h . .
    // c . . H . .
    // e K . . . .
    // 3c: takes on 3b (cannot pass it to 3a), and 2b 4b 2d 4d; the king 4e 4d 5d. 8 moves.
    let p = sfen::position("4k/2h2/2H2/5/K4 b - 1", &v, Default::default()).unwrap();
    let m = moves(&p);
    assert_eq!(m.len(), 8, "{m:?}");
    for expected in ["3c3b", "3c2b", "3c4b", "3c2d", "3c4d"] {
        assert!(m.contains(expected), "{expected} missing from {m:?}");
    }
    assert!(!m.contains("3c3a"));
    // Unblocked it reaches 3a; rank a is the zone but the phoenix does not promote.
    let p = sfen::position("4k/5/2H2/5/K3h b - 1", &v, Default::default()).unwrap();
    let m = moves(&p);
    assert!(m.contains("3c3a") && m.contains("3c3b"), "{m:?}");
    assert!(!m.iter().any(|x| x.ends_with('+')));
    // White's phoenix moves down the board: from 3b to 3c and 3d, and 2a 4a 2c 4c.
    let p = sfen::position("4k/2h2/5/5/K4 w - 1", &v, Default::default()).unwrap();
    let m: BTreeSet<String> = moves(&p)
        .into_iter()
        .filter(|x| x.starts_with("3b"))
        .collect();
    assert_eq!(
        m,
        ["3b3c", "3b3d", "3b2a", "3b4a", "3b2c", "3b4c"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    );
    // Captured phoenixes go to the hand and drop anywhere (no dead squares: it steps back
    // diagonally).
    let p = sfen::position("4k/5/5/5/K4 b H 1", &v, Default::default()).unwrap();
    let drops = moves(&p)
        .into_iter()
        .filter(|x| x.starts_with("H*"))
        .count();
    assert_eq!(drops, 23);
    // Perft from the start, counted by this generator; the depth-1 count is the hand count above.
    let start = Position::start(&v).unwrap();
    assert_eq!(start.perft(1), 6);
    assert_eq!(start.to_setup().turn, Color::Black);
}

// ---------------------------------------------------------------------------------------------
// A jumping piece along a line: its check cannot be blocked.

const DABBABA: &str = "pieces:
  - id: dabbaba
    sfen: \"D\"
    kanji: 駱駝
    abbr: 駝
    reading: rakuda
    english: Dabbaba
    betza: \"D\"          # jumps two squares orthogonally, over anything between
    promotes_to: ~
    value: 4
    rules: []
";

const DABBABA_VARIANT: &str = "id: dabbaba_shogi
english: Dabbaba shogi
japanese: 駱駝将棋
board: { files: 5, ranks: 5 }
promotion_zone: 1
drops: true
royal: [king]
set:
  king: 2
  rook: 2
  gold: 2
  dabbaba: 2
start: \"r1k1d/5/5/5/D1K1R w - 1\"
";

/// A 5×5 variant with kings and a user piece `id` (SFEN `X`) moving as `betza`; `set` lists the
/// non-king counts.
fn fairy_5x5(id: &str, betza: &str, set: &str, start: &str) -> Arc<Variant> {
    let pieces = DABBABA
        .replace("id: dabbaba", &format!("id: {id}"))
        .replace("sfen: \"D\"", "sfen: \"X\"")
        .replace("betza: \"D\"", &format!("betza: \"{betza}\""));
    let catalog = PieceCatalog::builtin_with(&pieces, "fairy.yaml").unwrap();
    let variant = format!(
        "id: fairy\nenglish: Fairy\njapanese: 妖精\nboard: {{ files: 5, ranks: 5 }}\npromotion_zone: 1\ndrops: true\nroyal: [king]\nset:\n  king: 2\n  {set}\nstart: \"{start}\"\n"
    );
    Variant::from_yaml(&variant, "fairy_variant.yaml", Arc::new(catalog)).unwrap()
}

/// A check by a jumping atom (D, A, H, G) on a line where the variant also has unit slides is not
/// blockable: the drop G*3b must not be generated (a bug the first generator had).
#[test]
fn a_jumpers_check_cannot_be_blocked() {
    let catalog = PieceCatalog::builtin_with(DABBABA, "dabbaba.yaml").unwrap();
    let v = Variant::from_yaml(DABBABA_VARIANT, "dabbaba_shogi.yaml", Arc::new(catalog)).unwrap();
    // White to move, in check from Black's dabbaba on 3c jumping over 3b to the king on 3a:
    //   5 4 3 2 1
    // a . . k . .
    // b . . . . .
    // c . . D . .
    // e K . . . .      White holds a gold
    // The only answers are king moves (2a, 4a, 2b, 4b; 3b is attacked by nothing, so 3a3b too)
    // and no gold drop on 3b can block a jump.
    let p = sfen::position("2k2/5/2D2/5/K4 w g 1", &v, Default::default()).unwrap();
    assert!(p.is_check());
    let m = moves(&p);
    assert!(!m.contains("G*3b"), "a drop 'blocks' a jump: {m:?}");
    assert!(m.iter().all(|x| !x.starts_with("G*")), "{m:?}");
    assert_eq!(m.len(), 5, "{m:?}");
}

/// The same root cause with a rider of a long leap, found by the `betza` fuzz target: White's
/// alfil-rider on 5c checks Black's king on 3e by leaping over 4d, and Black's piece on 3c may
/// not "block" on 4d. The piece (`bBAA`) also slides backwards as a bishop, so the variant has
/// unit diagonal rays; the squares between are those of the checking rider's own ray.
#[test]
fn a_long_leap_riders_check_cannot_be_blocked_on_the_squares_it_leaps() {
    let v = fairy_5x5(
        "alfil_rider",
        "bBAA",
        "alfil_rider: 4",
        "2k2/5/x1X2/5/2K1X b - 1",
    );
    //   5 4 3 2 1
    // a . . k . .
    // c x . X . .
    // d . . . . .      4d is the square the white rider leaps over
    // e . . K . X
    let p = Position::start(&v).unwrap();
    assert!(p.is_check());
    let m = moves(&p);
    assert!(!m.contains("3c4d"), "a move 'blocks' a leap: {m:?}");
    assert_eq!(
        m,
        ["3e2d", "3e2e", "3e3d", "3e4d", "3e4e"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    );
}

/// Found by the `betza` fuzz target: a checker that attacks the king both by a slide and by a
/// jump along the same line cannot be blocked, since the block stops only the slide. Black's
/// bishop-plus-alfil (`BA`) on 1c checks the white king on 3a through 2b and by leaping over it.
#[test]
fn a_check_by_both_a_slide_and_a_jump_cannot_be_blocked() {
    let v = fairy_5x5(
        "bishop_alfil",
        "BA",
        "gold: 2\n  bishop_alfil: 2",
        "2k2/5/4X/5/K4 w g 1",
    );
    //   5 4 3 2 1
    // a . . k . .
    // b . . . . .      2b: the square the slide passes and the leap jumps over
    // c . . . . X
    // e K . . . .      White holds a gold
    let p = Position::start(&v).unwrap();
    assert!(p.is_check());
    let m = moves(&p);
    assert!(!m.contains("G*2b"), "a drop 'blocks' a leap: {m:?}");
    assert_eq!(
        m,
        ["3a2a", "3a3b", "3a4a", "3a4b"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    );
}

#[test]
fn a_piece_size_out_of_range_or_on_a_promoted_kind_is_located() {
    let sized = |size: &str| {
        pieces_file(&[
            piece("phoenix", "H", "K", "~"),
            piece("griffin", "Y", "FfW", "~")
                .replace("rules: []", &format!("rules: []\n    size_mm: {size}")),
        ])
    };
    let text = sized("[0, 30]");
    let e = catalog_error(&text);
    assert_eq!(e.field.as_deref(), Some("pieces[1].size_mm"), "{e}");
    assert_eq!(
        e.line,
        Some(line_of(&text, "id: griffin", "size_mm:")),
        "{e}"
    );
    assert!(e.message.contains("between 5 and 150 mm"), "{e}");
    let e = catalog_error(&sized("[26]"));
    assert!(e.to_string().contains("size_mm"), "{e}");
    PieceCatalog::from_yaml(&sized("[26, 29]"), "user.yaml").expect("a sane size loads");

    let text = pieces_file(&[
        piece("phoenix", "H", "K", "great_phoenix"),
        piece("great_phoenix", "+H", "Q", "~")
            .replace("rules: []", "rules: []\n    size_mm: [26, 29]"),
    ]);
    let e = catalog_error(&text);
    assert_eq!(e.field.as_deref(), Some("pieces[1].size_mm"), "{e}");
    assert!(e.message.contains("back of its unpromoted piece"), "{e}");
}

/// A set with more pieces than the start position uses is loaded (a set may hold pieces for
/// problems: the tiny variant above keeps two golds off its board), but it is warned about with
/// its place: `pawn: 3` for minishogi's two pawns once printed a third pawn in the kit, silently.
#[test]
fn a_set_beyond_the_start_position_is_a_located_warning_not_an_error() {
    use shogiprint::formats::variant::warnings;
    let catalog = || Arc::new(PieceCatalog::builtin().unwrap());
    let templates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/variants");
    let template = |name: &str| std::fs::read_to_string(templates.join(format!("{name}.yaml")));
    let minishogi = template("minishogi").unwrap();
    let typo = minishogi.replace("  pawn: 2", "  pawn: 3");
    assert_ne!(typo, minishogi);
    let v = Variant::from_yaml(&typo, "mini.yaml", catalog()).unwrap();
    let w = warnings(&typo, "mini.yaml", &v);
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].field.as_deref(), Some("set.pawn"));
    assert_eq!(w[0].line, Some(line_of(&typo, "set:", "pawn:")));
    assert_eq!(
        w[0].to_string(),
        format!(
            "mini.yaml:{}:9: set.pawn: the set has 3, the start position uses 2: the kit would print 1 spare piece",
            line_of(&typo, "set:", "pawn:")
        )
    );
    // The tiny variant's golds, none on its board.
    let text = variant_text();
    let v = Variant::from_yaml(&text, "tiny.yaml", catalog()).unwrap();
    let w = warnings(&text, "tiny.yaml", &v);
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].field.as_deref(), Some("set.gold"));
    assert!(w[0].message.contains("2 spare pieces"), "{}", w[0]);
    // Pieces in hand at the start count as used.
    let text = variant_text().replace("2K2 b - 1", "2K2 b Gg 1");
    let v = Variant::from_yaml(&text, "tiny.yaml", catalog()).unwrap();
    assert!(warnings(&text, "tiny.yaml", &v).is_empty());
    // No built-in variant and not the example has one.
    for name in Variant::builtin_names() {
        let v = Variant::builtin(name).unwrap();
        assert!(v.set_beyond_start().is_empty(), "{name}");
        assert!(
            warnings(&template(name).unwrap(), name, &v).is_empty(),
            "{name}"
        );
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/custom");
    let pieces = std::fs::read_to_string(root.join("pieces.yaml")).unwrap();
    let text = std::fs::read_to_string(root.join("variant.yaml")).unwrap();
    let catalog = PieceCatalog::builtin_with(&pieces, "pieces.yaml").unwrap();
    let v = Variant::from_yaml(&text, "variant.yaml", Arc::new(catalog)).unwrap();
    assert!(warnings(&text, "variant.yaml", &v).is_empty());
}

#[test]
fn a_key_given_twice_in_a_set_or_catalogs_is_reported_where_it_repeats() {
    // The set is a mapping of counts: the second `king:` used to replace the first unseen.
    let text = variant_text().replace("  gold: 2\n", "  gold: 2\n  king: 3\n");
    let e = variant_error(&text);
    assert_eq!(e.to_string(), "tiny.yaml:11:3: set: `king` is given twice");
    let entry: String = piece("hoo", "Q", "FD", "~")
        .lines()
        .map(|l| format!("  {l}\n"))
        .collect();
    let text = format!(
        "{}catalogs:\n  mine:\n{entry}  mine:\n{entry}",
        pieces_file(&[piece("hoo", "Q", "FD", "~")]),
    );
    let e = catalog_error(&text);
    assert!(e.message.ends_with("`mine` is given twice"), "{e}");
    assert_eq!(
        e.line,
        Some(line_of(&text, "catalogs:", "  mine:") + 11),
        "{e}"
    );
}

#[test]
fn a_variant_with_no_royal_piece_is_refused_at_royal() {
    // The start position's check said "black has no  on the board", naming no piece.
    let text = variant_text().replace("royal: [king]", "royal: []");
    let e = variant_error(&text);
    assert_eq!(e.field.as_deref(), Some("royal"), "{e}");
    assert_eq!(e.line, Some(line_of(&text, "id:", "royal:")), "{e}");
    assert!(e.message.contains("at least one"), "{e}");
}

#[test]
fn a_number_of_the_wrong_kind_is_said_in_plain_words() {
    // serde names the Rust type it reads into (u8, u32, f64); a user knows neither.
    let cases = [
        (
            "promotion_zone: 1",
            "promotion_zone: -1",
            "a whole number from 0 to 255",
        ),
        (
            "files: 5",
            "files: 99999999999",
            "a whole number from 0 to 255",
        ),
        (
            "  king: 2\n",
            "  king: 2.5\n",
            "a whole number from 0 to 4294967295",
        ),
    ];
    for (from, to, says) in cases {
        let e = variant_error(&variant_text().replace(from, to));
        assert!(
            e.message.ends_with(&format!("expected {says}")),
            "{to}: {e}"
        );
    }
    let text = pieces_file(&[piece("hoo", "Q", "FD", "~").replace("value: 5", "value: .nan")]);
    let e = catalog_error(&text);
    assert!(
        e.message
            .ends_with("expected a whole number from 0 to 4294967295"),
        "{e}"
    );
    let text =
        pieces_file(&[piece("hoo", "Q", "FD", "~")
            .replace("rules: []", "rules: []\n    size_mm: [\"20\", 30]")]);
    let e = catalog_error(&text);
    assert!(e.message.ends_with("expected a number"), "{e}");
}
