//! Page 1 of a kit: what is in it, how to print it so that it comes out at true size, how to
//! make the pieces and the board, and a 50 mm ruler to check the scale with.

mod writer;

use super::face::{FaceStyle, Lettering};
use super::parts::{Back, Part};
use super::sheets::Layout;
use super::KitOptions;
use crate::diagram::face::INK;
use crate::diagram::{self, Diagram};
use crate::draw::{
    Align, Color, Drawing, FontRole, Fonts, Glyph, MissingGlyph, Path, Point, Rect, Stroke,
    TextStyle,
};
use crate::rules::Variant;
use std::sync::Arc;
use writer::{Block, Writer};

const GREY: Color = Color(0x55, 0x55, 0x55);

impl Writer<'_> {
    /// The parts table, its columns as wide as their widest cells.
    fn table(&mut self, table: &Table) -> Result<(), MissingGlyph> {
        self.heading("Parts", 0.0)?;
        for (i, row) in table.rows.iter().enumerate() {
            self.y += 4.4 * table.size / TABLE_SIZE;
            for (text, &x) in row.iter().zip(&table.columns) {
                let style = TextStyle::new(Table::role(i), table.size);
                let at = Point::new(self.left + x, self.y);
                let g = self.fonts.line(style, text, at, Align::Start)?;
                self.draw(INK, g);
            }
        }
        Ok(())
    }
}

/// What the cover says about the board: its size and how many tiles.
pub struct BoardNote {
    pub width: f64,
    pub height: f64,
    pub tiles: usize,
    pub komadai: bool,
}

/// What the cover describes: the variant, its parts, the options it was made with and the
/// board (when the kit has one).
pub struct Cover<'a> {
    pub variant: &'a Arc<Variant>,
    pub parts: &'a [Part],
    pub options: &'a KitOptions,
    pub board: Option<BoardNote>,
    /// The rules card's pages (0 without one; chu shogi's card takes 2).
    pub card_pages: usize,
    /// How many pages the cover takes (the card comes after them): what the note about the
    /// card counts from.
    pub cover_pages: usize,
}

/// Where the cover put its parts: what the tests measure.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CoverLayout {
    /// How many pages the cover takes: 1 where the paper has room for it all, more on small
    /// paper (the text goes on at the top of the next page).
    pub pages: usize,
    /// Where the cover's text ends on its last page (the pieces go under it).
    pub end: f64,
    /// The ink of the parts table, its heading included.
    pub table: Rect,
    /// The ink of what stands beside the start position (the table, the printing notes, the
    /// ruler, as the paper's width allows); `None` when it stands on its own.
    pub beside: Option<Rect>,
    /// The start position's box.
    pub diagram: Rect,
}

/// The start position's width when there is room for it.
const DIAGRAM: f64 = 64.0;
/// The narrowest it may be to stand beside the parts table; narrower paper stacks the two.
const DIAGRAM_BESIDE_TABLE: f64 = 52.0;
/// The narrowest the notes may wrap to beside the start position.
const NOTES: f64 = 60.0;
/// Between the text and the start position.
const GUTTER: f64 = 6.0;

/// Draws the cover at the top of `pages` (which holds its first page) within `left..left +
/// width`, from `top` down to `bottom`, adding a page where the text goes on past `bottom`;
/// returns where it ends and where its parts went. The start position stands at the right, beside the parts
/// table where the paper is wide enough for both (A4, Letter: the table's columns are as wide
/// as their cells), else beside the printing notes under the table (B5, A5), else, on paper
/// narrower still, on its own under the table; the ruler goes beside it only if it fits there
/// with its note. Under them, how to make the pieces and the board.
pub fn draw_cover(
    pages: &mut Vec<Drawing>,
    fonts: &Fonts,
    cover: &Cover<'_>,
    (left, top, width, bottom): (f64, f64, f64, f64),
) -> Result<CoverLayout, MissingGlyph> {
    let mut w = Writer {
        pages,
        fonts,
        left,
        width,
        full_width: width,
        y: top,
        top,
        bottom,
        ink: None,
    };
    title(&mut w, cover)?;
    w.take_ink();

    let table = Table::new(fonts, cover.variant, cover.parts, width)?;
    let beside_table = (width - table.width - GUTTER).min(DIAGRAM);
    let mut beside = None;
    if beside_table < DIAGRAM_BESIDE_TABLE {
        w.table(&table)?;
    }
    let table_ink = w.ink;
    let setup_width = if beside_table >= DIAGRAM_BESIDE_TABLE {
        beside_table
    } else {
        (width - GUTTER - NOTES).min(DIAGRAM)
    };
    let alone = setup_width < DIAGRAM_BESIDE_TABLE;
    let setup_width = if alone {
        width.min(DIAGRAM)
    } else {
        setup_width
    };
    let (setup, setup_top) = fit_setup(&mut w, cover.variant, setup_width)?;
    // The page the start position stands on: what goes beside it and under it is there.
    let diagram_page = w.pages.len();
    let setup_left = if alone {
        left + (width - setup.width) / 2.0
    } else {
        left + width - setup.width
    };
    w.page().place(&setup, setup_left, setup_top);
    let diagram = Rect::new(setup_left, setup_top, setup.width, setup.height);
    if alone {
        w.y = diagram.bottom();
    } else {
        w.width = width - setup.width - GUTTER;
    }
    w.take_ink();
    if beside_table >= DIAGRAM_BESIDE_TABLE {
        w.table(&table)?;
    }
    let table_ink = table_ink.or(w.ink).unwrap_or(diagram);
    w.write(&printing(cover.options.layout))?;
    if cover.card_pages > 0 {
        let first = match cover.options.layout {
            Layout::Fold => cover.cover_pages + 1,
            Layout::Duplex => 2 * cover.cover_pages + 1,
        };
        let note = match cover.card_pages {
            1 => format!(
                "Page {first} is the rules card (Japanese and English): plain paper will do."
            ),
            n => format!(
                "Pages {first}-{} are the rules card (Japanese and English): plain paper will do.",
                first + n - 1
            ),
        };
        w.para("", &note)?;
    }
    // What stands beside the start position, and below it, are on its page; text that went
    // on over the next page has the whole width there.
    let on_diagram_page = |w: &Writer<'_>| w.pages.len() == diagram_page;
    let notes_ink = w.take_ink();
    if !alone && on_diagram_page(&w) {
        beside = notes_ink;
    }
    // The ruler with its note beside it, if they fit beside the start position; under it on
    // paper too narrow for both.
    if ruler_width(fonts)? > w.width {
        if on_diagram_page(&w) {
            w.y = w.y.max(diagram.bottom());
        }
        w.width = width;
    }
    let note_below = ruler_width(fonts)? > w.width;
    w.room(4.0 + if note_below { RULER_BELOW } else { RULER });
    let at = Point::new(left + 2.0, w.y + 4.0);
    let ruler_ink = ruler(w.page(), fonts, at, note_below)?;
    if !alone && on_diagram_page(&w) && ruler_ink.y < diagram.bottom() {
        beside = Some(beside.map_or(ruler_ink, |b| b.union(&ruler_ink)));
    }
    w.y = ruler_ink.bottom() + 4.0;
    if on_diagram_page(&w) {
        w.y = w.y.max(diagram.bottom());
    }

    w.width = width;
    w.write(&making_pieces(cover.options.layout))?;
    w.para("", &backs_note(cover.variant, cover.parts))?;
    if let Some(b) = &cover.board {
        w.write(&making_board(b))?;
    }
    Ok(CoverLayout {
        pages: w.pages.len(),
        end: w.y,
        table: table_ink,
        beside,
        diagram,
    })
}

/// What the faces show, for the summary: "kanji names in brush lettering", "one-kanji names
/// in Mincho type", "western letters" (the letters are set in one face whatever the
/// lettering).
fn faces_in_words(style: FaceStyle, lettering: Lettering) -> String {
    let names = match style {
        FaceStyle::Kanji => "kanji names",
        FaceStyle::Arrows => "one-kanji names",
        FaceStyle::Western => return "western letters".to_string(),
    };
    let hand = match lettering {
        Lettering::Brush => "brush lettering",
        Lettering::Mincho => "Mincho type",
    };
    format!("{names} in {hand}")
}

/// Between the baselines of a title that takes two lines, as a share of its size.
const TITLE_LEAD: f64 = 1.2;

/// The kit's name and a one-line summary in grey.
fn title(w: &mut Writer<'_>, cover: &Cover<'_>) -> Result<(), MissingGlyph> {
    let (variant, options) = (cover.variant, cover.options);
    let style = TextStyle::new(FontRole::Bold, 7.0);
    // One line where it fits; else the Japanese name under the English one, each wrapped at
    // the width (a word wider than that is set smaller), never past the margin.
    let english = format!("Print kit: {}", variant.english);
    let head = format!("{english} {}", variant.japanese);
    let lines = if w.fonts.width(style, &head)? <= w.width {
        vec![head]
    } else {
        let mut lines = w.fonts.wrap(style, &english, w.width)?;
        lines.extend(w.fonts.wrap(style, &variant.japanese, w.width)?);
        lines
    };
    for (i, line) in lines.iter().enumerate() {
        w.y += if i == 0 {
            style.size
        } else {
            TITLE_LEAD * style.size
        };
        let mut fitted = style;
        let line_width = w.fonts.width(style, line)?;
        if line_width > w.width {
            fitted.size *= w.width / line_width;
        }
        let g = w
            .fonts
            .line(fitted, line, Point::new(w.left, w.y), Align::Start)?;
        w.draw(INK, g);
    }
    let faces = faces_in_words(options.style, options.lettering);
    let mut summary = format!(
        "{} pieces: {faces}, {} layout, {}",
        cover.parts.len(),
        options.layout.name(),
        options.paper
    );
    if let Some(b) = &cover.board {
        summary.push_str(&format!(
            "; board {:.0} x {:.0} mm in {} tile{}",
            b.width,
            b.height,
            b.tiles,
            if b.tiles == 1 { "" } else { "s" }
        ));
    }
    if options.scale != 1.0 {
        summary.push_str(&format!("; scale {}", options.scale));
    }
    let style = TextStyle::new(FontRole::Regular, 3.4);
    for line in w.fonts.wrap(style, &summary, w.width)? {
        w.y += 5.5;
        let g = w
            .fonts
            .line(style, &line, Point::new(w.left, w.y), Align::Start)?;
        w.draw(GREY, g);
    }
    Ok(())
}

/// The table's text size, where it fits.
const TABLE_SIZE: f64 = 3.2;
/// Between the table's columns.
const COLUMN_GAP: f64 = 4.0;

/// The parts, one row per kind (name, front, back, count and size) under a header row, with
/// its columns laid out: each as wide as its widest cell, the text smaller only on paper too
/// narrow for the table at its size.
struct Table {
    rows: Vec<[String; 5]>,
    /// The columns' x offsets from the left.
    columns: [f64; 5],
    width: f64,
    size: f64,
}

impl Table {
    fn new(
        fonts: &Fonts,
        variant: &Variant,
        parts: &[Part],
        room: f64,
    ) -> Result<Table, MissingGlyph> {
        let rows = parts_rows(variant, parts);
        let mut widths = [0.0f64; 5];
        for (i, row) in rows.iter().enumerate() {
            for (k, text) in row.iter().enumerate() {
                let style = TextStyle::new(Table::role(i), TABLE_SIZE);
                widths[k] = widths[k].max(fonts.width(style, text)?);
            }
        }
        let width = widths.iter().sum::<f64>() + COLUMN_GAP * 4.0;
        let k = (room / width).min(1.0);
        let mut columns = [0.0; 5];
        for c in 1..5 {
            columns[c] = columns[c - 1] + (widths[c - 1] + COLUMN_GAP) * k;
        }
        Ok(Table {
            rows,
            columns,
            width: width * k,
            size: TABLE_SIZE * k,
        })
    }

    /// The header row is bold.
    fn role(row: usize) -> FontRole {
        if row == 0 {
            FontRole::Bold
        } else {
            FontRole::Regular
        }
    }
}

/// The header and a row per kind: name, front, back, count and size.
fn parts_rows(variant: &Variant, parts: &[Part]) -> Vec<[String; 5]> {
    let mut out = vec![["Piece", "Front", "Back", "Count", "Size, mm"].map(String::from)];
    let catalog = &variant.catalog;
    let mut i = 0;
    while i < parts.len() {
        let p = &parts[i];
        let n = parts[i..].iter().take_while(|q| q.kind == p.kind).count();
        let kind = catalog.get(p.kind);
        let front = match &kind.black_kanji {
            Some(b) => format!("{b} / {}", kind.kanji),
            None => kind.kanji.clone(),
        };
        let back = match p.back {
            Back::Promoted(k) => catalog.get(k).kanji.clone(),
            Back::Plain => "plain".to_string(),
        };
        let size = format!("{} x {}", mm(p.size.0), mm(p.size.1));
        out.push([kind.english.clone(), front, back, n.to_string(), size]);
        i += n;
    }
    out
}

/// How to print the kit so that it comes out at true size.
fn printing(layout: Layout) -> Vec<Block> {
    let mut out = vec![
        Block::Heading("Printing"),
        Block::Para(
            "1.",
            "Print at 100 % (\"Actual size\"), never \"Fit to page\" or \"Shrink to fit\". The ruler below must measure exactly 50 mm; if it does not, the pieces will not fit the board.",
        ),
        Block::Para(
            "2.",
            "Use cardstock of 160-220 g/m2 (about 60-80 lb cover).",
        ),
    ];
    if layout == Layout::Duplex {
        out.push(Block::Para(
            "3.",
            "Print double-sided, flipping on the long edge. Hold the first sheet against a light: the circled crosses on its two sides must lie on top of each other. If they do not, print the fold layout instead.",
        ));
    }
    out
}

fn making_pieces(layout: Layout) -> Vec<Block> {
    let mut out = vec![Block::Heading("Making the pieces")];
    match layout {
        Layout::Fold => out.extend([
            Block::Para("1.", "Cut each piece out along its solid outline."),
            Block::Para(
                "2.",
                "Fold it along the dashed line, printed side out, so the two halves cover each other exactly.",
            ),
            Block::Para(
                "3.",
                "Glue the halves together (a glue stick is enough) and press flat under a book until dry.",
            ),
        ]),
        Layout::Duplex => out.extend([
            Block::Para("1.", "Cut each piece out along its solid outline."),
            Block::Para(
                "2.",
                "For thicker pieces, glue the sheet onto card first, then cut.",
            ),
        ]),
    }
    out
}

/// What the backs show, from the data: the promoted side in red; the kinds that do not
/// promote (the king and the gold in standard shogi; in chu shogi the king, the queen and the
/// lion) have plain backs; and how the two kings differ, where they do.
fn backs_note(variant: &Variant, parts: &[Part]) -> String {
    let catalog = &variant.catalog;
    let mut plain: Vec<String> = Vec::new();
    for p in parts.iter().filter(|p| p.back == Back::Plain) {
        let name = catalog.get(p.kind).english.to_lowercase();
        if !plain.contains(&name) {
            plain.push(name);
        }
    }
    let mut note = "The promoted side is printed in red on the back.".to_string();
    if !plain.is_empty() {
        let plurals: Vec<String> = plain.iter().map(|n| plural(n)).collect();
        let list = match plurals.as_slice() {
            [one] => one.clone(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
            [] => String::new(),
        };
        note.push_str(&format!(
            " {} do not promote: their backs are plain.",
            capitalised(&list)
        ));
    }
    let kings = parts
        .iter()
        .map(|p| catalog.get(p.kind))
        .find(|k| k.black_kanji.is_some());
    if let Some(k) = kings {
        if let Some(b) = &k.black_kanji {
            note.push_str(&format!(
                " Black's {} is the {b}, White's the {}.",
                k.english.to_lowercase(),
                k.kanji
            ));
        }
    }
    note
}

/// "kings", "golds", "dragon kings": the last word takes the plural; "gold general" and the
/// like are said short, as the standard kit's cover always said them ("golds").
fn plural(name: &str) -> String {
    let short = name.strip_suffix(" general").unwrap_or(name);
    match short.strip_suffix('s') {
        Some(_) => short.to_string(),
        None => format!("{short}s"),
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

fn making_board(b: &BoardNote) -> Vec<Block> {
    let mut out = vec![Block::Heading("Making the board")];
    out.push(if b.tiles > 1 {
        Block::Para(
            "",
            "Cut each tile along its solid outline. Starting from tile 1, lay each tile over the hatched flap of its neighbour, with its edge on the dashed line, its lines continuing the lines below and the red triangles tip to tip; then glue it down.",
        )
    } else {
        Block::Para("", "Cut the board along its solid outline.")
    });
    if b.komadai {
        out.push(Block::Para(
            "",
            "The last page has two piece stands (komadai): one for each player's captured pieces.",
        ));
    }
    out
}

/// A millimetre figure: whole numbers without decimals.
fn mm(v: f64) -> String {
    if (v - v.round()).abs() < 0.05 {
        format!("{v:.0}")
    } else {
        format!("{v:.1}")
    }
}

/// How much narrower than asked the start position may be drawn to keep within the foot of
/// its page; narrower still, it starts the next page instead.
const SETUP_LEAST: f64 = 0.75;

/// The start position about `width` mm wide under the writer's cursor, drawn smaller where
/// the page has less room left under the cursor than it takes (down to [`SETUP_LEAST`] of its
/// width), else at the top of the next page; returns it and its top.
fn fit_setup(
    w: &mut Writer<'_>,
    variant: &Arc<Variant>,
    width: f64,
) -> Result<(Drawing, f64), MissingGlyph> {
    let mut setup = setup_diagram(variant, w.fonts, width)?;
    let top = w.y + 4.0;
    let mut fitted = width;
    // The caption keeps its size as the board comes down: a few rounds settle it.
    for _ in 0..8 {
        let room = w.bottom - top;
        if setup.height <= room {
            return Ok((setup, top));
        }
        fitted *= room / setup.height * 0.999;
        if fitted < SETUP_LEAST * width {
            break;
        }
        setup = setup_diagram(variant, w.fonts, fitted)?;
    }
    let setup = setup_diagram(variant, w.fonts, width)?;
    w.room(4.0 + setup.height);
    Ok((setup, w.y + 4.0))
}

/// The variant's start position as a book diagram, about `width` mm wide (narrower where a
/// square would be over 7 mm), so that whoever assembles the set knows where the pieces go.
fn setup_diagram(
    variant: &Arc<Variant>,
    fonts: &Fonts,
    width: f64,
) -> Result<Drawing, MissingGlyph> {
    let mut diagram = Diagram::new(variant.clone(), variant.start.clone());
    diagram.caption = Some("Start position: Black (玉) below".into());
    let draw = |d: &Diagram| diagram::draw(d, fonts).map_err(|e| e.missing);
    let first = draw(&diagram)?;
    diagram.options.square = (diagram.options.square * width / first.width).min(7.0);
    draw(&diagram)
}

/// The ruler's note, beside it.
const RULER_NOTE: &str = "50 mm: check with a ruler after printing";

/// How deep the ruler is with its note beside it, and with its note under it.
const RULER: f64 = 9.0;
const RULER_BELOW: f64 = 16.0;

/// How wide the ruler is with its note.
fn ruler_width(fonts: &Fonts) -> Result<f64, MissingGlyph> {
    Ok(2.0 + 56.0 + fonts.width(TextStyle::new(FontRole::Regular, 3.2), RULER_NOTE)?)
}

/// A 50 mm ruler: a tick every millimetre, longer every 5 and 10, numbered every 10, with its
/// note beside it (or under it). Returns its ink.
fn ruler(
    d: &mut Drawing,
    fonts: &Fonts,
    at: Point,
    note_below: bool,
) -> Result<Rect, MissingGlyph> {
    let stroke = Stroke::solid(INK, 0.15);
    d.stroke(
        Path::line(at, at + Point::new(50.0, 0.0)),
        Stroke::solid(INK, 0.25),
    );
    let mut ink = Rect::new(at.x, at.y, 50.0, 4.0);
    let small = TextStyle::new(FontRole::Regular, 2.6);
    for mm in 0..=50 {
        let len = if mm % 10 == 0 {
            4.0
        } else if mm % 5 == 0 {
            2.8
        } else {
            1.8
        };
        let x = at.x + mm as f64;
        d.stroke(
            Path::line(Point::new(x, at.y), Point::new(x, at.y + len)),
            stroke.clone(),
        );
        if mm % 10 == 0 {
            let g = fonts.line(
                small,
                &mm.to_string(),
                Point::new(x, at.y + 7.0),
                Align::Center,
            )?;
            ink = glyph_ink(fonts, &g).map_or(ink, |r| ink.union(&r));
            d.glyphs(INK, g);
        }
    }
    let note_at = if note_below {
        Point::new(at.x, at.y + 12.5)
    } else {
        Point::new(at.x + 56.0, at.y + 3.5)
    };
    let g = fonts.line(
        TextStyle::new(FontRole::Regular, 3.2),
        RULER_NOTE,
        note_at,
        Align::Start,
    )?;
    ink = glyph_ink(fonts, &g).map_or(ink, |r| ink.union(&r));
    d.glyphs(GREY, g);
    Ok(ink)
}

fn glyph_ink(fonts: &Fonts, glyphs: &[Glyph]) -> Option<Rect> {
    glyphs
        .iter()
        .filter_map(|g| fonts.ink_rect(g))
        .reduce(|a, b| a.union(&b))
}
