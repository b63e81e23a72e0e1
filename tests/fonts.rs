//! Every string shogiprint draws by itself is covered by the bundled fonts: resvg and PDF
//! viewers would silently drop a missing glyph, so this is checked here instead.

use shogiprint::draw::{FontRole, Fonts};
use shogiprint::formats::notation::numerals;
use shogiprint::rules::{Color, Variant};

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
    let e = fonts.check(FontRole::Regular, "王鬱").unwrap_err();
    assert_eq!(e.ch, '鬱');
    assert!(e.to_string().contains("--font"));
}

#[test]
fn the_bold_face_falls_back_to_regular_for_vocabulary() {
    let fonts = Fonts::bundled();
    assert!(!fonts.face(FontRole::Bold).has('嬉'));
    assert_eq!(
        fonts.resolve(FontRole::Bold, '嬉').unwrap().0,
        FontRole::Regular
    );
    assert_eq!(
        fonts.resolve(FontRole::Bold, '王').unwrap().0,
        FontRole::Bold
    );
}

#[test]
fn a_user_font_replaces_both_faces() {
    let fonts =
        Fonts::from_file(std::path::Path::new("fonts/NotoSerifJP-Regular.subset.ttf")).unwrap();
    assert!(fonts.same_face(FontRole::Regular, FontRole::Bold));
    assert!(Fonts::from_file(std::path::Path::new("Cargo.toml")).is_err());
}
