//! SVG → PNG with resvg. The SVG holds glyph outlines rather than text, so rendering needs no
//! font database at all: the PNG cannot pick up a system font.
//!
//! Every PNG carries a `pHYs` chunk (pixels per metre), so word processors and LaTeX place it at
//! the drawing's size in millimetres whatever its pixel count.

use super::svg::{to_svg_with, SvgOptions};
use crate::draw::{Color, Drawing, Fonts};

/// How many pixels a PNG gets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Resolution {
    /// This many pixels wide; the resolution follows from the drawing's width.
    Width(u32),
    /// This many dots per inch; the width in pixels follows from the drawing's width.
    Dpi(f64),
}

/// How [`to_png_with`] renders a drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct PngOptions {
    /// Default: 800 pixels wide.
    pub resolution: Resolution,
    /// Painted under the drawing; `None` gives a transparent (RGBA) image. Default: white.
    pub background: Option<Color>,
}

impl Default for PngOptions {
    fn default() -> PngOptions {
        PngOptions {
            resolution: Resolution::Width(800),
            background: Some(Color::WHITE),
        }
    }
}

/// A PNG `width_px` pixels wide (the height follows the drawing's proportions), on white.
pub fn to_png(drawing: &Drawing, fonts: &Fonts, width_px: u32) -> Result<Vec<u8>, String> {
    let svg = super::svg::to_svg(drawing, fonts);
    svg_to_png(&svg, width_px)
}

/// A PNG of a drawing at the size and on the background `options` ask for.
pub fn to_png_with(
    drawing: &Drawing,
    fonts: &Fonts,
    options: &PngOptions,
) -> Result<Vec<u8>, String> {
    let svg = to_svg_with(
        drawing,
        fonts,
        &SvgOptions {
            background: options.background,
        },
    );
    let (width_px, per_metre) = match options.resolution {
        Resolution::Width(px) => (px, None),
        Resolution::Dpi(dpi) => {
            // The caller names the option (`--dpi N: …`): the messages here say only what
            // is wrong with it.
            if !(dpi.is_finite() && dpi > 0.0) {
                return Err(format!("{dpi} dots per inch is not a resolution"));
            }
            // A width past u32 saturates, and one under a pixel is 0: either way the size
            // check in `rasterise` refuses it with the bounds.
            let px = (drawing.width / 25.4 * dpi).round() as u32;
            (px, Some((dpi / 0.0254).round() as u32))
        }
    };
    rasterise(&svg, width_px, per_metre, options.background.is_some())
}

/// Rasterises SVG text to a PNG `width_px` pixels wide. The SVG's own background shows; where it
/// has none, the PNG is white.
pub fn svg_to_png(svg: &str, width_px: u32) -> Result<Vec<u8>, String> {
    rasterise(svg, width_px, None, true)
}

/// `per_metre` is the exact resolution for `pHYs` when the caller chose one (`--dpi`); otherwise
/// it follows from the pixel width and the SVG's width in millimetres. `opaque` fills white
/// under the drawing and writes RGB; otherwise the image keeps its alpha channel.
fn rasterise(
    svg: &str,
    width_px: u32,
    per_metre: Option<u32>,
    opaque: bool,
) -> Result<Vec<u8>, String> {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default())
        .map_err(|e| format!("SVG: {e}"))?;
    let size = tree.size();
    let scale = width_px as f32 / size.width();
    let height_px = (size.height() * scale).round().max(1.0) as u32;
    crate::formats::limits::check_png_size(width_px, height_px).map_err(|e| e.to_string())?;
    let mut pixmap = resvg::tiny_skia::Pixmap::new(width_px, height_px)
        .ok_or_else(|| format!("cannot make a {width_px}×{height_px} image"))?;
    if opaque {
        pixmap.fill(resvg::tiny_skia::Color::WHITE);
    }
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    // usvg measures in CSS pixels (96 per inch); the SVG's width is in millimetres.
    let width_m = size.width() as f64 / 96.0 * 0.0254;
    let per_metre = per_metre.unwrap_or_else(|| (width_px as f64 / width_m).round() as u32);
    encode(&pixmap, per_metre, opaque)
}

/// The pixmap as an 8-bit PNG with its resolution: RGB when opaque (the alpha channel would carry
/// nothing; dropping it and using the fast deflate setting makes encoding several times quicker
/// than tiny-skia's own encoder), else RGBA with the colours un-premultiplied. A picture with no
/// colour in it (every traditional diagram, a handicap sheet) is written grey, with its alpha if
/// it has one: a third of the data, which the fast setting packs to well under half the file
/// (a start position at 800 px: 47 KB instead of 117 KB) in half the time.
fn encode(
    pixmap: &resvg::tiny_skia::Pixmap,
    per_metre: u32,
    opaque: bool,
) -> Result<Vec<u8>, String> {
    // Premultiplied grey stays grey: r = g = b before un-premultiplying is the same test.
    let grey = pixmap
        .data()
        .chunks_exact(4)
        .all(|p| p[0] == p[1] && p[1] == p[2]);
    let (color, data): (_, Vec<u8>) = match (opaque, grey) {
        (true, true) => (
            ::png::ColorType::Grayscale,
            pixmap.data().chunks_exact(4).map(|p| p[0]).collect(),
        ),
        (true, false) => (
            ::png::ColorType::Rgb,
            pixmap
                .data()
                .chunks_exact(4)
                .flat_map(|p| [p[0], p[1], p[2]])
                .collect(),
        ),
        (false, true) => (
            ::png::ColorType::GrayscaleAlpha,
            pixmap
                .pixels()
                .iter()
                .flat_map(|p| {
                    let c = p.demultiply();
                    [c.red(), c.alpha()]
                })
                .collect(),
        ),
        (false, false) => (
            ::png::ColorType::Rgba,
            pixmap
                .pixels()
                .iter()
                .flat_map(|p| {
                    let c = p.demultiply();
                    [c.red(), c.green(), c.blue(), c.alpha()]
                })
                .collect(),
        ),
    };
    let mut out = Vec::with_capacity(data.len() / 8);
    let mut encoder = ::png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(color);
    encoder.set_depth(::png::BitDepth::Eight);
    encoder.set_compression(::png::Compression::Fast);
    encoder.set_pixel_dims(Some(::png::PixelDimensions {
        xppu: per_metre,
        yppu: per_metre,
        unit: ::png::Unit::Meter,
    }));
    let mut writer = encoder.write_header().map_err(|e| format!("PNG: {e}"))?;
    writer
        .write_image_data(&data)
        .map_err(|e| format!("PNG: {e}"))?;
    writer.finish().map_err(|e| format!("PNG: {e}"))?;
    Ok(out)
}
