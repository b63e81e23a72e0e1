//! The command line: the argument structure, dispatch to one module per subcommand, and the one
//! place that prints errors and picks the exit code (0 ok, 1 invalid position, 2 bad input;
//! 130 for a run interrupted while writing a file, from `interrupt`).

mod booklet;
mod convert;
mod diagram;
mod game;
mod handicap;
mod image;
mod ink;
mod input;
mod interrupt;
mod kit;
mod moves;
mod numbers;
mod output;
mod perft;
mod pieces;
mod progress;
mod record_input;
mod rules_card;
mod tsume;
mod validate;
mod values;
mod verify;

use clap::{Parser, Subcommand};
use std::io::{self, Write};
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(
    name = "shogiprint",
    version,
    about = "Shogi positions, moves and pieces from the command line",
    after_help = input::POSITION_HELP
)]
pub struct Cli {
    /// The variant: a built-in name (standard, minishogi, gorogoro, sho, chu) or a variant YAML file.
    #[arg(
        long,
        global = true,
        value_name = "NAME|FILE",
        default_value = "standard"
    )]
    variant: String,

    /// A pieces YAML file merged into the built-in pieces (a piece with an existing id replaces
    /// it); loaded before the variant, so the variant may use its pieces.
    #[arg(long, global = true, value_name = "FILE")]
    pieces: Option<PathBuf>,

    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// The print kit: a PDF of every piece at true size (cut, fold, glue) and the board in
    /// page tiles. With no options: the standard set on A4, written to shogi-kit.pdf.
    Kit(Box<kit::Args>),
    /// Count the leaf nodes of the legal move tree (the count is the last line).
    #[command(after_help = input::POSITION_HELP)]
    Perft(perft::Args),
    /// List every legal move in USI notation, one per line, sorted.
    #[command(after_help = input::POSITION_HELP)]
    Moves(moves::Args),
    /// Check positions; exit 0 if all are valid, 1 if any is invalid, 2 if any is malformed.
    #[command(after_help = input::POSITION_HELP)]
    Validate(validate::Args),
    /// Print the variant's piece table; with --pieces FILE, then the file's pieces the variant
    /// does not use, under their own heading.
    Pieces,
    /// Draw a position or a YAML diagram file as SVG, PNG or PDF (validated first).
    #[command(after_help = input::POSITION_HELP)]
    Diagram(Box<diagram::Args>),
    /// Handicap setup sheets: one as SVG/PNG/PDF, several or --all as one PDF with an index.
    Handicap(Box<handicap::Args>),
    /// A booklet of numbered, validated diagrams (YAML file or one SFEN per line) as a PDF.
    Booklet(Box<booklet::Args>),
    /// Prove mating problems: conventional length, main line, alternative solutions (余詰).
    /// Exit 0 if every problem is sound, 1 if any is not (or unknown), 2 for malformed input.
    #[command(after_help = input::POSITION_HELP)]
    Tsume(Box<tsume::Args>),
    /// Convert a game record between KIF, KI2, CSA, USI, SFEN and BOD.
    Convert(convert::Args),
    /// Summarise a game record: players, start, moves, result, repetitions, final SFEN.
    Game(game::Args),
    /// The variant's rules card, Japanese and English, as PDF, SVG or PNG: one page, or two for
    /// chu shogi and on A5 (an SVG or PNG of two pages is two files: NAME-1.png, NAME-2.png).
    RulesCard(Box<rules_card::Args>),
}

/// Something that stops a command: the lines to print after `error: ` and the exit code.
#[derive(Debug)]
pub struct Failure {
    pub lines: Vec<String>,
    pub code: i32,
}

impl Failure {
    /// Bad input (exit 2), said in one line `<where>: <message>`.
    pub fn bad(place: impl std::fmt::Display, message: impl std::fmt::Display) -> Failure {
        Failure {
            lines: vec![format!("{place}: {message}")],
            code: 2,
        }
    }

    /// A library error about the input at `place`; an invalid position gives one line per
    /// problem so that each can be read (and grepped) on its own.
    pub fn from_error(place: impl std::fmt::Display, error: &shogiprint::Error) -> Failure {
        match error {
            shogiprint::Error::Invalid(e) => {
                let mut lines: Vec<String> = e
                    .problems
                    .iter()
                    .map(|p| format!("{place}: invalid position: {}", p.line(e.size())))
                    .collect();
                // A kingless side to move is most often a mating problem's attacker.
                let kingless_mover = e.problems.iter().any(|p| {
                    p.code == shogiprint::rules::ProblemCode::MissingKing
                        && p.side == Some(e.setup.turn)
                });
                if kingless_mover {
                    lines.push(format!(
                        "{place}: hint: a tsume's attacker may have no king: --tsume (tsume: true in a diagram file) reads it as one"
                    ));
                }
                Failure {
                    lines,
                    code: exit_code(error),
                }
            }
            other => Failure {
                lines: vec![format!("{place}: {other}")],
                code: exit_code(other),
            },
        }
    }
}

/// The exit code for a library error: 1 for an invalid position (a record's start position
/// too), 2 for anything malformed.
pub fn exit_code(error: &shogiprint::Error) -> i32 {
    match error {
        shogiprint::Error::Invalid(_) => 1,
        shogiprint::Error::Record(e) if e.invalid.is_some() => 1,
        _ => 2,
    }
}

/// Writing to stdout failed. A closed pipe (`shogiprint moves | head -1`) is not worth a
/// message: the reader has what it wanted.
impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Failure {
                lines: vec![],
                code: 0,
            }
        } else {
            Failure::bad("stdout", e)
        }
    }
}

/// Runs the command and returns the process exit code.
pub fn run(cli: Cli) -> i32 {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = dispatch(&cli, &mut out).and_then(|code| {
        out.flush()?;
        Ok(code)
    });
    match result {
        Ok(code) => code,
        Err(failure) => {
            // Whatever was printed before the failure still belongs before its message.
            let _ = out.flush();
            report(&failure.lines);
            failure.code
        }
    }
}

fn dispatch(cli: &Cli, out: &mut impl Write) -> Result<i32, Failure> {
    let variant = input::load_variant(&cli.variant, cli.pieces.as_deref())?;
    match &cli.command {
        Command::Kit(args) => kit::run(args, &variant, out),
        Command::Perft(args) => perft::run(args, &variant, out),
        Command::Moves(args) => moves::run(args, &variant, out),
        Command::Validate(args) => validate::run(args, &variant, out),
        Command::Pieces => pieces::run(&variant, cli.pieces.as_deref(), out),
        Command::Diagram(args) => diagram::run(args, &variant, cli.pieces.as_deref(), out),
        Command::Handicap(args) => handicap::run(args, &variant, out),
        Command::Booklet(args) => booklet::run(args, &variant, cli.pieces.as_deref(), out),
        Command::Tsume(args) => tsume::run(args, &variant, cli.pieces.as_deref(), out),
        Command::Convert(args) => convert::run(args, &variant, out),
        Command::Game(args) => game::run(args, &variant, out),
        Command::RulesCard(args) => rules_card::run(args, &variant, out),
    }
}

/// Prints error lines to stderr, each as `error: <where>: <message>`.
pub fn report(lines: &[String]) {
    let mut err = io::stderr().lock();
    for line in lines {
        // Nothing useful is left to do if stderr itself is gone.
        let _ = writeln!(err, "error: {line}");
    }
}

/// Prints a warning line to stderr as `warning: <where>: <message>`.
pub fn report_warning(line: &str) {
    let _ = writeln!(io::stderr().lock(), "warning: {line}");
}
