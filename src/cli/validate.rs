//! `shogiprint validate`: checks every position of every input and reports them all, so that a
//! whole file of positions is fixed in one pass. Exit code: the worst of 0 (valid), 1 (invalid)
//! and 2 (malformed).

use super::input::{self, Entry, Inputs};
use super::{report, Failure};
use serde::Serialize;
use shogiprint::rules::{validate, PositionError, Variant};
use std::io::Write;
use std::sync::Arc;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Tsume (mating problem) positions: the side to move may have no king.
    #[arg(long)]
    tsume: bool,

    /// Print one JSON object per position, one per line, instead of text.
    #[arg(long)]
    json: bool,

    /// Positions: SFENs, startpos, handicaps, USI position strings, game records (KIF, KI2, CSA,
    /// BOD: the final position; with --tsume the start position), files of positions (one per
    /// line) or '-'.
    #[arg(value_name = "INPUT", required = true)]
    inputs: Vec<String>,
}

/// What became of one position.
enum Outcome {
    Valid,
    Invalid(PositionError),
    Malformed(String),
    /// Malformed, with its own place (`FILE:LINE: …`, a record's line).
    MalformedAt(String),
}

impl Outcome {
    fn code(&self) -> i32 {
        match self {
            Outcome::Valid => 0,
            Outcome::Invalid(_) => 1,
            Outcome::Malformed(_) | Outcome::MalformedAt(_) => 2,
        }
    }
}

pub fn run(args: &Args, variant: &Arc<Variant>, out: &mut impl Write) -> Result<i32, Failure> {
    let options = validate::Options { tsume: args.tsume };
    let mut inputs = Inputs::default();
    let mut worst = 0;
    for arg in &args.inputs {
        let results = inputs.each(arg, |e| check(e, variant, options));
        for (name, place, outcome) in results {
            let outcome = outcome.unwrap_or_else(Outcome::Malformed);
            worst = worst.max(outcome.code());
            if args.json {
                let line = json(&name, &outcome).map_err(|e| Failure::bad("json", e))?;
                writeln!(out, "{line}")?;
            } else {
                text(out, &place, &outcome)?;
            }
        }
    }
    Ok(worst)
}

fn check(entry: &Entry, variant: &Arc<Variant>, options: validate::Options) -> Outcome {
    match input::position(entry, variant, options) {
        Ok(_) => Outcome::Valid,
        // A board of another shape is malformed input, as for every other command.
        Err(shogiprint::Error::Invalid(e)) => match input::wrong_shape(&e, variant) {
            Some(message) => Outcome::Malformed(message),
            None => Outcome::Invalid(e),
        },
        // A record's mistake is located at its line (`FILE:LINE: …`), as every command says it.
        Err(shogiprint::Error::Record(e)) => match e.invalid {
            Some(invalid) => Outcome::Invalid(*invalid),
            None => Outcome::MalformedAt(e.located(&entry.place.name())),
        },
        Err(e) => Outcome::Malformed(input::malformed_message(entry, &e, variant)),
    }
}

/// Text report: `<where>: valid`, or `<where>: invalid` and one `CODE SQUARES: message` line
/// per problem on stdout; malformed input is an error on stderr.
fn text(out: &mut impl Write, place: &str, outcome: &Outcome) -> std::io::Result<()> {
    match outcome {
        Outcome::Valid => writeln!(out, "{place}: valid"),
        Outcome::Invalid(e) => {
            writeln!(out, "{place}: invalid")?;
            for p in &e.problems {
                writeln!(out, "{}", p.line(e.size()))?;
            }
            Ok(())
        }
        Outcome::Malformed(message) => {
            // Keep stdout and stderr in input order when both go to one terminal.
            out.flush()?;
            report(&[format!("{place}: {message}")]);
            Ok(())
        }
        Outcome::MalformedAt(message) => {
            out.flush()?;
            report(std::slice::from_ref(message));
            Ok(())
        }
    }
}

#[derive(Serialize)]
struct JsonReport<'a> {
    input: &'a str,
    valid: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    problems: Option<Vec<JsonProblem>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
}

/// A problem as `--json` gives it (`game --json` too, for a record's start position).
#[derive(Serialize)]
pub struct JsonProblem {
    code: &'static str,
    side: Option<&'static str>,
    squares: Vec<String>,
    message: String,
}

/// Every problem of `e`, as `--json` gives them.
pub fn json_problems(e: &PositionError) -> Vec<JsonProblem> {
    e.problems
        .iter()
        .map(|p| JsonProblem {
            code: p.code.as_str(),
            side: p.side.map(|c| c.name()),
            squares: p.square_names(e.size()),
            message: p.message.clone(),
        })
        .collect()
}

fn json(name: &str, outcome: &Outcome) -> serde_json::Result<String> {
    let problems = json_problems;
    let report = match outcome {
        Outcome::Valid => JsonReport {
            input: name,
            valid: true,
            problems: Some(vec![]),
            error: None,
        },
        Outcome::Invalid(e) => JsonReport {
            input: name,
            valid: false,
            problems: Some(problems(e)),
            error: None,
        },
        Outcome::Malformed(message) | Outcome::MalformedAt(message) => JsonReport {
            input: name,
            valid: false,
            problems: None,
            error: Some(message),
        },
    };
    serde_json::to_string(&report)
}
