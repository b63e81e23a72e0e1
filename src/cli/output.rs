//! Writing results: to stdout for `-`, otherwise to a file that appears whole or not at all (the
//! bytes go to a temporary file beside it, which is then renamed over the target).

use super::Failure;
use std::io::Write;
use std::path::Path;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Svg,
    Png,
    Pdf,
}

impl Format {
    /// The format a file name asks for, by extension.
    pub fn from_path(path: &Path) -> Option<Format> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "svg" => Some(Format::Svg),
            "png" => Some(Format::Png),
            "pdf" => Some(Format::Pdf),
            _ => None,
        }
    }
}

/// Writes `bytes` to `target` (`-` is stdout).
pub fn write(target: &str, bytes: &[u8], out: &mut impl Write) -> Result<(), Failure> {
    if target == "-" {
        // Through `From<io::Error>`, so that a closed pipe is not an error.
        out.write_all(bytes)?;
        return Ok(());
    }
    write_streaming(target, out, &mut |w| {
        w.write_all(bytes).map_err(|e| Failure::bad(target, e))
    })
}

/// Like [`write`], for output made piece by piece (a long booklet): `fill` writes into a
/// temporary file beside the target, which replaces the target only if `fill` succeeds. For `-`
/// it writes to `out`.
pub fn write_streaming(
    target: &str,
    out: &mut dyn Write,
    fill: &mut dyn FnMut(&mut dyn Write) -> Result<(), Failure>,
) -> Result<(), Failure> {
    if target == "-" {
        return fill(out);
    }
    let path = Path::new(target);
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let temp = dir.join(format!(".{name}.{}.part", std::process::id()));
    let file = std::fs::File::create(&temp).map_err(|e| Failure::bad(target, e))?;
    let mut writer = std::io::BufWriter::new(file);
    let result = fill(&mut writer).and_then(|_| {
        let file = writer
            .into_inner()
            .map_err(|e| Failure::bad(target, e.into_error()))?;
        drop(file);
        std::fs::rename(&temp, path).map_err(|e| Failure::bad(target, e))
    });
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}
