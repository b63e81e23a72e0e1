//! `shogiprint handicap`: setup sheets for handicaps — one as SVG, PNG or PDF, several (or
//! `--all`) as one PDF with an index page first.

use super::image::ImageArgs;
use super::output::{self, Format};
use super::values;
use super::Failure;
use shogiprint::draw::Fonts;
use shogiprint::draw::TextError;
use shogiprint::handicap;
use shogiprint::paper::Paper;
use shogiprint::render;
use shogiprint::rules::{Handicap, Variant};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Handicaps by id or Japanese name (two-piece, rook, 香落ち …). None means --all.
    #[arg(value_name = "NAME")]
    names: Vec<String>,

    /// Every handicap of the variant, in one PDF with an index page.
    #[arg(long)]
    all: bool,

    /// Output file; its extension picks the format (several handicaps need .pdf). Without it a
    /// single sheet goes to stdout as SVG, and several to handicaps.pdf.
    #[arg(short, long, value_name = "FILE")]
    output: Option<String>,

    #[arg(long, value_enum, help = output::FORMAT_HELP)]
    format: Option<Format>,

    #[arg(long, value_name = "PAPER", default_value = "a4", value_parser = values::paper,
          help = values::PAPER_ARG_HELP)]
    paper: Paper,

    /// A TrueType/OpenType font to use instead of the bundled Noto Serif JP.
    #[arg(long, value_name = "FILE")]
    font: Option<PathBuf>,

    #[command(flatten)]
    image: ImageArgs,

    #[command(flatten)]
    ink: super::ink::InkArgs,
}

pub fn run(args: &Args, variant: &Arc<Variant>, out: &mut impl Write) -> Result<i32, Failure> {
    if variant.handicaps.is_empty() {
        return Err(Failure::bad(
            "--variant",
            format!("{} has no handicaps", variant.english),
        ));
    }
    let paper = args.paper;
    let fonts = match &args.font {
        Some(path) => Fonts::from_file(path).map_err(|e| Failure::bad("--font", e))?,
        None => Fonts::bundled(),
    };
    if args.all && !args.names.is_empty() {
        return Err(Failure::bad(
            "--all",
            "give handicap names or --all, not both",
        ));
    }
    let chosen: Vec<&Handicap> = if args.names.is_empty() {
        variant.handicaps.iter().collect()
    } else {
        let mut chosen = Vec::new();
        for name in &args.names {
            chosen.push(variant.handicap(name).ok_or_else(|| {
                let known: Vec<String> = variant
                    .handicaps
                    .iter()
                    .map(|h| format!("{} ({})", h.id.replace('_', "-"), h.japanese))
                    .collect();
                Failure::bad(
                    format!("'{name}'"),
                    format!(
                        "not a handicap of {}: {}",
                        variant.english,
                        known.join(", ")
                    ),
                )
            })?);
        }
        chosen
    };
    // Every handicap's position was validated when the variant loaded (a user's variant file
    // too), so nothing is checked again here.
    let several = chosen.len() > 1;
    let target = match (&args.output, several) {
        (Some(o), _) => o.clone(),
        (None, true) => "handicaps.pdf".to_string(),
        (None, false) => "-".to_string(),
    };
    let format = match (args.format, target.as_str()) {
        (Some(f), t) => output::check_format_agrees(t, f)?,
        // Several sheets make one PDF, to stdout as well; one sheet goes out as SVG.
        (None, "-") if several => Format::Pdf,
        (None, "-") => Format::Svg,
        (None, t) => Format::from_path(Path::new(t)).ok_or_else(|| {
            Failure::bad(
                t,
                "cannot tell the format from the extension: use .svg, .png, .pdf or --format",
            )
        })?,
    };
    args.image.check_used_by(format)?;
    output::not_to_terminal(&target, format)?;
    let sheet_err = |e: TextError| Failure::bad("handicap", e);
    if several && format != Format::Pdf {
        return Err(Failure::bad(
            &target,
            "several handicaps go into one PDF: use -o FILE.pdf or --format pdf (or name one handicap)",
        ));
    }
    let bytes = if several {
        let total = chosen.len() + 1;
        let title = format!("{} handicaps", variant.english);
        let options = render::PdfOptions::new(&title)
            .actual_size()
            .ink(args.ink.options());
        let mut writer = render::PdfWriter::with_options(&fonts, options);
        let index =
            handicap::index(variant, &chosen, &fonts, paper, 2, total).map_err(sheet_err)?;
        writer.add_page(&index);
        for (i, h) in chosen.iter().enumerate() {
            let page = handicap::sheet(variant, h, &fonts, paper, Some((i + 2, total)))
                .map_err(sheet_err)?;
            writer.add_page(&page);
        }
        writer.finish()
    } else {
        let h = chosen[0];
        let mut page = handicap::sheet(variant, h, &fonts, paper, None).map_err(sheet_err)?;
        args.ink.options().apply_in_place(&mut page);
        match format {
            Format::Svg => render::to_svg_with(&page, &fonts, &args.image.svg()?).into_bytes(),
            Format::Png => render::to_png_with(&page, &fonts, &args.image.png(1240)?)
                .map_err(|e| args.image.png_failure(e))?,
            Format::Pdf => render::to_pdf_with(
                std::slice::from_ref(&page),
                &fonts,
                render::PdfOptions::new(&format!("{} ({})", h.japanese, h.english)).actual_size(),
            ),
        }
    };
    output::write(&target, &bytes, out)?;
    Ok(0)
}
