//! Every `shogiprint` command in README.md's ```sh blocks runs as the README says: it exits with
//! the code the README gives (0 unless its comment says `exit N`), and every file it names or
//! writes is non-empty. A user copies these lines first, so a broken one is a broken promise.
//!
//! Each block runs in a fresh directory that looks like the repository root (its top-level
//! entries are linked in, so `examples/…` and `tests/data/…` resolve) and that keeps what the
//! block's earlier lines wrote, as a user's shell would. Skipped: lines that are not `shogiprint`
//! (`cargo …`, `bash bench/…`), except `cp`, which sets up a file for the lines after it; and
//! any line whose comment calls it slow. Every example here takes well under a second.

#![cfg(unix)]

#[path = "support/temp_dir.rs"]
#[allow(dead_code)] // the directory alone: its file helpers serve other tests
mod temp_dir;

use std::collections::BTreeMap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime};
use temp_dir::TempDir;

/// No README example comes near this; a hung one fails instead of stalling the suite.
const TIME_LIMIT: Duration = Duration::from_secs(60);

/// What one README line asks for.
#[derive(Debug)]
enum Step {
    /// `shogiprint ARGS [< FILE | cat FILE |] [> FILE]`.
    Run(Run),
    /// `cp FROM TO`: a file the later lines of the block use.
    Copy { from: String, to: String },
    /// Not a `shogiprint` command, or one the README calls slow.
    Skip,
}

#[derive(Debug)]
struct Run {
    args: Vec<String>,
    /// A file on standard input (`< FILE`, `cat FILE |`).
    stdin: Option<String>,
    /// The file standard output is redirected to (`> FILE`).
    stdout: Option<String>,
    /// The exit code the README promises.
    exit: i32,
}

/// One line of a ```sh block, continuation lines joined, with its line number in README.md.
struct Line {
    number: usize,
    text: String,
}

/// The README's ```sh blocks, in order.
fn sh_blocks(readme: &str) -> Vec<Vec<Line>> {
    let mut blocks = Vec::new();
    let mut current: Option<Vec<Line>> = None;
    let mut pending: Option<Line> = None;
    for (i, raw) in readme.lines().enumerate() {
        let trimmed = raw.trim_end();
        match &mut current {
            None if trimmed == "```sh" => current = Some(Vec::new()),
            None => {}
            Some(_) if trimmed == "```" => blocks.push(current.take().unwrap()),
            Some(lines) => {
                let mut line = pending.take().unwrap_or(Line {
                    number: i + 1,
                    text: String::new(),
                });
                match trimmed.strip_suffix('\\') {
                    Some(head) => {
                        line.text.push_str(head);
                        pending = Some(line);
                    }
                    None => {
                        line.text.push_str(trimmed);
                        lines.push(line);
                    }
                }
            }
        }
    }
    blocks
}

/// The line's shell words and its trailing comment, read as sh would for the little the README
/// uses: quotes, backslash escapes, `<`, `>` and `|`. Anything else is refused, so that an
/// example this test cannot run fails loudly instead of passing untested.
fn shell_words(text: &str) -> Result<(Vec<String>, String), String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => words.extend(word.take()),
            '#' if word.is_none() => {
                let comment: String = chars.collect();
                return Ok((words, comment.trim().to_string()));
            }
            '<' | '>' | '|' => {
                words.extend(word.take());
                words.push(c.to_string());
            }
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => return Err("unclosed '".into()),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') if matches!(chars.peek(), Some('"' | '\\' | '$' | '`')) => {
                            w.push(chars.next().unwrap())
                        }
                        Some('$' | '`') => return Err("a substitution inside \"…\"".into()),
                        Some(c) => w.push(c),
                        None => return Err("unclosed \"".into()),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(c) => word.get_or_insert_with(String::new).push(c),
                None => return Err("a trailing backslash".into()),
            },
            ';' | '&' | '$' | '`' | '(' | ')' | '*' | '?' => return Err(format!("unquoted '{c}'")),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok((words, String::new()))
}

/// `exit N` anywhere in the comment (`# … (exit 1)`): the code the README promises.
fn promised_exit(comment: &str) -> i32 {
    comment
        .match_indices("exit ")
        .find_map(|(at, word)| {
            let digits: String = comment[at + word.len()..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            digits.parse().ok()
        })
        .unwrap_or(0)
}

fn step(text: &str) -> Result<Step, String> {
    let (mut words, comment) = shell_words(text)?;
    if comment.contains("slow") {
        return Ok(Step::Skip);
    }
    let mut stdin = None;
    if words.first().is_some_and(|w| w == "cat") {
        // `cat FILE | shogiprint … -`: the file on standard input.
        match words.get(2).map(String::as_str) {
            Some("|") => {
                stdin = Some(words[1].clone());
                words.drain(..3);
            }
            _ => return Err("`cat` other than `cat FILE | shogiprint …`".into()),
        }
    }
    match words.first().map(String::as_str) {
        Some("shogiprint") => {}
        Some("cp") => {
            return match &words[1..] {
                [from, to] => Ok(Step::Copy {
                    from: from.clone(),
                    to: to.clone(),
                }),
                _ => Err("`cp` other than `cp FROM TO`".into()),
            }
        }
        _ => return Ok(Step::Skip),
    }
    let mut args = Vec::new();
    let mut stdout = None;
    let mut rest = words.into_iter().skip(1);
    while let Some(word) = rest.next() {
        match word.as_str() {
            "<" => stdin = Some(rest.next().ok_or("`<` without a file")?),
            ">" => stdout = Some(rest.next().ok_or("`>` without a file")?),
            "|" => return Err("a pipe out of shogiprint".into()),
            _ => args.push(word),
        }
    }
    Ok(Step::Run(Run {
        args,
        stdin,
        stdout,
        exit: promised_exit(&comment),
    }))
}

/// `work/` under `dir`, made to look like the repository root: each top-level entry linked in
/// (not `target/` or hidden ones), so the examples' paths resolve and what they write stays here.
fn repo_like_dir(dir: &TempDir) -> PathBuf {
    let work = dir.0.join("work");
    std::fs::create_dir(&work).unwrap();
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    for entry in std::fs::read_dir(repo).unwrap() {
        let name = entry.unwrap().file_name();
        let name_str = name.to_string_lossy();
        if name_str.starts_with('.') || name_str == "target" {
            continue;
        }
        std::os::unix::fs::symlink(repo.join(&name), work.join(&name)).unwrap();
    }
    work
}

/// Size and modification time of every file the examples wrote under `dir` (links not followed).
fn written_files(dir: &Path) -> BTreeMap<PathBuf, (u64, SystemTime)> {
    let mut files = BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let entry = entry.unwrap();
            let meta = std::fs::symlink_metadata(entry.path()).unwrap();
            if meta.is_dir() {
                pending.push(entry.path());
            } else if meta.is_file() {
                files.insert(entry.path(), (meta.len(), meta.modified().unwrap()));
            }
        }
    }
    files
}

/// Runs one example in `dir`; what is wrong with the outcome, if anything.
fn check(run: &Run, dir: &Path, scratch: &Path) -> Result<(), String> {
    let before = written_files(dir);
    let stdout_path = match &run.stdout {
        Some(file) => dir.join(file),
        None => scratch.join("stdout"),
    };
    let stderr_path = scratch.join("stderr");
    let stdin = match &run.stdin {
        Some(file) => Stdio::from(File::open(dir.join(file)).map_err(|e| format!("{file}: {e}"))?),
        None => Stdio::null(),
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_shogiprint"))
        .args(&run.args)
        .current_dir(dir)
        .stdin(stdin)
        .stdout(File::create(&stdout_path).unwrap())
        .stderr(File::create(&stderr_path).unwrap())
        .spawn()
        .expect("the binary starts");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {TIME_LIMIT:?}"));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let code = status.code().ok_or("killed by a signal")?;
    if code != run.exit {
        // `tsume --json` reports its errors on standard output.
        let said = [&stderr_path, &stdout_path]
            .iter()
            .map(|p| std::fs::read_to_string(p).unwrap_or_default())
            .find(|text| !text.trim().is_empty())
            .unwrap_or_default();
        let said: Vec<&str> = said.lines().take(3).collect();
        return Err(format!(
            "exit {code}, the README says {}: {}",
            run.exit,
            said.join(" / ")
        ));
    }
    let mut named: Vec<String> = run.stdout.iter().cloned().collect();
    let mut args = run.args.iter();
    while let Some(arg) = args.next() {
        if arg == "-o" || arg == "--output" {
            named.extend(args.next().filter(|f| *f != "-").cloned());
        }
    }
    for file in &named {
        match std::fs::metadata(dir.join(file)) {
            Ok(meta) if meta.len() > 0 => {}
            Ok(_) => return Err(format!("wrote {file} empty")),
            Err(e) => return Err(format!("{file}: {e}")),
        }
    }
    // Files written under a default name (`kit` → shogi-kit.pdf) are checked here too.
    let after = written_files(dir);
    let new: Vec<_> = after
        .iter()
        .filter(|(path, stamp)| before.get(*path) != Some(stamp))
        .collect();
    if let Some((path, _)) = new.iter().find(|(_, (len, _))| *len == 0) {
        return Err(format!("wrote {} empty", path.display()));
    }
    let printed = run.stdout.is_none() && std::fs::metadata(&stdout_path).unwrap().len() > 0;
    if code == 0 && new.is_empty() && !printed {
        return Err("exit 0 with no output: no file written, nothing printed".into());
    }
    Ok(())
}

/// Runs each block's lines in order; one message per failing line.
fn run_blocks(readme: &str) -> (usize, Vec<String>) {
    let mut ran = 0;
    let mut failures = Vec::new();
    for block in sh_blocks(readme) {
        // Standard output and error go beside `work/`, not into it.
        let dir = TempDir::new("readme");
        let work = repo_like_dir(&dir);
        for line in block {
            let outcome = match step(&line.text) {
                Ok(Step::Skip) => continue,
                Ok(Step::Copy { from, to }) => std::fs::copy(work.join(&from), work.join(&to))
                    .map(|_| ())
                    .map_err(|e| format!("cp {from} {to}: {e}")),
                Ok(Step::Run(run)) => {
                    ran += 1;
                    check(&run, &work, &dir.0)
                }
                Err(why) => Err(format!("this test cannot run it: {why}")),
            };
            if let Err(why) = outcome {
                failures.push(format!(
                    "README.md:{}: `{}`: {why}",
                    line.number,
                    line.text.trim()
                ));
            }
        }
    }
    (ran, failures)
}

#[test]
fn every_shell_example_in_the_readme_runs_as_the_readme_says() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let (ran, failures) = run_blocks(&readme);
    assert!(
        failures.is_empty(),
        "{} README example(s) broken:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // A README whose blocks this test stopped finding would otherwise pass with nothing run.
    assert!(
        ran >= 30,
        "only {ran} shogiprint examples found in README.md"
    );
}

#[test]
fn comments_promise_exit_codes_and_slow_lines_are_skipped() {
    let run = |text| match step(text).unwrap() {
        Step::Run(run) => run,
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(
        run("shogiprint validate x.txt   # reports every problem (exit 1)").exit,
        1
    );
    assert_eq!(run("shogiprint kit   # exits with the kit").exit, 0);
    let quoted = run(r#"shogiprint diagram "startpos moves 7g7f" --arrow 'P*5e' # a # b"#);
    assert_eq!(
        quoted.args,
        ["diagram", "startpos moves 7g7f", "--arrow", "P*5e"]
    );
    let piped = run("cat a.yaml | shogiprint diagram - > d.svg");
    assert_eq!(piped.stdin.as_deref(), Some("a.yaml"));
    assert_eq!(piped.stdout.as_deref(), Some("d.svg"));
    assert!(matches!(
        step("shogiprint kit --variant chu   # slow").unwrap(),
        Step::Skip
    ));
    assert!(matches!(step("cargo test --release").unwrap(), Step::Skip));
    assert!(step("shogiprint moves startpos | head -1").is_err());
}

#[test]
fn continuation_lines_join_into_one_command() {
    let blocks = sh_blocks("text\n```sh\nshogiprint kit \\\n  --paper a5\nshogiprint kit\n```\n");
    let lines: Vec<_> = blocks[0]
        .iter()
        .map(|l| (l.number, l.text.as_str()))
        .collect();
    assert_eq!(
        lines,
        [(3, "shogiprint kit   --paper a5"), (5, "shogiprint kit")]
    );
}
