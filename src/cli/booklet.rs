//! `shogiprint booklet`: a booklet YAML file (or a file of one SFEN per line) to a PDF of
//! numbered diagrams. Every diagram is read and validated before anything is written; each page
//! is translated as it is drawn, and the PDF (fonts subset at the end) goes into a temporary file
//! that replaces the target only when complete.

use super::input;
use super::output;
use super::progress::Progress;
use super::values;
use super::Failure;
use shogiprint::booklet::{self, Book, BookOptions, EntrySource};
use shogiprint::draw::Fonts;
use shogiprint::formats::{limits, DataError};
use shogiprint::paper::Paper;
use shogiprint::render::{PdfOptions, PdfStream};
use shogiprint::rules::Variant;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A booklet YAML file (*.yaml, *.yml), a game record (*.kif, *.ki2, *.csa …: a study
    /// booklet of the game; with --tsume, the problem it starts from), or a file of positions,
    /// one SFEN, USI string or file name (a record beside it) per line (anything else, e.g.
    /// *.sfen, *.txt). Several records and position files make one booklet of them all
    /// (`booklet problems/*.kif --tsume`).
    #[arg(value_name = "BOOK", required = true)]
    inputs: Vec<String>,

    /// The PDF to write (a .pdf file); by default BOOK's name with .pdf (booklet.pdf for several), in the
    /// current directory. '-' for stdout.
    #[arg(short, long, value_name = "FILE")]
    output: Option<String>,

    /// Diagrams per page (1, 2, 4 or 6), overriding the file's per_page.
    #[arg(long, value_parser = ["1", "2", "4", "6"])]
    per_page: Option<String>,

    /// Paper, overriding the file's: a4, a5, b5, letter, or a size such as 297x420mm (landscape
    /// if wider than tall).
    #[arg(long, value_name = "PAPER", value_parser = values::paper)]
    paper: Option<Paper>,

    /// For a positions file: the positions are tsume problems (attacker without a king).
    #[arg(long)]
    tsume: bool,

    /// Draw tsume entries without proving them first (a draft); the file's `verify: false` too.
    #[arg(long)]
    no_verify: bool,

    #[command(flatten)]
    verify: super::verify::VerifyArgs,

    /// Leave the answers out (a quiz sheet), overriding the file's `answers:`. By default
    /// they are printed after the diagrams when any entry has one (a proven tsume does).
    #[arg(long)]
    no_answers: bool,

    /// The title: the PDF's and the running header's (for a booklet file or a game record,
    /// instead of theirs).
    #[arg(long)]
    title: Option<String>,

    /// For a game record (KIF, KI2, CSA…): a diagram every N moves (the default is 10 when
    /// neither --bookmarks nor --comments is given). The final position is always drawn.
    #[arg(
        long,
        value_name = "N",
        allow_negative_numbers = true,
        value_parser = super::numbers::at_least_one::<u32>
    )]
    every: Option<u32>,

    /// For a game record: a diagram at every bookmarked move (KIF '&name').
    #[arg(long)]
    bookmarks: bool,

    /// For a game record: a diagram at every move with a comment for people (KIF '*', CSA
    /// "'*"; not an engine's reading or a remark).
    #[arg(long)]
    comments: bool,

    /// A TrueType/OpenType font to use instead of the bundled Noto Serif JP.
    #[arg(long, value_name = "FILE")]
    font: Option<PathBuf>,

    #[command(flatten)]
    ink: super::ink::InkArgs,
}

/// A booklet of the records and positions files the command line lists, in order: each record
/// one entry (a tsume record's start, its moves the answer), each positions file its lines.
fn listed_book(args: &Args) -> Result<Book, Failure> {
    let mut entries = Vec::new();
    for arg in &args.inputs {
        if is_yaml_name(arg) {
            return Err(Failure::bad(
                arg,
                "a booklet file makes a booklet of its own: give it alone",
            ));
        }
        if super::record_input::names_game_record(Path::new(arg)) {
            entries.push(EntrySource::File { path: arg.clone() });
        } else {
            let text = input::read_file(Path::new(arg))?;
            entries.extend(booklet::position_lines(&text, arg));
        }
    }
    let first = &args.inputs[0];
    limits::check_booklet_entries(entries.len()).map_err(|e| Failure::bad(first, e))?;
    Ok(Book {
        source_name: first.clone(),
        options: BookOptions {
            title: args.title.clone(),
            header: args.title.clone(),
            tsume: args.tsume,
            ..BookOptions::default()
        },
        entries,
    })
}

/// The first of the flags that make a study booklet of a game record, if any is given.
fn record_flag(args: &Args) -> Option<&'static str> {
    [
        (args.every.is_some(), "--every"),
        (args.bookmarks, "--bookmarks"),
        (args.comments, "--comments"),
    ]
    .into_iter()
    .find_map(|(given, flag)| given.then_some(flag))
}

fn is_yaml_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower.ends_with(".yaml") || lower.ends_with(".yml")
}

pub fn run(
    args: &Args,
    variant: &Arc<Variant>,
    pieces: Option<&Path>,
    out: &mut impl Write,
) -> Result<i32, Failure> {
    if let Some(o) = &args.output {
        output::pdf_only(o, "a booklet")?;
    }
    let fonts = match &args.font {
        Some(path) => Fonts::from_file(path).map_err(|e| Failure::bad("--font", e))?,
        None => Fonts::bundled(),
    };
    // A booklet finds the files it names (positions_file, records, variants) beside itself and
    // is named after its file: standard input has no place and no name to give it.
    if args.inputs.iter().any(|i| i == "-") {
        return Err(Failure::bad(
            "-",
            "a booklet is read from files, not standard input (the files it names are found beside it): save it to a file and give its name",
        ));
    }
    // Clap asks for one at least.
    let first = &args.inputs[0];
    let several = args.inputs.len() > 1;
    let path = Path::new(first);
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let record_flags = args.every.is_some() || args.bookmarks || args.comments;
    let is_record = super::record_input::is_record_path(first);
    if record_flags && several {
        return Err(Failure::bad(
            "--every, --bookmarks and --comments",
            "make a study booklet of one game record; several inputs make a booklet of positions",
        ));
    }
    if record_flags && !is_record {
        // A record that is not there is named as missing, not as the wrong kind of file.
        if let Err(e) = std::fs::metadata(path) {
            return Err(Failure::bad(first, e));
        }
        return Err(Failure::bad(
            first,
            "--every, --bookmarks and --comments need a game record (.kif, .ki2, .csa …)",
        ));
    }
    if let (true, Some(flag)) = (args.tsume, record_flag(args)) {
        return Err(Failure::bad(
            "--tsume",
            format!(
                "reads a game record as a tsume problem (its start), {flag} as a game to study: give one or the other"
            ),
        ));
    }
    if args.tsume && !several && is_yaml_name(first) {
        return Err(Failure::bad(
            "--tsume",
            "a booklet file says itself which entries are problems (tsume: true on an entry, or beside positions_file)",
        ));
    }
    // Without --tsume, records and positions files make figures (a game record, a study of its
    // game): nothing in the booklet is proved. A booklet file's entries say it themselves.
    if !args.tsume && !args.inputs.iter().any(|i| is_yaml_name(i)) {
        let prover_flag = args.no_verify.then_some("--no-verify");
        if let Some(flag) = prover_flag.or(args.verify.given()) {
            return Err(Failure::bad(
                flag,
                "without --tsume, a booklet of game records or positions has no problem to prove",
            ));
        }
        // Nor an answer: a game study's notes and a figure's comments stand under the diagrams.
        if args.no_answers {
            return Err(Failure::bad(
                "--no-answers",
                "without --tsume, a booklet of game records or positions has no answers to leave out",
            ));
        }
    }
    // The booklet file's text, to locate its `variant:` should that not load.
    let mut yaml_text = None;
    let mut book = if several || (is_record && args.tsume && !record_flags) {
        listed_book(args)?
    } else if is_record {
        let record = super::record_input::read(first, variant)?;
        let selection = booklet::game::Selection {
            every: match (args.every, record_flags) {
                (Some(n), _) => Some(n as usize),
                (None, false) => Some(10),
                (None, true) => None,
            },
            bookmarks: args.bookmarks,
            comments: args.comments,
        };
        if let Some(note) = selection.unmatched(&record, first) {
            super::report_warning(&note);
        }
        let book = booklet::game::book(record, first, &selection);
        limits::check_booklet_entries(book.entries.len()).map_err(|e| Failure::bad(first, e))?;
        book
    } else if is_yaml_name(first) {
        let text = input::read_file(path)?;
        let read = |p: &str| -> Result<String, String> {
            input::read_file(&dir.join(p)).map_err(|e| format!("{}: {}", e.place, e.message))
        };
        let book = Book::from_yaml(&text, first, &read).map_err(|e| Failure {
            lines: vec![e.to_string()],
            code: 2,
        })?;
        yaml_text = Some(text);
        book
    } else {
        let text = input::read_file(path)?;
        let options = BookOptions {
            title: args.title.clone(),
            header: args.title.clone(),
            tsume: args.tsume,
            ..BookOptions::default()
        };
        let book = Book::from_positions(&text, first, options);
        if book.entries.is_empty() {
            return Err(Failure::bad(first, "holds no positions"));
        }
        limits::check_booklet_entries(book.entries.len()).map_err(|e| Failure::bad(first, e))?;
        book
    };
    if let Some(title) = &args.title {
        book.options.title = Some(title.clone());
        book.options.header = Some(title.clone());
    }
    if let Some(n) = &args.per_page {
        book.options.per_page = n.parse().unwrap_or(6);
    }
    if args.no_verify {
        book.options.verify.enabled = false;
    }
    if args.no_answers {
        book.options.answers = Some(false);
    }
    args.verify.apply(&mut book.options.verify)?;
    if let Some(p) = args.paper {
        book.options.paper = p;
    }
    // A variant named in the booklet (or by an entry) is a built-in name or a file beside it.
    let load = |v: &str| input::variant_in(v, Some(&dir), pieces);
    let variant = match &book.options.variant {
        Some(v) => load(v).map_err(|e| {
            let d = DataError::new(first, e.to_string());
            let d = match &yaml_text {
                Some(text) => d.at_field(text, None, "variant"),
                None => DataError {
                    field: Some("variant".into()),
                    ..d
                },
            };
            Failure {
                lines: vec![d.to_string()],
                code: 2,
            }
        })?,
        None => variant.clone(),
    };

    let mut proving: Option<Progress> = None;
    let mut proved = |done: usize, total: usize| {
        proving
            .get_or_insert_with(|| Progress::new(total, 20, "problems proved", true))
            .set(done)
    };
    let plan = booklet::prepare_with_progress(&book, &variant, &load, &fonts, &mut proved);
    if let Some(p) = &proving {
        p.done();
    }
    let plan = plan.map_err(|failures| {
        let code = failures
            .iter()
            .map(|f| match &f.error {
                booklet::EntryError::Read(e) if wrong_shape(e).is_some() => 2,
                booklet::EntryError::Read(e) => super::exit_code(e),
                booklet::EntryError::Tsume(r) => r.exit_code(),
                _ => 2,
            })
            .max()
            .unwrap_or(2);
        let mut lines = Vec::new();
        for f in &failures {
            match &f.error {
                // A board of another shape than its variant's is malformed, as for `moves`.
                booklet::EntryError::Read(e) if wrong_shape(e).is_some() => {
                    let message = wrong_shape(e)
                        .map(|p| p.message.as_str())
                        .unwrap_or_default();
                    lines.push(format!("{}: {}: {message}", f.place, f.label))
                }
                booklet::EntryError::Read(shogiprint::Error::Invalid(e)) => {
                    for p in &e.problems {
                        lines.push(format!(
                            "{}: {}: invalid position: {}",
                            f.place,
                            f.label,
                            p.line(e.size())
                        ));
                    }
                }
                // A located YAML error names its own place (the field's line and column),
                // more exactly than the entry's: that place first, as for every other line.
                booklet::EntryError::Read(shogiprint::Error::Data(d)) if d.line.is_some() => {
                    let field = d
                        .field
                        .as_ref()
                        .map(|f| format!("{f}: "))
                        .unwrap_or_default();
                    lines.push(format!("{}: {}: {field}{}", d.place(), f.label, d.message))
                }
                other => lines.push(format!("{}: {}: {other}", f.place, f.label)),
            }
            // A game record read as a tsume: its start is no problem, as `tsume` says of it.
            if let booklet::EntryError::Tsume(r) = &f.error {
                if r.exit_code() == 1 && is_game_record(&book.entries[f.index], &variant) {
                    lines.push(format!(
                        "{}: {}: hint: {}",
                        f.place,
                        f.label,
                        super::record_input::GAME_RECORD_HINT
                    ));
                }
            }
        }
        let lines = lines
            .into_iter()
            .map(|l| l.trim_end_matches([' ', ':']).to_string())
            .collect();
        Failure { lines, code }
    })?;

    let target = match &args.output {
        Some(o) => o.clone(),
        None if several => "booklet.pdf".to_string(),
        None => {
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().to_string())
                .unwrap_or_else(|| "booklet".to_string());
            format!("{stem}.pdf")
        }
    };
    let title = book
        .options
        .title
        .clone()
        .unwrap_or_else(|| "Shogi booklet".to_string());
    let bar = Progress::new(plan.entries, 200, "diagrams", true);
    output::write_streaming(&target, out, &mut |w| {
        let options = PdfOptions::new(&title)
            .actual_size()
            .ink(args.ink.options());
        let mut pdf = PdfStream::with_options(w, &fonts, options)
            .map_err(|e| output::write_failure(&target, e))?;
        booklet::render(
            &book,
            &plan,
            &variant,
            &load,
            &fonts,
            &mut |page| pdf.add_page(page),
            &mut |done, _| bar.set(done),
        )
        .map_err(|e| match e {
            booklet::RenderError::Io(e) => output::write_failure(&target, e),
            other => Failure::bad(&target, other),
        })?;
        pdf.finish()
            .map_err(|e| output::write_failure(&target, e))?;
        Ok(())
    })?;
    bar.done();
    Ok(0)
}

/// Is the entry a game record named on the command line that starts from the set-up position
/// (a game, not a tsume problem)?
fn is_game_record(entry: &EntrySource, variant: &Arc<Variant>) -> bool {
    match entry {
        EntrySource::File { path } => {
            super::record_input::names_game_record(Path::new(path))
                && super::record_input::read(path, variant)
                    .is_ok_and(|r| super::record_input::starts_as_a_game(&r))
        }
        _ => false,
    }
}

/// The problem of a board of another shape than its entry's variant (which may be the entry's
/// own): it says what it found and what the variant needs.
fn wrong_shape(error: &shogiprint::Error) -> Option<&shogiprint::rules::Problem> {
    match error {
        shogiprint::Error::Invalid(e) => e
            .problems
            .iter()
            .find(|p| p.code == shogiprint::rules::ProblemCode::WrongBoardSize),
        _ => None,
    }
}
