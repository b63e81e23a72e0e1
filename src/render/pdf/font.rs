//! A face embedded as a true per-document subset: only the glyphs the document shows, renumbered
//! by `subsetter` (TrueType stays TrueType; CFF becomes a CID-keyed CFF whose CIDs are the new
//! glyph ids, so the same renumbering serves both) (printpdf subsets only with its `text_layout` feature, which this crate leaves
//! off), named with the six-letter tag the PDF specification asks of subset fonts.

use printpdf::ParsedFont;
use std::collections::BTreeMap;

/// A subset ready for printpdf, and how the document's glyph ids map onto it.
pub(super) struct Subset {
    pub(super) font: ParsedFont,
    /// Bundled glyph id → subset glyph id.
    pub(super) ids: BTreeMap<u16, u16>,
}

/// Subsets `data` to `.notdef` and `glyphs` (in ascending id order, so the same glyph set always
/// gives the same bytes). `None` if the face cannot be subset or parsed.
pub(super) fn subset(data: &[u8], glyphs: &BTreeMap<u16, char>) -> Option<Subset> {
    let mut remapper = subsetter::GlyphRemapper::new();
    remapper.remap(0);
    for &id in glyphs.keys() {
        remapper.remap(id);
    }
    let bytes = subsetter::subset(data, 0, &remapper).ok()?;
    let ids = glyphs
        .keys()
        .filter_map(|&id| Some((id, remapper.get(id)?)))
        .collect();
    // subsetter leaves out `cmap` (a PDF CID font maps codes itself), which printpdf notes as a
    // warning; glyphs are shown by id, so nothing depends on it.
    let mut warnings = Vec::new();
    let mut font = ParsedFont::from_bytes(&bytes, 0, &mut warnings)?;
    let name = postscript_name(data).unwrap_or_else(|| "Shogiprint".to_string());
    font.font_name = Some(format!("{}+{name}", subset_tag(&name, glyphs)));
    Some(Subset { font, ids })
}

/// Six capital letters derived from the face's name and the glyph set: the same subset always
/// gets the same tag, different subsets almost always different ones (ISO 32000-1, 9.6.4).
pub(super) fn subset_tag(name: &str, glyphs: &BTreeMap<u16, char>) -> String {
    // FNV-1a over the name and the glyph ids.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let bytes = name
        .bytes()
        .chain(glyphs.keys().flat_map(|id| id.to_be_bytes()));
    for byte in bytes {
        hash = (hash ^ byte as u64).wrapping_mul(0x0000_0100_0000_01b3);
    }
    (0..6)
        .map(|_| {
            let letter = (b'A' + (hash % 26) as u8) as char;
            hash /= 26;
            letter
        })
        .collect()
}

/// The font's PostScript name (name ID 6), reduced to characters safe in a PDF name.
pub(super) fn postscript_name(data: &[u8]) -> Option<String> {
    let face = ttf_parser::Face::parse(data, 0).ok()?;
    let name = face
        .names()
        .into_iter()
        .filter(|n| n.name_id == ttf_parser::name_id::POST_SCRIPT_NAME)
        .find_map(|n| n.to_string())?;
    let name: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    (!name.is_empty()).then_some(name)
}
