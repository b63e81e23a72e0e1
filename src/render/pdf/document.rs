//! The last steps, on the lopdf document printpdf builds (printpdf's API has none of them):
//! print hints in the catalog, an information dictionary that names the producer's version and
//! carries a date only when `SOURCE_DATE_EPOCH` gives one, the header version the features used
//! need, and a trailer `/ID` that digests the file instead of printpdf's random one.

use super::PdfOptions;
use lopdf::{Dictionary, Object, StringFormat};
use printpdf::{Op, PdfDocument, PdfSaveOptions};

/// Sixteen zero bytes in hex: the `/ID` placeholder replaced by the file's digest.
const ID_PLACEHOLDER: &[u8] = b"<00000000000000000000000000000000>";

pub(super) fn finish(doc: PdfDocument, options: &PdfOptions, transparency: bool) -> Vec<u8> {
    let actual_text = doc.pages.iter().any(|p| {
        p.ops
            .iter()
            .any(|op| matches!(op, Op::BeginMarkedContentWithProperties { .. }))
    });
    let save = PdfSaveOptions {
        optimize: true,
        // The fonts handed to printpdf are subsets already (see `font`).
        subset_fonts: false,
        secure: true,
        image_optimization: None,
    };
    let mut warnings = Vec::new();
    let mut lo = doc.to_lopdf_document(&save, &mut warnings);
    drop(doc);

    // The lowest version that has every feature used: ExtGState opacity is PDF 1.4, /ActualText
    // 1.5, /PrintScaling 1.6, /Duplex 1.7.
    lo.version = if options.duplex {
        "1.7"
    } else if options.actual_size {
        "1.6"
    } else if actual_text {
        "1.5"
    } else if transparency {
        "1.4"
    } else {
        "1.3"
    }
    .to_string();

    let mut prefs = Dictionary::new();
    if options.actual_size {
        prefs.set("PrintScaling", Object::Name(b"None".to_vec()));
    }
    if options.duplex {
        prefs.set("Duplex", Object::Name(b"DuplexFlipLongEdge".to_vec()));
    }
    if let Ok(catalog) = lo.catalog_mut() {
        // printpdf's defaults say nothing a viewer would not assume.
        catalog.remove(b"PageLayout");
        catalog.remove(b"PageMode");
        if !prefs.is_empty() {
            catalog.set("ViewerPreferences", Object::Dictionary(prefs));
        }
    }

    let info = info(options);
    match lo.trailer.get(b"Info").and_then(Object::as_reference) {
        Ok(id) => {
            lo.objects.insert(id, Object::Dictionary(info));
        }
        Err(_) => {
            let id = lo.add_object(info);
            lo.trailer.set("Info", id);
        }
    }
    let placeholder = Object::String(vec![0; 16], StringFormat::Hexadecimal);
    lo.trailer
        .set("ID", Object::Array(vec![placeholder.clone(), placeholder]));

    compress(&mut lo);
    let mut bytes = Vec::new();
    lo.save_to(&mut bytes)
        .expect("writing to memory cannot fail");
    set_id(&mut bytes);
    bytes
}

/// Title, producer (with the version) and creator; dates only when asked for.
fn info(options: &PdfOptions) -> Dictionary {
    let producer = format!("shogiprint {}", env!("CARGO_PKG_VERSION"));
    let mut info = Dictionary::new();
    info.set("Title", text_string(&options.title));
    info.set("Creator", text_string("shogiprint"));
    info.set("Producer", text_string(&producer));
    if let Some(date) = options.created.and_then(pdf_date) {
        info.set("CreationDate", text_string(&date));
        info.set("ModDate", text_string(&date));
    }
    info
}

/// `D:YYYYMMDDHHmmSS+00'00'` for seconds since the epoch (UTC).
fn pdf_date(seconds: i64) -> Option<String> {
    let t = time::OffsetDateTime::from_unix_timestamp(seconds).ok()?;
    Some(format!(
        "D:{:04}{:02}{:02}{:02}{:02}{:02}+00'00'",
        t.year(),
        t.month() as u8,
        t.day(),
        t.hour(),
        t.minute(),
        t.second()
    ))
}

/// A PDF text string: printable ASCII as it is, anything else as UTF-16BE with a byte order mark.
fn text_string(text: &str) -> Object {
    if text.chars().all(|c| (' '..='~').contains(&c)) {
        return Object::String(text.as_bytes().to_vec(), StringFormat::Literal);
    }
    let mut data = vec![0xfe, 0xff];
    for unit in text.encode_utf16() {
        data.extend_from_slice(&unit.to_be_bytes());
    }
    Object::String(data, StringFormat::Hexadecimal)
}

/// Replaces the `/ID` placeholders in the trailer with a digest of every byte of the file.
fn set_id(bytes: &mut [u8]) {
    let Some(trailer) = find_last(bytes, b"trailer") else {
        return;
    };
    // Two FNV-1a lanes with different seeds: 128 bits that change with any byte.
    let mut lanes: [u64; 2] = [0xcbf2_9ce4_8422_2325, 0x6c62_272e_07bb_0142];
    for &byte in bytes.iter() {
        for lane in &mut lanes {
            *lane = (*lane ^ byte as u64).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    let mut id = Vec::with_capacity(ID_PLACEHOLDER.len());
    id.push(b'<');
    for lane in lanes {
        id.extend_from_slice(format!("{lane:016X}").as_bytes());
    }
    id.push(b'>');
    let mut at = trailer;
    while let Some(found) = find_last(&bytes[at..], ID_PLACEHOLDER).map(|i| i + at) {
        bytes[found..found + id.len()].copy_from_slice(&id);
        at = trailer;
        if find_last(&bytes[at..], ID_PLACEHOLDER).is_none() {
            break;
        }
    }
}

fn find_last(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).rposition(|w| w == needle)
}

/// Flate-compresses every stream that has no filter yet, as lopdf's `compress` does, but at
/// zlib's default level: lopdf asks for the best (level 9), which spent two thirds of a kit's
/// time in the compressor (the brush names are long outline paths) to save a few per cent.
fn compress(lo: &mut lopdf::Document) {
    use flate2::{write::ZlibEncoder, Compression};
    use std::io::Write;
    for object in lo.objects.values_mut() {
        let Object::Stream(stream) = object else {
            continue;
        };
        if !stream.allows_compression || stream.dict.get(b"Filter").is_ok() {
            continue;
        }
        let mut encoder = ZlibEncoder::new(Vec::new(), Compression::default());
        let packed = encoder
            .write_all(&stream.content)
            .and_then(|()| encoder.finish());
        // Like lopdf: keep the plain stream unless compressing saves more than the filter's
        // own entry costs.
        if let Ok(packed) = packed {
            if packed.len() + 19 < stream.content.len() {
                stream.dict.set("Filter", "FlateDecode");
                stream.set_content(packed);
            }
        }
    }
}
