//! Where a line of Japanese or English may break. The base is the Unicode line breaking
//! algorithm (UAX #14, the `unicode-linebreak` crate): Latin words stay whole and break at
//! spaces and after hyphens, ideographs and kana break between characters, closing brackets
//! and 、。 do not start a line. On top of it, the rules Japanese books follow (JIS X 4051 and
//! the W3C's Requirements for Japanese Text Layout, JLREQ §3.1.7 and §3.1.10):
//!
//! - no line starts with a closing bracket, 、。，．, a middle dot or colon (・：；), ！？,
//!   a small kana, the prolonged sound mark ー, an iteration mark (々 ゝ ヽ), a wave dash or
//!   hyphen; no line ends with an opening bracket ([`may_not_start_line`],
//!   [`may_not_end_line`]);
//! - a number stays with its unit and its other digits: `８一`, `九枚`, `1手`, `歩三`, and in
//!   English `9 pawns` (a count and the word it counts), `6～7`; not with a kana before it,
//!   a particle (`連続王手の｜千日手`, `マスへ｜1枚`), which would end the line early;
//! - a move stays whole: `▲7六歩`, `△同　歩`, `▲5二金左上`; so does a problem's length or a
//!   move's number: `5手詰`, `5手詰め`, `30手目`;
//! - a bracketed reference — squares, numbers, letters and list marks, no words: `（８一・２一）`,
//!   `(8a)` — breaks inside only when it does not fit on a line of its own
//!   ([`Break::InGroup`]), and stays with the name it is written onto (`桂（８一・２一）`,
//!   `相手の桂（２三）`), unless that is the end of a word running on from kana
//!   (`逃げ道（２一・３二）`), which would be split instead;
//!   brackets of words, Japanese or English, break like the prose around them, before the
//!   opening bracket too (`打てる｜（成っていない…`): holding back the word before them would
//!   end the line a character early (`打て｜る（…`);
//! - a spaced dash stays at the end of the line it follows (`handicaps —`);
//! - a katakana word (`ポイント`, `スタンダード`) is kept whole when the line allows it: a break
//!   inside it is a last resort ([`Break::InGroup`]), as books set loanwords; the middle dot
//!   between two words (`レッツ・プレイ`) is a place to break.

use unicode_linebreak::{linebreaks, BreakOpportunity};

/// A place a line may break.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Break {
    /// An ordinary break opportunity.
    Allowed,
    /// Inside a bracketed reference (`（８一・２一）`) or a katakana word (`ポイント`): taken
    /// only when the group cannot fit on one line.
    InGroup,
}

/// Characters that may not start a line: closing brackets (JLREQ cl-02), hyphens and wave
/// dashes (cl-03), ！？ (cl-04), middle dots and colons (cl-05), full stops (cl-06), commas
/// (cl-07), iteration marks (cl-09), the prolonged sound mark (cl-10), small kana (cl-11), and
/// their Latin counterparts.
pub fn may_not_start_line(c: char) -> bool {
    matches!(
        c,
        '）' | '〕'
            | '］'
            | '｝'
            | '〉'
            | '》'
            | '」'
            | '』'
            | '】'
            | '〙'
            | '〗'
            | '〟'
            | '’'
            | '”'
            | '｠'
            | '»'
            | ')'
            | ']'
            | '}'
            | '‐'
            | '〜'
            | '～'
            | '゠'
            | '–'
            | '！'
            | '？'
            | '‼'
            | '⁇'
            | '⁈'
            | '⁉'
            | '!'
            | '?'
            | '・'
            | '：'
            | '；'
            | ':'
            | ';'
            | '。'
            | '．'
            | '.'
            | '、'
            | '，'
            | ','
            | 'ヽ'
            | 'ヾ'
            | 'ゝ'
            | 'ゞ'
            | '々'
            | '〻'
            | 'ー'
            | 'ぁ'
            | 'ぃ'
            | 'ぅ'
            | 'ぇ'
            | 'ぉ'
            | 'っ'
            | 'ゃ'
            | 'ゅ'
            | 'ょ'
            | 'ゎ'
            | 'ゕ'
            | 'ゖ'
            | 'ァ'
            | 'ィ'
            | 'ゥ'
            | 'ェ'
            | 'ォ'
            | 'ッ'
            | 'ャ'
            | 'ュ'
            | 'ョ'
            | 'ヮ'
            | 'ヵ'
            | 'ヶ'
            | 'ㇰ'..='ㇿ'
    )
}

/// Characters that may not end a line: opening brackets (JLREQ cl-01) and their Latin
/// counterparts.
pub fn may_not_end_line(c: char) -> bool {
    matches!(
        c,
        '（' | '〔'
            | '［'
            | '｛'
            | '〈'
            | '《'
            | '「'
            | '『'
            | '【'
            | '〘'
            | '〖'
            | '〝'
            | '‘'
            | '“'
            | '｟'
            | '«'
            | '('
            | '['
            | '{'
    )
}

/// The closing bracket that matches `open`, for the bracketed groups kept whole.
fn closing(open: char) -> Option<char> {
    Some(match open {
        '（' => '）',
        '〔' => '〕',
        '［' => '］',
        '｛' => '｝',
        '〈' => '〉',
        '《' => '》',
        '「' => '」',
        '『' => '』',
        '【' => '】',
        '(' => ')',
        '[' => ']',
        _ => return None,
    })
}

/// A digit in any width, or a kanji numeral: the parts of a number or a square (`８一`).
fn numeric(c: char) -> bool {
    c.is_ascii_digit()
        || ('０'..='９').contains(&c)
        || matches!(
            c,
            '〇' | '一'
                | '二'
                | '三'
                | '四'
                | '五'
                | '六'
                | '七'
                | '八'
                | '九'
                | '十'
                | '百'
                | '千'
                | '万'
        )
}

/// What a bracketed reference is made of: digits, kanji numerals and letters (squares such as
/// `８一` or `8a`, counts) and the marks that list them (`・`, `、`, `,`, `/`, a range's dash).
/// Any other character — kana, a kanji word, a space — makes the brackets prose.
fn in_reference(c: char) -> bool {
    numeric(c)
        || c.is_ascii_alphanumeric()
        || ('Ａ'..='Ｚ').contains(&c)
        || ('ａ'..='ｚ').contains(&c)
        || matches!(
            c,
            '・' | '、' | '，' | ',' | '／' | '/' | '-' | '–' | '～' | '〜'
        )
}

/// The bracketed references of `chars`, as the indices of their opening and closing brackets.
/// A reference inside brackets of words (`（桂（８一）を除く）`) is found too.
fn references(chars: &[(usize, char)]) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let close = closing(chars[i].1);
        let end = close.and_then(|close| {
            let len = chars[i + 1..].iter().position(|&(_, ch)| ch == close)?;
            Some(i + 1 + len)
        });
        match end {
            Some(end)
                if end > i + 1 && chars[i + 1..end].iter().all(|&(_, ch)| in_reference(ch)) =>
            {
                found.push((i, end));
                i = end + 1;
            }
            _ => i += 1,
        }
    }
    found
}

/// Hiragana and katakana.
fn kana(c: char) -> bool {
    ('\u{3041}'..='\u{30ff}').contains(&c)
}

/// A katakana letter, the prolonged sound mark or an iteration mark: what a katakana word is
/// made of (the middle dot ・ separates words).
fn katakana(c: char) -> bool {
    matches!(c, '\u{30a1}'..='\u{30fa}' | '\u{30fc}'..='\u{30fe}' | '\u{31f0}'..='\u{31ff}')
        || ('\u{ff66}'..='\u{ff9f}').contains(&c)
}

fn hiragana(c: char) -> bool {
    ('\u{3041}'..='\u{309f}').contains(&c)
}

/// The one-kana particles that end a phrase before a noun (`相手の桂`, `玉を桂で`): a word
/// after one starts there; other kana before a kanji are most often the word's own
/// (`逃げ道`, `持ち駒`).
fn particle(c: char) -> bool {
    matches!(
        c,
        'の' | 'を' | 'に' | 'は' | 'が' | 'へ' | 'と' | 'で' | 'も' | 'や'
    )
}

/// Letters, digits, kana and ideographs: what a number glues to.
fn wordlike(c: char) -> bool {
    c.is_alphanumeric() && !may_not_start_line(c)
}

/// The marks that open a move in Japanese notation.
fn move_mark(c: char) -> bool {
    matches!(c, '▲' | '△' | '☗' | '☖')
}

/// What may follow a move mark inside one move: its square, 同 (and the ideographic space
/// after it), the piece, and the words that tell moves apart (JSA notation: 右 左 上 引 寄 直
/// 打 成 不成 行 生).
fn in_move(c: char) -> bool {
    numeric(c)
        || matches!(
            c,
            '同' | '\u{3000}'
                | '玉'
                | '王'
                | '飛'
                | '角'
                | '金'
                | '銀'
                | '桂'
                | '香'
                | '歩'
                | 'と'
                | '杏'
                | '圭'
                | '全'
                | '龍'
                | '竜'
                | '馬'
                | '成'
                | '不'
                | '打'
                | '左'
                | '右'
                | '上'
                | '引'
                | '寄'
                | '直'
                | '行'
                | '生'
        )
}

/// Where `text` (one paragraph: no newline) may break, as `(i, kind)`: a line may end before
/// the `i`-th character. Positions 0 and the end are not listed.
pub fn opportunities(text: &str) -> Vec<(usize, Break)> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let n = chars.len();
    let mut breaks: Vec<Option<Break>> = vec![None; n];
    let mut ci = 0;
    for (byte, op) in linebreaks(text) {
        if byte >= text.len() || op != BreakOpportunity::Allowed {
            continue;
        }
        while ci < n && chars[ci].0 < byte {
            ci += 1;
        }
        if ci < n && chars[ci].0 == byte && ci > 0 {
            breaks[ci] = Some(Break::Allowed);
        }
    }
    let c = |i: usize| chars[i].1;
    let groups = references(&chars);
    let mut reference_opens = vec![false; n];
    for &(open, _) in &groups {
        reference_opens[open] = true;
    }
    // A move's characters, after its mark, are glued together.
    let mut in_a_move = vec![false; n];
    for i in 0..n {
        if move_mark(c(i)) {
            let mut j = i + 1;
            while j < n && in_move(c(j)) && !(c(j) == '\u{3000}' && c(j - 1) != '同') {
                in_a_move[j] = true;
                j += 1;
            }
        }
    }
    for i in 1..n {
        let (a, b) = (c(i - 1), c(i));
        // The last visible character of the line that would end here.
        let last = chars[..i]
            .iter()
            .rev()
            .map(|&(_, ch)| ch)
            .find(|ch| !ch.is_whitespace());
        let word_before: String = {
            let mut k = i;
            while k > 0 && c(k - 1) == ' ' {
                k -= 1;
            }
            let end = k;
            while k > 0 && !c(k - 1).is_whitespace() {
                k -= 1;
            }
            chars[k..end].iter().map(|&(_, ch)| ch).collect()
        };
        let forbid = may_not_start_line(b)
            || last.is_some_and(may_not_end_line)
            || move_mark(a)
            || in_a_move[i]
            // a number with its unit and its digits, not with the particle before it
            || ((numeric(a) || numeric(b)) && wordlike(a) && wordlike(b) && !kana(a))
            // a count with the word it counts: `9 pawns`
            || (a == ' '
                && b.is_alphabetic()
                && word_before.chars().any(|ch| ch.is_ascii_digit())
                && word_before.chars().all(|ch| ch.is_ascii_digit() || ch == '–'))
            // a range: `6～7`, `6–7`
            || (matches!(a, '～' | '〜' | '–' | '-') && numeric(b))
            // a length or a move number is one word: `5手詰`, `5手詰め`, `30手目`
            || (a == '手' && matches!(b, '詰' | '目') && i >= 2 && numeric(c(i - 2)))
            || (a == '詰' && b == 'め' && i >= 3 && c(i - 2) == '手' && numeric(c(i - 3)))
            // a name and the reference written onto it: `桂（８一・２一）`, `相手の桂（２三）`;
            // not the last character of a word that runs on from kana before it
            // (`逃げ道（２一・３二）`): holding it back would split the word (`逃げ｜道（…`)
            // rather than the bracket. A particle before it ends the word before, not this one.
            || (wordlike(a)
                && reference_opens[i]
                && !(i >= 2 && hiragana(c(i - 2)) && !particle(c(i - 2))))
            // a spaced dash ends its line
            || (a == ' ' && matches!(b, '—' | '–'))
            // inseparable leaders
            || (matches!(a, '…' | '‥') && a == b);
        if forbid {
            breaks[i] = None;
        }
    }
    // Inside a katakana word, breaks are the last resort.
    for (i, b) in breaks.iter_mut().enumerate().skip(1) {
        if katakana(c(i - 1)) && katakana(c(i)) && b.is_some() {
            *b = Some(Break::InGroup);
        }
    }
    // Inside a reference, breaks are the last resort.
    for (open, close) in groups {
        for b in breaks.iter_mut().take(close + 1).skip(open + 1) {
            if b.is_some() {
                *b = Some(Break::InGroup);
            }
        }
    }
    breaks
        .into_iter()
        .enumerate()
        .filter_map(|(i, b)| b.map(|b| (i, b)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn allowed(text: &str) -> Vec<String> {
        let chars: Vec<char> = text.chars().collect();
        let mut out = Vec::new();
        let mut start = 0;
        for (i, b) in opportunities(text) {
            if b == Break::Allowed {
                out.push(chars[start..i].iter().collect());
                start = i;
            }
        }
        out.push(chars[start..].iter().collect());
        out
    }

    #[test]
    fn squares_counts_and_moves_stay_whole() {
        assert_eq!(
            allowed("桂（８一・２一）  香"),
            ["桂（８一・２一）  ", "香"]
        );
        assert_eq!(allowed("歩九枚"), ["歩九枚"]);
        assert_eq!(
            allowed("rook 8b; lances 9a, 1a"),
            ["rook ", "8b; ", "lances ", "9a, ", "1a"]
        );
        assert_eq!(allowed("rook, 9 pawns"), ["rook, ", "9 pawns"]);
        assert_eq!(
            allowed("▲5二金まで1手詰。"),
            ["▲5二金", "ま", "で", "1手詰。"]
        );
        assert_eq!(allowed("△同　歩から"), ["△同　歩", "か", "ら"]);
        assert_eq!(allowed("ちょっと"), ["ちょっ", "と"]);
        assert_eq!(allowed("段級差 6～7"), ["段", "級", "差 ", "6～7"]);
        assert_eq!(allowed("まで13手詰め"), ["ま", "で", "13手詰め"]);
        assert_eq!(allowed("50手目の局面"), ["50手目", "の", "局", "面"]);
        assert_eq!(allowed("手詰まり"), ["手", "詰", "ま", "り"]);
        assert_eq!(allowed("handicaps — the"), ["handicaps — ", "the"]);
    }

    #[test]
    fn a_katakana_word_breaks_inside_only_as_a_last_resort() {
        assert_eq!(allowed("まずポイント。"), ["ま", "ず", "ポイント。"]);
        assert_eq!(allowed("レッツ・プレイ"), ["レッツ・", "プレイ"]);
        assert_eq!(allowed("スタンダードな"), ["スタンダード", "な"]);
        let inside: Vec<Break> = opportunities("ヨコフドリ")
            .into_iter()
            .map(|(_, b)| b)
            .collect();
        assert_eq!(inside, [Break::InGroup; 4]);
    }

    /// Whether a line may end right before the first `at` in `text` (an ordinary break).
    fn breaks_before(text: &str, at: &str) -> bool {
        let i = text[..text.find(at).expect("in the text")].chars().count();
        opportunities(text).contains(&(i, Break::Allowed))
    }

    #[test]
    fn prose_breaks_before_its_brackets_and_inside_them() {
        // The rules cards' sentences: the kana before the bracket ends its line, not the next.
        for text in [
            "手番に空いているマスへ1枚打てる（成っていない面で。成れるのは次に動かすとき）。",
            "打ち歩詰め：歩を打って詰ませる（盤上の歩を進めて詰ますのはよい）。",
            "駒を裏返して成れる（成らなくてもよく、強制はない）。",
            "獅は1手で玉の動きを2回できる（図の黄色：2マス以内のどこへでも跳べる）。",
            "それが守られていれば取れない（1歩目で歩・仲以外の駒を取ったときは別）。",
            "取った駒は盤から除き、二度と使わない（持ち駒はない）。",
        ] {
            assert!(breaks_before(text, "（"), "{text}");
            // Brackets of words break like prose, kinsoku permitting.
            let inside = &text[text.find('（').unwrap()..];
            // (A katakana word inside them, `マス`, is kept whole as anywhere.)
            let chars: Vec<char> = inside.chars().collect();
            let kinds: Vec<Break> = opportunities(inside)
                .into_iter()
                .filter(|&(i, _)| !(katakana(chars[i - 1]) && katakana(chars[i])))
                .map(|(_, b)| b)
                .collect();
            assert!(kinds.iter().all(|&b| b == Break::Allowed), "{text}");
            assert!(kinds.len() > 3, "{text}");
        }
        assert!(breaks_before("ほかの駒は1点（成っても同じ）", "（"));
        // A number stays with its unit, not with the particle before it.
        assert!(breaks_before("ただし連続王手の千日手は", "千"));
        assert!(breaks_before("空いているマスへ1枚打てる", "1"));
        assert!(!breaks_before("空いているマスへ1枚打てる", "枚"));
        assert!(breaks_before("[1] see 「頭金」の形", "「"));
    }

    #[test]
    fn a_reference_stays_with_its_name_even_inside_prose_brackets() {
        assert!(!breaks_before("桂（８一・２一）", "（"));
        assert!(!breaks_before("香（９一・１一）、桂（８一・２一）", "（８"));
        // Not with the last character of a longer word: 逃げ道 stays whole, and the line may
        // break before the bracket instead.
        assert!(breaks_before("玉の逃げ道（２一・３二）を塞ぐ", "（"));
        // After a particle the name is a word of its own, kept with its reference as ever.
        assert!(!breaks_before("跳ねてくる相手の桂（２三）に注意", "（"));
        assert!(breaks_before("跳ねてくる相手の桂（２三）に注意", "桂"));
        assert!(!breaks_before("玉を桂（１三）で詰ます", "（"));
        assert!(!breaks_before("knight(8a)", "("));
        let text = "駒を落とす（桂（８一・２一）を除く）";
        assert!(breaks_before(text, "（"));
        assert!(!breaks_before(text, "（８"));
        let at = text.chars().position(|c| c == '・').unwrap();
        assert!(opportunities(text).contains(&(at + 1, Break::InGroup)));
    }
}
