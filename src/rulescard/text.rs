//! The card's words, Japanese and English, made from [`Facts`]: every piece name, number and
//! rule that differs between variants comes from the data, so a variant file gets a correct
//! card with no code.

use super::facts::Facts;
use crate::rules::{Color, KindId, LionTrading, Promotion};

/// One topic of the card in both languages: paragraphs (the first may be a lead-in; items of a
/// numbered list start with their number).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub ja_head: String,
    pub en_head: String,
    pub ja: Vec<String>,
    pub en: Vec<String>,
}

impl Section {
    fn new(ja_head: &str, en_head: &str) -> Section {
        Section {
            ja_head: ja_head.into(),
            en_head: en_head.into(),
            ja: Vec::new(),
            en: Vec::new(),
        }
    }

    fn say(mut self, ja: String, en: String) -> Section {
        self.ja.push(ja);
        self.en.push(en);
        self
    }
}

/// The one-character name of a kind as Black writes it (玉 for the king).
pub fn ja(f: &Facts, k: KindId) -> String {
    f.variant.catalog.get(k).abbr_for(Color::Black).to_string()
}

/// The English name in running text ("gold general").
pub fn en(f: &Facts, k: KindId) -> String {
    f.variant.catalog.get(k).english.to_lowercase()
}

fn ja_list(f: &Facts, kinds: &[KindId]) -> String {
    kinds
        .iter()
        .map(|k| ja(f, *k))
        .collect::<Vec<_>>()
        .join("・")
}

/// "a", "a and b", "a, b and c" (or with "or").
fn en_list(f: &Facts, kinds: &[KindId], conj: &str) -> String {
    let names: Vec<String> = kinds.iter().map(|k| en(f, *k)).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {conj} {last}", init.join(", ")),
    }
}

fn number_word(n: usize) -> String {
    const WORDS: [&str; 11] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS.get(n).map_or(n.to_string(), |w| w.to_string())
}

fn ordinal_word(n: usize) -> String {
    const WORDS: [&str; 7] = ["", "first", "second", "third", "fourth", "fifth", "sixth"];
    WORDS.get(n).map_or(format!("{n}th"), |w| w.to_string())
}

/// "the last rank" or "the last 2 ranks".
fn last_ranks(n: u8) -> String {
    if n == 1 {
        "the last rank".into()
    } else {
        format!("the last {} ranks", number_word(n as usize))
    }
}

/// The royal pieces in Japanese: 玉 alone, or 玉将と太子 when there are several.
fn royal_ja(f: &Facts) -> String {
    let c = &f.variant.catalog;
    match f.royals.as_slice() {
        [one] => ja(f, *one),
        many => many
            .iter()
            .map(|k| c.get(*k).kanji_for(Color::Black).to_string())
            .collect::<Vec<_>>()
            .join("と"),
    }
}

/// The line under the title: board, pieces, who starts.
pub fn summary(f: &Facts) -> (String, String) {
    let size = f.variant.size;
    (
        format!(
            "盤{}×{}マス　駒は各{}枚　先手（☗）から指す",
            size.files, size.ranks, f.pieces_per_side
        ),
        format!(
            "{} × {} board, {} pieces a side, Black (☗) moves first",
            size.files, size.ranks, f.pieces_per_side
        ),
    )
}

/// How a game goes, under the title.
pub fn playing(f: &Facts) -> Section {
    let s = Section::new("対局のしかた", "Playing");
    let (ja_turn, en_turn) = if f.drops {
        (
            "1手で盤上の駒を1つ動かすか、持ち駒を1つ打つ（パスはできない）。",
            "A turn moves one piece on the board or drops one from hand; no passing.",
        )
    } else {
        (
            "1手で盤上の駒を1つ動かす（パスはできない）。",
            "A turn moves one piece on the board; no passing.",
        )
    };
    let (ja_win, en_win) = if f.royal_capture {
        (
            format!("相手の{}をすべて取った方が勝ち。", royal_ja(f)),
            format!(
                "You win by capturing the opponent's {} (every one it has).",
                en_list(f, &f.royals, "and")
            ),
        )
    } else if f.royals.len() > 1 {
        (
            format!("相手の{}をすべて取るか詰ませた方が勝ち。", royal_ja(f)),
            format!(
                "You win when the opponent has lost its {}, or is mated.",
                en_list(f, &f.royals, "and")
            ),
        )
    } else {
        (
            format!("相手の{}を詰ませた方が勝ち。", royal_ja(f)),
            format!(
                "Checkmate the opponent's {} to win.",
                en_list(f, &f.royals, "or")
            ),
        )
    };
    s.say(
        format!("先手（☗）と後手（☖）が交互に指す。{ja_turn}相手の駒のいるマスへ動くと、その駒を取れる。{ja_win}"),
        format!("Black (☗, sente) and White (☖, gote) take turns. {en_turn} Moving onto an opponent's piece captures it. {en_win}"),
    )
}

/// The rules below the pieces, in the order a leaflet teaches them.
pub fn sections(f: &Facts) -> Vec<Section> {
    let mut out = vec![promotion(f), drops(f)];
    if !f.lions.is_empty() || !f.line_lions.is_empty() {
        out.push(lion(f));
    }
    // Royal capture (chu shogi): no check, and the large-board engine has no repetition rule
    // yet to state.
    if f.royal_capture {
        out.push(royal_capture(f));
    } else {
        out.push(check(f));
        out.push(repetition(f));
    }
    if let Some(s) = impasse(f) {
        out.push(s);
    }
    if f.handicap_white_first {
        out.push(Section::new("駒落ち", "Handicap games").say(
            "強い方（上手）が決まった駒を落として並べ、上手が先に指す。".into(),
            "The stronger player (uwate, White) removes the agreed pieces and moves first.".into(),
        ));
    }
    out
}

fn promotion(f: &Facts) -> Section {
    let zone = f.zone as usize;
    let en_zone = if zone == 1 {
        "the rank farthest from you".to_string()
    } else {
        format!("the {} ranks farthest from you", number_word(zone))
    };
    let (mut ja_text, mut en_text) = match f.promotion {
        Promotion::Zone => (
            format!(
                "相手側の{zone}段が敵陣（図の網掛け）。敵陣に入る・敵陣の中で動く・敵陣から出る手で、駒を裏返して成れる（成らなくてもよい）。成った駒は取られるまで戻らない。"
            ),
            format!(
                "The promotion zone is {en_zone} (shaded). A piece moving into, within or out of it may turn over to promote, or not; it stays promoted until captured."
            ),
        ),
        Promotion::EnterOrCapture => (
            format!(
                "相手側の{zone}段が敵陣（図の網掛け）。敵陣に入る手、または敵陣の中で・敵陣から出て駒を取る手で、駒を裏返して成れる（成らなくてもよく、強制はない）。成った駒は取られるまで戻らない。"
            ),
            format!(
                "The promotion zone is {en_zone} (shaded). A piece may turn over to promote on entering it, or on a capture that starts or ends in it; it is never forced, and a promoted piece stays promoted until captured."
            ),
        ),
    };
    if !f.second_chance.is_empty() {
        ja_text.push_str(&format!(
            "{}は最奥の段に着いたときにも成れる。",
            ja_list(f, &f.second_chance)
        ));
        en_text.push_str(&format!(
            " A {} may also promote on reaching the last rank.",
            en_list(f, &f.second_chance, "or")
        ));
    }
    if !f.no_promotion.is_empty() {
        ja_text.push_str(&format!("{}は成らない。", ja_list(f, &f.no_promotion)));
        let list = en_list(f, &f.no_promotion, "and");
        en_text.push_str(&format!(" The {list} do not promote."));
    }
    if !f.dead_ranks.is_empty() {
        let ja_parts = ja_dead_ranks(f, "が");
        ja_text.push_str(&format!("{}に進むときは必ず成る。", ja_parts.join("、")));
        let en_parts: Vec<String> = f
            .dead_ranks
            .iter()
            .map(|(n, kinds)| format!("a {} reaching {}", en_list(f, kinds, "or"), last_ranks(*n)))
            .collect();
        en_text.push_str(&format!(
            " {} must promote.",
            capitalise(&en_parts.join(", or "))
        ));
    }
    Section::new("成り", "Promotion").say(ja_text, en_text)
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn drops(f: &Facts) -> Section {
    let s = Section::new("持ち駒", "Drops");
    if !f.drops {
        return s.say(
            "取った駒は盤から除き、二度と使わない（持ち駒はない）。".into(),
            "Captured pieces leave the game: there are no drops.".into(),
        );
    }
    let mut rules: Vec<(String, String)> = Vec::new();
    if !f.one_per_file.is_empty() {
        let promoted: Vec<KindId> = f
            .one_per_file
            .iter()
            .filter_map(|k| f.variant.catalog.get(*k).promotes_to)
            .collect();
        let (ja_note, en_note) = if promoted.is_empty() {
            (String::new(), String::new())
        } else {
            (
                format!("（{}は数えない）", ja_list(f, &promoted)),
                format!(" (a {} does not count)", en_list(f, &promoted, "or")),
            )
        };
        let (j, e) = (
            ja_list(f, &f.one_per_file),
            en_list(f, &f.one_per_file, "or"),
        );
        rules.push((
            format!("二歩：成っていない{j}がある筋（縦の列）に{j}を打つ{ja_note}。"),
            format!("Two pawns (nifu): a {e} on a file (column) that holds your unpromoted {e}{en_note}."),
        ));
    }
    if !f.no_drop_mate.is_empty() {
        let (j, e) = (
            ja_list(f, &f.no_drop_mate),
            en_list(f, &f.no_drop_mate, "or"),
        );
        rules.push((
            format!("打ち歩詰め：{j}を打って詰ませる（盤上の{j}を進めて詰ますのはよい）。"),
            format!("Pawn-drop mate (uchifuzume): mating with a dropped {e} (a {e} moved on the board may mate)."),
        ));
    }
    if !f.dead_ranks.is_empty() {
        let ja_parts = ja_dead_ranks(f, "を");
        let en_parts: Vec<String> = f
            .dead_ranks
            .iter()
            .map(|(n, kinds)| format!("a {} on {}", en_list(f, kinds, "or"), last_ranks(*n)))
            .collect();
        rules.push((
            format!(
                "行き所のない駒：{}に打つ（二度と動けない）。",
                ja_parts.join("、")
            ),
            format!("A piece that could never move: {}.", en_parts.join(", ")),
        ));
    }
    let count = rules.len();
    let mut s = s.say(
        format!("取った駒は持ち駒になり、手番に空いているマスへ1枚打てる（成っていない面で。成れるのは次に動かすとき）。次の{}つは反則で、指した方の負け：", count),
        format!("Captured pieces join your hand: on your turn you may drop one, unpromoted side up, on any empty square. These {} drops are forbidden and lose the game:", number_word(count)),
    );
    for (i, (j, e)) in rules.into_iter().enumerate() {
        let mark = char::from_u32(0x2460 + i as u32).unwrap_or('・');
        s = s.say(format!("{mark}{j}"), format!("{}. {e}", i + 1));
    }
    s
}

fn check(f: &Facts) -> Section {
    let king = f.royals.first().map_or_else(String::new, |k| ja(f, *k));
    let s = Section::new("王手と詰み", "Check and checkmate").say(
        format!("王手：次の手で{king}を取れる状態。王手をかけられたら、逃げる・王手の駒を取る・間に駒を入れるなどして必ず防ぐ。詰み：どうしても防げない王手。詰ませた方の勝ち。"),
        "Check (ōte): a threat to capture the king with the next move. It must be answered at once: move the king, capture the checking piece or block. Checkmate (tsumi): a check with no answer; it wins the game.".into(),
    );
    if f.royals.len() > 1 {
        let c = &f.variant.catalog;
        let names: Vec<String> = f
            .royals
            .iter()
            .map(|k| c.get(*k).kanji_for(Color::Black).to_string())
            .collect();
        return s.say(
            format!("{}が両方ある間は王手はなく、片方を取られてもよい。残った1枚が玉と同じく王手・詰みを受ける。", names.join("と")),
            format!("While a side has both its {}, neither is in check and either may be lost; the one left is checked and mated as a king.", en_list(f, &f.royals, "and")),
        );
    }
    s
}

fn repetition(f: &Facts) -> Section {
    let n = f.repetitions;
    // Without drops there are no hands to compare (sho shogi).
    let (ja_same, en_same) = if f.drops {
        ("盤上・持ち駒・手番", "board, hands, side to move")
    } else {
        ("盤上・手番", "board, side to move")
    };
    Section::new("千日手", "Repetition").say(
        format!("同じ局面（{ja_same}が同じ）が{n}回現れたら千日手で引き分け。ただし連続王手の千日手は、王手をかけ続けた側の負け。"),
        format!("Repetition (sennichite): the same position ({en_same}) for the {} time is a draw, unless one side gave check with every move since it first stood (perpetual check): that side loses.", ordinal_word(n)),
    )
}

fn impasse(f: &Facts) -> Option<Section> {
    let imp = f.impasse.as_ref()?;
    let last = imp.points.len().saturating_sub(1);
    let (mut ja_points, mut en_points) = (Vec::new(), Vec::new());
    for (i, (p, kinds)) in imp.points.iter().enumerate() {
        if i == last && i > 0 {
            ja_points.push(format!("ほかの駒は{p}点"));
            en_points.push(format!("every other piece {p}"));
        } else {
            ja_points.push(format!("{}は{p}点", ja_list(f, kinds)));
            en_points.push(format!("{} {p} each", en_list(f, kinds, "and")));
        }
    }
    let (ja_promoted, en_promoted) = if imp.promoted_same {
        ("成っても同じ、", "promoted or not; ")
    } else {
        ("", "")
    };
    let t = imp.threshold;
    let en_kings = if f.royals.len() > 1 {
        format!("every {} is in its zone", en_list(f, &f.royals, "and"))
    } else {
        "both kings are in their zones".to_string()
    };
    // Without drops there is no hand to count (sho shogi).
    let (ja_counted, en_counted) = if f.drops {
        ("盤上と持ち駒", "on the board and in hand")
    } else {
        ("盤上の駒", "on the board")
    };
    // Every royal kind is left out, as the Japanese lists them: "kings and crown princes".
    let royals: Vec<String> = f.royals.iter().map(|k| format!("{}s", en(f, *k))).collect();
    let en_royals = match royals.as_slice() {
        [init @ .., last] if !init.is_empty() => format!("{} and {last}", init.join(", ")),
        _ => royals.concat(),
    };
    Some(Section::new("持将棋", "Impasse").say(
        format!("双方の{}が敵陣に入り、詰ませる見込みがないときは、{ja_counted}を点数で数える：{}（{ja_promoted}{}は数えない）。{t}点未満の側の負け、ほかは引き分け。", royal_ja(f), ja_points.join("、"), ja_list(f, &f.royals)),
        format!("Impasse (jishōgi): when {en_kings} and neither side can be mated, count the pieces {en_counted}: {} ({en_promoted}{en_royals} none). Under {t} points loses; otherwise a draw.", en_points.join(", ")),
    ))
}

/// The ranks where pieces could never move again, in Japanese: `香・歩{particle}最奥の1段`
/// (`が` where they must promote, `を` where they may not be dropped).
fn ja_dead_ranks(f: &Facts, particle: &str) -> Vec<String> {
    f.dead_ranks
        .iter()
        .map(|(n, kinds)| {
            let place = if *n == 1 {
                "最奥の1段".to_string()
            } else {
                format!("奥の{n}段")
            };
            format!("{}{particle}{place}", ja_list(f, kinds))
        })
        .collect()
}

/// No check (chu shogi): royal pieces are captured, not mated.
fn royal_capture(f: &Facts) -> Section {
    let (ja_royals, en_royals) = (royal_ja(f), en_list(f, &f.royals, "and"));
    Section::new("勝ち負け", "Winning").say(
        format!("王手の禁じ手はなく、{ja_royals}を取られる手も指せる。相手の{ja_royals}をすべて取るか、相手に指す手がなくなれば勝ち。"),
        format!("There is no check rule: a move may leave your royal pieces attacked. You win by capturing the opponent's {en_royals} (every one it has), or when the opponent has no move."),
    )
}

/// Lion power and the lion-trading rules, in short.
fn lion(f: &Facts) -> Section {
    let mut s = Section::new("獅子", "The lion");
    // The Lion and the promoted Kirin are both named 獅子 Lion: said once.
    let mut lions: Vec<KindId> = Vec::new();
    for &k in &f.lions {
        if !lions.iter().any(|&l| en(f, l) == en(f, k)) {
            lions.push(k);
        }
    }
    if !lions.is_empty() {
        let (j, e) = (ja_list(f, &lions), en_list(f, &lions, "and"));
        s = s.say(
            format!("{j}は1手で玉の動きを2回できる（図の黄色：2マス以内のどこへでも跳べる）。1歩目と2歩目の両方で駒を取れ、取って元のマスに戻る（居喰い）ことも、隣へ行って戻る（じっと：パス）こともできる。"),
            format!("The {e} moves as a king twice in one turn (yellow in the grid: anywhere within two squares, jumping). It may capture on both steps, capture and step back to its square (igui), or step out and back (a pass)."),
        );
    }
    if !f.line_lions.is_empty() {
        let parts: Vec<(String, String)> = f
            .line_lions
            .iter()
            .map(|k| {
                let dirs = f
                    .variant
                    .catalog
                    .get(*k)
                    .movement
                    .lion
                    .as_ref()
                    .map_or((String::new(), String::new()), |l| {
                        direction_words(&l.steps)
                    });
                (
                    format!("{}は{}", ja(f, *k), dirs.0),
                    format!("the {} {}", en(f, *k), dirs.1),
                )
            })
            .collect();
        let ja_parts: Vec<String> = parts.iter().map(|p| p.0.clone()).collect();
        let en_parts: Vec<String> = parts.iter().map(|p| p.1.clone()).collect();
        s = s.say(
            format!(
                "{}に、この2歩の動き（1マス目で取って戻るのも可）を持つ。",
                ja_parts.join("、")
            ),
            format!(
                "With the same power along one line, {}: one or two squares, capturing on either.",
                en_parts.join(", ")
            ),
        );
    }
    if !f.lions.is_empty() {
        let low = if f.low_value.is_empty() {
            (String::new(), String::new())
        } else {
            (
                format!(
                    "（1歩目で{}以外の駒を取ったときは別）",
                    ja_list(f, &f.low_value)
                ),
                format!(
                    " (unless its first step took a piece other than a {})",
                    en_list(f, &f.low_value, "or")
                ),
            )
        };
        s = s.say(
            format!("獅子の取り合い：①獅子は、隣にいない獅子を、それが守られていれば取れない{}。", low.0),
            format!("Lion trading: 1. A lion may not take a lion that is not next to it if that lion is protected{}.", low.1),
        );
        s = match f.lion_trading {
            LionTrading::Lishogi => s.say(
                "②獅子以外の駒に獅子を取られた直後の手では、獅子以外の駒で獅子を取れるのはそのマスだけ（lishogiの規則）。".into(),
                "2. Right after a piece other than a lion took a lion, a piece other than a lion may take a lion only on that square (lishogi's rule).".into(),
            ),
            LionTrading::Jcsa => s.say(
                "②獅子以外の駒に獅子を取られた直後の手では、獅子以外の駒は守られていない獅子しか取れない（日本中将棋連盟の規則）。".into(),
                "2. Right after a piece other than a lion took a lion, a piece other than a lion may take only an unprotected lion (the Japan Chu Shogi Association's rule).".into(),
            ),
        };
    }
    s
}

/// Lion directions in words: 前 / forward, 斜め前 / the forward diagonals.
fn direction_words(steps: &[(i8, i8)]) -> (String, String) {
    let mut ja = Vec::new();
    let mut en = Vec::new();
    let has = |d: (i8, i8)| steps.contains(&d);
    if has((0, 1)) {
        ja.push("前");
        en.push("forward");
    }
    if has((-1, 1)) || has((1, 1)) {
        ja.push("斜め前");
        en.push("on the forward diagonals");
    }
    if has((0, -1)) {
        ja.push("後ろ");
        en.push("backward");
    }
    if has((-1, 0)) || has((1, 0)) {
        ja.push("横");
        en.push("sideways");
    }
    if has((-1, -1)) || has((1, -1)) {
        ja.push("斜め後ろ");
        en.push("on the backward diagonals");
    }
    (ja.join("・"), en.join(" and "))
}
