//! SFEN: `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1`.
//!
//! Input is lenient where SFEN writers differ (hand pieces in any order and repeated, counts
//! of two digits, the move number missing); output is canonical (hands in catalog order, which
//! for shogi is `RBGSNLP` then `rbgsnlp`).
//!
//! Boards larger than 9×9 (chu shogi's 12×12) follow lishogi: runs of empty squares may take two
//! digits (`12`), and the third field is not the hands (such variants have no drops) but the
//! counter-strike square (`5e`, see [`Setup::lion_capture`]) or `-`.

use super::parse_error::{quoted, shown, ParseError};
use crate::rules::square::{BoardSize, MAX_FILES, MAX_RANKS};
use crate::rules::{validate, Color, Piece, PieceCatalog, Position, Setup, Square, Variant};
use std::sync::Arc;

/// A whitespace-separated field of a text.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Field<'a> {
    /// 1-based character column where the field starts.
    pub column: usize,
    /// Byte offsets of the field in the text.
    pub start: usize,
    pub end: usize,
    pub text: &'a str,
}

/// Splits text into whitespace-separated fields with their positions.
pub(crate) fn fields(text: &str) -> Vec<Field<'_>> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut push = |column, start, end| {
        out.push(Field {
            column,
            start,
            end,
            text: &text[start..end],
        })
    };
    for (col, (byte, c)) in text.char_indices().enumerate() {
        match (c.is_whitespace(), start) {
            (true, Some((scol, sbyte))) => {
                push(scol, sbyte, byte);
                start = None;
            }
            (false, None) => start = Some((col + 1, byte)),
            _ => {}
        }
    }
    if let Some((scol, sbyte)) = start {
        push(scol, sbyte, text.len());
    }
    out
}

/// Parses an SFEN string into a setup. Piece letters must be in the catalog; whether they belong
/// to the variant is for validation to say.
pub fn parse(text: &str, catalog: &PieceCatalog) -> Result<Setup, ParseError> {
    let f: Vec<(usize, &str)> = fields(text).iter().map(|x| (x.column, x.text)).collect();
    if f.is_empty() {
        return Err(ParseError::new(
            1,
            "empty SFEN: expected a board such as lnsgkgsnl/1r5b1/...",
        ));
    }
    if f.len() > 4 {
        return Err(ParseError::new(
            f[4].0,
            format!(
                "unexpected '{}': an SFEN has at most four fields (board, side, hands, move number)",
                shown(f[4].1)
            ),
        ));
    }
    let (size, board) = parse_board(f[0].1, f[0].0, catalog)?;
    let mut setup = Setup::empty(size);
    setup.board = board;
    let Some(&(col, side)) = f.get(1) else {
        return Err(ParseError::new(
            text.chars().count() + 1,
            "missing side to move: expected 'b' or 'w' after the board",
        ));
    };
    setup.turn = match side {
        "b" => Color::Black,
        "w" => Color::White,
        other => {
            return Err(ParseError::new(
                col,
                format!("side to move '{other}': expected 'b' or 'w'"),
            ))
        }
    };
    if let Some(&(col, hands)) = f.get(2) {
        if size.is_large() {
            setup.lion_capture = parse_counter_strike(hands, col, size)?;
        } else {
            parse_hands(hands, col, catalog, &mut setup)?;
        }
    }
    if let Some(&(col, number)) = f.get(3) {
        setup.move_number = match number.parse::<u32>() {
            Ok(n) if n >= 1 => n,
            _ => {
                return Err(ParseError::new(
                    col,
                    format!("move number '{number}': expected a whole number from 1"),
                ))
            }
        };
    }
    Ok(setup)
}

fn parse_board(
    text: &str,
    start: usize,
    catalog: &PieceCatalog,
) -> Result<(BoardSize, Vec<Option<Piece>>), ParseError> {
    let mut rows: Vec<Vec<Option<Piece>>> = vec![Vec::new()];
    let mut row_cols: Vec<usize> = vec![start];
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let col = start + i;
        let c = chars[i];
        match c {
            '/' => {
                rows.push(Vec::new());
                row_cols.push(col + 1);
            }
            '1'..='9' => {
                // A run of empty squares: one digit, or two on boards wider than 9 (`12`).
                let mut n = c as usize - '0' as usize;
                if let Some(d) = chars.get(i + 1).and_then(|d| d.to_digit(10)) {
                    // Two digits only where they make a run a board can have (`12`, not `91`).
                    if n * 10 + (d as usize) <= MAX_FILES as usize {
                        n = n * 10 + d as usize;
                        i += 1;
                    }
                }
                if n > MAX_FILES as usize {
                    return Err(ParseError::new(
                        col,
                        format!("{n} empty squares: a rank has at most {MAX_FILES}"),
                    ));
                }
                let row = rows.last_mut().expect("rows is never empty");
                row.extend(std::iter::repeat_n(None, n));
            }
            '+' => {
                let Some(&l) = chars.get(i + 1).filter(|l| l.is_ascii_alphabetic()) else {
                    return Err(ParseError::new(
                        col,
                        "'+' must be followed by a piece letter",
                    ));
                };
                let Some(kind) = catalog.by_letter(l, true) else {
                    return Err(ParseError::new(
                        col,
                        format!(
                            "'+{l}' is not a promoted piece: '{}' does not promote",
                            l.to_ascii_uppercase()
                        ),
                    ));
                };
                let color = color_of(l);
                rows.last_mut()
                    .expect("rows is never empty")
                    .push(Some(Piece { kind, color }));
                i += 1;
            }
            c if c.is_ascii_alphabetic() => {
                let Some(kind) = catalog.by_letter(c, false) else {
                    return Err(ParseError::new(col, format!("unknown piece letter '{c}'")));
                };
                let color = color_of(c);
                rows.last_mut()
                    .expect("rows is never empty")
                    .push(Some(Piece { kind, color }));
            }
            other => {
                return Err(ParseError::new(
                    col,
                    format!(
                        "unexpected {} in the board: expected a piece letter, '+', a digit or '/'",
                        quoted(other)
                    ),
                ))
            }
        }
        if rows.last().is_some_and(|r| r.len() > MAX_FILES as usize) {
            return Err(ParseError::new(
                col,
                format!("rank {} is wider than {MAX_FILES} squares", rows.len()),
            ));
        }
        i += 1;
    }
    if rows.len() > MAX_RANKS as usize {
        return Err(ParseError::new(
            row_cols[MAX_RANKS as usize],
            format!("more than {MAX_RANKS} ranks"),
        ));
    }
    let files = rows[0].len();
    if files == 0 {
        return Err(ParseError::new(
            row_cols[0],
            "empty rank: expected pieces or a digit",
        ));
    }
    for (r, row) in rows.iter().enumerate() {
        if row.len() != files {
            return Err(ParseError::new(
                row_cols[r],
                format!(
                    "rank {} has {} squares but rank 1 has {files}: every rank must be as wide",
                    r + 1,
                    row.len()
                ),
            ));
        }
    }
    let size = BoardSize {
        files: files as u8,
        ranks: rows.len() as u8,
    };
    Ok((size, rows.into_iter().flatten().collect()))
}

/// The third field of a large board's SFEN: `-` or the counter-strike square (`5e`).
fn parse_counter_strike(
    text: &str,
    start: usize,
    size: BoardSize,
) -> Result<Option<Square>, ParseError> {
    if text == "-" {
        return Ok(None);
    }
    super::notation::usi::parse_square(size, text)
        .map(Some)
        .ok_or_else(|| {
            ParseError::new(
                start,
                format!(
                    "'{text}': on a {}×{} board the third field is the counter-strike square (such as 5e) or '-'",
                    size.files, size.ranks
                ),
            )
        })
}

fn parse_hands(
    text: &str,
    start: usize,
    catalog: &PieceCatalog,
    setup: &mut Setup,
) -> Result<(), ParseError> {
    if text == "-" {
        return Ok(());
    }
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let col = start + i;
        let mut count: u32 = 0;
        let digits_start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            count = count
                .saturating_mul(10)
                .saturating_add(chars[i] as u32 - '0' as u32);
            i += 1;
        }
        if i > digits_start && (count == 0 || i - digits_start > 3) {
            return Err(ParseError::new(
                col,
                "a hand count must be a number from 1 to 999",
            ));
        }
        let count = if i > digits_start { count } else { 1 };
        let promoted = chars.get(i) == Some(&'+');
        if promoted {
            i += 1;
        }
        let Some(&c) = chars.get(i) else {
            return Err(ParseError::new(
                start + i,
                "expected a piece letter after the count",
            ));
        };
        if !c.is_ascii_alphabetic() {
            return Err(ParseError::new(
                start + i,
                format!(
                    "unexpected {} in the hands: expected a piece letter, a count or '-'",
                    quoted(c)
                ),
            ));
        }
        let Some(kind) = catalog.by_letter(c, promoted) else {
            return Err(ParseError::new(
                start + i,
                format!("unknown piece letter '{c}' in the hands"),
            ));
        };
        let color = color_of(c);
        let slot = setup.hands[color.index()].entry(kind).or_insert(0);
        *slot = slot.saturating_add(count);
        // A kind may be listed more than once (its counts add up), but the total must still
        // be one SFEN can write.
        if *slot > 999 {
            return Err(ParseError::new(
                col,
                format!("a hand count must be a number from 1 to 999: '{c}' adds up to {slot}"),
            ));
        }
        i += 1;
    }
    Ok(())
}

/// Writes a setup as canonical SFEN.
pub fn write(setup: &Setup, catalog: &PieceCatalog) -> String {
    let size = setup.size;
    let mut board = String::new();
    for row in 0..size.ranks {
        if row > 0 {
            board.push('/');
        }
        let mut empty = 0;
        for col in 0..size.files {
            let sq = Square::new(row * size.files + col);
            match setup.piece_at(sq) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        board.push_str(&empty.to_string());
                        empty = 0;
                    }
                    board.push_str(&catalog.get(p.kind).sfen_for(p.color));
                }
            }
        }
        if empty > 0 {
            board.push_str(&empty.to_string());
        }
    }
    let mut hands = String::new();
    if size.is_large() {
        if let Some(sq) = setup.lion_capture {
            hands.push_str(&size.usi(sq).to_string());
        }
    }
    // A large board's third field is the counter-strike square: no hands are written there.
    for color in Color::ALL.into_iter().filter(|_| !size.is_large()) {
        for (kind, n) in setup.hand(color) {
            if *n == 0 {
                continue;
            }
            if *n > 1 {
                hands.push_str(&n.to_string());
            }
            hands.push_str(&catalog.get(*kind).sfen_for(color));
        }
    }
    if hands.is_empty() {
        hands.push('-');
    }
    format!(
        "{board} {} {hands} {}",
        setup.turn.sfen_char(),
        setup.move_number
    )
}

/// Parses and validates an SFEN string as a position of `variant`.
pub fn position(
    text: &str,
    variant: &Arc<Variant>,
    options: validate::Options,
) -> Result<Position, crate::Error> {
    let setup = parse(text, &variant.catalog)?;
    Ok(validate::validate(variant, setup, options)?)
}

impl Position {
    /// The position as canonical SFEN.
    pub fn to_sfen(&self) -> String {
        write(&self.to_setup(), &self.variant().catalog)
    }
}
/// Whose piece an SFEN letter is: upper case Black's (sente), lower case White's.
fn color_of(letter: char) -> Color {
    if letter.is_ascii_uppercase() {
        Color::Black
    } else {
        Color::White
    }
}
