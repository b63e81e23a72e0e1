//! Diagram files: YAML that names a position and says how to draw and annotate it. Every error
//! names its file, line, column and field. The schema is documented in the README.

use super::model::{
    parse_aspect, Arrow, ArrowStart, DefenderHand, Diagram, Kings, LastMove, Mark, MarkKind, Style,
};
use super::{ARROW, HIGHLIGHT};
use crate::draw::Color as Ink;
use crate::formats::data_error::from_yaml;
use crate::formats::{limits, notation, sfen, usi, DataError};
use crate::rules::{BoardSize, Color, ProblemCode, Setup, Square, Variant};
use serde::Deserialize;
use std::sync::Arc;

/// A position read for drawing: plain data (a bare SFEN is not validated here, so that illegal
/// teaching positions can be drawn on purpose), the last move if the input played moves, and
/// whether it started from a handicap.
#[derive(Clone, Debug)]
pub struct ReadPosition {
    pub setup: Setup,
    pub last_move: Option<LastMove>,
    pub handicap: bool,
}

/// Reads position text the way the rest of the tool does: `startpos`, a handicap name, a USI
/// string with moves (these are played, so must be legal), or a bare SFEN.
pub fn read_position(text: &str, variant: &Arc<Variant>) -> Result<ReadPosition, crate::Error> {
    let trimmed = text.trim();
    let words: Vec<&str> = trimmed.split_whitespace().collect();
    let first = words
        .iter()
        .copied()
        .find(|w| *w != "position")
        .unwrap_or("");
    let handicap = variant.handicap(first).is_some();
    if usi::is_position_string(trimmed) || handicap {
        let options = crate::rules::validate::Options { tsume: true };
        let pos = usi::parse_position(text, variant, options)?;
        let last_move = match words.iter().position(|w| *w == "moves") {
            Some(i) => words
                .get(i + 1..)
                .and_then(|m| m.last())
                .and_then(|m| parse_move(m, variant.size)),
            None => None,
        };
        return Ok(ReadPosition {
            setup: pos.to_setup(),
            last_move,
            handicap,
        });
    }
    Ok(ReadPosition {
        setup: sfen::parse(text, &variant.catalog)?,
        last_move: None,
        handicap: false,
    })
}

/// The squares of a USI move (`7g7f`, `7g7f+`, `P*5e`), read leniently (see
/// [`notation::usi::move_squares`]).
pub fn parse_move(text: &str, size: BoardSize) -> Option<LastMove> {
    let (from, to) = notation::usi::move_squares(size, text)?;
    Some(LastMove { from, to })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDiagram {
    position: RawPosition,
    variant: Option<String>,
    title: Option<String>,
    caption: Option<String>,
    players: Option<RawPlayers>,
    style: Option<String>,
    orientation: Option<String>,
    #[serde(default)]
    tsume: bool,
    verify: Option<bool>,
    strict: Option<bool>,
    allow_leftover: Option<bool>,
    prover: Option<RawProver>,
    defender_hand: Option<String>,
    handicap: Option<bool>,
    size: Option<f64>,
    squares: Option<String>,
    kings: Option<String>,
    promoted: Option<String>,
    /// Beginner styles: pieces graded by rank (true) or all one size.
    graded: Option<bool>,
    /// Shade the last move's squares (default: beginner styles only).
    last_move_shading: Option<bool>,
    #[serde(default)]
    highlights: Vec<RawHighlight>,
    #[serde(default)]
    arrows: Vec<RawArrow>,
    #[serde(default)]
    marks: Vec<RawMark>,
    last_move: Option<String>,
    expect_problems: Option<Vec<String>>,
    comment: Option<String>,
    answer: Option<String>,
}

/// `prover: {max_nodes, time, hash}`: this diagram's limits (see [`crate::diagram::verify`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProver {
    max_nodes: Option<u64>,
    /// Seconds.
    time: Option<f64>,
    /// MiB.
    hash: Option<usize>,
}

/// `position:` is position text, or a game record at a ply: `{record: game.kif, ply: 24}`.
#[derive(Deserialize)]
#[serde(untagged)]
enum RawPosition {
    Text(String),
    Record(serde_yaml::Mapping),
}

/// What a booklet prints with a diagram besides the diagram itself: a comment (under the
/// diagram or in the answers section) and the answer. A single diagram file may carry them too;
/// the `diagram` command does not draw them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    pub comment: Option<String>,
    pub answer: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlayers {
    black: Option<String>,
    white: Option<String>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawHighlight {
    Square(String),
    Colored {
        square: String,
        color: Option<String>,
    },
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawArrow {
    Move(String),
    Full {
        from: String,
        to: String,
        color: Option<String>,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMark {
    square: String,
    mark: String,
    color: Option<String>,
}

/// Reads a diagram file. `load_variant` resolves a `variant:` entry (a built-in name or a path);
/// without one, `default_variant` is used.
pub fn from_yaml_text(
    text: &str,
    source_name: &str,
    default_variant: &Arc<Variant>,
    load_variant: &dyn Fn(&str) -> Result<Arc<Variant>, crate::Error>,
) -> Result<Diagram, crate::Error> {
    from_yaml_text_with_notes(text, source_name, default_variant, load_variant).map(|(d, _)| d)
}

/// As [`from_yaml_text`], with the diagram's [`Notes`] (`comment`, `answer`).
pub fn from_yaml_text_with_notes(
    text: &str,
    source_name: &str,
    default_variant: &Arc<Variant>,
    load_variant: &dyn Fn(&str) -> Result<Arc<Variant>, crate::Error>,
) -> Result<(Diagram, Notes), crate::Error> {
    from_yaml_text_numbered(text, source_name, default_variant, load_variant, 1)
}

/// As [`from_yaml_text_with_notes`] for the diagram numbered `figure` (a booklet's entries):
/// a position from a game record is captioned `第{figure}図 ▲2四歩まで` unless the file gives a
/// caption. The record's path is relative to the directory of `source_name`.
pub fn from_yaml_text_numbered(
    text: &str,
    source_name: &str,
    default_variant: &Arc<Variant>,
    load_variant: &dyn Fn(&str) -> Result<Arc<Variant>, crate::Error>,
    figure: u32,
) -> Result<(Diagram, Notes), crate::Error> {
    let raw: RawDiagram = from_yaml(text, source_name)?;
    let notes = Notes {
        comment: raw.comment.clone(),
        answer: raw.answer.clone(),
    };
    let err = |field: &str, value: Option<&str>, message: String| -> crate::Error {
        located(DataError::new(source_name, message), text, field, value).into()
    };
    for (field, value) in [
        ("title", &raw.title),
        ("caption", &raw.caption),
        ("comment", &raw.comment),
        ("answer", &raw.answer),
    ] {
        if let Some(Err(e)) = value.as_deref().map(limits::check_text_length) {
            return Err(err(field, None, e.message));
        }
    }
    let variant = match &raw.variant {
        Some(v) => load_variant(v)?,
        None => default_variant.clone(),
    };
    let size = variant.size;

    let mut diagram = match &raw.position {
        RawPosition::Text(position) => {
            let read = read_position(position, &variant).map_err(|e| match e {
                crate::Error::Parse(p) => {
                    let mut d = located(
                        DataError::new(source_name, p.message.clone()),
                        text,
                        "position",
                        Some(position),
                    );
                    if let Some(c) = d.column.as_mut() {
                        *c += p.column.saturating_sub(1);
                    }
                    crate::Error::Data(d)
                }
                other => other,
            })?;
            Diagram::from_read(variant.clone(), read)
        }
        RawPosition::Record(map) => {
            let at = |field: &str, value: Option<&str>, message: String| -> crate::Error {
                located_in_position(DataError::new(source_name, message), text, field, value).into()
            };
            record_position(map, source_name, &variant, figure, &at)?
        }
    };
    if let Some(handicap) = raw.handicap {
        diagram.options.handicap = handicap;
    }
    diagram.title = raw.title;
    if raw.caption.is_some() {
        diagram.caption = raw.caption;
    }
    if let Some(p) = raw.players {
        diagram.players = [p.black, p.white];
    }
    let o = &mut diagram.options;
    if let Some(s) = &raw.style {
        o.style = Style::parse(s).ok_or_else(|| {
            err(
                "style",
                Some(s),
                format!("unknown style '{s}': expected traditional, arrows or western"),
            )
        })?;
    }
    if let Some(s) = &raw.orientation {
        o.viewer = match s.as_str() {
            "black" | "sente" => Color::Black,
            "white" | "gote" => Color::White,
            _ => {
                return Err(err(
                    "orientation",
                    Some(s),
                    format!("unknown orientation '{s}': expected black or white"),
                ))
            }
        };
    }
    o.tsume = raw.tsume;
    if let Some(v) = raw.verify {
        o.verify = v;
    }
    let p = raw.prover.as_ref();
    o.prover = crate::diagram::verify::Overrides::from_file(
        raw.strict,
        raw.allow_leftover,
        p.and_then(|p| p.max_nodes),
        p.and_then(|p| p.time),
        p.and_then(|p| p.hash),
    )
    .map_err(|e| err("prover", None, e))?;
    if let Some(s) = &raw.defender_hand {
        o.defender_hand = match s.as_str() {
            "rest" => DefenderHand::Rest,
            "hidden" => DefenderHand::Hidden,
            _ => {
                return Err(err(
                    "defender_hand",
                    Some(s),
                    format!("unknown defender_hand '{s}': expected rest or hidden"),
                ))
            }
        };
    }
    o.square = o.style.default_square();
    if let Some(mm) = raw.size {
        if !(2.0..=60.0).contains(&mm) {
            return Err(err(
                "size",
                None,
                format!("square width {mm} mm is out of range (2 to 60 mm)"),
            ));
        }
        o.square = mm;
    }
    if let Some(s) = &raw.squares {
        o.aspect = parse_aspect(s).ok_or_else(|| {
            err(
                "squares",
                Some(s),
                format!("unknown squares '{s}': expected 11:12 or 1:1"),
            )
        })?;
    }
    if let Some(s) = &raw.kings {
        o.kings = Kings::parse(s).ok_or_else(|| {
            err(
                "kings",
                Some(s),
                format!("unknown kings '{s}': expected traditional, ou or gyoku"),
            )
        })?;
    }
    if raw.last_move_shading.is_some() {
        o.last_move_shading = raw.last_move_shading;
    }
    if let Some(g) = raw.graded {
        o.graded = g;
    }
    if let Some(s) = &raw.promoted {
        o.two_char_promoted = match s.as_str() {
            "one" | "1" => false,
            "two" | "2" => true,
            _ => {
                return Err(err(
                    "promoted",
                    Some(s),
                    format!("unknown promoted '{s}': expected one or two"),
                ))
            }
        };
    }

    let color = |field: &str, c: &Option<String>, default: Ink| -> Result<Ink, crate::Error> {
        match c {
            None => Ok(default),
            Some(s) => Ink::parse(s).ok_or_else(|| {
                err(
                    field,
                    Some(s),
                    format!("unknown colour '{s}': expected #rrggbb, #rgb or a name"),
                )
            }),
        }
    };
    let square = |field: &str, s: &str| -> Result<Square, crate::Error> {
        notation::parse_square(s, size).ok_or_else(|| {
            err(
                field,
                Some(s),
                format!(
                    "'{s}' is not a square of the {}×{} board (write 7g, 76 or 7六)",
                    size.files, size.ranks
                ),
            )
        })
    };
    for (i, h) in raw.highlights.iter().enumerate() {
        let field = format!("highlights[{i}]");
        let (sq, c) = match h {
            RawHighlight::Square(s) => (square(&field, s.as_str())?, HIGHLIGHT),
            RawHighlight::Colored {
                square: s,
                color: c,
            } => (
                square(&field, s.as_str())?,
                color(&field, &c.clone(), HIGHLIGHT)?,
            ),
        };
        diagram.annotations.highlights.push((sq, c));
    }
    for (i, a) in raw.arrows.iter().enumerate() {
        let field = format!("arrows[{i}]");
        let (from, to, c) = match a {
            RawArrow::Move(m) => {
                let (from, to) =
                    arrow_ends(m.as_str(), &diagram.setup, &variant).ok_or_else(|| {
                        err(
                            &field,
                            Some(m.as_str()),
                            format!("'{m}' is not a move like 7g7f or a drop like P*5e"),
                        )
                    })?;
                (from, to, ARROW)
            }
            RawArrow::Full { from, to, color: c } => {
                let start = match arrow_start(from.as_str(), &diagram.setup, &variant) {
                    Some(s) => s,
                    None => ArrowStart::Square(square(&field, from)?),
                };
                (start, square(&field, to)?, color(&field, c, ARROW)?)
            }
        };
        diagram
            .annotations
            .arrows
            .push(Arrow { from, to, color: c });
    }
    for (i, m) in raw.marks.iter().enumerate() {
        let field = format!("marks[{i}]");
        let kind = match m.mark.as_str() {
            "circle" | "○" => MarkKind::Circle,
            "cross" | "×" => MarkKind::Cross,
            "triangle" | "△" => MarkKind::Triangle,
            label if !label.is_empty() && label.chars().count() <= 3 => MarkKind::Label(label.to_string()),
            other => {
                return Err(err(&field, Some(other), format!("mark '{other}': expected circle, cross, triangle or a label of up to 3 characters")))
            }
        };
        diagram.annotations.marks.push(Mark {
            square: square(&field, &m.square)?,
            kind,
            color: color(&field, &m.color, ARROW)?,
        });
    }
    if let Some(m) = &raw.last_move {
        diagram.annotations.last_move = match m.as_str() {
            "none" | "" => None,
            _ => Some(parse_move(m, size).ok_or_else(|| {
                err(
                    "last_move",
                    Some(m),
                    format!("'{m}' is not a move like 7g7f or P*5e"),
                )
            })?),
        };
    }
    if let Some(codes) = &raw.expect_problems {
        let mut out = Vec::new();
        for (i, c) in codes.iter().enumerate() {
            out.push(ProblemCode::parse(c).ok_or_else(|| {
                let known: Vec<&str> = ProblemCode::ALL.iter().map(|c| c.as_str()).collect();
                err(
                    &format!("expect_problems[{i}]"),
                    Some(c),
                    format!(
                        "unknown problem code '{c}': expected one of {}",
                        known.join(", ")
                    ),
                )
            })?);
        }
        diagram.expect_problems = Some(out);
    }
    Ok((diagram, notes))
}

/// An arrow written as a move (`7g7f`) or a drop (`P*5e`), in the default colour.
pub fn parse_arrow(text: &str, setup: &Setup, variant: &Variant) -> Option<Arrow> {
    let (from, to) = arrow_ends(text, setup, variant)?;
    Some(Arrow {
        from,
        to,
        color: ARROW,
    })
}

/// `P*5e` starts in the hand of the side to move (`p*5e` in White's); `7g7f` on a square.
fn arrow_ends(text: &str, setup: &Setup, variant: &Variant) -> Option<(ArrowStart, Square)> {
    let t = text.trim();
    if let Some((piece, to)) = t.split_once('*') {
        return Some((
            arrow_start(&format!("{piece}*"), setup, variant)?,
            notation::parse_square(to, variant.size)?,
        ));
    }
    let m = parse_move(t, variant.size)?;
    Some((ArrowStart::Square(m.from?), m.to))
}

/// `P*` / `p*` / `hand:P` name a piece in a hand.
fn arrow_start(text: &str, setup: &Setup, variant: &Variant) -> Option<ArrowStart> {
    let t = text.trim();
    let letter = t.strip_suffix('*').or_else(|| t.strip_prefix("hand:"))?;
    let mut chars = letter.chars();
    let (c, None) = (chars.next()?, chars.next()) else {
        return None;
    };
    let side = if t.starts_with("hand:") {
        setup.turn
    } else if c.is_ascii_uppercase() {
        Color::Black
    } else {
        Color::White
    };
    let kind = variant.catalog.by_letter(c.to_ascii_uppercase(), false)?;
    Some(ArrowStart::Hand(side, kind))
}

/// `{record: game.kif, ply: 24}` (or `move: 24`; the last position without either; `figure: N`
/// for the caption's number): the record read from its file, relative to the diagram file, and
/// drawn by [`super::from_record`]. `at` locates an error at a key of the mapping.
fn record_position(
    map: &serde_yaml::Mapping,
    source_name: &str,
    variant: &Arc<Variant>,
    figure: u32,
    at: &dyn Fn(&str, Option<&str>, String) -> crate::Error,
) -> Result<Diagram, crate::Error> {
    const KEYS: &str = "record, ply (or move), figure";
    let mut path = None;
    let mut ply: Option<(String, usize)> = None;
    let mut figure = figure;
    for (k, v) in map {
        let key = k.as_str().unwrap_or("");
        let field = format!("position.{key}");
        let number = |what: &str| -> Result<u64, crate::Error> {
            v.as_u64().ok_or_else(|| {
                let shown = yaml_scalar(v);
                at(
                    &field,
                    shown.as_deref(),
                    format!("'{}': expected {what}", shown.as_deref().unwrap_or("?")),
                )
            })
        };
        match key {
            "record" => match v.as_str() {
                Some(p) if !p.trim().is_empty() => path = Some(p.to_string()),
                _ => {
                    return Err(at(
                        &field,
                        None,
                        "expected the path of a game record (KIF, KI2, CSA…)".into(),
                    ))
                }
            },
            "ply" | "move" => {
                if let Some((other, _)) = &ply {
                    return Err(at(
                        &field,
                        None,
                        format!("give ply or move, not both ({other} is given)"),
                    ));
                }
                let n = number("a number of moves (0 is the start)")?;
                ply = Some((key.to_string(), n.min(usize::MAX as u64) as usize));
            }
            "figure" => {
                figure = number("a figure number like 1")?.clamp(1, u32::MAX as u64) as u32;
            }
            _ => {
                return Err(at(
                    "position",
                    None,
                    format!("unknown key '{key}' in position: expected {KEYS}"),
                ))
            }
        }
    }
    let Some(path) = path else {
        return Err(at(
            "position",
            None,
            format!("expected position text or a record like {{record: game.kif, ply: 24}} (keys: {KEYS})"),
        ));
    };
    let dir = std::path::Path::new(source_name)
        .parent()
        .unwrap_or(std::path::Path::new(""));
    let record = crate::formats::record_io::read_file(&dir.join(&path), variant)
        .map_err(|e| at("position.record", Some(&path), e))?;
    super::from_record(&record, ply.as_ref().map(|(_, n)| *n), figure).map_err(|e| {
        let (key, n) = ply.clone().unwrap_or_default();
        at(
            &format!("position.{key}"),
            Some(&n.to_string()),
            e.to_string(),
        )
    })
}

/// A YAML scalar as written, for messages.
fn yaml_scalar(v: &serde_yaml::Value) -> Option<String> {
    match v {
        serde_yaml::Value::String(s) => Some(s.clone()),
        serde_yaml::Value::Number(n) => Some(n.to_string()),
        serde_yaml::Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// Locates a key of the `position:` mapping (`position.ply`): on the `position:` line or the
/// lines after it, at `value` when given and found, else at the key.
fn located_in_position(
    error: DataError,
    text: &str,
    field: &str,
    value: Option<&str>,
) -> DataError {
    let mut e = error.at_field(text, None, "position");
    e.field = Some(field.to_string());
    let Some(start) = e.line else { return e };
    let key = field.strip_prefix("position.").map(|k| format!("{k}:"));
    let lines: Vec<&str> = text.lines().collect();
    // The mapping's lines: `position:` and the more indented lines after it.
    let indent = |l: &str| l.len() - l.trim_start().len();
    let base = lines.get(start - 1).map_or(0, |l| indent(l));
    let end = (start..lines.len())
        .find(|&i| !lines[i].trim().is_empty() && indent(lines[i]) <= base)
        .unwrap_or(lines.len());
    for needle in [key.as_deref(), value].into_iter().flatten().rev() {
        for (i, l) in lines.iter().enumerate().take(end).skip(start - 1) {
            let from = if i == start - 1 {
                l.find("position:").unwrap_or(0)
            } else {
                0
            };
            let found = match (key.as_deref(), needle) {
                // A value is looked for after its key, on the key's line.
                (Some(k), v) if v != k => l[from..].find(k).and_then(|kp| {
                    let after = from + kp + k.len();
                    l[after..].find(v).map(|p| after + p)
                }),
                _ => l[from..].find(needle).map(|p| from + p),
            };
            if let Some(byte) = found {
                e.line = Some(i + 1);
                e.column = Some(l[..byte].chars().count() + 1);
                return e;
            }
        }
    }
    e
}

/// Locates `field` (its top-level key) and, if given, the value's own text after it.
fn located(error: DataError, text: &str, field: &str, value: Option<&str>) -> DataError {
    let key = field.split('[').next().unwrap_or(field);
    let mut e = error.at_field(text, None, key);
    e.field = Some(field.to_string());
    if let (Some(line), Some(value)) = (e.line, value) {
        for (i, l) in text.lines().enumerate().skip(line - 1) {
            if let Some(byte) = l.find(value) {
                e.line = Some(i + 1);
                e.column = Some(l[..byte].chars().count() + 1);
                break;
            }
        }
    }
    e
}
