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
    fn full_width_digits() {
        assert_eq!(full_width(9), "９");
        assert_eq!(full_width(12), "１２");
    }
}
