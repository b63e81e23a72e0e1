//! SVG and PNG as other programs read them: the SVG is strict XML whose every glyph reference
//! resolves through `xlink:href` (what Inkscape 1.2 and Batik read), several SVGs inlined in one
//! HTML page never take each other's glyphs, the page is white unless asked otherwise, a second
//! renderer (rsvg-convert, when installed) draws the same ink, and a PNG's `pHYs` chunk gives its
//! size in millimetres.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

const SVG_NS: &str = "http://www.w3.org/2000/svg";
const XLINK_NS: &str = "http://www.w3.org/1999/xlink";

/// A folder of its own for each test, removed at the end.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("shogiprint-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
    fn file(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

/// Runs shogiprint with `args` and returns the bytes it wrote to `out`.
fn shogiprint(args: &[&str], out: &Path) -> Vec<u8> {
    let run = Command::new(env!("CARGO_BIN_EXE_shogiprint"))
        .args(args)
        .arg("-o")
        .arg(out)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    std::fs::read(out).unwrap()
}

fn svg_of(scratch: &Scratch, name: &str, args: &[&str]) -> String {
    let out = scratch.file(&format!("{name}.svg"));
    String::from_utf8(shogiprint(args, &out)).unwrap()
}

/// The glyph outlines an SVG defines (id → path data) and the ids its `<use>`s point to.
fn glyph_refs(doc: &roxmltree::Document) -> (BTreeMap<String, String>, Vec<String>) {
    let mut defined = BTreeMap::new();
    let mut used = Vec::new();
    for node in doc.descendants().filter(|n| n.is_element()) {
        if let Some(id) = node.attribute("id") {
            let d = node.attribute("d").unwrap_or_default().to_string();
            assert!(
                defined.insert(id.to_string(), d).is_none(),
                "id {id} defined twice"
            );
        }
        if node.tag_name().name() == "use" {
            assert_eq!(node.tag_name().namespace(), Some(SVG_NS));
            let href = node
                .attribute((XLINK_NS, "href"))
                .unwrap_or_else(|| panic!("a <use> without xlink:href: {node:?}"));
            used.push(
                href.strip_prefix('#')
                    .expect("a local reference")
                    .to_string(),
            );
        }
    }
    (defined, used)
}

const CASES: &[&[&str]] = &[
    &["diagram", "startpos", "--caption", "第1図 ▲7六歩まで"],
    &["diagram", "examples/diagrams/teaching.yaml"],
    &["diagram", "examples/diagrams/minishogi.yaml"],
    &[
        "diagram",
        "startpos",
        "--title",
        "羽生善治 対 藤井聡太",
        "--font",
        "fonts/NotoSerifJP-Bold.subset.ttf",
    ],
    &["handicap", "two-piece"],
];

#[test]
fn svg_is_strict_xml_and_every_reference_resolves_through_xlink_href() {
    let scratch = Scratch::new("svg-xml");
    for (i, args) in CASES.iter().enumerate() {
        let svg = svg_of(&scratch, &i.to_string(), args);
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        let root = doc.root_element();
        assert_eq!(root.tag_name().namespace(), Some(SVG_NS));
        let (defined, used) = glyph_refs(&doc);
        assert!(!used.is_empty(), "{args:?}");
        for id in &used {
            assert!(defined.contains_key(id), "{args:?}: #{id} is not defined");
        }
        // Only the glyphs it uses: every definition is used.
        let used: BTreeSet<&String> = used.iter().collect();
        let unused: Vec<_> = defined.keys().filter(|id| !used.contains(id)).collect();
        assert!(unused.is_empty(), "{args:?}: defined but unused {unused:?}");
        // No SVG 2-only reference that an SVG 1.1 reader would miss.
        assert!(!svg.contains(" href="), "{args:?}");
    }
}

#[test]
fn a_diagram_svg_has_a_title_and_a_description_in_words() {
    let scratch = Scratch::new("svg-title");
    let text = |svg: &str, tag: &str| {
        let doc = roxmltree::Document::parse(svg).unwrap();
        let node = doc
            .root_element()
            .children()
            .find(|n| n.has_tag_name(tag))
            .unwrap_or_else(|| panic!("no <{tag}>"));
        node.text().unwrap_or_default().to_string()
    };
    let caption = svg_of(
        &scratch,
        "c",
        &["diagram", "startpos", "--caption", "平手 初形"],
    );
    assert_eq!(text(&caption, "title"), "平手 初形");
    let plain = svg_of(
        &scratch,
        "p",
        &[
            "diagram",
            "lnsgkgsnl/1r5b1/ppppppp2/9/9/9/PPPPPPP2/1B5R1/LNSGKGSN1 w 2Pl 1",
        ],
    );
    assert_eq!(
        text(&plain, "title"),
        "Shogi position lnsgkgsnl/1r5b1/ppppppp2/9/9/9/PPPPPPP2/1B5R1/LNSGKGSN1 w 2Pl 1"
    );
    let desc = text(&plain, "desc");
    assert!(desc.contains("SFEN: lnsgkgsnl/"), "{desc}");
    assert!(desc.contains("White to move"), "{desc}");
    assert!(desc.contains("Black (☗) has in hand: 2 pawns."), "{desc}");
    assert!(desc.contains("White (☖) has in hand: 1 lance."), "{desc}");
}

#[test]
fn two_svgs_inlined_in_one_html_page_never_share_an_id_for_different_glyphs() {
    let scratch = Scratch::new("svg-html");
    // One with the bundled fonts, one with a user font: the bold file stands in as the user's
    // font, so the regular text of the second is drawn from a different file.
    let bundled = svg_of(
        &scratch,
        "a",
        &["diagram", "startpos", "--caption", "先手 持駒"],
    );
    let user = svg_of(
        &scratch,
        "b",
        &[
            "diagram",
            "startpos",
            "--caption",
            "先手 持駒",
            "--font",
            "fonts/NotoSerifJP-Bold.subset.ttf",
        ],
    );
    let page = format!(
        "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>\n{bundled}{user}</body></html>"
    );
    let doc = roxmltree::Document::parse(&page).unwrap();
    let mut outlines: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for node in doc
        .descendants()
        .filter(|n| n.has_tag_name((SVG_NS, "path")))
    {
        if let Some(id) = node.attribute("id") {
            outlines
                .entry(id)
                .or_default()
                .push(node.attribute("d").unwrap());
        }
    }
    let mut shared = 0;
    for (id, ds) in &outlines {
        // An id two diagrams both define is the same glyph of the same font file.
        assert!(
            ds.iter().all(|d| d == &ds[0]),
            "#{id} names different outlines"
        );
        shared += (ds.len() > 1) as usize;
    }
    // The bold pieces come from one file in both; the regular text does not.
    assert!(shared > 0);
    let ids = |svg: &str| -> BTreeSet<String> {
        glyph_refs(&roxmltree::Document::parse(svg).unwrap())
            .0
            .into_keys()
            .collect()
    };
    assert!(ids(&bundled).difference(&ids(&user)).count() > 0);
}

#[test]
fn the_background_is_white_by_default_and_can_be_none_or_a_colour() {
    let scratch = Scratch::new("svg-bg");
    let first_fill = |svg: &str| -> Option<String> {
        let doc = roxmltree::Document::parse(svg).unwrap();
        let rect = doc
            .root_element()
            .children()
            .find(|n| n.has_tag_name("rect"))?;
        // It covers the whole viewBox.
        let view: Vec<&str> = doc
            .root_element()
            .attribute("viewBox")?
            .split(' ')
            .collect();
        assert_eq!(rect.attribute("width"), Some(view[2]));
        assert_eq!(rect.attribute("height"), Some(view[3]));
        rect.attribute("fill").map(str::to_string)
    };
    let white = svg_of(&scratch, "w", &["diagram", "startpos"]);
    assert_eq!(first_fill(&white).as_deref(), Some("#ffffff"));
    let none = svg_of(
        &scratch,
        "n",
        &["diagram", "startpos", "--background", "none"],
    );
    assert_eq!(first_fill(&none), None);
    let tan = svg_of(
        &scratch,
        "t",
        &["diagram", "startpos", "--background", "#f0d9a0"],
    );
    assert_eq!(first_fill(&tan).as_deref(), Some("#f0d9a0"));

    // The PNG: opaque white by default, transparent with none (grey, as the start position
    // has no colour in it).
    let corner = |png: &[u8]| {
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        (info.color_type, buf[..info.color_type.samples()].to_vec())
    };
    let png = shogiprint(&["diagram", "startpos"], &scratch.file("w.png"));
    assert_eq!(corner(&png), (png::ColorType::Grayscale, vec![255]));
    let png = shogiprint(
        &["diagram", "startpos", "--background", "none"],
        &scratch.file("n.png"),
    );
    let (color, pixel) = corner(&png);
    assert_eq!(color, png::ColorType::GrayscaleAlpha);
    assert_eq!(pixel[1], 0);
}

/// Width and height in pixels, and pixels per metre from `pHYs` (with its unit byte).
fn png_size(png: &[u8]) -> (u32, u32, Option<png::PixelDimensions>) {
    let reader = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .unwrap();
    let info = reader.info();
    (info.width, info.height, info.pixel_dims)
}

/// The drawing's width in millimetres, from the SVG of the same arguments.
fn width_mm(scratch: &Scratch, args: &[&str]) -> f64 {
    let svg = svg_of(scratch, "size", args);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let width = doc.root_element().attribute("width").unwrap();
    width.strip_suffix("mm").unwrap().parse().unwrap()
}

#[test]
fn a_png_carries_its_resolution_so_it_places_at_the_drawings_size() {
    let scratch = Scratch::new("png-phys");
    let args = ["diagram", "startpos", "--caption", "第1図"];
    let mm = width_mm(&scratch, &args);

    // --dpi 300: 300 / 0.0254 = 11 811 pixels per metre, and as many pixels as that makes.
    let png = shogiprint(
        &[&args[..], &["--dpi", "300"]].concat(),
        &scratch.file("dpi.png"),
    );
    let (w, _, dims) = png_size(&png);
    let dims = dims.expect("a pHYs chunk");
    assert_eq!(dims.unit, png::Unit::Meter);
    assert_eq!((dims.xppu, dims.yppu), (11811, 11811));
    assert_eq!(w, (mm / 25.4 * 300.0).round() as u32);

    // --px 800: the resolution is whatever puts 800 pixels across the drawing's width.
    let png = shogiprint(
        &[&args[..], &["--px", "800"]].concat(),
        &scratch.file("px.png"),
    );
    let (w, _, dims) = png_size(&png);
    let dims = dims.expect("a pHYs chunk");
    assert_eq!(w, 800);
    assert_eq!(dims.unit, png::Unit::Meter);
    assert_eq!(dims.xppu, dims.yppu);
    let placed_mm = w as f64 / dims.xppu as f64 * 1000.0;
    assert!(
        (placed_mm - mm).abs() < 0.05,
        "{placed_mm} mm placed, {mm} mm drawn"
    );

    // The handicap sheet too (its default is 1240 pixels).
    let png = shogiprint(
        &["handicap", "two-piece", "--dpi", "150"],
        &scratch.file("h.png"),
    );
    assert_eq!(png_size(&png).2.map(|d| d.xppu), Some(5906));
}

/// The colour type and the pixels (as RGBA) of a PNG.
fn png_pixels(png: &[u8]) -> (png::ColorType, Vec<[u8; 4]>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().unwrap();
    let color = reader.info().color_type;
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut buf).unwrap();
    let pixels = buf[..frame.buffer_size()]
        .chunks_exact(frame.color_type.samples())
        .map(|p| match *p {
            [g] => [g, g, g, 255],
            [g, a] => [g, g, g, a],
            [r, g, b] => [r, g, b, 255],
            [r, g, b, a] => [r, g, b, a],
            _ => unreachable!(),
        })
        .collect();
    (color, pixels)
}

/// A picture with no colour in it (a traditional diagram, a handicap sheet) is written as an
/// 8-bit grey PNG, a third of the data of RGB and well under half the file; one with colour
/// (a highlight, the red of a promoted piece) stays RGB. A grey image on no background keeps
/// its alpha.
#[test]
fn a_picture_without_colour_is_a_grey_png_and_one_with_colour_stays_rgb() {
    let scratch = Scratch::new("png-grey");
    let grey = shogiprint(&["diagram", "startpos"], &scratch.file("grey.png"));
    let (color, pixels) = png_pixels(&grey);
    assert_eq!(color, png::ColorType::Grayscale);
    assert!(pixels.iter().any(|p| p[0] < 64), "black ink");
    assert!(grey.len() < 60_000, "{} bytes", grey.len());

    let clear = shogiprint(
        &["diagram", "startpos", "--background", "none"],
        &scratch.file("clear.png"),
    );
    let (color, pixels) = png_pixels(&clear);
    assert_eq!(color, png::ColorType::GrayscaleAlpha);
    assert!(pixels.iter().any(|p| p[3] == 0), "transparent paper");

    let coloured = shogiprint(
        &["diagram", "startpos", "--highlight", "5e"],
        &scratch.file("colour.png"),
    );
    let (color, pixels) = png_pixels(&coloured);
    assert_eq!(color, png::ColorType::Rgb);
    assert!(pixels.iter().any(|p| p[0] != p[2]), "the highlight's tint");
}

/// A resolution too low for any pixel is refused as a too-low `--dpi 1` is: the option named
/// once, the smallest width said, and no file written.
#[test]
fn a_dpi_that_rounds_to_no_pixel_is_named_once_and_writes_nothing() {
    let scratch = Scratch::new("png-tiny-dpi");
    for dpi in ["1", "0.0001"] {
        let out = scratch.file("tiny.png");
        let run = Command::new(env!("CARGO_BIN_EXE_shogiprint"))
            .args(["diagram", "startpos", "--dpi", dpi, "-o"])
            .arg(&out)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "--dpi {dpi}: {stderr}");
        assert_eq!(
            stderr.matches("--dpi").count(),
            1,
            "--dpi {dpi}: the option named once: {stderr}"
        );
        assert!(
            stderr.contains("too narrow: at least 16 px"),
            "--dpi {dpi}: {stderr}"
        );
        assert!(!out.exists());
    }
}

/// Pixels darker than mid-grey in a PNG (any colour type the encoders here write).
fn ink(png: &[u8]) -> (u32, usize) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let samples = info.color_type.samples();
    let dark = buf[..info.buffer_size()]
        .chunks_exact(samples)
        .filter(|p| {
            let alpha = if samples == 4 || samples == 2 {
                p[samples - 1]
            } else {
                255
            };
            alpha > 128 && (p[0] as u32 + p[samples.min(3) - 1] as u32) < 256
        })
        .count();
    (info.width, dark)
}

#[test]
fn another_renderer_draws_the_same_ink_when_rsvg_convert_is_installed() {
    let present = Command::new("rsvg-convert")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !present {
        eprintln!("skipped: rsvg-convert (Debian librsvg2-bin) is not installed");
        return;
    }
    let scratch = Scratch::new("rsvg");
    let args = ["diagram", "examples/diagrams/teaching.yaml"];
    let svg = scratch.file("t.svg");
    shogiprint(&args, &svg);
    let ours = shogiprint(
        &[&args[..], &["--px", "600"]].concat(),
        &scratch.file("ours.png"),
    );
    let theirs = scratch.file("rsvg.png");
    let run = Command::new("rsvg-convert")
        .args(["--width", "600", "-o"])
        .arg(&theirs)
        .arg(&svg)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let (w, rsvg_ink) = ink(&std::fs::read(&theirs).unwrap());
    let (_, our_ink) = ink(&ours);
    assert_eq!(w, 600);
    // A renderer that dropped the glyphs (as Inkscape 1.2 did with SVG 2 `href`) would keep the
    // grid and lose most of the ink.
    assert!(our_ink > 1000);
    let ratio = rsvg_ink as f64 / our_ink as f64;
    assert!(
        (0.85..1.15).contains(&ratio),
        "rsvg {rsvg_ink} dark pixels, resvg {our_ink}"
    );
}
