//! Japanese move notation as the Japan Shogi Association writes it (棋譜の表記方法): the
//! destination (`7六`), or 同 for the square the previous move went to; the piece; then, only when
//! two or more pieces of that kind could go there, how this one moved (上 up, 引 back, 寄
//! sideways) and, if that is not enough, where it stood (右, 左 from the mover's view; 直 for a
//! step straight forward); then 成 or 不成 (不成 only where promotion was possible), or 打 for a
//! drop when a piece on the board could also move there. Dragons and horses (and the other
//! sliding kinds) say 右/左 of each other, never 直.
//!
//! Piece names come from the catalog: the one-character name (`abbr`; Black's king 玉), except a
//! promoted kind named 成 + its base's character (成銀, 成桂, 成香), which is written in full.

use super::{digit, numerals, NotationError};
use crate::rules::{BoardSize, Color, KindId, MotionKind, Move, Position, Square};

/// How a move is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Start with ▲ (Black) or △ (White).
    pub mark: bool,
    /// Files as full-width digits (`７六`) rather than ASCII (`7六`).
    pub full_width: bool,
    /// A full-width space after 同 before a one-character piece (`同　歩`), as KIF and KI2 do.
    pub same_space: bool,
}

impl Style {
    /// Books and newspapers: `▲7六歩`, `△同歩`. What [`write()`] uses.
    pub const BOOK: Style = Style {
        mark: true,
        full_width: false,
        same_space: false,
    };
    /// KI2 game records: `▲７六歩`, `△同　歩`.
    pub const KI2: Style = Style {
        mark: true,
        full_width: true,
        same_space: true,
    };
    /// No mark, otherwise as in books: `7六歩`, `同歩`.
    pub const BARE: Style = Style {
        mark: false,
        full_width: false,
        same_space: false,
    };
}

/// `７六`: a square as Japanese books and diagrams write it.
pub fn square(size: BoardSize, sq: Square) -> String {
    format!(
        "{}{}",
        numerals::full_width(size.file(sq) as u32),
        numerals::kanji(size.rank(sq) as u32)
    )
}

/// Reads `７六`, `7六` or `76` on a board of `size`.
pub fn parse_square(size: BoardSize, text: &str) -> Option<Square> {
    let mut chars = text.chars();
    let (Some(f), Some(r), None) = (chars.next(), chars.next(), chars.next()) else {
        return None;
    };
    let rank = numerals::kanji_digit(r).or_else(|| digit(r))?;
    size.from_file_rank(digit(f)?, rank)
}

/// `▲7六歩`: `mv`, legal in `pos`, in book style. `previous_to` is where the previous move went
/// (for 同).
pub fn write(pos: &Position, mv: Move, previous_to: Option<Square>) -> String {
    write_with(pos, mv, previous_to, Style::BOOK)
}

/// `mv`, legal in `pos`, written in `style`.
pub fn write_with(pos: &Position, mv: Move, previous_to: Option<Square>, style: Style) -> String {
    let variant = pos.variant();
    let size = variant.size;
    let us = pos.turn();
    let mut out = String::new();
    if style.mark {
        out.push(mark(us));
    }
    let Some(kind) = moving_kind(pos, mv) else {
        return out;
    };
    let name = piece_name(pos, kind);
    if previous_to == Some(mv.to()) {
        out.push('同');
        if style.same_space && name.chars().count() == 1 {
            out.push('　');
        }
    } else if style.full_width {
        out.push_str(&square(size, mv.to()));
    } else {
        out.push_str(&format!(
            "{}{}",
            size.file(mv.to()),
            numerals::kanji(size.rank(mv.to()) as u32)
        ));
    }
    out.push_str(&name);
    let legal = pos.legal_moves();
    match mv {
        Move::Drop { to, .. } => {
            if !rivals(pos, &legal, kind, to).is_empty() {
                out.push('打');
            }
        }
        Move::Lion { .. } => out.push_str(&lion_suffix(pos, mv)),
        Move::Normal { from, to, promote } => {
            let rivals = rivals(pos, &legal, kind, to);
            out.push_str(&relation(pos, kind, from, to, &rivals));
            if promote {
                out.push('成');
            } else if legal.contains(&Move::Normal {
                from,
                to,
                promote: true,
            }) {
                out.push_str("不成");
            }
        }
    }
    out
}

/// The moves of a line from `start`, each written with 同 where it goes to the square the move
/// before it went to. Fails at the first move that is not legal where it is played.
pub fn line(start: &Position, moves: &[Move]) -> Result<Vec<String>, NotationError> {
    line_with(start, moves, Style::BOOK)
}

/// [`line()`] in `style`.
pub fn line_with(
    start: &Position,
    moves: &[Move],
    style: Style,
) -> Result<Vec<String>, NotationError> {
    let mut pos = start.clone();
    let mut previous = None;
    let mut out = Vec::with_capacity(moves.len());
    for (index, &mv) in moves.iter().enumerate() {
        if !pos.is_legal(mv) {
            return Err(NotationError::IllegalMove { index });
        }
        out.push(write_with(&pos, mv, previous, style));
        pos.play_unchecked(mv);
        previous = Some(mv.to());
    }
    Ok(out)
}

/// Reads a move in Japanese notation: an optional mark (▲△☗☖), the square (`７六`, `7六`, `76`)
/// or 同 (with or without a space), the piece (any name the catalog gives it, 竜 for 龍), then
/// 右/左/直 and 上/引/寄 (行 and 入 count as 上), then 成, 不成 (or 生), or 打. A KIF origin
/// such as `(77)` may follow. A move that fits no legal move, or several, is an error.
pub fn parse(
    pos: &Position,
    text: &str,
    previous_to: Option<Square>,
) -> Result<Move, NotationError> {
    let parsed = read(pos, text, previous_to)?;
    let legal = pos.legal_moves();
    let fits: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&mv| parsed.fits(pos, &legal, mv))
        .collect();
    // Without 打, a move on the board comes first: 打 would have been written otherwise.
    let on_board: Vec<Move> = fits
        .iter()
        .copied()
        .filter(|m| matches!(m, Move::Normal { .. }))
        .collect();
    let fits = if parsed.action == Action::None && !on_board.is_empty() {
        on_board
    } else {
        fits
    };
    let text = text.trim().to_string();
    match fits[..] {
        [mv] => Ok(mv),
        [] => Err(NotationError::NoSuchMove { text }),
        _ => {
            // Extra words the JSA rules would leave out (`金左上` where `金左` is enough) still
            // name one move if exactly one fits them as written.
            let exact: Vec<Move> = fits
                .iter()
                .copied()
                .filter(|&mv| parsed.written_exactly(pos, &legal, mv))
                .collect();
            match exact[..] {
                [mv] => Ok(mv),
                _ => Err(NotationError::Ambiguous {
                    text,
                    count: fits.len(),
                }),
            }
        }
    }
}

fn mark(color: Color) -> char {
    match color {
        Color::Black => '▲',
        Color::White => '△',
    }
}

/// The kind that moves: the piece on the origin square, or the dropped kind.
fn moving_kind(pos: &Position, mv: Move) -> Option<KindId> {
    match mv {
        Move::Normal { from, .. } | Move::Lion { from, .. } => pos.piece_at(from).map(|p| p.kind),
        Move::Drop { kind, .. } => Some(kind),
    }
}

/// What follows the piece name of a lion's double move (chu shogi), whose square written first
/// is the destination: `居喰い` (igui: a capture and back), `じっと` (jitto: a pass), or the first
/// step in brackets, `（５五経由）`. This project's form: no published standard writes every double
/// move.
fn lion_suffix(pos: &Position, mv: Move) -> String {
    let Move::Lion { from, mid, to } = mv else {
        return String::new();
    };
    let size = pos.variant().size;
    match (to == from, pos.piece_at(mid).is_some()) {
        (true, true) => format!("居喰い（{}）", square(size, mid)),
        (true, false) => format!("じっと（{}）", square(size, mid)),
        (false, _) => format!("（{}経由）", square(size, mid)),
    }
}

/// The name written for `kind`: its one-character name, or its full name when that is 成 and its
/// base's character (成銀). Records and answers name either side's king 玉 (as the JSA's records
/// and tsume books do), so the name is Black's whichever side moves; diagrams keep 王 and 玉.
fn piece_name(pos: &Position, kind: KindId) -> String {
    let catalog = &pos.variant().catalog;
    let k = catalog.get(kind);
    if let Some(base) = k.demotes_to {
        let full = format!("成{}", catalog.get(base).abbr);
        if k.kanji == full {
            return full;
        }
    }
    k.abbr_for(Color::Black).to_string()
}

/// The squares of the mover's other pieces of `kind` that could legally go to `to`, plus the
/// mover itself (sorted, each once). Empty when only drops reach `to`.
fn rivals(pos: &Position, legal: &[Move], kind: KindId, to: Square) -> Vec<Square> {
    let mut out: Vec<Square> = legal
        .iter()
        .filter_map(|m| match *m {
            Move::Normal { from, to: t, .. }
                if t == to && pos.piece_at(from).map(|p| p.kind) == Some(kind) =>
            {
                Some(from)
            }
            _ => None,
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The mover's view of a square: `x` grows to its right, `y` forward.
fn view(pos: &Position, sq: Square) -> (i32, i32) {
    let size = pos.variant().size;
    let (file, rank) = (size.file(sq) as i32, size.rank(sq) as i32);
    match pos.turn() {
        Color::Black => (-file, -rank),
        Color::White => (file, rank),
    }
}

/// 上, 寄 or 引: how the piece moved.
fn motion(pos: &Position, from: Square, to: Square) -> char {
    let dy = view(pos, to).1 - view(pos, from).1;
    match dy.signum() {
        1 => '上',
        0 => '寄',
        _ => '引',
    }
}

/// Does `kind` slide (rook, bishop, lance, dragon, horse)? Those say 右/左 of each other.
fn slides(pos: &Position, kind: KindId) -> bool {
    pos.variant()
        .catalog
        .get(kind)
        .movement
        .motions
        .iter()
        .any(|m| matches!(m.kind, MotionKind::Slide { .. }))
}

/// 右, 左 or 直 (or nothing) for a piece on `from` going to `to`: for a stepping piece, where it
/// stood seen from the destination; for a sliding piece, where it stood beside the one other
/// piece that moves the same way.
fn side(pos: &Position, kind: KindId, from: Square, to: Square, rivals: &[Square]) -> Option<char> {
    let (fx, fy) = view(pos, from);
    let (tx, ty) = view(pos, to);
    let compare = |other_x: i32| match fx.cmp(&other_x) {
        std::cmp::Ordering::Less => Some('左'),
        std::cmp::Ordering::Greater => Some('右'),
        std::cmp::Ordering::Equal => None,
    };
    if slides(pos, kind) {
        let same_way: Vec<Square> = rivals
            .iter()
            .copied()
            .filter(|&r| r != from && motion(pos, r, to) == motion(pos, from, to))
            .collect();
        if let [other] = same_way[..] {
            if let Some(s) = compare(view(pos, other).0) {
                return Some(s);
            }
        }
        return compare(tx);
    }
    if fx == tx && ty == fy + 1 {
        return Some('直');
    }
    compare(tx)
}

/// What tells the move from `from` apart from the other pieces in `rivals`: nothing, a motion
/// (上引寄), a side (右左直), or both (右上).
fn relation(pos: &Position, kind: KindId, from: Square, to: Square, rivals: &[Square]) -> String {
    if rivals.len() < 2 {
        return String::new();
    }
    let how = motion(pos, from, to);
    if rivals
        .iter()
        .filter(|&&r| motion(pos, r, to) == how)
        .count()
        == 1
    {
        return how.to_string();
    }
    let Some(side_of) = side(pos, kind, from, to, rivals) else {
        return how.to_string();
    };
    let same_side = rivals
        .iter()
        .filter(|&&r| side(pos, kind, r, to, rivals) == Some(side_of))
        .count();
    if same_side == 1 || side_of == '直' {
        side_of.to_string()
    } else {
        format!("{side_of}{how}")
    }
}

/// How a move was written after its square and piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    None,
    Promote,
    Decline,
    Drop,
}

/// A move as read, before it is matched against the legal moves.
struct Parsed {
    to: Square,
    kinds: Vec<KindId>,
    /// The 右/左/直/上/引/寄 characters as written (行 and 入 read as 上).
    relation: String,
    action: Action,
    /// A KIF origin `(77)`.
    from: Option<Square>,
}

impl Parsed {
    /// Does `mv` fit every part that was written?
    fn fits(&self, pos: &Position, legal: &[Move], mv: Move) -> bool {
        if mv.to() != self.to || !moving_kind(pos, mv).is_some_and(|k| self.kinds.contains(&k)) {
            return false;
        }
        match mv {
            Move::Drop { .. } => {
                self.relation.is_empty()
                    && self.from.is_none()
                    && matches!(self.action, Action::Drop | Action::None)
            }
            // Double moves are not read back from Japanese.
            Move::Lion { .. } => false,
            Move::Normal { from, to, promote } => {
                if self.action == Action::Drop
                    || promote != (self.action == Action::Promote)
                    || self.from.is_some_and(|f| f != from)
                {
                    return false;
                }
                let Some(kind) = moving_kind(pos, mv) else {
                    return false;
                };
                let rivals = rivals(pos, legal, kind, to);
                let how = motion(pos, from, to);
                let side_of = side(pos, kind, from, to, &rivals);
                self.relation.chars().all(|c| match c {
                    '上' | '引' | '寄' => c == how,
                    _ => Some(c) == side_of,
                })
            }
        }
    }

    /// Is the relation exactly what [`write`] would give `mv`?
    fn written_exactly(&self, pos: &Position, legal: &[Move], mv: Move) -> bool {
        match (mv, moving_kind(pos, mv)) {
            (Move::Normal { from, to, .. }, Some(kind)) => {
                relation(pos, kind, from, to, &rivals(pos, legal, kind, to)) == self.relation
            }
            _ => self.relation.is_empty(),
        }
    }
}

/// Splits the text into its parts; the names and squares must exist, legality comes later.
fn read(pos: &Position, text: &str, previous_to: Option<Square>) -> Result<Parsed, NotationError> {
    let variant = pos.variant();
    let size = variant.size;
    let malformed = || NotationError::Malformed {
        text: text.to_string(),
        expected: "▲7六歩, △同　歩, ▲5二金左上 or ▲5五角打",
    };
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(NotationError::Empty);
    }
    // 竜 is the common short form of 龍.
    let normal: String = trimmed.replace('竜', "龍");
    let mut rest: &str = &normal;
    if let Some(c) = rest.chars().next() {
        let side = match c {
            '▲' | '☗' => Some(Color::Black),
            '△' | '☖' => Some(Color::White),
            _ => None,
        };
        if let Some(side) = side {
            if side != pos.turn() {
                return Err(NotationError::WrongSide);
            }
            rest = &rest[c.len_utf8()..];
        }
    }
    let to = if let Some(after) = rest.strip_prefix('同') {
        rest = after.trim_start_matches([' ', '　']);
        previous_to.ok_or(NotationError::NoPreviousMove)?
    } else {
        let mut chars = rest.chars();
        let (Some(f), Some(r)) = (chars.next(), chars.next()) else {
            return Err(malformed());
        };
        let square_text = format!("{f}{r}");
        if digit(f).is_none() {
            return Err(malformed());
        }
        let sq = parse_square(size, &square_text).ok_or_else(|| NotationError::NotASquare {
            text: square_text.clone(),
            files: size.files,
            ranks: size.ranks,
        })?;
        rest = &rest[square_text.len()..];
        // `７六同　歩` (the square and 同 both) is also seen in records.
        if let Some(after) = rest.strip_prefix('同') {
            rest = after.trim_start_matches([' ', '　']);
        }
        sq
    };
    let (kinds, name_len) =
        piece_by_name(pos, rest).ok_or_else(|| NotationError::UnknownPiece {
            text: rest.chars().take(2).collect(),
        })?;
    rest = &rest[name_len..];
    let mut relation = String::new();
    while let Some(c) = rest.chars().next() {
        let r = match c {
            '右' | '左' | '直' | '上' | '引' | '寄' => c,
            '行' | '入' => '上',
            _ => break,
        };
        relation.push(r);
        rest = &rest[c.len_utf8()..];
    }
    let mut action = Action::None;
    for (word, a) in [
        ("不成", Action::Decline),
        ("生", Action::Decline),
        ("成", Action::Promote),
        ("打", Action::Drop),
    ] {
        if let Some(after) = rest.strip_prefix(word) {
            action = a;
            rest = after;
            break;
        }
    }
    let mut from = None;
    let rest = rest.trim();
    if let Some(origin) = rest.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        from = Some(parse_square(size, origin).ok_or_else(malformed)?);
    } else if !rest.is_empty() {
        return Err(malformed());
    }
    Ok(Parsed {
        to,
        kinds,
        relation,
        action,
        from,
    })
}

/// The kinds of this variant the longest name at the start of `text` names, and the name's
/// length in bytes. Any of a kind's names counts: 歩, 歩兵, 全, 成銀, 玉, 王.
fn piece_by_name(pos: &Position, text: &str) -> Option<(Vec<KindId>, usize)> {
    let variant = pos.variant();
    let catalog = &variant.catalog;
    let mut best: Option<(Vec<KindId>, usize)> = None;
    for &kind in variant.kinds() {
        let k = catalog.get(kind);
        let promoted_name = k
            .demotes_to
            .map(|base| format!("成{}", catalog.get(base).abbr));
        let names = [
            Some(k.abbr.clone()),
            Some(k.kanji.clone()),
            k.black_abbr.clone(),
            k.black_kanji.clone(),
            promoted_name,
        ];
        for name in names.into_iter().flatten() {
            let name = name.replace('竜', "龍");
            if !text.starts_with(&name) {
                continue;
            }
            match &mut best {
                Some((kinds, len)) if *len == name.len() => {
                    if !kinds.contains(&kind) {
                        kinds.push(kind);
                    }
                }
                Some((_, len)) if *len > name.len() => {}
                _ => best = Some((vec![kind], name.len())),
            }
        }
    }
    best
}
