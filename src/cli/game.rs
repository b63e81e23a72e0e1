//! `shogiprint game FILE`: a summary of a game record — players, start, number of moves, result,
//! repetitions, final SFEN — as text or JSON.

use super::{record_input, Failure};
use shogiprint::formats::record::Record;
use shogiprint::rules::{Repetition, Variant};
use std::io::Write;
use std::sync::Arc;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The record: a KIF, KI2, CSA, BOD or USI file (format from the extension), or '-'.
    #[arg(value_name = "FILE")]
    file: String,
    /// Print JSON instead of text.
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
        handicap: r.handicap.clone(),
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

pub fn run(args: &Args, variant: &Arc<Variant>, out: &mut impl Write) -> Result<i32, Failure> {
    let record = record_input::read(&args.file, variant)?;
    let s = summary(&record);
    if args.json {
        let text = serde_json::to_string_pretty(&s).map_err(|e| Failure::bad("json", e))?;
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
