//! Input files that are not what a command reads, said where they are named: a diagram file's
//! `position:` or `variant:` naming a device or a directory, and a YAML file holding a second
//! document.

#[path = "support/temp_dir.rs"]
mod temp_dir;

use std::process::Command;
use temp_dir::TempDir;

/// Runs the binary; the exit code and standard error.
fn run(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_shogiprint"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().expect("exited, not killed by a signal"),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `diagram` on a file holding `yaml`: exit 2, and the message.
fn refused(dir: &TempDir, yaml: &str) -> String {
    let file = dir.file("d.yaml", yaml);
    let out = dir.path("d.svg");
    let (code, err) = run(&["diagram", &file, "-o", &out]);
    assert_eq!(code, 2, "{yaml}: {err}");
    assert!(
        !std::path::Path::new(&out).exists(),
        "{yaml}: a file was written"
    );
    err.replace(&file, "d.yaml")
}

/// A device (or a directory) named where a position file or a variant file is wanted is said
/// to be one, at its place in the diagram file — not read as an SFEN (`unknown piece letter
/// 'd'`) nor called missing.
#[cfg(unix)]
#[test]
fn a_diagram_files_position_or_variant_naming_no_regular_file_says_so() {
    let dir = TempDir::new("input-files");
    let err = refused(&dir, "position: /dev/null\n");
    assert_eq!(
        err.trim_end(),
        "error: d.yaml:1:11: position: /dev/null: not a regular file"
    );
    std::fs::create_dir_all(dir.path("boards")).unwrap();
    let err = refused(&dir, "position: ./boards\n");
    assert!(err.contains("d.yaml:1:11: position:"), "{err}");
    assert!(err.contains("boards is a directory"), "{err}");
    let err = refused(&dir, "position: startpos\nvariant: /dev/null\n");
    assert_eq!(
        err.trim_end(),
        "error: d.yaml:2:10: variant: '/dev/null' is not a regular file, not a variant file"
    );
    let (code, err) = run(&["moves", "--variant", "/dev/null", "startpos"]);
    assert_eq!(code, 2);
    assert_eq!(
        err.trim_end(),
        "error: --variant: '/dev/null' is not a regular file, not a variant file"
    );
}

/// serde_yaml refuses a second document without a place; the message names the line it starts
/// on, after `---` or after the first document's `...` end. A `---` that opens the first
/// document is no second one.
#[test]
fn a_second_yaml_document_is_located_where_it_starts() {
    let dir = TempDir::new("input-files");
    let err = refused(
        &dir,
        "# a diagram\nposition: startpos\n---\nposition: two-piece\n",
    );
    assert_eq!(
        err.trim_end(),
        "error: d.yaml:3:1: a second YAML document starts here ('---'): the file holds one"
    );
    let err = refused(
        &dir,
        "---\nposition: startpos\n...\n\nposition: two-piece\n",
    );
    assert_eq!(
        err.trim_end(),
        "error: d.yaml:5:1: a second YAML document starts here (after '...'): the file holds one"
    );
    let file = dir.file("one.yaml", "---\nposition: startpos\n");
    let out = dir.path("one.svg");
    let (code, err) = run(&["diagram", &file, "-o", &out]);
    assert_eq!(code, 0, "{err}");
}
