//! `shogiprint tsume`: proves each mating problem and reports its conventional length, main
//! line and alternative solutions (余詰). Exit code: 0 if every problem is sound, 1 if any has no
//! mate, a defect or an unknown result (or is invalid), 2 if any input is malformed.

use super::input::{self, Entry, Inputs};
use super::{report, Failure};
use serde::Serialize;
use shogiprint::formats::notation::{japanese, usi, western};
use shogiprint::rules::{validate, Position, Variant};
use shogiprint::tsume::{self, inventory, Limits, Status, Verdict};
use std::io::Write;
use std::sync::Arc;
use std::time::Duration;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Print one JSON object per problem, one per line, instead of text.
    #[arg(long)]
    json: bool,

    /// Stop a problem's search after this many nodes (its status is then `unknown`).
    #[arg(long, value_name = "N", default_value_t = 50_000_000)]
    max_nodes: u64,

    /// Stop a problem's search after this many seconds (its status is then `unknown`).
    #[arg(long, value_name = "SECONDS")]
    time: Option<f64>,

    /// Memory budget of the transposition table, in MiB.
    #[arg(long, value_name = "MB", default_value_t = 256)]
    hash: usize,

    /// Treat every alternative solution as a defect, final-move and promotion choices too.
    #[arg(long)]
    strict: bool,

    /// Problems: SFENs, USI position strings, files of positions (one per line) or '-'.
    #[arg(value_name = "INPUT", required = true)]
    inputs: Vec<String>,
}

/// A verified problem with its main line in Japanese and western notation.
struct Solved {
    verdict: Verdict,
    ja: Vec<String>,
    en: Vec<String>,
}

/// The main line in Japanese (▲7六歩 △同　歩 …) and western notation.
fn notations(start: &Position, verdict: &Verdict) -> (Vec<String>, Vec<String>) {
    let ja = japanese::line(start, &verdict.line).unwrap_or_default();
    let mut en = Vec::new();
    let mut pos = start.clone();
    for mv in &verdict.line {
        en.push(western::write(&pos, *mv));
        pos.play_unchecked(*mv);
    }
    (ja, en)
}

/// What became of one problem.
enum Outcome {
    Solved(Box<Solved>),
    Invalid(Vec<String>),
    Malformed(String),
}

pub fn run(args: &Args, variant: &Arc<Variant>, out: &mut impl Write) -> Result<i32, Failure> {
    let time = match args.time {
        Some(s) if !(s.is_finite() && s > 0.0) => {
            return Err(Failure::bad(
                "--time",
                "must be a positive number of seconds",
            ))
        }
        Some(s) => Some(Duration::from_secs_f64(s.min(1e9))),
        None => None,
    };
    let limits = Limits {
        max_nodes: args.max_nodes,
        time,
        hash_mb: args.hash,
    };
    let mut inputs = Inputs::default();
    let mut worst = 0;
    for arg in &args.inputs {
        let results = inputs.each(arg, |e| solve(e, variant, limits));
        for (name, place, outcome) in results {
            let outcome = outcome.unwrap_or_else(Outcome::Malformed);
            let code = match &outcome {
                Outcome::Solved(s) if s.verdict.is_sound(args.strict) => 0,
                Outcome::Solved(_) | Outcome::Invalid(_) => 1,
                Outcome::Malformed(_) => 2,
            };
            worst = worst.max(code);
            if args.json {
                let line = json(&name, &outcome, variant, args.strict)
                    .map_err(|e| Failure::bad("json", e))?;
                writeln!(out, "{line}")?;
            } else {
                text(out, &place, &outcome, variant, args.strict)?;
            }
        }
    }
    Ok(worst)
}

fn solve(entry: &Entry, variant: &Arc<Variant>, limits: Limits) -> Outcome {
    let options = validate::Options { tsume: true };
    let position = match input::position(entry, variant, options) {
        Ok(p) => p,
        Err(e) if input::shape_error(&e, variant).is_some() => {
            return Outcome::Malformed(input::shape_error(&e, variant).unwrap_or_default())
        }
        Err(shogiprint::Error::Invalid(e)) => {
            return Outcome::Invalid(e.problems.iter().map(|p| p.line(e.size())).collect())
        }
        Err(e) => return Outcome::Malformed(input::malformed_message(entry, &e, variant)),
    };
    match inventory::complete(&position) {
        Ok(p) => {
            let verdict = tsume::verify(&p, limits);
            let (ja, en) = notations(&p, &verdict);
            Outcome::Solved(Box::new(Solved { verdict, ja, en }))
        }
        Err(lines) => Outcome::Invalid(lines),
    }
}

fn usi_line(v: &Verdict, variant: &Variant) -> Vec<String> {
    v.line
        .iter()
        .map(|m| usi::write_move(variant, *m))
        .collect()
}

fn status_text(v: &Verdict) -> String {
    match v.status {
        Status::Mate => format!("mate in {}", v.length.unwrap_or(0)),
        Status::NoMate => "no mate".to_string(),
        Status::Unknown(limit) => format!("unknown ({} limit reached)", limit.name()),
    }
}

fn text(
    out: &mut impl Write,
    place: &str,
    outcome: &Outcome,
    variant: &Variant,
    strict: bool,
) -> std::io::Result<()> {
    match outcome {
        Outcome::Solved(solved) => {
            let v = &solved.verdict;
            let verdict = if v.is_sound(strict) {
                "sound"
            } else {
                "NOT sound"
            };
            writeln!(out, "{place}: {} — {verdict}", status_text(v))?;
            if v.status == Status::Mate {
                writeln!(out, "  line: {}", usi_line(v, variant).join(" "))?;
                if !solved.ja.is_empty() {
                    let length = v.length.unwrap_or(0);
                    writeln!(out, "  {}まで{length}手詰", solved.ja.join(" "))?;
                    writeln!(out, "  {}", solved.en.join(" "))?;
                }
                if let Some(left) = v.left_in_hand.filter(|n| *n > 0) {
                    writeln!(out, "  pieces left in hand: {left}")?;
                }
                for a in &v.alternatives {
                    let defect = if a.kind.is_defect(strict) {
                        " (defect)"
                    } else {
                        ""
                    };
                    writeln!(
                        out,
                        "  alternative at ply {}: {} [{}]{defect}",
                        a.ply,
                        usi::write_move(variant, a.mv),
                        a.kind.name()
                    )?;
                }
            }
            writeln!(
                out,
                "  nodes: {}, {} ms (proof: {} nodes, {} ms)",
                v.nodes, v.ms, v.proof_nodes, v.proof_ms
            )
        }
        Outcome::Invalid(lines) => {
            writeln!(out, "{place}: invalid")?;
            for l in lines {
                writeln!(out, "  {l}")?;
            }
            Ok(())
        }
        Outcome::Malformed(message) => {
            out.flush()?;
            report(&[format!("{place}: {message}")]);
            Ok(())
        }
    }
}

#[derive(Serialize)]
struct JsonReport<'a> {
    input: &'a str,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<&'static str>,
    length: Option<u32>,
    line: Vec<String>,
    line_ja: Vec<String>,
    line_en: Vec<String>,
    alternatives: Vec<JsonAlternative>,
    left_in_hand: Option<u32>,
    sound: bool,
    nodes: u64,
    ms: u128,
    proof_nodes: u64,
    proof_ms: u128,
    #[serde(skip_serializing_if = "Option::is_none")]
    problems: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
}

#[derive(Serialize)]
struct JsonAlternative {
    ply: u32,
    #[serde(rename = "move")]
    mv: String,
    kind: &'static str,
    defect: bool,
}

fn json(
    name: &str,
    outcome: &Outcome,
    variant: &Variant,
    strict: bool,
) -> serde_json::Result<String> {
    let empty = JsonReport {
        input: name,
        status: "invalid",
        limit: None,
        length: None,
        line: vec![],
        line_ja: vec![],
        line_en: vec![],
        alternatives: vec![],
        left_in_hand: None,
        sound: false,
        nodes: 0,
        ms: 0,
        proof_nodes: 0,
        proof_ms: 0,
        problems: None,
        error: None,
    };
    let report = match outcome {
        Outcome::Solved(solved) => {
            let v = &solved.verdict;
            JsonReport {
                status: v.status.name(),
                limit: match v.status {
                    Status::Unknown(l) => Some(l.name()),
                    _ => None,
                },
                length: v.length,
                line: usi_line(v, variant),
                line_ja: solved.ja.clone(),
                line_en: solved.en.clone(),
                alternatives: v
                    .alternatives
                    .iter()
                    .map(|a| JsonAlternative {
                        ply: a.ply,
                        mv: usi::write_move(variant, a.mv),
                        kind: a.kind.name(),
                        defect: a.kind.is_defect(strict),
                    })
                    .collect(),
                left_in_hand: v.left_in_hand,
                sound: v.is_sound(strict),
                nodes: v.nodes,
                ms: v.ms,
                proof_nodes: v.proof_nodes,
                proof_ms: v.proof_ms,
                ..empty
            }
        }
        Outcome::Invalid(lines) => JsonReport {
            problems: Some(lines),
            ..empty
        },
        Outcome::Malformed(message) => JsonReport {
            status: "malformed",
            error: Some(message),
            ..empty
        },
    };
    serde_json::to_string(&report)
}
