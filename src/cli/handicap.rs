//! `shogiprint handicap`: setup sheets for handicaps — one as SVG, PNG or PDF, several (or
//! `--all`) as one PDF with an index page first.

use super::output::{self, Format};
use super::Failure;
use shogiprint::diagram::Diagram;
use shogiprint::draw::Fonts;
use shogiprint::handicap_sheet::{self, SheetError};
use shogiprint::paper::{Paper, PAPER_HELP};
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

    /// The format, when the file name does not say.
    #[arg(long, value_enum)]
    format: Option<Format>,

    /// Paper: a4, a5, b5, letter or WxHmm.
    #[arg(long, default_value = "a4")]
    paper: String,

    /// A TrueType font to use instead of the bundled Noto Serif JP.
    #[arg(long, value_name = "FILE")]
    font: Option<PathBuf>,

    /// PNG width in pixels (16 to 16384; at most 100 megapixels in all).
    #[arg(long, value_name = "PX", default_value_t = 1240, value_parser = output::parse_px)]
    px: u32,
}

pub fn run(args: &Args, variant: &Arc<Variant>, out: &mut impl Write) -> Result<i32, Failure> {
    if variant.handicaps.is_empty() {
        return Err(Failure::bad(
            "--variant",
            format!("{} has no handicaps", variant.english),
        ));
    }
    let paper = Paper::parse(&args.paper).ok_or_else(|| {
        Failure::bad(
            "--paper",
            format!("'{}': expected {PAPER_HELP}", args.paper),
        )
    })?;
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
    // Every sheet's position is validated before anything is drawn (the variant checked them
    // when it loaded; a user's variant file goes through the same check).
    for h in &chosen {
        let removed = handicap_sheet::removed(variant, h)
            .map_err(|e| Failure::from_error(format!("handicap '{}'", h.id), &e))?;
        let mut d = Diagram::new(variant.clone(), removed.setup);
        d.options.handicap = true;
        d.check().map_err(|e| {
            Failure::from_error(
                format!("handicap '{}'", h.id),
                &shogiprint::Error::Invalid(e),
            )
        })?;
    }

    let several = chosen.len() > 1;
    let target = match (&args.output, several) {
        (Some(o), _) => o.clone(),
        (None, true) => "handicaps.pdf".to_string(),
        (None, false) => "-".to_string(),
    };
    let format = match (args.format, target.as_str()) {
        (Some(f), _) => f,
        (None, "-") => Format::Svg,
        (None, t) => Format::from_path(Path::new(t)).ok_or_else(|| {
            Failure::bad(
                t,
                "cannot tell the format from the extension: use .svg, .png, .pdf or --format",
            )
        })?,
    };
    let sheet_err = |e: SheetError| match e {
        SheetError::Data(e) => Failure::from_error("handicap", &e),
        SheetError::Text(t) => Failure::bad("handicap", t),
    };
    if several && format != Format::Pdf {
        return Err(Failure::bad(
            &target,
            "several handicaps go into one PDF: use -o FILE.pdf (or name one handicap)",
        ));
    }
    let bytes = if several {
        let total = chosen.len() + 1;
        let title = format!("{} handicaps", variant.english);
        let mut writer = render::PdfWriter::new(&fonts, &title);
        let index =
            handicap_sheet::index(variant, &chosen, &fonts, paper, 2, total).map_err(sheet_err)?;
        writer.add_page(&index);
        for (i, h) in chosen.iter().enumerate() {
            let page = handicap_sheet::sheet(variant, h, &fonts, paper, Some((i + 2, total)))
                .map_err(sheet_err)?;
            writer.add_page(&page);
        }
        writer.finish()
    } else {
        let h = chosen[0];
        let page = handicap_sheet::sheet(variant, h, &fonts, paper, None).map_err(sheet_err)?;
        match format {
            Format::Svg => render::to_svg(&page, &fonts).into_bytes(),
            Format::Png => render::to_png(&page, &fonts, args.px)
                .map_err(|e| output::png_failure(args.px, e))?,
            Format::Pdf => render::to_pdf(
                std::slice::from_ref(&page),
                &fonts,
                &format!("{} ({})", h.japanese, h.english),
            ),
        }
    };
    output::write(&target, &bytes, out)?;
    Ok(0)
}
