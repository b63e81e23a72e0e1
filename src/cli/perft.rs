//! `shogiprint perft`: the number of leaf nodes of the legal move tree, the standard check of a
//! move generator against published counts.

use super::{input, Failure};
use shogiprint::formats::notation::usi;
use shogiprint::rules::Variant;
use std::io::Write;
use std::sync::Arc;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// How many plies deep to count.
    #[arg(
        long,
        short,
        value_name = "N",
        allow_negative_numbers = true,
        value_parser = super::numbers::zero_or_more::<u32>
    )]
    depth: u32,

    /// First print one line per legal move, `USI: count`, sorted by the move.
    #[arg(long)]
    divide: bool,

    #[command(flatten)]
    position: input::PlayArgs,
}

pub fn run(args: &Args, variant: &Arc<Variant>, out: &mut impl Write) -> Result<i32, Failure> {
    let position = args.position.read(variant, "perft")?;
    // Depth 0 is the one root node, with no moves to split it by.
    let total = if args.divide && args.depth > 0 {
        let mut split: Vec<(String, u64)> = position
            .divide(args.depth)
            .into_iter()
            .map(|(mv, n)| (usi::write_move(variant, mv), n))
            .collect();
        split.sort();
        for (mv, n) in &split {
            writeln!(out, "{mv}: {n}")?;
        }
        split.iter().map(|(_, n)| n).sum()
    } else {
        position.perft(args.depth)
    };
    // Scripts read the count from the last line, with or without --divide.
    writeln!(out, "{total}")?;
    Ok(0)
}
