//! The rules card: one page, Japanese and English, that teaches a variant the way the leaflet in
//! a commercial set does — how every piece moves (its face with the movement marks and a grid
//! of where it goes), its names, the promotion zone and what promotes into what, drops and the
//! forbidden ones, check and mate, repetition, impasse and handicaps.
//!
//! Everything that differs between variants is read from the data ([`facts`]): a minishogi card
//! says the zone is one rank deep, a sho shogi card shows the drunk elephant and says there are
//! no drops. The page is laid out from the words: the body type is as large as lets the piece
//! grids keep a readable size, and the grids take the room the words leave.
//!
//! ```
//! use shogiprint::{draw::Fonts, rules::Variant, rulescard};
//! let sho = Variant::builtin("sho").unwrap();
//! let card = rulescard::build(&sho, &rulescard::RulesCardOptions::default(), &Fonts::bundled()).unwrap();
//! assert!(!card.facts.drops);
//! ```

pub mod facts;
pub mod figures;
mod pieces;
pub mod text;

pub use facts::Facts;

use crate::diagram::face::{INK, PROMOTED_INK};
use crate::draw::{
    Align, Color, Drawing, FontRole, Fonts, MissingGlyph, Path, Point, Rect, Stroke, TextError,
    TextStyle,
};
use crate::paper::Paper;
use crate::rules::Variant;
use pieces::{half_width, pieces, pieces_head, PiecesHead};
use std::sync::Arc;
use text::Section;

const GREY: Color = Color(0x55, 0x55, 0x55);
const ACCENT: Color = PROMOTED_INK;

/// What the card is printed on; `Default` is A4 with 10 mm margins, and no narrower ones.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RulesCardOptions {
    /// Default A4.
    pub paper: Paper,
    /// Nothing is printed nearer the paper's edge (millimetres); default 10.
    pub margin: f64,
    /// Where the card does not fit within `margin`, the narrowest margin it may take instead
    /// (the printer's limit: a kit, whose card prefers 10 mm, passes its own `--margin`). The
    /// card takes the widest margin that fits, a millimetre at a time. Default `None`:
    /// `margin` or nothing.
    pub least_margin: Option<f64>,
}

impl Default for RulesCardOptions {
    fn default() -> RulesCardOptions {
        RulesCardOptions {
            paper: Paper::A4,
            margin: 10.0,
            least_margin: None,
        }
    }
}

/// A laid-out card: its page (two for a variant with many kinds, such as chu shogi's 21), the
/// block all its ink keeps inside, and what it says.
#[derive(Clone, Debug)]
pub struct RulesCard {
    /// One page, or two: the pieces then go on over the second, and the rules follow them.
    pub pages: Vec<Drawing>,
    /// The paper within the margins.
    pub text_block: Rect,
    /// The body type's em, in millimetres.
    pub body_size: f64,
    /// The movement grids' square width, in millimetres.
    pub grid_square: f64,
    pub facts: Facts,
}

#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RulesCardError {
    #[error(transparent)]
    Text(#[from] TextError),
    /// The words and pieces do not fit on `paper` within `margin` (the narrowest tried) at a
    /// readable size; `fits_within` is the widest narrower margin, in whole millimetres, at
    /// which they would, if there is one.
    #[error(
        "the rules card of {variant} does not fit on {paper} within {margin} mm margins{}",
        narrower_hint(.fits_within)
    )]
    DoesNotFit {
        variant: String,
        paper: Paper,
        margin: f64,
        fits_within: Option<f64>,
    },
}

/// The way out a [`RulesCardError::DoesNotFit`] names.
fn narrower_hint(fits_within: &Option<f64>) -> String {
    match fits_within {
        Some(m) => format!("; it fits within {m} mm (--margin {m})"),
        None => String::new(),
    }
}

/// The smallest movement-grid square that still reads; the largest worth having.
const MIN_SQUARE: f64 = 3.0;
const MAX_SQUARE: f64 = 5.0;
/// Body type sizes tried, largest first (2.8 mm is about 8 pt).
const BODY_SIZES: [f64; 8] = [3.2, 3.05, 2.9, 2.75, 2.6, 2.45, 2.3, 2.15];

/// Builds the card of `variant`, within `options.margin` or, where it does not fit, the widest
/// margin down to `options.least_margin` that it fits within.
pub fn build(
    variant: &Arc<Variant>,
    options: &RulesCardOptions,
    fonts: &Fonts,
) -> Result<RulesCard, RulesCardError> {
    check_names(variant, fonts)?;
    let least = options
        .least_margin
        .map_or(options.margin, |m| m.min(options.margin));
    for margin in margins(options.margin, least) {
        match build_within(variant, options.paper, margin, fonts) {
            Err(RulesCardError::DoesNotFit { .. }) => continue,
            done => return done,
        }
    }
    // Name a margin that would do, if any: whole millimetres, the widest first, none a printer
    // could not print.
    let fits_within = margins(least, LEAST_PRINTABLE)
        .skip(1)
        .find(|&m| build_within(variant, options.paper, m, fonts).is_ok());
    Err(RulesCardError::DoesNotFit {
        variant: variant.english.clone(),
        paper: options.paper,
        margin: least,
        fits_within,
    })
}

/// The names the card writes of every kind a side starts with and of its promotion, checked
/// against the fonts first, so that a character they lack is reported with the piece and field
/// it came from rather than the part of the card that asked for it.
fn check_names(variant: &Arc<Variant>, fonts: &Fonts) -> Result<(), TextError> {
    use crate::draw::{check_piece, PieceField};
    let fields = [
        PieceField::Kanji,
        PieceField::Abbr,
        PieceField::Reading,
        PieceField::English,
    ];
    for line in Facts::of(variant).pieces {
        for id in std::iter::once(line.kind).chain(line.promoted) {
            check_piece(fonts, variant.catalog.get(id), &fields)?;
        }
    }
    Ok(())
}

/// Most printers leave 3 to 5 mm at the edge unprinted: a narrower margin is not worth naming.
const LEAST_PRINTABLE: f64 = 3.0;

/// `widest`, then every whole millimetre below it down to `least`, then `least`.
fn margins(widest: f64, least: f64) -> impl Iterator<Item = f64> {
    let steps = (1..)
        .map(move |k| widest.ceil() - k as f64)
        .take_while(move |&m| m > least);
    std::iter::once(widest)
        .chain(steps)
        .chain((least < widest).then_some(least))
}

/// The card within margins of `m` millimetres on `paper`.
fn build_within(
    variant: &Arc<Variant>,
    paper: Paper,
    m: f64,
    fonts: &Fonts,
) -> Result<RulesCard, RulesCardError> {
    let facts = Facts::of(variant);
    let (pw, ph) = (paper.width, paper.height);
    let block = Rect::new(m, m, pw - 2.0 * m, ph - 2.0 * m);
    let too_small = || RulesCardError::DoesNotFit {
        variant: variant.english.clone(),
        paper,
        margin: m,
        fits_within: None,
    };
    if block.w < 100.0 || block.h < 140.0 {
        return Err(too_small());
    }
    // One page if the pieces keep readable grids on it at some body size; else two.
    for pages in [1, 2] {
        let mut fallback = None;
        for body in BODY_SIZES {
            let plan = plan(&facts, fonts, block, body, pages)?;
            if plan.square >= MIN_SQUARE + 0.3 {
                return draw(facts, fonts, paper, block, plan);
            }
            if plan.square >= MIN_SQUARE && fallback.is_none() {
                fallback = Some(plan);
            }
        }
        if let Some(plan) = fallback {
            return draw(facts, fonts, paper, block, plan);
        }
    }
    Err(too_small())
}

/// The measured parts of a page at one body size.
struct Plan {
    body: f64,
    header: Drawing,
    sections: Vec<Drawing>,
    square: f64,
    columns: usize,
    /// Room left over, shared out between the blocks (on the fuller page of two).
    spare: f64,
    /// On a two-page card, how many rows of pieces go on the first page (all of them where
    /// the second holds only the rules).
    first_rows: Option<usize>,
}

const GAP: f64 = 2.2;
const ROW_GAP: f64 = 2.0;
/// Under a grid: the names, on one line.
const NAMES: f64 = 5.0;
/// The column that holds a section's heading, left of its text: at least this wide, and wider
/// where a Japanese heading needs it (see [`label_width`]).
const LABEL_W: f64 = 25.0;

fn plan(
    facts: &Facts,
    fonts: &Fonts,
    block: Rect,
    body: f64,
    pages: usize,
) -> Result<Plan, TextError> {
    let header = header(facts, fonts, block.w, body)?;
    let texts = text::sections(facts);
    let label_w = label_width(fonts, &texts, body)?;
    let mut sections = Vec::new();
    for s in &texts {
        sections.push(section(fonts, s, block.w, label_w, body)?);
    }
    let rules: f64 = sections.iter().map(|s| s.height).sum::<f64>() + GAP * sections.len() as f64;
    let columns = 2;
    let rows = facts.pieces.len().div_ceil(columns);
    let cell_w = (block.w - 6.0 * (columns - 1) as f64) / columns as f64;
    let by_width = (half_width(cell_w) - 1.5) / 9.0;
    // The square `n` rows get from `room` mm, and what is left of it then.
    let fit = |room: f64, n: usize| {
        let n = n.max(1) as f64;
        let room = room - pieces_head(body) - ROW_GAP * (n - 1.0);
        let square = ((room / n - NAMES) / (5.0 * 12.0 / 11.0))
            .min(by_width)
            .min(MAX_SQUARE);
        (square, room - n * (5.0 * 12.0 / 11.0 * square + NAMES))
    };
    let top = header.height + GAP;
    let (square, spare, first_rows) = if pages == 1 {
        let (square, spare) = fit(block.h - top - rules - GAP, rows);
        (square, spare, None)
    } else {
        // The split that gives the largest grids: the first page holds the header, the second
        // the rules under the rest of the pieces, or the rules alone. Of splits whose grids are
        // as large (on narrow paper such as A5 the width sets them), the one with the most
        // pieces on the first page, so that it is not left half empty.
        (1..=rows)
            .map(|first| {
                let (a, spare_a) = fit(block.h - top - GAP, first);
                let (b, spare_b) = if first == rows {
                    let room = block.h - rules - GAP;
                    (if room >= 0.0 { f64::INFINITY } else { 0.0 }, room)
                } else {
                    fit(block.h - rules - GAP, rows - first)
                };
                (a.min(b), spare_a.min(spare_b), Some(first))
            })
            .max_by(|x, y| x.0.total_cmp(&y.0))
            .expect("at least one row")
    };
    Ok(Plan {
        body,
        header,
        sections,
        square,
        columns,
        spare: spare.max(0.0),
        first_rows,
    })
}

fn draw(
    facts: Facts,
    fonts: &Fonts,
    paper: Paper,
    block: Rect,
    plan: Plan,
) -> Result<RulesCard, RulesCardError> {
    let new_page = || {
        let mut page = Drawing::new(paper.width, paper.height);
        page.title = Some(format!("Rules of {}", facts.variant.english));
        page
    };
    let mut page = new_page();
    let all = facts.pieces.len();
    let split = plan
        .first_rows
        .map_or(all, |rows| (rows * plan.columns).min(all));
    let blocks = plan.sections.len() + 2;
    let share = (plan.spare / blocks as f64).min(5.0);
    let mut y = block.y;
    page.place(&plan.header, block.x, y);
    y += plan.header.height + GAP + share;

    let head = PiecesHead::First;
    y = pieces(&mut page, fonts, &facts, block, y, &plan, 0..split, head)? + GAP + share;
    let mut pages = Vec::new();
    if plan.first_rows.is_some() {
        pages.push(std::mem::replace(&mut page, new_page()));
        y = block.y;
        if split < all {
            let head = PiecesHead::Continued;
            y = pieces(&mut page, fonts, &facts, block, y, &plan, split..all, head)? + GAP + share;
        }
    }
    for s in &plan.sections {
        page.place(s, block.x, y);
        y += s.height + GAP + share;
    }
    pages.push(page);
    Ok(RulesCard {
        pages,
        text_block: block,
        body_size: plan.body,
        grid_square: plan.square,
        facts,
    })
}

/// A cursor that writes wrapped paragraphs into a drawing of `width` and tells its height.
struct Column<'a> {
    fonts: &'a Fonts,
    d: Drawing,
    width: f64,
    y: f64,
}

impl<'a> Column<'a> {
    fn new(fonts: &'a Fonts, width: f64) -> Column<'a> {
        Column {
            fonts,
            d: Drawing::new(width, 0.0),
            width,
            y: 0.0,
        }
    }

    /// Lines at `style`, `lead` apart; a paragraph opening with ①… or "1." hangs its number.
    fn para(
        &mut self,
        style: TextStyle,
        lead: f64,
        text: &str,
        color: Color,
    ) -> Result<(), MissingGlyph> {
        self.para_in(style, lead, text, color, false)
    }

    /// A short paragraph, such as a figure's caption, in lines of about one length: in a
    /// narrow column "Start; shaded: Black's zone" breaks as "Start; shaded:" | "Black's
    /// zone", not with "zone" alone on the last line.
    fn caption(
        &mut self,
        style: TextStyle,
        lead: f64,
        text: &str,
        color: Color,
    ) -> Result<(), MissingGlyph> {
        self.para_in(style, lead, text, color, true)
    }

    fn para_in(
        &mut self,
        style: TextStyle,
        lead: f64,
        text: &str,
        color: Color,
        balanced: bool,
    ) -> Result<(), MissingGlyph> {
        let (bullet, rest) = split_bullet(text);
        let indent = match bullet {
            Some(b) => self.fonts.width(style, b)? + 0.25 * style.size,
            None => 0.0,
        };
        let lines = if balanced {
            self.fonts.wrap_balanced(style, rest, self.width - indent)?
        } else {
            self.fonts.wrap(style, rest, self.width - indent)?
        };
        for (i, line) in lines.iter().enumerate() {
            self.y += if i == 0 && self.y == 0.0 {
                0.88 * style.size
            } else {
                lead
            };
            if let (0, Some(b)) = (i, bullet) {
                let g = self
                    .fonts
                    .line(style, b, Point::new(0.0, self.y), Align::Start)?;
                self.d.glyphs(color, g);
            }
            let g = self
                .fonts
                .line(style, line, Point::new(indent, self.y), Align::Start)?;
            self.d.glyphs(color, g);
        }
        Ok(())
    }

    fn gap(&mut self, v: f64) {
        if self.y > 0.0 {
            self.y += v;
        }
    }

    fn finish(mut self, descent: f64) -> Drawing {
        self.d.height = self.y + descent;
        self.d
    }
}

/// `("①", "二歩…")` or `("1.", "Two pawns…")`, or no bullet.
fn split_bullet(text: &str) -> (Option<&str>, &str) {
    let first = text.chars().next().unwrap_or(' ');
    if ('\u{2460}'..='\u{2473}').contains(&first) {
        let n = first.len_utf8();
        return (Some(&text[..n]), &text[n..]);
    }
    if let Some(dot) = text.find(". ") {
        if dot > 0 && dot <= 2 && text[..dot].chars().all(|c| c.is_ascii_digit()) {
            return (Some(&text[..dot + 1]), &text[dot + 2..]);
        }
    }
    (None, text)
}

fn body_style(body: f64) -> (TextStyle, f64) {
    (TextStyle::new(FontRole::Regular, body), body * 1.42)
}

/// A rule across, the heading in a column `label_w` wide on the left, and the Japanese and
/// English side by side; the split is chosen so that the two columns end as nearly level as
/// they can.
fn section(
    fonts: &Fonts,
    s: &Section,
    width: f64,
    label_w: f64,
    body: f64,
) -> Result<Drawing, TextError> {
    let field = TextError::in_field(format!("rules card: {}", s.en_head));
    let mut d = Drawing::new(width, 0.0);
    d.stroke(
        Path::line(Point::new(0.0, 0.0), Point::new(width, 0.0)),
        Stroke::solid(Color(0xb0, 0xa0, 0x88), 0.2),
    );
    let y = 1.6;
    let label = side_label(fonts, s, label_w, body).map_err(&field)?;
    d.place(&label, 0.0, y);
    let (x0, width) = (label_w, width - label_w);
    let gutter = 4.0;
    let mut best: Option<(f64, Drawing, Drawing, f64)> = None;
    for share in [0.40, 0.43, 0.46, 0.49, 0.52] {
        let ja_w = (width - gutter) * share;
        let en_w = width - gutter - ja_w;
        let ja = column(fonts, &s.ja, ja_w, body).map_err(&field)?;
        let en = column(fonts, &s.en, en_w, body).map_err(&field)?;
        let h = ja.height.max(en.height);
        if best.as_ref().is_none_or(|b| h < b.0 - 0.01) {
            best = Some((h, ja, en, ja_w));
        }
    }
    let (h, ja, en, ja_w) = best.expect("five splits were tried");
    d.place(&ja, x0, y);
    d.place(&en, x0 + ja_w + gutter, y);
    // A hairline between the languages.
    let x = x0 + ja_w + gutter / 2.0;
    d.stroke(
        Path::line(Point::new(x, y + 0.3), Point::new(x, y + h - 0.3)),
        Stroke::solid(Color(0xcc, 0xc4, 0xb4), 0.15),
    );
    d.height = y + h.max(label.height);
    Ok(d)
}

/// The Japanese heading's type and its red bar's width; the heading starts 1.5 mm after the bar.
fn label_metrics(body: f64) -> (TextStyle, f64) {
    let head = TextStyle::new(FontRole::Bold, 1.3 * body);
    (head, 0.45 * head.size)
}

/// The heading column's width: [`LABEL_W`], or what the widest Japanese heading needs on one
/// line with a body em of space before the text. A heading is a word or two (王手と詰み);
/// wrapped, it would break mid-word (王手と詰｜み), so the column grows instead: at minishogi's
/// 3.2 mm body by 2.4 mm, on A4's standard card not at all.
fn label_width(fonts: &Fonts, sections: &[Section], body: f64) -> Result<f64, TextError> {
    let (head, bar) = label_metrics(body);
    let mut width = LABEL_W;
    for s in sections {
        let field = TextError::in_field(format!("rules card: {}", s.en_head));
        let needs = bar + 1.5 + fonts.width(head, &s.ja_head).map_err(&field)? + body;
        width = width.max(needs);
    }
    Ok(width)
}

/// A section's heading for the column on its left, `width` wide: a red bar, the Japanese in
/// bold on one line, the English under it in grey (wrapped to the column).
fn side_label(fonts: &Fonts, s: &Section, width: f64, body: f64) -> Result<Drawing, MissingGlyph> {
    let (head, bar) = label_metrics(body);
    let size = head.size;
    // The bar, 1.5 mm after it, and at least 1.5 mm before the text.
    let mut c = Column::new(fonts, width - bar - 3.0);
    c.para(head, 1.2 * size, &s.ja_head, INK)?;
    c.gap(0.15 * size);
    let en_style = TextStyle::new(FontRole::Bold, 0.95 * body);
    c.para(en_style, 1.2 * en_style.size, &s.en_head, GREY)?;
    let text = c.finish(0.3 * body);
    let mut d = Drawing::new(width, text.height);
    d.fill(
        Path::rect(Rect::new(0.0, 0.1, bar, text.height - 0.2)),
        ACCENT,
    );
    d.place(&text, bar + 1.5, 0.0);
    Ok(d)
}

fn column(fonts: &Fonts, paras: &[String], width: f64, body: f64) -> Result<Drawing, MissingGlyph> {
    let (style, lead) = body_style(body);
    let mut c = Column::new(fonts, width);
    for p in paras {
        c.gap(0.3 * lead);
        c.para(style, lead, p, INK)?;
    }
    Ok(c.finish(0.3 * body))
}

/// A section heading: a red mark, the Japanese in bold and the English beside it, a rule under
/// both. Returns where the text below starts.
fn heading(
    d: &mut Drawing,
    fonts: &Fonts,
    ja: &str,
    en: &str,
    width: f64,
    size: f64,
) -> Result<f64, MissingGlyph> {
    let base = 0.9 * size;
    d.fill(
        Path::rect(Rect::new(0.0, base - 0.8 * size, 0.55 * size, 0.8 * size)),
        ACCENT,
    );
    let x = 0.55 * size + 1.2;
    let bold = TextStyle::new(FontRole::Bold, size);
    let g = fonts.line(bold, ja, Point::new(x, base), Align::Start)?;
    d.glyphs(INK, g);
    let x = x + fonts.width(bold, ja)? + 2.5;
    let en_style = TextStyle::new(FontRole::Bold, 0.85 * size);
    let g = fonts.line(en_style, en, Point::new(x, base), Align::Start)?;
    d.glyphs(GREY, g);
    let rule = base + 0.35 * size + 0.6;
    d.stroke(
        Path::line(Point::new(0.0, rule), Point::new(width, rule)),
        Stroke::solid(Color(0xb0, 0xa0, 0x88), 0.2),
    );
    Ok(rule + 1.2)
}

/// The title, the summary line, how a game goes, and the start position with the zone shaded.
fn header(facts: &Facts, fonts: &Fonts, width: f64, body: f64) -> Result<Drawing, TextError> {
    let field = TextError::in_field("rules card: title");
    let v = &facts.variant;
    let mut d = Drawing::new(width, 0.0);

    // The start position, on the right.
    let size = v.size;
    let board_w = (size.files as f64 * 4.2).min(36.0);
    let sq_w = board_w / size.files as f64;
    let sq = (sq_w, sq_w * 12.0 / 11.0);
    let fig_w = board_w.max(32.0);
    let right = width - fig_w;
    let mut fig = Drawing::new(fig_w, 0.0);
    let (_, bh) = figures::zone_board(
        &mut fig,
        fonts,
        v,
        Point::new((fig_w - board_w) / 2.0, 0.0),
        sq,
    )
    .map_err(&field)?;
    let small = TextStyle::new(FontRole::Regular, 0.8 * body);
    let mut cap = Column::new(fonts, fig_w);
    cap.y = bh + 0.3;
    cap.caption(small, small.size * 1.3, "初形と敵陣（網掛け）", GREY)
        .map_err(&field)?;
    cap.caption(small, small.size * 1.3, "Start; shaded: Black's zone", GREY)
        .map_err(&field)?;
    let cap = cap.finish(0.3);
    fig.items.extend(cap.items);
    fig.height = cap.height;

    // Title and words on the left.
    let left_w = right - 6.0;
    let mut y = 0.0;
    let title = TextStyle::new(FontRole::Bold, 7.5);
    y += 0.9 * title.size;
    let ja_title = format!("{}のルール", v.japanese);
    let g = fonts
        .line(title, &ja_title, Point::new(0.0, y), Align::Start)
        .map_err(&field)?;
    d.glyphs(INK, g);
    let sub = TextStyle::new(FontRole::Bold, 4.6);
    let x = fonts.width(title, &ja_title).map_err(&field)? + 4.0;
    let en_title = format!("Rules of {}", v.english);
    let fits = x + fonts.width(sub, &en_title).map_err(&field)? <= left_w;
    let (ex, ey) = if fits { (x, y) } else { (0.0, y + 6.0) };
    let g = fonts
        .line(sub, &en_title, Point::new(ex, ey), Align::Start)
        .map_err(&field)?;
    d.glyphs(GREY, g);
    y = ey + 2.2;
    d.stroke(
        Path::line(Point::new(0.0, y), Point::new(left_w, y)),
        Stroke::solid(ACCENT, 0.5),
    );
    y += 1.5;
    let (ja_sum, en_sum) = text::summary(facts);
    let (style, lead) = body_style(body);
    let mut c = Column::new(fonts, left_w);
    let bold = TextStyle::new(FontRole::Bold, body);
    c.para(bold, lead, &ja_sum, INK).map_err(&field)?;
    c.para(bold, lead, &en_sum, INK).map_err(&field)?;
    let play = text::playing(facts);
    for p in &play.ja {
        c.gap(0.35 * lead);
        c.para(style, lead, p, INK).map_err(&field)?;
    }
    for p in &play.en {
        c.gap(0.25 * lead);
        c.para(style, lead, p, INK).map_err(&field)?;
    }
    let words = c.finish(0.25 * body);
    d.place(&words, 0.0, y);
    let left_h = y + words.height;
    d.place(&fig, right, 0.0);
    d.height = left_h.max(fig.height);
    Ok(d)
}
