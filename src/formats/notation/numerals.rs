//! Numbers the way Japanese notation and diagrams write them: full-width digits for files, kanji
//! for ranks and for counts in hand.

const KANJI: [char; 10] = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// 1 → 一, 10 → 十, 12 → 十二, 18 → 十八, 20 → 二十.
pub fn kanji(n: u32) -> String {
    if n < 10 {
        return KANJI[n as usize].to_string();
    }
    if n < 100 {
        let (tens, ones) = (n / 10, n % 10);
        let mut s = String::new();
        if tens > 1 {
            s.push(KANJI[tens as usize]);
        }
        s.push('十');
        if ones > 0 {
            s.push(KANJI[ones as usize]);
        }
        return s;
    }
    n.to_string()
}

/// 一 → 1 … 九 → 9: the rank numerals of a square.
pub fn kanji_digit(c: char) -> Option<u8> {
    KANJI[1..].iter().position(|k| *k == c).map(|i| i as u8 + 1)
}

/// A count as Japanese text writes it: digits of either width (`13`, `１３`) or kanji numerals
/// up to 99 (`三`, `十`, `十三`, `二十一`). `None` for anything else, or past `u32`.
pub fn count(text: &str) -> Option<u32> {
    let digit = |c: char| match c {
        '0'..='9' => c.to_digit(10),
        '０'..='９' => Some(c as u32 - '０' as u32),
        _ => None,
    };
    if !text.is_empty() && text.chars().all(|c| digit(c).is_some()) {
        return text
            .chars()
            .try_fold(0u32, |n, c| n.checked_mul(10)?.checked_add(digit(c)?));
    }
    let kanji = |c: char| KANJI.iter().position(|k| *k == c).map(|i| i as u32);
    let chars: Vec<char> = text.chars().collect();
    match chars.as_slice() {
        ['十'] => Some(10),
        [d] => kanji(*d),
        ['十', e] => Some(10 + kanji(*e).filter(|e| *e > 0)?),
        [d, '十'] => Some(10 * kanji(*d).filter(|d| *d > 1)?),
        [d, '十', e] => Some(10 * kanji(*d).filter(|d| *d > 1)? + kanji(*e).filter(|e| *e > 0)?),
        _ => None,
    }
}

/// 7 → ７, 10 → １０.
pub fn full_width(n: u32) -> String {
    n.to_string()
        .chars()
        .map(|c| char::from_u32(c as u32 - '0' as u32 + '０' as u32).unwrap_or(c))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kanji_numerals() {
        let got: Vec<String> = [1, 2, 9, 10, 11, 18, 20, 23]
            .into_iter()
            .map(kanji)
            .collect();
        assert_eq!(
            got,
            ["一", "二", "九", "十", "十一", "十八", "二十", "二十三"]
        );
    }

    #[test]
    fn counts_read_back_as_written() {
        for n in 1..=99 {
            assert_eq!(count(&kanji(n)), Some(n), "{}", kanji(n));
            assert_eq!(count(&full_width(n)), Some(n));
            assert_eq!(count(&n.to_string()), Some(n));
        }
        assert_eq!(count("〇"), Some(0));
        for bad in [
            "",
            "一十",
            "十〇",
            "三四",
            "十十",
            "歩",
            "1二",
            "99999999999",
        ] {
            assert_eq!(count(bad), None, "{bad}");
        }
    }

    #[test]
    fn full_width_digits() {
        assert_eq!(full_width(9), "９");
        assert_eq!(full_width(12), "１２");
    }
}
