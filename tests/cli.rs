//! The `shogiprint` binary end to end: arguments in, exit code and output out.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
/// Two unpromoted black pawns on file 5.
const NIFU: &str = "4k4/9/9/9/9/4P4/9/4P4/4K4 b - 1";
/// Black to move while White's king is attacked by the gold on 5b.
const OPPONENT_IN_CHECK: &str = "4k4/4G4/9/9/9/9/9/9/4K4 b - 1";
/// A mating problem: Black, to move, has no king.
const TSUME: &str = "4k4/9/9/9/9/9/9/9/9 b G 1";
/// The start position with an 'X' on 1i, at character 57.
const BAD_LETTER: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1";

struct Output {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Output {
    fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }
}

fn run(args: &[&str]) -> Output {
    run_with_stdin(args, "")
}

fn run_with_stdin(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shogiprint"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // A command that does not read its stdin may exit first: the assertions tell, not this.
    if let Some(mut pipe) = child.stdin.take() {
        let _ = pipe.write_all(stdin.as_bytes());
    }
    let out = child.wait_with_output().expect("the binary finishes");
    Output {
        code: out.status.code().expect("exited, not killed by a signal"),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

/// A file under the temp dir with a name no other test (or test run) uses; removed on drop.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, contents: &str) -> TempFile {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("shogiprint-cli-{}-{n}-{name}", std::process::id()));
        std::fs::write(&path, contents).expect("temp file is written");
        TempFile(path)
    }

    fn arg(&self) -> &str {
        self.0.to_str().expect("temp paths are UTF-8")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn is_sorted(lines: &[&str]) -> bool {
    lines.windows(2).all(|w| w[0] <= w[1])
}

// perft

#[test]
fn perft_prints_the_count_on_the_last_line() {
    let out = run(&["perft", "--depth", "3", "startpos"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.lines().last(), Some(&"25470"));
}

#[test]
fn perft_divide_lists_each_root_move_sorted_then_the_total() {
    let out = run(&["perft", "--depth", "2", "--divide", START]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines = out.lines();
    assert_eq!(lines.len(), 31);
    assert_eq!(lines[30], "900");
    let split = &lines[..30];
    assert!(is_sorted(split), "{split:?}");
    assert!(split.contains(&"7g7f: 30"), "{split:?}");
    let sum: u64 = split
        .iter()
        .map(|l| {
            let (_, n) = l.split_once(": ").expect("USI: count");
            n.parse::<u64>().expect("a count")
        })
        .sum();
    assert_eq!(sum, 900);
}

#[test]
fn perft_needs_a_depth() {
    let out = run(&["perft", "startpos"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("--depth"), "{}", out.stderr);
}

// moves

#[test]
fn moves_from_the_start_position() {
    let out = run(&["moves", "startpos"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines = out.lines();
    assert_eq!(lines.len(), 30);
    assert!(lines.contains(&"7g7f"));
    assert!(is_sorted(&lines), "{lines:?}");
    assert_eq!(run(&["moves", START]).stdout, out.stdout);
}

#[test]
fn moves_in_minishogi() {
    let out = run(&["moves", "--variant", "minishogi", "startpos"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.lines().len(), 14);
    // The global option is accepted before the subcommand too.
    assert_eq!(
        run(&["--variant", "minishogi", "moves", "startpos"]).stdout,
        out.stdout
    );
}

#[test]
fn a_handicap_name_is_a_position() {
    let out = run(&["moves", "two-piece"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines = out.lines();
    assert!(!lines.is_empty());
    // White, the handicap giver, moves first, and all its pieces stand on ranks a to c.
    for mv in &lines {
        let from_rank = mv.chars().nth(1).expect("a USI move");
        assert!(('a'..='c').contains(&from_rank), "{mv}");
    }
    assert!(lines.contains(&"5a5b"));
    assert_eq!(run(&["moves", "two_piece"]).stdout, out.stdout);
    // The lance handicap by its Japanese name: White's bishop may go to the empty 1a.
    let lance = run(&["moves", "香落ち"]);
    assert_eq!(lance.code, 0, "{}", lance.stderr);
    assert!(lance.lines().contains(&"2b1a"));
    assert_eq!(run(&["moves", "rook"]).code, 0);
}

#[test]
fn a_usi_position_string_plays_its_moves() {
    let out = run(&["moves", "position startpos moves 7g7f 3c3d"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines = out.lines();
    // The bishops face each other: Black may take, promoting or not.
    assert!(
        lines.contains(&"8h2b+") && lines.contains(&"8h2b"),
        "{lines:?}"
    );
    let white = run(&["moves", "startpos moves 7g7f"]);
    assert!(white.lines().contains(&"3c3d"));
    let sfen = run(&["moves", &format!("sfen {START} moves 7g7f 3c3d")]);
    assert_eq!(sfen.stdout, out.stdout);
}

#[test]
fn a_handicap_may_start_a_usi_position_string() {
    let out = run(&["moves", "two-piece moves 5a4b"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.lines().contains(&"7g7f"));
}

#[test]
fn a_position_from_stdin() {
    let out = run_with_stdin(
        &["perft", "--depth", "1", "-"],
        &format!("# start\n\n{START}\n"),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout, "30\n");
}

#[test]
fn a_position_from_a_file() {
    let file = TempFile::new("one.txt", "# after 7g7f\nstartpos moves 7g7f\n");
    let out = run(&["moves", file.arg()]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.lines().contains(&"3c3d"));
    let two = TempFile::new("two.txt", "startpos\nstartpos\n");
    let out = run(&["moves", two.arg()]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("holds 2 positions"), "{}", out.stderr);
}

// validate

#[test]
fn validate_exit_codes() {
    let ok = run(&["validate", "startpos", START, "rook"]);
    assert_eq!(ok.code, 0, "{}{}", ok.stdout, ok.stderr);
    assert!(
        ok.lines().iter().all(|l| l.ends_with(": valid")),
        "{}",
        ok.stdout
    );

    let nifu = run(&["validate", "startpos", NIFU]);
    assert_eq!(nifu.code, 1);
    assert_eq!(
        nifu.lines(),
        [
            "'startpos': valid".to_string(),
            format!("'{NIFU}': invalid"),
            "nifu 5f,5h: black has 2 unpromoted pawns on file 5 (5f, 5h)".to_string(),
        ]
    );

    let check = run(&["validate", OPPONENT_IN_CHECK]);
    assert_eq!(check.code, 1);
    assert!(
        check.stdout.contains("opponent-in-check 5a,5b: "),
        "{}",
        check.stdout
    );

    // Malformed input is reported, the rest still checked, and the worst code wins.
    let bad = run(&["validate", BAD_LETTER, NIFU, START]);
    assert_eq!(bad.code, 2);
    assert!(bad.stdout.contains("nifu "), "{}", bad.stdout);
    assert!(bad.stdout.contains(&format!("'{START}': valid")));
    assert!(
        bad.stderr
            .contains(&format!("error: '{BAD_LETTER}': at character 57")),
        "{}",
        bad.stderr
    );
}

#[test]
fn validate_names_each_line_of_a_file() {
    let file = TempFile::new(
        "many.sfen",
        &format!("# positions\n{START}\n\n{NIFU}\n{BAD_LETTER}\n"),
    );
    let out = run(&["validate", file.arg()]);
    assert_eq!(out.code, 2);
    let name = file.arg();
    assert!(
        out.stdout.contains(&format!("{name}:2: valid")),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains(&format!("{name}:4: invalid\nnifu ")),
        "{}",
        out.stdout
    );
    assert!(
        out.stderr
            .contains(&format!("error: {name}:5: at character 57: ")),
        "{}",
        out.stderr
    );
}

#[test]
fn validate_json() {
    let out = run(&["validate", "--json", START, OPPONENT_IN_CHECK, BAD_LETTER]);
    assert_eq!(out.code, 2);
    let reports: Vec<serde_json::Value> = out
        .lines()
        .iter()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(reports.len(), 3);

    assert_eq!(reports[0]["input"], START);
    assert_eq!(reports[0]["valid"], true);
    assert_eq!(reports[0]["problems"], serde_json::json!([]));

    assert_eq!(reports[1]["valid"], false);
    let problem = &reports[1]["problems"][0];
    assert_eq!(problem["code"], "opponent-in-check");
    assert_eq!(problem["side"], "white");
    assert_eq!(problem["squares"], serde_json::json!(["5a", "5b"]));
    assert!(problem["message"].as_str().is_some_and(|m| !m.is_empty()));

    assert_eq!(reports[2]["valid"], false);
    assert!(reports[2].get("problems").is_none());
    let error = reports[2]["error"].as_str().expect("an error message");
    assert!(error.contains("character 57"), "{error}");
}

#[test]
fn a_board_of_the_wrong_size_is_malformed_for_validate_as_for_every_command() {
    let short = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1";
    let message = "the board has 8 ranks of 9 files; Shogi needs 9 ranks of 9 files";
    for command in ["validate", "moves", "tsume"] {
        let out = run(&[command, short]);
        assert_eq!(out.code, 2, "{command}: {}{}", out.stdout, out.stderr);
        assert_eq!(
            out.stderr.trim_end(),
            format!("error: '{short}': {message}"),
            "{command}"
        );
    }
    // Another position of the same run is still checked; the worst code wins.
    let out = run(&["validate", "--json", short, NIFU]);
    assert_eq!(out.code, 2, "{}", out.stdout);
    let reports: Vec<serde_json::Value> = out
        .lines()
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(reports[0]["valid"], false);
    assert_eq!(reports[0]["error"], message);
    assert!(reports[0].get("problems").is_none(), "{}", reports[0]);
    assert_eq!(reports[1]["problems"][0]["code"], "nifu");
}

#[test]
fn validate_json_side_is_null_for_problems_of_no_side() {
    // Three kings: too-many-pieces concerns the set, not a side.
    let out = run(&["validate", "--json", "4k4/9/9/9/9/9/9/4K4/K8 b - 1"]);
    assert_eq!(out.code, 1);
    let report: serde_json::Value = serde_json::from_str(out.stdout.trim()).expect("JSON");
    let problems = report["problems"].as_array().expect("problems");
    assert!(
        problems
            .iter()
            .any(|p| p["code"] == "too-many-pieces" && p["side"].is_null()),
        "{report}"
    );
}

#[test]
fn tsume_allows_a_kingless_attacker() {
    let plain = run(&["validate", TSUME]);
    assert_eq!(plain.code, 1);
    assert!(plain.stdout.contains("missing-king"), "{}", plain.stdout);
    let tsume = run(&["validate", "--tsume", TSUME]);
    assert_eq!(tsume.code, 0, "{}{}", tsume.stdout, tsume.stderr);
}

// errors

#[test]
fn a_malformed_sfen_names_the_column() {
    assert_eq!(BAD_LETTER.find('X'), Some(56));
    let out = run(&["moves", BAD_LETTER]);
    assert_eq!(out.code, 2);
    assert!(out.stdout.is_empty());
    assert_eq!(
        out.stderr,
        format!("error: '{BAD_LETTER}': at character 57: unknown piece letter 'X'\n")
    );
}

#[test]
fn an_invalid_position_exits_1_for_moves_and_perft() {
    let out = run(&["perft", "-d", "1", NIFU]);
    assert_eq!(out.code, 1);
    assert!(out
        .stderr
        .starts_with(&format!("error: '{NIFU}': invalid position: nifu ")));
}

#[test]
fn an_illegal_move_names_the_move() {
    let out = run(&["moves", "position startpos moves 7g7f 7g7f"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("at character 30"), "{}", out.stderr);
    assert!(
        out.stderr.contains("move 2 (7g7f) is illegal"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_missing_file_or_unknown_word_says_what_was_tried() {
    let out = run(&["moves", "no-such-file.sfen"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("no such file"), "{}", out.stderr);
    let out = run(&["moves", "rook2"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("two-piece"), "{}", out.stderr);
}

#[test]
fn an_unknown_variant_name() {
    let out = run(&["moves", "--variant", "chess", "startpos"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("minishogi"), "{}", out.stderr);
}

#[test]
fn a_bad_variant_file_gives_its_line() {
    let minishogi = MINI_VARIANT.replace("promotion_zone: 1", "promotion_zone: 7");
    let file = TempFile::new("bad-variant.yaml", &minishogi);
    let line = minishogi
        .lines()
        .position(|l| l.starts_with("promotion_zone"))
        .expect("the field is there")
        + 1;
    let out = run(&["moves", "--variant", file.arg(), "startpos"]);
    assert_eq!(out.code, 2);
    let want = format!("error: {}:{line}:", file.arg());
    assert!(out.stderr.starts_with(&want), "{}", out.stderr);
    assert!(out.stderr.contains("promotion_zone"), "{}", out.stderr);
}

#[test]
fn help_tells_how_positions_are_read() {
    let out = run(&["moves", "--help"]);
    assert_eq!(out.code, 0);
    assert!(
        out.stdout.contains("first rule that applies"),
        "{}",
        out.stdout
    );
}

const SUBCOMMANDS: [&str; 12] = [
    "kit",
    "perft",
    "moves",
    "validate",
    "pieces",
    "diagram",
    "handicap",
    "booklet",
    "tsume",
    "convert",
    "game",
    "rules-card",
];

/// The long flags of a subcommand's short help, each with what the help says of it.
fn flags(command: &str) -> Vec<(String, String)> {
    let out = run(&[command, "-h"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    out.stdout
        .lines()
        .filter_map(|l| {
            let l = l.trim_start();
            let l = l.strip_prefix("-o, ").unwrap_or(l);
            let rest = l.strip_prefix("--")?;
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            // After the flag and its value name (`<FILE>`), the help text.
            let after = rest[name.len()..].trim_start();
            let after = match after.strip_prefix('<') {
                Some(value) => value.split_once('>').map_or("", |(_, help)| help),
                None => after,
            };
            Some((format!("--{name}"), after.trim().to_string()))
        })
        .filter(|(name, _)| name != "--help")
        .collect()
}

#[test]
fn every_flag_in_help_says_what_it_does() {
    for command in SUBCOMMANDS {
        for (flag, help) in flags(command) {
            assert!(!help.is_empty(), "{command} {flag} has no help text");
        }
    }
}

#[test]
fn every_flag_in_help_is_in_the_readme() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md");
    // The README writes `-o FILE` where help lists -o, --output.
    let named = |flag: &str| {
        flag == "--output"
            || readme.match_indices(flag).any(|(i, _)| {
                !readme[i + flag.len()..]
                    .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-')
            })
    };
    for command in SUBCOMMANDS {
        for (flag, _) in flags(command) {
            assert!(
                named(&flag),
                "shogiprint {command} {flag} is not in README.md"
            );
        }
    }
}

#[test]
fn one_option_has_one_help_text_in_every_command() {
    let help = |command: &str, flag: &str| {
        flags(command)
            .into_iter()
            .find(|(f, _)| f == flag)
            .map(|(_, h)| h)
            .unwrap_or_else(|| panic!("{command} has no {flag}"))
    };
    let font = help("diagram", "--font");
    assert!(font.starts_with("A TrueType/OpenType font"), "{font}");
    for command in ["handicap", "booklet", "rules-card"] {
        assert_eq!(help(command, "--font"), font, "{command}");
    }
    assert!(help("kit", "--font").starts_with(&font));
    let format = help("diagram", "--format");
    for command in ["handicap", "rules-card"] {
        assert_eq!(help(command, "--format"), format, "{command}");
    }
    let hash = help("tsume", "--hash");
    assert!(hash.contains("1 to 65536"), "{hash}");
    for command in ["diagram", "booklet"] {
        assert_eq!(help(command, "--hash"), hash, "{command}");
    }
    // game reads a record by its text too, as the README says.
    let game = run(&["game", "--help"]);
    assert!(
        game.stdout.contains("else from the text"),
        "{}",
        game.stdout
    );
}

#[test]
fn diagram_takes_no_jobs_flag_as_it_proves_one_problem() {
    let has = |command: &str, flag: &str| flags(command).iter().any(|(f, _)| f == flag);
    assert!(!has("diagram", "--jobs"));
    for flag in [
        "--strict",
        "--max-nodes",
        "--time",
        "--hash",
        "--allow-leftover",
    ] {
        assert!(has("diagram", flag), "diagram {flag}");
    }
    for command in ["tsume", "booklet"] {
        assert!(has(command, "--jobs"), "{command} --jobs");
    }
    let out = run(&["diagram", "startpos", "--jobs", "2"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("'--jobs'"), "{}", out.stderr);
}

// pieces

/// Display width, counting CJK characters as two columns as a terminal does.
fn width(s: &str) -> usize {
    s.chars().map(|c| if c >= '\u{2E80}' { 2 } else { 1 }).sum()
}

#[test]
fn pieces_lists_the_variant_in_aligned_columns() {
    let out = run(&["pieces"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines = out.lines();
    assert!(lines[0].starts_with("SFEN"), "{}", out.stdout);
    let rook = lines
        .iter()
        .find(|l| l.starts_with("R "))
        .expect("a rook row");
    assert!(rook.contains("飛車") && rook.contains("+R"), "{rook}");
    let knight = lines
        .iter()
        .find(|l| l.starts_with("N "))
        .expect("a knight row");
    assert!(knight.contains("ffN"), "{knight}");
    // The English column starts at the same display column in every row.
    let header_at = lines[0].find("ENGLISH").expect("ENGLISH header");
    let rook_at = rook.find("Rook").expect("Rook");
    assert_eq!(width(&rook[..rook_at]), width(&lines[0][..header_at]));
    // One header and one row per kind: 8 unpromoted and 6 promoted.
    assert_eq!(lines.len(), 15);
    // Black's king first, 玉将, as the kit and the diagrams give it.
    let king = lines
        .iter()
        .find(|l| l.starts_with("K "))
        .expect("a king row");
    assert!(king.contains(" 玉将 玉 / 王将 王 "), "{king}");
}

/// The row of `pieces` output for the kind written `sfen`.
#[test]
fn pieces_lists_the_pieces_files_pieces_the_variant_does_not_use_under_their_own_heading() {
    let file = TempFile::new(
        "foo.yaml",
        "pieces:\n  - id: foo\n    sfen: \"Z\"\n    kanji: 風子\n    abbr: 風\n    reading: fūshi\n    english: Foo\n    betza: \"WD\"\n    promotes_to: ~\n    value: 3\n    rules: []\n",
    );
    let out = run(&["pieces", "--pieces", file.arg()]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines = out.lines();
    let heading = format!("Pieces of {} that Shogi does not use:", file.arg());
    let at = lines
        .iter()
        .position(|l| *l == heading)
        .unwrap_or_else(|| panic!("no heading in {}", out.stdout));
    // After the variant's 14 kinds and a blank line; then its own header and the piece.
    assert_eq!(at, 16, "{}", out.stdout);
    assert_eq!(lines[at - 1], "");
    assert!(lines[at + 1].starts_with("SFEN"), "{}", out.stdout);
    assert!(
        lines[at + 2].starts_with("Z ")
            && lines[at + 2].contains("Foo")
            && lines[at + 2].contains("WD"),
        "{}",
        out.stdout
    );
    assert_eq!(lines.len(), at + 3);
    // A variant that uses every piece of the file lists them in its own table, and no more.
    let out = run(&[
        "pieces",
        "--pieces",
        "examples/custom/pieces.yaml",
        "--variant",
        "examples/custom/variant.yaml",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(!out.stdout.contains("does not use"), "{}", out.stdout);
    assert!(out.stdout.contains("\nQ "), "{}", out.stdout);
}

fn piece_row(out: &Output, sfen: &str) -> String {
    out.lines()
        .into_iter()
        .find(|l| l.starts_with(&format!("{sfen} ")))
        .unwrap_or_else(|| panic!("a {sfen} row in {}", out.stdout))
        .to_string()
}

#[test]
fn pieces_lists_lion_power_clockwise_from_forward_as_the_other_motions() {
    let out = run(&["pieces", "--variant", "chu"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let row = |sfen: &str| piece_row(&out, sfen);
    let lion = row("N");
    assert!(lion.contains("lion power F FR R BR B BL L FL"), "{lion}");
    // The eagle's steps read "FR FL"; its lion power in the same order.
    let eagle = row("+D");
    assert!(
        eagle.contains("steps FR FL;") && eagle.contains("lion power FR FL"),
        "{eagle}"
    );
}

#[test]
fn pieces_names_the_distance_of_a_jump_along_a_line() {
    // The kirin jumps to the second square orthogonally: "jumps F" read as the square next
    // to it, and the lion's "steps F …; jumps F …" as twice the same square.
    let out = run(&["pieces", "--variant", "chu"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let row = |sfen: &str| piece_row(&out, sfen);
    assert!(row("O").contains("jumps F2 R2 B2 L2"), "{}", row("O"));
    assert!(row("X").contains("jumps FR2 BR2 BL2 FL2"), "{}", row("X"));
    assert!(row("N").contains("jumps F2 FFR FR2 RRF R2"), "{}", row("N"));
    // The knight's jumps are off every line: their names already say where.
    let standard = run(&["pieces"]);
    assert!(
        standard.stdout.contains("jumps FFR FFL"),
        "{}",
        standard.stdout
    );
}

// user data

const MINI_VARIANT: &str = "\
id: minishogi
english: Minishogi
japanese: 5五将棋
board: { files: 5, ranks: 5 }
promotion_zone: 1
drops: true
royal: [king]
set:
  king: 2
  rook: 2
  bishop: 2
  gold: 2
  silver: 2
  pawn: 2
start: \"rbsgk/4p/5/P4/KGSBR b - 1\"
";

#[test]
fn a_user_piece_in_a_user_variant() {
    let pieces = TempFile::new(
        "pieces.yaml",
        "\
pieces:
  - id: wazir
    sfen: \"W\"
    kanji: 試駒
    abbr: 試
    reading: shiku
    english: Wazir
    betza: \"W\"
    promotes_to: ~
    value: 3
    rules: []
",
    );
    // Minishogi with a wazir (one orthogonal step) in place of the gold.
    let variant = TempFile::new(
        "wazir.yaml",
        &MINI_VARIANT
            .replace("id: minishogi", "id: wazir_shogi")
            .replace("gold: 2", "wazir: 2")
            .replace("rbsgk/4p/5/P4/KGSBR", "rbswk/4p/5/P4/KWSBR"),
    );
    let data = ["--pieces", pieces.arg(), "--variant", variant.arg()];

    let table = run(&[&["pieces"], &data[..]].concat());
    assert_eq!(table.code, 0, "{}", table.stderr);
    let wazir = table
        .lines()
        .into_iter()
        .find(|l| l.starts_with("W "))
        .expect("a wazir row");
    assert!(wazir.contains("試駒") && wazir.contains("Wazir"), "{wazir}");
    assert!(!table.stdout.contains("Gold"), "{}", table.stdout);

    let moves = run(&[&["moves"], &data[..], &["startpos"]].concat());
    assert_eq!(moves.code, 0, "{}", moves.stderr);
    let lines = moves.lines();
    // The wazir on 4e steps forward but, unlike the gold, not diagonally.
    assert!(lines.contains(&"4e4d"), "{lines:?}");
    assert!(!lines.contains(&"4e3d"), "{lines:?}");

    let ok = run(&[&["validate"], &data[..], &["rbswk/4p/5/P4/KWSBR b - 1"]].concat());
    assert_eq!(ok.code, 0, "{}{}", ok.stdout, ok.stderr);

    // Without the pieces file the variant names a piece nobody defined.
    let missing = run(&["moves", "--variant", variant.arg(), "startpos"]);
    assert_eq!(missing.code, 2);
    assert!(missing.stderr.contains("wazir"), "{}", missing.stderr);
}

/// A path in the temp dir for an output file, removed on drop (and absent at first).
fn out_path(name: &str) -> TempFile {
    let f = TempFile::new(name, "");
    let _ = std::fs::remove_file(&f.0);
    f
}

#[test]
fn diagram_svg_goes_to_stdout_by_default() {
    let out = run(&["diagram", "startpos"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.starts_with("<svg "));
    assert!(out.stdout.contains("mm\""));
}

#[test]
fn diagram_format_follows_the_extension() {
    for (ext, magic) in [
        ("svg", &b"<svg"[..]),
        ("png", &b"\x89PNG"[..]),
        ("pdf", &b"%PDF"[..]),
    ] {
        let f = out_path(&format!("d.{ext}"));
        let out = run(&["diagram", "startpos", "-o", f.arg()]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let bytes = std::fs::read(&f.0).unwrap();
        assert!(bytes.starts_with(magic), "{ext}");
    }
    let f = out_path("d.txt");
    let out = run(&["diagram", "startpos", "-o", f.arg()]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("extension"), "{}", out.stderr);
    let out = run(&["diagram", "startpos", "-o", f.arg(), "--format", "svg"]);
    assert_eq!(out.code, 0);
}

#[test]
fn diagram_refuses_an_invalid_position_and_writes_nothing() {
    let f = out_path("nifu.png");
    let out = run(&["diagram", NIFU, "-o", f.arg()]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("nifu"), "{}", out.stderr);
    assert!(
        out.stderr.contains("5f") && out.stderr.contains("5h"),
        "{}",
        out.stderr
    );
    assert!(!f.0.exists(), "no file for an invalid position");
    let out = run(&["diagram", NIFU, "-o", f.arg(), "--allow-invalid"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(f.0.exists());
}

#[test]
fn diagram_tsume_lets_the_attacker_have_no_king() {
    assert_eq!(run(&["diagram", TSUME]).code, 1);
    // (A lone gold does not mate: drawn unproven, as a draft.)
    let out = run(&["diagram", TSUME, "--tsume", "--no-verify"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    // A written-out defender's hand must be every remaining piece.
    let out = run(&["diagram", "4k4/9/9/9/9/9/9/9/9 b Gp 1", "--tsume"]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("tsume-hand"), "{}", out.stderr);
}

#[test]
fn diagram_malformed_input_exits_2_with_a_column() {
    let out = run(&["diagram", BAD_LETTER]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("57"), "{}", out.stderr);
}

#[test]
fn diagram_yaml_errors_name_line_column_and_field() {
    let cases = [
        (
            "position: startpos\nstyle: fancy\n",
            "2:8: style",
            "unknown style",
        ),
        (
            "position: startpos\nhighlights:\n  - 7g\n  - 0z\n",
            "4:5: highlights[1]",
            "not a square",
        ),
        ("position: startpos\ncolour: red\n", ":2:", "unknown field"),
        (
            "position: startpos\nexpect_problems: [nifoo]\n",
            "2:19: expect_problems[0]",
            "unknown problem code",
        ),
        (
            "position: lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1\n",
            "1:67: position",
            "X",
        ),
        (
            "position: startpos\ncaption: 王手😀\n",
            "caption",
            "U+1F600",
        ),
        ("title: no position\n", "position", "missing field"),
    ];
    for (yaml, place, message) in cases {
        let f = TempFile::new("d.yaml", yaml);
        let out = run(&["diagram", f.arg()]);
        assert_eq!(out.code, 2, "{yaml}: {}", out.stderr);
        assert!(out.stderr.contains(place), "{yaml}: {}", out.stderr);
        assert!(out.stderr.contains(message), "{yaml}: {}", out.stderr);
    }
}

#[test]
fn diagram_yaml_from_stdin_and_expected_problems() {
    let yaml = format!("position: {NIFU}\nexpect_problems: [nifu]\n");
    let out = run_with_stdin(&["diagram", "-"], &yaml);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.starts_with("<svg"));
    let yaml = format!("position: {NIFU}\nexpect_problems: [dead-piece]\n");
    let out = run_with_stdin(&["diagram", "-"], &yaml);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains("nifu") && out.stderr.contains("dead-piece"),
        "{}",
        out.stderr
    );
}

#[test]
fn tsume_reads_a_yaml_diagram_on_stdin_as_diagram_does() {
    let yaml = std::fs::read_to_string("examples/diagrams/tsume.yaml").unwrap();
    let out = run_with_stdin(&["tsume", "--json", "-"], &yaml);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines = out.lines();
    assert_eq!(lines.len(), 1, "{}", out.stdout);
    let v: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(v["input"], "stdin");
    assert_eq!(v["status"], "mate");
    assert_eq!(v["line"], serde_json::json!(["G*5b"]));
    // Its declared answer is checked, as for the file.
    let wrong = yaml.replace("answer: ▲5二金まで1手詰", "answer: ▲4二金まで1手詰");
    let out = run_with_stdin(&["tsume", "--json", "-"], &wrong);
    assert_eq!(out.code, 1, "{}", out.stdout);
    let v: serde_json::Value = serde_json::from_str(out.lines()[0]).unwrap();
    assert!(v["answer_error"].is_string(), "{v}");
    // A diagram file's own errors are located in it, as stdin.
    let out = run_with_stdin(&["tsume", "-"], "position: startpos\nsize: 100\n");
    assert_eq!(out.code, 2, "{}", out.stdout);
    assert!(out.stderr.starts_with("error: stdin:2:"), "{}", out.stderr);
}

/// `game --json`'s one line as JSON.
fn game_json(out: &Output) -> serde_json::Value {
    let lines = out.lines();
    assert_eq!(lines.len(), 1, "one line: {}", out.stdout);
    serde_json::from_str(lines[0]).expect("the line is JSON")
}

#[test]
fn game_json_prints_one_object_when_the_record_fails_with_the_same_exit_code() {
    // An illegal move: exit 2, where and why.
    let nifu = "tests/data/records/illegal-nifu.kif";
    let plain = run(&["game", nifu]);
    let out = run(&["game", "--json", nifu]);
    assert_eq!((plain.code, out.code), (2, 2), "{}", out.stderr);
    let v = game_json(&out);
    assert_eq!(v["input"], nifu);
    assert_eq!(v["line"], 68);
    assert_eq!(v["error"], "△５三歩打: nifu on file 5");
    assert!(out.stderr.is_empty(), "{}", out.stderr);
    // A start position that breaks the rules: exit 1, its problems as validate gives them.
    let mut board =
        String::from("V2.2\nP1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI *  *  *  *  * -KA * \n");
    board.push_str("P3-FU-FU-FU-FU-FU-FU-FU-FU-FU\nP4 *  *  *  *  *  *  *  *  * \n");
    board.push_str("P5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  * +FU *  *  *  * \n");
    board.push_str("P7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA *  *  *  *  * +HI * \n");
    board.push_str("P9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n+\n");
    let bad = TempFile::new("bad.csa", &board);
    let out = run(&["game", "--json", bad.arg()]);
    assert_eq!(out.code, 1, "{}", out.stdout);
    let v = game_json(&out);
    assert_eq!(v["line"], 11);
    let codes: Vec<&str> = v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["code"].as_str().unwrap())
        .collect();
    assert!(codes.contains(&"nifu"), "{v}");
    // A file that is not there, and empty standard input.
    let out = run(&["game", "--json", "no-such-game.kif"]);
    assert_eq!(out.code, 2);
    let v = game_json(&out);
    assert_eq!(v["input"], "no-such-game.kif");
    assert!(v.get("line").is_none() && v["error"].is_string(), "{v}");
    let out = run_with_stdin(&["game", "--json", "-"], "");
    assert_eq!(out.code, 2);
    assert_eq!(game_json(&out)["error"], "empty record");
}

#[test]
fn game_json_is_one_line_and_names_a_handicap_as_the_command_line_does() {
    let record = "tests/data/records/two-piece-handicap.kif";
    let out = run(&["game", "--json", record]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v = game_json(&out);
    assert_eq!(v["handicap"], "two-piece");
    assert_eq!(v["moves"], 24);
    let text = run(&["game", record]);
    assert!(
        text.stdout.contains("\nhandicap: two-piece\n"),
        "{}",
        text.stdout
    );
}

#[test]
fn a_caption_that_needs_a_proof_is_reported_where_it_was_given() {
    // In the file: at the caption's own line and column, not the position's.
    let file = TempFile::new(
        "caption.yaml",
        "position: \"startpos moves 7g7f 3c3d 7f7e\"\ncaption: \"{手数}手\"\n",
    );
    let svg = out_path("caption.svg");
    let out = run(&["diagram", file.arg(), "-o", svg.arg()]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert_eq!(
        out.stderr.trim_end(),
        format!(
            "error: {}:2:10: caption: '{{手数}}手' needs a proven tsume (tsume: true, and verification on)",
            file.arg()
        )
    );
    // From the command line: the flag, whatever the file holds.
    let out = run(&[
        "diagram",
        "examples/diagrams/tsume.yaml",
        "--no-verify",
        "--caption",
        "auto",
        "-o",
        svg.arg(),
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert_eq!(
        out.stderr.trim_end(),
        "error: --caption: 'auto' needs a proven tsume (--tsume or tsume: true, and verification on)"
    );
    let out = run(&[
        "diagram",
        "startpos",
        "--caption",
        "{length} plies",
        "-o",
        svg.arg(),
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr
            .starts_with("error: --caption: '{length} plies' needs"),
        "{}",
        out.stderr
    );
    assert!(!svg.0.exists());
}

#[test]
fn diagram_output_is_identical_twice() {
    let a = out_path("a.pdf");
    let b = out_path("b.pdf");
    for f in [&a, &b] {
        let out = run(&["diagram", "examples/diagrams/teaching.yaml", "-o", f.arg()]);
        assert_eq!(out.code, 0, "{}", out.stderr);
    }
    assert_eq!(std::fs::read(&a.0).unwrap(), std::fs::read(&b.0).unwrap());
}

#[test]
fn kit_with_no_options_writes_shogi_kit_pdf_in_the_current_directory() {
    let dir = std::env::temp_dir().join(format!("shogiprint-kit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_shogiprint"))
        .arg("kit")
        .current_dir(&dir)
        .output()
        .expect("the binary runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(dir.join("shogi-kit.pdf")).expect("shogi-kit.pdf is written");
    let doc = lopdf::Document::load_mem(&bytes).expect("a PDF");
    // The cover with pieces, the rules card, a second sheet of pieces, four board tiles.
    assert_eq!(doc.get_pages().len(), 7);
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n != "shogi-kit.pdf")
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn kit_options_reach_the_pdf() {
    let pdf = out_path("sho.pdf");
    let out = run(&[
        "kit",
        "--variant",
        "sho",
        "--extras",
        "prince",
        "--paper",
        "letter",
        "--layout",
        "duplex",
        "--style",
        "western",
        "--no-board",
        "-o",
        pdf.arg(),
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let doc = lopdf::Document::load_mem(&std::fs::read(&pdf.0).unwrap()).unwrap();
    let pages = doc.get_pages();
    // Duplex: pages come in front/back pairs; no board pages.
    assert_eq!(pages.len() % 2, 0);
    let first = doc.get_dictionary(pages[&1]).unwrap();
    let mb = first.get(b"MediaBox").unwrap().as_array().unwrap();
    assert!((mb[2].as_float().unwrap() - 612.0).abs() < 0.01);
    assert!((mb[3].as_float().unwrap() - 792.0).abs() < 0.01);
}

#[test]
fn an_a5_kit_is_written_and_a_card_that_cannot_fit_names_no_rules_card() {
    for variant in ["standard", "minishogi"] {
        let pdf = out_path("a5.pdf");
        let out = run(&[
            "kit",
            "--paper",
            "a5",
            "--variant",
            variant,
            "-o",
            pdf.arg(),
        ]);
        assert_eq!(out.code, 0, "{variant}: {}", out.stderr);
        assert!(pdf.0.exists());
    }
    // Chu shogi's two-page card fits no A5 page: exit 2, nothing written, the way out named.
    let pdf = out_path("a5-chu.pdf");
    let out = run(&["kit", "--paper", "a5", "--variant", "chu", "-o", pdf.arg()]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("--no-rules-card"), "{}", out.stderr);
    assert!(!pdf.0.exists());
    let out = run(&[
        "kit",
        "--paper",
        "a5",
        "--variant",
        "chu",
        "--no-rules-card",
        "-o",
        pdf.arg(),
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    // The rules card alone keeps the margin it is given, and names one that would do.
    let card = out_path("a5-card.pdf");
    let out = run(&["rules-card", "--paper", "a5", "-o", card.arg()]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("it fits within"), "{}", out.stderr);
}

#[test]
fn kit_bad_options_exit_2_and_write_nothing() {
    for (args, says) in [
        (vec!["--paper", "a3"], "expected a4, a5, b5, letter"),
        (vec!["--extras", "unicorn"], "unicorn"),
        (vec!["--scale", "9"], "scale"),
        (vec!["--style", "fancy"], "kanji, arrows or western"),
        (vec!["--square", "35x"], "across x deep"),
        (vec!["--paper", "75x75mm"], "does not fit"),
    ] {
        let pdf = out_path("bad.pdf");
        let mut all = vec!["kit", "-o", pdf.arg()];
        all.extend(args.iter().copied());
        let out = run(&all);
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains(says), "{args:?}: {}", out.stderr);
        assert!(!pdf.0.exists(), "{args:?} wrote a file");
    }
    let png = out_path("kit.png");
    let out = run(&["kit", "-o", png.arg()]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("written as PDF"), "{}", out.stderr);
}

#[test]
fn every_command_refuses_a_bad_paper_in_the_same_words() {
    // The kit, handicap sheets, rules cards and booklets all take --paper; a user who mistypes it
    // reads one message, the value quoted once.
    let book = format!(
        "{}/examples/booklets/tsume-drill.yaml",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut said = Vec::new();
    for command in [
        vec!["kit"],
        vec!["handicap"],
        vec!["rules-card"],
        vec!["booklet", book.as_str()],
    ] {
        let pdf = out_path("paper.pdf");
        let mut all = command.clone();
        all.extend(["--paper", "b9", "-o", pdf.arg()]);
        let out = run(&all);
        assert_eq!(out.code, 2, "{command:?}: {}", out.stderr);
        assert!(!pdf.0.exists(), "{command:?} wrote a file");
        let first = out.stderr.lines().next().unwrap_or_default().to_string();
        assert_eq!(first.matches("'b9'").count(), 1, "{command:?}: {first}");
        assert!(first.contains("expected a4, a5, b5, letter"), "{first}");
        said.push(first);
    }
    said.dedup();
    assert_eq!(said.len(), 1, "{said:#?}");
}

#[test]
fn kit_names_a_character_the_fonts_lack_and_writes_nothing() {
    // A user's piece whose name is outside the bundled fonts (𠮷 is in neither JIS X 0208 nor
    // 0213).
    let pieces = TempFile::new(
        "mole.yaml",
        "pieces:\n  - id: mole\n    sfen: \"Y\"\n    kanji: 𠮷鼠\n    abbr: 𠮷\n    reading: mogura\n    english: Mole\n    betza: \"fW\"\n    promotes_to: ~\n    value: 1\n    rules: []\n",
    );
    let pdf = out_path("mole.pdf");
    let out = run(&[
        "kit",
        "--pieces",
        pieces.arg(),
        "--extras",
        "mole",
        "-o",
        pdf.arg(),
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("U+20BB7"), "{}", out.stderr);
    assert!(out.stderr.contains("--font"), "{}", out.stderr);
    assert!(!pdf.0.exists());
}
