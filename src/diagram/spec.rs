//! Diagram files: YAML that names a position and says how to draw and annotate it. Every error
//! names its file, line, column and field. The schema is documented in the README.

use super::model::{
    parse_aspect, Arrow, ArrowStart, DefenderHand, Diagram, Kings, LastMove, Mark, MarkKind, Style,
};
use super::position_source::{
    located_in_position, position_file, position_from_file, record_position,
};
use super::raw::{RawArrow, RawDiagram, RawHighlight, RawPosition};
use super::{ARROW, HIGHLIGHT};
use crate::draw::Color as Ink;
use crate::formats::data_error::from_yaml;
use crate::formats::{limits, notation, sfen, usi, DataError};
use crate::rules::{BoardSize, Color, KindId, ProblemCode, Setup, Square, Variant};
use std::path::Path;
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

/// Whether a positions list's line names a file (a record, or a file of one position) rather
/// than giving a position: one word with a `.` that is no USI string or handicap name.
pub fn names_file(text: &str, variant: &Variant) -> bool {
    position_file(text, variant)
}

/// The diagram of a file a positions list names (see [`names_file`]), `path` relative to the
/// list's directory: a record's final position, or with `tsume` its start and its moves as the
/// answer in the notes; else a file of one position. `at` says an error where the file is
/// named.
pub fn from_position_file(
    path: &Path,
    variant: &Arc<Variant>,
    figure: u32,
    tsume: bool,
    at: &dyn Fn(String) -> crate::Error,
) -> Result<(Diagram, Notes), crate::Error> {
    let (mut diagram, answer) = position_from_file(path, variant, figure, tsume, at)?;
    diagram.options.tsume = tsume;
    let notes = Notes {
        answer,
        ..Notes::default()
    };
    Ok((diagram, notes))
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

/// What a booklet prints with a diagram besides the diagram itself: a comment (under the
/// diagram or in the answers section) and the answer. A single diagram file may carry them too;
/// the `diagram` command does not draw them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    pub comment: Option<String>,
    pub answer: Option<String>,
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
    from_yaml_text_numbered(text, source_name, default_variant, None, load_variant, 1)
}

/// As [`from_yaml_text_with_notes`] for the diagram numbered `figure` (a booklet's entries):
/// a position from a game record is captioned `第{figure}図 ▲2四歩まで` unless the file gives a
/// caption. A file `position:` names (a record, or a file of one position) is found relative
/// to the directory of `source_name`, as a variant file is by `load_variant`. A diagram that
/// gives no `style:` is drawn in `default_style` if there is one (a booklet's `style:`).
pub fn from_yaml_text_numbered(
    text: &str,
    source_name: &str,
    default_variant: &Arc<Variant>,
    default_style: Option<Style>,
    load_variant: &dyn Fn(&str) -> Result<Arc<Variant>, crate::Error>,
    figure: u32,
) -> Result<(Diagram, Notes), crate::Error> {
    let raw: RawDiagram = from_yaml(text, source_name)?;
    let mut notes = Notes {
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
    // A variant that cannot be loaded is this file's error, at its `variant:` line (a variant
    // file's own errors keep their place after it).
    let variant = match &raw.variant {
        Some(v) => load_variant(v).map_err(|e| err("variant", Some(v), e.to_string()))?,
        None => default_variant.clone(),
    };
    let size = variant.size;

    let dir = Path::new(source_name)
        .parent()
        .unwrap_or(Path::new(""))
        .to_path_buf();
    // A tsume record's moves are its answer, unless the file declares one.
    let (mut diagram, record_answer) = match &raw.position {
        RawPosition::Text(position) if position_file(position, &variant) => {
            let at = |message: String| err("position", Some(position.trim()), message);
            let path = dir.join(position.trim());
            position_from_file(&path, &variant, figure, raw.tsume, &at)?
        }
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
            (Diagram::from_read(variant.clone(), read), None)
        }
        RawPosition::Record(map) => {
            let at = |field: &str, value: Option<&str>, message: String| -> crate::Error {
                located_in_position(DataError::new(source_name, message), text, field, value).into()
            };
            record_position(map, &dir, &variant, figure, raw.tsume, &at)?
        }
    };
    if notes.answer.is_none() {
        notes.answer = record_answer;
    }
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
    } else if let Some(style) = default_style {
        o.style = style;
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
    for (i, h) in raw.highlights.0.iter().enumerate() {
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
    for (i, a) in raw.arrows.0.iter().enumerate() {
        let field = format!("arrows[{i}]");
        let arrow = match a {
            RawArrow::Move(m) => diagram_arrow(m, &diagram)
                .map_err(|e| err(&field, Some(m.trim()), format!("'{}': {e}", m.trim())))?,
            RawArrow::Full { from, to, color: c } => {
                let start = hand_start(from, &diagram.setup, &variant, diagram.options.tsume)
                    .map_err(|e| {
                        err(&field, Some(from.trim()), format!("'{}': {e}", from.trim()))
                    })?;
                let start = match start {
                    Some(s) => s,
                    None => ArrowStart::Square(square(&field, from)?),
                };
                Arrow {
                    from: start,
                    to: square(&field, to)?,
                    color: color(&field, c, ARROW)?,
                }
            }
        };
        diagram.annotations.arrows.push(arrow);
    }
    for (i, m) in raw.marks.0.iter().enumerate() {
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
        diagram.annotations.last_move = last_move_of(m, &diagram.setup, &variant)
            .map_err(|e| err("last_move", Some(m.trim()), format!("'{}': {e}", m.trim())))?;
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

/// An arrow written as a move (`7g7f`) or a drop (`P*5e`), in the default colour. A drop
/// must be of a piece its side holds; the message says why not.
pub fn parse_arrow(text: &str, setup: &Setup, variant: &Variant) -> Result<Arrow, String> {
    arrow_of(text, setup, variant, false)
}

/// As [`parse_arrow`] for `diagram`'s position: in a tsume the defender's hand, left empty,
/// holds "the rest", so a drop of any piece left over is one it can make.
pub fn diagram_arrow(text: &str, diagram: &Diagram) -> Result<Arrow, String> {
    arrow_of(
        text,
        &diagram.setup,
        &diagram.variant,
        diagram.options.tsume,
    )
}

/// `P*5e` starts in Black's hand (`p*5e` in White's); `7g7f` on a square.
fn arrow_of(text: &str, setup: &Setup, variant: &Variant, tsume: bool) -> Result<Arrow, String> {
    let t = text.trim();
    let bad = || "not a move like 7g7f or a drop like P*5e".to_string();
    let (from, to) = match t.split_once('*') {
        Some((piece, to)) => (
            hand_start(&format!("{piece}*"), setup, variant, tsume)?.ok_or_else(bad)?,
            notation::parse_square(to, variant.size).ok_or_else(bad)?,
        ),
        None => {
            let m = parse_move(t, variant.size).ok_or_else(bad)?;
            (ArrowStart::Square(m.from.ok_or_else(bad)?), m.to)
        }
    };
    Ok(Arrow {
        from,
        to,
        color: ARROW,
    })
}

/// `P*` / `p*` / `hand:P` name a piece in a hand (`hand:` the hand of the side to move);
/// `None` for anything else (a square). An arrow cannot start at a piece the hand does not
/// hold: it would be drawn from the side's mark across the board. In a `tsume` the defender's
/// empty hand holds every piece left over (what it shows as 残り全部).
fn hand_start(
    text: &str,
    setup: &Setup,
    variant: &Variant,
    tsume: bool,
) -> Result<Option<ArrowStart>, String> {
    let t = text.trim();
    let Some(letter) = t.strip_suffix('*').or_else(|| t.strip_prefix("hand:")) else {
        return Ok(None);
    };
    let mut chars = letter.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return Ok(None);
    };
    let side = if t.starts_with("hand:") {
        setup.turn
    } else if c.is_ascii_uppercase() {
        Color::Black
    } else {
        Color::White
    };
    let kind = variant
        .catalog
        .by_letter(c.to_ascii_uppercase(), false)
        .filter(|k| variant.has_kind(*k))
        .ok_or_else(|| format!("'{c}' is not a piece letter of {}", variant.english))?;
    let held = setup.hand(side).get(&kind).copied().unwrap_or(0);
    let the_rest = tsume && side != setup.turn && setup.hand(side).is_empty();
    if held == 0 && !(the_rest && left_over(setup, variant, kind) > 0) {
        return Err(format!(
            "{} has no {} in hand",
            side_name(side),
            variant.catalog.get(kind).english.to_lowercase()
        ));
    }
    Ok(Some(ArrowStart::Hand(side, kind)))
}

/// How many pieces of `kind` a full set has that are neither on the board (promoted or not)
/// nor in the side to move's hand: a tsume defender's "rest" (never a king: no hand holds one).
fn left_over(setup: &Setup, variant: &Variant, kind: KindId) -> u32 {
    let catalog = &variant.catalog;
    let on_board = setup
        .pieces()
        .filter(|(_, p)| catalog.get(p.kind).demotes_to.unwrap_or(p.kind) == kind)
        .count() as u32;
    let in_hand = setup.hand(setup.turn).get(&kind).copied().unwrap_or(0);
    match variant.is_royal(kind) {
        true => 0,
        false => variant.set_count(kind).saturating_sub(on_board + in_hand),
    }
}

fn side_name(side: Color) -> &'static str {
    match side {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// A last move given by hand (`--last-move`, `last_move:`; `none` or nothing: no mark), held to
/// the position: it must be a move that could have been played to reach it. The side that
/// moved is the one not to move, so its piece stands on the destination — for a drop, an
/// unpromoted piece of the dropped kind, and for a move marked `+`, a promoted one — and a
/// moved piece's origin is empty (unless it is the destination too: a lion's return). Whether
/// the piece could move that way is not checked.
pub fn last_move_of(
    text: &str,
    setup: &Setup,
    variant: &Variant,
) -> Result<Option<LastMove>, String> {
    let t = text.trim();
    if t.is_empty() || t == "none" {
        return Ok(None);
    }
    let m =
        parse_move(t, variant.size).ok_or_else(|| "not a move like 7g7f or P*5e".to_string())?;
    let mover = !setup.turn;
    let (name, sq) = (
        |k: KindId| variant.catalog.get(k).english.to_lowercase(),
        |s| variant.size.usi(s),
    );
    let Some(piece) = setup.piece_at(m.to) else {
        return Err(format!(
            "{} is empty, but the last move ends there ({} moved last: {} is to move)",
            sq(m.to),
            side_name(mover),
            side_name(setup.turn)
        ));
    };
    if piece.color != mover {
        return Err(format!(
            "the piece on {} is {}'s, but {} moved last ({} is to move)",
            sq(m.to),
            side_name(piece.color),
            side_name(mover),
            side_name(setup.turn)
        ));
    }
    match m.from {
        None => {
            let letter = t.chars().next().unwrap_or(' ').to_ascii_uppercase();
            let kind = variant.catalog.by_letter(letter, false).ok_or_else(|| {
                format!("'{letter}' is not a piece letter of {}", variant.english)
            })?;
            if piece.kind != kind {
                return Err(format!(
                    "the piece on {} is a {}, not a dropped {}",
                    sq(m.to),
                    name(piece.kind),
                    name(kind)
                ));
            }
        }
        Some(from) => {
            if from != m.to && setup.piece_at(from).is_some() {
                return Err(format!(
                    "{} is not empty, but the last move left it",
                    sq(from)
                ));
            }
            if t.ends_with('+') && !variant.catalog.get(piece.kind).promoted {
                return Err(format!(
                    "the piece on {} is not promoted, but the move promotes ('+')",
                    sq(m.to)
                ));
            }
        }
    }
    Ok(Some(m))
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
