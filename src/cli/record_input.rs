//! Reading a game record named on the command line: the file's bytes (no more than the input
//! limit), its format from the extension (or its text), and errors as `FILE:LINE: move: why` —
//! exit 2, except a start position that breaks the rules, which is an invalid position (exit 1)
//! with one line per problem, as every other command reports one.

use super::Failure;
use shogiprint::formats::limits;
use shogiprint::formats::record::{Record, RecordError};
use shogiprint::formats::record_io::{self, RecordFormat};
use shogiprint::rules::Variant;
use std::path::Path;
use std::sync::Arc;

/// Why a record named on the command line was not read: the file (missing, a directory, too
/// large) or its text. `name` is the file's name, or `stdin`.
pub enum ReadError {
    File { name: String, message: String },
    Record { name: String, error: RecordError },
}

impl From<ReadError> for Failure {
    fn from(e: ReadError) -> Failure {
        match e {
            ReadError::File { name, message } => Failure::bad(name, message),
            ReadError::Record { name, error } => failure(&name, &error),
        }
    }
}

/// Reads the record in `path` (`-` is standard input).
pub fn read(path: &str, variant: &Arc<Variant>) -> Result<Record, Failure> {
    read_located(path, variant).map_err(Failure::from)
}

/// [`read`], its error kept as data (for `game --json`).
pub fn read_located(path: &str, variant: &Arc<Variant>) -> Result<Record, ReadError> {
    let name = if path == "-" { "stdin" } else { path };
    let file_error = |e: &dyn std::fmt::Display| ReadError::File {
        name: name.to_string(),
        message: e.to_string(),
    };
    let bytes = if path == "-" {
        limits::read_bounded(std::io::stdin().lock())
            .map_err(|e| file_error(&e))?
            .map_err(|e| file_error(&e))?
    } else {
        if Path::new(path).is_dir() {
            return Err(file_error(&"is a directory, not a game record"));
        }
        let file = std::fs::File::open(path).map_err(|e| file_error(&e))?;
        limits::read_bounded(file)
            .map_err(|e| file_error(&e))?
            .map_err(|e| file_error(&e))?
    };
    let format = RecordFormat::from_path(Path::new(path));
    record_io::read(&bytes, format, variant).map_err(|error| ReadError::Record {
        name: name.to_string(),
        error,
    })
}

/// Reads a record already read as text from `name` (standard input, say), its format from
/// the text.
pub fn read_text(name: &str, text: &str, variant: &Arc<Variant>) -> Result<Record, Failure> {
    record_io::read(text.as_bytes(), None, variant).map_err(|e| failure(name, &e))
}

/// What `tsume`, `diagram --tsume` and `booklet --tsume` say of a game record from the
/// set-up position read as a problem, beside its "no mate".
pub const GAME_RECORD_HINT: &str = "a game record (it starts from the set-up position): a tsume \
     record's start is the problem's board";

/// The record starts from the variant's start position or one of its handicaps: a game, not a
/// mating problem.
pub fn starts_as_a_game(record: &Record) -> bool {
    record.handicap.is_some()
        || shogiprint::rules::Position::start(record.start.variant())
            .is_ok_and(|p| p.to_setup() == record.start.to_setup())
}

/// Does text read from standard input look like a game record (KIF, KI2, CSA or BOD) rather
/// than a position (SFEN, USI)?
pub fn looks_like_record(text: &str) -> bool {
    is_game_format(RecordFormat::sniff(text))
}

/// Does the file's extension name a KIF, KI2, CSA or BOD record (not a file of USI strings,
/// which holds positions one per line)?
pub fn names_game_record(path: &Path) -> bool {
    RecordFormat::from_path(path).is_some_and(is_game_format)
}

fn is_game_format(format: RecordFormat) -> bool {
    matches!(
        format,
        RecordFormat::Kif | RecordFormat::Ki2 | RecordFormat::Csa | RecordFormat::Bod
    )
}

/// The failure for a record error in the file `path`.
fn failure(path: &str, e: &RecordError) -> Failure {
    Failure {
        lines: e.located_lines(path),
        code: if e.invalid.is_some() { 1 } else { 2 },
    }
}

/// Is this argument a record file (by its extension) rather than a position?
pub fn is_record_path(arg: &str) -> bool {
    names_record(arg) && Path::new(arg).is_file()
}

/// Does this argument have a game record's extension (`.kif`, `.csa` …), whether or not the
/// file exists?
pub fn names_record(arg: &str) -> bool {
    RecordFormat::from_path(Path::new(arg)).is_some_and(|f| f != RecordFormat::Sfen)
}
