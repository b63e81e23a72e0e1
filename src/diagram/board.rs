//! The board: squares, grid, border, hoshi and the coordinates around it.

use super::layout::Layout;
use super::model::Style;
use crate::draw::{
    Align, Color, Drawing, FontRole, Fonts, MissingGlyph, Path, Point, Rect, Stroke, TextStyle,
};
use crate::formats::notation::numerals;

pub const BEGINNER_BOARD: Color = Color(0xf2, 0xdc, 0xa4);

pub fn draw_board(d: &mut Drawing, l: &Layout, style: Style) {
    if style != Style::Traditional {
        d.fill(Path::rect(l.board), BEGINNER_BOARD);
    }
}

/// Grid lines, the border and the hoshi, drawn over the square tints.
pub fn draw_grid(d: &mut Drawing, l: &Layout) {
    let b = l.board;
    let thin = (0.022 * l.w).max(0.12);
    let thick = (0.075 * l.w).max(0.35);
    let mut grid = Path::new();
    for x in 1..l.size.files {
        let x = b.x + x as f64 * l.w;
        grid.move_to(Point::new(x, b.y))
            .line_to(Point::new(x, b.bottom()));
    }
    for y in 1..l.size.ranks {
        let y = b.y + y as f64 * l.h;
        grid.move_to(Point::new(b.x, y))
            .line_to(Point::new(b.right(), y));
    }
    d.stroke(grid, Stroke::solid(Color::BLACK, thin));
    // The border is drawn outside the outer squares so that they stay the size of the others.
    d.stroke(
        Path::rect(b.inset(-thick / 2.0)),
        Stroke::solid(Color::BLACK, thick),
    );

    // Hoshi: the four dots that mark the promotion zones' corners (3 ranks deep on a 9×9
    // board, 4 on chu shogi's 12×12).
    for (x, y) in hoshi(l.size.files, l.size.ranks, l.hoshi_zone) {
        let c = Point::new(b.x + x as f64 * l.w, b.y + y as f64 * l.h);
        d.fill(Path::circle(c, 0.065 * l.w), Color::BLACK);
    }
}

/// The grid crossings (file line, rank line, from the top left) where the corners of both
/// promotion zones `zone` ranks deep meet the files as far in: none for a zone of 0 or one
/// that leaves no middle.
pub fn hoshi(files: u8, ranks: u8, zone: u8) -> Vec<(u8, u8)> {
    if zone == 0 || 2 * zone >= files || 2 * zone >= ranks {
        return Vec::new();
    }
    vec![
        (zone, zone),
        (files - zone, zone),
        (zone, ranks - zone),
        (files - zone, ranks - zone),
    ]
}

/// ９…１ above the board and 一…九 to its right; in the western style 9…1 and a…i, as in
/// English books and USI.
pub fn draw_coordinates(
    d: &mut Drawing,
    fonts: &Fonts,
    l: &Layout,
    western: bool,
) -> Result<(), MissingGlyph> {
    let style = TextStyle::new(FontRole::Regular, 0.42 * l.w);
    let mut glyphs = Vec::new();
    for x in 0..l.size.files as usize {
        let cx = l.board.x + (x as f64 + 0.5) * l.w;
        let at = Point::new(cx, l.board.y - 0.25 * l.w);
        let label = match western {
            true => l.file_label(x).to_string(),
            false => numerals::full_width(l.file_label(x)),
        };
        let chars: Vec<char> = label.chars().collect();
        if western || chars.len() == 1 {
            glyphs.extend(fonts.line(style, &label, at, Align::Center)?);
            continue;
        }
        // Two full-width digits (１２ on a chu board) condensed to the width of one and a
        // little, so that neighbouring files' numbers stay apart.
        let n = chars.len() as f64;
        let sx = 0.62;
        let mid = Point::new(cx, at.y - 0.36 * style.size);
        for (i, ch) in chars.iter().enumerate() {
            let offset = (i as f64 - (n - 1.0) / 2.0) * style.size * sx;
            let c = Point::new(mid.x + offset, mid.y);
            glyphs.push(fonts.centered(style, *ch, c, (sx, 1.0), 0.0)?);
        }
    }
    for y in 0..l.size.ranks as usize {
        let cy = l.board.y + (y as f64 + 0.5) * l.h;
        let label = match western {
            true => {
                char::from_u32('a' as u32 + l.rank_label(y) - 1).map_or(String::new(), String::from)
            }
            false => numerals::kanji(l.rank_label(y)),
        };
        let chars: Vec<char> = label.chars().collect();
        // Two-character numerals (十一, 十二 on a chu board) stack, smaller, as in vertical
        // type; kept in proportion, since squeezed flat 十一 reads as 士.
        let n = chars.len() as f64;
        let k = if n > 1.0 { 0.72 } else { 1.0 };
        for (i, ch) in chars.iter().enumerate() {
            let offset = (i as f64 - (n - 1.0) / 2.0) * style.size * k;
            let at = Point::new(l.board.right() + 0.38 * l.w, cy + offset);
            glyphs.push(fonts.centered(style, *ch, at, (k, k), 0.0)?);
        }
    }
    d.glyphs(Color::BLACK, glyphs);
    Ok(())
}

/// Fills a square (highlights, the last move).
pub fn tint(d: &mut Drawing, cell: Rect, color: Color) {
    d.fill(Path::rect(cell), color);
}

/// The width of a beginner diagram's highlight frame as a share of the square's width: about
/// 0.7 mm on the default 10 mm square, as thick as the board's border.
pub const FRAME: f64 = 0.075;

/// A beginner diagram's highlight: a frame round the inside of the square, drawn over the piece
/// that stands there. The pentagon piece covers nearly all of its square, so a tint under it
/// shows only as slivers; a frame, as beginners' books box a piece in colour, shows the same on
/// an empty square and under either side's piece and leaves the piece itself as it is. Its outer
/// edge lies on the grid line, so a frame lies within its square (and two side by side meet).
pub fn highlight_frame(d: &mut Drawing, l: &Layout, cell: Rect, color: Color) {
    let width = FRAME * l.w;
    d.stroke(
        Path::rect(cell.inset(width / 2.0)),
        Stroke::solid(frame_ink(color), width),
    );
}

/// `color`, darkened (mixed with black in steps of 5 %) as far as it must be to stand at 3:1
/// against the beginner board in WCAG 2's contrast ratio, the measure it sets for graphics
/// that must be seen (1.4.11, non-text contrast): so that the default yellow, near the board's
/// own colour, still reads as a frame, and does in a grey print too. The pieces' wood is
/// lighter than the board, so the frame stands out against it further.
pub fn frame_ink(color: Color) -> Color {
    let board = relative_luminance(BEGINNER_BOARD);
    let scaled = |k: f64| {
        let c = |v: u8| (v as f64 * k).round() as u8;
        Color(c(color.0), c(color.1), c(color.2))
    };
    (0..=20)
        .map(|step| scaled(1.0 - step as f64 * 0.05))
        .find(|&c| (board + 0.05) / (relative_luminance(c) + 0.05) >= 3.0)
        .unwrap_or(Color::BLACK)
}

/// WCAG 2's relative luminance of an sRGB colour, 0 (black) to 1 (white).
fn relative_luminance(c: Color) -> f64 {
    let linear = |v: u8| {
        let v = v as f64 / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(c.0) + 0.7152 * linear(c.1) + 0.0722 * linear(c.2)
}
