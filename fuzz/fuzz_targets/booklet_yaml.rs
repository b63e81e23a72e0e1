//! Booklet files from YAML: never a panic, whatever the text. A file that loads is prepared
//! (every entry read, validated and measured) and, if that succeeds, rendered page by page —
//! without writing anything, and with a positions file that never exists.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogiprint::booklet::{self, Book};
use shogiprint::draw::Fonts;
use shogiprint::rules::Variant;
use std::sync::{Arc, OnceLock};

fn standard() -> Arc<Variant> {
    static V: OnceLock<Arc<Variant>> = OnceLock::new();
    V.get_or_init(|| Variant::builtin("standard").unwrap()).clone()
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let no_files = |name: &str| -> Result<String, String> { Err(format!("{name}: not found")) };
    let mut book = match Book::from_yaml(text, "fuzz.yaml", &no_files) {
        Ok(book) => book,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    // Large booklets are fine but slow; the fuzzer's time goes further on many small ones.
    if book.entries.len() > 24 {
        return;
    }
    // Each tsume entry proven within 3 000 nodes and 1 MiB, as in `tsume_verify`, whatever the
    // file asks (a command-line setting wins over the file's): with the debug assertions, a
    // booklet's default of 60 s a problem ran past libFuzzer's timeout on a 43 k-node disproof.
    book.options.verify.command_line.max_nodes = Some(3_000);
    book.options.verify.command_line.hash_mb = Some(1);
    let load = |name: &str| -> Result<Arc<Variant>, shogiprint::Error> { Ok(Variant::builtin(name)?) };
    let fonts = Fonts::bundled();
    let variant = standard();
    match booklet::prepare(&book, &variant, &load, &fonts) {
        Ok(plan) => {
            let mut pages = 0;
            let result = booklet::render(
                &book,
                &plan,
                &variant,
                &load,
                &fonts,
                &mut |page| {
                    assert!(page.width > 0.0 && page.height > 0.0);
                    pages += 1;
                    Ok(())
                },
                &mut |_, _| {},
            );
            if let Err(e) = result {
                let _ = e.to_string();
            }
        }
        Err(failures) => {
            for f in failures {
                let _ = format!("{f:?}");
            }
        }
    }
});
