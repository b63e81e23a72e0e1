//! Every bound of `formats::limits` (and the option ranges the CLI checks), fed the limit and one
//! past it: at the limit the bound does not get in the way, past it the answer is a plain error
//! naming the option or the limit (exit 2), never a panic, an abort or a long wait.

use shogiprint::booklet::Book;
use shogiprint::formats::limits::{
    self, MAX_BOOKLET_ENTRIES, MAX_INPUT_BYTES, MAX_PNG_SIDE, MAX_YAML_DEPTH, MIN_PNG_SIDE,
};
use shogiprint::render::png::svg_to_png;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Output {
    code: i32,
    stdout: Vec<u8>,
    stderr: String,
}

fn run_with_stdin(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shogiprint"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    // Written from a thread, so that a child that stops reading cannot block the test.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("the binary finishes");
    writer.join().unwrap();
    Output {
        code: out.status.code().expect("exited, not killed by a signal"),
        stdout: out.stdout,
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

fn run(args: &[&str]) -> Output {
    run_with_stdin(args, b"")
}

/// Exit 2 with one message holding every one of `words`.
fn assert_refused(out: &Output, words: &[&str]) {
    assert_eq!(out.code, 2, "{}", out.stderr);
    for w in words {
        assert!(out.stderr.contains(w), "{w:?} not in {}", out.stderr);
    }
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
}

/// A file under the temp dir with a name no other test uses; removed on drop.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, contents: &[u8]) -> TempFile {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!(
            "shogiprint-limits-{}-{n}-{name}",
            std::process::id()
        ));
        std::fs::write(&path, contents).expect("temp file is written");
        TempFile(path)
    }

    fn arg(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// `text` padded with comment lines to exactly `len` bytes.
fn padded(text: &str, len: usize) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    let line = format!("#{}\n", "x".repeat(1022));
    while bytes.len() + line.len() <= len {
        bytes.extend_from_slice(line.as_bytes());
    }
    if bytes.len() < len {
        bytes.push(b'#');
    }
    while bytes.len() < len {
        bytes.push(b'x');
    }
    bytes
}

/// The width of a PNG, from its IHDR chunk.
fn png_width(png: &[u8]) -> u32 {
    u32::from_be_bytes(png[16..20].try_into().unwrap())
}

#[test]
fn px_from_16_to_16384() {
    let out = run(&["diagram", "startpos", "--format", "png", "--px", "16"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(png_width(&out.stdout), MIN_PNG_SIDE);
    for px in ["15", "0", "16385", "100000"] {
        let out = run(&["diagram", "startpos", "--format", "png", "--px", px]);
        assert_refused(&out, &["--px", "16 to 16384"]);
    }
    let out = run(&["diagram", "startpos", "--format", "png", "--px=-1"]);
    assert_refused(&out, &["--px", "16 to 16384"]);
    let out = run(&["handicap", "rook", "--format", "png", "--px", "15"]);
    assert_refused(&out, &["--px", "16 to 16384"]);
    // 16384 px wide is allowed, but a diagram is taller than wide: its height is past the
    // bound, and the message says how wide it may be.
    let out = run(&["diagram", "startpos", "--format", "png", "--px", "16384"]);
    assert_refused(
        &out,
        &["--px 16384", "16384 px a side", "100 megapixels", "px wide"],
    );
}

#[test]
fn the_png_bound_holds_in_the_library() {
    // 1000 x 10: at the widest PNG it is 16384 x 164, 2.7 megapixels.
    let wide = r#"<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="10"/>"#;
    assert_eq!(
        png_width(&svg_to_png(wide, MAX_PNG_SIDE).unwrap()),
        MAX_PNG_SIDE
    );
    assert!(svg_to_png(wide, MAX_PNG_SIDE + 1).is_err());
    assert!(svg_to_png(wide, MIN_PNG_SIDE).is_ok());
    assert!(svg_to_png(wide, MIN_PNG_SIDE - 1).is_err());
    assert!(svg_to_png(wide, 0).is_err());
    // A square 10 001 px a side is within the side bound but over 100 megapixels.
    let square = r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#;
    let e = svg_to_png(square, 10_001).unwrap_err();
    assert!(e.contains("at most 10000 px wide"), "{e}");
    // A tall one: the height passes the side bound first.
    let tall = r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="1000"/>"#;
    assert!(svg_to_png(tall, 163).is_ok());
    assert!(svg_to_png(tall, 165).is_err());
}

#[test]
fn a_position_file_up_to_16_mib() {
    let at = TempFile::new("at.sfen", &padded("", MAX_INPUT_BYTES));
    let out = run(&["diagram", at.arg()]);
    // Only comments: read in full, and found empty.
    assert_refused(&out, &["holds no position"]);
    let past = TempFile::new("past.sfen", &padded("", MAX_INPUT_BYTES + 1));
    let out = run(&["diagram", past.arg()]);
    assert_refused(&out, &[past.arg(), "16 MiB limit"]);
    let out = run_with_stdin(&["validate", "-"], &padded("", MAX_INPUT_BYTES + 1));
    assert_refused(&out, &["stdin", "16 MiB limit"]);
}

#[test]
fn a_yaml_file_up_to_16_mib() {
    let at = TempFile::new("at.yaml", &padded("position: startpos\n", MAX_INPUT_BYTES));
    let out = run(&["diagram", at.arg()]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.starts_with(b"<svg") || out.stdout.starts_with(b"<?xml"));
    let past = TempFile::new(
        "past.yaml",
        &padded("position: startpos\n", MAX_INPUT_BYTES + 1),
    );
    assert_refused(&run(&["diagram", past.arg()]), &["16 MiB limit"]);
    // The library refuses it too, before parsing.
    let text = String::from_utf8(padded("x: 1\n", MAX_INPUT_BYTES + 1)).unwrap();
    assert!(limits::check_yaml_text(&text).is_err());
    assert!(limits::check_yaml_text(&text[..MAX_INPUT_BYTES]).is_ok());
}

fn nested_position(depth: usize) -> String {
    format!(
        "position: startpos\nhighlight: {}{}\n",
        "[".repeat(depth),
        "]".repeat(depth)
    )
}

#[test]
fn yaml_nesting_up_to_64_levels() {
    // At the limit the text reaches the YAML parser (which finds a type error, not a bound).
    let at = TempFile::new("at.yaml", nested_position(MAX_YAML_DEPTH).as_bytes());
    let out = run(&["diagram", at.arg()]);
    assert_eq!(out.code, 2);
    assert!(!out.stderr.contains("levels deep"), "{}", out.stderr);
    // One past: refused where the 65th level opens.
    let past = TempFile::new("past.yaml", nested_position(MAX_YAML_DEPTH + 1).as_bytes());
    let out = run(&["diagram", past.arg()]);
    let place = format!("{}:2:{}", past.arg(), 11 + MAX_YAML_DEPTH + 1);
    assert_refused(&out, &[&place, "nested more than 64 levels deep"]);
}

#[test]
fn deep_yaml_is_refused_at_every_entry_point() {
    // 100 000 levels took the YAML parser 37 s; the scan refuses it before the parser starts.
    let deep = format!("x: {}\n", "[".repeat(100_000));
    let file = TempFile::new("deep.yaml", deep.as_bytes());
    let f = file.arg();
    for args in [
        vec!["diagram", f],
        vec!["booklet", f, "-o", "-"],
        vec!["--variant", f, "moves", "startpos"],
        vec!["--pieces", f, "moves", "startpos"],
    ] {
        let out = run(&args);
        assert_refused(&out, &[f, "nested more than 64 levels deep"]);
    }
    let out = run_with_stdin(&["diagram", "-"], format!("position: {deep}").as_bytes());
    assert_refused(&out, &["nested more than 64 levels deep"]);
}

#[test]
fn a_booklet_of_up_to_100_000_diagrams() {
    let lines = |n: usize| "startpos\n".repeat(n);
    let yaml = "positions_file: p.sfen\n";
    let book = Book::from_yaml(yaml, "b.yaml", &|_| Ok(lines(MAX_BOOKLET_ENTRIES))).unwrap();
    assert_eq!(book.entries.len(), MAX_BOOKLET_ENTRIES);
    let e = Book::from_yaml(yaml, "b.yaml", &|_| Ok(lines(MAX_BOOKLET_ENTRIES + 1))).unwrap_err();
    assert!(e.to_string().contains("at most 100000"), "{e}");
    // A positions file past the bound is refused before any position is read.
    let file = TempFile::new("many.sfen", lines(MAX_BOOKLET_ENTRIES + 1).as_bytes());
    let out = run(&["booklet", file.arg(), "-o", "-"]);
    assert_refused(&out, &[file.arg(), "at most 100000"]);
}

#[test]
fn drawing_sizes() {
    for (size, ok) in [("2", true), ("60", true), ("1.9", false), ("60.1", false)] {
        let out = run(&["diagram", "startpos", "--size", size]);
        match ok {
            true => assert_eq!(out.code, 0, "{size}: {}", out.stderr),
            false => assert_refused(&out, &["--size", "2 to 60 mm"]),
        }
    }
    let past = [
        (&["--scale", "4.01"][..], "0.25 to 4"),
        (&["--scale", "0.24"], "0.25 to 4"),
        (&["--scale", "NaN"], "0.25 to 4"),
        (&["--margin", "40.1"], "0 to 40"),
        (&["--margin=-0.1"], "0 to 40"),
        (&["--square", "100.1x40"], "10 to 100 mm"),
        (&["--square", "9.9x40"], "10 to 100 mm"),
        (&["--paper", "1001x297mm"], "50 to 1000 mm"),
        (&["--paper", "49x297mm"], "50 to 1000 mm"),
    ];
    for (options, range) in past {
        let mut args = vec!["kit", "-o", "-"];
        args.extend_from_slice(options);
        assert_refused(&run(&args), &[range]);
    }
}

#[test]
fn write_errors_are_reported() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_shogiprint"))
        .args(["diagram", "startpos"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("stdout: No space left on device"),
        "{stderr}"
    );
    for format in ["svg", "png", "pdf"] {
        let out = run(&["diagram", "startpos", "--format", format, "-o", "/dev/full"]);
        assert_refused(&out, &["/dev/full: No space left on device"]);
    }
    // /dev/full is still the device, not a file renamed over it.
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata("/dev/full")
        .unwrap()
        .file_type()
        .is_char_device());
}

#[test]
fn hash_takes_1_to_65536_mib_on_the_command_line_as_in_a_file() {
    let problem = "4k4/9/4P4/9/9/9/9/9/9 b G 1";
    let range = "expected a whole number of MiB, 1 to 65536";
    for value in ["0", "65537", "99999999999"] {
        let out = run(&["tsume", "--hash", value, problem]);
        assert_eq!(out.code, 2, "--hash {value}: {}", out.stderr);
        assert!(
            out.stderr.starts_with(&format!(
                "error: invalid value '{value}' for '--hash <MB>': {range}"
            )),
            "{}",
            out.stderr
        );
    }
    let out = run(&["tsume", "--hash", "1", problem]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    // The same bound in a diagram file's prover: field.
    let file = std::env::temp_dir().join(format!(
        "shogiprint-limits-{}-hash.yaml",
        std::process::id()
    ));
    let text = format!("position: {problem}\ntsume: true\nprover: {{hash: 65537}}\n");
    std::fs::write(&file, text).unwrap();
    let out = run(&["tsume", file.to_str().unwrap()]);
    let _ = std::fs::remove_file(&file);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("hash 65537 MiB: expected 1 to 65536"),
        "{}",
        out.stderr
    );
}

#[test]
fn texts_up_to_10_000_characters() {
    let at = "歩".repeat(limits::MAX_TEXT_CHARS);
    let past = "歩".repeat(limits::MAX_TEXT_CHARS + 1);
    let out = run(&["diagram", "startpos", "--caption", &at]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let out = run(&["diagram", "startpos", "--title", &past]);
    assert_refused(&out, &["--title", "at most 10000"]);
    for field in ["title", "caption", "comment", "answer"] {
        let yaml = format!("position: startpos\n{field}: {past}\n");
        let file = TempFile::new("text.yaml", yaml.as_bytes());
        let out = run(&["diagram", file.arg()]);
        assert_refused(
            &out,
            &[&format!("{}:2:", file.arg()), field, "at most 10000"],
        );
    }
    let yaml = format!("title: {past}\npositions_file: p.sfen\n");
    let e = Book::from_yaml(&yaml, "b.yaml", &|_| Ok("startpos\n".into())).unwrap_err();
    assert!(e.to_string().contains("title: 10001 characters"), "{e}");
}

#[test]
fn an_input_past_the_limit_is_not_given_a_size_it_does_not_have() {
    // Reading stops one byte past the bound; the message said "input of 16777217 bytes"
    // whatever the file's size.
    let past = TempFile::new("far.sfen", &padded("", MAX_INPUT_BYTES + 4096));
    let out = run(&["moves", past.arg()]);
    assert_refused(&out, &[past.arg(), "larger than the 16 MiB limit"]);
    assert!(!out.stderr.contains("16777217"), "{}", out.stderr);
}
