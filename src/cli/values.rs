//! Value parsers for the options that take a name or a size (`--paper`, `--style`, `--face`,
//! `--layout`). clap's refusal already quotes the value and names the option
//! (`invalid value 'a3' for '--paper <PAPER>': …`), so the parser's message starts at what was
//! expected; every command that takes `--paper` refuses a bad one in the same words.

use shogiprint::paper::{Paper, PAPER_HELP};
use std::str::FromStr;

/// What every `--paper` option says in `--help`.
pub const PAPER_ARG_HELP: &str =
    "a4, a5, b5, letter, or a size such as 297x420mm (landscape if wider than tall)";

/// `--paper`: a named size or `WxHmm`.
pub fn paper(text: &str) -> Result<Paper, String> {
    Paper::parse(text).ok_or_else(|| format!("expected {PAPER_HELP}"))
}

/// A name the library parses, its message without the value quoted again in front.
pub fn named<T: FromStr<Err = String>>(text: &str) -> Result<T, String> {
    text.parse().map_err(|e: String| {
        e.strip_prefix(&format!("'{text}': "))
            .map(str::to_string)
            .unwrap_or(e)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_does_not_quote_the_value_clap_quotes() {
        assert_eq!(paper("a3").unwrap_err(), format!("expected {PAPER_HELP}"));
        let e = named::<Paper>("b9").unwrap_err();
        assert!(e.starts_with("expected a4"), "{e}");
        assert_eq!(paper("Letter").unwrap(), Paper::LETTER);
    }
}
