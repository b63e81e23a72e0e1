//! The check every record fuzz target runs, shared by `record_{kif,ki2,csa,bod}.rs` (included
//! with `#[path]`, so it is not a target of its own): reading any bytes never panics, and a record
//! that reads writes back in the same format and reads again (the tool must never write a file
//! its own readers refuse) with the same moves and result (BOD holds only a position, so only
//! that it reads again).

use shogiprint::formats::record_io::{self, RecordFormat};
use shogiprint::rules::Variant;
use std::sync::{Arc, OnceLock};

fn standard() -> &'static Arc<Variant> {
    static V: OnceLock<Arc<Variant>> = OnceLock::new();
    V.get_or_init(|| Variant::builtin("standard").unwrap())
}

pub fn check(data: &[u8], format_name: &str) {
    let format = RecordFormat::from_name(format_name);
    let Ok(record) = record_io::read(data, format, standard()) else {
        return;
    };
    let Some(format) = format else { return };
    let written = record_io::write(&record, format);
    let again = record_io::read(written.as_bytes(), Some(format), standard())
        .unwrap_or_else(|e| panic!("written, not read again: {e}\n{written}"));
    if format != RecordFormat::Bod {
        assert_eq!(again.moves.len(), record.moves.len(), "{written}");
        assert_eq!(again.result(), record.result(), "{written}");
    }
}
