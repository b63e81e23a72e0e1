//! What the bundled fonts cover: every string shogiprint draws by itself, and the Japanese a
//! teacher writes (JIS X 0208 levels 1 and 2, the 常用漢字, players' and tournaments' names).
//! resvg and PDF viewers would silently drop a missing glyph, so this is checked here instead;
//! a character outside the fonts is an error that names it.

use shogiprint::diagram::{self, Diagram};
use shogiprint::draw::{FontRole, Fonts};
use shogiprint::formats::notation::numerals;
use shogiprint::rules::{Color, Setup, Variant};
use std::collections::BTreeSet;

/// The piece texts, names and labels of every built-in variant.
fn drawn_strings() -> Vec<(FontRole, String)> {
    let mut out = Vec::new();
    let mut add = |role, s: &str| out.push((role, s.to_string()));
    for name in Variant::builtin_names() {
        let v = Variant::builtin(name).unwrap();
        add(FontRole::Regular, &v.japanese);
        add(FontRole::Regular, &v.english);
        for h in &v.handicaps {
            add(FontRole::Regular, &h.japanese);
            add(FontRole::Regular, &h.english);
            // The handicap sheets: the title in bold, the gap and its notes, the source.
            add(FontRole::Bold, &h.japanese);
            add(FontRole::Regular, h.gap.as_deref().unwrap_or(""));
            add(FontRole::Regular, h.used_for.as_deref().unwrap_or(""));
            add(FontRole::Regular, &h.source);
        }
        for (_, kind) in v.catalog.iter() {
            for color in Color::ALL {
                // Pieces are drawn in bold, and must not need the regular fallback.
                add(FontRole::Bold, kind.abbr_for(color));
                add(FontRole::Bold, kind.kanji_for(color));
                add(FontRole::Bold, &kind.sfen_for(color));
            }
            add(FontRole::Regular, &kind.abbr);
            add(FontRole::Regular, &kind.english);
            add(FontRole::Regular, &kind.reading);
        }
    }
    for n in 1..=40 {
        add(FontRole::Regular, &numerals::kanji(n));
        add(FontRole::Regular, &numerals::full_width(n));
        add(FontRole::Regular, &n.to_string());
        add(FontRole::Bold, &n.to_string());
    }
    for label in [
        "先手",
        "後手",
        "上手",
        "下手",
        "持駒",
        "なし",
        "残り全部",
        "Black",
        "White",
        "in hand",
        "none",
        "the rest",
        "×",
    ] {
        add(FontRole::Regular, label);
    }
    for label in [
        "abcdefghijklmnopqrstuvwxyz",
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ+",
        "第1図",
        "第1問",
        "詰将棋",
    ] {
        add(FontRole::Bold, label);
    }
    // Handicap sheets and booklets draw these themselves.
    for label in [
        "駒落ち 手合割",
        "Handicap setup sheet",
        "落とす駒",
        "手番",
        "手合の目安",
        "上手の持駒",
        "駒落ち一覧",
        "手合",
        "目安",
        "頁",
        "解答と解説",
        "第12問  頭金",
    ] {
        add(FontRole::Bold, label);
    }
    add(
        FontRole::Regular,
        "上手（△）が先に指します 段級差 6～7 以上 飛（８二）  香（９一・１一） 歩九枚 ― - 3 - 1 / 17 目安: the amateur rank difference (段級差) — Source:",
    );
    // Captions in the usual notation: ▲7六歩 △同　銀 ☗☖, 成 不成 打 まで.
    add(
        FontRole::Regular,
        "第1図 ▲7六歩まで △3四歩 ☗2六歩 ☖同銀 ▲5五角打 △同　飛成 ▲4四桂不成 上 寄 引 右 左 直",
    );
    out
}

#[test]
fn bundled_fonts_cover_every_string_the_tool_draws() {
    let fonts = Fonts::bundled();
    let mut missing = Vec::new();
    for (role, text) in drawn_strings() {
        let face = fonts.face(role);
        for ch in text.chars().filter(|c| !c.is_whitespace()) {
            if !face.has(ch) {
                missing.push(format!(
                    "{ch} (U+{:04X}) in {role:?} from '{text}'",
                    ch as u32
                ));
            }
        }
    }
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "missing glyphs:\n{}",
        missing.join("\n")
    );
}

#[test]
fn a_missing_character_is_an_error_not_a_silent_gap() {
    let fonts = Fonts::bundled();
    // An emoji, and 𠮷 (the "tsuchi-yoshi" name variant of 吉, outside JIS X 0208 and 0213).
    for (text, missing) in [("王😀", '😀'), ("吉𠮷", '𠮷')] {
        let e = fonts.check(FontRole::Regular, text).unwrap_err();
        assert_eq!(e.ch, missing);
        let message = e.to_string();
        assert!(
            message.contains(&format!("U+{:04X}", missing as u32)),
            "{message}"
        );
        assert!(message.contains("--font"), "{message}");
    }
}

#[test]
fn a_caption_outside_the_fonts_fails_naming_the_character_and_writes_nothing() {
    let dir = std::env::temp_dir().join(format!("shogiprint-fonts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("emoji.svg");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_shogiprint"))
        .args(["diagram", "startpos", "--caption", "将棋は楽しい😀", "-o"])
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("U+1F600"), "{stderr}");
    assert!(stderr.contains("--font"), "{stderr}");
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn both_faces_cover_the_same_characters_so_bold_needs_no_fallback() {
    let fonts = Fonts::bundled();
    for ch in jis_x_0208()
        .into_iter()
        .chain(joyo_kanji())
        .chain(['嬉', 'ō'])
    {
        assert_eq!(
            fonts.resolve(FontRole::Bold, ch).unwrap().0,
            FontRole::Bold,
            "{ch}"
        );
    }
}

#[test]
fn a_user_font_replaces_both_faces() {
    let fonts =
        Fonts::from_file(std::path::Path::new("fonts/NotoSerifJP-Regular.subset.ttf")).unwrap();
    assert!(fonts.same_face(FontRole::Regular, FontRole::Bold));
    assert!(Fonts::from_file(std::path::Path::new("Cargo.toml")).is_err());
}

/// JIS X 0208: every valid two-byte EUC-JP code of rows 1 to 84 (lead bytes A1–F4), decoded
/// with encoding_rs, whose tables are the WHATWG Encoding Standard's jis0208 index.
fn jis_x_0208() -> Vec<char> {
    let mut out = Vec::new();
    for lead in 0xa1u8..=0xf4 {
        for trail in 0xa1u8..=0xfe {
            let bytes = [lead, trail];
            let (text, had_errors) = encoding_rs::EUC_JP.decode_without_bom_handling(&bytes);
            if !had_errors {
                out.extend(text.chars());
            }
        }
    }
    out
}

/// Kanji of JIS X 0208 level 1 (rows 16–47) or level 2 (rows 48–84).
fn jis_level(level: u8) -> Vec<char> {
    let rows = if level == 1 { 16..=47 } else { 48..=84 };
    let mut out = Vec::new();
    for row in rows {
        for cell in 1u8..=94 {
            let bytes = [0xa0 + row, 0xa0 + cell];
            let (text, had_errors) = encoding_rs::EUC_JP.decode_without_bom_handling(&bytes);
            if !had_errors {
                out.extend(text.chars());
            }
        }
    }
    out
}

/// The 常用漢字 list in tests/data/joyo-kanji.txt (its source is noted there).
fn joyo_kanji() -> Vec<char> {
    std::fs::read_to_string("tests/data/joyo-kanji.txt")
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(|l| l.trim().chars().collect::<Vec<_>>())
        .collect()
}

/// Players of today and of the Edo period, and the tournaments, as the Japan Shogi Association
/// (shogi.or.jp) writes them: 髙 and 﨑 are the forms these players register.
const NAMES: &str =
    "羽生善治 藤井聡太 和田宗吉 天野宗歩 髙見泰地 渡辺明 豊島将之 永瀬拓矢 佐藤天彦 \
    谷川浩司 中原誠 大山康晴 升田幸三 木村義雄 加藤一二三 米長邦雄 森内俊之 丸山忠久 郷田真隆 \
    久保利明 広瀬章人 菅井竜也 斎藤慎太郎 糸谷哲郎 伊藤匠 山﨑隆之 里見香奈 西山朋佳 \
    大橋宗桂 伊藤看寿 伊藤宗看 関根金次郎 阪田三吉 升田幸三賞 \
    名人戦 竜王戦 王位戦 王座戦 棋王戦 王将戦 棋聖戦 叡王戦 順位戦 朝日杯将棋オープン戦 \
    ＮＨＫ杯テレビ将棋トーナメント 銀河戦 新人王戦 白玲戦 清麗戦 女流名人戦 日本将棋連盟 奨励会 \
    Ōshō Ōi Kisei Meijin Ryūō";

/// Draws `caption` under the start position and returns the glyph ids the drawing uses.
fn draw_caption(caption: &str) -> BTreeSet<(FontRole, u16)> {
    let variant = Variant::builtin("standard").unwrap();
    let setup: Setup = diagram::spec::read_position("startpos", &variant)
        .unwrap()
        .setup;
    let mut d = Diagram::new(variant, setup);
    d.caption = Some(caption.to_string());
    let drawing = diagram::draw(&d, &Fonts::bundled())
        .unwrap_or_else(|e| panic!("a caption fails to draw: {e}"));
    drawing.glyphs_used()
}

/// The characters of `text` neither face has.
fn missing(text: impl IntoIterator<Item = char>) -> String {
    let fonts = Fonts::bundled();
    text.into_iter()
        .filter(|c| !c.is_whitespace())
        .filter(|&c| !fonts.face(FontRole::Regular).has(c) || !fonts.face(FontRole::Bold).has(c))
        .collect()
}

#[test]
fn jis_x_0208_levels_1_and_2_are_all_covered_in_both_faces() {
    let jis = jis_x_0208();
    // JIS X 0208:1997 has 6 879 characters: 524 non-kanji and 6 355 kanji (2 965 in level 1,
    // 3 390 in level 2). The WHATWG table adds NEC's row 13 (83 symbols such as ①).
    assert_eq!(jis_level(1).len(), 2965);
    assert_eq!(jis_level(2).len(), 3390);
    assert_eq!(jis.len(), 6879 + 83);
    assert_eq!(missing(jis.iter().copied()), "");
    // Drawn, as a caption: every glyph is found and drawn.
    let text: String = jis.iter().collect();
    let glyphs = draw_caption(&text);
    assert!(glyphs.len() > 6900, "{} glyphs", glyphs.len());
}

#[test]
fn the_joyo_kanji_are_all_covered_and_draw_in_a_caption() {
    let joyo = joyo_kanji();
    assert_eq!(joyo.len(), 2136);
    assert_eq!(missing(joyo.iter().copied()), "");
    // The JIS X 0208 forms that stand in for four of them are there too.
    assert_eq!(missing("叱剥填頬".chars()), "");
    let glyphs = draw_caption(&joyo.iter().collect::<String>());
    assert!(glyphs.len() >= 2136, "{} glyphs", glyphs.len());
}

#[test]
fn players_and_tournament_names_draw_in_a_caption() {
    assert_eq!(missing(NAMES.chars()), "");
    // The name variants people register, and Latin readings with macrons.
    assert_eq!(
        missing("髙﨑德濵邊邉齋齊櫻國澤濱眞瀨槇嶋冨𠮟剝塡頰ŌōŪūÉé".chars()),
        ""
    );
    draw_caption(NAMES);
}

/// A user's piece whose names the bundled fonts lack: 𠮷 (outside JIS X 0208 and 0213).
const FALCONER: &str = "pieces:
  - id: falconer
    sfen: \"Q\"
    kanji: 𠮷鷹
    abbr: 𠮷
    reading: yoshitaka
    english: Falconer
    betza: \"FD\"
    promotes_to: ~
    rules: []
";

const FALCONER_VARIANT: &str = "id: falcon_mini
english: Falcon minishogi
japanese: 鷹五五将棋
board: { files: 5, ranks: 5 }
promotion_zone: 1
drops: true
royal: [king]
set:
  king: 2
  rook: 2
  falconer: 2
  gold: 2
  silver: 2
  pawn: 2
start: \"rqsgk/4p/5/P4/KGSQR b - 1\"
";

#[test]
fn a_pieces_name_outside_the_fonts_names_the_piece_and_its_field() {
    // It once named only the character and the part of the page: "kit: rules card: title:".
    let dir = std::env::temp_dir().join(format!("shogiprint-falconer-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (pieces, variant) = (dir.join("pieces.yaml"), dir.join("variant.yaml"));
    std::fs::write(&pieces, FALCONER).unwrap();
    std::fs::write(&variant, FALCONER_VARIANT).unwrap();
    let pieces_name = pieces.display().to_string();
    let shogiprint = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_shogiprint"))
            .current_dir(&dir)
            .args(args)
            .arg("--pieces")
            .arg(&pieces)
            .arg("--variant")
            .arg(&variant)
            .output()
            .unwrap()
    };
    for (args, field) in [
        (vec!["kit", "-o", "k.pdf"], "kanji '𠮷鷹'"),
        (
            vec![
                "kit",
                "--style",
                "western",
                "--no-rules-card",
                "-o",
                "k.pdf",
            ],
            "kanji '𠮷鷹'",
        ),
        (vec!["rules-card", "-o", "r.pdf"], "kanji '𠮷鷹'"),
        (vec!["diagram", "startpos", "-o", "d.svg"], "abbr '𠮷'"),
        (
            vec!["diagram", "startpos", "--style", "arrows", "-o", "d.png"],
            "abbr '𠮷'",
        ),
    ] {
        let run = shogiprint(&args);
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
        // The file and line of the piece's entry, its id, the field and its value.
        let place = format!("{pieces_name}:2:");
        for words in [
            place.as_str(),
            "piece 'falconer'",
            field,
            "U+20BB7",
            "--font",
        ] {
            assert!(stderr.contains(words), "{args:?}: no {words} in {stderr}");
        }
    }
    // A western diagram writes letters: the kanji the fonts lack are not asked for.
    let run = shogiprint(&["diagram", "startpos", "--style", "western", "-o", "w.svg"]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
}
