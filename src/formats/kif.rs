//! KIF (Kakinoki) game records: `key：value` header fields (手合割 with any handicap name of the
//! variant, 先手/後手 or 下手/上手), an optional BOD board, numbered moves like `７六歩(77)`,
//! `同　歩(64)`, `３一角打`, `３三角成(77)` with times `( 0:12/00:01:05)`, comments (`*` for
//! people, `**` an engine's reading, `#` a remark programs skip), `&` bookmarks, end words
//! (投了, 中断, 千日手, 持将棋, 詰み, 反則勝ち, 切れ負け, …) and `変化：N手` variations.

use super::bod::{self, kind_by_name, kind_name, write_square, Diagram};
use super::csa;
use super::record::{Builder, Comment, CommentKind, EndKind, MoveTime, Record, RecordError};
use crate::rules::{validate, Color, Move, Position, Setup, Variant};
use std::fmt::Write as _;
use std::sync::Arc;

// The end words, shared with KI2 (`kif::END_WORDS`, `kif::end_word_at`).
pub use super::kif_end_words::end_word_of;
pub(crate) use super::kif_end_words::{end_word_at, END_WORDS, OTHER_END_WORDS};

/// The start position a 手合割 value names: 平手 or a handicap of the variant.
pub(crate) fn handicap_start(
    variant: &Arc<Variant>,
    name: &str,
) -> Option<(Option<String>, Setup)> {
    if name == "平手" {
        return Some((None, variant.start.clone()));
    }
    variant
        .handicaps
        .iter()
        .find(|h| h.japanese == name)
        .map(|h| (Some(h.id.clone()), h.setup.clone()))
}

fn position_of(variant: &Arc<Variant>, setup: &Setup) -> Position {
    validate::validate(variant, setup.clone(), validate::Options::default())
        .or_else(|_| Position::start(variant))
        .expect("a loaded variant's start and handicaps are valid")
}

/// Reads a KIF record.
pub fn read(text: &str, variant: &Arc<Variant>) -> Result<Record, RecordError> {
    read_with(
        text,
        variant,
        |t| t.starts_with(|c: char| c.is_ascii_digit()),
        move_line,
    )
}

/// Reads a KIF-like record (KIF or KI2): the header, a board, comments, bookmarks and
/// variations are shared; `starts_moves` tells a line of moves and `moves` reads it (and the
/// `まで…` summary line).
pub(crate) fn read_with(
    text: &str,
    variant: &Arc<Variant>,
    starts_moves: fn(&str) -> bool,
    moves: fn(&mut Builder, usize, &str) -> Result<(), RecordError>,
) -> Result<Record, RecordError> {
    let mut b =
        Builder::new(Position::start(variant).map_err(|e| RecordError::new(0, "", e.to_string()))?);
    let mut headers = Vec::new();
    let mut players: [Option<String>; 2] = [None, None];
    let mut handicap = None;
    let mut diagram = Diagram::new(variant);
    let mut in_moves = false;
    let mut board = false;
    let mut last_line = 0;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        last_line = n;
        let l = raw.trim_end_matches('\r');
        let t = l.trim();
        // The encoding line (`#KIF version=2.0 encoding=UTF-8`) is the file's, which decoding
        // has dealt with; another `#` line is a remark.
        if t.is_empty() || t.starts_with("#KIF ") {
            continue;
        }
        if let Some(c) = read_comment(t) {
            b.comment(c);
            continue;
        }
        if let Some(c) = t.strip_prefix('&') {
            b.bookmark(c);
            continue;
        }
        if !in_moves {
            if diagram.line(n, l)? {
                continue;
            }
            // `手数＝12  ▲２六歩(27)  まで`: the moves before a copied board, which the board
            // already shows; not the `手数----` line that starts the moves.
            if let Some(before) = diagram.moves_line(t) {
                if let Some(before) = before {
                    b.moves_before_board(before);
                }
                continue;
            }
            // The moves start at the `手数----指手--` line, at the first move, or at the
            // summary of a record that has none (`まで0手で後手の勝ち` under a board, as
            // bioshogi writes a position and its result).
            let heading = t.starts_with("手数");
            if heading || starts_moves(t) || t.starts_with("まで") {
                in_moves = true;
                if diagram.seen {
                    let d = std::mem::replace(&mut diagram, Diagram::new(variant));
                    b.set_start(d.position(n)?);
                    board = true;
                }
                b.record_mut().headers = std::mem::take(&mut headers);
                if heading {
                    continue;
                }
            } else if let Some((k, v)) = t.split_once('：').or_else(|| t.split_once(':')) {
                let (k, v) = (k.trim(), v.trim_matches(|c: char| c.is_whitespace()));
                match k {
                    // A blank name (`先手：`, as tsume files leave it) names no one.
                    "先手" | "下手" => players[0] = (!v.is_empty()).then(|| v.to_string()),
                    "後手" | "上手" => players[1] = (!v.is_empty()).then(|| v.to_string()),
                    "手合割" if v != "その他" => {
                        let Some((id, start)) = handicap_start(variant, v) else {
                            let mut names = vec!["平手".to_string()];
                            names.extend(variant.handicaps.iter().map(|h| h.japanese.clone()));
                            return Err(RecordError::new(
                                n,
                                t,
                                format!(
                                    "unknown handicap '{v}': expected one of {}",
                                    names.join(", ")
                                ),
                            ));
                        };
                        handicap = id;
                        b.set_start(position_of(variant, &start));
                    }
                    _ => {}
                }
                headers.push((k.to_string(), v.to_string()));
                continue;
            } else {
                return Err(RecordError::new(n, t, "not a KIF header line"));
            }
        }
        if let Some(rest) = t.strip_prefix("変化：").or_else(|| t.strip_prefix("変化:")) {
            let ply: usize = rest
                .trim_end_matches('手')
                .trim()
                .parse()
                .map_err(|_| RecordError::new(n, t, "expected 変化：N手"))?;
            // Numbered on from a copied board's moves, as the main line is.
            let ply = b.ply_of_number(ply).ok_or_else(|| {
                let why = match b.moves_before() {
                    0 => "a variation starts at move 1 or later",
                    _ => "the variation branches before the board's position",
                };
                RecordError::new(n, t, why)
            })?;
            b.branch(n, t, ply)?;
            continue;
        }
        moves(&mut b, n, t)?;
    }
    if !in_moves {
        if diagram.seen {
            b.set_start(diagram.position(last_line)?);
            board = true;
        }
        b.record_mut().headers = headers;
    }
    // Blank lines and comments alone are no record (a 0-byte file read as the start position
    // with no moves would convert into a file of a game that was never played).
    let r = b.record();
    if !board
        && r.headers.is_empty()
        && r.moves.is_empty()
        && r.branches.is_empty()
        && r.end.is_none()
    {
        return Err(RecordError::new(
            1,
            "",
            "empty record: no header, board or moves",
        ));
    }
    let r = b.record_mut();
    r.players = players;
    r.handicap = handicap;
    Ok(b.finish())
}

/// One numbered move line: `  12 ３四歩(33)   ( 0:05/00:00:09)`.
fn move_line(b: &mut Builder, n: usize, t: &str) -> Result<(), RecordError> {
    if let Some(rest) = t.strip_prefix("まで") {
        // The end move line says how the game ended; a record without one (as some sites write
        // KIF) ends as its summary says. A summary that counts other moves than were read is
        // an error, as in KI2 (so one past that check counts the moves read).
        let stated = super::ki2::summary_count(rest);
        super::ki2::check_count(b, n, t, stated, b.ended())?;
        if !b.ended() && stated.is_some() {
            super::ki2::end_line(b, n, rest);
        }
        return Ok(());
    }
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let number: usize = t[..digits]
        .parse()
        .map_err(|_| RecordError::new(n, t, "expected a numbered move like '1 ７六歩(77)'"))?;
    // A trailing '+' marks a move that has variations; it follows the time when there is one,
    // so it goes first or the time's total would not read.
    let body = t[digits..].trim().trim_end_matches('+').trim_end();
    let (text, time) = match body.rfind('(') {
        Some(i) if body[i..].contains(':') => (body[..i].trim_end(), Some(&body[i..])),
        _ => (body, None),
    };
    b.check_open(n, text)?;
    let as_written = text;
    // Some writers mark the mover as KI2 does (`▲７六歩(77)`, read by tsshogi too); the mark
    // must be the side to move's.
    let marked = [
        ('▲', Color::Black),
        ('☗', Color::Black),
        ('△', Color::White),
        ('☖', Color::White),
    ]
    .into_iter()
    .find_map(|(mark, color)| Some((text.strip_prefix(mark)?.trim_start(), color)));
    let text = match marked {
        Some((_, color)) if color != b.position().turn() => {
            return Err(RecordError::new(
                n,
                text,
                format!(
                    "a {} move, but it is {}'s turn",
                    color.name(),
                    b.position().turn().name()
                ),
            ))
        }
        Some((rest, _)) => rest,
        None => text,
    };
    if number != b.next_number() && !b.numbers_on_from_board(number) {
        return Err(RecordError::new(
            n,
            text,
            match b.moves_before() {
                before if before > 0 && b.ply() == 0 => format!(
                    "move number {number}, expected {} (or {} on from the board's 手数＝{before})",
                    b.next_number(),
                    before + 1
                ),
                _ => format!("move number {number}, expected {}", b.next_number()),
            },
        ));
    }
    // A move starts with its square or 同; anything else may be an end word.
    let is_move = text
        .chars()
        .next()
        .is_some_and(|c| c == '同' || bod::digit(c).is_some());
    if !is_move {
        let written = text.split_whitespace().collect::<Vec<_>>().join("");
        let kind = match END_WORDS.iter().find(|(w, _)| *w == written) {
            Some((_, kind)) => Some(kind.clone()),
            None => OTHER_END_WORDS
                .contains(&written.as_str())
                .then(|| EndKind::Other(written.clone())),
        };
        if let Some(kind) = kind {
            b.end_as(n, &written, kind);
            if let Some(time) = time.and_then(parse_time) {
                b.time(time);
            }
            return Ok(());
        }
        return Err(RecordError::new(
            n,
            as_written,
            "neither a move like ７六歩(77) nor an end word (投了, 中断, 千日手, 持将棋, 詰み, 切れ負け, 反則勝ち, 反則負け, 入玉勝ち, …)",
        ));
    }
    // The move as an error shows it: ▲７六歩.
    let shown = |b: &Builder| {
        let mark = if b.position().turn() == Color::Black {
            "▲"
        } else {
            "△"
        };
        format!("{mark}{text}")
    };
    let mv = parse_move(b.position(), b.last_move(), text)
        .map_err(|e| RecordError::new(n, shown(b), e))?;
    if let Err(mut e) = b.play(n, "", mv) {
        e.text = shown(b);
        return Err(e);
    }
    if let Some(time) = time.and_then(parse_time) {
        b.time(time);
    }
    Ok(())
}

/// A comment line of KIF or KI2, if `t` is one: `*` for people, `**` an engine's reading (as
/// ShogiGUI writes its analysis, and as CSA's `'**` converts), `#` a remark programs skip (as
/// CSA's plain `'` converts).
pub(crate) fn read_comment(t: &str) -> Option<Comment> {
    let (kind, text) = if let Some(reading) = t.strip_prefix("**") {
        (CommentKind::Engine, reading)
    } else if let Some(note) = t.strip_prefix('*') {
        (CommentKind::Note, note)
    } else {
        (CommentKind::Remark, t.strip_prefix('#')?)
    };
    Some(Comment::new(kind, text))
}

/// Writes comments as KIF and KI2 mark them, one a line (see [`read_comment`]).
pub(crate) fn write_comments(out: &mut String, comments: &[Comment]) {
    for c in comments {
        let mark = match c.kind {
            CommentKind::Note => "*",
            CommentKind::Engine => "**",
            CommentKind::Remark => "#",
        };
        let _ = writeln!(out, "{mark}{}", c.text);
    }
}

/// `( 0:12/00:01:05)`: minutes:seconds for the move, hours:minutes:seconds in all.
fn parse_time(s: &str) -> Option<MoveTime> {
    let inner = s
        .trim()
        .trim_start_matches('(')
        .trim_end_matches(')')
        .trim();
    let (used, total) = inner.split_once('/').unwrap_or((inner, ""));
    let secs = |p: &str| -> Option<u32> {
        p.trim().split(':').try_fold(0u32, |acc, x| {
            acc.checked_mul(60)?.checked_add(x.trim().parse().ok()?)
        })
    };
    Some(MoveTime {
        seconds: secs(used)?,
        total: secs(total),
    })
}

/// Reads a KIF move (`７六歩(77)`, `同　歩(64)`, `３一角打`, `３三角成(77)`, `２二銀不成(31)`).
pub fn parse_move(pos: &Position, last: Option<Move>, text: &str) -> Result<Move, String> {
    let v = pos.variant();
    // The move without its spaces (`同　歩`), on the stack: a move is a few characters.
    let mut chars: arrayvec::ArrayVec<char, 24> = arrayvec::ArrayVec::new();
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        chars
            .try_push(c)
            .map_err(|_| "expected a move like ７六歩(77)".to_string())?;
    }
    let (to, mut i) = if chars.first() == Some(&'同') {
        (last.map(|m| m.to()).ok_or("同 with no previous move")?, 1)
    } else {
        let f = chars.first().and_then(|c| bod::digit(*c));
        let r = chars.get(1).and_then(|c| bod::digit(*c));
        let sq = f.zip(r).and_then(|(f, r)| v.size.from_file_rank(f, r));
        (sq.ok_or("expected a square like ７六 or 同")?, 2)
    };
    let rest = chars.get(i..).unwrap_or(&[]);
    let (kind, len) = [2, 1]
        .iter()
        .filter_map(|&n| {
            let mut name = arrayvec::ArrayString::<16>::new();
            for c in rest.get(..n)? {
                name.try_push(*c).ok()?;
            }
            kind_by_name(v, &name).map(|k| (k, n))
        })
        .next()
        .ok_or("expected a piece name like 歩")?;
    i += len;
    let rest = chars.get(i..).unwrap_or(&[]);
    let (suffix, source) = match rest.iter().position(|c| *c == '(') {
        Some(p) => (&rest[..p], Some(&rest[p..])),
        None => (rest, None),
    };
    let promote = match suffix {
        [] | ['不', '成'] | ['生'] => false,
        ['成'] => true,
        ['打'] => {
            return Ok(Move::Drop { kind, to });
        }
        other => {
            return Err(format!(
                "unexpected '{}' after the piece",
                super::parse_error::shown(&other.iter().collect::<String>())
            ))
        }
    };
    let Some(source) = source else {
        return Ok(Move::Drop { kind, to });
    };
    let digits: arrayvec::ArrayVec<u8, 24> = source
        .iter()
        .filter(|c| !matches!(c, '(' | ')'))
        .filter_map(|c| bod::digit(*c))
        .collect();
    let from = match digits.as_slice() {
        [f, r] => v.size.from_file_rank(*f, *r),
        _ => None,
    }
    .ok_or("expected a source square like (77)")?;
    if let Some(p) = pos.piece_at(from) {
        if p.kind != kind {
            return Err(format!(
                "the piece on {}{} is {}, not {}",
                digits[0],
                digits[1],
                kind_name(v, p.kind, p.color),
                kind_name(v, kind, p.color)
            ));
        }
    }
    Ok(Move::Normal { from, to, promote })
}

/// Writes a KIF move (`７六歩(77)`, `同　歩(64)`, `３一角打`).
pub fn write_move(pos: &Position, last: Option<Move>, mv: Move) -> String {
    let v = pos.variant();
    let to = if last.map(|m| m.to()) == Some(mv.to()) {
        "同　".to_string()
    } else {
        write_square(v, mv.to())
    };
    match mv {
        Move::Drop { kind, .. } => format!("{to}{}打", kind_name(v, kind, pos.turn())),
        // KIF has no double moves: the Japanese notation's form, then the origin.
        Move::Lion { from, .. } => format!(
            "{}({}{})",
            super::notation::japanese::write(pos, mv, None).trim_start_matches(['▲', '△']),
            v.size.file(from),
            v.size.rank(from)
        ),
        Move::Normal {
            from,
            to: dest,
            promote,
        } => {
            let piece = pos.piece_at(from);
            let name = piece.map_or("?".into(), |p| kind_name(v, p.kind, p.color));
            let could_promote = piece.is_some_and(|p| {
                v.catalog.get(p.kind).promotes_to.is_some()
                    && pos.is_legal(Move::Normal {
                        from,
                        to: dest,
                        promote: true,
                    })
            });
            let suffix = if promote {
                "成"
            } else if could_promote {
                "不成"
            } else {
                ""
            };
            format!(
                "{to}{name}{suffix}({}{})",
                v.size.file(from),
                v.size.rank(from)
            )
        }
    }
}

/// `( 0:12/00:01:05)`: the move's minutes:seconds, then the mover's total so far, hours in two
/// digits as Kakinoki's software writes them.
fn write_time(t: &MoveTime, total: u32) -> String {
    format!(
        "({:>2}:{:02}/{:02}:{:02}:{:02})",
        t.seconds / 60,
        t.seconds % 60,
        total / 3600,
        total / 60 % 60,
        total % 60
    )
}

/// The first line of a written KIF, and what it becomes in a Shift_JIS file
/// ([`super::record_io::encode`]).
pub(crate) const UTF8_LINE: &str = "#KIF version=2.0 encoding=UTF-8\n";
pub(crate) const SJIS_LINE: &str = "#KIF version=2.0 encoding=Shift_JIS\n";

/// Writes a record as KIF (UTF-8), variations included.
pub fn write(record: &Record) -> String {
    let mut out = String::from(UTF8_LINE);
    let handicap = write_header(&mut out, record);
    out.push_str("手数----指手---------消費時間--\n");
    write_body(&mut out, record, handicap);
    out
}

/// The header fields, the start (手合割 or a board), the players and the opening comments;
/// returns whether the game is a handicap game (players are 下手/上手).
pub(crate) fn write_header(out: &mut String, record: &Record) -> bool {
    let v = record.variant();
    let skip = ["先手", "後手", "下手", "上手", "手合割", "V", "N+", "N-"];
    for (k, val) in &record.headers {
        if skip.contains(&k.as_str()) {
            continue;
        }
        let name = csa::FIELDS
            .iter()
            .find(|(c, _)| c == k)
            .map_or(k.as_str(), |(_, kif)| kif);
        if name.starts_with('$') {
            continue;
        }
        let _ = writeln!(out, "{name}：{val}");
    }
    let start = record.start.to_setup();
    let same = |s: &Setup| s.board == start.board && s.hands == start.hands && s.turn == start.turn;
    let named = if same(&v.start) {
        Some("平手".to_string())
    } else {
        v.handicaps
            .iter()
            .find(|h| same(&h.setup))
            .map(|h| h.japanese.clone())
    };
    let handicap = named.as_deref().is_some_and(|n| n != "平手");
    match &named {
        Some(name) => {
            let _ = writeln!(out, "手合割：{name}");
        }
        None => out.push_str(&bod::write(&record.start)),
    }
    // A board copied mid-game: the moves before it, as Kifu for Windows writes them under it.
    if let Some(line) = bod::moves_line(&record.start, None) {
        let _ = writeln!(out, "{line}");
    }
    let labels = if handicap {
        ["下手", "上手"]
    } else {
        ["先手", "後手"]
    };
    for (i, label) in labels.iter().enumerate() {
        if let Some(p) = &record.players[i] {
            let _ = writeln!(out, "{label}：{p}");
        }
    }
    write_comments(out, &record.start_comments);
    if let Some(bm) = &record.start_bookmark {
        let _ = writeln!(out, "&{bm}");
    }
    handicap
}

/// The summary line after the main line: `まで181手で先手の勝ち`, `まで49手で千日手`, counting
/// the moves of the record.
pub(crate) fn summary_line(record: &Record, handicap: bool) -> Option<String> {
    summary_counting(record, handicap, false)
}

/// [`summary_line`], counting with `numbered_on` the moves before a copied board too
/// (`まで26手で中断` for a record whose start is move 25's position), as a KIF whose moves are
/// numbered on from the board's counts them.
fn summary_counting(record: &Record, handicap: bool, numbered_on: bool) -> Option<String> {
    let end = record.end.as_ref()?;
    let n = record.moves.len() + if numbered_on { moves_before(record) } else { 0 };
    let side = |c: Color| match (c, handicap) {
        (Color::Black, false) => "先手",
        (Color::White, false) => "後手",
        (Color::Black, true) => "下手",
        (Color::White, true) => "上手",
    };
    let to_move = record.side_to_move_at_end();
    // A foul names its side, as Kifu for Windows and tsshogi write it: a KI2, which has no end
    // move, says no more than its summary, and readers such as cshogi take a foul's result only
    // with the side named.
    Some(match (record.result(), &end.kind) {
        (super::record::GameResult::Win(c), EndKind::Resign) => {
            format!("まで{n}手で{}の勝ち", side(c))
        }
        (_, EndKind::IllegalLoss) => format!("まで{n}手で{}の反則負け", side(to_move)),
        (_, EndKind::IllegalWin) => format!("まで{n}手で{}の反則勝ち", side(to_move)),
        (_, EndKind::IllegalAction(loser)) => {
            format!("まで{n}手で{}の反則負け", side(*loser))
        }
        (_, kind) => format!("まで{n}手で{}", end_word_at(kind, to_move)),
    })
}

/// The moves before a record's start (see [`bod::moves_before`]).
fn moves_before(record: &Record) -> usize {
    bod::moves_before(&record.start)
}

/// The moves of the main line and the variations, with the summary line. A record whose start
/// is a board copied mid-game numbers its moves on from the board's (`26 ８五歩(84)` after
/// `手数＝25`), as KIF files copied from a game do.
fn write_body(out: &mut String, record: &Record, handicap: bool) {
    write_line(out, record, None);
    if let Some(line) = summary_counting(record, handicap, true) {
        let _ = writeln!(out, "{line}");
    }
    for (i, b) in record.branches.iter().enumerate() {
        let _ = writeln!(out, "\n変化：{}手", b.ply + moves_before(record));
        write_line(out, record, Some(i));
    }
}

/// One line of play (`None`: the main line, else a branch's index): its numbered moves, each
/// ending in `+` when a variation replaces it, then its end word.
fn write_line(out: &mut String, record: &Record, line: Option<usize>) {
    let (mut pos, mut last, first, moves, end) = match line {
        None => (
            record.start.clone(),
            None,
            1,
            &record.moves,
            record.end.as_ref(),
        ),
        Some(i) => {
            let (pos, last) = record.branch_start(i);
            let b = &record.branches[i];
            (pos, last, b.ply, &b.moves, b.end.as_ref())
        }
    };
    let totals = record.time_totals(line);
    for (i, m) in moves.iter().enumerate() {
        let text = write_move(&pos, last, m.mv);
        let mark = if record.has_variation_after(line, first + i) {
            "+"
        } else {
            ""
        };
        // Counted from the moves' own times where the record states no total (CSA `T`).
        let number = first + i + moves_before(record);
        write_numbered(out, number, &text, m.time.as_ref().zip(totals[i]), mark);
        write_comments(out, &m.comments);
        if let Some(bm) = &m.bookmark {
            let _ = writeln!(out, "&{bm}");
        }
        pos.play_unchecked(m.mv);
        last = Some(m.mv);
    }
    if let Some(end) = end {
        let word = end_word_at(&end.kind, pos.turn());
        let time = end.time.as_ref().zip(record.end_time_total(line));
        let number = first + moves.len() + moves_before(record);
        write_numbered(out, number, &word, time, "");
        write_comments(out, &end.comments);
    }
}

/// A numbered line of play: `  12 ３四歩(33)     ( 0:05/00:00:09)+`, the time (the move's and
/// the mover's total) in the column Kakinoki's software writes it in when there is one.
fn write_numbered(
    out: &mut String,
    number: usize,
    text: &str,
    time: Option<(&MoveTime, u32)>,
    mark: &str,
) {
    let _ = match time {
        Some((t, total)) => {
            let width = unicode_width::UnicodeWidthStr::width(text);
            let pad = 15usize.saturating_sub(width).max(1);
            writeln!(
                out,
                "{number:>4} {text}{}{}{mark}",
                " ".repeat(pad),
                write_time(t, total)
            )
        }
        None => writeln!(out, "{number:>4} {text}{mark}"),
    };
}
