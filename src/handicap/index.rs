//! The index page of a set of handicap sheets: every handicap with what it removes, its usual
//! gap in strength and the page its sheet is on.

use super::sheet::{frame, removed, removed_summary, rule, scaled_to, GREY, MARGIN};
use crate::draw::{
    draw_line, Align, Color as Ink, Drawing, FontRole, Fonts, Point, TextError, TextStyle,
};
use crate::paper::Paper;
use crate::rules::{Handicap, Variant};
use std::sync::Arc;

/// The index page: every handicap in `handicaps` with what it removes, its usual gap and the
/// page its sheet is on (`first_page` for the first).
pub fn index(
    variant: &Arc<Variant>,
    handicaps: &[&Handicap],
    fonts: &Fonts,
    paper: Paper,
    first_page: usize,
    total_pages: usize,
) -> Result<Drawing, TextError> {
    scaled_to(paper, |paper| {
        index_on(variant, handicaps, fonts, paper, first_page, total_pages)
    })
}

fn index_on(
    variant: &Arc<Variant>,
    handicaps: &[&Handicap],
    fonts: &Fonts,
    paper: Paper,
    first_page: usize,
    total_pages: usize,
) -> Result<Drawing, TextError> {
    let mut d = Drawing::new(paper.width, paper.height);
    let center = paper.width / 2.0;
    frame(&mut d, fonts, Some((1, total_pages)))?;
    let mut y = MARGIN + 20.0;
    draw_line(
        &mut d,
        fonts,
        TextStyle::new(FontRole::Bold, 9.0),
        "駒落ち一覧",
        Point::new(center, y),
        Align::Center,
        "index",
    )?;
    y += 8.0;
    // The subtitle shrinks to fit its line (down to 3.6 mm), then wraps, centred, rather than
    // running into the margin.
    let text = format!(
        "{} handicaps — the stronger player (上手, White) removes pieces and moves first",
        variant.english
    );
    let room = paper.width - 2.0 * MARGIN;
    let at_one = fonts
        .width(TextStyle::new(FontRole::Regular, 1.0), &text)
        .map_err(TextError::in_field("index"))?;
    let subtitle = TextStyle::new(FontRole::Regular, (room / at_one).clamp(3.6, 4.5));
    for line in fonts
        .wrap(subtitle, &text, room)
        .map_err(TextError::in_field("index"))?
    {
        draw_line(
            &mut d,
            fonts,
            subtitle,
            &line,
            Point::new(center, y),
            Align::Center,
            "index",
        )?;
        y += 6.0;
    }
    y += 4.0;

    let right = paper.width - MARGIN;
    // The columns as on A4 (174 mm between the margins), in proportion on other paper.
    let k = (right - MARGIN) / 174.0;
    let cols = [
        MARGIN + 1.0,
        MARGIN + 11.0 * k,
        MARGIN + 37.0 * k,
        MARGIN + 83.0 * k,
        right - 14.0,
    ];
    let head = TextStyle::new(FontRole::Bold, 3.4 * k.clamp(0.8, 1.0));
    for (x, text) in cols
        .iter()
        .zip(["No.", "手合", "Handicap", "落とす駒 Removed", "目安"])
    {
        draw_line(
            &mut d,
            fonts,
            head,
            text,
            Point::new(*x, y),
            Align::Start,
            "index",
        )?;
    }
    draw_line(
        &mut d,
        fonts,
        head,
        "頁",
        Point::new(right - 1.0, y),
        Align::End,
        "index",
    )?;
    rule(&mut d, y + 2.0, right, Ink::BLACK, 0.35);
    y += 8.0;
    // Each row's cells are wrapped to their columns and drawn whole: a row is as tall as its
    // tallest cell. Rows share the room left above the note; if they need more than that, the
    // type shrinks until they fit.
    // The note at the foot, its last line 6 mm over the page number's baseline.
    let note = TextStyle::new(FontRole::Regular, 2.8);
    let text = "目安: the amateur rank difference (段級差) the Japan Shogi Association recommends the handicap for; ― where it gives none.";
    let note_lines = fonts
        .wrap(note, text, paper.width - 2.0 * MARGIN)
        .map_err(TextError::in_field("index"))?;
    let note_last = paper.height - MARGIN - 7.0;
    let note_top = note_last - 3.6 * (note_lines.len() as f64 - 1.0) - note.size - 4.0;
    let mut scale = 1.0;
    let rows = loop {
        let rows = index_rows(variant, handicaps, fonts, &cols, right, scale)?;
        let needed: f64 = rows.iter().map(|r| r.height).sum();
        if y + needed <= note_top || scale < 0.5 {
            break rows;
        }
        scale *= 0.95;
    };
    let needed: f64 = rows.iter().map(|r| r.height).sum();
    let spare = ((note_top - y - needed) / rows.len().max(1) as f64).clamp(0.0, 4.0);
    for (i, r) in rows.into_iter().enumerate() {
        for (x, style, color, lines, line_h, dy) in r.cells {
            let mut ly = y + dy;
            for line in lines {
                let g = fonts
                    .line(style, &line, Point::new(x, ly), Align::Start)
                    .map_err(TextError::in_field("index"))?;
                d.glyphs(color, g);
                ly += line_h;
            }
        }
        draw_line(
            &mut d,
            fonts,
            r.row_style,
            &format!("{}", first_page + i),
            Point::new(right - 1.0, y),
            Align::End,
            "index",
        )?;
        let h = r.height + spare;
        // The rule halfway between this row's last descender and the next row's ascenders.
        let text_bottom = y + r.height - (4.0 + 4.6 - 0.3 * 3.4) * r.scale;
        let next_top = y + h - 0.9 * 3.6 * r.scale;
        rule(
            &mut d,
            (text_bottom + next_top) / 2.0,
            right,
            Ink(0xc0, 0xc0, 0xc0),
            0.2,
        );
        y += h;
    }
    for (i, line) in note_lines.iter().enumerate() {
        let ny = note_top + 4.0 + note.size + 3.6 * i as f64;
        let g = fonts
            .line(note, line, Point::new(MARGIN, ny), Align::Start)
            .map_err(TextError::in_field("index"))?;
        d.glyphs(GREY, g);
    }
    Ok(d)
}

/// One laid-out row of the index: each cell as (x, style, colour, lines, line height, baseline
/// offset of its first line), the style of the page number and the row's height.
struct IndexRow {
    cells: Vec<(f64, TextStyle, Ink, Vec<String>, f64, f64)>,
    row_style: TextStyle,
    height: f64,
    scale: f64,
}

fn index_rows(
    variant: &Arc<Variant>,
    handicaps: &[&Handicap],
    fonts: &Fonts,
    cols: &[f64; 5],
    right: f64,
    scale: f64,
) -> Result<Vec<IndexRow>, TextError> {
    let row = TextStyle::new(FontRole::Regular, 3.4 * scale);
    let bold = TextStyle::new(FontRole::Bold, 3.6 * scale);
    let small = TextStyle::new(FontRole::Regular, 2.8 * scale);
    let line_h = 4.6 * scale;
    let small_h = 3.6 * scale;
    let wrap = |style: TextStyle, text: &str, w: f64| {
        fonts
            .wrap(style, text, w)
            .map_err(TextError::in_field("index"))
    };
    let mut out = Vec::new();
    for (i, h) in handicaps.iter().enumerate() {
        let removed = removed(variant, h);
        let (ja, en) = removed_summary(variant, &removed);
        let gap = match &h.gap {
            Some(g) => g.replace('-', "～"),
            None => "―".to_string(),
        };
        let removed_w = cols[4] - cols[3] - 3.0;
        let ja_lines = wrap(row, &ja, removed_w)?;
        let en_top = ja_lines.len() as f64 * line_h - 0.8 * scale;
        let en_lines = wrap(small, &en, removed_w)?;
        let removed_h = en_top + en_lines.len() as f64 * small_h;
        let mut cells = vec![
            (
                cols[0],
                row,
                Ink::BLACK,
                vec![format!("{}", i + 1)],
                line_h,
                0.0,
            ),
            (
                cols[1],
                bold,
                Ink::BLACK,
                wrap(bold, &h.japanese, cols[2] - cols[1] - 2.0)?,
                line_h,
                0.0,
            ),
            (
                cols[2],
                row,
                Ink::BLACK,
                wrap(
                    row,
                    &h.english.replace(" handicap", ""),
                    cols[3] - cols[2] - 2.0,
                )?,
                line_h,
                0.0,
            ),
            (cols[3], row, Ink::BLACK, ja_lines, line_h, 0.0),
            (cols[3], small, GREY, en_lines, small_h, en_top),
            (
                cols[4],
                row,
                Ink::BLACK,
                wrap(row, &gap, right - 5.5 - cols[4])?,
                line_h,
                0.0,
            ),
        ];
        let tallest = cells
            .iter()
            .map(|c| c.5 + c.3.len() as f64 * c.4)
            .fold(removed_h, f64::max);
        cells.retain(|c| !c.3.is_empty());
        out.push(IndexRow {
            cells,
            row_style: row,
            height: tallest + 4.0 * scale,
            scale,
        });
    }
    Ok(out)
}
