//! `shogiprint convert IN [-o OUT] [--to FORMAT]`: a game record from one format to another
//! (KIF, KI2, CSA, USI, SFEN, BOD); the format follows `--to`, else OUT's extension.

use super::{output, record_input, Failure};
use shogiprint::formats::record_io::{self, RecordFormat};
use shogiprint::rules::Variant;
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The record to read (format from the extension, else from the text), or '-'.
    #[arg(value_name = "IN")]
    input: String,
    /// Where to write ('-' for standard output, the default).
    #[arg(short, long, value_name = "OUT", default_value = "-")]
    output: String,
    /// The format to write: kif, ki2, csa, usi, sfen or bod (default: OUT's extension; kif for
    /// standard output or a name without one). An OUT whose extension names another record
    /// format is refused.
    #[arg(long, value_name = "FORMAT")]
    to: Option<String>,
}

pub fn run(args: &Args, variant: &Arc<Variant>, out: &mut impl Write) -> Result<i32, Failure> {
    let format = match &args.to {
        Some(name) => {
            let format = RecordFormat::from_name(name).ok_or_else(|| {
                Failure::bad(
                    format!("--to '{name}'"),
                    format!("expected one of {}", RecordFormat::NAMES.join(", ")),
                )
            })?;
            check_to_agrees(&args.output, name, format)?;
            format
        }
        None => format_of(&args.output)?,
    };
    let record = record_input::read(&args.input, variant)?;
    let text = record_io::write(&record, format);
    let bytes = record_io::encode(&text, format, Path::new(&args.output));
    output::write(&args.output, &bytes, out)?;
    Ok(0)
}

/// `--to` given with `-o target`: refused when the target's extension names another record
/// format (`--to csa -o game.kif` would write a CSA that shogiprint, reading by the extension,
/// could not read back); a name whose extension names no record format takes `--to`'s.
fn check_to_agrees(target: &str, name: &str, format: RecordFormat) -> Result<(), Failure> {
    let path = Path::new(target);
    match (RecordFormat::from_path(path), path.extension()) {
        (Some(named), Some(ext)) if target != "-" && named != format => Err(Failure::bad(
            target,
            format!(
                "--to {} disagrees with the extension .{}: name the file .{} or leave --to out",
                name.to_ascii_lowercase(),
                ext.to_string_lossy(),
                name.to_ascii_lowercase()
            ),
        )),
        _ => Ok(()),
    }
}

/// The format `-o` names by its extension: KIF for standard output or a name without one; an
/// extension that names no record format (`game.docx`) is a mistake, not a KIF.
fn format_of(target: &str) -> Result<RecordFormat, Failure> {
    let path = Path::new(target);
    match RecordFormat::from_path(path) {
        Some(format) => Ok(format),
        None if target == "-" || path.extension().is_none() => Ok(RecordFormat::Kif),
        None => Err(Failure::bad(
            target,
            "cannot tell the format from the extension: use .kif, .kifu, .ki2, .ki2u, .csa, .usi, .sfen, .bod or --to",
        )),
    }
}
