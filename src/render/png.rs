//! SVG → PNG with resvg. The SVG holds glyph outlines rather than text, so rendering needs no
//! font database at all: the PNG cannot pick up a system font.

use crate::draw::{Drawing, Fonts};

/// A PNG `width_px` pixels wide (the height follows the drawing's proportions), on white.
pub fn to_png(drawing: &Drawing, fonts: &Fonts, width_px: u32) -> Result<Vec<u8>, String> {
    let svg = super::svg::to_svg(drawing, fonts);
    svg_to_png(&svg, width_px)
}

/// Rasterises SVG text to a PNG `width_px` pixels wide, on white.
pub fn svg_to_png(svg: &str, width_px: u32) -> Result<Vec<u8>, String> {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default())
        .map_err(|e| format!("SVG: {e}"))?;
    let size = tree.size();
    let scale = width_px as f32 / size.width();
    let height_px = (size.height() * scale).round().max(1.0) as u32;
    crate::formats::limits::check_png_size(width_px, height_px).map_err(|e| e.to_string())?;
    let mut pixmap = resvg::tiny_skia::Pixmap::new(width_px.max(1), height_px)
        .ok_or_else(|| format!("cannot make a {width_px}×{height_px} image"))?;
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    encode_rgb(&pixmap)
}

/// The pixmap as an 8-bit RGB PNG. The background is opaque white, so the alpha channel carries
/// nothing; dropping it and using the fast deflate setting makes encoding several times quicker
/// than tiny-skia's own encoder (which was most of a PNG's time).
fn encode_rgb(pixmap: &resvg::tiny_skia::Pixmap) -> Result<Vec<u8>, String> {
    let rgb: Vec<u8> = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let mut out = Vec::with_capacity(rgb.len() / 8);
    let mut encoder = ::png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(::png::ColorType::Rgb);
    encoder.set_depth(::png::BitDepth::Eight);
    encoder.set_compression(::png::Compression::Fast);
    let mut writer = encoder.write_header().map_err(|e| format!("PNG: {e}"))?;
    writer
        .write_image_data(&rgb)
        .map_err(|e| format!("PNG: {e}"))?;
    writer.finish().map_err(|e| format!("PNG: {e}"))?;
    Ok(out)
}
