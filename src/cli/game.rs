//! `shogiprint game FILE`: a summary of a game record — players, start, number of moves, result,
//! repetitions, final SFEN — as text or JSON.

use super::record_input::{self, ReadError};
use super::Failure;
use shogiprint::formats::record::Record;
use shogiprint::rules::{Repetition, Variant};
use std::io::Write;
use std::sync::Arc;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The record: a KIF, KI2, CSA, BOD or USI file (format from the extension, else from the
    /// text), or '-'.
    #[arg(value_name = "FILE")]
    file: String,
    /// Print one JSON object on one line instead of text; a record that cannot be read is
    /// one too (`input`, `error`, `line`, and `problems` for an invalid start position), with
    /// the same exit code.
    #[arg(long)]
    json: bool,
}

/// The facts the summary prints.
#[derive(serde::Serialize)]
struct Summary {
    black: Option<String>,
    white: Option<String>,
    /// How the record names the sides: 先手/後手, or 下手/上手 in a handicap game.
    black_label: &'static str,
    white_label: &'static str,
    handicap: Option<String>,
    start: String,
    moves: usize,
    variations: usize,
    end: Option<String>,
    result: String,
    repetition: Option<String>,
    most_repeated: usize,
    final_sfen: String,
    warnings: Vec<String>,
}

fn summary(r: &Record) -> Summary {
    let repetition = r.repetition.map(|(ply, rep)| match rep {
        Repetition::Draw => format!("sennichite at move {ply}"),
        Repetition::PerpetualCheck { checker } => {
            format!("perpetual check by {} at move {ply}", checker.name())
        }
    });
    let mut history = shogiprint::rules::History::new(&r.start);
    let mut pos = r.start.clone();
    for m in &r.moves {
        pos.play_unchecked(m.mv);
        history.push(&pos);
    }
    let [black_label, white_label] = r.side_labels();
    Summary {
        black: r.players[0].clone(),
        white: r.players[1].clone(),
        black_label,
        white_label,
        // Named as the command line names it (two-piece), not by its id.
        handicap: r.handicap.as_ref().map(|h| h.replace('_', "-")),
        start: r.start.to_sfen(),
        moves: r.moves.len(),
        variations: r.branches.len(),
        end: r
            .end
            .as_ref()
            .map(|e| shogiprint::formats::kif::end_word_of(&e.kind)),
        result: r.result().to_string(),
        repetition,
        most_repeated: history.most_repeated(),
        final_sfen: pos.to_sfen(),
        warnings: r.warnings.clone(),
    }
}

/// A record that could not be read, for `--json`.
#[derive(serde::Serialize)]
struct JsonFailure {
    input: String,
    /// The line at fault (none for the file as a whole).
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    error: String,
    /// An invalid start position's problems, as `validate --json` gives them.
    #[serde(skip_serializing_if = "Option::is_none")]
    problems: Option<Vec<super::validate::JsonProblem>>,
}

impl JsonFailure {
    fn new(e: &ReadError) -> JsonFailure {
        match e {
            ReadError::File { name, message } => JsonFailure {
                input: name.clone(),
                line: None,
                error: message.clone(),
                problems: None,
            },
            ReadError::Record { name, error } => {
                let line = (error.line > 0).then_some(error.line);
                match &error.invalid {
                    Some(invalid) => JsonFailure {
                        input: name.clone(),
                        line,
                        error: "invalid start position".to_string(),
                        problems: Some(super::validate::json_problems(invalid)),
                    },
                    None => {
                        let at = format!("{name}:{}: ", error.line);
                        let located = error.located(name);
                        JsonFailure {
                            input: name.clone(),
                            line,
                            error: located.strip_prefix(&at).unwrap_or(&located).to_string(),
                            problems: None,
                        }
                    }
                }
            }
        }
    }
}

pub fn run(args: &Args, variant: &Arc<Variant>, out: &mut impl Write) -> Result<i32, Failure> {
    let record = match record_input::read_located(&args.file, variant) {
        Ok(r) => r,
        Err(e) if args.json => {
            let text = serde_json::to_string(&JsonFailure::new(&e))
                .map_err(|e| Failure::bad("json", e))?;
            writeln!(out, "{text}")?;
            // The same exit code as without --json; the message is the JSON.
            return Ok(Failure::from(e).code);
        }
        Err(e) => return Err(e.into()),
    };
    let s = summary(&record);
    if args.json {
        let text = serde_json::to_string(&s).map_err(|e| Failure::bad("json", e))?;
        writeln!(out, "{text}")?;
    } else {
        let none = || "-".to_string();
        let black = s.black.clone().unwrap_or_else(none);
        let white = s.white.clone().unwrap_or_else(none);
        writeln!(out, "black ({}): {black}", s.black_label)?;
        writeln!(out, "white ({}): {white}", s.white_label)?;
        if let Some(h) = &s.handicap {
            writeln!(out, "handicap: {h}")?;
        }
        writeln!(out, "start: {}", s.start)?;
        writeln!(out, "moves: {}", s.moves)?;
        if s.variations > 0 {
            writeln!(out, "variations: {}", s.variations)?;
        }
        writeln!(out, "end: {}", s.end.clone().unwrap_or_else(none))?;
        writeln!(out, "result: {}", s.result)?;
        writeln!(
            out,
            "repetition: {}",
            s.repetition
                .clone()
                .unwrap_or_else(|| match s.most_repeated {
                    0 | 1 => "none (no position occurred twice)".to_string(),
                    n => format!("none (a position occurred at most {n} times)"),
                })
        )?;
        writeln!(out, "final: {}", s.final_sfen)?;
    }
    for w in &s.warnings {
        super::report_warning(&format!("{}:{w}", args.file));
    }
    Ok(0)
}
