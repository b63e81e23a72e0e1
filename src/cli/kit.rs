//! `shogiprint kit`: the cardstock PDF of every piece of the variant's set at true size, and its
//! board in page tiles.

use super::output;
use super::values;
use super::Failure;
use shogiprint::draw::{Fonts, InkOptions};
use shogiprint::kit::{self, FaceStyle, KitOptions, Layout, Lettering, Paper};
use shogiprint::render;
use shogiprint::rules::Variant;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Output PDF ('-' for stdout).
    #[arg(short, long, value_name = "FILE", default_value = "shogi-kit.pdf")]
    output: String,

    #[arg(long, value_name = "PAPER", default_value = "a4", value_parser = values::paper,
          help = values::PAPER_ARG_HELP)]
    paper: Paper,

    /// kanji (the two-character name), arrows (the one-character name, large) or western
    /// (the SFEN letter); all carry the English name and movement marks.
    #[arg(long, default_value = "kanji", value_parser = values::named::<FaceStyle>)]
    style: FaceStyle,

    /// brush: the names written in a brush face (書体, Yuji Syuku), as on real pieces;
    /// mincho: printed in Noto Serif JP Bold.
    #[arg(long, value_name = "FACE", default_value = "brush", value_parser = values::named::<Lettering>)]
    face: Lettering,

    /// fold: front and back side by side, folded at the base; duplex: backs on the next page,
    /// for double-sided printing (long-edge flip).
    #[arg(long, default_value = "fold", value_parser = values::named::<Layout>)]
    layout: Layout,

    /// Pieces to add, one per side, comma-separated: prince, elephant, or any piece id.
    #[arg(long, value_name = "PIECES", value_delimiter = ',')]
    extras: Vec<String>,

    /// Multiplies every size (pieces, board, stands), e.g. 0.8 for a travel set.
    #[arg(
        long,
        value_name = "F",
        default_value_t = 1.0,
        allow_negative_numbers = true
    )]
    scale: f64,

    /// Printer-safe margin in millimetres: nothing is printed nearer the edge.
    #[arg(
        long,
        value_name = "MM",
        default_value_t = 6.0,
        allow_negative_numbers = true
    )]
    margin: f64,

    /// Leave the board out.
    #[arg(long)]
    no_board: bool,

    /// A board square across x deep in millimetres (default: the variant's traditional board,
    /// 35.2x38.7 for the Japan Shogi Association's reference board, 34.1x36.6 for chu shogi's
    /// go-board-sized one). The pieces keep their size: `--scale` changes both.
    #[arg(long, value_name = "WxH", value_parser = parse_square)]
    square: Option<(f64, f64)>,

    /// Print file and rank numbers in the board's border.
    #[arg(long)]
    coordinates: bool,

    /// Tint the promotion zones on the board.
    #[arg(long)]
    zone_tint: bool,

    /// Add a page with two piece stands (komadai).
    #[arg(long)]
    komadai: bool,

    /// Leave out the rules card (page 2: the variant's rules, Japanese and English).
    #[arg(long)]
    no_rules_card: bool,

    /// A TrueType/OpenType font to use instead of the bundled Noto Serif JP (for pieces whose
    /// names the bundled subset lacks).
    #[arg(long, value_name = "FILE")]
    font: Option<PathBuf>,

    #[command(flatten)]
    ink: super::ink::InkArgs,

    /// Outlines and marks only: no fills or tints, to save ink.
    #[arg(long)]
    no_fill: bool,
}

fn parse_square(s: &str) -> Result<(f64, f64), String> {
    let bad = || "expected across x deep in millimetres, such as 35.2x38.7".to_string();
    let (w, h) = s
        .trim()
        .trim_end_matches("mm")
        .split_once(['x', 'X'])
        .ok_or_else(bad)?;
    Ok((
        w.trim().parse().map_err(|_| bad())?,
        h.trim().parse().map_err(|_| bad())?,
    ))
}

pub fn run(args: &Args, variant: &Arc<Variant>, out: &mut impl Write) -> Result<i32, Failure> {
    output::pdf_only(&args.output, "a kit")?;
    let options = KitOptions {
        paper: args.paper,
        style: args.style,
        lettering: args.face,
        layout: args.layout,
        extras: args
            .extras
            .iter()
            .filter(|e| !e.trim().is_empty())
            .cloned()
            .collect(),
        scale: args.scale,
        margin: args.margin,
        board: !args.no_board,
        square: args.square,
        coordinates: args.coordinates,
        zone_tint: args.zone_tint,
        komadai: args.komadai,
        rules_card: !args.no_rules_card,
    };
    let fonts = match &args.font {
        Some(path) => Fonts::from_file(path).map_err(|e| Failure::bad("--font", e))?,
        None => Fonts::bundled(),
    };
    let built = kit::build(variant, &options, &fonts).map_err(|e| match e {
        // The option is named by its flag, as clap names its own.
        kit::KitError::Option { option, message } => Failure::bad(format!("--{option}"), message),
        other => Failure::bad("kit", other),
    })?;
    let title = format!("shogiprint kit: {}", variant.english);
    let ink = InkOptions {
        no_fill: args.no_fill,
        ..args.ink.options()
    };
    let options = render::PdfOptions::new(&title)
        .actual_size()
        .duplex(args.layout == Layout::Duplex)
        .ink(ink);
    let bytes = render::to_pdf_with(&built.pages, &fonts, options);
    output::write(&args.output, &bytes, out)?;
    Ok(0)
}
