//! One handicap's setup sheet: the diagram shows the handicap with the pieces taken off drawn
//! faded on their squares and the sides labelled 上手/下手; under it, the handicap's names, the
//! pieces removed, who moves first and the usual difference in strength it is given for (all
//! read from the variant data). The text helpers here serve the index page too.
use crate::diagram::{self, Diagram};
use crate::draw::{
    draw_line, Affine, Align, Color as Ink, Drawing, FontRole, Fonts, Path, Point, Stroke,
    TextError, TextStyle,
};
use crate::formats::notation::{japanese, numerals, usi as usi_notation};
use crate::paper::Paper;
use crate::rules::{Color, Handicap, KindId, Piece, Setup, Square, Variant};
use std::sync::Arc;

/// Page margin, mm.
pub(super) const MARGIN: f64 = 18.0;
/// Square width of the sheet's diagram, mm.
const SQUARE: f64 = 12.5;
pub(super) const RULE: Ink = Ink(0x60, 0x60, 0x60);
pub(super) const GREY: Ink = Ink(0x55, 0x55, 0x55);

/// What the handicap changes, compared with the even-game start position.
#[derive(Clone, Debug)]
pub struct Removed {
    pub setup: Setup,
    /// White's pieces on the start position that the handicap takes off, by square.
    pub pieces: Vec<(Square, Piece)>,
}

/// The handicap's position and the pieces it removes.
pub fn removed(variant: &Variant, handicap: &Handicap) -> Removed {
    let setup = handicap.setup.clone();
    let pieces = variant
        .start
        .pieces()
        .filter(|(sq, p)| p.color == Color::White && setup.piece_at(*sq) != Some(*p))
        .collect();
    Removed { setup, pieces }
}

/// The removed pieces grouped by kind, in catalog order: `(kind, squares)`.
fn groups(removed: &Removed) -> Vec<(KindId, Vec<Square>)> {
    let mut out: Vec<(KindId, Vec<Square>)> = Vec::new();
    let mut pieces = removed.pieces.clone();
    pieces.sort_by_key(|(sq, p)| (p.kind, *sq));
    for (sq, p) in pieces {
        match out.last_mut() {
            Some((k, squares)) if *k == p.kind => squares.push(sq),
            _ => out.push((p.kind, vec![sq])),
        }
    }
    out
}

/// The removed pieces in Japanese (`飛（８二）　香（９一・１一）`, `歩九枚`) and English
/// (`rook 8b; lances 9a, 1a`, `9 pawns`).
pub fn removed_text(variant: &Variant, removed: &Removed) -> (String, String) {
    let mut ja = Vec::new();
    let mut en = Vec::new();
    for (kind, squares) in groups(removed) {
        let k = variant.catalog.get(kind);
        let name = short_name(&k.english);
        if squares.len() > 2 {
            ja.push(format!(
                "{}{}枚",
                k.abbr_for(Color::White),
                numerals::kanji(squares.len() as u32)
            ));
            en.push(format!("{} {name}s", squares.len()));
        } else {
            let ja_sq: Vec<String> = squares
                .iter()
                .map(|&s| japanese::square(variant.size, s))
                .collect();
            let en_sq: Vec<String> = squares
                .iter()
                .map(|&s| usi_notation::square(variant.size, s))
                .collect();
            ja.push(format!(
                "{}（{}）",
                k.abbr_for(Color::White),
                ja_sq.join("・")
            ));
            let plural = if squares.len() > 1 { "s" } else { "" };
            en.push(format!("{name}{plural} {}", en_sq.join(", ")));
        }
    }
    if ja.is_empty() {
        return ("なし".to_string(), "none".to_string());
    }
    (ja.join("  "), en.join("; "))
}

/// The removed pieces by kind and count, for the index: `飛・角・香二` and `rook, bishop, 2 lances`.
pub fn removed_summary(variant: &Variant, removed: &Removed) -> (String, String) {
    let mut ja = Vec::new();
    let mut en = Vec::new();
    for (kind, squares) in groups(removed) {
        let k = variant.catalog.get(kind);
        let n = squares.len();
        let name = short_name(&k.english);
        if n == 1 {
            ja.push(k.abbr_for(Color::White).to_string());
            en.push(name);
        } else {
            ja.push(format!(
                "{}{}",
                k.abbr_for(Color::White),
                numerals::kanji(n as u32)
            ));
            en.push(format!("{n} {name}s"));
        }
    }
    (ja.join("・"), en.join(", "))
}

/// `gold` for `Gold general`: the short names English shogi books use.
fn short_name(english: &str) -> String {
    english
        .split_whitespace()
        .next()
        .unwrap_or(english)
        .to_lowercase()
}

/// White's hand in the handicap position (歩三兵 gives three pawns), if any.
fn hand_text(variant: &Variant, setup: &Setup) -> Option<(String, String)> {
    let hand = setup.hand(Color::White);
    if hand.values().all(|&n| n == 0) {
        return None;
    }
    let mut ja = String::new();
    let mut en = Vec::new();
    for (&kind, &n) in hand.iter().filter(|(_, &n)| n > 0) {
        let k = variant.catalog.get(kind);
        ja.push_str(k.abbr_for(Color::White));
        if n > 1 {
            ja.push_str(&numerals::kanji(n));
        }
        let plural = if n > 1 { "s" } else { "" };
        en.push(format!("{n} {}{plural}", short_name(&k.english)));
    }
    Some((ja, en.join(", ")))
}

/// The usual gap in Japanese and English, or what the handicap is used for instead.
fn gap_text(h: &Handicap) -> (String, String) {
    match (&h.gap, &h.used_for) {
        (Some(gap), used) => {
            let ja = format!("段級差 {}", gap.replace('-', "～").replace('+', " 以上"));
            let mut en = format!("{} amateur ranks (dan/kyu) apart", gap.replace('-', "–"));
            if gap == "1" {
                en = "1 amateur rank (dan/kyu) apart".to_string();
            }
            if let Some(u) = used {
                en = format!("{en}; {u}");
            }
            (ja, en)
        }
        (None, Some(u)) => ("―".to_string(), u.clone()),
        (None, None) => ("―".to_string(), "not given in the data".to_string()),
    }
}

/// A horizontal rule from the left margin to `right`: its butt ends stop at the margin, only
/// its width spreads across the line.
pub(super) fn rule(d: &mut Drawing, y: f64, right: f64, color: Ink, width: f64) {
    d.stroke(
        Path::line(
            Point::new(MARGIN + width / 2.0, y),
            Point::new(right - width / 2.0, y),
        ),
        Stroke::solid(color, width),
    );
}

/// The running header and the page number at the foot, shared by sheets and the index.
pub(super) fn frame(
    d: &mut Drawing,
    fonts: &Fonts,
    page: Option<(usize, usize)>,
) -> Result<(), TextError> {
    let small = TextStyle::new(FontRole::Regular, 3.2);
    let w = d.width;
    draw_line(
        d,
        fonts,
        small,
        "駒落ち 手合割",
        Point::new(MARGIN, MARGIN + 3.0),
        Align::Start,
        "header",
    )?;
    draw_line(
        d,
        fonts,
        small,
        "Handicap setup sheet",
        Point::new(w - MARGIN, MARGIN + 3.0),
        Align::End,
        "header",
    )?;
    rule(d, MARGIN + 5.0, w - MARGIN, RULE, 0.25);
    if let Some((n, total)) = page {
        draw_line(
            d,
            fonts,
            small,
            &format!("{n} / {total}"),
            Point::new(w / 2.0, d.height - MARGIN - 1.0),
            Align::Center,
            "page number",
        )?;
    }
    Ok(())
}

/// One handicap's setup sheet on `paper`; `page` is `(number, of)` for a page number. The
/// diagram takes what room the page gives: if the table under it would run into the source
/// note, the board shrinks until it does not.
pub fn sheet(
    variant: &Arc<Variant>,
    handicap: &Handicap,
    fonts: &Fonts,
    paper: Paper,
    page: Option<(usize, usize)>,
) -> Result<Drawing, TextError> {
    scaled_to(paper, |paper| {
        let mut shrink = 0.0;
        loop {
            let (d, overflow, per_square) =
                draw_sheet(variant, handicap, fonts, paper, page, shrink)?;
            if overflow <= 0.0 || shrink > SQUARE / 2.0 {
                return Ok(d);
            }
            shrink += overflow / per_square + 0.05;
        }
    })
}

/// Paper narrower than A4 gets the page as set on A4's width, scaled down, so that type, rules
/// and board keep their proportions (on A5 the board alone gave up the room: 4.6 mm squares
/// under full-size type).
pub(super) fn scaled_to(
    paper: Paper,
    draw: impl FnOnce(Paper) -> Result<Drawing, TextError>,
) -> Result<Drawing, TextError> {
    let k = paper.width / Paper::A4.width;
    if k >= 1.0 {
        return draw(paper);
    }
    let design = Paper {
        width: Paper::A4.width,
        height: paper.height / k,
        ..paper
    };
    let page = draw(design)?;
    let mut out = Drawing::new(paper.width, paper.height);
    out.place_transformed(&page, Affine::scale(k, k));
    out.title = page.title;
    out.description = page.description;
    Ok(out)
}

/// The sheet with the board's square `shrink` mm under its largest; also how far the table
/// runs into the source note (mm, ≤ 0 when clear) and the board's height per mm of square.
fn draw_sheet(
    variant: &Arc<Variant>,
    handicap: &Handicap,
    fonts: &Fonts,
    paper: Paper,
    page: Option<(usize, usize)>,
    shrink: f64,
) -> Result<(Drawing, f64, f64), TextError> {
    let removed = removed(variant, handicap);
    let mut d = Drawing::new(paper.width, paper.height);
    d.title = Some(format!(
        "{} ({}): handicap setup sheet",
        handicap.japanese, handicap.english
    ));
    let center = paper.width / 2.0;
    frame(&mut d, fonts, page)?;

    let mut y = MARGIN + 20.0;
    draw_line(
        &mut d,
        fonts,
        TextStyle::new(FontRole::Bold, 11.0),
        &handicap.japanese,
        Point::new(center, y),
        Align::Center,
        "japanese",
    )?;
    y += 9.0;
    draw_line(
        &mut d,
        fonts,
        TextStyle::new(FontRole::Regular, 5.0),
        &handicap.english,
        Point::new(center, y),
        Align::Center,
        "english",
    )?;
    y += 5.0;

    // The removed pieces go back on their squares, to be drawn faded.
    let mut shown = removed.setup.clone();
    for &(sq, piece) in &removed.pieces {
        shown.board[sq.index()] = Some(piece);
    }
    let mut dia = Diagram::new(variant.clone(), shown);
    dia.options.handicap = true;
    // The sheet is a reference for setting up: the diagram takes what room the page gives.
    // The board is centred under the title, so the wider side of the drawing sets the room.
    let width_per_square = {
        let probe = diagram::Layout::new(variant.size, &dia.options, false);
        let c = probe.board.center().x;
        2.0 * c.max(probe.width - c) / dia.options.square
    };
    dia.options.square = SQUARE.min((paper.width - 2.0 * MARGIN) / width_per_square) - shrink;
    let faded = |sq: Square| removed.pieces.iter().any(|(s, _)| *s == sq);
    let board = diagram::draw_with_faded(&dia, fonts, &faded).map_err(|e| e.within("diagram "))?;
    let board_x = diagram::board_rect(&dia, fonts)
        .map_err(|e| e.within("diagram "))?
        .center()
        .x;
    let height_per_square = board.height / dia.options.square;
    d.place(&board, center - board_x, y);
    y += board.height + 8.0;

    // The facts, as a two-column table: label (Japanese over English) and value.
    let (removed_ja, removed_en) = removed_text(variant, &removed);
    let (gap_ja, gap_en) = gap_text(handicap);
    let mut rows = vec![
        ("落とす駒", "Removed", removed_ja, removed_en),
        (
            "手番",
            "First move",
            "上手（△）が先に指します".to_string(),
            "White (上手, the stronger player) moves first".to_string(),
        ),
        ("手合の目安", "Usual gap", gap_ja, gap_en),
    ];
    if let Some((ja, en)) = hand_text(variant, &removed.setup) {
        rows.insert(1, ("上手の持駒", "White's hand", ja, en));
    }
    let left = MARGIN + 6.0;
    let value_x = MARGIN + 40.0;
    let value_w = paper.width - MARGIN - 6.0 - value_x;
    let label = TextStyle::new(FontRole::Bold, 4.2);
    let label_en = TextStyle::new(FontRole::Regular, 2.8);
    let value = TextStyle::new(FontRole::Regular, 4.2);
    let value_en = TextStyle::new(FontRole::Regular, 3.3);
    rule(&mut d, y - 5.0, paper.width - MARGIN, RULE, 0.25);
    for (label_ja, label_english, ja, en) in rows {
        draw_line(
            &mut d,
            fonts,
            label,
            label_ja,
            Point::new(left, y),
            Align::Start,
            "label",
        )?;
        draw_line(
            &mut d,
            fonts,
            label_en,
            label_english,
            Point::new(left, y + 4.5),
            Align::Start,
            "label",
        )?;
        let mut row_bottom = y + 4.5;
        let mut vy = y;
        for line in fonts
            .wrap(value, &ja, value_w)
            .map_err(TextError::in_field("value"))?
        {
            draw_line(
                &mut d,
                fonts,
                value,
                &line,
                Point::new(value_x, vy),
                Align::Start,
                "value",
            )?;
            vy += 5.5;
        }
        vy -= 1.0;
        for line in fonts
            .wrap(value_en, &en, value_w)
            .map_err(TextError::in_field("value"))?
        {
            draw_line(
                &mut d,
                fonts,
                value_en,
                &line,
                Point::new(value_x, vy),
                Align::Start,
                "value",
            )?;
            row_bottom = row_bottom.max(vy);
            vy += 4.5;
        }
        y = row_bottom + 4.0;
        rule(
            &mut d,
            y - 1.5,
            paper.width - MARGIN,
            Ink(0xb0, 0xb0, 0xb0),
            0.2,
        );
        y += 5.0;
    }

    // Where a reader can look the handicap up (the data's `source`), small, above the page
    // number.
    let note = TextStyle::new(FontRole::Regular, 2.6);
    let source = format!("出典 Source: {}", handicap.source);
    let lines = fonts
        .wrap(note, &source, paper.width - 2.0 * MARGIN)
        .map_err(TextError::in_field("source"))?;
    let mut sy = paper.height - MARGIN - 7.0 - 3.4 * (lines.len() as f64 - 1.0);
    // The last rule sits 3.5 mm under the table's last baseline; keep it 3 mm over the note.
    let overflow = (y - 5.0 - 1.5) - (sy - note.size - 3.0);
    for line in lines {
        let g = fonts
            .line(note, &line, Point::new(MARGIN, sy), Align::Start)
            .map_err(TextError::in_field("source"))?;
        d.glyphs(GREY, g);
        sy += 3.4;
    }
    Ok((d, overflow, height_per_square))
}
