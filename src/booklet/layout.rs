//! Where things go on a booklet page, in millimetres: the running header, the footer, and the
//! grid of cells the diagrams sit in (1 × 1, 1 × 2, 2 × 2 or 2 × 3). Nothing is drawn in the
//! margin.

use super::model::BookOptions;
use crate::draw::Rect;

/// Running header: text size, and the band it takes under the top margin.
pub const HEADER_SIZE: f64 = 3.4;
pub const HEADER_BAND: f64 = 10.0;
/// Footer (page number, footer text): text size and band above the bottom margin.
pub const FOOTER_SIZE: f64 = 3.2;
pub const FOOTER_BAND: f64 = 9.0;
/// The heading of a cell (`第1問 title`): size and band.
pub const HEADING_SIZE: f64 = 4.2;
pub const HEADING_BAND: f64 = 7.0;
/// Comments under a diagram: size and line height.
pub const COMMENT_SIZE: f64 = 3.0;
pub const COMMENT_LINE: f64 = 4.4;
/// Space between cells and inside them.
pub const GUTTER: f64 = 6.0;

#[derive(Clone, Debug, PartialEq)]
pub struct PageLayout {
    pub width: f64,
    pub height: f64,
    pub margin: f64,
    /// The area inside the margin.
    pub inner: Rect,
    /// Where cells (or the answers text) go: the inner area less the header and footer bands.
    pub body: Rect,
    pub cols: usize,
    pub rows: usize,
    pub header_baseline: Option<f64>,
    pub footer_baseline: Option<f64>,
}

impl PageLayout {
    pub fn new(o: &BookOptions) -> PageLayout {
        let (w, h, m) = (o.paper.width, o.paper.height, o.margin);
        let inner = Rect::new(m, m, w - 2.0 * m, h - 2.0 * m);
        let has_header = o.header.as_deref().is_some_and(|t| !t.is_empty());
        let has_footer = o.page_numbers || o.footer.as_deref().is_some_and(|t| !t.is_empty());
        let top = if has_header { m + HEADER_BAND } else { m };
        let bottom = if has_footer {
            h - m - FOOTER_BAND
        } else {
            h - m
        };
        let (cols, rows) = match o.per_page {
            1 => (1, 1),
            2 => (1, 2),
            4 => (2, 2),
            _ => (2, 3),
        };
        PageLayout {
            width: w,
            height: h,
            margin: m,
            inner,
            body: Rect::new(m, top, w - 2.0 * m, bottom - top),
            cols,
            rows,
            // Baselines placed so that ascenders and descenders stay inside the margin.
            header_baseline: has_header.then_some(m + 0.9 * HEADER_SIZE),
            footer_baseline: has_footer.then_some(h - m - 0.25 * FOOTER_SIZE),
        }
    }

    pub fn per_page(&self) -> usize {
        self.cols * self.rows
    }

    /// Cell `k` (0-based, left to right then top to bottom, as a page is read in a problem
    /// book printed horizontally).
    pub fn cell(&self, k: usize) -> Rect {
        let (col, row) = (k % self.cols, k / self.cols);
        let cw = (self.body.w - GUTTER * (self.cols - 1) as f64) / self.cols as f64;
        let ch = (self.body.h - GUTTER * (self.rows - 1) as f64) / self.rows as f64;
        Rect::new(
            self.body.x + col as f64 * (cw + GUTTER),
            self.body.y + row as f64 * (ch + GUTTER),
            cw,
            ch,
        )
    }
}
