//! Text files that should be UTF-8 (positions, YAML): the text, or where it stops being UTF-8
//! and what the file reads as instead where that is plain. Windows editors save Japanese text as
//! Shift_JIS, or as UTF-16 ("Unicode"). Game records, which may be Shift_JIS, decode through
//! [`super::record::decode`] instead.

use std::fmt;

/// Bytes that are not UTF-8 text: where the first byte that is not stands, and what to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotUtf8 {
    /// 1-based line of the first byte that is not UTF-8.
    pub line: usize,
    /// 1-based character column on that line; `None` where the whole file is another encoding.
    pub column: Option<usize>,
    pub message: String,
}

impl NotUtf8 {
    /// `:LINE:COLUMN` (or `:LINE`), to follow a file's name.
    pub fn location(&self) -> String {
        match self.column {
            Some(column) => format!(":{}:{column}", self.line),
            None => format!(":{}", self.line),
        }
    }
}

impl fmt::Display for NotUtf8 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The UTF-8 text of `bytes`, without a leading byte order mark (editors on Windows like to
/// start files with one).
pub fn utf8(bytes: Vec<u8>) -> Result<String, NotUtf8> {
    let text = String::from_utf8(bytes).map_err(|e| not_utf8(e.as_bytes()))?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

fn not_utf8(bytes: &[u8]) -> NotUtf8 {
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return NotUtf8 {
            line: 1,
            column: None,
            message: "UTF-16 text: save the file as UTF-8".into(),
        };
    }
    let at = std::str::from_utf8(bytes)
        .err()
        .map_or(bytes.len(), |e| e.valid_up_to());
    let before = String::from_utf8_lossy(&bytes[..at]);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    let sjis = encoding_rs::SHIFT_JIS
        .decode_without_bom_handling_and_without_replacement(bytes)
        .is_some();
    let hint = match sjis {
        true => "; it reads as Shift_JIS: save the file as UTF-8",
        false => "",
    };
    NotUtf8 {
        line,
        column: Some(column),
        message: format!(
            "not UTF-8 text (byte 0x{:02X}){hint}",
            bytes.get(at).copied().unwrap_or(0)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_text_loses_its_byte_order_mark() {
        assert_eq!(
            utf8(b"\xEF\xBB\xBFstartpos\n".to_vec()).unwrap(),
            "startpos\n"
        );
    }

    #[test]
    fn shift_jis_is_located_and_named() {
        // "# 詰将棋" in Shift_JIS on the second line, after two characters.
        let mut bytes = b"startpos\n# ".to_vec();
        bytes.extend([0x8B, 0x6C, 0x8F, 0xAB, 0x8A, 0xFB]);
        let e = utf8(bytes).unwrap_err();
        assert_eq!((e.line, e.column), (2, Some(3)));
        assert_eq!(e.location(), ":2:3");
        assert!(e.message.contains("byte 0x8B"), "{e}");
        assert!(e.message.contains("reads as Shift_JIS"), "{e}");
    }

    #[test]
    fn utf16_is_named_as_such() {
        let e = utf8(vec![0xFF, 0xFE, b's', 0]).unwrap_err();
        assert_eq!(e.location(), ":1");
        assert!(e.message.starts_with("UTF-16 text"), "{e}");
    }

    #[test]
    fn other_bytes_are_located_without_a_hint() {
        let e = utf8(b"ab\xFF\xFF".to_vec()).unwrap_err();
        assert_eq!(e.location(), ":1:3");
        assert_eq!(e.message, "not UTF-8 text (byte 0xFF)");
    }
}
