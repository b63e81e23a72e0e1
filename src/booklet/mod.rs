//! Booklets: many validated diagrams laid out for print — problems or teaching positions, each
//! with a numbered heading, caption and comment, on a grid of 1, 2, 4 or 6 per page, with a
//! running header, footer, page numbers and an optional answers section at the end.
//!
//! Work is done in two passes so that a booklet of any length runs in bounded memory:
//! [`prepare`] reads and validates every entry, checks every string against the fonts and
//! measures what the grid needs (one square size for the whole booklet, so that every board is
//! the same size), keeping only those few numbers; [`render`] then reads each entry again and
//! hands each page to a callback as soon as it is drawn (the CLI streams it into the PDF).

mod answers;
pub mod game;
pub mod layout;
pub mod model;
mod record_caption;
pub mod verify;

pub use crate::paper::Paper;
pub use answers::ANSWER_SIZE;
pub use layout::PageLayout;
pub use model::{
    position_lines, Book, BookOptions, CommentPlace, Entry, EntrySource, Kind, Numbering,
};

use crate::diagram;
use crate::draw::{
    draw_line, Align, Color as Ink, Drawing, FontRole, Fonts, Path, Point, Stroke, TextError,
    TextStyle,
};
use crate::in_order;
use crate::rules::Variant;
use layout::*;
use std::sync::Arc;

/// The largest square a booklet diagram gets, mm: one diagram per A4 page would otherwise be
/// poster-sized.
const MAX_SQUARE: f64 = 13.0;
/// The smallest square that still prints legibly.
const MIN_SQUARE: f64 = 3.0;
/// The square size diagrams are measured at.
const PROBE: f64 = 10.0;

/// Why an entry cannot go into the booklet.
#[derive(Debug)]
pub struct EntryFailure {
    /// 0-based entry index.
    pub index: usize,
    /// `book.yaml:12:5` or `more.sfen:7`.
    pub place: String,
    /// `第3問 「title」`, or `diagram 3` when the booklet has no numbering.
    pub label: String,
    pub error: EntryError,
}

#[derive(Debug, thiserror::Error)]
pub enum EntryError {
    #[error("{0}")]
    Read(crate::Error),
    #[error("{0}")]
    Text(TextError),
    /// A tsume entry that is not a sound problem, or whose answer is wrong.
    #[error("{0}")]
    Tsume(crate::diagram::verify::Refusal),
    /// The page grid leaves diagrams smaller than the smallest legible square.
    #[error("no room: with {per_page} diagrams per page and {comment_lines} comment lines each, squares would be {square:.1} mm (less than {min} mm); use fewer diagrams per page, larger paper or shorter comments", min = MIN_SQUARE)]
    NoRoom {
        per_page: usize,
        comment_lines: usize,
        /// The square width the grid would give, mm.
        square: f64,
    },
}

/// What [`prepare`] measured: enough to lay every page out the same way.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub layout: PageLayout,
    /// Square width of every diagram, mm.
    pub square: f64,
    /// Lines reserved over each diagram for its heading, and under it for its caption and its
    /// comment.
    pub heading_lines: usize,
    pub caption_lines: usize,
    pub comment_lines: usize,
    /// How far below the top of its cell each cell's content starts, mm: what is left of the
    /// cell's height, split above and below, so that a page is not a third blank.
    pub offset: f64,
    /// How far right of its cell's centre every board's centre stands, mm (negative: left), so
    /// that the boards of a column line up whatever their hands and the widest fits the cell.
    pub board_shift: f64,
    pub diagram_pages: usize,
    pub entries: usize,
    /// Per entry, what tsume verification filled in (answer, caption).
    pub filled: Vec<Option<verify::Filled>>,
}

/// The heading of an entry: its label and title.
fn heading(label: &str, title: Option<&str>) -> String {
    let label = label.to_string();
    match (label.is_empty(), title) {
        (_, None) => label,
        (true, Some(t)) => t.to_string(),
        // Japanese type parts a label from its title with a full-width space (第1図　平手).
        (false, Some(t)) if !label.is_ascii() || !t.is_ascii() => format!("{label}\u{3000}{t}"),
        (false, Some(t)) => format!("{label}  {t}"),
    }
}

/// How an entry is named in messages (`label` is empty when the entry could not be read).
fn entry_label(label: &str, i: usize, title: Option<&str>) -> String {
    let label = if label.is_empty() {
        format!("diagram {}", i + 1)
    } else {
        format!("diagram {} ({label})", i + 1)
    };
    match title {
        Some(t) => format!("{label} '{t}'"),
        None => label,
    }
}

/// The title of an entry for messages, read from its YAML text without parsing it (so that it
/// can be named even when the entry is malformed).
fn raw_title(source: &EntrySource) -> Option<String> {
    let EntrySource::Yaml { text, .. } = source else {
        return None;
    };
    text.lines().find_map(|l| {
        let v = l.strip_prefix("title:")?.trim();
        let v = v.trim_matches(|c| c == '"' || c == '\'');
        (!v.is_empty()).then(|| v.to_string())
    })
}

/// Entry `i`'s failure, under its label (`第3問 「title」`).
fn failure(
    book: &Book,
    i: usize,
    label: &str,
    title: Option<&str>,
    error: EntryError,
) -> EntryFailure {
    EntryFailure {
        index: i,
        place: book.place(i),
        label: entry_label(label, i, title),
        error,
    }
}

/// The kind of an entry that could not be read, from its text: a problem if it says
/// `tsume: true` or has an `answer:` (or is a line of a tsume positions file).
fn raw_kind(source: &EntrySource, o: &BookOptions) -> Kind {
    let problem = match source {
        EntrySource::Yaml { text, .. } => text.lines().any(|l| {
            let l = l.trim_start();
            l.starts_with("answer:") || l.replace(' ', "") == "tsume:true"
        }),
        EntrySource::Line { .. } | EntrySource::File { .. } => o.tsume,
        // A position of a game is a figure.
        EntrySource::Game(_) => false,
    };
    if problem {
        Kind::Problem
    } else {
        Kind::Figure
    }
}

/// Pass one: every entry read, validated (unless it declares its problems) and measured. Returns
/// every failure, not only the first.
pub fn prepare(
    book: &Book,
    variant: &Arc<Variant>,
    load_variant: &dyn Fn(&str) -> Result<Arc<Variant>, crate::Error>,
    fonts: &Fonts,
) -> Result<Plan, Vec<EntryFailure>> {
    prepare_with_progress(book, variant, load_variant, fonts, &mut |_, _| {})
}

/// [`prepare`], telling `proved` after each problem proved how many of how many are.
pub fn prepare_with_progress(
    book: &Book,
    variant: &Arc<Variant>,
    load_variant: &dyn Fn(&str) -> Result<Arc<Variant>, crate::Error>,
    fonts: &Fonts,
    proved: &mut dyn FnMut(usize, usize),
) -> Result<Plan, Vec<EntryFailure>> {
    let o = &book.options;
    let layout = PageLayout::new(o);
    let cell = layout.cell(0);
    let text_w = cell.w - 2.0;
    let t = layout.typography;
    let comment_style = TextStyle::new(FontRole::Regular, t.comment);
    let caption_style = TextStyle::new(FontRole::Regular, t.caption);
    let answer_style = TextStyle::new(FontRole::Regular, ANSWER_SIZE);
    let mut failures = Vec::new();
    let mut comment_lines = 0;
    let mut caption_lines = 0;
    let mut heading_lines = 1;
    let mut numbering = Numbering::default();
    // Per mm of square: how far any drawing reaches left and right of its board's centre
    // (pages centre boards, not drawings), and the tallest drawing.
    let mut reach = (0.0_f64, 0.0_f64);
    let mut tallest = 0.0_f64;
    let mut filled = vec![None; book.entries.len()];
    // Read and checked in order (the numbering follows the entries), the problems then proved
    // at once, each on a thread of its own (`settings.jobs`), and measured in order.
    let mut read = Vec::with_capacity(book.entries.len());
    for i in 0..book.entries.len() {
        let fail = |error, label: &str, title: Option<&str>| failure(book, i, label, title, error);
        let entry = match book.entry(i, numbering.next_figure(), variant, load_variant) {
            Ok(e) => e,
            Err(e) => {
                let title = raw_title(&book.entries[i]);
                let label = numbering.next(o, raw_kind(&book.entries[i], o));
                failures.push(fail(EntryError::Read(e), &label, title.as_deref()));
                read.push(None);
                continue;
            }
        };
        let label = numbering.next(o, entry.kind());
        if let Err(e) = entry.diagram.check() {
            let title = entry.diagram.title.as_deref();
            failures.push(fail(
                EntryError::Read(crate::Error::Invalid(e)),
                &label,
                title,
            ));
            read.push(None);
            continue;
        }
        read.push(Some((entry, label)));
    }
    let needs_proof = |r: &Option<(Entry, String)>| {
        r.as_ref()
            .is_some_and(|(e, _)| diagram::verify::applies(&e.diagram, &o.verify))
    };
    let problems = read.iter().filter(|r| needs_proof(r)).count();
    let mut settings = o.verify.clone();
    settings.jobs = settings.jobs.min(problems).max(1);
    let mut results = Vec::with_capacity(read.len());
    let mut done = 0;
    let keep = |r: &Option<(Entry, String)>, p| {
        if needs_proof(r) {
            done += 1;
            proved(done, problems);
        }
        results.push(p);
        Ok::<(), std::convert::Infallible>(())
    };
    let prove = |r: &Option<(Entry, String)>| {
        let (entry, label) = r.as_ref()?;
        let mut entry = entry.clone();
        let result = verify::entry(&mut entry, &settings);
        Some((entry, label.clone(), result))
    };
    if let Err(never) = in_order::run(&read, settings.jobs, prove, keep) {
        match never {}
    }
    for (i, result) in results.into_iter().enumerate() {
        let Some((entry, label, result)) = result else {
            continue;
        };
        let fail = |error, title: Option<&str>| failure(book, i, &label, title, error);
        match result {
            Ok(f) => {
                if let Some(slot) = filled.get_mut(i) {
                    *slot = f;
                }
            }
            Err(e) => {
                let title = entry.diagram.title.clone();
                failures.push(fail(EntryError::Tsume(e), title.as_deref()));
                continue;
            }
        }
        let title = entry.diagram.title.as_deref();
        // The booklet sets the title and caption itself, in its own type.
        let mut probe = entry.diagram.clone();
        probe.title = None;
        probe.caption = None;
        probe.options.square = PROBE;
        match diagram::draw(&probe, fonts)
            .and_then(|d| Ok((diagram::board_rect(&probe, fonts)?, d)))
        {
            Ok((board, d)) => {
                let c = board.center().x;
                reach.0 = reach.0.max(c / PROBE);
                reach.1 = reach.1.max((d.width - c) / PROBE);
                tallest = tallest.max(d.height / PROBE);
            }
            Err(e) => {
                failures.push(fail(
                    EntryError::Text(e.within(&format!("diagrams[{i}]."))),
                    title,
                ));
                continue;
            }
        }
        if let Some(c) = entry.diagram.shown_caption() {
            match fonts.wrap(caption_style, c, text_w) {
                Ok(lines) => caption_lines = caption_lines.max(lines.len()),
                Err(e) => failures.push(fail(
                    EntryError::Text(TextError::new(format!("diagrams[{i}].caption"), e)),
                    title,
                )),
            }
        }
        let head = heading(&label, title);
        match fonts.wrap(TextStyle::new(FontRole::Bold, t.heading), &head, text_w) {
            Ok(lines) => heading_lines = heading_lines.max(lines.len()),
            Err(e) => failures.push(fail(
                EntryError::Text(TextError::new(format!("diagrams[{i}].title"), e)),
                title,
            )),
        }
        let checks = [
            (
                match (&entry.notes.comment, o.comments) {
                    (Some(c), CommentPlace::Below) => fonts
                        .wrap(comment_style, c, text_w)
                        .map(|l| l.len())
                        .map_err(TextError::in_field(format!("diagrams[{i}].comment"))),
                    (Some(c), CommentPlace::End) => fonts
                        .wrap(answer_style, c, 100.0)
                        .map(|_| 0)
                        .map_err(TextError::in_field(format!("diagrams[{i}].comment"))),
                    (None, _) => Ok(0),
                },
                true,
            ),
            (
                match &entry.notes.answer {
                    Some(a) => fonts
                        .wrap(answer_style, a, 100.0)
                        .map(|_| 0)
                        .map_err(TextError::in_field(format!("diagrams[{i}].answer"))),
                    None => Ok(0),
                },
                false,
            ),
        ];
        for (check, counts) in checks {
            match check {
                Ok(n) if counts => comment_lines = comment_lines.max(n),
                Ok(_) => {}
                Err(e) => failures.push(fail(EntryError::Text(e), title)),
            }
        }
    }
    // In the entries' order (those that could not be read were found first); stable, so an
    // entry's own failures keep theirs.
    failures.sort_by_key(|f| f.index);
    for (field, text) in [
        ("header", o.header.as_deref()),
        ("footer", o.footer.as_deref()),
        ("answers_title", Some(o.answers_title.as_str())),
    ] {
        if let Some(t) = text {
            if let Err(missing) = fonts.width(TextStyle::new(FontRole::Bold, 1.0), t) {
                failures.push(EntryFailure {
                    index: usize::MAX,
                    place: book.source_name.clone(),
                    label: field.to_string(),
                    error: EntryError::Text(TextError::new(field, missing)),
                });
            }
        }
    }
    if !failures.is_empty() {
        return Err(failures);
    }
    let avail_w = cell.w - 2.0;
    let text_h = text_height(&t, caption_lines, comment_lines);
    let avail_h = cell.h - heading_height(&t, heading_lines) - text_h;
    let square = (avail_w / (reach.0 + reach.1))
        .min(avail_h / tallest)
        .min(MAX_SQUARE);
    if square.is_nan() || square < MIN_SQUARE {
        return Err(vec![EntryFailure {
            index: usize::MAX,
            place: book.source_name.clone(),
            label: "per_page".to_string(),
            error: EntryError::NoRoom {
                per_page: o.per_page,
                comment_lines,
                square,
            },
        }]);
    }
    let entries = book.entries.len();
    let square = (square * 100.0).floor() / 100.0;
    let used = heading_height(&t, heading_lines) + tallest * square + text_h;
    // The space left over goes two fifths above, three fifths below: optically centred.
    let offset = (0.4 * (cell.h - used)).max(0.0);
    Ok(Plan {
        diagram_pages: entries.div_ceil(layout.per_page()),
        layout,
        square,
        heading_lines,
        caption_lines,
        comment_lines,
        offset,
        board_shift: (reach.0 - reach.1) / 2.0 * square,
        entries,
        filled,
    })
}

/// The height over a diagram for its heading: a long heading wraps rather than running into
/// the next cell.
fn heading_height(t: &Typography, lines: usize) -> f64 {
    t.heading_band() + lines.saturating_sub(1) as f64 * HEADING_LINE * t.heading
}

/// A heading's line height, in ems.
const HEADING_LINE: f64 = 1.3;

/// The height under a diagram for its caption and comment lines, with the gaps around them.
fn text_height(t: &Typography, caption_lines: usize, comment_lines: usize) -> f64 {
    let mut h = 0.0;
    if caption_lines > 0 {
        h += 0.4 * t.caption + caption_lines as f64 * t.caption_line();
    }
    if comment_lines > 0 {
        h += 0.6 * t.comment + comment_lines as f64 * t.comment_line();
    }
    h
}

/// The centre for a line `width` wide: `x` (the board's centre) if the line fits the cell there
/// (1 mm inside each side, as text is wrapped), else as near as it fits.
fn centred_in(cell: &crate::draw::Rect, x: f64, width: f64) -> f64 {
    let (lo, hi) = (cell.x + 1.0 + width / 2.0, cell.right() - 1.0 - width / 2.0);
    if lo > hi {
        cell.center().x
    } else {
        x.clamp(lo, hi)
    }
}

/// The running header, the footer and the page number of page `n` (1-based).
fn frame(
    d: &mut Drawing,
    fonts: &Fonts,
    o: &BookOptions,
    l: &PageLayout,
    n: usize,
) -> Result<(), TextError> {
    if let (Some(y), Some(h)) = (l.header_baseline, o.header.as_deref()) {
        draw_line(
            d,
            fonts,
            TextStyle::new(FontRole::Regular, HEADER_SIZE),
            h,
            Point::new(l.inner.x, y),
            Align::Start,
            "header",
        )?;
        // The rule's butt ends stop at the margin; only its width spreads across the line.
        let rule_y = l.margin + HEADER_BAND - 4.0;
        d.stroke(
            Path::line(
                Point::new(l.inner.x + 0.125, rule_y),
                Point::new(l.inner.right() - 0.125, rule_y),
            ),
            Stroke::solid(Ink(0x60, 0x60, 0x60), 0.25),
        );
    }
    if let Some(y) = l.footer_baseline {
        let style = TextStyle::new(FontRole::Regular, FOOTER_SIZE);
        let footer = o.footer.as_deref().filter(|f| !f.is_empty());
        if let Some(f) = footer {
            draw_line(
                d,
                fonts,
                style,
                f,
                Point::new(l.inner.x, y),
                Align::Start,
                "footer",
            )?;
        }
        if o.page_numbers {
            let (x, align) = match footer {
                Some(_) => (l.inner.right(), Align::End),
                None => (l.inner.center().x, Align::Center),
            };
            draw_line(
                d,
                fonts,
                style,
                &format!("- {n} -"),
                Point::new(x, y),
                align,
                "page number",
            )?;
        }
    }
    Ok(())
}

/// Pass two: draws every page and hands it to `page` as soon as it is complete; `progress` is
/// told how many entries are done.
pub fn render(
    book: &Book,
    plan: &Plan,
    variant: &Arc<Variant>,
    load_variant: &dyn Fn(&str) -> Result<Arc<Variant>, crate::Error>,
    fonts: &Fonts,
    page: &mut dyn FnMut(&Drawing) -> std::io::Result<()>,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<usize, RenderError> {
    let o = &book.options;
    let l = &plan.layout;
    let t = l.typography;
    let comment_style = TextStyle::new(FontRole::Regular, t.comment);
    let caption_style = TextStyle::new(FontRole::Regular, t.caption);
    let heading_style = TextStyle::new(FontRole::Bold, t.heading);
    let mut numbering = Numbering::default();
    let mut pages = 0;
    let mut current = Drawing::new(l.width, l.height);
    // The answers section's entries, as (label, text).
    let mut answers: Vec<(String, String)> = Vec::new();
    let total = book.entries.len();
    for i in 0..total {
        let k = i % l.per_page();
        if k == 0 && i > 0 {
            pages += 1;
            frame(&mut current, fonts, o, l, pages)?;
            page(&current)?;
            current = Drawing::new(l.width, l.height);
        }
        let mut entry = book.entry(i, numbering.next_figure(), variant, load_variant)?;
        let label = numbering.next(o, entry.kind());
        verify::apply(&mut entry, plan.filled.get(i).and_then(Option::as_ref));
        let mut dia = entry.diagram;
        let title = dia.title.take();
        let caption = dia.shown_caption().map(str::to_string);
        dia.caption = None;
        dia.options.square = plan.square;
        let drawing =
            diagram::draw(&dia, fonts).map_err(|e| e.within(&format!("diagrams[{i}].")))?;
        let cell = l.cell(k);
        let cell_top = cell.y + plan.offset;
        // Every board is the same size and its centre at the same place in its cell, so boards
        // line up along the rows and the columns; heading and caption are centred over it.
        let board =
            diagram::board_rect(&dia, fonts).map_err(|e| e.within(&format!("diagrams[{i}].")))?;
        let board_x = cell.center().x + plan.board_shift;
        let x = board_x - board.center().x;
        let over_board = |style, text: &str, field: &str| {
            let w = fonts
                .width(style, text)
                .map_err(TextError::in_field(format!("diagrams[{i}].{field}")))?;
            Ok::<_, TextError>(centred_in(&cell, board_x, w))
        };
        let head = heading(&label, title.as_deref());
        let lines = fonts
            .wrap_balanced(heading_style, &head, cell.w - 2.0)
            .map_err(TextError::in_field(format!("diagrams[{i}].title")))?;
        // Set down to the board: a one-line heading stays next to its board beside a
        // two-line one.
        let mut baseline = cell_top
            + 1.05 * t.heading
            + plan.heading_lines.saturating_sub(lines.len()) as f64 * HEADING_LINE * t.heading;
        for line in lines.iter().filter(|l| !l.is_empty()) {
            draw_line(
                &mut current,
                fonts,
                heading_style,
                line,
                Point::new(over_board(heading_style, line, "title")?, baseline),
                Align::Center,
                "title",
            )?;
            baseline += HEADING_LINE * t.heading;
        }
        let top = cell_top + heading_height(&t, plan.heading_lines);
        current.place(&drawing, x, top);
        let mut y = top + drawing.height;
        // The caption, centred under the board as books set it.
        if let Some(c) = &caption {
            let lines = fonts
                .wrap_balanced(caption_style, c, cell.w - 2.0)
                .map_err(TextError::in_field(format!("diagrams[{i}].caption")))?;
            let mut baseline = y + 0.4 * t.caption + 1.05 * t.caption;
            for line in lines {
                draw_line(
                    &mut current,
                    fonts,
                    caption_style,
                    &line,
                    Point::new(over_board(caption_style, &line, "caption")?, baseline),
                    Align::Center,
                    "caption",
                )?;
                baseline += t.caption_line();
            }
        }
        if plan.caption_lines > 0 {
            y += 0.4 * t.caption + plan.caption_lines as f64 * t.caption_line();
        }
        let comment = entry.notes.comment;
        if let (Some(c), CommentPlace::Below) = (&comment, o.comments) {
            // Each paragraph evened out on its own (a game's notes are a move list and the
            // record's comments), none left ending on a stray word (…大事であ|る。); never more
            // lines than plain wrapping, as `prepare` counted them.
            let mut lines = Vec::new();
            for paragraph in c.lines() {
                lines.extend(
                    fonts
                        .wrap_balanced(comment_style, paragraph, cell.w - 2.0)
                        .map_err(TextError::in_field(format!("diagrams[{i}].comment")))?,
                );
            }
            // The block of lines is centred under the diagram, its lines set flush left.
            let mut block = 0.0_f64;
            for line in &lines {
                block = block.max(
                    fonts
                        .width(comment_style, line)
                        .map_err(TextError::in_field(format!("diagrams[{i}].comment")))?,
                );
            }
            let left = centred_in(&cell, board_x, block) - block / 2.0;
            let mut baseline = y + 0.6 * t.comment + 1.05 * t.comment;
            for line in lines {
                draw_line(
                    &mut current,
                    fonts,
                    comment_style,
                    &line,
                    Point::new(left, baseline),
                    Align::Start,
                    "comment",
                )?;
                baseline += t.comment_line();
            }
        }
        // Nothing the file gives is left out silently: an answer goes to the section at the
        // end unless `answers: false`, a comment placed at the end always.
        let mut text = match o.answers {
            Some(false) => String::new(),
            _ => answers::closed(entry.notes.answer.unwrap_or_default()),
        };
        if let (Some(c), CommentPlace::End) = (comment, o.comments) {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&c);
        }
        if !text.is_empty() {
            let label = match label {
                l if l.is_empty() => format!("{}", i + 1),
                l => l,
            };
            answers.push((label, text));
        }
        progress(i + 1, total);
    }
    if total > 0 {
        pages += 1;
        frame(&mut current, fonts, o, l, pages)?;
        page(&current)?;
    }
    if !answers.is_empty() {
        pages = answers::pages(book, l, fonts, &answers, pages, page)?;
    }
    Ok(pages)
}

/// Why pass two stopped (pass one makes these unlikely: only writing can fail).
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("{0}")]
    Read(#[from] crate::Error),
    #[error("{0}")]
    Text(#[from] TextError),
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

#[cfg(test)]
mod tests {
    use super::heading;

    #[test]
    fn a_japanese_heading_parts_label_and_title_with_a_full_width_space() {
        assert_eq!(
            heading("第1図", Some("平手の初期配置")),
            "第1図　平手の初期配置"
        );
        assert_eq!(heading("Figure 1", Some("Opening")), "Figure 1  Opening");
        assert_eq!(heading("第2問", None), "第2問");
        assert_eq!(heading("", Some("題")), "題");
    }
}
