//! `shogiprint moves`: every legal move of a position in USI notation.

use super::{input, Failure};
use shogiprint::formats::notation::usi;
use shogiprint::rules::Variant;
use std::io::Write;
use std::sync::Arc;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    position: input::PlayArgs,
}

pub fn run(args: &Args, variant: &Arc<Variant>, out: &mut impl Write) -> Result<i32, Failure> {
    let position = args.position.read(variant, "moves")?;
    let mut moves: Vec<String> = position
        .legal_moves()
        .into_iter()
        .map(|mv| usi::write_move(variant, mv))
        .collect();
    // A plain string sort, so that the output can be compared with `sort` and other engines.
    moves.sort();
    for mv in moves {
        writeln!(out, "{mv}")?;
    }
    Ok(0)
}
