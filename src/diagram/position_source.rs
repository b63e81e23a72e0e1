//! Where a diagram file's `position:` comes from when it is not position text: a game record
//! (`{record: game.kif, ply: 24}`) or a file named by the value (`position: problem.sfen`),
//! read relative to the diagram file, with errors located at the key or value at fault.

use super::model::Diagram;
use super::spec::read_position;
use crate::formats::{limits, text, usi, DataError};
use crate::rules::Variant;
use std::path::Path;
use std::sync::Arc;

/// `{record: game.kif, ply: 24}` (or `move: 24`; the last position without either; `figure: N`
/// for the caption's number): the record read from its file, relative to the diagram file's
/// directory `dir`, and drawn by [`super::from_record`]. `at` locates an error at a key of the
/// mapping.
pub(super) fn record_position(
    map: &serde_yaml::Mapping,
    dir: &Path,
    variant: &Arc<Variant>,
    figure: u32,
    tsume: bool,
    at: &dyn Fn(&str, Option<&str>, String) -> crate::Error,
) -> Result<(Diagram, Option<String>), crate::Error> {
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
    let record = crate::formats::record_io::read_file(&dir.join(&path), variant).map_err(|e| {
        match e.invalid {
            // A start position that breaks the rules is an invalid position (exit 1).
            Some(invalid) => crate::Error::Invalid(*invalid),
            None => at("position.record", Some(&path), e.message),
        }
    })?;
    let at_ply = ply.as_ref().map(|(_, n)| *n).or(start_of_tsume(tsume));
    let diagram = super::from_record(&record, at_ply, figure).map_err(|e| {
        let (key, n) = ply.clone().unwrap_or_default();
        at(
            &format!("position.{key}"),
            Some(&n.to_string()),
            e.to_string(),
        )
    })?;
    Ok((diagram, tsume_answer(&record, tsume, at_ply)))
}

/// Whether a `position:` value names a file, as POSITION on the command line may: one word
/// with a `.` (an SFEN has spaces and no `.`), or starting as a path does (`/dev/null`, `./p`;
/// no SFEN starts with `/` or `.`), that is neither a USI string nor a handicap name.
pub(crate) fn position_file(text: &str, variant: &Variant) -> bool {
    let word = text.trim();
    (word.contains('.') || word.starts_with('/'))
        && !word.contains(char::is_whitespace)
        && !usi::is_position_string(word)
        && variant.handicap(word).is_none()
}

/// The diagram of a file named by `position:` or by a booklet's positions list (see
/// [`position_file`]), `path` already relative to the file that names it: a game record by its
/// extension (`.kif`, `.csa`…) at its last position (a tsume record at its start, with its moves
/// as the answer, the second value), else a file of one position (`.sfen` or any other name).
/// `at` says an error where the file is named.
pub(crate) fn position_from_file(
    path: &Path,
    variant: &Arc<Variant>,
    figure: u32,
    tsume: bool,
    at: &dyn Fn(String) -> crate::Error,
) -> Result<(Diagram, Option<String>), crate::Error> {
    let name = path.display().to_string();
    if path.is_dir() {
        return Err(at(format!(
            "{name} is a directory, not a file of positions"
        )));
    }
    if path.exists() && !path.is_file() {
        // A device or a pipe could block, or never end.
        return Err(at(format!("{name}: not a regular file")));
    }
    if !path.is_file() {
        return Err(at(format!(
            "no file {name} (and not startpos, a handicap or an SFEN)"
        )));
    }
    use crate::formats::record_io::RecordFormat;
    if RecordFormat::from_path(path).is_some_and(|f| f != RecordFormat::Sfen) {
        let record =
            crate::formats::record_io::read_file(path, variant).map_err(|e| match e.invalid {
                Some(invalid) => crate::Error::Invalid(*invalid),
                None => at(e.message),
            })?;
        let ply = start_of_tsume(tsume);
        let diagram = super::from_record(&record, ply, figure).map_err(|e| at(e.to_string()))?;
        return Ok((diagram, tsume_answer(&record, tsume, ply)));
    }
    let file = std::fs::File::open(path).map_err(|e| at(format!("{name}: {e}")))?;
    let bytes = limits::read_bounded(file)
        .map_err(|e| at(format!("{name}: {e}")))?
        .map_err(|e| at(format!("{name}: {e}")))?;
    let text = text::utf8(bytes).map_err(|e| at(format!("{name}{}: {e}", e.location())))?;
    // As a file named on the command line: blank lines and `#` comments are skipped.
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim().starts_with('#'))
        .collect();
    let (n, line) = match lines.as_slice() {
        [one] => *one,
        [] => return Err(at(format!("{name} holds no position"))),
        more => {
            return Err(at(format!(
                "{name} holds {} positions; a diagram takes one",
                more.len()
            )))
        }
    };
    let read = read_position(line, variant).map_err(|e| match e {
        crate::Error::Invalid(_) => e,
        other => at(format!("{name}:{}: {other}", n + 1)),
    })?;
    Ok((Diagram::from_read(variant.clone(), read), None))
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
pub(super) fn located_in_position(
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

/// A tsume record's moves, drawn at its start, as the declared answer (`▲2一飛　△同龍　▲6四角まで
/// 3手詰`), checked against the proof as a written one is.
fn tsume_answer(
    record: &crate::formats::record::Record,
    tsume: bool,
    ply: Option<usize>,
) -> Option<String> {
    if !tsume || ply != Some(0) || record.moves.is_empty() {
        return None;
    }
    let moves: Vec<_> = record.moves.iter().map(|m| m.mv).collect();
    let line = crate::formats::notation::japanese::line(&record.start, &moves).ok()?;
    Some(format!("{}まで{}手詰", line.join("　"), moves.len()))
}

/// The ply a record is drawn at when none is given: a tsume record's start (the problem; its
/// moves are the answer), any other record's end.
fn start_of_tsume(tsume: bool) -> Option<usize> {
    tsume.then_some(0)
}
