//! Highlights measured in the rendered picture: in the beginner styles, where a pentagon piece
//! covers nearly all of its square, a highlighted square must still show its highlight plainly —
//! on an empty square and under Black's and White's pieces, in the default yellow (near the
//! board's own colour) and in a colour given — while the piece on it stays as it was drawn.

use shogiprint::diagram::{self, spec, Diagram, Layout};
use shogiprint::draw::{Fonts, Rect};
use shogiprint::rules::{Square, Variant};
use std::sync::Arc;

/// The picture's width in pixels: a square is about 150 pixels across.
const WIDTH_PX: u32 = 2000;

fn diagram(style: &str, highlights: &str) -> Diagram {
    let text = format!(
        "position: startpos moves 7g7f 3c3d\nstyle: {style}\nlast_move: none\n{highlights}"
    );
    let standard = Variant::builtin("standard").unwrap();
    let load = |v: &str| -> Result<Arc<Variant>, shogiprint::Error> { Ok(Variant::builtin(v)?) };
    spec::from_yaml_text(&text, "test.yaml", &standard, &load).unwrap()
}

fn square(d: &Diagram, name: &str) -> Square {
    let b = name.as_bytes();
    d.setup
        .size
        .from_file_rank(b[0] - b'0', b[1] - b'a' + 1)
        .unwrap()
}

/// An RGB picture: width, height and the pixels row by row.
struct Picture {
    width: usize,
    pixels: Vec<[u8; 3]>,
    /// Pixels per millimetre of the drawing.
    scale: f64,
}

impl Picture {
    fn of(d: &Diagram, fonts: &Fonts) -> Picture {
        let drawing = diagram::draw(d, fonts).unwrap();
        let png = shogiprint::render::png::to_png(&drawing, fonts, WIDTH_PX).unwrap();
        let mut reader = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        let n = info.color_type.samples();
        let pixels = buf[..info.buffer_size()]
            .chunks(n)
            .map(|p| match info.color_type {
                png::ColorType::Grayscale | png::ColorType::GrayscaleAlpha => [p[0]; 3],
                _ => [p[0], p[1], p[2]],
            })
            .collect();
        Picture {
            width: info.width as usize,
            pixels,
            scale: info.width as f64 / drawing.width,
        }
    }

    /// The pixels whose centres lie in `r` (millimetres), as (column, row).
    fn within(&self, r: Rect) -> Vec<(usize, usize)> {
        let px = |v: f64| (v * self.scale - 0.5).ceil().max(0.0) as usize;
        let (x0, x1) = (px(r.x), px(r.right()));
        let (y0, y1) = (px(r.y), px(r.bottom()));
        (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .collect()
    }

    fn at(&self, (x, y): (usize, usize)) -> [u8; 3] {
        self.pixels[y * self.width + x]
    }
}

/// The square's cell in the drawing as drawn (the hands' columns place the board).
fn cell(d: &Diagram, fonts: &Fonts, name: &str) -> Rect {
    let l = Layout::of(d);
    let board = diagram::board_rect(d, fonts).unwrap();
    let c = l.cell(square(d, name));
    Rect::new(
        c.x + board.x - l.board.x,
        c.y + board.y - l.board.y,
        c.w,
        c.h,
    )
}

/// WCAG 2's relative luminance of an sRGB colour.
fn luminance(c: [u8; 3]) -> f64 {
    let lin = |v: u8| {
        let v = v as f64 / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])
}

/// WCAG 2's contrast ratio of two colours, 1 (the same) to 21 (black on white).
fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (a, b) = (luminance(a), luminance(b));
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

/// The squares: empty, Black's pawn, White's pawn (none with a hoshi at a corner).
const SQUARES: [&str; 3] = ["5e", "8g", "2c"];

/// The share of the square's pixels that the highlight changed to a colour standing at 3:1
/// or more against what was there without it (WCAG 2's contrast for graphics that must be seen,
/// 1.4.11): the highlight a reader sees, not a shade that melts into the board or wood.
fn visible_share(plain: &Picture, lit: &Picture, cell: Rect) -> f64 {
    // Leave out the grid line round the square.
    let inner = cell.inset(0.015 * cell.w);
    let pixels = plain.within(inner);
    let seen = pixels
        .iter()
        .filter(|&&p| contrast(plain.at(p), lit.at(p)) >= 3.0)
        .count();
    seen as f64 / pixels.len() as f64
}

#[test]
fn a_highlight_shows_on_an_empty_square_and_under_either_sides_piece_in_beginner_styles() {
    let fonts = Fonts::bundled();
    for style in ["arrows", "western"] {
        let plain = Picture::of(&diagram(style, ""), &fonts);
        for color in ["", "#6fa8dc", "red"] {
            let list: Vec<String> = SQUARES
                .iter()
                .map(|sq| match color {
                    "" => format!("  - {sq}\n"),
                    c => format!("  - {{square: {sq}, color: \"{c}\"}}\n"),
                })
                .collect();
            let d = diagram(style, &format!("highlights:\n{}", list.concat()));
            let lit = Picture::of(&d, &fonts);
            for sq in SQUARES {
                let share = visible_share(&plain, &lit, cell(&d, &fonts, sq));
                // A frame 7.5 % of the square wide round its inside covers 23 % of the square
                // inside its grid lines; its anti-aliased edges, and the piece's outline where
                // it crosses it, leave about 20 %.
                assert!(
                    share >= 0.15,
                    "{style}, {sq}, colour {color:?}: only {:.1} % of the square shows the \
                     highlight at 3:1 against what is under it",
                    share * 100.0
                );
            }
        }
    }
}

#[test]
fn a_highlighted_piece_keeps_every_stroke_of_its_name_and_marks() {
    let fonts = Fonts::bundled();
    for style in ["arrows", "western"] {
        let plain = Picture::of(&diagram(style, ""), &fonts);
        let d = diagram(style, "highlights: [7f, 3d, 8h, 2b]\n");
        let lit = Picture::of(&d, &fonts);
        for sq in ["7f", "3d", "8h", "2b"] {
            // The face inside the frame: its name, its movement marks and most of its outline.
            let c = cell(&d, &fonts, sq);
            let inner = c.inset(0.1 * c.w);
            let mut ink = 0;
            for p in plain.within(inner) {
                let before = plain.at(p);
                if luminance(before) > 0.1 {
                    continue;
                }
                ink += 1;
                assert!(
                    contrast(before, lit.at(p)) < 1.2,
                    "{style}, {sq}: the piece's ink at pixel {p:?} changed from {before:?} to \
                     {:?}",
                    lit.at(p)
                );
            }
            assert!(
                ink > 50,
                "{style}, {sq}: no piece measured ({ink} ink pixels)"
            );
        }
    }
}

#[test]
fn a_traditional_highlight_is_a_light_tint_round_the_kanji_with_no_frame() {
    let fonts = Fonts::bundled();
    let plain = Picture::of(&diagram("traditional", ""), &fonts);
    let lit = Picture::of(
        &diagram(
            "traditional",
            &format!("highlights: [{}]\n", SQUARES.join(", ")),
        ),
        &fonts,
    );
    for sq in SQUARES {
        let c = cell(&diagram("traditional", ""), &fonts, sq);
        // The corner of the square, which the kanji leaves bare: the default yellow's tint
        // (0.55 of the way to white) on the white paper, no darker frame.
        let corner = Rect::new(c.x + 0.04 * c.w, c.y + 0.04 * c.h, 0.06 * c.w, 0.06 * c.h);
        for p in plain.within(corner) {
            assert_eq!(plain.at(p), [255, 255, 255], "{sq}: {p:?}");
            assert_eq!(lit.at(p), [249, 231, 154], "{sq}: {p:?}");
        }
    }
}
