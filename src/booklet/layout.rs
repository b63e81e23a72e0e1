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
/// The type of a cell at its smallest (6 per page on A5): heading, caption and comment sizes,
/// mm (about 10, 9 and 8 pt). Larger cells scale all three together.
pub const HEADING_SIZE: f64 = 3.6;
pub const CAPTION_SIZE: f64 = 3.2;
pub const COMMENT_SIZE: f64 = 2.9;
/// The largest type a cell gets, mm (about 18, 14 and 11 pt): one diagram per page is a page
/// of a book, not a poster.
const HEADING_MAX: f64 = 6.4;
const CAPTION_MAX: f64 = 5.0;
const COMMENT_MAX: f64 = 4.0;
/// Space between cells and inside them.
pub const GUTTER: f64 = 6.0;

/// The type of every cell of a booklet, in book order: heading ≥ caption ≥ comment. Sizes are
/// the em in mm; line heights and the heading's band follow from them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Typography {
    pub heading: f64,
    pub caption: f64,
    pub comment: f64,
}

impl Typography {
    /// Type scaled to a cell: to the square a diagram would have if it filled the cell (13.5
    /// squares across with its hands, 17 down with heading and caption), 0.62, 0.52 and 0.45 of
    /// it, each kept between its smallest and largest size. The multipliers and both bounds run
    /// in the same order, so the order of the sizes holds at every cell size.
    pub fn for_cell(cell: Rect) -> Typography {
        let nominal = (cell.w / 13.5).min(cell.h / 17.0);
        Typography {
            heading: (0.62 * nominal).clamp(HEADING_SIZE, HEADING_MAX),
            caption: (0.52 * nominal).clamp(CAPTION_SIZE, CAPTION_MAX),
            comment: (0.45 * nominal).clamp(COMMENT_SIZE, COMMENT_MAX),
        }
    }

    /// The band the heading takes above the diagram.
    pub fn heading_band(&self) -> f64 {
        1.7 * self.heading
    }

    pub fn caption_line(&self) -> f64 {
        1.45 * self.caption
    }

    pub fn comment_line(&self) -> f64 {
        1.5 * self.comment
    }
}

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
    /// The type of every cell.
    pub typography: Typography,
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
        let body = Rect::new(m, top, w - 2.0 * m, bottom - top);
        let cell = cell_rect(body, cols, rows, 0);
        PageLayout {
            typography: Typography::for_cell(cell),
            width: w,
            height: h,
            margin: m,
            inner,
            body,
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
        cell_rect(self.body, self.cols, self.rows, k)
    }
}

fn cell_rect(body: Rect, cols: usize, rows: usize, k: usize) -> Rect {
    let (col, row) = (k % cols, k / cols);
    let cw = (body.w - GUTTER * (cols - 1) as f64) / cols as f64;
    let ch = (body.h - GUTTER * (rows - 1) as f64) / rows as f64;
    Rect::new(
        body.x + col as f64 * (cw + GUTTER),
        body.y + row as f64 * (ch + GUTTER),
        cw,
        ch,
    )
}
