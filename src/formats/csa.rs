//! CSA game records (the Computer Shogi Association's format, V2.2 and V3.0): `V2.2`, players
//! `N+`/`N-`, `$` fields, the start position (`PI` with removals, `P1`…`P9` rows, `P+`/`P-`
//! pieces with `00AL`), the side to move, moves like `+7776FU` with `T` times, comments on the
//! game, the move or the end they follow — `'*` for people, `'**` an engine's evaluation and
//! reading as floodgate writes it, a plain `'` a remark that programs skip (V3.0's two kinds of
//! comment, and floodgate's third), each kept as what it is — `%` end words (V3.0's
//! `%MAX_MOVES` among them), and several games in one file separated by `/`.

use super::record::{Builder, Comment, CommentKind, EndKind, MoveTime, Record, RecordError};
use crate::rules::{validate, Color, KindId, Move, Piece, Position, Setup, Square, Variant};
use std::fmt::Write as _;
use std::sync::Arc;

/// CSA's two-letter piece names and the catalog ids they stand for.
const PIECES: [(&str, &str); 14] = [
    ("FU", "pawn"),
    ("KY", "lance"),
    ("KE", "knight"),
    ("GI", "silver"),
    ("KI", "gold"),
    ("KA", "bishop"),
    ("HI", "rook"),
    ("OU", "king"),
    ("TO", "tokin"),
    ("NY", "promoted_lance"),
    ("NK", "promoted_knight"),
    ("NG", "promoted_silver"),
    ("UM", "horse"),
    ("RY", "dragon"),
];

/// CSA's `%` end words (V2.2's, and V3.0's `%MAX_MOVES`; `%MATTA` and `%ERROR` are kept as
/// written).
const ENDS: [(&str, EndKind); 13] = [
    ("%TORYO", EndKind::Resign),
    ("%CHUDAN", EndKind::Abort),
    ("%SENNICHITE", EndKind::Repetition),
    ("%JISHOGI", EndKind::Impasse),
    ("%TSUMI", EndKind::Mate),
    ("%ILLEGAL_MOVE", EndKind::IllegalLoss),
    ("%+ILLEGAL_ACTION", EndKind::IllegalAction(Color::Black)),
    ("%-ILLEGAL_ACTION", EndKind::IllegalAction(Color::White)),
    ("%TIME_UP", EndKind::TimeUp),
    ("%KACHI", EndKind::Declaration),
    ("%HIKIWAKE", EndKind::Draw),
    ("%FUZUMI", EndKind::NoMate),
    ("%MAX_MOVES", EndKind::MaxMoves),
];

/// CSA `$` fields and the KIF header names they correspond to, for conversions.
pub const FIELDS: [(&str, &str); 6] = [
    ("$EVENT", "棋戦"),
    ("$SITE", "場所"),
    ("$START_TIME", "開始日時"),
    ("$END_TIME", "終了日時"),
    ("$TIME_LIMIT", "持ち時間"),
    ("$OPENING", "戦型"),
];

fn kind_of(variant: &Variant, code: &str) -> Option<KindId> {
    let id = PIECES.iter().find(|(c, _)| *c == code)?.1;
    variant.catalog.by_id(id).filter(|k| variant.has_kind(*k))
}

fn code_of(variant: &Variant, kind: KindId) -> &'static str {
    let id = &variant.catalog.get(kind).id;
    PIECES
        .iter()
        .find(|(_, i)| i == id)
        .map_or("??", |(c, _)| c)
}

/// Reads every game of a CSA file.
pub fn read(text: &str, variant: &Arc<Variant>) -> Result<Vec<Record>, RecordError> {
    let mut games = Vec::new();
    let mut reader = Reader::new(variant);
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let raw = raw.trim_end_matches('\r');
        if raw.trim() == "/" {
            games.push(reader.finish(line)?);
            reader = Reader::new(variant);
            continue;
        }
        if let Some(comment) = raw.strip_prefix('\'') {
            // V3.0's first line declares the encoding (`'CSA encoding=UTF-8`), which decoding
            // has dealt with: it is no comment on the game.
            if line == 1 && comment.starts_with("CSA encoding=") {
                continue;
            }
            reader.comment(line, comment);
            continue;
        }
        // A name or a `$` field is one statement, commas and all (`N+Sato, Taro`); other lines
        // may hold several (`+7776FU,T12`).
        if raw.starts_with(['N', '$']) {
            reader.statement(line, raw.trim())?;
            continue;
        }
        for statement in raw.split(',') {
            reader.statement(line, statement.trim())?;
        }
    }
    let last_line = text.lines().count();
    if reader.has_content() || games.is_empty() {
        games.push(reader.finish(last_line)?);
    }
    Ok(games)
}

/// Reads the first game of a CSA file.
pub fn read_one(text: &str, variant: &Arc<Variant>) -> Result<Record, RecordError> {
    let mut games = read(text, variant)?;
    let mut first = games.remove(0);
    if !games.is_empty() {
        let separator = text
            .lines()
            .position(|l| l.trim() == "/")
            .map_or(0, |i| i + 1);
        first.warnings.push(format!(
            "{separator}: the file holds {} games (each after a '/' line); only the first is read",
            games.len() + 1
        ));
    }
    Ok(first)
}

struct Reader<'a> {
    variant: &'a Arc<Variant>,
    headers: Vec<(String, String)>,
    players: [Option<String>; 2],
    comments: Vec<Comment>,
    setup: Setup,
    builder: Option<Builder>,
}

impl<'a> Reader<'a> {
    fn new(variant: &'a Arc<Variant>) -> Reader<'a> {
        Reader {
            variant,
            headers: Vec::new(),
            players: [None, None],
            comments: Vec::new(),
            setup: Setup::empty(variant.size),
            builder: None,
        }
    }

    fn has_content(&self) -> bool {
        self.builder.is_some() || !self.headers.is_empty() || self.setup.pieces().next().is_some()
    }

    fn comment(&mut self, line: usize, text: &str) {
        let comment = read_comment(text);
        match &mut self.builder {
            Some(b) => {
                // Floodgate's logs of a game stopped at its move limit have no end statement,
                // only the server's summary: `'summary:max_moves:A draw:B draw`. That ends it
                // as %MAX_MOVES would (the comment is kept, on the end).
                if !b.ended() && comment.text.starts_with("summary:max_moves:") {
                    b.end_as(line, "'summary:max_moves", EndKind::MaxMoves);
                }
                b.comment(comment)
            }
            None => self.comments.push(comment),
        }
    }

    fn statement(&mut self, line: usize, s: &str) -> Result<(), RecordError> {
        let bad = |m: String| RecordError::new(line, s, m);
        if s.is_empty() {
            return Ok(());
        }
        if let Some(b) = &mut self.builder {
            return Self::game_statement(self.variant, b, line, s);
        }
        match s.as_bytes()[0] {
            b'V' => self.headers.push(("V".into(), s[1..].to_string())),
            b'N' if matches!(s.get(1..2), Some("+" | "-")) => {
                let color = if s.get(1..2) == Some("+") { 0 } else { 1 };
                let name = s[2..].trim();
                self.players[color] = (!name.is_empty()).then(|| name.to_string());
                self.headers.push((s[..2].to_string(), s[2..].to_string()));
            }
            b'$' => {
                let (k, v) = s.split_once(':').unwrap_or((s, ""));
                self.headers.push((k.to_string(), v.to_string()));
            }
            b'P' => self.position_line(line, s)?,
            b'+' | b'-' if s.len() == 1 => {
                self.setup.turn = if s == "+" { Color::Black } else { Color::White };
                let pos = self.start_position(line, s)?;
                let mut b = Builder::new(pos);
                let r = b.record_mut();
                r.headers = std::mem::take(&mut self.headers);
                r.players = std::mem::take(&mut self.players);
                r.start_comments = std::mem::take(&mut self.comments);
                self.builder = Some(b);
            }
            b'+' | b'-' | b'%' => {
                return Err(bad(
                    "a move before the start position and side to move ('+' or '-')".into(),
                ))
            }
            b'T' => {}
            _ => return Err(bad("not a CSA statement".into())),
        }
        Ok(())
    }

    fn start_position(&self, line: usize, s: &str) -> Result<Position, RecordError> {
        let setup = self.setup.clone();
        validate::validate(self.variant, setup.clone(), validate::Options::default())
            .or_else(|_| validate::validate(self.variant, setup, validate::Options { tsume: true }))
            .map_err(|e| RecordError::invalid_start(line, s, e))
    }

    fn square(&self, d: &[u8]) -> Option<Square> {
        match d {
            [f @ b'1'..=b'9', r @ b'1'..=b'9'] => {
                self.variant.size.from_file_rank(f - b'0', r - b'0')
            }
            _ => None,
        }
    }

    fn position_line(&mut self, line: usize, s: &str) -> Result<(), RecordError> {
        let bad = |m: &str| RecordError::new(line, s, m.to_string());
        let rest = &s[1..];
        let b = rest.as_bytes();
        match b.first() {
            Some(b'I') => {
                self.setup = self.variant.start.clone();
                for chunk in b[1..].chunks(4) {
                    let (Some(sq), Ok(code)) = (
                        self.square(chunk.get(..2).unwrap_or(b"")),
                        std::str::from_utf8(chunk.get(2..).unwrap_or(b"")),
                    ) else {
                        return Err(bad("expected removals like 82HI after PI"));
                    };
                    let kind = kind_of(self.variant, code);
                    if kind.is_none() || self.setup.piece_at(sq).map(|p| p.kind) != kind {
                        return Err(bad(&format!(
                            "{}{code} is not on the start position",
                            std::str::from_utf8(&chunk[..2]).unwrap_or("")
                        )));
                    }
                    self.setup.board[sq.index()] = None;
                }
            }
            Some(r @ b'1'..=b'9') => {
                let row = (r - b'1') as usize;
                let cells = &rest[1..];
                let files = self.variant.size.files as usize;
                if row >= self.variant.size.ranks as usize || !cells.is_ascii() {
                    return Err(bad("not a row of this board"));
                }
                let padded = format!("{cells:<width$}", width = files * 3);
                let fixed: Vec<&str> = (0..files).map(|c| &padded[c * 3..c * 3 + 3]).collect();
                let fits = |cells: &[&str]| {
                    cells
                        .iter()
                        .all(|c| matches!(*c, " * " | "   ") || self.piece(c).is_some())
                };
                // Three characters a square, as the standard writes them; else squares with their
                // spaces run together (` * * `, as pasted text and the CSA's own server page
                // show them), when that gives exactly one row.
                // Pieces past the row's last square would be lost.
                let past_row = cells.get(files * 3..).unwrap_or("").trim();
                let row_cells = if fits(&fixed) && past_row.is_empty() {
                    fixed
                } else {
                    match loose_cells(cells) {
                        Some(loose) if loose.len() == files && fits(&loose) => loose,
                        Some(loose) if fits(&loose) => {
                            return Err(bad(&format!(
                                "{} squares, but a row has {files}",
                                loose.len()
                            )))
                        }
                        _ if fits(&fixed) => {
                            return Err(bad(&format!(
                                "'{past_row}' after the row's {files} squares"
                            )))
                        }
                        _ => fixed,
                    }
                };
                for (col, cell) in row_cells.into_iter().enumerate() {
                    let sq = Square::new((row * files + col) as u8);
                    self.setup.board[sq.index()] = match cell {
                        " * " | "   " => None,
                        _ => Some(self.piece(cell).ok_or_else(|| {
                            bad(&format!("'{cell}': expected ' * ' or a piece like +FU"))
                        })?),
                    };
                }
            }
            Some(sign @ (b'+' | b'-')) => {
                let color = if *sign == b'+' {
                    Color::Black
                } else {
                    Color::White
                };
                for chunk in b[1..].chunks(4) {
                    let text = std::str::from_utf8(chunk).unwrap_or("");
                    let (sq, code) = (text.get(..2).unwrap_or(""), text.get(2..).unwrap_or(""));
                    if sq == "00" && code == "AL" {
                        self.all_to_hand(color);
                        continue;
                    }
                    let Some(kind) = kind_of(self.variant, code) else {
                        return Err(bad(&format!("'{text}': expected a piece like 00FU")));
                    };
                    if sq == "00" {
                        let base = self.variant.catalog.get(kind).demotes_to.unwrap_or(kind);
                        *self.setup.hands[color.index()].entry(base).or_insert(0) += 1;
                    } else {
                        let Some(sq) = self.square(sq.as_bytes()) else {
                            return Err(bad(&format!("'{text}': not a square")));
                        };
                        self.setup.board[sq.index()] = Some(Piece { kind, color });
                    }
                }
            }
            _ => return Err(bad("expected PI, P1…P9, P+ or P-")),
        }
        Ok(())
    }

    fn piece(&self, cell: &str) -> Option<Piece> {
        let color = match &cell[..1] {
            "+" => Color::Black,
            "-" => Color::White,
            _ => return None,
        };
        Some(Piece {
            kind: kind_of(self.variant, &cell[1..])?,
            color,
        })
    }

    /// `00AL`: every piece of the set not on the board or in a hand goes to `color`'s hand.
    fn all_to_hand(&mut self, color: Color) {
        let v = self.variant;
        for &(kind, count) in &v.set {
            if v.is_royal(kind) {
                continue;
            }
            let on_board = self
                .setup
                .pieces()
                .filter(|(_, p)| v.catalog.get(p.kind).demotes_to.unwrap_or(p.kind) == kind)
                .count() as u32;
            let in_hands: u32 = self.setup.hands.iter().filter_map(|h| h.get(&kind)).sum();
            let rest = count.saturating_sub(on_board + in_hands);
            if rest > 0 {
                *self.setup.hands[color.index()].entry(kind).or_insert(0) += rest;
            }
        }
    }

    fn game_statement(
        variant: &Arc<Variant>,
        b: &mut Builder,
        line: usize,
        s: &str,
    ) -> Result<(), RecordError> {
        let bad = |m: String| RecordError::new(line, s, m);
        if let Some(t) = s.strip_prefix('T') {
            let seconds: f64 = t
                .parse()
                .map_err(|_| bad("expected a time in seconds like T12".into()))?;
            // After the end word the time is the end's (thinking before resigning), not the
            // last move's.
            b.time(MoveTime {
                seconds: seconds.max(0.0).min(u32::MAX as f64) as u32,
                total: None,
            });
            return Ok(());
        }
        // WCSC's relayed records write `$END_TIME` after the end: a field, wherever it stands.
        if s.starts_with('$') {
            let (k, v) = s.split_once(':').unwrap_or((s, ""));
            b.record_mut().headers.push((k.to_string(), v.to_string()));
            return Ok(());
        }
        if s.starts_with('%') {
            let kind = ENDS
                .iter()
                .find(|(w, _)| *w == s)
                .map_or_else(|| EndKind::Other(s.to_string()), |(_, k)| k.clone());
            if b.ended() {
                return Err(bad("a second end of the game".into()));
            }
            b.end_as(line, s, kind);
            return Ok(());
        }
        b.check_open(line, s)?;
        let mv = parse_move(variant, b.position(), s).map_err(bad)?;
        b.play(line, s, mv)
    }

    fn finish(self, line: usize) -> Result<Record, RecordError> {
        match self.builder {
            Some(b) => Ok(b.finish()),
            None => Err(RecordError::new(
                line,
                "",
                "no start position: expected PI or P1…P9 and a '+' or '-' line",
            )),
        }
    }
}

/// A comment line's text after its `'`: `*` marks a comment for people, `**` an engine's
/// evaluation and reading (`'** 30 -3334FU +2726FU`), and without either it is a remark.
fn read_comment(text: &str) -> Comment {
    if let Some(reading) = text.strip_prefix("**") {
        Comment::new(CommentKind::Engine, reading)
    } else if let Some(note) = text.strip_prefix('*') {
        Comment::note(note)
    } else {
        Comment::new(CommentKind::Remark, text)
    }
}

/// The CSA mark of a comment's kind, after which its text follows.
fn comment_mark(kind: CommentKind) -> &'static str {
    match kind {
        CommentKind::Note => "'*",
        CommentKind::Engine => "'**",
        CommentKind::Remark => "'",
    }
}

fn write_comments(out: &mut String, comments: &[Comment]) {
    for c in comments {
        let _ = writeln!(out, "{}{}", comment_mark(c.kind), c.text);
    }
}

/// A row's squares read one by one whatever the spaces between them: `*` for an empty square
/// (as ` * `), a sign and two letters for a piece.
fn loose_cells(text: &str) -> Option<Vec<&str>> {
    let mut cells = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        if let Some(tail) = rest.strip_prefix('*') {
            cells.push(" * ");
            rest = tail;
        } else {
            let cell = rest.get(..3).filter(|c| c.starts_with(['+', '-']))?;
            cells.push(cell);
            rest = &rest[3..];
        }
        rest = rest.trim_start();
    }
    Some(cells)
}

/// Reads a CSA move (`+7776FU`, `-0055KA`) in `pos`; the piece named is the piece after the move,
/// so a promotion shows as a change of piece.
pub fn parse_move(variant: &Variant, pos: &Position, s: &str) -> Result<Move, String> {
    let b = s.as_bytes();
    if b.len() != 7 || !s.is_ascii() {
        return Err("expected a move like +7776FU".into());
    }
    let color = match b[0] {
        b'+' => Color::Black,
        b'-' => Color::White,
        _ => return Err("expected a move like +7776FU".into()),
    };
    if color != pos.turn() {
        return Err(format!("it is {}'s turn", pos.turn().name()));
    }
    let square = |d: &[u8]| match d {
        [f @ b'1'..=b'9', r @ b'1'..=b'9'] => variant.size.from_file_rank(f - b'0', r - b'0'),
        _ => None,
    };
    let to = square(&b[3..5]).ok_or("the destination is not a square of the board")?;
    let kind =
        kind_of(variant, &s[5..7]).ok_or_else(|| format!("'{}' is not a piece", &s[5..7]))?;
    if &s[1..3] == "00" {
        return Ok(Move::Drop { kind, to });
    }
    let from = square(&b[1..3]).ok_or("the start is not a square of the board")?;
    let promote = match pos.piece_at(from) {
        Some(p) if p.kind == kind => false,
        Some(p) if variant.catalog.get(p.kind).promotes_to == Some(kind) => true,
        Some(p) => {
            return Err(format!(
                "the piece on {} is {}, not {}",
                &s[1..3],
                code_of(variant, p.kind),
                &s[5..7]
            ))
        }
        None => return Err(format!("no piece on {}", &s[1..3])),
    };
    Ok(Move::Normal { from, to, promote })
}

/// Writes a CSA move (`+7776FU`) played in `pos`.
pub fn write_move(pos: &Position, mv: Move) -> String {
    let v = pos.variant();
    let sign = if pos.turn() == Color::Black { '+' } else { '-' };
    let sq = |s: Square| format!("{}{}", v.size.file(s), v.size.rank(s));
    match mv {
        Move::Drop { kind, to } => format!("{sign}00{}{}", sq(to), code_of(v, kind)),
        // CSA has no double moves: the squares in order, then the piece.
        Move::Lion { from, mid, to } => {
            let kind = pos.piece_at(from).map_or(KindId(0), |p| p.kind);
            format!(
                "{sign}{}{}{}{}",
                sq(from),
                sq(mid),
                sq(to),
                code_of(v, kind)
            )
        }
        Move::Normal { from, to, promote } => {
            let kind = pos.piece_at(from).map_or(KindId(0), |p| p.kind);
            let after = if promote {
                v.catalog.get(kind).promotes_to.unwrap_or(kind)
            } else {
                kind
            };
            format!("{sign}{}{}{}", sq(from), sq(to), code_of(v, after))
        }
    }
}

/// Writes a record as CSA V2.2 (the main line only: CSA has no variations).
pub fn write(record: &Record) -> String {
    let mut out = String::from("V2.2\n");
    let v = record.variant();
    for (color, sign) in [(0, '+'), (1, '-')] {
        if let Some(name) = &record.players[color] {
            let _ = writeln!(out, "N{sign}{name}");
        }
    }
    for (k, val) in &record.headers {
        let field = if k.starts_with('$') {
            Some(k.as_str())
        } else {
            FIELDS.iter().find(|(_, kif)| kif == k).map(|(c, _)| *c)
        };
        if let Some(f) = field {
            let _ = writeln!(out, "{f}:{val}");
        }
    }
    write_comments(&mut out, &record.start_comments);
    let start = record.start.to_setup();
    let even = Some(&v.start);
    if even
        .as_ref()
        .is_some_and(|e| e.board == start.board && e.hands == start.hands)
    {
        out.push_str("PI\n");
    } else {
        for row in 0..v.size.ranks {
            let _ = write!(out, "P{}", row + 1);
            for col in 0..v.size.files {
                let sq = Square::new(row * v.size.files + col);
                match start.piece_at(sq) {
                    None => out.push_str(" * "),
                    Some(p) => {
                        let sign = if p.color == Color::Black { '+' } else { '-' };
                        let _ = write!(out, "{sign}{}", code_of(v, p.kind));
                    }
                }
            }
            out.push('\n');
        }
        for (color, sign) in [(Color::Black, '+'), (Color::White, '-')] {
            let hand = start.hand(color);
            if hand.values().any(|n| *n > 0) {
                let _ = write!(out, "P{sign}");
                for (k, n) in hand {
                    for _ in 0..*n {
                        let _ = write!(out, "00{}", code_of(v, *k));
                    }
                }
                out.push('\n');
            }
        }
    }
    out.push(if start.turn == Color::Black { '+' } else { '-' });
    out.push('\n');
    let mut pos = record.start.clone();
    for m in &record.moves {
        out.push_str(&write_move(&pos, m.mv));
        out.push('\n');
        if let Some(t) = m.time {
            let _ = writeln!(out, "T{}", t.seconds);
        }
        write_comments(&mut out, &m.comments);
        pos.play_unchecked(m.mv);
    }
    if let Some(end) = &record.end {
        let word = match &end.kind {
            EndKind::Other(w) if w.starts_with('%') => w.clone(),
            // The side to move wins: the other side's illegal action.
            EndKind::IllegalWin => match record.side_to_move_at_end() {
                Color::Black => "%-ILLEGAL_ACTION".into(),
                Color::White => "%+ILLEGAL_ACTION".into(),
            },
            kind => ENDS
                .iter()
                .find(|(_, k)| k == kind)
                .map_or("%CHUDAN".to_string(), |(w, _)| w.to_string()),
        };
        out.push_str(&word);
        out.push('\n');
        if let Some(t) = end.time {
            let _ = writeln!(out, "T{}", t.seconds);
        }
        write_comments(&mut out, &end.comments);
    }
    out
}
