//! Diagram files from YAML: never a panic, whatever the text; a file that loads is checked and,
//! whether valid or not, drawn and written as SVG (drawing an invalid position must not panic
//! either, since `--allow-invalid` does exactly that).
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogiprint::diagram::{self, spec};
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
    let load = |name: &str| -> Result<Arc<Variant>, shogiprint::Error> { Ok(Variant::builtin(name)?) };
    match spec::from_yaml_text(text, "fuzz.yaml", &standard(), &load) {
        Ok(d) => {
            let _ = d.check();
            let fonts = Fonts::bundled();
            if let Ok(drawing) = diagram::draw(&d, &fonts) {
                assert!(drawing.width > 0.0 && drawing.height > 0.0);
                let _ = shogiprint::render::to_svg(&drawing, &fonts);
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
