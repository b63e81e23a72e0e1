//! Reading a game record named on the command line: the file's bytes, its format from the
//! extension (or its text), and errors as `FILE:LINE: move: why`.

use super::Failure;
use shogiprint::formats::record::Record;
use shogiprint::formats::record_io::{self, RecordFormat};
use shogiprint::rules::Variant;
use std::path::Path;
use std::sync::Arc;

/// Reads the record in `path` (`-` is standard input).
pub fn read(path: &str, variant: &Arc<Variant>) -> Result<Record, Failure> {
    let bytes = if path == "-" {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut buf)
            .map_err(|e| Failure::bad("stdin", e))?;
        buf
    } else {
        std::fs::read(path).map_err(|e| Failure::bad(path, e))?
    };
    let format = RecordFormat::from_path(Path::new(path));
    record_io::read(&bytes, format, variant).map_err(|e| Failure {
        lines: vec![e.located(path)],
        code: 2,
    })
}

/// Is this argument a record file (by its extension) rather than a position?
pub fn is_record_path(arg: &str) -> bool {
    RecordFormat::from_path(Path::new(arg)).is_some_and(|f| f != RecordFormat::Sfen)
        && Path::new(arg).is_file()
}
