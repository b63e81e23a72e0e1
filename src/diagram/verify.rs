//! Tsume diagrams are proven before they are drawn: the position must mate, within the limits,
//! without an alternative solution (余詰) that counts as a defect; a declared answer must be a
//! correct main line (its moves are read with `formats::notation` and compared as moves); an
//! omitted answer and a `caption: auto` are written from the proven main line.
//!
//! The prover is [`crate::tsume::verify`]; this module only asks it and words its verdict for a
//! teacher (`no mate: after ▲7一飛成, △8一金打 holds`).

use super::{Diagram, Style};
use crate::formats::notation::{japanese, numerals, usi, western};
use crate::rules::{validate, Move, Position};
use crate::tsume::{self, inventory, Limits, Status, Verdict};
use std::time::Duration;

/// How tsume diagrams are verified. Every field has a default (see [`Settings::default`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Verify at all (default true); `verify: false` on a diagram or `--no-verify` turn it off.
    pub enabled: bool,
    /// Every alternative solution is a defect, final-move and promotion choices too (default
    /// false: those two kinds are tolerated, as collections do).
    pub strict: bool,
    /// Nodes per problem before it is `unknown` (default 50 000 000).
    pub max_nodes: u64,
    /// Seconds per problem before it is `unknown` (default 60).
    pub time: Option<f64>,
    /// The prover's table budget in MiB (default 256), shared by the `jobs` problems proved at
    /// once.
    pub hash_mb: usize,
    /// Problems proved at once, each on its own thread (default 1).
    pub jobs: usize,
    /// Accept a main line that ends with pieces in the attacker's hand (駒余り; default false:
    /// problem editors count it a flaw, as they do an alternative solution).
    pub allow_leftover: bool,
    /// What the command line gave: it wins over a diagram's own fields (see
    /// [`Settings::for_diagram`]).
    pub command_line: Overrides,
}

impl Default for Settings {
    fn default() -> Settings {
        let limits = Limits::default();
        Settings {
            enabled: true,
            strict: false,
            max_nodes: limits.max_nodes,
            time: Some(60.0),
            hash_mb: limits.hash_mb,
            jobs: 1,
            allow_leftover: false,
            command_line: Overrides::default(),
        }
    }
}

/// The prover's fields a diagram file (or a booklet entry) may set for itself — `strict:`,
/// `allow_leftover:`, `prover: {max_nodes, time, hash}` — and the command line's flags; `None`
/// keeps the setting.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overrides {
    pub strict: Option<bool>,
    pub allow_leftover: Option<bool>,
    pub max_nodes: Option<u64>,
    /// Seconds.
    pub time: Option<f64>,
    /// MiB.
    pub hash_mb: Option<usize>,
}

impl Overrides {
    /// The fields as a file writes them, checked: `max_nodes` at least 1, `time` a positive
    /// number of seconds, `hash` 1 to 65536 MiB. The error is the message for the `prover` field.
    pub fn from_file(
        strict: Option<bool>,
        allow_leftover: Option<bool>,
        max_nodes: Option<u64>,
        time: Option<f64>,
        hash: Option<usize>,
    ) -> Result<Overrides, String> {
        if max_nodes == Some(0) {
            return Err("max_nodes must be at least 1".to_string());
        }
        if let Some(t) = time.filter(|t| !(t.is_finite() && *t > 0.0)) {
            return Err(format!("time {t}: expected a positive number of seconds"));
        }
        if let Some(h) = hash.filter(|h| !(1..=65536).contains(h)) {
            return Err(format!("hash {h} MiB: expected 1 to 65536"));
        }
        Ok(Overrides {
            strict,
            allow_leftover,
            max_nodes,
            time,
            hash_mb: hash,
        })
    }
}

impl Settings {
    /// These settings with `o`'s fields where it gives them.
    pub fn with(&self, o: &Overrides) -> Settings {
        Settings {
            strict: o.strict.unwrap_or(self.strict),
            allow_leftover: o.allow_leftover.unwrap_or(self.allow_leftover),
            max_nodes: o.max_nodes.unwrap_or(self.max_nodes),
            time: o.time.or(self.time),
            hash_mb: o.hash_mb.unwrap_or(self.hash_mb),
            ..self.clone()
        }
    }

    /// The settings for one diagram: its own `strict:`, `allow_leftover:` and `prover:` over
    /// these (a booklet's or the defaults), the command line's flags over both.
    pub fn for_diagram(&self, diagram: &Diagram) -> Settings {
        self.with(&diagram.options.prover).with(&self.command_line)
    }

    /// The prover's limits for one problem: its share of the memory budget.
    pub fn limits(&self) -> Limits {
        Limits {
            max_nodes: self.max_nodes,
            time: self
                .time
                .filter(|s| s.is_finite() && *s > 0.0)
                .map(|s| Duration::from_secs_f64(s.min(1e9))),
            hash_mb: (self.hash_mb / self.jobs.max(1)).max(1),
        }
    }
}

/// A proven problem: the verdict and its main line written out.
#[derive(Clone, Debug)]
pub struct Solution {
    pub verdict: Verdict,
    /// Plies of the conventional solution.
    pub length: u32,
    /// The main line in Japanese (`▲2二角成`, `△同玉`, …) and western notation (`B-2b+`).
    pub line_ja: Vec<String>,
    pub line_en: Vec<String>,
}

impl Solution {
    /// `3手詰`, or `mate in 3` for a western-style diagram.
    pub fn length_text(&self, style: Style) -> String {
        match style {
            Style::Western => format!("Mate in {}", self.length),
            _ => format!("{}手詰", self.length),
        }
    }

    /// The answer as books print it: `▲2二角成　△同玉　▲3三金打まで3手詰`, or for a western
    /// diagram `B-2b+ Kx2b G*3c (mate in 3)`.
    pub fn answer(&self, style: Style) -> String {
        match style {
            Style::Western => format!("{} (mate in {})", self.line_en.join(" "), self.length),
            _ => format!("{}まで{}手詰", self.line_ja.join("　"), self.length),
        }
    }

    /// The caption with `auto` replaced by the length text, and `{手数}` or `{length}` by the
    /// number of plies.
    pub fn caption(&self, caption: &str, style: Style) -> String {
        if caption.trim() == "auto" {
            return self.length_text(style);
        }
        let n = self.length.to_string();
        caption.replace("{手数}", &n).replace("{length}", &n)
    }
}

/// Why a tsume diagram is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The position is not a tsume the prover can take (one set, the defender's hand).
    #[error("not a tsume: {}", .0.join("; "))]
    Invalid(Vec<String>),
    #[error("no mate: {0}")]
    NoMate(String),
    #[error("unknown: {0}")]
    Unknown(String),
    /// Alternative solutions that count as defects under the chosen strictness.
    #[error("alternative solution (余詰): {0}")]
    Defect(String),
    /// The main line ends with pieces in the attacker's hand, not accepted.
    #[error("pieces left in hand (駒余り): {0}")]
    Leftover(String),
    /// The declared answer is not a correct main line.
    #[error("answer: {0}")]
    WrongAnswer(String),
    /// The prover does not play this variant (chu shogi's 12×12 board).
    #[error("{0}")]
    Unsupported(String),
    /// `caption: auto` (or `{手数}`) on a diagram that is not proven.
    #[error("caption: '{0}' needs a proven tsume (tsume: true, and verification on)")]
    CaptionNeedsProof(String),
}

impl Refusal {
    /// The exit code: 1 for a problem that is not sound, 2 for the caption that cannot be filled
    /// (a mistake in the file) or a variant the prover does not play.
    pub fn exit_code(&self) -> i32 {
        match self {
            Refusal::CaptionNeedsProof(_) | Refusal::Unsupported(_) => 2,
            _ => 1,
        }
    }
}

/// Does the caption ask for the proven length?
pub fn caption_wants_length(caption: Option<&str>) -> bool {
    caption.is_some_and(|c| c.trim() == "auto" || c.contains("{手数}") || c.contains("{length}"))
}

/// Is this diagram verified under `settings`: a tsume, verification on for it and overall,
/// and not an illegal position drawn on purpose?
pub fn applies(diagram: &Diagram, settings: &Settings) -> bool {
    diagram.options.tsume
        && diagram.options.verify
        && settings.enabled
        && diagram.expect_problems.is_none()
}

/// Verifies a diagram that [`applies`], its declared `answer` too, and fills what asks for the
/// proof: the answer when `answer` is `None` (returned), the caption's length. A diagram that
/// is not verified is left as it is (its caption must not ask for a length).
pub fn verify(
    diagram: &mut Diagram,
    answer: &mut Option<String>,
    settings: &Settings,
) -> Result<Option<Solution>, Refusal> {
    if !applies(diagram, settings) {
        return match &diagram.caption {
            Some(c) if caption_wants_length(Some(c)) => Err(Refusal::CaptionNeedsProof(c.clone())),
            _ => Ok(None),
        };
    }
    let settings = &settings.for_diagram(diagram);
    let start = start_position(diagram)?;
    // The declared first move, to say which defence refutes it if there is no mate.
    let hint = answer
        .as_deref()
        .and_then(|a| declared_moves(&start, a).ok().flatten())
        .and_then(|m| m.first().copied());
    let solution = prove(&start, hint, settings)?;
    let style = diagram.options.style;
    match answer {
        Some(text) => check_answer(&start, &solution, text, style, settings)?,
        None => *answer = Some(solution.answer(style)),
    }
    if let Some(c) = &diagram.caption {
        diagram.caption = Some(solution.caption(c, style));
    }
    Ok(Some(solution))
}

/// The diagram's position as the prover takes it: validated as a tsume, the defender holding
/// every piece not on the board or in the attacker's hand.
pub fn start_position(diagram: &Diagram) -> Result<Position, Refusal> {
    if let Some(why) = tsume::unsupported(&diagram.variant) {
        return Err(Refusal::Unsupported(why));
    }
    let pos = validate::validate(
        &diagram.variant,
        diagram.setup.clone(),
        validate::Options { tsume: true },
    )
    .map_err(|e| Refusal::Invalid(e.problems.iter().map(|p| p.line(e.size())).collect()))?;
    inventory::complete(&pos).map_err(Refusal::Invalid)
}

/// Proves `start` (from [`start_position`]) and words every reason it is not a sound problem.
/// `hint`, the declared first move, is the check whose refutation a "no mate" names.
pub fn prove(
    start: &Position,
    hint: Option<Move>,
    settings: &Settings,
) -> Result<Solution, Refusal> {
    let verdict = tsume::verify(start, settings.limits());
    match verdict.status {
        Status::Mate => {}
        Status::NoMate => return Err(Refusal::NoMate(no_mate_reason(start, hint, settings))),
        Status::Unknown(limit) => {
            let what = match limit {
                tsume::dfpn::Limit::Nodes => {
                    format!("the node limit ({}) was reached", settings.max_nodes)
                }
                tsume::dfpn::Limit::Time => format!(
                    "the time limit ({} s) was reached",
                    settings.time.unwrap_or_default()
                ),
                tsume::dfpn::Limit::Repetition => {
                    "the only disproof found leans on a repetition".to_string()
                }
            };
            let found = verdict
                .progress()
                .map_or(String::new(), |p| format!(" ({p})"));
            return Err(Refusal::Unknown(format!(
                "{what} after {} nodes{found}; raise the limits (--max-nodes, --time) or write verify: false",
                verdict.nodes
            )));
        }
    }
    let length = verdict.length.unwrap_or(0);
    let line_ja = japanese::line(start, &verdict.line).unwrap_or_default();
    let mut line_en = Vec::new();
    let mut pos = start.clone();
    for &mv in &verdict.line {
        line_en.push(western::write(&pos, mv));
        pos.play_unchecked(mv);
    }
    let solution = Solution {
        verdict,
        length,
        line_ja,
        line_en,
    };
    let defects: Vec<String> = solution
        .verdict
        .alternatives
        .iter()
        .filter(|a| a.kind.is_defect(settings.strict))
        .map(|a| {
            let text = alternative_text(start, &solution.verdict, a);
            format!("at ply {} {text} also mates ({})", a.ply, a.kind.name())
        })
        .collect();
    if let Some(n) = solution.verdict.left_in_hand.filter(|n| *n > 0) {
        if defects.is_empty() && !settings.allow_leftover {
            return Err(Refusal::Leftover(format!(
                "the main line {} ends with {n} {} in the attacker's hand; write allow_leftover: true (or --allow-leftover) to accept it",
                solution.answer(Style::Traditional),
                if n == 1 { "piece" } else { "pieces" }
            )));
        }
    }
    if !defects.is_empty() {
        // A few are enough to see the flaw; the `tsume` command lists them all.
        const SHOWN: usize = 3;
        let more = match defects.len() {
            n if n > SHOWN => format!(" and {} more", n - SHOWN),
            _ => String::new(),
        };
        return Err(Refusal::Defect(format!(
            "{}{more}; the main line is {}",
            defects[..defects.len().min(SHOWN)].join(", "),
            solution.answer(Style::Traditional)
        )));
    }
    Ok(solution)
}

/// An alternative solution written for people: the move in Japanese as it is played, and for
/// one on a variation, the moves that lead there from the start (in Japanese).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlternativeText {
    /// `▲3四桂` (the USI move if it could not be written, which the prover never causes).
    pub mv: String,
    /// The moves before it, from the start, when it is not on the main line.
    pub variation: Option<Vec<String>>,
}

impl std::fmt::Display for AlternativeText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.variation {
            Some(v) => write!(f, "{} (after {})", self.mv, v.join(" ")),
            None => f.write_str(&self.mv),
        }
    }
}

/// Every alternative of `verdict` (proven from `start`) written for people, in its order: the
/// move in Japanese where it is played, with the variation that leads there (the prover's own
/// path) when it is not on the main line.
pub fn alternative_texts(start: &Position, verdict: &Verdict) -> Vec<AlternativeText> {
    verdict
        .alternatives
        .iter()
        .map(|a| alternative_text(start, verdict, a))
        .collect()
}

fn alternative_text(
    start: &Position,
    verdict: &Verdict,
    alt: &tsume::Alternative,
) -> AlternativeText {
    let (pos, prev) = played(start, &alt.path);
    let mv = if pos.is_legal(alt.mv) {
        japanese::write(&pos, alt.mv, prev)
    } else {
        // Never expected: the prover's path and move are legal where it played them.
        usi::write_move(start.variant(), alt.mv)
    };
    let variation = if alt.on_main_line(&verdict.line) {
        None
    } else {
        japanese::line(start, &alt.path).ok()
    };
    AlternativeText { mv, variation }
}

/// `start` after `moves`, and the square the last one went to.
fn played(start: &Position, moves: &[Move]) -> (Position, Option<crate::rules::Square>) {
    let mut pos = start.clone();
    for &m in moves {
        pos.play_unchecked(m);
    }
    (pos, moves.last().map(|m| m.to()))
}

/// Why there is no mate, in words: the defence that holds against the first check, if the
/// attacker has one check only or the declared answer names it, else how many checks fail.
fn no_mate_reason(start: &Position, hint: Option<Move>, settings: &Settings) -> String {
    let checks: Vec<Move> = start
        .legal_moves()
        .into_iter()
        .filter(|&mv| {
            let mut p = start.clone();
            p.play_unchecked(mv);
            p.is_check()
        })
        .collect();
    if let Some(mv) = hint.filter(|m| checks.contains(m)) {
        return refutation(start, mv, settings);
    }
    match checks.len() {
        0 => "the attacker has no check".to_string(),
        1 => refutation(start, checks[0], settings),
        n => format!("none of the attacker's {n} checks leads to mate"),
    }
}

/// `after ▲7一飛成, △8一金打 holds`: a defence to `check` after which there is no mate.
fn refutation(start: &Position, check: Move, settings: &Settings) -> String {
    let first = japanese::write(start, check, None);
    let mut after = start.clone();
    after.play_unchecked(check);
    let limits = Limits {
        max_nodes: (settings.max_nodes / 4).clamp(1, 2_000_000),
        ..settings.limits()
    };
    for reply in after.legal_moves() {
        let mut p = after.clone();
        p.play_unchecked(reply);
        if tsume::verify(&p, limits).status == Status::NoMate {
            let second = japanese::write(&after, reply, Some(check.to()));
            return format!("after {first}, {second} holds");
        }
    }
    format!("{first} is the only check and it does not mate")
}

/// The moves of a declared answer, read where they can be: Japanese moves (each starting with
/// ▲ or △) before まで or the first 。; else western (`G*5b`, `B-2b+`) or USI moves (`G*5b`,
/// `8h2b+`) separated by spaces, up to the first word that is not a move. `Ok(None)`: the answer
/// holds no moves (it is prose and is printed as written).
pub fn declared_moves(start: &Position, answer: &str) -> Result<Option<Vec<Move>>, String> {
    let head = answer
        .split(['。', '\n'])
        .next()
        .unwrap_or("")
        .split("まで")
        .next()
        .unwrap_or("");
    let marks = ['▲', '△', '☗', '☖'];
    if head.contains(marks) {
        let mut tokens: Vec<String> = Vec::new();
        for c in head.chars() {
            if marks.contains(&c) {
                tokens.push(String::new());
            }
            if let Some(t) = tokens.last_mut() {
                t.push(c);
            }
        }
        let mut pos = start.clone();
        let mut previous = None;
        let mut moves = Vec::new();
        for (i, t) in tokens.iter().enumerate() {
            let t = t.trim_matches(|c: char| c.is_whitespace() || "、,.・".contains(c));
            let mv = japanese::parse(&pos, t, previous)
                .map_err(|e| format!("move {} '{t}' cannot be played here: {e}", i + 1))?;
            pos.play_unchecked(mv);
            previous = Some(mv.to());
            moves.push(mv);
        }
        return Ok(Some(moves));
    }
    // Japanese moves written without their marks (`５二金　同玉`), one to a word: read as such
    // when the first word is a move here.
    let words: Vec<&str> = head.split_whitespace().collect();
    if words
        .first()
        .is_some_and(|w| japanese::parse(start, w, None).is_ok())
    {
        let mut pos = start.clone();
        let mut previous = None;
        let mut moves = Vec::new();
        for (i, w) in words.iter().enumerate() {
            let mv = japanese::parse(&pos, w, previous)
                .map_err(|e| format!("move {} '{w}' cannot be played here: {e}", i + 1))?;
            pos.play_unchecked(mv);
            previous = Some(mv.to());
            moves.push(mv);
        }
        return Ok(Some(moves));
    }
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for word in answer.split_whitespace() {
        let w = word.trim_end_matches([',', ';', '.']);
        // Move numbers: `1.` or `1...`.
        if w.is_empty() || w.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        let mv = western::parse(&pos, w).ok().or_else(|| {
            usi::parse_move(pos.variant(), w)
                .ok()
                .filter(|&m| pos.is_legal(m))
        });
        match mv {
            Some(mv) => {
                pos.play_unchecked(mv);
                moves.push(mv);
            }
            None => break,
        }
    }
    Ok((!moves.is_empty()).then_some(moves))
}

/// A declared answer must be a correct main line: the proven one, or one as long in which every
/// defence is a longest one and every attacker move mates as fast (another attacker move that
/// does is an alternative solution, already judged by [`prove`]).
pub fn check_answer(
    start: &Position,
    solution: &Solution,
    answer: &str,
    style: Style,
    settings: &Settings,
) -> Result<(), Refusal> {
    match declared_moves(start, answer).map_err(Refusal::WrongAnswer)? {
        Some(declared) => {
            check_line(start, solution, &declared, style, settings)?;
            match stated_length(answer) {
                Some(said) if said != solution.length => Err(Refusal::WrongAnswer(format!(
                    "the answer says {said} plies but its moves and the proven mate take {}: {}",
                    solution.length,
                    solution.answer(style)
                ))),
                _ => Ok(()),
            }
        }
        None => Ok(()),
    }
}

/// The length an answer states after its moves: `まで3手詰` (digits of either width or kanji
/// numerals, `3手詰め` too) or `(mate in 3)`. `None` when it states none.
fn stated_length(answer: &str) -> Option<u32> {
    let sentence = answer.split(['。', '\n']).next().unwrap_or("");
    if let Some((_, rest)) = sentence.split_once("まで") {
        let rest = rest.trim_start();
        let digits: String = rest.chars().take_while(|c| c != &'手').collect();
        if !rest[digits.len()..].starts_with("手詰") {
            return None;
        }
        return numerals::count(digits.trim());
    }
    let lower = sentence.to_lowercase();
    let (_, rest) = lower.split_once("mate in ")?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// [`check_answer`] for an answer already read as moves (a tsume record's main line).
pub fn check_line(
    start: &Position,
    solution: &Solution,
    declared: &[Move],
    style: Style,
    settings: &Settings,
) -> Result<(), Refusal> {
    let wrong = Refusal::WrongAnswer;
    let main = &solution.verdict.line;
    if declared == *main {
        return Ok(());
    }
    let proven = solution.answer(style);
    let written = japanese::line(start, declared).unwrap_or_default();
    let n = declared.len();
    if n as u32 != solution.length {
        return Err(wrong(format!(
            "the answer has {n} {} ({}) but the proven mate takes {}: {proven}",
            if n == 1 { "move" } else { "moves" },
            written.join("　"),
            solution.length
        )));
    }
    let first_diff = declared
        .iter()
        .zip(main)
        .position(|(a, b)| a != b)
        .unwrap_or(0);
    let differs = || {
        wrong(format!(
            "move {} is {} in the answer but {} in the proven main line ({proven})",
            first_diff + 1,
            written.get(first_diff).map(String::as_str).unwrap_or("?"),
            solution
                .line_ja
                .get(first_diff)
                .map(String::as_str)
                .unwrap_or("?"),
        ))
    };
    // Another line of the same length is right if, after every defence, the mate still takes
    // exactly the plies that are left, and it ends in checkmate.
    let mut pos = start.clone();
    for (i, &mv) in declared.iter().enumerate() {
        pos.play_unchecked(mv);
        if i % 2 == 0 && !pos.is_check() {
            return Err(wrong(format!(
                "move {} {} is not a check",
                i + 1,
                written.get(i).map(String::as_str).unwrap_or("?")
            )));
        }
        let attacker_to_move = i % 2 == 1;
        let left = solution.length - (i as u32 + 1);
        if attacker_to_move && i >= first_diff {
            let v = tsume::verify(&pos, settings.limits());
            if v.status != Status::Mate || v.length != Some(left) {
                return Err(differs());
            }
        }
    }
    if !pos.is_checkmate() {
        return Err(differs());
    }
    Ok(())
}
