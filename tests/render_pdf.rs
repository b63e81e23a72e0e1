//! The PDF writer, measured in the PDF itself: parsed back with lopdf, page boxes, fonts, and the
//! operators of the content streams.

use lopdf::content::{Content, Operation};
use lopdf::{Document, Object};
use shogiprint::draw::{
    Align, Color, Drawing, FontRole, Fonts, Path, Point, Rect, Shape, Stroke, TextStyle,
};
use shogiprint::render::pdf::{to_pdf_with, PdfOptions};
use shogiprint::render::{to_pdf, PdfWriter};

const K: f64 = 72.0 / 25.4;

fn load(bytes: &[u8]) -> Document {
    Document::load_mem(bytes).expect("the PDF parses")
}

/// The decoded operators of page `n` (1-based).
fn page_ops(doc: &Document, n: u32) -> Vec<Operation> {
    let id = doc.get_pages()[&n];
    Content::decode(&doc.get_page_content(id))
        .expect("content decodes")
        .operations
}

fn nums(op: &Operation) -> Vec<f64> {
    op.operands
        .iter()
        .map(|o| o.as_float().expect("a number") as f64)
        .collect()
}

fn assert_close(got: &[f64], want: &[f64], tolerance: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: {got:?} vs {want:?}");
    for (g, w) in got.iter().zip(want) {
        assert!(
            (g - w).abs() <= tolerance,
            "{what}: got {got:?}, want {want:?}"
        );
    }
}

/// Every stream in the file whose dictionary has `key` (FontFile2 is referenced from the
/// descriptor, so count descriptors that point at one).
fn font_files(doc: &Document) -> usize {
    doc.objects
        .values()
        .filter(|o| {
            o.as_dict().is_ok_and(|d| {
                d.get(b"Type").and_then(Object::as_name).ok() == Some(b"FontDescriptor")
            })
        })
        .filter(|o| o.as_dict().is_ok_and(|d| d.has(b"FontFile2")))
        .count()
}

fn style(role: FontRole, size: f64) -> TextStyle {
    TextStyle::new(role, size)
}

/// A page with kanji in both roles, a turned piece, a dashed line, a disc and a translucent box.
fn sample(fonts: &Fonts) -> Drawing {
    let mut d = Drawing::new(210.0, 297.0);
    let regular = fonts
        .line(
            style(FontRole::Regular, 10.0),
            "先手 持駒 歩",
            Point::new(20.0, 40.0),
            Align::Start,
        )
        .unwrap();
    d.glyphs(Color::BLACK, regular);
    let bold = fonts
        .line(
            style(FontRole::Bold, 14.0),
            "詰将棋 第一問",
            Point::new(20.0, 65.0),
            Align::Start,
        )
        .unwrap();
    d.glyphs(Color(0xc8, 0x1e, 0x1e), bold);
    // A square with a piece upright and one turned.
    let cell = Rect::new(20.0, 80.0, 30.0, 30.0);
    d.stroke(Path::rect(cell), Stroke::solid(Color::BLACK, 0.3));
    let up = fonts
        .centered(
            style(FontRole::Bold, 20.0),
            '歩',
            cell.center(),
            (1.0, 1.0),
            0.0,
        )
        .unwrap();
    d.glyphs(Color::BLACK, vec![up]);
    let cell2 = Rect::new(60.0, 80.0, 30.0, 30.0);
    d.stroke(Path::rect(cell2), Stroke::solid(Color::BLACK, 0.3));
    let down = fonts
        .centered(
            style(FontRole::Bold, 20.0),
            '歩',
            cell2.center(),
            (1.0, 1.0),
            180.0,
        )
        .unwrap();
    d.glyphs(Color::BLACK, vec![down]);
    d.stroke(
        Path::line(Point::new(20.0, 130.0), Point::new(190.0, 130.0)),
        Stroke::dashed(Color::BLACK, 0.5, &[4.0, 2.0]),
    );
    d.fill(
        Path::circle(Point::new(50.0, 170.0), 15.0),
        Color(0x1f, 0x4e, 0xb4),
    );
    // A ring: the inner circle runs the other way, so the nonzero fill leaves a hole.
    let mut ring = Path::circle(Point::new(150.0, 170.0), 20.0);
    let inner = Path::circle(Point::new(150.0, 170.0), 10.0)
        .transformed(&shogiprint::draw::Affine([1.0, 0.0, 0.0, -1.0, 0.0, 340.0]));
    ring.segments.extend(inner.segments);
    d.fill(ring, Color(0x1e, 0x8a, 0x3c));
    d.shape(Shape {
        path: Path::rect(Rect::new(35.0, 150.0, 60.0, 25.0)),
        fill: Some(Color(0xe8, 0x7a, 0x12)),
        stroke: None,
        opacity: 0.5,
    });
    d.stroke(
        Path::line(Point::new(20.0, 210.0), Point::new(190.0, 230.0)),
        Stroke::solid(Color(0x80, 0x80, 0x80), 2.0).round(),
    );
    d
}

#[test]
fn pages_have_the_drawings_sizes() {
    let fonts = Fonts::bundled();
    let pdf = to_pdf(
        &[Drawing::new(210.0, 297.0), Drawing::new(100.0, 150.0)],
        &fonts,
        "sizes",
    );
    let doc = load(&pdf);
    let pages = doc.get_pages();
    assert_eq!(pages.len(), 2);
    for (n, (w, h)) in [(1, (210.0, 297.0)), (2, (100.0, 150.0))] {
        let page = doc.get_dictionary(pages[&n]).unwrap();
        let media: Vec<f64> = page
            .get(b"MediaBox")
            .unwrap()
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o.as_float().unwrap() as f64)
            .collect();
        assert_close(&media, &[0.0, 0.0, w * K, h * K], 0.01, "MediaBox");
    }
    assert_close(
        &[210.0 * K, 297.0 * K],
        &[595.28, 841.89],
        0.01,
        "A4 in points",
    );
}

#[test]
fn page_count_counts_added_pages() {
    let fonts = Fonts::bundled();
    let mut writer = PdfWriter::new(&fonts, "count");
    assert_eq!(writer.page_count(), 0);
    for _ in 0..3 {
        writer.add_page(&sample(&fonts));
    }
    assert_eq!(writer.page_count(), 3);
    assert_eq!(load(&writer.finish()).get_pages().len(), 3);
}

#[test]
fn output_is_byte_identical() {
    let fonts = Fonts::bundled();
    let pages = [sample(&fonts), sample(&fonts)];
    let a = to_pdf(&pages, &fonts, "same");
    let b = to_pdf(&pages, &fonts, "same");
    assert!(a == b, "two writes of the same pages differ");
    // The /ID is derived from the content: another title, another ID.
    let c = to_pdf(&pages, &fonts, "other");
    let id = |bytes: &[u8]| load(bytes).trailer.get(b"ID").unwrap().clone();
    assert_ne!(id(&a), id(&c));
}

/// Prints the digest of the sample document, for the cross-process test below.
#[test]
#[ignore = "run by output_is_identical_across_processes"]
fn print_sample_fingerprint() {
    let fonts = Fonts::bundled();
    let pdf = to_pdf(&[sample(&fonts)], &fonts, "sample");
    println!("FINGERPRINT {}", fingerprint(&pdf));
}

fn fingerprint(bytes: &[u8]) -> String {
    let mut h = 0xcbf2_9ce4_8422_2325_u64;
    for &b in bytes {
        h = (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}:{}", bytes.len())
}

#[test]
fn output_is_identical_across_processes() {
    let fonts = Fonts::bundled();
    let here = fingerprint(&to_pdf(&[sample(&fonts)], &fonts, "sample"));
    for _ in 0..2 {
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--ignored",
                "--exact",
                "print_sample_fingerprint",
                "--nocapture",
                "--test-threads=1",
            ])
            .output()
            .expect("the test binary runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let there = stdout
            .lines()
            .find_map(|l| l.split("FINGERPRINT ").nth(1))
            .expect("a fingerprint line");
        assert_eq!(there, here);
    }
}

#[test]
fn dates_only_from_the_source_date_epoch() {
    let fonts = Fonts::bundled();
    let info = |created: Option<i64>| {
        let options = PdfOptions {
            created,
            ..PdfOptions::new("dates")
        };
        let doc = load(&to_pdf_with(&[sample(&fonts)], &fonts, options));
        doc.get_dictionary(doc.trailer.get(b"Info").unwrap().as_reference().unwrap())
            .unwrap()
            .clone()
    };
    let undated = info(None);
    assert!(!undated.has(b"CreationDate") && !undated.has(b"ModDate"));
    // 1 700 000 000 s after the epoch is 2023-11-14 22:13:20 UTC (`date -u -d @1700000000`).
    let dated = info(Some(1_700_000_000));
    for key in [&b"CreationDate"[..], b"ModDate"] {
        assert_eq!(
            dated.get(key).unwrap().as_str().unwrap(),
            b"D:20231114221320+00'00'"
        );
    }
    // No claim of PDF/X conformance (printpdf writes an empty GTS_PDFXVersion).
    assert!(!dated.has(b"GTS_PDFXVersion"));
    assert!(dated.has(b"Title"));
    assert_eq!(
        dated.get(b"Producer").unwrap().as_str().unwrap(),
        format!("shogiprint {}", env!("CARGO_PKG_VERSION")).as_bytes()
    );
}

#[test]
fn fonts_are_embedded_once_per_face() {
    let bundled = Fonts::bundled();
    let two_pages = |fonts: &Fonts| {
        let mut pages = Vec::new();
        for text in ["先手", "後手"] {
            let mut d = Drawing::new(100.0, 100.0);
            d.glyphs(
                Color::BLACK,
                fonts
                    .line(
                        style(FontRole::Regular, 8.0),
                        text,
                        Point::new(10.0, 20.0),
                        Align::Start,
                    )
                    .unwrap(),
            );
            d.glyphs(
                Color::BLACK,
                fonts
                    .line(
                        style(FontRole::Bold, 8.0),
                        text,
                        Point::new(10.0, 40.0),
                        Align::Start,
                    )
                    .unwrap(),
            );
            pages.push(d);
        }
        load(&to_pdf(&pages, fonts, "fonts"))
    };
    assert_eq!(font_files(&two_pages(&bundled)), 2);

    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fonts/NotoSerifJP-Regular.subset.ttf");
    let single = Fonts::from_file(&path).unwrap();
    assert!(single.same_face(FontRole::Regular, FontRole::Bold));
    let doc = two_pages(&single);
    assert_eq!(font_files(&doc), 1);
    // Both roles are set with the one resource, so the page never switches fonts.
    let tf: Vec<Operation> = page_ops(&doc, 1)
        .into_iter()
        .filter(|o| o.operator == "Tf")
        .collect();
    assert_eq!(tf.len(), 1, "{tf:?}");
}

#[test]
fn unused_faces_are_not_embedded() {
    let fonts = Fonts::bundled();
    let mut shapes_only = Drawing::new(100.0, 100.0);
    shapes_only.fill(Path::rect(Rect::new(10.0, 10.0, 10.0, 10.0)), Color::BLACK);
    assert_eq!(
        font_files(&load(&to_pdf(&[shapes_only.clone()], &fonts, "none"))),
        0
    );

    let mut bold_only = shapes_only;
    bold_only.glyphs(
        Color::BLACK,
        fonts
            .line(
                style(FontRole::Bold, 8.0),
                "歩",
                Point::new(10.0, 40.0),
                Align::Start,
            )
            .unwrap(),
    );
    let doc = load(&to_pdf(&[bold_only], &fonts, "bold"));
    assert_eq!(font_files(&doc), 1);
    let base = |doc: &Document| -> Vec<String> {
        doc.objects
            .values()
            .filter_map(|o| o.as_dict().ok())
            .filter(|d| d.get(b"Subtype").and_then(Object::as_name).ok() == Some(b"Type0"))
            .map(|d| {
                String::from_utf8_lossy(d.get(b"BaseFont").unwrap().as_name().unwrap()).into_owned()
            })
            .collect()
    };
    // A subset carries a six-letter tag (ISO 32000-1, 9.6.4).
    let names = base(&doc);
    assert_eq!(names.len(), 1);
    let (tag, name) = names[0].split_once('+').expect("a subset tag");
    assert_eq!(name, "NotoSerifJP-Bold");
    assert!(
        tag.len() == 6 && tag.bytes().all(|b| b.is_ascii_uppercase()),
        "{tag}"
    );
}

#[test]
fn glyph_text_matrices_decode_to_the_drawing_positions() {
    let fonts = Fonts::bundled();
    let mut d = Drawing::new(210.0, 297.0);
    let line = fonts
        .line(
            style(FontRole::Regular, 10.0),
            "先手",
            Point::new(20.0, 40.0),
            Align::Start,
        )
        .unwrap();
    let second_x = line[1].transform.apply(Point::new(0.0, 0.0)).x;
    d.glyphs(Color::BLACK, line);
    let center = Point::new(100.0, 150.0);
    let turned = fonts
        .centered(style(FontRole::Bold, 20.0), '歩', center, (1.0, 1.0), 180.0)
        .unwrap();
    // The face that drew it (bold falls back to regular for characters it lacks).
    let (turned_face, turned_id) = (turned.font, turned.id);
    d.glyphs(Color::BLACK, vec![turned]);
    let doc = load(&to_pdf(&[d], &fonts, "tm"));
    let tms: Vec<Vec<f64>> = page_ops(&doc, 1)
        .iter()
        .filter(|o| o.operator == "Tm")
        .map(nums)
        .collect();
    assert_eq!(tms.len(), 3);

    let s = 10.0 * K;
    assert_close(
        &tms[0],
        &[s, 0.0, 0.0, s, 20.0 * K, (297.0 - 40.0) * K],
        0.002,
        "first glyph of the line",
    );
    assert_close(
        &tms[1],
        &[s, 0.0, 0.0, s, second_x * K, (297.0 - 40.0) * K],
        0.002,
        "second glyph of the line",
    );

    // Turned 180°: the em box's centre stays on `center`, the glyph's x and y axes both flip.
    let face = fonts.face(turned_face);
    let upm = face.units_per_em();
    let (top, bottom) = face.em_box();
    let advance = face.advance(turned_id);
    let s = 20.0 * K;
    let tm = &tms[2];
    assert_close(&tm[..4], &[-s, 0.0, 0.0, -s], 0.002, "turned glyph's axes");
    // The em box centre, in text space (1 unit = 1 em), lands on the cell centre.
    let (u, v) = (advance / 2.0 / upm, (top + bottom) / 2.0 / upm);
    let at = [tm[0] * u + tm[2] * v + tm[4], tm[1] * u + tm[3] * v + tm[5]];
    assert_close(
        &at,
        &[center.x * K, (297.0 - center.y) * K],
        0.002,
        "turned glyph's centre",
    );
    // The origin of an upright glyph is left of and below its centre; turned, right and above.
    assert!(tm[4] > center.x * K && tm[5] > (297.0 - center.y) * K);
}

#[test]
fn glyphs_are_shown_by_their_subset_ids_in_their_colour() {
    let fonts = Fonts::bundled();
    let mut d = Drawing::new(100.0, 100.0);
    let glyphs = fonts
        .line(
            style(FontRole::Bold, 8.0),
            "王将",
            Point::new(10.0, 20.0),
            Align::Start,
        )
        .unwrap();
    let ids: Vec<u16> = glyphs.iter().map(|g| g.id).collect();
    d.glyphs(Color(0xc8, 0x1e, 0x1e), glyphs);
    let doc = load(&to_pdf(&[d], &fonts, "ids"));
    let ops = page_ops(&doc, 1);
    let shown: Vec<u16> = ops
        .iter()
        .filter(|o| o.operator == "TJ" || o.operator == "Tj")
        .flat_map(|o| match &o.operands[0] {
            Object::Array(items) => items.clone(),
            other => vec![other.clone()],
        })
        .filter_map(|o| o.as_str().ok().map(|b| u16::from_be_bytes([b[0], b[1]])))
        .collect();
    // The subset numbers the glyphs it keeps in the order of their bundled ids, after .notdef.
    let mut sorted = ids.clone();
    sorted.sort();
    let want: Vec<u16> = ids
        .iter()
        .map(|id| sorted.iter().position(|s| s == id).unwrap() as u16 + 1)
        .collect();
    assert_eq!(shown, want);
    let rg = ops.iter().find(|o| o.operator == "rg").unwrap();
    assert_close(&nums(rg), &[0.784, 0.118, 0.118], 0.0005, "fill colour");
    let tf = ops.iter().find(|o| o.operator == "Tf").unwrap();
    assert_eq!(tf.operands[0].as_name().unwrap(), b"F2");
    assert_eq!(tf.operands[1].as_float().unwrap(), 1.0);
    // The characters reach /ToUnicode, so the text can be copied.
    let text = doc.extract_text(&[1]).unwrap();
    assert_eq!(text.split_whitespace().collect::<String>(), "王将");
}

#[test]
fn a_square_comes_out_at_its_place() {
    let fonts = Fonts::bundled();
    let mut d = Drawing::new(210.0, 297.0);
    d.fill(Path::rect(Rect::new(20.0, 30.0, 10.0, 10.0)), Color::BLACK);
    let ops = page_ops(&load(&to_pdf(&[d], &fonts, "square")), 1);
    let path: Vec<(&str, Vec<f64>)> = ops
        .iter()
        .filter(|o| ["m", "l", "c", "h", "f"].contains(&o.operator.as_str()))
        .map(|o| (o.operator.as_str(), nums(o)))
        .collect();
    let y = |mm: f64| (297.0 - mm) * K;
    let want = [
        ("m", vec![20.0 * K, y(30.0)]),
        ("l", vec![30.0 * K, y(30.0)]),
        ("l", vec![30.0 * K, y(40.0)]),
        ("l", vec![20.0 * K, y(40.0)]),
        ("h", vec![]),
        ("f", vec![]),
    ];
    assert_eq!(path.len(), want.len(), "{path:?}");
    for ((op, got), (want_op, want)) in path.iter().zip(&want) {
        assert_eq!(op, want_op);
        assert_close(got, want, 0.001, op);
    }
}

#[test]
fn curves_strokes_dashes_and_opacity() {
    let fonts = Fonts::bundled();
    let mut d = Drawing::new(100.0, 100.0);
    d.stroke(
        Path::line(Point::new(10.0, 10.0), Point::new(90.0, 10.0)),
        Stroke::dashed(Color::BLACK, 0.5, &[2.0, 1.0]),
    );
    d.shape(Shape {
        path: Path::circle(Point::new(50.0, 50.0), 10.0),
        fill: Some(Color::WHITE),
        stroke: Some(Stroke::solid(Color::BLACK, 1.0).round()),
        opacity: 0.5,
    });
    let doc = load(&to_pdf(&[d], &fonts, "strokes"));
    let ops = page_ops(&doc, 1);
    let find = |name: &str| {
        ops.iter()
            .find(|o| o.operator == name)
            .unwrap_or_else(|| panic!("no {name} in {ops:?}"))
    };

    assert_close(&nums(find("w"))[..], &[0.5 * K], 0.001, "line width");
    let dash = find("d");
    let pattern: Vec<f64> = dash.operands[0]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o.as_float().unwrap() as f64)
        .collect();
    assert_close(&pattern, &[2.0 * K, 1.0 * K], 0.001, "dash");
    assert_eq!(find("J").operands[0].as_i64().unwrap(), 0);
    assert_eq!(
        ops.iter().filter(|o| o.operator == "S").count(),
        1,
        "the dashed line is stroked once"
    );

    // The circle: four curves, closed, filled and stroked in one operation under an ExtGState.
    let curves: Vec<Vec<f64>> = ops.iter().filter(|o| o.operator == "c").map(nums).collect();
    assert_eq!(curves.len(), 4);
    assert_close(
        &curves[0][4..],
        &[50.0 * K, 40.0 * K],
        0.001,
        "first arc ends at the circle's bottom",
    );
    assert!(ops.iter().any(|o| o.operator == "b"));
    assert_eq!(find("J").operands[0].as_i64().unwrap(), 0);
    assert!(
        ops.iter()
            .any(|o| o.operator == "J" && o.operands[0].as_i64().unwrap() == 1),
        "round cap"
    );
    let names: Vec<&str> = ops.iter().map(|o| o.operator.as_str()).collect();
    let q = names.iter().position(|&n| n == "q").unwrap();
    assert_eq!(names[q + 1], "gs");
    assert!(names[q..].contains(&"Q"));
    let gs = ops[q + 1].operands[0].as_name().unwrap();
    assert_eq!(gs, b"A500");

    let page = doc.get_dictionary(doc.get_pages()[&1]).unwrap();
    let resources = doc
        .get_dictionary(page.get(b"Resources").unwrap().as_reference().unwrap())
        .unwrap();
    let states = doc
        .get_dictionary(resources.get(b"ExtGState").unwrap().as_reference().unwrap())
        .unwrap();
    let a500 = states.get(b"A500").unwrap().as_dict().unwrap();
    assert_eq!(a500.get(b"ca").unwrap().as_float().unwrap(), 0.5);
    assert_eq!(a500.get(b"CA").unwrap().as_float().unwrap(), 0.5);
    assert_eq!(doc.version, "1.4");
}

#[test]
fn ring_is_one_nonzero_fill() {
    let fonts = Fonts::bundled();
    let d = sample(&fonts);
    let ops = page_ops(&load(&to_pdf(&[d], &fonts, "ring")), 1);
    // The ring: two moves then a single fill.
    let names: Vec<&str> = ops.iter().map(|o| o.operator.as_str()).collect();
    let fills: Vec<usize> = names
        .iter()
        .enumerate()
        .filter(|(_, &n)| n == "f")
        .map(|(i, _)| i)
        .collect();
    let two_rings = fills.iter().any(|&f| {
        let start = names[..f]
            .iter()
            .rposition(|&n| !["m", "l", "c", "h"].contains(&n))
            .map_or(0, |i| i + 1);
        names[start..f].iter().filter(|&&n| n == "m").count() == 2
    });
    assert!(two_rings, "{names:?}");
    assert!(!names.contains(&"f*"));
}

#[test]
fn a_thousand_pages_stay_small() {
    let fonts = Fonts::bundled();
    // ~100 glyphs and ~60 shapes, as a page of diagrams has.
    let mut page = Drawing::new(210.0, 297.0);
    let text = "先手後手持駒詰将棋第一問題解答".repeat(2);
    for row in 0..3 {
        let y = 20.0 + row as f64 * 10.0;
        let role = if row % 2 == 0 {
            FontRole::Regular
        } else {
            FontRole::Bold
        };
        page.glyphs(
            Color::BLACK,
            fonts
                .line(style(role, 6.0), &text, Point::new(15.0, y), Align::Start)
                .unwrap(),
        );
    }
    for i in 0..10 {
        let c = Point::new(20.0 + i as f64 * 17.0, 150.0);
        page.glyphs(
            Color::BLACK,
            vec![fonts
                .centered(style(FontRole::Bold, 12.0), '歩', c, (1.0, 1.0), 180.0)
                .unwrap()],
        );
    }
    for i in 0..60 {
        let x = 10.0 + (i % 20) as f64 * 9.5;
        let y = 200.0 + (i / 20) as f64 * 20.0;
        page.stroke(
            Path::rect(Rect::new(x, y, 9.0, 9.0)),
            Stroke::solid(Color::BLACK, 0.25),
        );
    }
    let glyphs: usize = page
        .items
        .iter()
        .map(|i| match i {
            shogiprint::draw::Item::Text { glyphs, .. } => glyphs.len(),
            _ => 0,
        })
        .sum();
    assert!((90..=110).contains(&glyphs), "{glyphs} glyphs");

    let started = std::time::Instant::now();
    let mut writer = PdfWriter::new(&fonts, "big");
    for _ in 0..1000 {
        writer.add_page(&page);
    }
    let pdf = writer.finish();
    eprintln!("1000 pages: {} bytes in {:?}", pdf.len(), started.elapsed());
    assert!(pdf.len() < 5_000_000, "{} bytes", pdf.len());
    assert_eq!(load(&pdf).get_pages().len(), 1000);
}

/// Writes target/pdf-sample.pdf for a look with `pdftoppm -r 100 -png`, and the PNG writer's
/// picture of the same page beside it (target/pdf-sample.resvg.png).
#[test]
#[ignore = "writes a file to look at"]
fn write_sample() {
    let fonts = Fonts::bundled();
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/pdf-sample.pdf");
    std::fs::write(
        &out,
        to_pdf(&[sample(&fonts)], &fonts, "shogiprint PDF sample"),
    )
    .unwrap();
    // The same drawing through the SVG/resvg writer at 100 dpi, to compare with pdftoppm's.
    let png = shogiprint::render::to_png(&sample(&fonts), &fonts, 827).unwrap();
    std::fs::write(out.with_extension("resvg.png"), png).unwrap();
    eprintln!("wrote {}", out.display());
}
