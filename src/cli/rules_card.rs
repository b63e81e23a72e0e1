//! `shogiprint rules-card`: the rules leaflet of a variant, as PDF (default), SVG or PNG. A card
//! of two pages (chu shogi, and every variant on A5) is one PDF of two pages, or two SVG or PNG
//! files named as pdftoppm names pages: `card-1.png`, `card-2.png`.

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
    /// Output file ('-' for stdout); its extension picks the format. A card of two pages (chu
    /// shogi, and A5 paper) as SVG or PNG is two files, FILE's name with -1 and -2
    /// (card-1.png, card-2.png), and not written to stdout.
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
    if format == Format::Pdf {
        let bytes = render::to_pdf_with(
            &card.pages,
            &fonts,
            render::PdfOptions::new(&format!("Rules of {}", variant.english))
                .actual_size()
                .ink(args.ink.options()),
        );
        output::write(&args.output, &bytes, out)?;
        return Ok(0);
    }
    // An SVG or a PNG is one page: a card of two is two files, each printed as a page.
    let targets = page_targets(&args.output, card.pages.len());
    if targets.len() > 1 && args.output == "-" {
        return Err(Failure::bad(
            "-o -",
            format!(
                "the {} card takes {} pages: as {} they are written to files (-o card.{} gives card-1.{} …), or as one PDF to stdout",
                variant.english,
                targets.len(),
                format.name().to_uppercase(),
                format.name(),
                format.name()
            ),
        ));
    }
    // Every page is made before any is written.
    let mut files = Vec::new();
    for (page, target) in card.pages.iter().zip(targets) {
        let mut page = page.clone();
        args.ink.options().apply_in_place(&mut page);
        let bytes = match format {
            Format::Svg => render::to_svg_with(&page, &fonts, &args.image.svg()?).into_bytes(),
            _ => render::to_png_with(&page, &fonts, &args.image.png(1240)?)
                .map_err(|e| args.image.png_failure(e))?,
        };
        files.push((target, bytes));
    }
    for (i, (target, bytes)) in files.iter().enumerate() {
        if let Err(e) = output::write(target, bytes, out) {
            // The card whole or not at all: the pages written before go again.
            for (written, _) in &files[..i] {
                let _ = std::fs::remove_file(written);
            }
            return Err(e);
        }
    }
    Ok(0)
}

/// Where each of `pages` pages goes: `target` itself for one page, else `NAME-1.EXT`,
/// `NAME-2.EXT` … beside it (as pdftoppm names the pages it writes).
fn page_targets(target: &str, pages: usize) -> Vec<String> {
    if pages <= 1 {
        return vec![target.to_string()];
    }
    let path = Path::new(target);
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    (1..=pages)
        .map(|n| {
            path.with_file_name(format!("{stem}-{n}{ext}"))
                .to_string_lossy()
                .to_string()
        })
        .collect()
}
