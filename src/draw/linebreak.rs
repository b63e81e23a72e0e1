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
//!   English `9 pawns` (a count and the word it counts), `6～7`;
//! - a move stays whole: `▲7六歩`, `△同　歩`, `▲5二金左上`;
//! - a bracketed group without spaces such as `（８一・２一）` breaks inside only when it does
//!   not fit on a line of its own ([`Break::InGroup`]), and stays with the word it is written
//!   onto (`桂（８一・２一）`); a parenthetical of words breaks at its spaces like prose;
//! - a spaced dash stays at the end of the line it follows (`handicaps —`).

use unicode_linebreak::{linebreaks, BreakOpportunity};

/// A place a line may break.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Break {
    /// An ordinary break opportunity.
    Allowed,
    /// Inside a bracketed group: taken only when the group cannot fit on one line.
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
            // a number with its unit and its digits
            || ((numeric(a) || numeric(b)) && wordlike(a) && wordlike(b))
            // a count with the word it counts: `9 pawns`
            || (a == ' '
                && b.is_alphabetic()
                && word_before.chars().any(|ch| ch.is_ascii_digit())
                && word_before.chars().all(|ch| ch.is_ascii_digit() || ch == '–'))
            // a range: `6～7`, `6–7`
            || (matches!(a, '～' | '〜' | '–' | '-') && numeric(b))
            // a name and the bracketed group written onto it: `桂（８一・２一）`
            || (wordlike(a) && closing(b).is_some())
            // a spaced dash ends its line
            || (a == ' ' && matches!(b, '—' | '–'))
            // inseparable leaders
            || (matches!(a, '…' | '‥') && a == b);
        if forbid {
            breaks[i] = None;
        }
    }
    // Inside a bracketed group (the outermost), breaks are the last resort.
    let mut i = 0;
    while i < n {
        if let Some(close) = closing(c(i)) {
            if let Some(len) = chars[i + 1..].iter().position(|&(_, ch)| ch == close) {
                let end = i + 1 + len;
                // A parenthetical of words (`(10 steps in …)`) breaks at its spaces as prose
                // does; a group without spaces (`（８一・２一）`, `(8a)`) is one item.
                if chars[i + 1..end].iter().any(|&(_, ch)| ch == ' ') {
                    i = end + 1;
                    continue;
                }
                for b in breaks.iter_mut().take(end + 1).skip(i + 1) {
                    if b.is_some() {
                        *b = Some(Break::InGroup);
                    }
                }
                i = end + 1;
                continue;
            }
        }
        i += 1;
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
            ["▲5二金", "ま", "で1手", "詰。"]
        );
        assert_eq!(allowed("△同　歩から"), ["△同　歩", "か", "ら"]);
        assert_eq!(allowed("ちょっと"), ["ちょっ", "と"]);
        assert_eq!(allowed("段級差 6～7"), ["段", "級", "差 ", "6～7"]);
        assert_eq!(allowed("handicaps — the"), ["handicaps — ", "the"]);
    }
}
