//! BOD: the text board diagram of KIF files and forums — hands as `後手の持駒：飛 歩二`, nine
//! rows like `|v香v桂 ・ …|一` between `+---…+` rules, and `先手番`/`後手番` — alone or
//! inside a KIF record. Also the kanji numerals, squares and piece names KIF and BOD share.

use super::notation::numerals;
use super::record::{Builder, Record, RecordError};
use crate::rules::{validate, Color, KindId, Move, Piece, Position, Setup, Square, Variant};
use std::fmt::Write as _;
use std::sync::Arc;

const KANJI_DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const WIDE_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// A digit 1–9 written as `１`, `1` or `一`.
pub(crate) fn digit(c: char) -> Option<u8> {
    let at = |set: &[char]| set.iter().position(|d| *d == c).map(|i| i as u8 + 1);
    at(&WIDE_DIGITS).or_else(|| at(&KANJI_DIGITS)).or_else(|| {
        c.to_digit(10)
            .filter(|d| (1..=9).contains(d))
            .map(|d| d as u8)
    })
}

/// A square as KIF writes it: `７六`.
pub(crate) fn write_square(v: &Variant, sq: Square) -> String {
    let (f, r) = (v.size.file(sq), v.size.rank(sq));
    format!(
        "{}{}",
        WIDE_DIGITS[(f - 1) as usize],
        KANJI_DIGITS[(r - 1) as usize]
    )
}

/// The kind a KIF or BOD piece name stands for: the catalog's one-character names (`歩`,
/// `玉`, `杏`), its two-character promoted names (`成香`) and `竜` for `龍`.
pub(crate) fn kind_by_name(v: &Variant, name: &str) -> Option<KindId> {
    let name = if name == "竜" { "龍" } else { name };
    v.kinds().iter().copied().find(|k| {
        let p = v.catalog.get(*k);
        p.abbr == name
            || p.black_abbr.as_deref() == Some(name)
            || (p.promoted && p.kanji == name && name.starts_with('成'))
    })
}

/// The name KIF writes for a kind: one character, or `成銀`-style for promoted minor pieces.
/// A king is 玉 for both sides: KIF's piece names have no 王 (Kakinoki's format page), and
/// readers that keep to them (python-shogi) stop at `v王`.
pub(crate) fn kind_name(v: &Variant, kind: KindId, _color: Color) -> String {
    let p = v.catalog.get(kind);
    if p.promoted && p.kanji.starts_with('成') {
        p.kanji.clone()
    } else {
        p.abbr_for(Color::Black).to_string()
    }
}

/// Reads a BOD diagram alone as a record without moves: the board, the hands, the side to move
/// (said by `後手番`, or by the move a `手数＝N  ▲７六歩  まで` line names), the move number
/// (N+1 after that line, SFEN's count of the next move; 1 without it), and the players
/// (`先手：`/`後手：`, `下手：`/`上手：` lines, as Kifu for Windows copies a position). Other lines
/// (a forum post's words around the board) are passed over.
pub fn read_record(text: &str, variant: &Arc<Variant>) -> Result<Record, RecordError> {
    let lines: Vec<(usize, &str)> = text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect();
    let mut board = Diagram::new(variant);
    let mut players: [Option<String>; 2] = [None, None];
    let mut headers = Vec::new();
    let mut moves_before = None;
    for (n, l) in &lines {
        let t = l.trim_end_matches('\r').trim();
        if board.line(*n, l)? {
            continue;
        }
        if let Some(before) = board.moves_line(t) {
            moves_before = before.or(moves_before);
            continue;
        }
        let Some((key, value)) = t.split_once('：').or_else(|| t.split_once(':')) else {
            continue;
        };
        let (key, value) = (key.trim(), value.trim());
        let side = match key {
            "先手" | "下手" => 0,
            "後手" | "上手" => 1,
            _ => continue,
        };
        players[side] = (!value.is_empty()).then(|| value.to_string());
        headers.push((key.to_string(), value.to_string()));
    }
    let mut b = Builder::new(board.position(lines.len())?);
    // `手数＝25`: the position before move 26, which its SFEN says.
    if let Some(before) = moves_before {
        b.moves_before_board(before);
    }
    let r = b.record_mut();
    r.players = players;
    r.headers = headers;
    Ok(b.finish())
}

/// A BOD diagram being read line by line (inside a KIF file or alone).
pub(crate) struct Diagram<'a> {
    variant: &'a Arc<Variant>,
    setup: Setup,
    rows: usize,
    pub seen: bool,
    /// The side whose hand is written `残り全部` (all the rest), as tsume files write the
    /// defender's: filled in once the board and the other hand are known.
    rest: Option<Color>,
    /// Whether a `先手番`/`後手番` line said the side to move.
    turn_given: bool,
    /// The side that made the move a `手数＝25  ▲３七銀  まで` line names: the other side is to
    /// move unless a `先手番`/`後手番` line says otherwise (many programs write `後手番` only
    /// when the line is missing or names no move).
    last_mover: Option<Color>,
}

impl<'a> Diagram<'a> {
    pub fn new(variant: &'a Arc<Variant>) -> Diagram<'a> {
        Diagram {
            variant,
            setup: Setup::empty(variant.size),
            rows: 0,
            seen: false,
            rest: None,
            turn_given: false,
            last_mover: None,
        }
    }

    /// Takes a `手数＝N  ▲７六歩(77)  まで` line, as Kifu for Windows writes it under a copied
    /// board: the number of moves before the board (`Some(None)` if it gives none that reads)
    /// and, when the move is marked, who made it. `None` for any other line.
    pub fn moves_line(&mut self, t: &str) -> Option<Option<usize>> {
        let rest = t
            .strip_prefix("手数＝")
            .or_else(|| t.strip_prefix("手数="))?;
        let digits = rest.trim_start();
        let end = digits
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(digits.len());
        let mover = digits[end..].trim_start().chars().next();
        self.last_mover = match mover {
            Some('▲' | '☗') => Some(Color::Black),
            Some('△' | '☖') => Some(Color::White),
            _ => self.last_mover,
        };
        Some(digits[..end].parse().ok())
    }

    /// Takes a line if it belongs to a diagram; returns whether it did.
    pub fn line(&mut self, n: usize, l: &str) -> Result<bool, RecordError> {
        let t = l.trim_end_matches('\r').trim();
        let hand_of = |prefix: &str| {
            t.strip_prefix(prefix)
                .map(|r| r.trim_start_matches(['：', ':']))
        };
        for (prefixes, color) in [
            (["先手の持駒", "下手の持駒"], Color::Black),
            (["後手の持駒", "上手の持駒"], Color::White),
        ] {
            if let Some(rest) = prefixes.iter().find_map(|p| hand_of(p)) {
                self.hand(n, l, rest, color)?;
                self.seen = true;
                return Ok(true);
            }
        }
        match t {
            "先手番" | "下手番" => {
                self.setup.turn = Color::Black;
                self.turn_given = true;
            }
            "後手番" | "上手番" => {
                self.setup.turn = Color::White;
                self.turn_given = true;
            }
            _ if t.starts_with('|') => {
                self.row(n, l, t)?;
                self.seen = true;
            }
            _ if t.starts_with("+--")
                || (t.starts_with('９') && self.rows == 0 && t.contains('１')) => {}
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn row(&mut self, n: usize, l: &str, t: &str) -> Result<(), RecordError> {
        let v = self.variant;
        let files = v.size.files as usize;
        if self.rows >= v.size.ranks as usize {
            return Err(RecordError::new(
                n,
                l.trim(),
                "more rows than the board has",
            ));
        }
        let cells: Vec<char> = t[1..].chars().collect();
        if cells.len() < files * 2 {
            return Err(RecordError::new(
                n,
                l.trim(),
                format!("a row needs {files} squares"),
            ));
        }
        for col in 0..files {
            let (mark, name) = (cells[col * 2], cells[col * 2 + 1]);
            let sq = Square::new((self.rows * files + col) as u8);
            self.setup.board[sq.index()] = match name {
                '・' | ' ' => None,
                _ => {
                    let kind = kind_by_name(v, &name.to_string()).ok_or_else(|| {
                        RecordError::new(n, l.trim(), format!("'{name}' is not a piece"))
                    })?;
                    let color = if mark == 'v' || mark == 'V' {
                        Color::White
                    } else {
                        Color::Black
                    };
                    Some(Piece { kind, color })
                }
            };
        }
        self.rows += 1;
        Ok(())
    }

    fn hand(&mut self, n: usize, l: &str, rest: &str, color: Color) -> Result<(), RecordError> {
        let hand = &mut self.setup.hands[color.index()];
        let words = rest.split(|c: char| c.is_whitespace() || c == '　');
        for word in words {
            if word.is_empty() || word == "なし" {
                continue;
            }
            if word == "残り全部" {
                self.rest = Some(color);
                continue;
            }
            // `飛二角金三`: the pieces may run together with no space, each name starting a new
            // item after its count (Kifu for Windows and ShogiGUI read such hands).
            for item in split_at_names(word) {
                let mut chars = item.chars();
                let name = chars.next().map(String::from).unwrap_or_default();
                let count = chars.as_str();
                let kind = kind_by_name(self.variant, &name).ok_or_else(|| {
                    RecordError::new(n, l.trim(), format!("'{name}' is not a piece"))
                })?;
                let count = if count.is_empty() {
                    Some(1)
                } else {
                    numerals::count(count).filter(|n| *n > 0)
                };
                let count = count.ok_or_else(|| {
                    RecordError::new(n, l.trim(), format!("'{item}': expected a count like 歩三"))
                })?;
                let slot = hand.entry(kind).or_insert(0);
                *slot = slot.saturating_add(count);
            }
        }
        Ok(())
    }

    /// The diagram as a validated position.
    pub fn position(self, n: usize) -> Result<Position, RecordError> {
        if !self.seen || self.rows != self.variant.size.ranks as usize {
            return Err(RecordError::new(
                n,
                "",
                format!(
                    "incomplete board diagram: {} of {} rows",
                    self.rows, self.variant.size.ranks
                ),
            ));
        }
        let mut setup = self.setup;
        if let (false, Some(mover)) = (self.turn_given, self.last_mover) {
            setup.turn = !mover;
        }
        if let Some(side) = self.rest {
            // The rest of the set beside the board and the other side's hand.
            let mut other_to_move = setup.clone();
            other_to_move.turn = !side;
            let rest = validate::tsume_rest(self.variant, &other_to_move);
            let hand = &mut setup.hands[side.index()];
            for (kind, n) in rest {
                let slot = hand.entry(kind).or_insert(0);
                *slot = slot.saturating_add(n);
            }
        }
        validate::validate(self.variant, setup.clone(), validate::Options::default())
            .or_else(|_| validate::validate(self.variant, setup, validate::Options { tsume: true }))
            .map_err(|e| RecordError::invalid_start(n, "", e))
    }
}

/// A hand's word cut before each character that is not part of a count: `飛二角金三` →
/// `飛二`, `角`, `金三`.
fn split_at_names(word: &str) -> Vec<&str> {
    let is_count = |c: char| c == '十' || digit(c).is_some();
    let mut items = Vec::new();
    let mut start = 0;
    for (i, c) in word.char_indices().skip(1) {
        if !is_count(c) {
            items.push(&word[start..i]);
            start = i;
        }
    }
    items.push(&word[start..]);
    items
}

/// Writes a record as a BOD diagram of the position [`super::record_io::written_position`]
/// gives, as Kifu for Windows copies a board: the players (`後手：` above the board, `先手：`
/// below it; 上手/下手 in a handicap game) and, when moves came before it, the
/// `手数＝25  ▲３七銀(28)  まで` line (the last move, when the record has it), so that reading it
/// back gives the same move number and players.
pub fn write_record(record: &Record) -> String {
    let (pos, last) = super::record_io::written_position(record);
    let labels = record.side_labels();
    let player = |i: usize| {
        record.players[i]
            .as_ref()
            .map(|p| format!("{}：{p}\n", labels[i]))
            .unwrap_or_default()
    };
    let mut out = player(1);
    out.push_str(&write(&pos));
    out.push_str(&player(0));
    if let Some(line) = moves_line(&pos, last) {
        let _ = writeln!(out, "{line}");
    }
    out
}

/// The `手数＝N  ▲７六歩(77)  まで` line of a board at move number N+1 (none at move 1); the
/// move is `last`, played in `before`'s position, when it is known.
pub(crate) fn moves_line(pos: &Position, last: Option<(Position, Move)>) -> Option<String> {
    let before = Some(moves_before(pos)).filter(|n| *n > 0)?;
    Some(match last {
        Some((at, mv)) => {
            let mark = if at.turn() == Color::Black {
                '▲'
            } else {
                '△'
            };
            let text = super::kif::write_move(&at, None, mv);
            format!("手数＝{before}  {mark}{text}  まで")
        }
        None => format!("手数＝{before}  まで"),
    })
}

/// The moves before a position, as a `手数＝N` line counts them: its move number less one (a
/// board after 25 moves is move 26's position, as SFEN numbers it); 0 past the record limit,
/// which readers take for no count of a game's moves.
pub(crate) fn moves_before(pos: &Position) -> usize {
    let before = pos.move_number().saturating_sub(1) as usize;
    if before > super::limits::MAX_RECORD_MOVES {
        0
    } else {
        before
    }
}

/// Writes a position as a BOD diagram.
pub fn write(pos: &Position) -> String {
    let v = pos.variant();
    let mut out = String::new();
    let hand = |color: Color| {
        let items: Vec<String> = v
            .hand_kinds()
            .iter()
            .filter(|k| pos.in_hand(color, **k) > 0)
            .map(|k| {
                let n = pos.in_hand(color, *k);
                let name = kind_name(v, *k, color);
                if n == 1 {
                    name
                } else {
                    format!("{name}{}", numerals::kanji(n))
                }
            })
            .collect();
        if items.is_empty() {
            "なし".to_string()
        } else {
            items.join("　")
        }
    };
    let _ = writeln!(out, "後手の持駒：{}", hand(Color::White));
    let files = v.size.files;
    let head: Vec<String> = (1..=files)
        .rev()
        .map(|f| format!(" {}", WIDE_DIGITS[f as usize - 1]))
        .collect();
    let _ = writeln!(out, "{}", head.concat());
    let rule = format!("+{}+", "-".repeat(files as usize * 3));
    let _ = writeln!(out, "{rule}");
    for row in 0..v.size.ranks {
        out.push('|');
        for col in 0..files {
            match pos.piece_at(Square::new(row * files + col)) {
                None => out.push_str(" ・"),
                Some(p) => {
                    out.push(if p.color == Color::White { 'v' } else { ' ' });
                    let name = v.catalog.get(p.kind).abbr_for(Color::Black); // v玉, as above
                    out.push(name.chars().next().unwrap_or('?'));
                }
            }
        }
        let _ = writeln!(out, "|{}", KANJI_DIGITS[row as usize]);
    }
    let _ = writeln!(out, "{rule}");
    let _ = writeln!(out, "先手の持駒：{}", hand(Color::Black));
    if pos.turn() == Color::White {
        out.push_str("後手番\n");
    }
    out
}
