//! Booklet files: the YAML schema (documented in the README), read into layout options and a
//! list of entries. Each entry of `diagrams:` is a diagram file's mapping (read by
//! [`spec::from_yaml_text_with_notes`], so every diagram key works) plus `comment` and `answer`;
//! `positions_file:` adds one diagram per line of a file of SFENs or USI strings (read by
//! [`spec::read_position`]). Errors carry the booklet file's line and column.

use super::record_caption::move_caption;
use crate::diagram::spec::{self, Notes};
use crate::diagram::verify::Settings;
use crate::diagram::{Diagram, Style};
use crate::formats::data_error::from_yaml;
use crate::formats::{limits, DataError};
use crate::paper::{Paper, PAPER_HELP};
use crate::rules::Variant;
use serde::Deserialize;
use std::path::Path;
use std::sync::Arc;

#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a mapping of booklet fields (title:, per_page:, diagrams:, …)"
)]
struct RawBook {
    title: Option<String>,
    header: Option<String>,
    footer: Option<String>,
    paper: Option<String>,
    margin: Option<f64>,
    per_page: Option<u32>,
    numbering: Option<String>,
    figure_numbering: Option<String>,
    page_numbers: Option<bool>,
    answers: Option<bool>,
    answers_title: Option<String>,
    comments: Option<String>,
    variant: Option<String>,
    style: Option<String>,
    positions_file: Option<String>,
    tsume: Option<bool>,
    /// Tsume verification for the whole booklet (see [`crate::diagram::verify`]).
    verify: Option<bool>,
    strict: Option<bool>,
    allow_leftover: Option<bool>,
    prover: Option<RawProver>,
    #[serde(default)]
    diagrams: Vec<serde::de::IgnoredAny>,
}

/// The prover's limits for every problem of a booklet.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProver {
    max_nodes: Option<u64>,
    /// Seconds per problem.
    time: Option<f64>,
    /// MiB.
    hash: Option<usize>,
}

/// Where an entry's comment goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommentPlace {
    /// Under the diagram, on its page.
    Below,
    /// In the answers section at the end, with the answer.
    End,
}

/// How the booklet is laid out.
#[derive(Clone, Debug, PartialEq)]
pub struct BookOptions {
    pub title: Option<String>,
    /// The running header (by default the title).
    pub header: Option<String>,
    pub footer: Option<String>,
    pub paper: Paper,
    /// Page margin in mm: nothing is drawn in it.
    pub margin: f64,
    /// 1, 2, 4 or 6.
    pub per_page: usize,
    /// The label pattern of problems, `{n}` standing for the number (`第{n}問`); empty for
    /// none.
    pub numbering: String,
    /// The label pattern of explanatory diagrams (`第{n}図`), numbered on their own.
    pub figure_numbering: String,
    pub page_numbers: bool,
    /// The answers in a section at the end: `None` (the default) when any entry has one (a
    /// declared `answer:` or a proven tsume's main line), `Some(false)` never (a quiz sheet).
    /// Comments placed at the end (`comments: end`) go there either way.
    pub answers: Option<bool>,
    pub answers_title: String,
    pub comments: CommentPlace,
    /// The variant name or file given in the booklet, if any.
    pub variant: Option<String>,
    /// The style of every entry that gives none (an entry's own `style:` wins); `None` (the
    /// default): each diagram's own default, traditional.
    pub style: Option<Style>,
    /// Whether the positions of `positions_file` are tsume problems.
    pub tsume: bool,
    /// How tsume entries are verified before anything is drawn (on by default).
    pub verify: Settings,
}

impl Default for BookOptions {
    fn default() -> BookOptions {
        BookOptions {
            title: None,
            header: None,
            footer: None,
            paper: Paper::A4,
            margin: 15.0,
            per_page: 6,
            numbering: "第{n}問".to_string(),
            figure_numbering: "第{n}図".to_string(),
            page_numbers: true,
            answers: None,
            answers_title: "解答".to_string(),
            comments: CommentPlace::Below,
            variant: None,
            style: None,
            tsume: false,
            verify: Settings::default(),
        }
    }
}

impl BookOptions {
    /// The label of problem `n` (1-based): `第3問`, `Problem 3`, or empty.
    pub fn label(&self, n: usize) -> String {
        self.numbering.replace("{n}", &n.to_string())
    }

    /// The label of the `n`-th entry of its kind (1-based): `第3問` or `第2図`.
    pub fn label_of(&self, kind: Kind, n: usize) -> String {
        match kind {
            Kind::Problem => self.label(n),
            Kind::Figure => self.figure_numbering.replace("{n}", &n.to_string()),
        }
    }
}

/// What an entry is, which decides how it is numbered: problems 第1問, 第2問 … and explanatory
/// diagrams 第1図, 第2図 … each count on their own, as books number them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A tsume (`tsume: true`, or a line of a positions file in a `tsume: true` booklet) or an
    /// entry with an `answer:`.
    Problem,
    /// Everything else: a position shown to explain something.
    Figure,
}

/// Numbers entries by kind, in booklet order.
#[derive(Clone, Copy, Debug, Default)]
pub struct Numbering {
    problems: usize,
    figures: usize,
}

impl Numbering {
    /// The number the next entry gets if it is a figure.
    pub fn next_figure(&self) -> usize {
        self.figures + 1
    }

    /// The label of the next entry, of kind `kind`.
    pub fn next(&mut self, options: &BookOptions, kind: Kind) -> String {
        let n = match kind {
            Kind::Problem => &mut self.problems,
            Kind::Figure => &mut self.figures,
        };
        *n += 1;
        options.label_of(kind, *n)
    }
}

/// The figure pattern that goes with a problem pattern: 第{n}問 → 第{n}図, Problem → Figure.
fn figure_pattern(problems: &str) -> String {
    match problems {
        "第{n}問" => "第{n}図".to_string(),
        "Problem {n}" => "Figure {n}".to_string(),
        other => other.to_string(),
    }
}

/// The answers heading that goes with a problem pattern: Problem → Answers, else 解答.
fn answers_title_for(problems: &str) -> String {
    match problems {
        "Problem {n}" => "Answers".to_string(),
        _ => BookOptions::default().answers_title,
    }
}

/// The named numbering styles; any other pattern must contain `{n}`.
fn numbering_pattern(text: &str) -> Option<String> {
    Some(
        match text {
            "mon" | "dai-mon" | "第1問" => "第{n}問",
            "zu" | "dai-zu" | "第1図" => "第{n}図",
            "problem" | "Problem 1" => "Problem {n}",
            "number" | "1" => "{n}",
            "none" => "",
            other if other.contains("{n}") => other,
            _ => return None,
        }
        .to_string(),
    )
}

/// The booklet's `verify`, `strict`, `allow_leftover` and `prover` fields over the defaults
/// (checked as a diagram file's, [`crate::diagram::verify::Overrides::from_file`]).
fn verify_settings(
    verify: Option<bool>,
    strict: Option<bool>,
    allow_leftover: Option<bool>,
    prover: Option<&RawProver>,
) -> Result<Settings, (&'static str, String)> {
    let base = Settings {
        enabled: verify.unwrap_or(true),
        ..Settings::default()
    };
    let fields = crate::diagram::verify::Overrides::from_file(
        strict,
        allow_leftover,
        prover.and_then(|p| p.max_nodes),
        prover.and_then(|p| p.time),
        prover.and_then(|p| p.hash),
    )
    .map_err(|e| ("prover", e))?;
    Ok(base.with(&fields))
}

/// Where one entry's text is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntrySource {
    /// An item of `diagrams:`: its text with the item's indentation removed, and the booklet
    /// line and column its first character came from.
    Yaml {
        line: usize,
        column: usize,
        text: String,
    },
    /// A line of the positions file.
    Line {
        file: String,
        line: usize,
        text: String,
    },
    /// A position of a game record (a game booklet, [`super::game`]).
    Game(super::game::GameEntry),
    /// A record or a file of one position named on the command line (`booklet *.kif
    /// --tsume`): a record's final position, a tsume record's start with its moves as the
    /// answer.
    File { path: String },
}

/// A booklet read from YAML (or a positions file alone).
#[derive(Clone, Debug)]
pub struct Book {
    pub source_name: String,
    pub options: BookOptions,
    pub entries: Vec<EntrySource>,
}

/// One entry, read.
#[derive(Clone, Debug)]
pub struct Entry {
    pub diagram: Diagram,
    pub notes: Notes,
}

impl Entry {
    /// A problem if it is a tsume or has an answer; otherwise a figure.
    pub fn kind(&self) -> Kind {
        if self.diagram.options.tsume || self.notes.answer.is_some() {
            Kind::Problem
        } else {
            Kind::Figure
        }
    }
}

impl Book {
    /// Reads a booklet file. `read_file` reads the positions file (a path relative to the
    /// booklet, as written).
    pub fn from_yaml(
        text: &str,
        source_name: &str,
        read_file: &dyn Fn(&str) -> Result<String, String>,
    ) -> Result<Book, DataError> {
        // The items are split off first: the booklet's own fields are read with them stood in
        // (see `without_items`), each item on its own when it is drawn.
        limits::check_yaml_text(text).map_err(|e| DataError::over_limit(source_name, e))?;
        let mut entries = split_entries(text, source_name)?;
        let raw: RawBook = from_yaml(&without_items(text, &entries), source_name)?;
        let at = |field: &str, message: String| {
            DataError::new(source_name, message).at_field(text, None, field)
        };
        for (field, value) in [
            ("title", &raw.title),
            ("header", &raw.header),
            ("footer", &raw.footer),
            ("answers_title", &raw.answers_title),
        ] {
            if let Some(Err(e)) = value.as_deref().map(limits::check_text_length) {
                return Err(at(field, e.message));
            }
        }
        let mut o = BookOptions {
            title: raw.title,
            footer: raw.footer,
            variant: raw.variant,
            ..BookOptions::default()
        };
        o.header = raw.header.or_else(|| o.title.clone());
        if let Some(p) = &raw.paper {
            o.paper = Paper::parse(p).ok_or_else(|| {
                at(
                    "paper",
                    format!("unknown paper '{p}': expected {PAPER_HELP}"),
                )
            })?;
        }
        if let Some(m) = raw.margin {
            let max = o.paper.width.min(o.paper.height) / 4.0;
            if !(5.0..=max).contains(&m) {
                return Err(at(
                    "margin",
                    format!("margin {m} mm is out of range (5 to {max} mm for this paper)"),
                ));
            }
            o.margin = m;
        }
        if let Some(n) = raw.per_page {
            if ![1, 2, 4, 6].contains(&n) {
                return Err(at(
                    "per_page",
                    format!("{n} diagrams per page: expected 1, 2, 4 or 6"),
                ));
            }
            o.per_page = n as usize;
        }
        if let Some(n) = &raw.numbering {
            o.numbering = numbering_pattern(n).ok_or_else(|| {
                at(
                    "numbering",
                    format!("numbering '{n}': expected mon (第1問), zu (第1図), problem (Problem 1), number, none, or a pattern with {{n}}"),
                )
            })?;
        }
        o.figure_numbering = figure_pattern(&o.numbering);
        if let Some(n) = &raw.figure_numbering {
            o.figure_numbering = numbering_pattern(n).ok_or_else(|| {
                at(
                    "figure_numbering",
                    format!("figure_numbering '{n}': expected zu (第1図), mon (第1問), problem, number, none, or a pattern with {{n}}"),
                )
            })?;
        }
        o.page_numbers = raw.page_numbers.unwrap_or(true);
        o.answers = raw.answers;
        o.answers_title = raw
            .answers_title
            .unwrap_or_else(|| answers_title_for(&o.numbering));
        if let Some(c) = &raw.comments {
            o.comments = match c.as_str() {
                "below" => CommentPlace::Below,
                "end" | "answers" => CommentPlace::End,
                _ => {
                    return Err(at(
                        "comments",
                        format!("comments '{c}': expected below or end"),
                    ))
                }
            };
        }
        if let Some(s) = &raw.style {
            o.style = Some(Style::parse(s).ok_or_else(|| {
                at(
                    "style",
                    format!("unknown style '{s}': expected traditional, arrows or western"),
                )
            })?);
        }
        o.tsume = raw.tsume.unwrap_or(false);
        o.verify = verify_settings(
            raw.verify,
            raw.strict,
            raw.allow_leftover,
            raw.prover.as_ref(),
        )
        .map_err(|(field, message)| at(field, message))?;

        if entries.len() != raw.diagrams.len() {
            return Err(at(
                "diagrams",
                "write diagrams as a block list, one '- position: …' item per diagram".to_string(),
            ));
        }
        if let Some(path) = &raw.positions_file {
            let lines = read_file(path).map_err(|e| at("positions_file", e))?;
            entries.extend(position_lines(&lines, path));
        }
        limits::check_booklet_entries(entries.len()).map_err(|e| at("diagrams", e.message))?;
        if entries.is_empty() {
            return Err(at(
                "diagrams",
                "the booklet has no diagrams (give diagrams: or positions_file:)".to_string(),
            ));
        }
        Ok(Book {
            source_name: source_name.to_string(),
            options: o,
            entries,
        })
    }

    /// A booklet of the positions in a file of one SFEN (or USI string) per line, with the
    /// default layout.
    pub fn from_positions(text: &str, source_name: &str, options: BookOptions) -> Book {
        Book {
            source_name: source_name.to_string(),
            options,
            entries: position_lines(text, source_name),
        }
    }

    /// Where entry `i` starts: `file:line:column` or `file:line`.
    pub fn place(&self, i: usize) -> String {
        match &self.entries[i] {
            EntrySource::Yaml { line, column, .. } => {
                format!("{}:{line}:{column}", self.source_name)
            }
            EntrySource::Line { file, line, .. } => format!("{file}:{line}"),
            EntrySource::Game(g) => g.place(),
            EntrySource::File { path } => path.clone(),
        }
    }

    /// Reads entry `i`, which is figure `figure` if it turns out to be one. A position from a
    /// game record is captioned with its move alone (`▲2四歩まで`, `After 41. R-2f`): the
    /// heading already numbers it (see `move_caption`). Errors name the booklet file, line and
    /// column.
    pub fn entry(
        &self,
        i: usize,
        figure: usize,
        variant: &Arc<Variant>,
        load_variant: &dyn Fn(&str) -> Result<Arc<Variant>, crate::Error>,
    ) -> Result<Entry, crate::Error> {
        let mut entry = self.read_entry(i, figure, variant, load_variant)?;
        move_caption(&mut entry.diagram);
        Ok(entry)
    }

    fn read_entry(
        &self,
        i: usize,
        figure: usize,
        variant: &Arc<Variant>,
        load_variant: &dyn Fn(&str) -> Result<Arc<Variant>, crate::Error>,
    ) -> Result<Entry, crate::Error> {
        match &self.entries[i] {
            EntrySource::Yaml { line, column, text } => {
                let (diagram, notes) = spec::from_yaml_text_numbered(
                    text,
                    &self.source_name,
                    variant,
                    self.options.style,
                    load_variant,
                    figure.min(u32::MAX as usize) as u32,
                )
                .map_err(|e| match e {
                    crate::Error::Data(mut d) => {
                        // The item's text starts at `column` on every line.
                        match d.line.as_mut() {
                            Some(l) => {
                                *l += line - 1;
                                if let Some(c) = d.column.as_mut() {
                                    *c += column - 1;
                                }
                            }
                            None => {
                                d.line = Some(*line);
                                d.column = Some(*column);
                            }
                        }
                        d.field = Some(match d.field.take() {
                            Some(f) => format!("diagrams[{i}].{f}"),
                            None => format!("diagrams[{i}]"),
                        });
                        crate::Error::Data(d)
                    }
                    other => other,
                })?;
                Ok(Entry { diagram, notes })
            }
            EntrySource::Game(g) => g.entry(figure, &self.options),
            EntrySource::File { path } => {
                let at = |message: String| crate::Error::Data(DataError::new(path, message));
                let figure = figure.min(u32::MAX as usize) as u32;
                let (diagram, notes) = spec::from_position_file(
                    Path::new(path),
                    variant,
                    figure,
                    self.options.tsume,
                    &at,
                )?;
                Ok(self.listed(diagram, notes))
            }
            EntrySource::Line { file, line, text } => {
                let (diagram, notes) = if spec::names_file(text, variant) {
                    // A record or position file, beside the list (`problems/001.kif`).
                    let dir = Path::new(file).parent().unwrap_or(Path::new(""));
                    let at = |message: String| {
                        let mut d = DataError::new(file, message);
                        d.line = Some(*line);
                        crate::Error::Data(d)
                    };
                    let figure = figure.min(u32::MAX as usize) as u32;
                    let path = dir.join(text.trim());
                    spec::from_position_file(&path, variant, figure, self.options.tsume, &at)?
                } else {
                    let read = spec::read_position(text, variant).map_err(|e| match e {
                        crate::Error::Parse(p) => {
                            let mut d = DataError::new(file, p.message.clone());
                            d.line = Some(*line);
                            d.column = Some(p.column.max(1));
                            crate::Error::Data(d)
                        }
                        other => other,
                    })?;
                    (Diagram::from_read(variant.clone(), read), Notes::default())
                };
                Ok(self.listed(diagram, notes))
            }
        }
    }

    /// An entry of a positions list or of the command line: a tsume if the booklet's are.
    fn listed(&self, mut diagram: Diagram, notes: Notes) -> Entry {
        diagram.options.tsume = self.options.tsume;
        if let Some(style) = self.options.style {
            diagram.options.style = style;
            diagram.options.square = style.default_square();
        }
        // A problem sheet gives each problem's length (3手詰), as `caption: auto` does in a
        // booklet file; only a proof can give it.
        if crate::diagram::verify::applies(&diagram, &self.options.verify) {
            diagram.caption = Some("auto".to_string());
        }
        Entry { diagram, notes }
    }
}

/// One entry per line that is not blank or a `#` comment.
pub fn position_lines(text: &str, file: &str) -> Vec<EntrySource> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with('#')
        })
        .map(|(i, l)| EntrySource::Line {
            file: file.to_string(),
            line: i + 1,
            text: l.trim_end().to_string(),
        })
        .collect()
}

/// The booklet file with each item of `diagrams:` stood in by a null item on its first line
/// (`- ~`) and its other lines left blank: what the booklet's own fields are read from. Read
/// whole, every item was loaded as YAML events at once only to be counted (a 16 MiB file of
/// short arrows took 400 MB). Lines keep their numbers, so an error after the list is placed
/// as before; a flow list (`diagrams: [...]`), which has no items here, is still read whole
/// and then refused.
fn without_items(text: &str, entries: &[EntrySource]) -> String {
    #[derive(Clone, Copy, PartialEq)]
    enum Stand {
        Kept,
        NullItem,
        Blank,
    }
    let lines: Vec<&str> = text.lines().collect();
    let mut stand = vec![Stand::Kept; lines.len()];
    for entry in entries {
        let EntrySource::Yaml { line, text, .. } = entry else {
            continue;
        };
        let first = line - 1;
        let count = text.lines().count().max(1);
        for s in stand.iter_mut().skip(first).take(count) {
            *s = Stand::Blank;
        }
        if let Some(s) = stand.get_mut(first) {
            *s = Stand::NullItem;
        }
    }
    let mut out = String::with_capacity(text.len());
    for (l, s) in lines.iter().zip(stand) {
        match s {
            Stand::Kept => out.push_str(l),
            Stand::NullItem => {
                let indent = l.len() - l.trim_start_matches(' ').len();
                out.push_str(&l[..indent]);
                out.push_str("- ~");
            }
            Stand::Blank => {}
        }
        out.push('\n');
    }
    out
}

/// The items of the top-level `diagrams:` block list, each as its own YAML text (the item's
/// indentation removed) with the line and column it starts at.
fn split_entries(text: &str, source_name: &str) -> Result<Vec<EntrySource>, DataError> {
    let lines: Vec<&str> = text.lines().collect();
    let Some(key) = lines.iter().position(|l| {
        l.strip_prefix("diagrams:")
            .is_some_and(|rest| rest.trim().is_empty() || rest.trim().starts_with('#'))
    }) else {
        return Ok(Vec::new());
    };
    let indent_of = |l: &str| l.len() - l.trim_start_matches(' ').len();
    let blank = |l: &str| l.trim().is_empty() || l.trim_start().starts_with('#');
    let mut out: Vec<EntrySource> = Vec::new();
    let mut item_indent: Option<usize> = None;
    // The current item: first line number, column, and its lines.
    let mut current: Option<(usize, usize, Vec<String>)> = None;
    let flush = |current: &mut Option<(usize, usize, Vec<String>)>, out: &mut Vec<EntrySource>| {
        if let Some((line, column, body)) = current.take() {
            let mut text = body.join("\n");
            text.push('\n');
            out.push(EntrySource::Yaml { line, column, text });
        }
    };
    for (i, &l) in lines.iter().enumerate().skip(key + 1) {
        if blank(l) {
            if let Some((_, _, body)) = current.as_mut() {
                body.push(String::new());
            }
            continue;
        }
        let indent = indent_of(l);
        let rest = &l[indent..];
        let is_item = rest == "-" || rest.starts_with("- ");
        let item = *item_indent.get_or_insert(indent);
        if indent < item || (indent == item && !is_item) {
            break;
        }
        if indent == item && is_item {
            flush(&mut current, &mut out);
            let body = l.get(item + 2..).unwrap_or("").to_string();
            // The column of the item's first character after "- " (and any extra spaces).
            let extra = body.len() - body.trim_start().len();
            current = Some((i + 1, item + 3 + extra, vec![body.trim_start().to_string()]));
            continue;
        }
        let Some((_, column, body)) = current.as_mut() else {
            return Err(DataError::new(
                source_name,
                "expected a list item ('- position: …')",
            ));
        };
        let strip = (*column - 1).min(indent);
        body.push(l[strip..].to_string());
    }
    flush(&mut current, &mut out);
    Ok(out)
}
