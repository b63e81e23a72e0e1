//! The layers run one way: cli → products → draw/render → formats → rules. This test reads the
//! rules sources and fails if any of them names the `formats` module (a `use` or a path such as
//! `crate::formats::sfen`) or any other module of the crate outside `rules` (the crate's
//! top-level error, for one, wraps format errors).

use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn rules_imports_nothing_from_formats() {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules"),
        &mut files,
    );
    assert!(files.len() > 10, "the rules sources were not found");
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            // `rules` is the bottom layer: the only crate path it may name is its own.
            let outside = code.contains("crate::") && !code.contains("crate::rules");
            if code.contains("formats") || outside {
                found.push(format!("{}:{}: {}", file.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "rules/ reaches into formats/:\n{}",
        found.join("\n")
    );
}
