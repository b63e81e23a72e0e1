//! Page 1 of a kit: what is in it, how to print it so that it comes out at true size, how to
//! make the pieces and the board, and a 50 mm ruler to check the scale with.

use super::parts::{Back, Part};
use super::sheets::Layout;
use super::KitOptions;
use crate::diagram::face::INK;
use crate::diagram::{self, Diagram};
use crate::draw::{
    Align, Color, Drawing, FontRole, Fonts, MissingGlyph, Path, Point, Stroke, TextStyle,
};
use crate::rules::Variant;
use std::sync::Arc;

const GREY: Color = Color(0x55, 0x55, 0x55);

/// A cursor writing lines down the page.
struct Writer<'a> {
    d: &'a mut Drawing,
    fonts: &'a Fonts,
    left: f64,
    width: f64,
    y: f64,
}

impl Writer<'_> {
    fn heading(&mut self, text: &str) -> Result<(), MissingGlyph> {
        self.y += 2.5;
        let style = TextStyle::new(FontRole::Bold, 4.2);
        self.y += style.size;
        let g = self
            .fonts
            .line(style, text, Point::new(self.left, self.y), Align::Start)?;
        self.d.glyphs(INK, g);
        self.y += 1.6;
        Ok(())
    }

    /// A paragraph, wrapped; `bullet` (such as "1.") hangs in the margin.
    fn para(&mut self, bullet: &str, text: &str) -> Result<(), MissingGlyph> {
        let style = TextStyle::new(FontRole::Regular, 3.2);
        let indent = if bullet.is_empty() { 0.0 } else { 5.0 };
        let lines = self.fonts.wrap(style, text, self.width - indent)?;
        for (i, line) in lines.iter().enumerate() {
            self.y += 4.3;
            if i == 0 && !bullet.is_empty() {
                let g =
                    self.fonts
                        .line(style, bullet, Point::new(self.left, self.y), Align::Start)?;
                self.d.glyphs(INK, g);
            }
            let g = self.fonts.line(
                style,
                line,
                Point::new(self.left + indent, self.y),
                Align::Start,
            )?;
            self.d.glyphs(INK, g);
        }
        Ok(())
    }

    fn cells(&mut self, cells: &[(f64, &str)], bold: bool) -> Result<(), MissingGlyph> {
        let role = if bold {
            FontRole::Bold
        } else {
            FontRole::Regular
        };
        let style = TextStyle::new(role, 3.2);
        self.y += 4.4;
        for &(x, text) in cells {
            let g =
                self.fonts
                    .line(style, text, Point::new(self.left + x, self.y), Align::Start)?;
            self.d.glyphs(INK, g);
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
}

/// A piece of the cover's text, as data; [`Writer::write`] draws a list of them down the page.
enum Block {
    Heading(&'static str),
    /// A wrapped paragraph; the bullet (such as "1.") hangs in the margin, or is empty.
    Para(&'static str, &'static str),
    /// A table row: cells at x offsets from the left, in bold for a header row.
    Row(Vec<(f64, String)>, bool),
}

impl Writer<'_> {
    fn write(&mut self, blocks: &[Block]) -> Result<(), MissingGlyph> {
        for block in blocks {
            match block {
                Block::Heading(text) => self.heading(text)?,
                Block::Para(bullet, text) => self.para(bullet, text)?,
                Block::Row(cells, bold) => {
                    let cells: Vec<(f64, &str)> =
                        cells.iter().map(|(x, t)| (*x, t.as_str())).collect();
                    self.cells(&cells, *bold)?
                }
            }
        }
        Ok(())
    }
}

/// Draws the cover at the top of `page` within `left..left + width`, from `top`; returns where
/// it ends. Beside the parts table and the printing notes (which run narrower) stands the start
/// position; under them, the ruler, then how to make the pieces and the board.
pub fn draw_cover(
    page: &mut Drawing,
    fonts: &Fonts,
    cover: &Cover<'_>,
    (left, top, width): (f64, f64, f64),
) -> Result<f64, MissingGlyph> {
    let mut w = Writer {
        d: page,
        fonts,
        left,
        width,
        y: top,
    };
    title(&mut w, cover)?;

    let setup = setup_diagram(cover.variant, fonts)?;
    let setup_top = w.y + 4.0;
    w.d.place(&setup, left + width - setup.width, setup_top);
    let setup_bottom = setup_top + setup.height;
    w.width = width - setup.width - 6.0;
    w.write(&parts_table(cover.variant, cover.parts))?;
    w.write(&printing(cover.options.layout))?;
    if cover.card_pages > 0 {
        let first = match cover.options.layout {
            Layout::Fold => 2,
            Layout::Duplex => 3,
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
    ruler(w.d, fonts, Point::new(left + 2.0, w.y + 4.0))?;
    w.y += 16.0;
    w.y = w.y.max(setup_bottom);

    w.width = width;
    w.write(&making_pieces(cover.options.layout))?;
    w.para("", &backs_note(cover.variant, cover.parts))?;
    if let Some(b) = &cover.board {
        w.write(&making_board(b))?;
    }
    Ok(w.y)
}

/// The kit's name and a one-line summary in grey.
fn title(w: &mut Writer<'_>, cover: &Cover<'_>) -> Result<(), MissingGlyph> {
    let (variant, options) = (cover.variant, cover.options);
    let style = TextStyle::new(FontRole::Bold, 7.0);
    w.y += style.size;
    let head = format!("Print kit: {} {}", variant.english, variant.japanese);
    let g = w
        .fonts
        .line(style, &head, Point::new(w.left, w.y), Align::Start)?;
    w.d.glyphs(INK, g);
    let faces = match options.style {
        super::FaceStyle::Western => options.style.name().to_string(),
        style => format!("{} {}", options.lettering.name(), style.name()),
    };
    let mut summary = format!(
        "{} pieces, {faces} faces, {} layout, {}",
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
    w.y += 5.5;
    let g = w
        .fonts
        .line(style, &summary, Point::new(w.left, w.y), Align::Start)?;
    w.d.glyphs(GREY, g);
    Ok(())
}

/// The parts, one row per kind: name, front, back, count and size.
fn parts_table(variant: &Variant, parts: &[Part]) -> Vec<Block> {
    let cols = [0.0, 36.0, 64.0, 88.0, 102.0];
    let row = |cells: [String; 5], bold| Block::Row(cols.into_iter().zip(cells).collect(), bold);
    let mut out = vec![
        Block::Heading("Parts"),
        row(
            ["Piece", "Front", "Back", "Count", "Size, mm"].map(String::from),
            true,
        ),
    ];
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
        out.push(row(
            [kind.english.clone(), front, back, n.to_string(), size],
            false,
        ));
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

/// The variant's start position as a book diagram, about 64 mm wide, so that whoever
/// assembles the set knows where the pieces go.
fn setup_diagram(variant: &Arc<Variant>, fonts: &Fonts) -> Result<Drawing, MissingGlyph> {
    const WIDTH: f64 = 64.0;
    let mut diagram = Diagram::new(variant.clone(), variant.start.clone());
    diagram.caption = Some("Start position: Black (玉) below".into());
    let draw = |d: &Diagram| diagram::draw(d, fonts).map_err(|e| e.missing);
    let first = draw(&diagram)?;
    diagram.options.square = (diagram.options.square * WIDTH / first.width).min(7.0);
    draw(&diagram)
}

/// A 50 mm ruler: a tick every millimetre, longer every 5 and 10, numbered every 10.
fn ruler(d: &mut Drawing, fonts: &Fonts, at: Point) -> Result<(), MissingGlyph> {
    let stroke = Stroke::solid(INK, 0.15);
    d.stroke(
        Path::line(at, at + Point::new(50.0, 0.0)),
        Stroke::solid(INK, 0.25),
    );
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
            d.glyphs(INK, g);
        }
    }
    let g = fonts.line(
        TextStyle::new(FontRole::Regular, 3.2),
        "50 mm: check with a ruler after printing",
        Point::new(at.x + 56.0, at.y + 3.5),
        Align::Start,
    )?;
    d.glyphs(GREY, g);
    Ok(())
}
