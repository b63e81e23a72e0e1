//! Every size a user can ask for, bounded in one place, and the cheap checks that enforce the
//! bounds before anything large is allocated or parsed. Past a bound the answer is a plain error
//! naming the limit (exit 2 from the CLI), never a panic, an abort or a long wait.
//!
//! Bounds that are option ranges (paper, margins, square sizes, kit scale) live beside their
//! options; this module holds the ones that guard memory and time.

use std::fmt;
use std::io::Read;

/// The largest YAML file or position text read, from a file or standard input: 16 MiB, some
/// thousand times the largest real booklet.
pub const MAX_INPUT_BYTES: usize = 16 * 1024 * 1024;

/// The deepest nesting of YAML flow collections (`[` and `{`) accepted. The project's files
/// nest a few levels; the YAML parser's time grows with the square of the nesting, so a deep
/// file is refused by [`check_yaml_text`] before the parser sees it.
pub const MAX_YAML_DEPTH: usize = 64;

/// The narrowest PNG (`--px`): below this a diagram is unreadable.
pub const MIN_PNG_SIDE: u32 = 16;

/// The widest or tallest PNG, in pixels.
pub const MAX_PNG_SIDE: u32 = 16_384;

/// The most pixels in one PNG: 100 megapixels, 400 MB of pixmap.
pub const MAX_PNG_PIXELS: u64 = 100_000_000;

/// The most entries in one booklet: all are read and validated before the first page is
/// written, so memory grows with the count.
pub const MAX_BOOKLET_ENTRIES: usize = 100_000;

/// The most moves one game record holds, main line and variations together: every move is
/// replayed and kept (with its comments, time and repetition entry) while the record is read.
/// The longest games and the longest tsume (ミクロコスモス, 1 525 moves) are well under it.
pub const MAX_RECORD_MOVES: usize = 10_000;

/// The longest text drawn (a title, a caption, a comment), in characters: each character
/// becomes outlines in memory, hundreds of bytes of them.
pub const MAX_TEXT_CHARS: usize = 10_000;

/// The most highlights one diagram takes: one a square of the largest board (16 × 16). Each
/// is drawn, so a longer list only makes a larger file (5.5 M of them made a 423 MB SVG).
pub const MAX_HIGHLIGHTS: usize = 256;

/// The most marks (circles, crosses, labels) one diagram takes: one a square of the largest
/// board, as for highlights.
pub const MAX_MARKS: usize = 256;

/// The most arrows one diagram takes: more than the most legal moves of any shogi position
/// (593), so even "every move from here" can be drawn.
pub const MAX_ARROWS: usize = 600;

/// A bound that an input or an option went past.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LimitError {
    /// 1-based line and column in the text, for a bound on text.
    pub location: Option<(usize, usize)>,
    pub message: String,
}

impl LimitError {
    fn new(message: String) -> LimitError {
        LimitError {
            location: None,
            message,
        }
    }
}

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for LimitError {}

/// Refuses a text (or the bytes of one) longer than [`MAX_INPUT_BYTES`].
pub fn check_input_size(len: usize) -> Result<(), LimitError> {
    if len > MAX_INPUT_BYTES {
        return Err(LimitError::new(format!(
            "input of {len} bytes is over the {} MiB limit",
            MAX_INPUT_BYTES / (1024 * 1024)
        )));
    }
    Ok(())
}

/// Reads all of `reader`, but no more than [`MAX_INPUT_BYTES`]: a larger input is refused
/// after reading one byte past the bound, not after filling memory with it.
pub fn read_bounded(reader: impl Read) -> std::io::Result<Result<Vec<u8>, LimitError>> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_INPUT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)?;
    // Reading stopped one byte past the bound: how much more there was is not known.
    if bytes.len() > MAX_INPUT_BYTES {
        return Ok(Err(LimitError::new(format!(
            "input larger than the {} MiB limit",
            MAX_INPUT_BYTES / (1024 * 1024)
        ))));
    }
    Ok(Ok(bytes))
}

/// Checks YAML text before parsing: its size ([`check_input_size`]) and the nesting of its flow
/// collections ([`MAX_YAML_DEPTH`]), by one pass over the characters. The scan follows quoted
/// scalars, comments and block scalars so that brackets inside text are not counted; where it
/// is unsure it counts, so it never lets deep nesting through.
pub fn check_yaml_text(text: &str) -> Result<(), LimitError> {
    check_input_size(text.len())?;
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    // The indentation of the line that opened a block scalar (`key: |`): lines indented
    // further (or blank) are its text.
    let mut block_scalar: Option<usize> = None;
    for (line_index, line) in text.split('\n').enumerate() {
        let indent = line.len() - line.trim_start_matches(' ').len();
        if let Some(parent) = block_scalar {
            if quote.is_none() && (line.trim().is_empty() || indent > parent) {
                continue;
            }
            block_scalar = None;
        }
        // The last character that was not a space on this line (outside quotes).
        let mut previous: Option<char> = None;
        let mut after_space = true;
        let mut escaped = false;
        for (column, c) in line.chars().enumerate() {
            if let Some(q) = quote {
                if escaped {
                    escaped = false;
                } else if q == '"' && c == '\\' {
                    escaped = true;
                } else if c == q {
                    // A doubled '' inside single quotes reopens at once on the next character.
                    quote = None;
                    previous = Some(c);
                }
                after_space = false;
                continue;
            }
            // Where a new node may start: a flow collection, a quoted scalar.
            let node_start = match previous {
                None => true,
                Some('[' | '{' | ',') => true,
                Some(':') => depth > 0 || after_space,
                Some('-' | '?') => after_space,
                _ => false,
            };
            match c {
                ' ' | '\t' | '\r' => {
                    after_space = true;
                    continue;
                }
                '#' if after_space => break,
                '[' | '{' if node_start || depth > 0 => {
                    depth += 1;
                    if depth > MAX_YAML_DEPTH {
                        return Err(LimitError {
                            location: Some((line_index + 1, column + 1)),
                            message: format!("YAML nested more than {MAX_YAML_DEPTH} levels deep"),
                        });
                    }
                }
                // Inside a plain scalar (`title: a[b`): text, and so is what follows it.
                '[' | '{' => {
                    previous = Some('a');
                    after_space = false;
                    continue;
                }
                ']' | '}' => depth = depth.saturating_sub(1),
                '\'' | '"' if node_start => quote = Some(c),
                _ => {}
            }
            previous = Some(c);
            after_space = false;
        }
        if quote.is_none() && depth == 0 {
            let rest = line.split(" #").next().unwrap_or(line).trim_end();
            if is_block_scalar_header(rest) {
                block_scalar = Some(indent);
            }
        }
    }
    Ok(())
}

/// Whether a line ends with a block scalar indicator (`|`, `>`, with chomping and indentation
/// indicators such as `|-` or `>2`) after `: `, `- ` or on its own.
fn is_block_scalar_header(line: &str) -> bool {
    let Some(start) = line.rfind(['|', '>']) else {
        return false;
    };
    let (head, indicator) = line.split_at(start);
    let indicator_ok = indicator[1..]
        .chars()
        .all(|c| matches!(c, '-' | '+' | '1'..='9'))
        && indicator.len() <= 3;
    let before = head.trim();
    indicator_ok
        && (before.is_empty()
            || head.ends_with(' ')
                && (before.ends_with(':') || before == "-" || before.ends_with(" -")))
}

/// Refuses a text to draw longer than [`MAX_TEXT_CHARS`].
pub fn check_text_length(text: &str) -> Result<(), LimitError> {
    let chars = text.chars().count();
    if chars > MAX_TEXT_CHARS {
        return Err(LimitError::new(format!(
            "{chars} characters: at most {MAX_TEXT_CHARS}"
        )));
    }
    Ok(())
}

/// Refuses a list of annotations (`highlights`, `arrows`, `marks`) longer than `max`: the
/// message for the first entry past the bound, said of the list.
pub fn check_entries(count: usize, max: usize) -> Result<(), LimitError> {
    if count > max {
        return Err(LimitError::new(too_many_entries(max)));
    }
    Ok(())
}

/// What [`check_entries`] says, for a reader that stops at the first entry past `max` (and so
/// does not know the count).
pub fn too_many_entries(max: usize) -> String {
    format!("more than {max} entries: at most {max}")
}

/// Refuses a booklet of more than [`MAX_BOOKLET_ENTRIES`] entries.
pub fn check_booklet_entries(count: usize) -> Result<(), LimitError> {
    if count > MAX_BOOKLET_ENTRIES {
        return Err(LimitError::new(format!(
            "{count} diagrams: a booklet holds at most {MAX_BOOKLET_ENTRIES}"
        )));
    }
    Ok(())
}

/// Checks a PNG's size before its pixmap is allocated: each side at least [`MIN_PNG_SIDE`]
/// wide and at most [`MAX_PNG_SIDE`], and at most [`MAX_PNG_PIXELS`] in all. The message gives
/// the widest PNG of these proportions that would be accepted.
pub fn check_png_size(width: u32, height: u32) -> Result<(), LimitError> {
    if width < MIN_PNG_SIDE {
        return Err(LimitError::new(format!(
            "a PNG {width} px wide is too narrow: at least {MIN_PNG_SIDE} px"
        )));
    }
    let pixels = width as u64 * height as u64;
    if width > MAX_PNG_SIDE || height > MAX_PNG_SIDE || pixels > MAX_PNG_PIXELS {
        let ratio = height.max(1) as f64 / width as f64;
        let by_side = MAX_PNG_SIDE as f64 / ratio.max(1.0);
        let by_area = (MAX_PNG_PIXELS as f64 / ratio).sqrt();
        let widest = by_side.min(by_area).floor() as u64;
        return Err(LimitError::new(format!(
            "a PNG of {width} x {height} px is too large: at most {MAX_PNG_SIDE} px a side and \
             {} megapixels, so at most {widest} px wide for this drawing",
            MAX_PNG_PIXELS / 1_000_000
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(n: usize) -> String {
        format!("a: {}{}", "[".repeat(n), "]".repeat(n))
    }

    #[test]
    fn flow_nesting_up_to_the_limit_passes() {
        assert!(check_yaml_text(&nested(MAX_YAML_DEPTH)).is_ok());
        let e = check_yaml_text(&nested(MAX_YAML_DEPTH + 1)).unwrap_err();
        assert_eq!(e.location, Some((1, MAX_YAML_DEPTH + 4)));
    }

    #[test]
    fn brackets_in_text_are_not_nesting() {
        let many = "[".repeat(200);
        for text in [
            format!("title: \"{many}\"\n"),
            format!("title: '{many}'\n"),
            format!("title: a{many}\n"),
            format!("# {many}\nx: 1\n"),
            format!("x: 1 # {many}\n"),
            format!("comment: |\n  {many}\n  {many}\nx: 1\n"),
            format!("- >-\n {many}\n"),
            format!("x: \"it's\\\" {many}\"\ny: [a]\n"),
        ] {
            assert!(check_yaml_text(&text).is_ok(), "{text}");
        }
    }

    #[test]
    fn nesting_after_text_is_still_counted() {
        let deep = "[".repeat(MAX_YAML_DEPTH + 1);
        for text in [
            format!("a: 'x'\nb: {deep}"),
            format!("a: |\n  text\nb: {deep}"),
            format!("a: it's\nb: {deep}"),
            format!("- {deep}"),
            format!("{{\"a\":{}", "{\"a\":".repeat(MAX_YAML_DEPTH)),
        ] {
            assert!(check_yaml_text(&text).is_err(), "{text}");
        }
    }

    #[test]
    fn png_sizes() {
        assert!(check_png_size(MIN_PNG_SIDE, MIN_PNG_SIDE).is_ok());
        assert!(check_png_size(MIN_PNG_SIDE - 1, 100).is_err());
        assert!(check_png_size(MAX_PNG_SIDE, 6000).is_ok());
        assert!(check_png_size(MAX_PNG_SIDE + 1, 100).is_err());
        assert!(check_png_size(100, MAX_PNG_SIDE + 1).is_err());
        assert!(check_png_size(10_000, 10_000).is_ok());
        let e = check_png_size(10_000, 10_001).unwrap_err();
        assert!(e.message.contains("at most 9999 px wide"), "{e}");
    }
}
