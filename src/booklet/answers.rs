//! The answers section at the end of a booklet: a heading, then each problem's answer beside
//! its label, flowing over as many pages as it needs.

use super::{frame, Book, PageLayout, RenderError};
use crate::draw::{draw_line, Align, Drawing, FontRole, Fonts, Point, TextError, TextStyle};

/// Answers: text size and line height.
pub const ANSWER_SIZE: f64 = 3.6;
const ANSWER_LINE: f64 = 5.6;
/// The most of the body's width the answers' label column takes (a longer label wraps).
const ANSWER_LABEL_MAX: f64 = 0.4;

/// The answers section: a heading, then each answer beside its label, flowing over as many
/// pages as it needs. Returns the page count so far.
pub(super) fn pages(
    book: &Book,
    l: &PageLayout,
    fonts: &Fonts,
    answers: &[(String, String)],
    mut pages: usize,
    page: &mut dyn FnMut(&Drawing) -> std::io::Result<()>,
) -> Result<usize, RenderError> {
    let o = &book.options;
    let style = TextStyle::new(FontRole::Regular, ANSWER_SIZE);
    let label_style = TextStyle::new(FontRole::Bold, ANSWER_SIZE);
    let field = || TextError::in_field("answer".to_string());
    // The label column is the widest label and a gap of 1.5 em, so that each answer stands
    // next to its label, as books set them (a fixed 24 mm left 第1問 two thirds empty, and a
    // longer label ran into its answer).
    let gap = 1.5 * ANSWER_SIZE;
    let mut widest = 0.0_f64;
    for (label, _) in answers {
        widest = widest.max(fonts.width(label_style, label).map_err(field())?);
    }
    let label_w = (widest + gap).min(ANSWER_LABEL_MAX * l.body.w);
    let text_x = l.body.x + label_w;
    let text_w = l.body.right() - text_x;
    let mut d = Drawing::new(l.width, l.height);
    let mut y = l.body.y + 7.0;
    draw_line(
        &mut d,
        fonts,
        TextStyle::new(FontRole::Bold, 6.0),
        &o.answers_title,
        Point::new(l.body.center().x, y),
        Align::Center,
        "answers_title",
    )?;
    y += 10.0;
    // The last baseline a page holds, and how many lines fit from a baseline at `y` down.
    let bottom = l.body.bottom() - 1.0;
    let top = l.body.y + ANSWER_SIZE;
    let room = |y: f64| {
        if y > bottom + 1e-9 {
            0
        } else {
            ((bottom - y) / ANSWER_LINE + 1e-9).floor() as usize + 1
        }
    };
    let page_lines = room(top);
    // Whether anything stands under the heading (or at the top of a page) yet.
    let mut first_on_page = true;
    for (label, text) in answers {
        let lines = fonts.wrap(style, text, text_w).map_err(field())?;
        let label_lines = fonts
            .wrap(label_style, label, (label_w - gap).max(ANSWER_SIZE))
            .map_err(field())?;
        let n = lines.len().max(label_lines.len());
        // An answer is kept whole, on the next page if it does not fit on this one; one
        // longer than a page, or the first under the heading, runs on from here (two lines
        // at least), page after page: moved whole, it left the heading alone on its page and
        // ran past the foot of the next.
        let here = room(y);
        if n > here && (here < n.min(2) || (!first_on_page && n <= page_lines)) {
            pages += 1;
            frame(&mut d, fonts, o, l, pages)?;
            page(&d)?;
            d = Drawing::new(l.width, l.height);
            y = top;
        }
        for i in 0..n {
            if room(y) == 0 {
                pages += 1;
                frame(&mut d, fonts, o, l, pages)?;
                page(&d)?;
                d = Drawing::new(l.width, l.height);
                y = top;
            }
            if let Some(line) = label_lines.get(i) {
                let at = Point::new(l.body.x, y);
                draw_line(&mut d, fonts, label_style, line, at, Align::Start, "answer")?;
            }
            if let Some(line) = lines.get(i) {
                let at = Point::new(text_x, y);
                draw_line(&mut d, fonts, style, line, at, Align::Start, "answer")?;
            }
            y += ANSWER_LINE;
        }
        y += 1.6;
        first_on_page = false;
    }
    pages += 1;
    frame(&mut d, fonts, o, l, pages)?;
    page(&d)?;
    Ok(pages)
}

/// An answer as the answers section prints it: one that ends on its length (`…まで3手詰`,
/// written from the proof or from a record's moves, or declared so) closes with 。 as the
/// sentences of a Japanese answers page do (`▲5二金まで1手詰。`), so that answers written and
/// declared read alike on one page. Any other ending is left as written.
pub(super) fn closed(mut answer: String) -> String {
    let end = answer.trim_end().len();
    answer.truncate(end);
    if answer.ends_with("手詰") || answer.ends_with("手詰め") {
        answer.push('。');
    }
    answer
}
