//! The index page of a set of handicap sheets: every handicap with what it removes, its usual
//! gap in strength and the page its sheet is on.

use super::sheet::{frame, removed, removed_summary, rule, GREY, MARGIN};
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
    draw_line(
        &mut d,
        fonts,
        TextStyle::new(FontRole::Regular, 4.5),
        &format!(
            "{} handicaps — the stronger player (上手, White) removes pieces and moves first",
            variant.english
        ),
        Point::new(center, y),
        Align::Center,
        "index",
    )?;
    y += 10.0;

    let right = paper.width - MARGIN;
    let cols = [
        MARGIN + 1.0,
        MARGIN + 11.0,
        MARGIN + 37.0,
        MARGIN + 83.0,
        right - 14.0,
    ];
    let head = TextStyle::new(FontRole::Bold, 3.4);
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
    let row = TextStyle::new(FontRole::Regular, 3.4);
    let small = TextStyle::new(FontRole::Regular, 2.8);
    let row_h = ((paper.height - MARGIN - 12.0 - y) / handicaps.len().max(1) as f64).min(12.0);
    for (i, h) in handicaps.iter().enumerate() {
        let removed = removed(variant, h);
        let (ja, en) = removed_summary(variant, &removed);
        let gap = match &h.gap {
            Some(g) => g.replace('-', "～"),
            None => "―".to_string(),
        };
        let cells = [
            (cols[0], row, format!("{}", i + 1)),
            (
                cols[1],
                TextStyle::new(FontRole::Bold, 3.6),
                h.japanese.clone(),
            ),
            (cols[2], row, h.english.replace(" handicap", "")),
            (cols[3], row, ja),
            (cols[4], row, gap),
        ];
        for (x, style, text) in cells {
            draw_line(
                &mut d,
                fonts,
                style,
                &text,
                Point::new(x, y),
                Align::Start,
                "index",
            )?;
        }
        let en = fonts
            .wrap(small, &en, cols[4] - cols[3] - 3.0)
            .map_err(TextError::in_field("index"))?;
        if let Some(first) = en.first() {
            let g = fonts
                .line(small, first, Point::new(cols[3], y + 3.8), Align::Start)
                .map_err(TextError::in_field("index"))?;
            d.glyphs(GREY, g);
        }
        draw_line(
            &mut d,
            fonts,
            row,
            &format!("{}", first_page + i),
            Point::new(right - 1.0, y),
            Align::End,
            "index",
        )?;
        rule(&mut d, y + row_h - 5.5, right, Ink(0xc0, 0xc0, 0xc0), 0.2);
        y += row_h;
    }
    let note = TextStyle::new(FontRole::Regular, 2.8);
    let text = "目安: the amateur rank difference (段級差) the Japan Shogi Association recommends the handicap for; ― where it gives none.";
    let mut ny = paper.height - MARGIN - 8.0;
    for line in fonts
        .wrap(note, text, paper.width - 2.0 * MARGIN)
        .map_err(TextError::in_field("index"))?
    {
        let g = fonts
            .line(note, &line, Point::new(MARGIN, ny), Align::Start)
            .map_err(TextError::in_field("index"))?;
        d.glyphs(GREY, g);
        ny += 3.6;
    }
    Ok(d)
}
