//! Pieces in hand. Traditional and arrows styles write them as Japanese books do, in a vertical
//! column: ☗先手 持駒 飛 金二 歩三 (なし when empty). The western style lists letters and counts.

use super::layout::Layout;
use super::model::{DefenderHand, Diagram, Style};
use crate::draw::{
    Align, Color as Ink, Drawing, FontRole, Fonts, MissingGlyph, Path, Point, Stroke, TextStyle,
};
use crate::formats::notation::numerals;
use crate::rules::{Color, KindId};
use std::collections::BTreeMap;

/// Where each hand's pieces were written (for drop arrows) and how far down the columns go.
#[derive(Debug, Default)]
pub struct Placed {
    pub pieces: BTreeMap<(Color, KindId), Point>,
    pub bottom: f64,
    /// How many columns each side's hand took (by colour index).
    pub columns: [usize; 2],
}

/// How many columns each side's hand needs to end level with the board's foot: a long hand
/// (飛二 … 歩十七) wraps into a second column beside the first, as books set it.
pub fn columns_needed(
    fonts: &Fonts,
    l: &Layout,
    diagram: &Diagram,
) -> Result<[usize; 2], MissingGlyph> {
    let mut scratch = Drawing::new(l.width, 0.0);
    Ok(draw_hands(&mut scratch, fonts, l, diagram)?.columns)
}

/// Does a tsume's defender hold every piece left over, whether its hand was left empty to mean
/// so or written out (as KIF files and many SFENs do)? Books then print 残り全部, not the list;
/// with nothing left over, the hand is なし.
fn holds_the_rest(diagram: &Diagram, side: Color) -> bool {
    let rest = crate::rules::validate::tsume_rest(&diagram.variant, &diagram.setup);
    let mut hand = diagram.setup.hand(side).clone();
    hand.retain(|_, n| *n > 0);
    !rest.is_empty() && (hand.is_empty() || hand == rest)
}

/// What one side's column says.
struct Column {
    side: Color,
    name: String,
    /// (kind, count) in the variant's order; None when the hand is not listed.
    entries: Option<Vec<(KindId, u32)>>,
    /// Said instead of entries: なし, 残り全部.
    instead: Option<&'static str>,
}

fn columns(diagram: &Diagram) -> Vec<Column> {
    let setup = &diagram.setup;
    let opts = &diagram.options;
    let western = opts.style == Style::Western;
    let mut out = Vec::new();
    for side in Color::ALL {
        let name = diagram.players[side.index()].clone().unwrap_or_else(|| {
            match (western, opts.handicap, side) {
                (true, _, Color::Black) => "Black",
                (true, _, Color::White) => "White",
                (false, true, Color::Black) => "下手",
                (false, true, Color::White) => "上手",
                (false, false, Color::Black) => "先手",
                (false, false, Color::White) => "後手",
            }
            .to_string()
        });
        let defender = opts.tsume && side != setup.turn;
        if defender && holds_the_rest(diagram, side) {
            if opts.defender_hand == DefenderHand::Hidden {
                continue;
            }
            // The rest is named, not listed, as in tsume books.
            out.push(Column {
                side,
                name,
                entries: None,
                instead: Some(if western { "the rest" } else { "残り全部" }),
            });
            continue;
        }
        let hand = setup.hand(side);
        let order = diagram.variant.hand_kinds();
        let mut entries: Vec<(KindId, u32)> = hand
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(k, n)| (*k, *n))
            .collect();
        entries.sort_by_key(|(k, _)| order.iter().position(|o| o == k).unwrap_or(usize::MAX));
        let instead = entries
            .is_empty()
            .then_some(if western { "none" } else { "なし" });
        out.push(Column {
            side,
            name,
            entries: Some(entries),
            instead,
        });
    }
    out
}

pub fn draw_hands(
    d: &mut Drawing,
    fonts: &Fonts,
    l: &Layout,
    diagram: &Diagram,
) -> Result<Placed, MissingGlyph> {
    let mut placed = Placed {
        bottom: l.hand_top,
        ..Placed::default()
    };
    if !l.hands {
        return Ok(placed);
    }
    for column in columns(diagram) {
        let x = l.hand_x[column.side.index()];
        let (bottom, count) = match diagram.options.style {
            Style::Western => western_column(d, fonts, l, diagram, &column, x, &mut placed)?,
            _ => kanji_column(d, fonts, l, diagram, &column, x, &mut placed)?,
        };
        placed.bottom = placed.bottom.max(bottom);
        placed.columns[column.side.index()] = count;
    }
    Ok(placed)
}

/// ☗ or ☖ as a vector pentagon: the same on every machine, whatever the font.
fn side_mark(d: &mut Drawing, side: Color, center: Point, size: f64) {
    let bottom = Point::new(center.x, center.y + 0.42 * size);
    let outline = super::face::pentagon(bottom, 0.72 * size, 0.84 * size);
    let path = Path::polygon(&outline);
    match side {
        Color::Black => d.fill(path, Ink::BLACK),
        Color::White => d.fill_and_stroke(path, Ink::WHITE, Stroke::solid(Ink::BLACK, 0.07 * size)),
    }
}

fn kanji_column(
    d: &mut Drawing,
    fonts: &Fonts,
    l: &Layout,
    diagram: &Diagram,
    column: &Column,
    x: f64,
    placed: &mut Placed,
) -> Result<(f64, usize), MissingGlyph> {
    let em = l.hand_em;
    let x0 = x;
    let outward = if x > l.board.center().x { 1.0 } else { -1.0 };
    let limit = l.board.bottom();
    let mut x = x;
    let mut columns = 1;
    let mut lowest: f64 = 0.0;
    let style = TextStyle::new(FontRole::Regular, em);
    let gap = 0.45 * em;
    let mut y = l.hand_top;
    let mark = Point::new(x, y + em / 2.0);
    y += 1.2 * em;
    // Where each column's glyphs start, to move the columns into reading order at the end.
    let mut starts = vec![0];
    let mut glyphs = Vec::new();
    let write = |text: &str,
                 x: f64,
                 y: &mut f64,
                 glyphs: &mut Vec<crate::draw::Glyph>|
     -> Result<(), MissingGlyph> {
        let (g, height) = fonts.column(style, text, x, *y, 0.0)?;
        glyphs.extend(g);
        *y += height;
        Ok(())
    };
    write(&column.name, x, &mut y, &mut glyphs)?;
    y += gap;
    write("持駒", x, &mut y, &mut glyphs)?;
    let top = l.hand_top + 1.2 * em;
    if let Some(entries) = &column.entries {
        for (kind, n) in entries {
            let k = diagram.variant.catalog.get(*kind);
            let chars = 1 + if *n > 1 {
                numerals::kanji(*n).chars().count()
            } else {
                0
            };
            // Past the board's foot: on in a new column, outside this one.
            if y + gap + chars as f64 * em > limit + 1e-9 && y > top {
                lowest = lowest.max(y);
                x += outward * l.hand_step;
                y = top - gap;
                columns += 1;
                starts.push(glyphs.len());
            }
            y += gap;
            placed
                .pieces
                .insert((column.side, *kind), Point::new(x, y + em / 2.0));
            let count = if *n > 1 {
                numerals::kanji(*n)
            } else {
                String::new()
            };
            write(&format!("{}{}", k.abbr, count), x, &mut y, &mut glyphs)?;
        }
    }
    if let Some(text) = column.instead {
        y += gap;
        write(text, x, &mut y, &mut glyphs)?;
    }
    // Vertical columns read from right to left: on the board's right the first column (the
    // side's name) goes outermost and the rest follow it towards the board.
    let shift = reading_order(outward, l.hand_step, columns, outward > 0.0);
    move_columns(&mut glyphs, &starts, &shift);
    move_pieces(placed, column.side, x0, outward, l.hand_step, &shift);
    side_mark(d, column.side, Point::new(mark.x + shift[0], mark.y), em);
    d.glyphs(Ink::BLACK, glyphs);
    Ok((lowest.max(y), columns))
}

/// A player's name set within `room` mm (the western hand's width): on one line, smaller if
/// need be (down to 60 %); a longer name (羽生善治名人・竜王) on two lines split where the
/// name itself breaks (after ・, at a space), never inside a word, both at one size (down to
/// 50 %); only a name with no such place, or a part still too wide, is broken wherever the
/// line breaker allows.
fn fit_name(
    fonts: &Fonts,
    name: &str,
    style: TextStyle,
    room: f64,
) -> Result<(TextStyle, Vec<String>), MissingGlyph> {
    let scaled = |factor: f64| TextStyle::new(style.role, style.size * factor);
    let fits = |lines: &[&str]| -> Result<f64, MissingGlyph> {
        let mut factor: f64 = 1.0;
        for l in lines {
            factor = factor.min(room / fonts.width(style, l)?.max(1e-9));
        }
        Ok(factor)
    };
    let one = fits(&[name])?;
    if one >= 0.6 {
        return Ok((scaled(one.min(1.0)), vec![name.to_string()]));
    }
    // The name's own break nearest its middle.
    let chars: Vec<(usize, char)> = name.char_indices().collect();
    let middle = chars.len() / 2;
    let split = chars
        .iter()
        .enumerate()
        .filter(|(_, (_, c))| *c == '・' || c.is_whitespace())
        .min_by_key(|(i, _)| i.abs_diff(middle))
        .map(|(_, (at, c))| at + c.len_utf8());
    if let Some(at) = split {
        let (a, b) = (name[..at].trim_end(), name[at..].trim_start());
        let two = fits(&[a, b])?;
        if two >= 0.5 && !a.is_empty() && !b.is_empty() {
            return Ok((scaled(two.min(1.0)), vec![a.to_string(), b.to_string()]));
        }
    }
    let small = scaled(0.6);
    Ok((small, fonts.wrap(small, name, room)?))
}

/// How far each column of a hand moves so that its columns read in order, when `reverse`:
/// the first outermost, the last nearest the board (the columns were laid out from the board
/// outwards, `step` apart). Nothing moves otherwise.
fn reading_order(outward: f64, step: f64, columns: usize, reverse: bool) -> Vec<f64> {
    (0..columns)
        .map(|c| {
            if reverse {
                outward * step * (columns as f64 - 1.0 - 2.0 * c as f64)
            } else {
                0.0
            }
        })
        .collect()
}

/// Moves the glyphs of each column (column `c` starts at glyph `starts[c]`) by `shift[c]`.
fn move_columns(glyphs: &mut [crate::draw::Glyph], starts: &[usize], shift: &[f64]) {
    for (c, &start) in starts.iter().enumerate() {
        let end = starts.get(c + 1).copied().unwrap_or(glyphs.len());
        for g in &mut glyphs[start..end] {
            g.transform.0[4] += shift[c];
        }
    }
}

/// Moves the recorded places of `side`'s pieces with their columns.
fn move_pieces(placed: &mut Placed, side: Color, x0: f64, outward: f64, step: f64, shift: &[f64]) {
    for ((s, _), p) in placed.pieces.iter_mut() {
        if *s != side {
            continue;
        }
        let c = ((p.x - x0) * outward / step).round().max(0.0) as usize;
        p.x += shift.get(c).copied().unwrap_or(0.0);
    }
}

fn western_column(
    d: &mut Drawing,
    fonts: &Fonts,
    l: &Layout,
    diagram: &Diagram,
    column: &Column,
    x: f64,
    placed: &mut Placed,
) -> Result<(f64, usize), MissingGlyph> {
    let x0 = x;
    let outward = if x > l.board.center().x { 1.0 } else { -1.0 };
    let limit = l.board.bottom();
    let mut x = x;
    let mut columns = 1;
    let mut lowest: f64 = 0.0;
    let size = 0.46 * l.w;
    let step = 0.78 * l.w;
    let regular = TextStyle::new(FontRole::Regular, size);
    let bold = TextStyle::new(FontRole::Bold, size);
    let mut y = l.hand_top;
    let mark = Point::new(x, y + 0.35 * l.w);
    y += 0.75 * l.w;
    let mut glyphs = Vec::new();
    let mut starts = vec![0];
    // Baselines sit 70 % down each line.
    let line = |style: TextStyle,
                text: &str,
                x: f64,
                y: &mut f64,
                glyphs: &mut Vec<crate::draw::Glyph>|
     -> Result<(), MissingGlyph> {
        glyphs.extend(fonts.line(style, text, Point::new(x, *y + 0.7 * step), Align::Center)?);
        *y += step;
        Ok(())
    };
    let (name_style, name_lines) = fit_name(fonts, &column.name, bold, 1.8 * l.w)?;
    for text in name_lines {
        line(name_style, &text, x, &mut y, &mut glyphs)?;
    }
    line(
        TextStyle::new(FontRole::Regular, 0.36 * l.w),
        "in hand",
        x,
        &mut y,
        &mut glyphs,
    )?;
    let top = l.hand_top + 0.75 * l.w;
    if let Some(entries) = &column.entries {
        for (kind, n) in entries {
            let k = diagram.variant.catalog.get(*kind);
            if y + step > limit + 1e-9 && y > top {
                lowest = lowest.max(y);
                x += outward * l.hand_step;
                y = top;
                columns += 1;
                starts.push(glyphs.len());
            }
            placed
                .pieces
                .insert((column.side, *kind), Point::new(x, y + 0.45 * step));
            let text = if *n > 1 {
                format!("{} ×{}", k.letter, n)
            } else {
                k.letter.to_string()
            };
            line(regular, &text, x, &mut y, &mut glyphs)?;
        }
    }
    if let Some(text) = column.instead {
        line(regular, text, x, &mut y, &mut glyphs)?;
    }
    // Lines of letters read from left to right: on the board's left the first column goes
    // outermost.
    let shift = reading_order(outward, l.hand_step, columns, outward < 0.0);
    move_columns(&mut glyphs, &starts, &shift);
    move_pieces(placed, column.side, x0, outward, l.hand_step, &shift);
    side_mark(
        d,
        column.side,
        Point::new(mark.x + shift[0], mark.y),
        0.6 * l.w,
    );
    d.glyphs(Ink::BLACK, glyphs);
    Ok((lowest.max(y), columns))
}

#[cfg(test)]
mod tests {
    use super::{fit_name, reading_order};
    use crate::draw::{FontRole, Fonts, TextStyle};

    #[test]
    fn a_long_name_breaks_where_the_name_does() {
        // As a 10 mm square's western hand sets them: 4.6 mm bold within 18 mm. The long
        // name once wrapped as 羽生善治名／人・竜王, splitting 名人.
        let fonts = Fonts::bundled();
        let bold = TextStyle::new(FontRole::Bold, 4.6);
        let (style, lines) = fit_name(&fonts, "羽生善治名人・竜王", bold, 18.0).unwrap();
        assert_eq!(lines, ["羽生善治名人・", "竜王"]);
        assert!(style.size >= 0.5 * 4.6 && style.size < 4.6);
        for l in &lines {
            assert!(fonts.width(style, l).unwrap() <= 18.0 + 1e-9, "{l}");
        }
        let (style, lines) = fit_name(&fonts, "藤井聡太八冠", bold, 18.0).unwrap();
        assert_eq!(lines, ["藤井聡太八冠"]);
        assert!(fonts.width(style, &lines[0]).unwrap() <= 18.0 + 1e-9);
        let (style, lines) = fit_name(&fonts, "Black", bold, 18.0).unwrap();
        assert_eq!((style.size, lines.len()), (4.6, 1));
    }

    #[test]
    fn columns_move_into_reading_order_only_when_reversed() {
        // Three columns laid out 10 mm apart from the board outwards (to the right): reversed,
        // the first goes outermost (+20) and the last beside the board (-20).
        assert_eq!(reading_order(1.0, 10.0, 3, true), [20.0, 0.0, -20.0]);
        assert_eq!(reading_order(-1.0, 10.0, 2, true), [-10.0, 10.0]);
        assert_eq!(reading_order(1.0, 10.0, 3, false), [0.0; 3]);
        assert_eq!(reading_order(-1.0, 10.0, 1, true), [0.0]);
    }
}
