//! Errors in position text (SFEN, USI), located by character.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based character position in the text that was parsed.
    pub column: usize,
    /// What was expected and what was found.
    pub message: String,
}

impl ParseError {
    pub fn new(column: usize, message: impl Into<String>) -> ParseError {
        ParseError {
            column,
            message: message.into(),
        }
    }

    /// The same error, for text that started at `offset` characters into a longer text.
    pub fn shifted(mut self, offset: usize) -> ParseError {
        self.column += offset;
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at character {}: {}", self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Text quoted in a message as a reader can see it: a control or invisible character (the NUL
/// of a binary file, a zero-width space pasted in with a move) written as `<U+200B>`, and a
/// long text cut to its first [`SHOWN_CHARS`] characters and `…`.
pub fn shown(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == SHOWN_CHARS {
            out.push('…');
            break;
        }
        match invisible(c) {
            true => out.push_str(&format!("<U+{:04X}>", c as u32)),
            false => out.push(c),
        }
    }
    out
}

/// One character quoted in a message: `'x'`, or `<U+200B>` for one that cannot be seen.
pub fn quoted(c: char) -> String {
    match invisible(c) {
        true => format!("<U+{:04X}>", c as u32),
        false => format!("'{c}'"),
    }
}

/// The most characters of a text [`shown`] quotes.
pub const SHOWN_CHARS: usize = 80;

/// Control characters, and the format characters that take no room: zero-width spaces and
/// joiners, direction marks and overrides, the soft hyphen, the byte order mark.
fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{00AD}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}
