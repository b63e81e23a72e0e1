//! KI2 game records: KIF's header with moves written without source squares (`▲７六歩 △３四歩`),
//! each resolved against the legal moves with the Japanese move notation.

use super::record::{Record, RecordError};
use crate::rules::Variant;
use std::sync::Arc;

/// Reads a KI2 record. Not available yet: it needs the Japanese move notation parser.
pub fn read(_text: &str, _variant: &Arc<Variant>) -> Result<Record, RecordError> {
    Err(RecordError::new(
        0,
        "",
        "KI2 reading is not implemented yet",
    ))
}

/// Writes a KI2 record. Not available yet: it needs the Japanese move notation writer.
pub fn write(record: &Record) -> String {
    super::kif::write(record)
}
