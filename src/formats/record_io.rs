//! Game record files by format: which format a file name or a text is, and reading or writing
//! a [`Record`] in any of them (KIF, KI2, CSA, BOD, USI, SFEN).

use super::record::{decode, Record, RecordError};
use crate::rules::{validate, Move, Position, Variant};
use std::path::Path;
use std::sync::Arc;

/// A game record format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFormat {
    Kif,
    Ki2,
    Csa,
    Bod,
    /// `position sfen … moves …` (or `startpos moves …`).
    Usi,
    /// The final position as one SFEN line (write only; reading gives a record without moves).
    Sfen,
}

impl RecordFormat {
    pub const NAMES: [&'static str; 6] = ["kif", "ki2", "csa", "usi", "sfen", "bod"];

    /// The format by name or file extension (`kif`, `kifu`, `ki2`, `ki2u`, `csa`, `usi`,
    /// `sfen`, `bod`).
    pub fn from_name(name: &str) -> Option<RecordFormat> {
        Some(match name.to_ascii_lowercase().as_str() {
            "kif" | "kifu" => RecordFormat::Kif,
            "ki2" | "ki2u" => RecordFormat::Ki2,
            "csa" => RecordFormat::Csa,
            "bod" => RecordFormat::Bod,
            "usi" => RecordFormat::Usi,
            "sfen" => RecordFormat::Sfen,
            _ => return None,
        })
    }

    /// The format a file name says, by extension.
    pub fn from_path(path: &Path) -> Option<RecordFormat> {
        RecordFormat::from_name(path.extension()?.to_str()?)
    }

    /// The format a text looks like, for standard input or a file without a telling extension:
    /// CSA by its statements (`PI`, `P1 * …`, `+`, `+7776FU`, `V2.2`, `N+`), KIF by `手数` or a
    /// numbered move (`1 ７六歩(77)`), KI2 by a move with its mark (`▲７六歩`, `△同　歩`) or
    /// a summary with no move before it (`まで0手で後手の勝ち`, as bioshogi writes a board and
    /// its result), BOD by its hands and frame; a KIF header (`手合割：平手`) alone reads as KIF, `moves` or
    /// `position` as USI, anything else as an SFEN.
    pub fn sniff(text: &str) -> RecordFormat {
        // KIF comments (`*`, `#`) and CSA comments (`'`) say nothing of the format.
        let lines = || {
            text.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with(['*', '#', '\'']))
        };
        if lines().any(is_csa_line) {
            RecordFormat::Csa
        } else if lines().any(|l| l.starts_with("手数") || is_kif_move_line(l)) {
            RecordFormat::Kif
        } else if lines().any(|l| l.starts_with(['▲', '△', '☗', '☖']) || l.starts_with("まで"))
        {
            RecordFormat::Ki2
        } else if lines().any(|l| {
            l.starts_with("後手の持駒") || l.starts_with("先手の持駒") || l.starts_with("+---")
        }) {
            RecordFormat::Bod
        } else if lines().any(|l| l.contains('：')) {
            RecordFormat::Kif
        } else if lines().any(|l| l.contains("moves") || l.starts_with("position")) {
            RecordFormat::Usi
        } else {
            RecordFormat::Sfen
        }
    }
}

/// A CSA statement that no other format has at the start of a line: a version, a player, a
/// `PI` or `P1`…`P9` board line, a side to move, or a move like `+7776FU`.
fn is_csa_line(l: &str) -> bool {
    let b = l.as_bytes();
    let board_row = b.len() >= 3
        && b[0] == b'P'
        && b[1].is_ascii_digit()
        && matches!(b[2], b' ' | b'+' | b'-')
        && !l.contains('/');
    let csa_move = b.len() >= 7
        && matches!(b[0], b'+' | b'-')
        && b[1..5].iter().all(u8::is_ascii_digit)
        && b[5..7].iter().all(u8::is_ascii_uppercase);
    l == "+"
        || l == "-"
        || l.starts_with("PI")
        || l.starts_with("V2")
        || l.starts_with("N+")
        || l.starts_with("N-")
        || board_row
        || csa_move
}

/// A KIF move line: its number, then the move or the end word (`1 ７六歩(77)`, `95 投了`).
fn is_kif_move_line(l: &str) -> bool {
    let rest = l.trim_start_matches(|c: char| c.is_ascii_digit());
    rest.len() < l.len()
        && rest.starts_with(char::is_whitespace)
        && !rest.trim_start().starts_with(|c: char| c.is_ascii())
}

/// Reads a record from a file's bytes in `format` (or the format its text looks like).
pub fn read(
    bytes: &[u8],
    format: Option<RecordFormat>,
    variant: &Arc<Variant>,
) -> Result<Record, RecordError> {
    let text = decode(bytes)?;
    if text.trim().is_empty() {
        return Err(RecordError::new(1, "", "empty record"));
    }
    let format = format.unwrap_or_else(|| RecordFormat::sniff(&text));
    match format {
        RecordFormat::Csa => super::csa::read_one(&text, variant),
        RecordFormat::Kif => super::kif::read(&text, variant),
        RecordFormat::Ki2 => super::ki2::read(&text, variant),
        RecordFormat::Bod => super::bod::read_record(&text, variant),
        RecordFormat::Usi | RecordFormat::Sfen => super::usi_record::read(&text, variant),
    }
}

/// Writes a record in `format`.
pub fn write(record: &Record, format: RecordFormat) -> String {
    match format {
        RecordFormat::Csa => super::csa::write(record),
        RecordFormat::Kif => super::kif::write(record),
        RecordFormat::Ki2 => super::ki2::write(record),
        RecordFormat::Bod => super::bod::write_record(record),
        RecordFormat::Usi => super::usi_record::write(record),
        RecordFormat::Sfen => format!("{}\n", written_position(record).0.to_sfen()),
    }
}

/// The one position SFEN and BOD write of a record, with the move that led to it (and the
/// position it was played in) when the record has it: the final position, except for a tsume
/// record — one whose start only the tsume rules admit, the attacker having no king — whose
/// start, the problem, is written. Its final position has the kingless attacker not to move,
/// which no reader takes (`missing-king`), and a problem is what a tsume's SFEN or board means.
pub fn written_position(record: &Record) -> (Position, Option<(Position, Move)>) {
    let v = record.variant();
    let strict = validate::validate(v, record.start.to_setup(), validate::Options::default());
    if strict.is_err() || record.moves.is_empty() {
        return (record.start.clone(), None);
    }
    let n = record.moves.len();
    let before = record.position_at(n - 1);
    let mut last = before.clone();
    let mv = record.moves[n - 1].mv;
    last.play_unchecked(mv);
    (last, Some((before, mv)))
}

/// The bytes that save `text`, written in `format`, under `path`: Shift_JIS (CP932) for a KIF
/// or KI2 file named `.kif` or `.ki2`, as Kakinoki's format page assigns `.kif` (UTF-8 is
/// `.kifu`) and readers that go by the extension (cshogi) decode it; UTF-8 anywhere else, and
/// where the text has a character Shift_JIS lacks (a KIF then keeps its `encoding=UTF-8` line).
pub fn encode(text: &str, format: RecordFormat, path: &Path) -> Vec<u8> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let sjis = matches!(
        (format, ext.as_deref()),
        (RecordFormat::Kif, Some("kif")) | (RecordFormat::Ki2, Some("ki2"))
    );
    if !sjis {
        return text.as_bytes().to_vec();
    }
    let text = match text.strip_prefix(super::kif::UTF8_LINE) {
        Some(rest) => format!("{}{rest}", super::kif::SJIS_LINE),
        None => text.to_string(),
    };
    let (bytes, _, unmappable) = encoding_rs::SHIFT_JIS.encode(&text);
    if unmappable {
        // encoding_rs would write `&#128512;` for the missing character: keep it whole instead.
        return text
            .replacen(super::kif::SJIS_LINE, super::kif::UTF8_LINE, 1)
            .into_bytes();
    }
    bytes.into_owned()
}

/// Reads the record in the regular file at `path` (no more than
/// [`super::limits::MAX_INPUT_BYTES`]), its format from the extension, else its text. The error
/// is one line naming the file:
/// `game.kif: No such file or directory`, `game.kif:41: ▲2四歩: nifu on file 2`.
pub fn read_file(path: &Path, variant: &Arc<Variant>) -> Result<Record, FileError> {
    let name = path.display().to_string();
    let plain = |message: String| FileError {
        message,
        invalid: None,
    };
    // Only a regular file: a device or a pipe named in a YAML file could block or never end.
    let meta = std::fs::metadata(path).map_err(|e| plain(format!("{name}: {e}")))?;
    if !meta.is_file() {
        return Err(plain(format!("{name}: not a regular file")));
    }
    let file = std::fs::File::open(path).map_err(|e| plain(format!("{name}: {e}")))?;
    let bytes = super::limits::read_bounded(file)
        .map_err(|e| plain(format!("{name}: {e}")))?
        .map_err(|e| plain(format!("{name}: {e}")))?;
    read(&bytes, RecordFormat::from_path(path), variant).map_err(|e| FileError {
        message: e.located(&name),
        invalid: e.invalid,
    })
}

/// Why [`read_file`] failed: the message, located in the file; and, when the record is well
/// formed but its start position breaks the rules, that position's problems (an invalid
/// position, not bad input).
#[derive(Debug)]
pub struct FileError {
    pub message: String,
    pub invalid: Option<Box<crate::rules::PositionError>>,
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}
