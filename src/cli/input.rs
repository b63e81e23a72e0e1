//! Turning arguments into data: `--pieces` and `--variant` into a variant, and POSITION/INPUT
//! arguments into position texts, each with the place it came from for messages.

use super::record_input::{looks_like_record, names_game_record};
use super::Failure;
use shogiprint::formats::record;
use shogiprint::formats::record_io::{self, RecordFormat};
use shogiprint::formats::{limits, sfen, text, usi};
use shogiprint::rules::{validate, PieceCatalog, Position, PositionError, ProblemCode, Variant};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// How a POSITION argument is read; shown by `--help`.
pub const POSITION_HELP: &str = "\
POSITION is read by the first rule that applies:
  1. '-' reads standard input.
  2. An existing file is read. A game record (KIF, KI2, CSA or BOD, by its extension or its
     text, UTF-8 or Shift_JIS) stands for its final position; with --tsume, and for the tsume
     command, for its start position (the problem; tsume checks its moves as the answer).
     Otherwise blank lines and lines starting with '#' are skipped; perft and moves take a
     file with one position, validate takes one position per line.
  3. 'startpos', or text starting with 'position', 'startpos' or 'sfen', or containing the word
     'moves', is a USI position string: 'startpos moves 7g7f 3c3d',
     'position sfen <SFEN> moves ...', '<SFEN> moves ...'. Every move must be legal.
  4. A handicap of the variant by id or Japanese name: 'two-piece', 'two_piece', 'rook', '香落ち'.
     A handicap may also start a USI position string: 'two-piece moves 5a4b'.
  5. Anything else is an SFEN: 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'.
The same rules, from 3 on, apply to each position read from a file or standard input.";

/// Loads `--pieces` (if given) and then `--variant` with that catalog.
pub fn load_variant(name: &str, pieces: Option<&Path>) -> Result<Arc<Variant>, Failure> {
    find_variant(name, Path::new(name), pieces).map_err(|e| match e {
        VariantError::NotFound(message) => Failure::bad("--variant", message),
        VariantError::InFile(failure) => failure,
    })
}

/// The variant a YAML file names (`variant:`): a built-in name, or a variant file in `dir`
/// (the YAML file's directory). The error is said without a place, for the caller to put at
/// the file's `variant:` line; a variant file's own errors keep their place in it.
pub fn variant_in(
    name: &str,
    dir: Option<&Path>,
    pieces: Option<&Path>,
) -> Result<Arc<Variant>, shogiprint::Error> {
    let path = match dir {
        Some(d) if Variant::builtin_name(name).is_none() => d.join(name),
        _ => PathBuf::from(name),
    };
    find_variant(name, &path, pieces).map_err(|e| match e {
        VariantError::NotFound(message) => shogiprint::Error::Io(message),
        VariantError::InFile(failure) => shogiprint::Error::Io(failure.lines.join("; ")),
    })
}

/// Why a variant did not load: nothing of that name (said without a place), or a file that
/// is not a good variant (or pieces) file, already located in it.
enum VariantError {
    NotFound(String),
    InFile(Failure),
}

/// Loads `--pieces` (if given), then the variant `name`: a built-in name, else the file `path`.
fn find_variant(
    name: &str,
    path: &Path,
    pieces: Option<&Path>,
) -> Result<Arc<Variant>, VariantError> {
    let catalog = match pieces {
        Some(p) => PieceCatalog::builtin_with(
            &read_file(p).map_err(|e| VariantError::InFile(e.into()))?,
            &p.display().to_string(),
        ),
        None => PieceCatalog::builtin(),
    }
    .map_err(|e| VariantError::InFile(data_failure(e)))?;
    let catalog = Arc::new(catalog);
    // A built-in name wins over a file of the same name: names are what most people type.
    if let Some(builtin) = Variant::builtin_name(name) {
        return Variant::builtin_with(builtin, catalog)
            .map_err(|e| VariantError::InFile(data_failure(e)));
    }
    if path.is_dir() {
        return Err(VariantError::NotFound(format!(
            "'{}' is a directory, not a variant file",
            path.display()
        )));
    }
    if path.exists() && !path.is_file() {
        return Err(VariantError::NotFound(format!(
            "'{}' is not a regular file, not a variant file",
            path.display()
        )));
    }
    if !path.is_file() {
        let names: Vec<&str> = Variant::builtin_names().collect();
        let file = match path == Path::new(name) {
            true => "no such file".to_string(),
            false => format!("no file {}", path.display()),
        };
        return Err(VariantError::NotFound(format!(
            "unknown variant '{name}' (built in: {}), and {file}",
            names.join(", ")
        )));
    }
    let text = read_file(path).map_err(|e| VariantError::InFile(e.into()))?;
    let source = path.display().to_string();
    let variant = Variant::from_yaml(&text, &source, catalog)
        .map_err(|e| VariantError::InFile(data_failure(e)))?;
    // A set larger than the start position uses is allowed (spares a position may hold) but
    // most often a typo, which the kit would print: said, not refused; once for each file,
    // however many booklet entries name it.
    static WARNED: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let mut warned = WARNED.lock().unwrap_or_else(|p| p.into_inner());
    if !warned.contains(&source) {
        for w in shogiprint::formats::variant::warnings(&text, &source, &variant) {
            eprintln!("warning: {w}");
        }
        warned.push(source);
    }
    Ok(variant)
}

/// A YAML error already names its file, line, column and field: print it as it is.
fn data_failure(e: shogiprint::formats::DataError) -> Failure {
    Failure {
        lines: vec![e.to_string()],
        code: 2,
    }
}

/// An argument that could not be read: where, and why. Kept apart from [`Failure`] so that
/// `validate` can report it as one of its inputs and go on.
#[derive(Debug)]
pub struct InputError {
    pub place: String,
    pub message: String,
}

impl InputError {
    fn new(place: impl fmt::Display, message: impl fmt::Display) -> InputError {
        InputError {
            place: place.to_string(),
            message: message.to_string(),
        }
    }
}

impl From<InputError> for Failure {
    fn from(e: InputError) -> Failure {
        Failure::bad(e.place, e.message)
    }
}

/// Reads a text file, naming the file in any error.
pub fn read_file(path: &Path) -> Result<String, InputError> {
    decode(read_bytes(path)?, &path.display())
}

/// Reads a file (no more than the input limit), naming the file in any error.
fn read_bytes(path: &Path) -> Result<Vec<u8>, InputError> {
    let file = std::fs::File::open(path).map_err(|e| InputError::new(path.display(), e))?;
    limits::read_bounded(file)
        .map_err(|e| InputError::new(path.display(), e))?
        .map_err(|e| InputError::new(path.display(), e))
}

fn record_entry(name: &str, text: String) -> Entry {
    Entry {
        place: Place::Record(name.to_string()),
        text,
    }
}

fn decode(bytes: Vec<u8>, place: &dyn fmt::Display) -> Result<String, InputError> {
    text::utf8(bytes).map_err(|e| InputError::new(format!("{place}{}", e.location()), e.message))
}

/// Where a position text came from.
#[derive(Clone, Debug)]
pub enum Place {
    Arg(String),
    File(PathBuf, usize),
    Stdin(usize),
    /// A whole game record: its file's name, or `stdin`. Its errors carry their own lines.
    Record(String),
}

impl Place {
    /// The name used in JSON output: the argument itself, or `FILE:LINE` / `stdin:LINE`.
    pub fn name(&self) -> String {
        match self {
            Place::Arg(text) | Place::Record(text) => text.clone(),
            other => other.to_string(),
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Quoted, because an SFEN has spaces and the message follows a colon.
            Place::Arg(text) => write!(f, "'{text}'"),
            Place::File(path, line) => write!(f, "{}:{line}", path.display()),
            Place::Stdin(line) => write!(f, "stdin:{line}"),
            Place::Record(name) => write!(f, "{name}"),
        }
    }
}

/// One position text and where it came from.
#[derive(Clone, Debug)]
pub struct Entry {
    pub place: Place,
    pub text: String,
}

/// Expands arguments into entries. Standard input is read once and kept, so `-` given twice
/// reads the same text twice rather than nothing the second time.
#[derive(Default)]
pub struct Inputs {
    stdin: Option<String>,
}

impl Inputs {
    /// Every position one argument stands for, as `(name, place, f(entry))`; an argument that
    /// cannot be read, or holds no position, is one `Err` with the reason under its own name.
    /// `validate` and `tsume` report each entry this way.
    pub fn each<T>(
        &mut self,
        arg: &str,
        mut f: impl FnMut(&Entry) -> T,
    ) -> Vec<(String, String, Result<T, String>)> {
        self.entries(arg)
            .into_iter()
            .map(|(name, place, entry)| (name, place, entry.map(|e| f(&e))))
            .collect()
    }

    /// The entries of [`Inputs::each`], not yet worked on: `tsume` proves them on several
    /// threads.
    pub fn entries(&mut self, arg: &str) -> Vec<(String, String, Result<Entry, String>)> {
        match self.expand(arg) {
            Err(e) => vec![(arg.to_string(), e.place, Err(e.message))],
            Ok(entries) if entries.is_empty() => vec![(
                arg.to_string(),
                if arg == "-" { "stdin" } else { arg }.to_string(),
                Err("holds no position".into()),
            )],
            Ok(entries) => entries
                .into_iter()
                .map(|e| (e.place.name(), e.place.to_string(), Ok(e)))
                .collect(),
        }
    }

    /// The position texts one argument stands for, in order (see [`POSITION_HELP`]).
    pub fn expand(&mut self, arg: &str) -> Result<Vec<Entry>, InputError> {
        if arg == "-" {
            let text = self.read_stdin()?;
            if looks_like_record(&text) {
                return Ok(vec![record_entry("stdin", text)]);
            }
            return Ok(lines(&text, Place::Stdin));
        }
        let path = Path::new(arg);
        if path.is_dir() {
            return Err(InputError::new(
                arg,
                "is a directory, not a position or a file of positions",
            ));
        }
        // Whatever else exists is read, as `cat` would: a regular file, and also a pipe or a
        // device the user named (`<(…)`, `/dev/stdin`), which is no SFEN.
        if path.exists() {
            let bytes = read_bytes(path)?;
            // A record's own decoder also reads Shift_JIS, as Windows programs save KIF.
            let text = match record::decode(&bytes) {
                Ok(text) if names_game_record(path) || looks_like_record(&text) => {
                    return Ok(vec![record_entry(arg, text)]);
                }
                _ => decode(bytes, &path.display())?,
            };
            return Ok(lines(&text, |n| Place::File(path.to_path_buf(), n)));
        }
        Ok(vec![Entry {
            place: Place::Arg(arg.to_string()),
            text: arg.to_string(),
        }])
    }

    /// The single position an argument stands for, for commands that take one.
    pub fn one(&mut self, arg: &str, command: &str) -> Result<Entry, Failure> {
        let mut entries = self.expand(arg)?;
        let where_ = if arg == "-" { "stdin" } else { arg };
        match entries.len() {
            0 => Err(Failure::bad(where_, "holds no position")),
            1 => Ok(entries.remove(0)),
            n => Err(Failure::bad(
                where_,
                format!("holds {n} positions; {command} takes one (validate takes several)"),
            )),
        }
    }

    /// All of standard input, read once.
    pub fn stdin_text(&mut self) -> Result<String, InputError> {
        self.read_stdin()
    }

    fn read_stdin(&mut self) -> Result<String, InputError> {
        if let Some(text) = &self.stdin {
            return Ok(text.clone());
        }
        let bytes = limits::read_bounded(std::io::stdin())
            .map_err(|e| InputError::new("stdin", e))?
            .map_err(|e| InputError::new("stdin", e))?;
        // A record piped in may be Shift_JIS, as Windows programs save KIF.
        let text = match record::decode(&bytes) {
            Ok(text) if looks_like_record(&text) => text,
            _ => decode(bytes, &"stdin")?,
        };
        self.stdin = Some(text.clone());
        Ok(text)
    }
}

/// Does text read from standard input look like a YAML diagram file (it has a `position:`
/// field) rather than positions one per line? `diagram -` and `tsume -` read it as one.
pub fn looks_like_yaml_diagram(text: &str) -> bool {
    text.lines()
        .any(|l| l.trim_start().starts_with("position:"))
}

/// The positions of a file: one per line, skipping blank lines and `#` comments. Lines keep
/// their leading spaces so that error columns count from the start of the line.
fn lines(text: &str, place: impl Fn(usize) -> Place) -> Vec<Entry> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let t = line.trim();
            !t.is_empty() && !t.starts_with('#')
        })
        .map(|(i, line)| Entry {
            place: place(i + 1),
            text: line.trim_end().to_string(),
        })
        .collect()
}

/// Reads an entry as a position of `variant` (rules 3 to 5 of [`POSITION_HELP`]).
pub fn position(
    entry: &Entry,
    variant: &Arc<Variant>,
    options: validate::Options,
) -> Result<Position, shogiprint::Error> {
    if let Place::Record(name) = &entry.place {
        return record_position(entry, name, variant, options);
    }
    let trimmed = entry.text.trim();
    if usi::is_position_string(trimmed) || variant.handicap(trimmed).is_some() {
        return usi::parse_position(&entry.text, variant, options);
    }
    sfen::position(&entry.text, variant, options)
}

/// A record's final position, or a tsume record's start position (the problem), validated as
/// asked.
fn record_position(
    entry: &Entry,
    name: &str,
    variant: &Arc<Variant>,
    options: validate::Options,
) -> Result<Position, shogiprint::Error> {
    let format = RecordFormat::from_path(Path::new(name));
    // A record whose start breaks the rules keeps its line; its exit code is still 1.
    let record = record_io::read(entry.text.as_bytes(), format, variant)?;
    let position = match options.tsume {
        true => record.position_at(0),
        false => record.final_position(),
    };
    Ok(validate::validate(variant, position.to_setup(), options)?)
}

/// The message for an entry that could not be read. A single word was most likely meant as a
/// file or a handicap rather than an SFEN (which has spaces), so the message says so; a word
/// with a '.' (never in an SFEN) is taken for a file name and the SFEN error is left out.
pub fn malformed_message(entry: &Entry, error: &shogiprint::Error, variant: &Variant) -> String {
    let word = entry.text.trim();
    let single_word = matches!(entry.place, Place::Arg(_))
        && !word.is_empty()
        && !word.contains(char::is_whitespace)
        && !usi::is_position_string(word);
    if !single_word || !matches!(error, shogiprint::Error::Parse(_)) {
        return error.to_string();
    }
    if word.contains('.') {
        return "no such file (and not startpos, a handicap or an SFEN)".to_string();
    }
    let handicaps: Vec<String> = variant
        .handicaps
        .iter()
        .map(|h| h.id.replace('_', "-"))
        .collect();
    let handicaps = match handicaps.is_empty() {
        true => format!("{} has no handicaps", variant.english),
        false => format!("{}: {}", variant.english, handicaps.join(", ")),
    };
    format!("not a file, startpos or a handicap ({handicaps}); as an SFEN, {error}")
}

/// A failure for an entry that could not be read as a position.
pub fn entry_failure(entry: &Entry, error: &shogiprint::Error, variant: &Variant) -> Failure {
    match error {
        shogiprint::Error::Invalid(_) => Failure::from_error(&entry.place, error),
        shogiprint::Error::Record(e) => Failure {
            lines: e.located_lines(&entry.place.name()),
            code: super::exit_code(error),
        },
        _ => Failure {
            lines: vec![format!(
                "{}: {}",
                entry.place,
                malformed_message(entry, error, variant)
            )],
            code: super::exit_code(error),
        },
    }
}

/// The one position perft and moves play from, and how far they trust it: the normal rules,
/// a tsume (the attacker may have no king), or anything the rules can play from.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// A tsume position: the side to move may have no king.
    #[arg(long)]
    tsume: bool,

    /// Play from any SFEN the rules can play from (more pieces than a set, no kings at all).
    #[arg(long)]
    allow_invalid: bool,

    /// The position: an SFEN, startpos, a handicap, a USI position string, a file (a game
    /// record: its final position; with --tsume its start position) or '-'.
    #[arg(value_name = "POSITION")]
    position: String,
}

impl PlayArgs {
    /// Reads the position; `command` names the command in messages about its input.
    pub fn read(&self, variant: &Arc<Variant>, command: &str) -> Result<Position, Failure> {
        let entry = Inputs::default().one(&self.position, command)?;
        let options = validate::Options { tsume: self.tsume };
        match position(&entry, variant, options) {
            Ok(p) => Ok(p),
            Err(e) => {
                if let Some(message) = shape_error(&e, variant) {
                    return Err(Failure::bad(&entry.place, message));
                }
                let plain_sfen = !usi::is_position_string(entry.text.trim());
                if self.allow_invalid && plain_sfen && matches!(e, shogiprint::Error::Invalid(_)) {
                    let setup = sfen::parse(&entry.text, &variant.catalog)
                        .map_err(|e| Failure::bad(&entry.place, e))?;
                    return Position::from_setup_unchecked(variant, &setup)
                        .map_err(|m| Failure::bad(&entry.place, m));
                }
                Err(entry_failure(&entry, &e, variant))
            }
        }
    }
}

/// A board of another shape than the variant's is malformed input, not an invalid position:
/// the message names the ranks and files found and expected.
pub fn shape_error(error: &shogiprint::Error, variant: &Variant) -> Option<String> {
    match error {
        shogiprint::Error::Invalid(e) => wrong_shape(e, variant),
        _ => None,
    }
}

/// [`shape_error`] for a position's problems.
pub fn wrong_shape(e: &PositionError, variant: &Variant) -> Option<String> {
    if !e
        .problems
        .iter()
        .any(|p| p.code == ProblemCode::WrongBoardSize)
    {
        return None;
    }
    Some(format!(
        "the board has {} ranks of {} files; {} needs {} ranks of {} files",
        e.size().ranks,
        e.size().files,
        variant.english,
        variant.size.ranks,
        variant.size.files
    ))
}
