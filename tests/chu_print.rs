//! Chu shogi printed: the kit (92 pieces at chu sizes, the 12 × 12 board in tiles, the rules
//! card, no piece stands), measured in its PDF, and chu diagrams (12 × 12 squares, 12 file
//! numbers and 12 rank numerals, no hands, promoted pieces in red).
//!
//! Outside figures: 46 pieces a side, 92 in all, of 21 kinds (Wikipedia "Chu shogi", Setup);
//! the board about the size of a go board (Kumazawa Yoshitaka, "中将棋の盤など", 2024-08-01),
//! a go board being 1 shaku 4 sun × 1 shaku 5 sun, 424 × 455 mm (Japanese Wikipedia 碁盤).

use shogiprint::diagram::{self, face::PROMOTED_INK, spec, Diagram, Layout};
use shogiprint::draw::{Color as Ink, Fonts, Item, Point};
use shogiprint::kit::{self, board, FaceStyle, Kit, KitError, KitOptions, Paper};
use shogiprint::render::to_pdf;
use shogiprint::rules::Variant;
use std::collections::BTreeMap;
use std::sync::Arc;

#[path = "support/pdf_scan.rs"]
mod pdf_scan;
use pdf_scan::{scan, PageScan, P};

fn chu() -> Arc<Variant> {
    Variant::builtin("chu").unwrap()
}

fn build(options: &KitOptions) -> (Kit, Vec<u8>) {
    let fonts = Fonts::bundled();
    let kit = kit::build(&chu(), options, &fonts).expect("the chu kit builds");
    let bytes = to_pdf(&kit.pages, &fonts, "chu kit");
    (kit, bytes)
}

const WOOD: [f64; 3] = [
    0xf6 as f64 / 255.0,
    0xe7 as f64 / 255.0,
    0xc1 as f64 / 255.0,
];

fn pentagons(page: &PageScan) -> Vec<Vec<P>> {
    page.paths
        .iter()
        .filter(|p| {
            p.fill
                .is_some_and(|f| f.iter().zip(&WOOD).all(|(a, b)| (a - b).abs() < 0.01))
        })
        .flat_map(|p| p.subpaths.iter().cloned())
        .map(|mut s| {
            if s.len() == 6 && s[0] == s[5] {
                s.pop();
            }
            s
        })
        .filter(|s| s.len() == 5)
        .collect()
}

#[test]
fn the_chu_kit_has_92_pieces_at_their_sizes_and_states_its_page_count() {
    let v = chu();
    for (paper, pages) in [(Paper::A4, 12), (Paper::LETTER, 12)] {
        let options = KitOptions {
            paper,
            ..KitOptions::default()
        };
        let (kit, bytes) = build(&options);
        let scanned = scan(&bytes);
        assert_eq!(kit.parts.len(), 92, "46 pieces a side");
        assert_eq!(kit.pages.len(), pages, "{paper}");
        assert_eq!(scanned.len(), pages);
        for p in &scanned {
            assert!((p.width - paper.width).abs() < 0.01 && (p.height - paper.height).abs() < 0.01);
        }
        // Every outline on the sheets is one of the chu sizes of the data, and each kind's count
        // is the set's (fronts standing apex up, backs turned).
        let mut want: BTreeMap<(i64, i64), usize> = BTreeMap::new();
        for p in &kit.parts {
            let key = (
                (p.size.0 * 10.0).round() as i64,
                (p.size.1 * 10.0).round() as i64,
            );
            *want.entry(key).or_default() += 2;
        }
        let card: Vec<usize> = kit
            .rules_card_page
            .map(|at| (at..at + 2).collect())
            .unwrap_or_default();
        let mut got: BTreeMap<(i64, i64), usize> = BTreeMap::new();
        for (n, page) in scanned.iter().enumerate() {
            if card.contains(&n) {
                continue;
            }
            for p in pentagons(page) {
                let (x0, x1) = p
                    .iter()
                    .fold((f64::MAX, f64::MIN), |a, q| (a.0.min(q.x), a.1.max(q.x)));
                let (y0, y1) = p
                    .iter()
                    .fold((f64::MAX, f64::MIN), |a, q| (a.0.min(q.y), a.1.max(q.y)));
                let key = (
                    ((x1 - x0) * 10.0).round() as i64,
                    ((y1 - y0) * 10.0).round() as i64,
                );
                *got.entry(key).or_default() += 1;
            }
        }
        assert_eq!(got, want, "{paper}");
        // Sizes from the data; the king largest, the pawn smallest, and every piece leaves at
        // least 3.5 mm each side in a chu square, as the standard set does in a shogi square.
        let size = |id: &str| {
            let k = v.catalog.by_id(id).unwrap();
            v.catalog.get(k).size_mm.unwrap()
        };
        assert_eq!(size("king"), (27.0, 29.0));
        assert_eq!(size("pawn"), (21.0, 25.0));
        for p in &kit.parts {
            assert!(p.size.0 <= size("king").0 && p.size.0 >= size("pawn").0);
            assert!(board::CHU_SQUARE.0 - p.size.0 >= 7.0 - 1e-9, "{:?}", p.size);
            assert!(board::CHU_SQUARE.1 - p.size.1 >= 7.0 - 1e-9, "{:?}", p.size);
        }
    }
}

#[test]
fn the_chu_board_is_go_board_sized_and_its_tiles_cover_it() {
    for paper in [Paper::A4, Paper::LETTER] {
        let options = KitOptions {
            paper,
            ..KitOptions::default()
        };
        let (kit, _) = build(&options);
        let spec = kit.board.unwrap();
        assert_eq!((spec.files, spec.ranks), (12, 12));
        // 1 shaku 4 sun × 1 shaku 5 sun.
        assert!((spec.width() - 424.2).abs() < 0.05, "{}", spec.width());
        assert!((spec.height() - 454.5).abs() < 0.05, "{}", spec.height());
        assert_eq!(spec.hoshi().len(), 4, "hoshi at the 4-rank zones' corners");
        assert!((spec.hoshi()[0].x - spec.line_x(4)).abs() < 1e-9);
        let tiling = kit.tiling.as_ref().unwrap();
        assert_eq!((tiling.cols, tiling.rows), (3, 2), "{paper}");
        let area: f64 = tiling.tiles.iter().map(|t| t.own.w * t.own.h).sum();
        assert!((area - spec.width() * spec.height()).abs() < 1e-6);
        // Seams on grid lines, flaps on every inner edge, alignment marks on every tile.
        for t in &tiling.tiles {
            for x in [t.own.x, t.own.right()] {
                assert!(
                    x.abs() < 1e-9
                        || (x - spec.width()).abs() < 1e-9
                        || (1..spec.files).any(|i| (spec.line_x(i) - x).abs() < 1e-9)
                );
            }
            if t.col + 1 < tiling.cols {
                assert!((t.region.w - t.own.w - kit::tiles::FLAP).abs() < 1e-9);
            }
            if t.row + 1 < tiling.rows {
                assert!((t.region.h - t.own.h - kit::tiles::FLAP).abs() < 1e-9);
            }
            assert!(!t.marks.is_empty(), "tile {:?}", (t.row, t.col));
        }
        assert_eq!(kit.tile_pages.len(), 6);
        assert!(kit.komadai_page.is_none());
    }
}

#[test]
fn chu_has_no_drops_so_its_kit_refuses_piece_stands() {
    let fonts = Fonts::bundled();
    let options = KitOptions {
        komadai: true,
        ..KitOptions::default()
    };
    match kit::build(&chu(), &options, &fonts) {
        Err(KitError::Option { option, message }) => {
            assert_eq!(option, "komadai");
            assert!(message.contains("no drops"), "{message}");
        }
        other => panic!("expected a refusal, got {:?}", other.map(|k| k.pages.len())),
    }
}

#[test]
fn every_chu_face_keeps_its_text_and_marks_inside_the_piece() {
    use shogiprint::kit::face::{clearance, face, outline};
    let fonts = Fonts::bundled();
    let v = chu();
    let inside = |o: &[Point; 5], p: Point, inset: f64| {
        (0..5).all(|i| {
            let (a, b) = (o[i], o[(i + 1) % 5]);
            let e = b - a;
            ((p.y - a.y) * e.x - (p.x - a.x) * e.y) / e.length() >= inset
        })
    };
    let mut checked = 0;
    for &id in v.kinds() {
        let kind = v.catalog.get(id);
        let base = kind.demotes_to.map_or(kind, |b| v.catalog.get(b));
        let size = base.size_mm.expect("every chu kind has a print size");
        for style in [FaceStyle::Kanji, FaceStyle::Arrows, FaceStyle::Western] {
            let d = face(&fonts, kind, &kind.kanji, &kind.abbr, style, size).unwrap();
            let o = outline(size);
            let clear = clearance(size.0);
            for item in d.items.iter().skip(1) {
                match item {
                    Item::Shape(s) => {
                        let ink = s.stroke.as_ref().map_or(0.0, |k| k.width / 2.0);
                        for p in s.path.points_along() {
                            assert!(
                                inside(&o, p, ink + clear - 1e-9),
                                "{} {style:?}: mark at {p:?}",
                                kind.id
                            );
                        }
                    }
                    Item::Text { glyphs, .. } => {
                        for g in glyphs {
                            let r = fonts.ink_rect(g).unwrap();
                            for p in [
                                Point::new(r.x, r.y),
                                Point::new(r.right(), r.y),
                                Point::new(r.x, r.bottom()),
                                Point::new(r.right(), r.bottom()),
                            ] {
                                assert!(
                                    inside(&o, p, clear - 1e-9),
                                    "{} {style:?}: '{}' at {p:?}",
                                    kind.id,
                                    g.ch
                                );
                            }
                        }
                    }
                }
            }
            checked += 1;
        }
    }
    // 21 kinds a side starts with, 8 that exist only as promotions, 10 promoted namesakes.
    assert_eq!(checked, 39 * 3);
}

#[test]
fn the_chu_rules_card_takes_two_pages_with_every_kind_and_the_lion() {
    let fonts = Fonts::bundled();
    for paper in [Paper::A4, Paper::LETTER] {
        let card = shogiprint::rulescard::build(
            &chu(),
            &shogiprint::rulescard::RulesCardOptions {
                paper,
                margin: 10.0,
                least_margin: None,
            },
            &fonts,
        )
        .unwrap();
        assert_eq!(card.pages.len(), 2, "{paper}");
        assert!(card.grid_square >= 3.0, "{paper}: {}", card.grid_square);
        let text: String = card
            .pages
            .iter()
            .flat_map(|p| &p.items)
            .filter_map(|i| match i {
                Item::Text { glyphs, .. } => Some(glyphs.iter().map(|g| g.ch).collect::<String>()),
                _ => None,
            })
            .collect();
        for words in [
            "中将棋のルール",
            "獅子",
            "居喰い",
            "Lion trading",
            "no check rule",
        ] {
            assert!(text.contains(&words.replace(' ', "")), "{paper}: {words}");
        }
        assert!(!text.contains("二歩"), "no drop rules");
        // Every kind a side starts with, and every promotion, has its face on the card.
        let wood = shogiprint::diagram::face::WOOD;
        let faces = card
            .pages
            .iter()
            .flat_map(|p| &p.items)
            .filter(|i| matches!(i, Item::Shape(s) if s.fill == Some(wood)))
            .count();
        let promoted = card
            .facts
            .pieces
            .iter()
            .filter(|p| p.promoted.is_some())
            .count();
        assert_eq!(card.facts.pieces.len(), 21);
        assert_eq!(faces, 21 + promoted);
        for page in &card.pages {
            for item in &page.items {
                if let Item::Shape(s) = item {
                    for p in s.path.points_along() {
                        let b = card.text_block.inset(-0.5);
                        let inside =
                            p.x >= b.x && p.x <= b.right() && p.y >= b.y && p.y <= b.bottom();
                        assert!(inside, "{paper}: {p:?}");
                    }
                }
            }
        }
    }
}

fn diagram_of(text: &str) -> Diagram {
    let v = chu();
    Diagram::from_read(v.clone(), spec::read_position(text, &v).unwrap())
}

/// (character, colour) of every glyph whose ink lies on the board.
fn board_glyphs(d: &shogiprint::draw::Drawing, l: &Layout, fonts: &Fonts) -> Vec<(char, Ink)> {
    d.items
        .iter()
        .filter_map(|i| match i {
            Item::Text { color, glyphs } => Some(glyphs.iter().map(move |g| (*color, *g))),
            _ => None,
        })
        .flatten()
        .filter(|(_, g)| fonts.ink_rect(g).is_some_and(|r| l.board.contains(&r, 0.0)))
        .map(|(c, g)| (g.ch, c))
        .collect()
}

#[test]
fn a_chu_diagram_has_twelve_by_twelve_squares_numbered_and_no_hands() {
    let fonts = Fonts::bundled();
    let d = diagram_of("startpos");
    let l = Layout::of(&d);
    assert!(!l.hands);
    assert!((l.board.w - 12.0 * 7.0).abs() < 1e-9);
    assert!((l.board.h - 12.0 * 7.0 * 12.0 / 11.0).abs() < 1e-9);
    let drawing = diagram::draw(&d, &fonts).unwrap();
    // Margin, board, rank numerals, margin: nothing left of the board but the margin.
    assert!((l.board.x - l.margin).abs() < 1e-9);
    assert!(drawing.width < l.board.right() + 1.5 * l.w);
    let on_board = board_glyphs(&drawing, &l, &fonts);
    assert_eq!(on_board.len(), 92, "one character per piece");
    assert!(on_board.iter().all(|(_, c)| *c == Ink::BLACK));
    let all: String = drawing
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Text { glyphs, .. } => Some(glyphs.iter().map(|g| g.ch).collect::<String>()),
            _ => None,
        })
        .collect();
    assert!(!all.contains('持'), "no hands: chu has no drops");
    for ch in ['１', '２', '十', '二', '獅', '麒', '鳳', '奔', '仲'] {
        assert!(all.contains(ch), "{ch}");
    }
    // The file numbers 12 … 1 above the board: '１' appears in 1, 10, 11 (twice), 12.
    assert_eq!(all.matches('１').count(), 5);
}

#[test]
fn promoted_chu_pieces_are_red_in_a_traditional_diagram() {
    let fonts = Fonts::bundled();
    // The start position with Black's pawn on 12i promoted (と) and the gold on 7l promoted
    // (its rook, 飛 in red) — a promoted gold and an unpromoted rook share their character.
    let v = chu();
    let start = shogiprint::formats::sfen::write(&v.start, &v.catalog);
    let sfen = start.replacen("PPPPPPPPPPPP", "+PPPPPPPPPPPP", 1).replacen(
        "LFCSGKEGSCFL",
        "LFCS+GKEGSCFL",
        1,
    );
    let d = diagram_of(&sfen);
    let l = Layout::of(&d);
    let drawing = diagram::draw(&d, &fonts).unwrap();
    let glyphs = board_glyphs(&drawing, &l, &fonts);
    let red: Vec<char> = glyphs
        .iter()
        .filter(|(_, c)| *c == PROMOTED_INK)
        .map(|(ch, _)| *ch)
        .collect();
    assert_eq!(red.len(), 2, "{red:?}");
    assert!(red.contains(&'飛') && red.contains(&'と'));
    let black_rooks = glyphs
        .iter()
        .filter(|(ch, c)| *ch == '飛' && *c == Ink::BLACK)
        .count();
    assert_eq!(black_rooks, 4, "the four rooks stay black");
    // Standard shogi's promoted pieces are written with characters of their own: black there.
    assert!(!diagram::promoted_in_red(
        &Variant::builtin("standard").unwrap()
    ));
    assert!(diagram::promoted_in_red(&v));
}

#[test]
fn the_chu_example_diagram_file_draws() {
    let fonts = Fonts::bundled();
    let text = std::fs::read_to_string("examples/diagrams/chu.yaml").unwrap();
    let load = |v: &str| -> Result<Arc<Variant>, shogiprint::Error> { Ok(Variant::builtin(v)?) };
    let d = spec::from_yaml_text(
        &text,
        "examples/diagrams/chu.yaml",
        &Variant::builtin("standard").unwrap(),
        &load,
    )
    .unwrap();
    assert_eq!(d.variant.id, "chu");
    d.check().unwrap();
    diagram::draw(&d, &fonts).unwrap();
}

#[test]
fn lion_power_has_marks_of_its_own() {
    use shogiprint::diagram::marks::{movement_marks, MarkGeometry};
    let v = chu();
    let marks = |id: &str| {
        let kind = v.catalog.get(v.catalog.by_id(id).unwrap());
        movement_marks(
            &kind.movement,
            Point::new(0.0, 0.0),
            (10.0, 10.0),
            0.5,
            Ink::BLACK,
            &MarkGeometry::KIT,
        )
    };
    // The Lion: its 24 squares as two rings, nothing else.
    let lion = marks("lion");
    assert_eq!(lion.len(), 2);
    assert!(lion.iter().all(|s| s.fill.is_none() && s.stroke.is_some()));
    // The Horned Falcon: a bar with two dots forward (3 shapes), and slides the other 7 ways
    // (a shaft and a head each); no separate forward step or jump.
    let falcon_id = v
        .kinds()
        .iter()
        .copied()
        .find(|k| v.catalog.get(*k).english == "Horned falcon")
        .unwrap();
    let falcon = v.catalog.get(falcon_id);
    let m = movement_marks(
        &falcon.movement,
        Point::new(0.0, 0.0),
        (10.0, 10.0),
        0.5,
        Ink::BLACK,
        &MarkGeometry::KIT,
    );
    assert_eq!(m.len(), 3 + 7 * 2);
}
