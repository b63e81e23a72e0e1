//! The layers run one way: cli → products (kit, booklet and handicap above the rules card, above diagram) → render →
//! draw → formats → rules. One test checks every top-level module against the layer table below;
//! another fails if a rules source names `formats` (a `use` or a path such as
//! `crate::formats::sfen`) or any module of the crate outside `rules`.

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

/// The top-level modules by layer, lowest first. A module may name modules of lower layers only
/// (and modules of its own group: `formats` and the crate's `Error`, which wraps format errors).
const LAYERS: &[&[&str]] = &[
    &["rules", "templates", "paper", "in_order"],
    &["formats", "error", "Error"],
    &["tsume"],
    &["draw"],
    &["render"],
    &["diagram"],
    &["rulescard"],
    &["kit", "booklet", "handicap"],
    &["cli"],
];

fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// The top-level modules a line of code names as `crate::x` or `shogiprint::x`.
fn named_modules(code: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for prefix in ["crate::", "shogiprint::"] {
        for (i, _) in code.match_indices(prefix) {
            let rest = &code[i + prefix.len()..];
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            out.push(&rest[..end]);
        }
    }
    out
}

#[test]
fn every_module_imports_only_from_the_layers_below() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let Some(own) = layer(&name) else { continue };
        let mut files = Vec::new();
        if path.is_dir() {
            rust_files(&path, &mut files);
        } else {
            files.push(path.clone());
        }
        for file in &files {
            let text = std::fs::read_to_string(file).unwrap();
            for (i, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                for module in named_modules(code) {
                    if layer(module).is_some_and(|l| l > own) {
                        found.push(format!("{}:{}: {}", file.display(), i + 1, line.trim()));
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "imports that point up:\n{}",
        found.join("\n")
    );
}
