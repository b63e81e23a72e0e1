//! Writers: each turns a [`Drawing`](crate::draw::Drawing) into one file format and adds nothing
//! to the picture. SVG carries glyph outlines (each defined once and reused), PNG is the SVG
//! rasterised by resvg, and PDF is built through printpdf (each font embedded once, as a subset
//! of the glyphs the document shows).

pub mod pdf;
pub mod png;
pub mod svg;

pub use self::pdf::{to_pdf, to_pdf_with, PdfOptions, PdfStream, PdfWriter};
pub use self::png::{to_png, to_png_with, PngOptions, Resolution};
pub use self::svg::{to_svg, to_svg_with, SvgOptions};
