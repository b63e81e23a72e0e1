//! `shogiprint rules-card`: the one-page rules leaflet of a variant, as PDF (default), SVG or
//! PNG.

use super::image::ImageArgs;
use super::output::{self, Format};
use super::values;
use super::Failure;
use shogiprint::draw::Fonts;
use shogiprint::paper::Paper;
use shogiprint::render;
use shogiprint::rules::Variant;
use shogiprint::rulescard::{self, RulesCardOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Output file ('-' for stdout); its extension picks the format.
    #[arg(short, long, value_name = "FILE", default_value = "rules-card.pdf")]
    output: String,

    #[arg(long, value_enum, help = output::FORMAT_HELP)]
    format: Option<Format>,

    #[arg(long, value_name = "PAPER", default_value = "a4", value_parser = values::paper,
          help = values::PAPER_ARG_HELP)]
    paper: Paper,

    /// Printer-safe margin in millimetres.
    #[arg(
        long,
        value_name = "MM",
        default_value_t = 10.0,
        allow_negative_numbers = true
    )]
    margin: f64,

    /// A TrueType/OpenType font to use instead of the bundled Noto Serif JP.
    #[arg(long, value_name = "FILE")]
    font: Option<PathBuf>,

    #[command(flatten)]
    image: ImageArgs,

    #[command(flatten)]
    ink: super::ink::InkArgs,
}

pub fn run(args: &Args, variant: &Arc<Variant>, out: &mut impl Write) -> Result<i32, Failure> {
    let paper = args.paper;
    if !(args.margin.is_finite() && (0.0..=40.0).contains(&args.margin)) {
        return Err(Failure::bad(
            "--margin",
            format!("{} mm: expected 0 to 40", args.margin),
        ));
    }
    let format = match (args.format, args.output.as_str()) {
        (Some(f), t) => output::check_format_agrees(t, f)?,
        (None, "-") => Format::Pdf,
        (None, t) => Format::from_path(Path::new(t)).ok_or_else(|| {
            Failure::bad(
                t,
                "cannot tell the format from the extension: use .pdf, .svg, .png or --format",
            )
        })?,
    };
    args.image.check_used_by(format)?;
    output::not_to_terminal(&args.output, format)?;
    let fonts = match &args.font {
        Some(path) => Fonts::from_file(path).map_err(|e| Failure::bad("--font", e))?,
        None => Fonts::bundled(),
    };
    let options = RulesCardOptions {
        paper,
        margin: args.margin,
        least_margin: None,
    };
    let card =
        rulescard::build(variant, &options, &fonts).map_err(|e| Failure::bad("rules-card", e))?;
    // SVG and PNG show a two-page card's pages one above the other.
    let mut page = stacked(&card.pages);
    let bytes = match format {
        Format::Pdf => render::to_pdf_with(
            &card.pages,
            &fonts,
            render::PdfOptions::new(&format!("Rules of {}", variant.english))
                .actual_size()
                .ink(args.ink.options()),
        ),
        Format::Svg => {
            args.ink.options().apply_in_place(&mut page);
            render::to_svg_with(&page, &fonts, &args.image.svg()?).into_bytes()
        }
        Format::Png => {
            args.ink.options().apply_in_place(&mut page);
            render::to_png_with(&page, &fonts, &args.image.png(1240)?)
                .map_err(|e| args.image.png_failure(e))?
        }
    };
    output::write(&args.output, &bytes, out)?;
    Ok(0)
}

/// The pages one above the other in one drawing (the first page as it is when there is one).
fn stacked(pages: &[shogiprint::draw::Drawing]) -> shogiprint::draw::Drawing {
    let Some(first) = pages.first() else {
        return shogiprint::draw::Drawing::new(0.0, 0.0);
    };
    if pages.len() == 1 {
        return first.clone();
    }
    let mut out = shogiprint::draw::Drawing::new(first.width, 0.0);
    out.title = first.title.clone();
    for p in pages {
        out.place(p, 0.0, out.height);
        out.height += p.height;
    }
    out
}
