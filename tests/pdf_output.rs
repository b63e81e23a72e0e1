//! The PDFs the commands write, read back as a reader would: the embedded fonts are true subsets
//! with tagged names and a ToUnicode map of exactly their glyphs, the catalog carries the print
//! hints, the header version fits them, output is byte-identical with and without
//! `SOURCE_DATE_EPOCH`, `--ink black` leaves only DeviceGray black and white, and — when poppler
//! and qpdf are installed (`.ci/run` installs them) — `pdftotext` finds the vertical labels as
//! words and `qpdf --check` passes every product.

use lopdf::content::Content;
use lopdf::{Dictionary, Document, Object};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

/// A position with three pawns in Black's hand, so the hand reads 歩三.
const SFEN: &str = "lnsgkgsnl/1r5b1/pppppp1pp/9/9/9/PP3PPPP/1B5R1/LNSGKGSNL b 3P 1";

// Only the directory itself is used here: the files are named by `scratch`.
#[allow(dead_code)]
#[path = "support/temp_dir.rs"]
mod temp_dir;

thread_local! {
    /// Each test's files, in a directory of its own removed when the test's thread ends (a
    /// directory per process was left behind by every run).
    static SCRATCH: temp_dir::TempDir = temp_dir::TempDir::new("pdf-output");
}

fn scratch(name: &str) -> PathBuf {
    SCRATCH.with(|dir| dir.0.join(name))
}

/// Runs the command with `-o FILE` and returns the file; `epoch` sets or clears
/// `SOURCE_DATE_EPOCH`.
fn write(args: &[&str], file: &str, epoch: Option<&str>) -> Vec<u8> {
    let path = scratch(file);
    let mut command = Command::new(env!("CARGO_BIN_EXE_shogiprint"));
    command.args(args).arg("-o").arg(&path);
    match epoch {
        Some(e) => command.env("SOURCE_DATE_EPOCH", e),
        None => command.env_remove("SOURCE_DATE_EPOCH"),
    };
    let out = command.output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read(&path).unwrap()
}

fn diagram(extra: &[&str], file: &str) -> Vec<u8> {
    let mut args = vec!["diagram", SFEN];
    args.extend_from_slice(extra);
    write(&args, file, None)
}

fn booklet_file() -> PathBuf {
    let path = scratch("book.sfen");
    std::fs::write(&path, format!("{SFEN}\n{SFEN}\n")).unwrap();
    path
}

fn load(bytes: &[u8]) -> Document {
    Document::load_mem(bytes).expect("the PDF parses")
}

fn dict<'a>(doc: &'a Document, o: &'a Object) -> &'a Dictionary {
    match o {
        Object::Reference(id) => doc.get_dictionary(*id).unwrap(),
        Object::Dictionary(d) => d,
        other => panic!("not a dictionary: {other:?}"),
    }
}

fn catalog(doc: &Document) -> &Dictionary {
    dict(doc, doc.trailer.get(b"Root").unwrap())
}

fn viewer_preference(doc: &Document, key: &[u8]) -> Option<Vec<u8>> {
    let prefs = catalog(doc).get(b"ViewerPreferences").ok()?;
    let value = dict(doc, prefs).get(key).ok()?;
    Some(value.as_name().unwrap().to_vec())
}

/// One embedded Type0 font: its name, its font program and its ToUnicode map.
struct Embedded {
    name: String,
    glyphs_in_program: u16,
    to_unicode: BTreeMap<u16, char>,
    widths: usize,
}

fn stream_bytes(doc: &Document, o: &Object) -> Vec<u8> {
    let stream = doc
        .get_object(o.as_reference().unwrap())
        .unwrap()
        .as_stream()
        .unwrap();
    stream
        .decompressed_content()
        .unwrap_or_else(|_| stream.content.clone())
}

fn embedded_fonts(doc: &Document) -> Vec<Embedded> {
    let mut fonts = Vec::new();
    for object in doc.objects.values() {
        let Ok(font) = object.as_dict() else { continue };
        if font.get(b"Subtype").and_then(Object::as_name).ok() != Some(b"Type0") {
            continue;
        }
        let name =
            String::from_utf8(font.get(b"BaseFont").unwrap().as_name().unwrap().to_vec()).unwrap();
        let descendant = match font.get(b"DescendantFonts").unwrap() {
            Object::Array(a) => dict(doc, &a[0]),
            other => dict(doc, other),
        };
        let descriptor = dict(doc, descendant.get(b"FontDescriptor").unwrap());
        assert_eq!(
            descriptor.get(b"FontName").unwrap().as_name().unwrap(),
            name.as_bytes(),
            "FontName and BaseFont agree"
        );
        let program = stream_bytes(doc, descriptor.get(b"FontFile2").unwrap());
        let glyphs_in_program = ttf_parser::Face::parse(&program, 0)
            .expect("the embedded font parses")
            .number_of_glyphs();
        let cmap = String::from_utf8(stream_bytes(doc, font.get(b"ToUnicode").unwrap())).unwrap();
        let mut to_unicode = BTreeMap::new();
        let mut in_bfchar = false;
        for line in cmap.lines() {
            if line.ends_with("beginbfchar") {
                in_bfchar = true;
            } else if line == "endbfchar" {
                in_bfchar = false;
            } else if in_bfchar {
                let hex: Vec<&str> = line
                    .split(['<', '>', ' '])
                    .filter(|s| !s.is_empty())
                    .collect();
                let code = u16::from_str_radix(hex[0], 16).unwrap();
                let unit = u32::from_str_radix(hex[1], 16).unwrap();
                to_unicode.insert(code, char::from_u32(unit).unwrap());
            }
        }
        assert!(!cmap.contains("beginbfrange"), "only bfchar is parsed here");
        let widths = match descendant.get(b"W").unwrap() {
            Object::Array(w) => w
                .iter()
                .filter_map(|o| o.as_array().ok())
                .map(|a| a.len())
                .sum(),
            _ => 0,
        };
        fonts.push(Embedded {
            name,
            glyphs_in_program,
            to_unicode,
            widths,
        });
    }
    fonts.sort_by(|a, b| a.name.cmp(&b.name));
    fonts
}

fn page_operators(doc: &Document) -> Vec<lopdf::content::Operation> {
    let mut ops = Vec::new();
    for (_, id) in doc.get_pages() {
        ops.extend(
            Content::decode(&doc.get_page_content(id))
                .unwrap()
                .operations,
        );
    }
    ops
}

#[test]
fn a_diagram_embeds_tagged_subsets_of_exactly_its_glyphs() {
    let bytes = diagram(&["--caption", "第1図"], "subset.pdf");
    assert!(bytes.len() < 30 * 1024, "{} bytes", bytes.len());
    let doc = load(&bytes);
    let fonts = embedded_fonts(&doc);
    assert_eq!(fonts.len(), 2, "regular and bold");
    let mut all = String::new();
    for font in &fonts {
        let (tag, face) = font.name.split_once('+').expect("a subset tag");
        assert!(tag.len() == 6 && tag.bytes().all(|b| b.is_ascii_uppercase()));
        assert!(face.starts_with("NotoSerifJP-"), "{face}");
        // The program holds .notdef and the glyphs shown, each with a width and a character.
        assert_eq!(font.glyphs_in_program as usize, font.to_unicode.len() + 1);
        assert_eq!(font.widths, font.to_unicode.len());
        assert_eq!(
            font.to_unicode.keys().copied().collect::<Vec<_>>(),
            (1..=font.to_unicode.len() as u16).collect::<Vec<_>>()
        );
        all.extend(font.to_unicode.values());
    }
    for ch in "先手後持駒歩三第図九香桂銀金玉王角飛".chars() {
        assert!(all.contains(ch), "{ch} is in a ToUnicode map: {all}");
    }
    // No print hints on a diagram (it is placed in other documents).
    assert!(catalog(&doc).get(b"ViewerPreferences").is_err());
}

#[test]
fn the_subset_tag_follows_the_glyph_set() {
    let a = embedded_fonts(&load(&diagram(&[], "tag-a.pdf")));
    let b = embedded_fonts(&load(&diagram(&[], "tag-b.pdf")));
    let c = embedded_fonts(&load(&diagram(&["--caption", "第2図"], "tag-c.pdf")));
    let names = |f: &[Embedded]| f.iter().map(|e| e.name.clone()).collect::<Vec<_>>();
    assert_eq!(names(&a), names(&b));
    assert_ne!(
        names(&a),
        names(&c),
        "a caption adds glyphs to the regular face"
    );
}

#[test]
fn kits_ask_for_actual_size_and_duplex_kits_for_long_edge_duplex() {
    let fold = write(&["kit"], "kit.pdf", None);
    // About 570 KB since issue 13: the brush names' thickened outlines are paths (430 KB) and the
    // rules card a page (70 KB); `--face mincho` keeps it near 145 KB.
    assert!(fold.len() < 650 * 1024, "{} bytes", fold.len());
    let doc = load(&fold);
    assert_eq!(doc.version, "1.6");
    assert_eq!(
        viewer_preference(&doc, b"PrintScaling").as_deref(),
        Some(&b"None"[..])
    );
    assert_eq!(viewer_preference(&doc, b"Duplex"), None);

    let duplex = load(&write(&["kit", "--layout", "duplex"], "duplex.pdf", None));
    assert_eq!(duplex.version, "1.7");
    assert_eq!(
        viewer_preference(&duplex, b"Duplex").as_deref(),
        Some(&b"DuplexFlipLongEdge"[..])
    );
    assert_eq!(
        viewer_preference(&duplex, b"PrintScaling").as_deref(),
        Some(&b"None"[..])
    );
}

#[test]
fn booklets_and_handicap_sheets_ask_for_actual_size() {
    let book = booklet_file();
    let booklet = load(&write(
        &["booklet", book.to_str().unwrap()],
        "book.pdf",
        None,
    ));
    let sheets = load(&write(&["handicap", "--all"], "handicaps.pdf", None));
    let one = load(&write(&["handicap", "rook"], "rook.pdf", None));
    for doc in [&booklet, &sheets, &one] {
        assert_eq!(
            viewer_preference(doc, b"PrintScaling").as_deref(),
            Some(&b"None"[..])
        );
        assert_eq!(doc.version, "1.6");
    }
}

#[test]
fn identical_input_gives_identical_bytes_with_and_without_source_date_epoch() {
    let run = |epoch: Option<&str>, file: &str| write(&["diagram", SFEN], file, epoch);
    let (a, b) = (run(None, "plain-a.pdf"), run(None, "plain-b.pdf"));
    assert_eq!(a, b);
    let info = |bytes: &[u8]| {
        let doc = load(bytes);
        dict(&doc, doc.trailer.get(b"Info").unwrap()).clone()
    };
    assert!(!info(&a).has(b"CreationDate"));
    assert!(!info(&a).has(b"ModDate"));
    let producer = info(&a)
        .get(b"Producer")
        .unwrap()
        .as_str()
        .unwrap()
        .to_vec();
    assert_eq!(
        producer,
        format!("shogiprint {}", env!("CARGO_PKG_VERSION")).as_bytes()
    );

    let (c, d) = (
        run(Some("1700000000"), "dated-a.pdf"),
        run(Some("1700000000"), "dated-b.pdf"),
    );
    assert_eq!(c, d);
    // `date -u -d @1700000000` → Tue Nov 14 22:13:20 UTC 2023.
    assert_eq!(
        info(&c).get(b"CreationDate").unwrap().as_str().unwrap(),
        b"D:20231114221320+00'00'"
    );
    // The trailer /ID digests the file, so it differs when the date does.
    let id = |bytes: &[u8]| load(bytes).trailer.get(b"ID").unwrap().clone();
    assert_ne!(id(&a), id(&c));
}

#[test]
fn ink_black_leaves_only_devicegray_black_and_white_and_no_transparency() {
    // The last move must be one that led to the position: White (Black is to move) put its
    // rook on 8b from the empty 7b.
    let colour = diagram(
        &[
            "--arrow",
            "7g7f",
            "--highlight",
            "5e",
            "--last-move",
            "7b8b",
        ],
        "colour.pdf",
    );
    let black = diagram(
        &[
            "--arrow",
            "7g7f",
            "--highlight",
            "5e",
            "--last-move",
            "7b8b",
            "--ink",
            "black",
        ],
        "black.pdf",
    );
    let ops_colour = page_operators(&load(&colour));
    assert!(
        ops_colour.iter().any(|o| o.operator == "gs"),
        "the colour diagram's arrow is translucent"
    );
    let ops = page_operators(&load(&black));
    for op in &ops {
        assert!(
            !["rg", "RG", "k", "K", "sc", "scn", "SC", "SCN", "cs", "CS", "gs"]
                .contains(&op.operator.as_str()),
            "{op:?}"
        );
        let value = || op.operands[0].as_float().unwrap();
        match op.operator.as_str() {
            "G" => assert_eq!(value(), 0.0, "lines are pure black"),
            "g" => assert!(value() == 0.0 || value() == 1.0, "{op:?}"),
            _ => {}
        }
    }
    assert!(ops.iter().any(|o| o.operator == "g"));
}

#[test]
fn kit_no_fill_keeps_outlines_and_drops_the_fills() {
    let count = |bytes: &[u8], names: &[&str]| {
        page_operators(&load(bytes))
            .iter()
            .filter(|o| names.contains(&o.operator.as_str()))
            .count()
    };
    let full = write(&["kit"], "kit-full.pdf", None);
    let bare = write(&["kit", "--no-fill"], "kit-bare.pdf", None);
    let fills = ["f", "f*", "b", "b*", "B", "B*"];
    assert!(
        count(&bare, &fills) * 2 < count(&full, &fills),
        "{} fills left of {}",
        count(&bare, &fills),
        count(&full, &fills)
    );
    assert!(count(&bare, &["S", "s"]) >= count(&full, &["S", "s"]));
}

/// A tool from poppler-utils or qpdf, if it is installed.
fn tool(name: &str) -> Option<Command> {
    let found = Command::new(name).arg("--version").output().is_ok();
    if !found {
        eprintln!("skipped: {name} is not installed (apt-get install poppler-utils qpdf)");
    }
    found.then(|| Command::new(name))
}

#[test]
fn pdftotext_finds_the_vertical_labels_as_words() {
    let bytes = diagram(&[], "text.pdf");
    let Some(mut pdftotext) = tool("pdftotext") else {
        return;
    };
    let path = scratch("text.pdf");
    std::fs::write(&path, &bytes).unwrap();
    let out = pdftotext.arg(&path).arg("-").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for word in ["先手", "後手", "持駒", "歩三"] {
        assert!(text.contains(word), "{word} in {text:?}");
    }
}

/// A user's font with CFF outlines (Noto Serif CJK or Source Han Serif, the fonts `--font` is
/// most often given) is embedded as a CID-keyed CFF subset with a ToUnicode map, as a TrueType
/// face is: its text can be searched and copied, not only seen as filled outlines.
#[test]
fn a_cff_font_given_with_font_is_embedded_so_its_text_can_be_found() {
    let font = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/fonts/NotoSerifCJKjp-Regular.diagram.otf"
    );
    let bytes = write(&["diagram", "startpos", "--font", font], "cff.pdf", None);
    let doc = load(&bytes);
    let mut found = Vec::new();
    for object in doc.objects.values() {
        let Ok(font) = object.as_dict() else { continue };
        if font.get(b"Subtype").and_then(Object::as_name).ok() != Some(b"Type0") {
            continue;
        }
        let descendant = match font.get(b"DescendantFonts").unwrap() {
            Object::Array(a) => dict(&doc, &a[0]),
            other => dict(&doc, other),
        };
        assert_eq!(
            descendant.get(b"Subtype").unwrap().as_name().unwrap(),
            b"CIDFontType0"
        );
        let descriptor = dict(&doc, descendant.get(b"FontDescriptor").unwrap());
        let program = descriptor.get(b"FontFile3").expect("a CFF font program");
        let program = doc
            .get_object(program.as_reference().unwrap())
            .unwrap()
            .as_stream()
            .unwrap();
        assert_eq!(
            program.dict.get(b"Subtype").unwrap().as_name().unwrap(),
            b"CIDFontType0C"
        );
        let name = font.get(b"BaseFont").unwrap().as_name().unwrap().to_vec();
        let name = String::from_utf8(name).unwrap();
        assert!(name.ends_with("+NotoSerifCJKjp-Regular"), "{name}");
        let cmap = String::from_utf8(stream_bytes(&doc, font.get(b"ToUnicode").unwrap())).unwrap();
        found.push(cmap);
    }
    assert_eq!(found.len(), 1, "one embedded face");
    for ch in ['歩', '先', '駒', '９'] {
        let unit = format!("<{:04X}>", ch as u32);
        assert!(found[0].contains(&unit), "{ch} in the ToUnicode map");
    }
    // Shown as text, not filled as paths.
    let shown = page_operators(&doc)
        .iter()
        .filter(|op| op.operator == "TJ" || op.operator == "Tj")
        .count();
    assert!(shown >= 40, "{shown} glyphs shown as text");
    // A PDF 1.3 reader takes a bare CID-keyed CFF (FontFile3 /CIDFontType0C).
    assert!(bytes.starts_with(b"%PDF-1."));

    let Some(mut pdftotext) = tool("pdftotext") else {
        return;
    };
    let path = scratch("cff.pdf");
    let out = pdftotext.arg(&path).arg("-").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for word in ["先手", "後手", "持駒", "香桂銀金王金銀桂香"] {
        assert!(text.contains(word), "{word} in {text:?}");
    }
}

#[test]
fn qpdf_finds_no_errors_in_any_product() {
    let book = booklet_file();
    let products = [
        diagram(&["--arrow", "7g7f"], "q-diagram.pdf"),
        write(&["kit"], "q-kit.pdf", None),
        write(
            &["kit", "--layout", "duplex", "--ink", "black", "--no-fill"],
            "q-duplex.pdf",
            None,
        ),
        write(&["booklet", book.to_str().unwrap()], "q-book.pdf", None),
        write(&["handicap", "--all"], "q-handicaps.pdf", None),
    ];
    for (i, bytes) in products.iter().enumerate() {
        let Some(mut qpdf) = tool("qpdf") else {
            return;
        };
        let path = scratch(&format!("check-{i}.pdf"));
        std::fs::write(&path, bytes).unwrap();
        let out = qpdf.arg("--check").arg(&path).output().unwrap();
        let report = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && report.contains("No syntax or stream encoding errors"),
            "product {i}: {report}{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn a_thousand_diagram_booklet_stays_under_two_megabytes() {
    // The mate-in-one pattern of bench/booklet.sh: the gold-on-the-head walked along the top rank.
    let mut sfens = String::new();
    for i in 0..1000 {
        let file = i % 9 + 1;
        let side = |n: usize| if n > 0 { n.to_string() } else { String::new() };
        let (l, r) = (side(9 - file), side(file - 1));
        sfens.push_str(&format!("{l}k{r}/9/{l}P{r}/9/9/9/9/9/9 b G 1\n"));
    }
    let path = scratch("thousand.sfen");
    std::fs::write(&path, sfens).unwrap();
    let bytes = write(
        &["booklet", path.to_str().unwrap(), "--tsume"],
        "thousand.pdf",
        None,
    );
    assert!(bytes.len() < 2 * 1024 * 1024, "{} bytes", bytes.len());
    let doc = load(&bytes);
    // 167 pages of six diagrams, then 28 of the answers written from the proofs.
    assert_eq!(doc.get_pages().len(), 195);
    // Still two small subsets, however many pages use them.
    for font in embedded_fonts(&doc) {
        assert!(font.glyphs_in_program < 100, "{}", font.glyphs_in_program);
    }
}
