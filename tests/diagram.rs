//! Diagrams measured from their output: board size, every piece inside its square, White's
//! pieces turned, hands listed as Japanese books list them, golden SVGs, PNG and PDF sizes, and
//! byte-identical output.

use shogiprint::diagram::{self, spec, Diagram, Layout, Style};
use shogiprint::draw::{Drawing, FontRole, Fonts, Glyph, Item, Rect};
use shogiprint::render;
use shogiprint::rules::{Color, Variant};
use std::sync::Arc;

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

fn standard() -> Arc<Variant> {
    Variant::builtin("standard").unwrap()
}

fn diagram_of(text: &str, variant: &Arc<Variant>) -> Diagram {
    Diagram::from_read(variant.clone(), spec::read_position(text, variant).unwrap())
}

fn yaml(path: &str) -> Diagram {
    let text = std::fs::read_to_string(path).unwrap();
    let load = |v: &str| -> Result<Arc<Variant>, shogiprint::Error> { Ok(Variant::builtin(v)?) };
    spec::from_yaml_text(&text, path, &standard(), &load).unwrap()
}

fn glyphs(d: &Drawing) -> Vec<Glyph> {
    d.text_glyphs().cloned().collect()
}

/// The glyphs whose ink centre lies on the board: the pieces.
fn board_glyphs(d: &Drawing, l: &Layout, fonts: &Fonts) -> Vec<(Glyph, Rect)> {
    glyphs(d)
        .into_iter()
        .filter_map(|g| {
            let r = fonts.ink_rect(&g)?;
            l.board.contains(&r, 0.0).then_some((g, r))
        })
        .collect()
}

#[test]
fn board_is_nine_squares_of_eleven_by_twelve() {
    let fonts = Fonts::bundled();
    let d = diagram_of("startpos", &standard());
    let l = Layout::new(d.setup.size, &d.options, false);
    assert_eq!(l.w, 7.0);
    assert!((l.board.w - 63.0).abs() < 1e-9);
    assert!((l.board.h - 9.0 * 7.0 * 12.0 / 11.0).abs() < 1e-9);
    let drawing = diagram::draw(&d, &fonts).unwrap();
    assert!(drawing.width > l.board.right() && drawing.height > l.board.bottom());

    let mut square = d.clone();
    square.options.aspect = 1.0;
    let l = Layout::new(square.setup.size, &square.options, false);
    assert!((l.board.h - 63.0).abs() < 1e-9);
}

#[test]
fn every_piece_glyph_lies_inside_its_square_and_white_is_turned() {
    let fonts = Fonts::bundled();
    for (text, two_char) in [
        (START, false),
        ("startpos moves 7g7f 3c3d 8h2b+ 3a2b", false),
        ("9/9/9/9/4+L4/9/9/9/k3K4 b - 1", true),
    ] {
        let mut d = diagram_of(text, &standard());
        d.options.two_char_promoted = two_char;
        d.options.kings = diagram::Kings::Traditional;
        let l = Layout::new(d.setup.size, &d.options, false);
        let drawing = diagram::draw(&d, &fonts).unwrap();
        let placed = board_glyphs(&drawing, &l, &fonts);
        let mut per_square = std::collections::BTreeMap::new();
        for (g, r) in &placed {
            let sq = d
                .setup
                .size
                .squares()
                .find(|&sq| l.cell(sq).contains(r, 0.0));
            let sq =
                sq.unwrap_or_else(|| panic!("glyph {} at {r:?} is not inside one square", g.ch));
            let piece = d
                .setup
                .piece_at(sq)
                .unwrap_or_else(|| panic!("glyph {} on empty {sq:?}", g.ch));
            // Upright glyphs map font-up to page-up (d < 0); turned ones the other way.
            let turned = g.transform.0[3] > 0.0;
            assert_eq!(turned, piece.color == Color::White, "{} on {:?}", g.ch, sq);
            assert_eq!(g.font, FontRole::Bold);
            *per_square.entry(sq).or_insert(0) += 1;
        }
        let expected: usize = d
            .setup
            .pieces()
            .map(|(_, p)| {
                diagram::piece_label(d.variant.catalog.get(p.kind), p.color, &d.options)
                    .chars()
                    .count()
            })
            .sum();
        assert_eq!(placed.len(), expected, "{text}");
        assert_eq!(per_square.len(), d.setup.pieces().count());
    }
}

#[test]
fn kings_are_gyoku_for_black_and_ou_for_white() {
    let fonts = Fonts::bundled();
    let d = diagram_of("startpos", &standard());
    let l = Layout::new(d.setup.size, &d.options, false);
    let drawing = diagram::draw(&d, &fonts).unwrap();
    let chars: String = board_glyphs(&drawing, &l, &fonts)
        .iter()
        .map(|(g, _)| g.ch)
        .collect();
    assert_eq!(chars.matches('玉').count(), 1);
    assert_eq!(chars.matches('王').count(), 1);
    let mut both = d.clone();
    both.options.kings = diagram::Kings::Ou;
    let drawing = diagram::draw(&both, &fonts).unwrap();
    let chars: String = board_glyphs(&drawing, &l, &fonts)
        .iter()
        .map(|(g, _)| g.ch)
        .collect();
    assert_eq!(chars.matches('王').count(), 2);
}

/// The characters of the hand column on `side`'s side, top to bottom.
fn hand_column(drawing: &Drawing, l: &Layout, fonts: &Fonts, side: Color) -> String {
    let x = l.hand_x[side.index()];
    let mut found: Vec<(f64, char)> = glyphs(drawing)
        .into_iter()
        .filter_map(|g| {
            let r = fonts.ink_rect(&g)?;
            ((r.center().x - x).abs() < 0.3 * l.w).then_some((r.center().y, g.ch))
        })
        .collect();
    found.sort_by(|a, b| a.0.total_cmp(&b.0));
    found.into_iter().map(|(_, c)| c).collect()
}

#[test]
fn hands_are_written_vertically_with_kanji_counts() {
    let fonts = Fonts::bundled();
    let d = diagram_of("4k4/9/9/9/9/9/9/9/4K4 b R2G3Pl 1", &standard());
    let l = Layout::new(d.setup.size, &d.options, false);
    let drawing = diagram::draw(&d, &fonts).unwrap();
    assert_eq!(
        hand_column(&drawing, &l, &fonts, Color::Black),
        "先手持駒飛金二歩三"
    );
    assert_eq!(
        hand_column(&drawing, &l, &fonts, Color::White),
        "後手持駒香"
    );

    let d = diagram_of("4k4/9/9/9/9/9/9/9/4K4 b 18P 1", &standard());
    let drawing = diagram::draw(&d, &fonts).unwrap();
    assert_eq!(
        hand_column(&drawing, &l, &fonts, Color::Black),
        "先手持駒歩十八"
    );
    assert_eq!(
        hand_column(&drawing, &l, &fonts, Color::White),
        "後手持駒なし"
    );
}

#[test]
fn handicap_and_tsume_hands() {
    let fonts = Fonts::bundled();
    let d = diagram_of("two-piece", &standard());
    assert!(d.options.handicap);
    let l = Layout::new(d.setup.size, &d.options, false);
    let drawing = diagram::draw(&d, &fonts).unwrap();
    assert_eq!(
        hand_column(&drawing, &l, &fonts, Color::Black),
        "下手持駒なし"
    );
    assert_eq!(
        hand_column(&drawing, &l, &fonts, Color::White),
        "上手持駒なし"
    );

    let d = yaml("examples/diagrams/tsume.yaml");
    let l = Layout::new(d.setup.size, &d.options, true);
    let drawing = diagram::draw(&d, &fonts).unwrap();
    assert_eq!(
        hand_column(&drawing, &l, &fonts, Color::Black),
        "先手持駒金"
    );
    assert_eq!(
        hand_column(&drawing, &l, &fonts, Color::White),
        "後手持駒残り全部"
    );
    let mut hidden = d.clone();
    hidden.options.defender_hand = diagram::DefenderHand::Hidden;
    let drawing = diagram::draw(&hidden, &fonts).unwrap();
    assert_eq!(hand_column(&drawing, &l, &fonts, Color::White), "");
}

/// A tsume defender's hand written out as exactly the rest (as KIF files and many SFENs give
/// it) is printed 残り全部 as an empty one is, not listed over two columns; with nothing left
/// over it is なし.
#[test]
fn a_tsume_defenders_hand_written_out_as_the_rest_is_printed_as_the_rest() {
    let fonts = Fonts::bundled();
    let column = |sfen: &str| {
        let mut d = diagram_of(sfen, &standard());
        d.options.tsume = true;
        let l = Layout::new(d.setup.size, &d.options, true);
        let drawing = diagram::draw(&d, &fonts).unwrap();
        hand_column(&drawing, &l, &fonts, Color::White)
    };
    assert_eq!(
        column("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"),
        "後手持駒残り全部"
    );
    // Every piece on the board or in the attacker's hand: the defender holds nothing.
    assert_eq!(
        column("4k4/9/4P4/9/9/9/9/9/9 b 2R2B4G4S4N4L17P 1"),
        "後手持駒なし"
    );
}

#[test]
fn flipped_board_swaps_hands_and_coordinates() {
    let fonts = Fonts::bundled();
    let mut d = diagram_of("4k4/9/9/9/9/9/9/9/4K4 b G 1", &standard());
    d.options.viewer = Color::White;
    let l = Layout::new(d.setup.size, &d.options, false);
    assert!(l.hand_x[Color::White.index()] > l.board.right());
    assert_eq!(l.file_label(0), 1);
    assert_eq!(l.rank_label(0), 9);
    let drawing = diagram::draw(&d, &fonts).unwrap();
    let placed = board_glyphs(&drawing, &l, &fonts);
    for (g, _) in placed {
        let turned = g.transform.0[3] > 0.0;
        assert_eq!(turned, g.ch == '玉', "{}", g.ch);
    }
}

#[test]
fn variants_draw_at_their_own_size() {
    let fonts = Fonts::bundled();
    for (name, files, ranks) in [("minishogi", 5, 5), ("gorogoro", 5, 6), ("sho", 9, 9)] {
        let v = Variant::builtin(name).unwrap();
        let d = diagram_of("startpos", &v);
        let l = Layout::of(&d);
        assert!((l.board.w - files as f64 * 7.0).abs() < 1e-9, "{name}");
        // Sho shogi has no drops: no hand columns, the board at the margin.
        assert_eq!(l.hands, v.drops, "{name}");
        assert!(
            (l.board.h - ranks as f64 * 7.0 * 12.0 / 11.0).abs() < 1e-9,
            "{name}"
        );
        let drawing = diagram::draw(&d, &fonts).unwrap();
        let chars: String = board_glyphs(&drawing, &l, &fonts)
            .iter()
            .map(|(g, _)| g.ch)
            .collect();
        if name == "sho" {
            assert_eq!(chars.matches('酔').count(), 2);
        }
    }
}

#[test]
fn beginner_styles_draw_a_pentagon_per_piece_with_marks_from_the_movement_data() {
    let fonts = Fonts::bundled();
    for style in [Style::Arrows, Style::Western] {
        let mut d = diagram_of("4k4/9/9/9/4R4/9/9/9/4K4 b - 1", &standard());
        d.options.style = style;
        let drawing = diagram::draw(&d, &fonts).unwrap();
        let wood = shogiprint::diagram::face::WOOD;
        let faces = drawing
            .items
            .iter()
            .filter(|i| matches!(i, Item::Shape(s) if s.fill == Some(wood)))
            .count();
        assert_eq!(faces, 3, "{style:?}");
    }
    // Marks per kind: the rook has four slides (a shaft and a head each), the king eight steps.
    let v = standard();
    let marks = |letter: char| {
        let kind = v.catalog.get(v.catalog.by_letter(letter, false).unwrap());
        diagram::marks::movement_marks(
            &kind.movement,
            Default::default(),
            (1.0, 1.0),
            0.1,
            shogiprint::draw::Color::BLACK,
            &diagram::marks::MarkGeometry::DIAGRAM,
        )
        .len()
    };
    assert_eq!(marks('R'), 8);
    assert_eq!(marks('K'), 8);
    assert_eq!(marks('N'), 2);
}

#[test]
fn png_has_the_requested_width_and_the_drawings_proportions() {
    let fonts = Fonts::bundled();
    let d = diagram_of("startpos", &standard());
    let drawing = diagram::draw(&d, &fonts).unwrap();
    let png = render::to_png(&drawing, &fonts, 600).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(png[20..24].try_into().unwrap());
    assert_eq!(width, 600);
    assert_eq!(
        height,
        (600.0 * drawing.height / drawing.width).round() as u32
    );
}

#[test]
fn svg_is_millimetre_sized_and_defines_each_glyph_once() {
    let fonts = Fonts::bundled();
    let d = diagram_of("startpos", &standard());
    let drawing = diagram::draw(&d, &fonts).unwrap();
    let svg = render::to_svg(&drawing, &fonts);
    assert!(
        svg.contains(&format!("width=\"{}mm\"", trim(drawing.width))),
        "{}",
        &svg[..200]
    );
    let defs = svg.matches(" id=\"").count();
    let distinct: std::collections::BTreeSet<_> =
        glyphs(&drawing).iter().map(|g| (g.font, g.id)).collect();
    assert_eq!(defs, distinct.len());
    assert_eq!(svg.matches("<use ").count(), glyphs(&drawing).len());
    assert!(!svg.contains("<text"), "text must be outlines");
}

fn trim(v: f64) -> String {
    let s = format!("{v:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[test]
fn output_is_byte_identical_twice() {
    let fonts = Fonts::bundled();
    let d = yaml("examples/diagrams/teaching.yaml");
    let a = diagram::draw(&d, &fonts).unwrap();
    let b = diagram::draw(&d, &fonts).unwrap();
    assert_eq!(render::to_svg(&a, &fonts), render::to_svg(&b, &fonts));
    assert_eq!(
        render::to_png(&a, &fonts, 300).unwrap(),
        render::to_png(&b, &fonts, 300).unwrap()
    );
    let pa = render::pdf::to_pdf(std::slice::from_ref(&a), &fonts, "t");
    let pb = render::pdf::to_pdf(std::slice::from_ref(&b), &fonts, "t");
    assert_eq!(pa, pb);
}

#[test]
fn pdf_page_is_the_drawing_size() {
    let fonts = Fonts::bundled();
    let d = diagram_of("startpos", &standard());
    let drawing = diagram::draw(&d, &fonts).unwrap();
    let pdf = render::pdf::to_pdf(std::slice::from_ref(&drawing), &fonts, "t");
    let doc = lopdf::Document::load_mem(&pdf).unwrap();
    let pages = doc.get_pages();
    assert_eq!(pages.len(), 1);
    let page = doc.get_dictionary(*pages.values().next().unwrap()).unwrap();
    let mb = page.get(b"MediaBox").unwrap().as_array().unwrap();
    let num = |o: &lopdf::Object| {
        o.as_float()
            .map(|f| f as f64)
            .or_else(|_| o.as_i64().map(|i| i as f64))
            .unwrap()
    };
    let pt = 72.0 / 25.4;
    assert!((num(&mb[2]) - num(&mb[0]) - drawing.width * pt).abs() < 0.01);
    assert!((num(&mb[3]) - num(&mb[1]) - drawing.height * pt).abs() < 0.01);
}

/// Golden files: set UPDATE_GOLDEN=1 to rewrite them after a deliberate change, then look at
/// the diff (and the pictures) before committing.
#[test]
fn golden_svgs() {
    let fonts = Fonts::bundled();
    let cases: Vec<(&str, Diagram)> = vec![
        ("startpos", diagram_of("startpos", &standard())),
        ("tsume", yaml("examples/diagrams/tsume.yaml")),
        ("teaching", yaml("examples/diagrams/teaching.yaml")),
        ("minishogi-arrows", yaml("examples/diagrams/minishogi.yaml")),
        ("flipped-western", yaml("examples/diagrams/flipped.yaml")),
    ];
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    for (name, d) in cases {
        let svg = render::to_svg(&diagram::draw(&d, &fonts).unwrap(), &fonts);
        let path = format!("tests/golden/{name}.svg");
        if update {
            std::fs::write(&path, &svg).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path)
            .unwrap_or_else(|_| panic!("{path} missing: run with UPDATE_GOLDEN=1"));
        assert!(svg == want, "{path} differs from the output; if the change is deliberate, rerun with UPDATE_GOLDEN=1");
    }
}

#[test]
fn example_diagrams_all_validate_and_draw() {
    let fonts = Fonts::bundled();
    for entry in std::fs::read_dir("examples/diagrams").unwrap() {
        let path = entry.unwrap().path();
        let d = yaml(path.to_str().unwrap());
        d.check()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        diagram::draw(&d, &fonts).unwrap();
    }
}

#[test]
fn expect_problems_must_match_exactly() {
    let mut d = yaml("examples/diagrams/nifu.yaml");
    assert!(d.check().is_ok());
    d.expect_problems = None;
    let e = d.check().unwrap_err();
    assert_eq!(e.problems[0].code.as_str(), "nifu");
    d.expect_problems = Some(vec![shogiprint::rules::ProblemCode::DeadPiece]);
    let codes: Vec<&str> = d
        .check()
        .unwrap_err()
        .problems
        .iter()
        .map(|p| p.code.as_str())
        .collect();
    assert_eq!(codes, ["nifu", "dead-piece"]);
}

/// The ink boxes of the glyphs drawn in `color`, and the filled or stroked shapes' boxes in it.
fn ink_and_marks(drawing: &Drawing, fonts: &Fonts) -> (Vec<(Glyph, Rect)>, Vec<Rect>) {
    let mut glyphs = Vec::new();
    let mut marks = Vec::new();
    let wood = shogiprint::diagram::face::WOOD;
    // Marks are what is drawn after the first piece (the board and its grid come before).
    let first_piece = drawing
        .items
        .iter()
        .position(|i| matches!(i, Item::Shape(s) if s.fill == Some(wood)))
        .unwrap_or(0);
    for (n, item) in drawing.items.iter().enumerate() {
        match item {
            Item::Text { glyphs: g, .. } => {
                glyphs.extend(g.iter().filter_map(|g| Some((*g, fonts.ink_rect(g)?))))
            }
            Item::Shape(s) if n > first_piece && s.fill != Some(wood) && s.opacity == 1.0 => {
                if let Some(b) = s.path.bounds() {
                    marks.push(b);
                }
            }
            _ => {}
        }
    }
    (glyphs, marks)
}

#[test]
fn beginner_labels_are_large_and_no_mark_touches_them() {
    // Issue 13: the arrows style printed the kanji at 34 % of the square and the bishop's and
    // rook's arrows touched it. Every piece's label is now at least 55 % of the square wide (by
    // its em, as type is sized) and no movement mark's box overlaps a label glyph's ink box.
    let fonts = Fonts::bundled();
    let v = standard();
    // Every kind, promoted and not, for both sides.
    let sfen = "lnsgkgsnl/1r5b1/+p+l+n+s+b+r3/9/9/9/+P+L+N+S+B+R3/1B5R1/LNSGKGSNL b - 1";
    for (style, graded) in [
        (Style::Arrows, false),
        (Style::Western, false),
        (Style::Arrows, true),
        (Style::Western, true),
    ] {
        let mut d = diagram_of(sfen, &v);
        d.options.style = style;
        d.options.graded = graded;
        let drawing = diagram::draw(&d, &fonts).unwrap();
        let w = d.options.square;
        // Graded as in a real set: the king's face is 28/22 of the pawn's (pieces.yaml), the
        // pawn's kept to 0.86 of the full size so its label stays large.
        let wood = shogiprint::diagram::face::WOOD;
        let mut widths: Vec<f64> = drawing
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Shape(s) if s.fill == Some(wood) => s.path.bounds().map(|b| b.w),
                _ => None,
            })
            .collect();
        widths.sort_by(f64::total_cmp);
        let (small, large) = (widths[0], widths[widths.len() - 1]);
        if graded {
            assert!((small / large - 0.86).abs() < 0.01, "{small} / {large}");
        } else {
            assert!((small - large).abs() < 1e-9);
        }
        let (glyphs, marks) = ink_and_marks(&drawing, &fonts);
        let board = Layout::new(d.setup.size, &d.options, false).board;
        let mut labels = 0;
        for (g, r) in glyphs.iter().filter(|(_, r)| {
            r.x > board.x
                && r.right() < board.right()
                && r.y > board.y
                && r.bottom() < board.bottom()
        }) {
            // The type size (the em, measured up the glyph: the kanji is set 88 % wide).
            let [_, _, c, d, ..] = g.transform.0;
            let em = c.hypot(d) * fonts.face(g.font).units_per_em();
            if g.ch != '+' {
                assert!(
                    em >= 0.55 * w - 1e-9,
                    "{style:?} '{}' em {em:.2} mm < 55 % of {w} mm",
                    g.ch
                );
                labels += 1;
            }
            for m in &marks {
                let apart =
                    m.right() <= r.x || r.right() <= m.x || m.bottom() <= r.y || r.bottom() <= m.y;
                assert!(apart, "{style:?} mark {m:?} overlaps '{}' at {r:?}", g.ch);
            }
        }
        assert_eq!(labels, 34, "{style:?}: one label per piece");
    }
}

#[test]
fn a_long_hand_wraps_and_stays_beside_the_board() {
    // Issue 13: 飛角金二銀二桂二香二歩十七 ran a third of the board's height below it. Books
    // wrap such a hand into a second column; the drawing is then no taller than the board with
    // its coordinates (and margin).
    let fonts = Fonts::bundled();
    let v = standard();
    for style in [Style::Traditional, Style::Arrows, Style::Western] {
        let mut d = diagram_of("4k4/9/9/9/9/9/9/9/4K4 b RB2G2S2N2L17P2g2s2n2lp 1", &v);
        d.options.style = style;
        let drawing = diagram::draw(&d, &fonts).unwrap();
        let l = Layout::new(d.setup.size, &d.options, false);
        let foot = l.board.bottom() + l.margin;
        assert!(
            drawing.height <= foot + 1e-9,
            "{style:?}: {} mm tall, board ends at {foot}",
            drawing.height
        );
        let (glyphs, _) = ink_and_marks(&drawing, &fonts);
        let lowest = glyphs.iter().map(|(_, r)| r.bottom()).fold(0.0, f64::max);
        assert!(
            lowest <= l.board.bottom() + 1e-6,
            "{style:?}: ink down to {lowest}"
        );
        // Nothing is lost: the seventeen pawns are still written.
        let text: String = glyphs.iter().map(|(g, _)| g.ch).collect();
        let want = if style == Style::Western {
            "P×17"
        } else {
            "歩十七"
        };
        assert!(text.replace(' ', "").contains(want), "{style:?}: {text}");
    }
}

#[test]
fn a_wrapped_hand_reads_in_order() {
    // Vertical columns read from right to left: Black's hand, on the board's right, starts
    // in the outer column (its name, 持駒, 飛) and goes on nearer the board (歩十七). White's,
    // on the left, starts beside the board and goes on outwards. Black's columns once started
    // beside the board and went on outwards, read backwards; and a long name in the western
    // style ran off the drawing.
    let fonts = Fonts::bundled();
    let v = standard();
    let sfen = "4k4/9/9/9/9/9/9/9/4K4 b RB2G2S2N2L17P2g2s2n2l17p 1";
    for style in [Style::Traditional, Style::Western] {
        for flip in [false, true] {
            let mut d = diagram_of(sfen, &v);
            d.options.style = style;
            if flip {
                d.options.viewer = shogiprint::rules::Color::White;
            }
            d.players = [
                Some("羽生善治名人・竜王".into()),
                Some("藤井聡太八冠".into()),
            ];
            let drawing = diagram::draw(&d, &fonts).unwrap();
            let (glyphs, _) = ink_and_marks(&drawing, &fonts);
            // The kings stand on the 5-file, in the board's middle; the hands' pieces are
            // written nowhere else.
            let centre = glyphs
                .iter()
                .find(|(g, _)| g.ch == '玉' || g.ch == 'K')
                .map(|(_, r)| r.center().x)
                .expect("a king");
            let x_of = |ch: char, right: bool| {
                glyphs
                    .iter()
                    .filter(|(g, r)| g.ch == ch && (r.center().x > centre) == right)
                    .map(|(_, r)| r.center().x)
                    .next()
                    .unwrap_or_else(|| panic!("{style:?} flip {flip}: no '{ch}'"))
            };
            // Both sides' kanji hands wrap: the first entry and the last are a column apart.
            // (Western lines fit one column with every kind in hand.)
            if style != Style::Western {
                let step = Layout::new(d.setup.size, &d.options, false).hand_step;
                for (black, first) in [(true, '飛'), (false, '金')] {
                    let right = black != flip;
                    let (a, b) = (x_of(first, right), x_of('歩', right));
                    assert!(
                        a - b > 0.5 * step,
                        "flip {flip} black {black}: first at {a:.1}, last at {b:.1}"
                    );
                }
            }
            // Nothing outside the drawing (a long name in western lines shrinks and wraps).
            for (g, r) in &glyphs {
                assert!(
                    r.x >= -1e-6 && r.right() <= drawing.width + 1e-6,
                    "{style:?} flip {flip}: '{}' at {r:?} outside {} mm",
                    g.ch,
                    drawing.width
                );
            }
        }
    }
}

#[test]
fn a_drop_arrow_leaves_the_rank_numerals_and_the_hand_legible() {
    // The arrow of S*5e runs from the edge of 銀 in Black's hand across the frame and the rank
    // numeral 四, which is drawn again after it, as the pieces' names are.
    let fonts = Fonts::bundled();
    let v = standard();
    let mut d = diagram_of(
        "ln1g3nl/1r1sk1gb1/p1pppp1pp/1p4p2/9/2P4P1/PP1PPPP1P/1BG4R1/LN2KGSNL b Ss 1",
        &v,
    );
    d.annotations.arrows = vec![spec::parse_arrow("S*5e", &d.setup, &v).unwrap()];
    let drawing = diagram::draw(&d, &fonts).unwrap();
    let arrow = drawing
        .items
        .iter()
        .position(|i| matches!(i, Item::Shape(s) if s.opacity < 1.0))
        .expect("an arrow");
    let after: String = drawing.items[arrow + 1..]
        .iter()
        .filter_map(|i| match i {
            Item::Text { glyphs, .. } => Some(glyphs.iter().map(|g| g.ch).collect::<String>()),
            _ => None,
        })
        .collect();
    assert!(after.contains('四'), "{after}");
    // The arrow starts at the edge of 銀, not on it: nothing crosses the name to lift it.
    assert!(!after.contains('銀'), "{after}");
}

#[test]
fn a_one_square_arrow_runs_centre_to_centre_under_the_piece_name() {
    // Issue 13: 7g7f shrank to a triangle on the pawn, stopping at the square's edge, over the
    // kanji. Now it runs from centre to centre with a shaft behind its head, and the pawn's
    // name is drawn again on top.
    let fonts = Fonts::bundled();
    let v = standard();
    for style in [Style::Traditional, Style::Arrows, Style::Western] {
        let mut d = diagram_of("startpos moves 7g7f", &v);
        d.options.style = style;
        d.annotations.arrows = vec![spec::parse_arrow("7g7f", &d.setup, &v).unwrap()];
        let drawing = diagram::draw(&d, &fonts).unwrap();
        let l = Layout::new(d.setup.size, &d.options, false);
        let size = d.setup.size;
        let from = l.center(size.from_file_rank(7, 7).unwrap());
        let to = l.center(size.from_file_rank(7, 6).unwrap());
        let arrow = drawing
            .items
            .iter()
            .position(|i| matches!(i, Item::Shape(s) if s.opacity < 1.0))
            .expect("an arrow");
        let Item::Shape(s) = &drawing.items[arrow] else {
            unreachable!()
        };
        let b = s.path.bounds().unwrap();
        assert!(
            (b.bottom() - from.y).abs() < 0.3 * l.w,
            "{style:?} starts at the centre"
        );
        assert!(
            (b.y - to.y).abs() < 1e-6,
            "{style:?} tip at the centre: {b:?}"
        );
        // The shaft: the outline's narrow part is at least a quarter of a square long.
        let Some(shaft_w) = s
            .path
            .segments
            .iter()
            .filter_map(|seg| match seg {
                shogiprint::draw::Segment::Move(p) | shogiprint::draw::Segment::Line(p) => Some(*p),
                _ => None,
            })
            .map(|p| p.y)
            .reduce(f64::max)
        else {
            panic!()
        };
        assert!(
            shaft_w > to.y + 0.6 * l.h,
            "{style:?}: a shaft below the head"
        );
        // The pawn's glyph on 7f is drawn after the arrow.
        let lifted = drawing.items[arrow + 1..].iter().any(|i| match i {
            Item::Text { glyphs, .. } => glyphs.iter().any(|g| {
                fonts.ink_rect(g).is_some_and(|r| {
                    r.x < to.x && to.x < r.right() && r.y < to.y && to.y < r.bottom()
                })
            }),
            _ => false,
        });
        assert!(lifted, "{style:?}: the pawn's name lies over the arrow");
    }
}

#[test]
fn a_capture_arrow_points_at_the_piece_instead_of_hiding_under_it() {
    // 2e2c and 8h2b, moves still to come onto pieces: their heads ended at the centre of the
    // square, under the name of the piece taken, drawn over them. Now the tip stops at the
    // edge of that name; the played move 2f2e still ends under the pawn that made it.
    let fonts = Fonts::bundled();
    let v = standard();
    for style in [Style::Traditional, Style::Arrows, Style::Western] {
        let mut d = diagram_of("startpos moves 7g7f 3c3d 2g2f 4c4d 2f2e", &v);
        d.options.style = style;
        d.annotations.arrows = ["2e2c", "8h2b", "2f2e"]
            .iter()
            .map(|a| spec::parse_arrow(a, &d.setup, &v).unwrap())
            .collect();
        let drawing = diagram::draw(&d, &fonts).unwrap();
        let l = Layout::new(d.setup.size, &d.options, false);
        let arrows: Vec<Rect> = drawing
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Shape(s) if s.opacity < 1.0 => s.ink_bounds(),
                _ => None,
            })
            .collect();
        assert_eq!(arrows.len(), 3, "{style:?}");
        let sq = |f, r| d.setup.size.from_file_rank(f, r).unwrap();
        // The name of the piece on a square: its glyphs' ink.
        let name = |at: shogiprint::rules::Square| {
            let c = l.cell(at);
            board_glyphs(&drawing, &l, &fonts)
                .into_iter()
                .map(|(_, r)| r)
                .filter(|r| c.contains(r, 1e-6))
                .reduce(|a, b| a.union(&b))
                .unwrap()
        };
        // 2e2c runs up: its tip (the top of its ink) is below the name on 2c.
        let on_2c = name(sq(2, 3));
        assert!(
            arrows[0].y >= on_2c.bottom() - 1e-6,
            "{style:?}: tip {} inside the name on 2c ({on_2c:?})",
            arrows[0].y
        );
        // 8h2b runs up and right: its tip is at the name's lower left corner, not inside it.
        let on_2b = name(sq(2, 2));
        assert!(
            arrows[1].y >= on_2b.bottom() - 0.1 || arrows[1].right() <= on_2b.x + 0.1,
            "{style:?}: tip inside the name on 2b ({:?}, {on_2b:?})",
            arrows[1]
        );
        // 2f2e was played: the head ends at the centre of 2e, under the pawn.
        assert!(
            (arrows[2].y - l.center(sq(2, 5)).y).abs() < 1e-6,
            "{style:?}"
        );
    }
}

#[test]
fn a_long_caption_or_title_stays_inside_the_drawing() {
    // Centred on the board, which stands left of the drawing's centre, a caption wrapped to
    // the drawing's width lost its first character past the left edge (第3図 → 3図), and a long
    // title ran off both sides.
    let fonts = Fonts::bundled();
    let v = standard();
    for style in [Style::Traditional, Style::Western] {
        let mut d = diagram_of("4k4/9/9/9/9/9/9/9/4K4 b RB4G4S4N4L18P 1", &v);
        d.options.style = style;
        d.caption = Some(
            "第3図 ▲5九玉まで（先手の持駒が非常に多い局面の説明がとても長くなって折り返す場合の確認）"
                .to_string(),
        );
        d.title =
            Some("第3図 先手の持駒が非常に多い局面の説明がとても長い見出しの確認".to_string());
        let drawing = diagram::draw(&d, &fonts).unwrap();
        let inside = Rect::new(0.0, 0.0, drawing.width, drawing.height);
        for g in drawing.text_glyphs() {
            let r = fonts.ink_rect(g).unwrap_or(inside);
            assert!(
                inside.contains(&r, 1e-6),
                "{style:?}: {} at {r:?} outside {inside:?}",
                g.ch
            );
        }
        // A short caption is still centred under the board.
        d.title = None;
        d.caption = Some("1手詰".to_string());
        let drawing = diagram::draw(&d, &fonts).unwrap();
        let l = Layout::new(d.setup.size, &d.options, false);
        let ink = drawing
            .text_glyphs()
            .filter(|g| g.ch == '手' || g.ch == '1' || g.ch == '詰')
            .filter_map(|g| fonts.ink_rect(g))
            .filter(|r| r.y > l.board.bottom())
            .reduce(|a, b| a.union(&b))
            .unwrap();
        assert!(
            (ink.center().x - l.board.center().x).abs() < 0.3,
            "{style:?}: {ink:?}"
        );
    }
}

#[test]
fn a_hand_column_longer_than_the_board_keeps_clear_of_the_caption() {
    // A player's name long enough to take the hand column past the board's foot ran into the
    // caption, set at a fixed distance under the board.
    let fonts = Fonts::bundled();
    let v = standard();
    let mut d = diagram_of("4k4/9/9/9/9/9/9/9/4K4 b RB4G4S4N4L18P 1", &v);
    d.players = [
        Some("羽生善治九段永世七冠名人竜王王位王座棋王".to_string()),
        Some("藤井聡太竜王名人".to_string()),
    ];
    d.caption = Some(
        "第3図 ▲5九玉まで（先手の持駒が非常に多い局面の説明がとても長くなって折り返す場合）"
            .to_string(),
    );
    let drawing = diagram::draw(&d, &fonts).unwrap();
    let l = Layout::new(d.setup.size, &d.options, false);
    let off_board: Vec<(char, Rect)> = drawing
        .text_glyphs()
        .filter_map(|g| Some((g.ch, fonts.ink_rect(g)?)))
        .filter(|(_, r)| !l.board.contains(r, 0.0))
        .collect();
    for (i, (a, ra)) in off_board.iter().enumerate() {
        for (b, rb) in &off_board[i + 1..] {
            let apart = ra.right() <= rb.x
                || rb.right() <= ra.x
                || ra.bottom() <= rb.y
                || rb.bottom() <= ra.y;
            assert!(apart, "{a} {ra:?} touches {b} {rb:?}");
        }
    }
    let inside = Rect::new(0.0, 0.0, drawing.width, drawing.height);
    for (c, r) in &off_board {
        assert!(inside.contains(r, 1e-6), "{c} {r:?} outside the drawing");
    }
}
