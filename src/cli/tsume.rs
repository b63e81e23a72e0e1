//! `shogiprint tsume`: proves each mating problem and reports its conventional length, main
//! line and alternative solutions (余詰). Exit code: 0 if every problem is sound, 1 if any has no
//! mate, a defect or an unknown result (or is invalid), 2 if any input is malformed.

use super::diagram::is_yaml_name;
use super::input::{self, Entry, Inputs};
use super::progress::Progress;
use super::record_input;
use super::{report, Failure};
use serde::Serialize;
use shogiprint::diagram::verify::{self, Settings};
use shogiprint::diagram::Style;
use shogiprint::formats::notation::{japanese, usi, western};
use shogiprint::formats::record::Record;
use shogiprint::in_order;
use shogiprint::rules::{validate, Move, Position, Variant};
use shogiprint::tsume::{self, inventory, Stage, Status, Verdict};
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::Arc;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Print one JSON object per problem, one per line, instead of text.
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    verify: super::verify::VerifyArgs,

    /// Problems: SFENs, USI position strings, YAML diagram files (*.yaml, *.yml: the position,
    /// and its answer if it declares one), game records (KIF, KI2, CSA, BOD: the start
    /// position, and its moves as the answer if it has any), files of positions (one per
    /// line) or '-' (standard input: a record or a YAML diagram, known by its text, else
    /// positions one per line).
    #[arg(value_name = "INPUT", required = true)]
    inputs: Vec<String>,
}

/// A verified problem with its main line in Japanese and western notation.
struct Solved {
    verdict: Verdict,
    ja: Vec<String>,
    en: Vec<String>,
    /// Each alternative in Japanese, with its variation (see [`verify::alternative_texts`]).
    alternatives_ja: Vec<verify::AlternativeText>,
    /// What is wrong with the answer a diagram file declares.
    answer_error: Option<String>,
    /// Every alternative a defect (`--strict`, or a diagram file's `strict: true`).
    strict: bool,
    /// Pieces left in the attacker's hand at the end are accepted (`--allow-leftover`, or a
    /// diagram file's `allow_leftover: true`).
    allow_leftover: bool,
    /// What the input may have been meant as, where the verdict suggests a mistake.
    hint: Option<String>,
}

impl Solved {
    fn new(start: &Position, verdict: Verdict, settings: &Settings) -> Solved {
        let (ja, en) = notations(start, &verdict);
        Solved {
            alternatives_ja: verify::alternative_texts(start, &verdict),
            verdict,
            ja,
            en,
            answer_error: None,
            strict: settings.strict,
            allow_leftover: settings.allow_leftover,
            hint: None,
        }
    }

    /// The main line ends with pieces in the attacker's hand (駒余り), not accepted.
    fn leftover_is_defect(&self) -> bool {
        !self.allow_leftover && self.verdict.left_in_hand.is_some_and(|n| n > 0)
    }

    fn is_sound(&self) -> bool {
        self.verdict.is_sound(self.strict)
            && self.answer_error.is_none()
            && !self.leftover_is_defect()
    }

    /// Checks a declared answer against the proven mate (nothing to check without a mate).
    fn check_answer(
        &mut self,
        check: impl FnOnce(&verify::Solution) -> Result<(), verify::Refusal>,
    ) {
        if self.verdict.status != Status::Mate {
            return;
        }
        let solution = verify::Solution {
            verdict: self.verdict.clone(),
            length: self.verdict.length.unwrap_or(0),
            line_ja: self.ja.clone(),
            line_en: self.en.clone(),
        };
        if let Err(e) = check(&solution) {
            self.answer_error = Some(e.to_string());
        }
    }
}

/// The main line in Japanese (▲7六歩 △同　歩 …) and western notation.
fn notations(start: &Position, verdict: &Verdict) -> (Vec<String>, Vec<String>) {
    let ja = japanese::line(start, &verdict.line).unwrap_or_default();
    let mut en = Vec::new();
    let mut pos = start.clone();
    for mv in &verdict.line {
        en.push(western::write(&pos, *mv));
        pos.play_unchecked(*mv);
    }
    (ja, en)
}

/// What became of one problem.
enum Outcome {
    Solved(Box<Solved>),
    Invalid(Vec<String>),
    Malformed(String),
    /// A diagram file that could not be read: its located messages and exit code.
    Refused(Vec<String>, i32),
}

/// One problem to prove, as the inputs name it.
enum Problem {
    /// A YAML diagram file: its argument, and its text if it came on standard input.
    Yaml(String, Option<String>),
    /// A game record: its start position is the problem, its main line the answer.
    Record(Box<Record>),
    Entry(Entry),
    /// An argument that could not be read, or held no position.
    Unread(String),
    /// A record that could not be read: its located messages and exit code.
    Refused(Vec<String>, i32),
}

pub fn run(
    args: &Args,
    variant: &Arc<Variant>,
    pieces: Option<&Path>,
    out: &mut impl Write,
) -> Result<i32, Failure> {
    // The command proves as long as it takes unless told otherwise.
    let mut settings = Settings {
        time: None,
        ..Settings::default()
    };
    args.verify.apply(&mut settings)?;
    let mut inputs = Inputs::default();
    let mut problems = Vec::new();
    for arg in &args.inputs {
        if is_yaml_name(arg) && Path::new(arg).is_file() {
            problems.push((arg.clone(), arg.clone(), Problem::Yaml(arg.clone(), None)));
            continue;
        }
        // A diagram file piped in is read as one, as `diagram -` reads it.
        if arg == "-" {
            if let Some(text) = inputs
                .stdin_text()
                .ok()
                .filter(|t| input::looks_like_yaml_diagram(t))
            {
                let name = "stdin".to_string();
                problems.push((
                    name.clone(),
                    name,
                    Problem::Yaml("stdin".into(), Some(text)),
                ));
                continue;
            }
        }
        if let Some(read) = record(arg, &mut inputs, variant) {
            let name = if arg == "-" { "stdin" } else { arg.as_str() };
            let problem = match read {
                Ok(r) => Problem::Record(Box::new(r)),
                Err(f) => Problem::Refused(f.lines, f.code),
            };
            problems.push((name.to_string(), name.to_string(), problem));
            continue;
        }
        for (name, place, entry) in inputs.entries(arg) {
            let problem = entry.map_or_else(Problem::Unread, Problem::Entry);
            problems.push((name, place, problem));
        }
    }
    // Results print in the inputs' order, each as soon as it and those before it are proved.
    settings.jobs = settings.jobs.min(problems.len()).max(1);
    let mut worst = 0;
    let mut done = 0;
    // Where the results go to a file, a bar on the terminal says how far it has got.
    let bar = Progress::new(
        problems.len(),
        20,
        "problems proved",
        !std::io::stdout().is_terminal(),
    );
    let prove = |(_, _, problem): &(String, String, Problem)| match problem {
        Problem::Yaml(arg, text) => solve_yaml(arg, text.as_deref(), variant, pieces, &settings),
        Problem::Record(record) => solve_record(record, &settings),
        Problem::Entry(entry) => solve(entry, variant, &settings),
        Problem::Unread(message) => Outcome::Malformed(message.clone()),
        Problem::Refused(lines, code) => Outcome::Refused(lines.clone(), *code),
    };
    let mut print = |(name, place, _): &(String, String, Problem), outcome: Outcome| {
        let code = match &outcome {
            Outcome::Solved(s) if s.is_sound() => 0,
            Outcome::Solved(_) | Outcome::Invalid(_) => 1,
            Outcome::Malformed(_) => 2,
            Outcome::Refused(_, code) => *code,
        };
        worst = worst.max(code);
        if args.json {
            let line = json(name, &outcome, variant).map_err(|e| Failure::bad("json", e))?;
            writeln!(out, "{line}")?;
        } else {
            // A malformed problem's message goes to standard error, under the bar.
            bar.suspend(|| text(out, place, &outcome, variant))?;
        }
        // Each problem is seen as soon as it is proved.
        out.flush()?;
        done += 1;
        bar.set(done);
        Ok::<(), Failure>(())
    };
    in_order::run(&problems, settings.jobs, prove, &mut print)?;
    bar.done();
    Ok(worst)
}

/// A YAML diagram file (`text`, when it came on standard input, else read from `arg`): its
/// position is the problem (whether or not it says `tsume: true`), and a declared `answer:` is
/// checked against the proven main line. Files it names are found beside it (from the current
/// directory for standard input).
fn solve_yaml(
    arg: &str,
    text: Option<&str>,
    variant: &Arc<Variant>,
    pieces: Option<&Path>,
    settings: &Settings,
) -> Outcome {
    let path = Path::new(arg);
    let text = match text {
        Some(t) => t.to_string(),
        None => match input::read_file(path) {
            Ok(t) => t,
            Err(e) => return Outcome::Malformed(e.message),
        },
    };
    if text.lines().any(|l| l.trim_end() == "diagrams:") {
        return Outcome::Malformed(
            "a booklet, not a diagram file: `shogiprint booklet` proves every problem in it"
                .to_string(),
        );
    }
    let dir = path.parent().map(Path::to_path_buf);
    let (diagram, notes) = match super::diagram::read_yaml(&text, arg, dir, variant, pieces) {
        Ok(d) => d,
        Err(f) => return Outcome::Refused(f.lines, f.code),
    };
    let start = match verify::start_position(&diagram) {
        Ok(p) => p,
        Err(verify::Refusal::Invalid(lines)) => return Outcome::Invalid(lines),
        Err(other) => return Outcome::Refused(vec![format!("{arg}: {other}")], other.exit_code()),
    };
    // The file's own strict:, allow_leftover: and prover: under the command line's flags.
    let settings = &settings.for_diagram(&diagram);
    let verdict = tsume::verify(&start, settings.limits());
    let mut solved = Solved::new(&start, verdict, settings);
    if let Some(answer) = &notes.answer {
        let style = diagram.options.style;
        solved.check_answer(|s| verify::check_answer(&start, s, answer, style, settings));
    }
    Outcome::Solved(Box::new(solved))
}

/// A game record named by `arg` (by its extension, or by its text on standard input), read;
/// `None` for any other argument.
fn record(
    arg: &str,
    inputs: &mut Inputs,
    variant: &Arc<Variant>,
) -> Option<Result<Record, super::Failure>> {
    if arg == "-" {
        let text = inputs.stdin_text().ok()?;
        return record_input::looks_like_record(&text)
            .then(|| record_input::read_text("stdin", &text, variant));
    }
    record_input::is_record_path(arg).then(|| record_input::read(arg, variant))
}

/// A record's start position is the problem; the moves of its main line, if it has any, are
/// the declared answer (as a tsume file from Kifu for Windows or a problem site gives it).
fn solve_record(record: &Record, settings: &Settings) -> Outcome {
    if let Some(why) = tsume::unsupported(record.start.variant()) {
        return Outcome::Malformed(why);
    }
    let start = match inventory::complete(&record.position_at(0)) {
        Ok(p) => p,
        Err(lines) => return Outcome::Invalid(lines),
    };
    let verdict = tsume::verify(&start, settings.limits());
    let mut solved = Solved::new(&start, verdict, settings);
    // A game from the even or a handicap start is no problem, and no mate says little of why.
    if solved.verdict.status != Status::Mate && record_input::starts_as_a_game(record) {
        solved.hint = Some(record_input::GAME_RECORD_HINT.to_string());
    }
    let answer: Vec<Move> = record.moves.iter().map(|m| m.mv).collect();
    if !answer.is_empty() {
        let style = Style::Traditional;
        solved.check_answer(|s| verify::check_line(&start, s, &answer, style, settings));
    }
    Outcome::Solved(Box::new(solved))
}

fn solve(entry: &Entry, variant: &Arc<Variant>, settings: &Settings) -> Outcome {
    let options = validate::Options { tsume: true };
    let position = match input::position(entry, variant, options) {
        Ok(p) => p,
        Err(e) if input::shape_error(&e, variant).is_some() => {
            return Outcome::Malformed(input::shape_error(&e, variant).unwrap_or_default())
        }
        Err(shogiprint::Error::Invalid(e)) => {
            return Outcome::Invalid(e.problems.iter().map(|p| p.line(e.size())).collect())
        }
        Err(e) => return Outcome::Malformed(input::malformed_message(entry, &e, variant)),
    };
    if let Some(why) = tsume::unsupported(position.variant()) {
        return Outcome::Malformed(why);
    }
    match inventory::complete(&position) {
        Ok(p) => {
            let verdict = tsume::verify(&p, settings.limits());
            Outcome::Solved(Box::new(Solved::new(&p, verdict, settings)))
        }
        Err(lines) => Outcome::Invalid(lines),
    }
}

fn usi_line(v: &Verdict, variant: &Variant) -> Vec<String> {
    v.line
        .iter()
        .map(|m| usi::write_move(variant, *m))
        .collect()
}

fn status_text(v: &Verdict) -> String {
    match v.status {
        Status::Mate => format!("mate in {}", v.length.unwrap_or(0)),
        Status::NoMate => "no mate".to_string(),
        Status::Unknown(limit) => match v.progress() {
            Some(done) => format!("unknown ({} limit reached: {done})", limit.name()),
            None => format!("unknown ({} limit reached)", limit.name()),
        },
    }
}

fn text(
    out: &mut impl Write,
    place: &str,
    outcome: &Outcome,
    variant: &Variant,
) -> std::io::Result<()> {
    match outcome {
        Outcome::Solved(solved) => {
            let v = &solved.verdict;
            let strict = solved.strict;
            let verdict = if solved.is_sound() {
                "sound"
            } else {
                "NOT sound"
            };
            writeln!(out, "{place}: {} — {verdict}", status_text(v))?;
            if let Some(hint) = &solved.hint {
                writeln!(out, "  hint: {hint}")?;
            }
            if let Some(e) = &solved.answer_error {
                writeln!(out, "  {e}")?;
            }
            // Past the length stage (a limit may have stopped a later one), what was found.
            if let Some(length) = v.length {
                if !v.line.is_empty() {
                    writeln!(out, "  line: {}", usi_line(v, variant).join(" "))?;
                }
                if !solved.ja.is_empty() {
                    writeln!(out, "  {}まで{length}手詰", solved.ja.join(" "))?;
                    writeln!(out, "  {}", solved.en.join(" "))?;
                }
                if let Some(left) = v.left_in_hand.filter(|n| *n > 0) {
                    let defect = if solved.leftover_is_defect() {
                        " (defect)"
                    } else {
                        ""
                    };
                    writeln!(out, "  pieces left in hand: {left} [駒余り]{defect}")?;
                }
                for (a, text) in v.alternatives.iter().zip(&solved.alternatives_ja) {
                    let defect = if a.kind.is_defect(strict) {
                        " (defect)"
                    } else {
                        ""
                    };
                    writeln!(
                        out,
                        "  alternative at ply {}: {} [{}]{defect}",
                        a.ply,
                        text,
                        a.kind.name()
                    )?;
                }
            }
            writeln!(
                out,
                "  nodes: {}, {} ms (proof: {} nodes, {} ms)",
                v.nodes, v.ms, v.proof_nodes, v.proof_ms
            )
        }
        Outcome::Invalid(lines) => {
            writeln!(out, "{place}: invalid")?;
            for l in lines {
                writeln!(out, "  {l}")?;
            }
            Ok(())
        }
        Outcome::Malformed(message) => {
            out.flush()?;
            report(&[format!("{place}: {message}")]);
            Ok(())
        }
        Outcome::Refused(lines, _) => {
            out.flush()?;
            report(lines);
            Ok(())
        }
    }
}

#[derive(Serialize)]
struct JsonReport<'a> {
    input: &'a str,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<&'static str>,
    /// For "unknown": the stage the limit stopped ("proof", "length", "line",
    /// "alternatives"); the fields of the stages before it are filled in.
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped_in: Option<&'static str>,
    length: Option<u32>,
    line: Vec<String>,
    line_ja: Vec<String>,
    line_en: Vec<String>,
    alternatives: Vec<JsonAlternative>,
    left_in_hand: Option<u32>,
    /// The pieces left in hand (駒余り) make the problem unsound.
    leftover_defect: bool,
    sound: bool,
    nodes: u64,
    ms: u128,
    proof_nodes: u64,
    proof_ms: u128,
    #[serde(skip_serializing_if = "Option::is_none")]
    problems: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    answer_error: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<&'a str>,
}

#[derive(Serialize)]
struct JsonAlternative {
    ply: u32,
    #[serde(rename = "move")]
    mv: String,
    /// The move in Japanese, and on a variation the moves before it (Japanese).
    move_ja: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    variation: Option<Vec<String>>,
    kind: &'static str,
    defect: bool,
}

fn json(name: &str, outcome: &Outcome, variant: &Variant) -> serde_json::Result<String> {
    let empty = JsonReport {
        input: name,
        status: "invalid",
        limit: None,
        stopped_in: None,
        length: None,
        line: vec![],
        line_ja: vec![],
        line_en: vec![],
        alternatives: vec![],
        left_in_hand: None,
        leftover_defect: false,
        sound: false,
        nodes: 0,
        ms: 0,
        proof_nodes: 0,
        proof_ms: 0,
        problems: None,
        error: None,
        answer_error: None,
        hint: None,
    };
    let report = match outcome {
        Outcome::Solved(solved) => {
            let v = &solved.verdict;
            let strict = solved.strict;
            JsonReport {
                status: v.status.name(),
                limit: match v.status {
                    Status::Unknown(l) => Some(l.name()),
                    _ => None,
                },
                stopped_in: v.stopped_in.map(Stage::name),
                length: v.length,
                line: usi_line(v, variant),
                line_ja: solved.ja.clone(),
                line_en: solved.en.clone(),
                alternatives: v
                    .alternatives
                    .iter()
                    .zip(&solved.alternatives_ja)
                    .map(|(a, text)| JsonAlternative {
                        ply: a.ply,
                        mv: usi::write_move(variant, a.mv),
                        move_ja: text.mv.clone(),
                        variation: text.variation.clone(),
                        kind: a.kind.name(),
                        defect: a.kind.is_defect(strict),
                    })
                    .collect(),
                left_in_hand: v.left_in_hand,
                leftover_defect: solved.leftover_is_defect(),
                sound: solved.is_sound(),
                answer_error: solved.answer_error.as_deref(),
                hint: solved.hint.as_deref(),
                nodes: v.nodes,
                ms: v.ms,
                proof_nodes: v.proof_nodes,
                proof_ms: v.proof_ms,
                ..empty
            }
        }
        Outcome::Invalid(lines) => JsonReport {
            problems: Some(lines),
            ..empty
        },
        Outcome::Malformed(message) => JsonReport {
            status: "malformed",
            error: Some(message),
            ..empty
        },
        Outcome::Refused(lines, code) => JsonReport {
            status: if *code == 1 { "invalid" } else { "malformed" },
            problems: Some(lines),
            ..empty
        },
    };
    serde_json::to_string(&report)
}
