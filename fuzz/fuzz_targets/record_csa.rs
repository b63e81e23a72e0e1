//! CSA game records from any bytes: see `record_check.rs`.
#![no_main]

#[path = "record_check.rs"]
mod record_check;

libfuzzer_sys::fuzz_target!(|data: &[u8]| record_check::check(data, "csa"));
