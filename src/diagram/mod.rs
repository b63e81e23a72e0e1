//! Diagrams: a position and its annotations in, a [`Drawing`] out, in the traditional style of
//! Japanese books or in the beginner styles (pentagon pieces with movement marks).
//!
//! [`Diagram`] is plain data; [`Diagram::check`] validates it before anything is drawn;
//! [`draw`] lays it out. [`spec`] reads the YAML diagram files.

mod annotations;
mod board;
mod describe;
pub mod face;
mod from_record;
mod hands;
mod layout;
pub mod marks;
mod model;
mod outline_geometry;
mod pieces;
mod position_source;
mod raw;
pub mod spec;
pub mod verify;

pub use board::hoshi;
pub use from_record::{from_record, move_number, PlyPastEnd};
pub use layout::Layout;
pub use model::{
    parse_aspect, Annotations, Arrow, ArrowStart, DefenderHand, Diagram, Kings, LastMove, Mark,
    MarkKind, Options, RecordCaption, Style,
};
pub use pieces::{piece_label, promoted_in_red};

use crate::draw::{
    Align, Color, Drawing, FontRole, Fonts, MissingGlyph, Point, Rect, TextError, TextStyle,
};

/// Names the part of the diagram that asked for a glyph the fonts lack.
trait Field<T> {
    fn field(self, field: &'static str) -> Result<T, TextError>;
}

impl<T> Field<T> for Result<T, MissingGlyph> {
    fn field(self, field: &'static str) -> Result<T, TextError> {
        self.map_err(TextError::in_field(field))
    }
}

/// The colour of a highlight given without one (`--highlight`), drawn as a light tint of it.
pub const HIGHLIGHT: Color = Color(0xf2, 0xc9, 0x1f);
/// The colour of an arrow given without one (`--arrow`).
pub const ARROW: Color = Color(0xc8, 0x1e, 0x1e);
const LAST_MOVE: Color = Color(0xdd, 0xdd, 0xdd);
const LAST_MOVE_BEGINNER: Color = Color(0xc9, 0xd9, 0x8f);

/// Lays the diagram out. It does not validate: call [`Diagram::check`] first unless an invalid
/// position is wanted.
pub fn draw(diagram: &Diagram, fonts: &Fonts) -> Result<Drawing, TextError> {
    draw_with_faded(diagram, fonts, &|_| false)
}

/// Where [`draw`] puts the board in its drawing. The rank numerals and hand columns make a
/// drawing lopsided, so a page centres the board rather than the drawing.
pub fn board_rect(diagram: &Diagram, fonts: &Fonts) -> Result<Rect, TextError> {
    let l = Layout::of(diagram);
    let columns = hands::columns_needed(fonts, &l, diagram).field("players")?;
    Ok(l.with_hand_columns(columns).board)
}

/// The kanji the diagram writes for the pieces on the board and in hand, checked against the
/// fonts first, so that a character they lack is reported with the piece and field it came from
/// (the western style writes letters).
fn check_names(diagram: &Diagram, fonts: &Fonts) -> Result<(), TextError> {
    use crate::draw::{check_piece, PieceField};
    if diagram.options.style == model::Style::Western {
        return Ok(());
    }
    let setup = &diagram.setup;
    let on_board = setup.pieces().map(|(_, p)| p.kind);
    let in_hand = setup.hands.iter().flat_map(|h| h.keys().copied());
    let kinds: std::collections::BTreeSet<_> = on_board.chain(in_hand).collect();
    for id in kinds {
        let kind = diagram.variant.catalog.get(id);
        let mut fields = vec![PieceField::Abbr];
        if diagram.options.two_char_promoted && kind.promoted {
            fields.push(PieceField::Kanji);
        }
        check_piece(fonts, kind, &fields)?;
    }
    Ok(())
}

/// As [`draw`], with the pieces on the squares `faded` says drawn in light grey: a handicap
/// sheet shows the pieces that are taken off this way.
pub fn draw_with_faded(
    diagram: &Diagram,
    fonts: &Fonts,
    faded: &dyn Fn(crate::rules::Square) -> bool,
) -> Result<Drawing, TextError> {
    let opts = &diagram.options;
    check_names(diagram, fonts)?;
    let l = Layout::of(diagram);
    let columns = hands::columns_needed(fonts, &l, diagram).field("players")?;
    let l = l.with_hand_columns(columns);
    let mut d = Drawing::new(l.width, 0.0);
    let catalog = &diagram.variant.catalog;

    board::draw_board(&mut d, &l, opts.style);
    if let Some(m) = diagram
        .annotations
        .last_move
        .filter(|_| opts.shades_last_move())
    {
        let tint = if opts.style == Style::Traditional {
            LAST_MOVE
        } else {
            LAST_MOVE_BEGINNER
        };
        for sq in m.from.into_iter().chain([m.to]) {
            board::tint(&mut d, l.cell(sq), tint);
        }
    }
    let beginner = opts.style != Style::Traditional;
    for (sq, color) in &diagram.annotations.highlights {
        // A beginner square's tint is stronger, since the board under it is not white.
        let amount = if beginner { 0.35 } else { 0.55 };
        board::tint(&mut d, l.cell(*sq), color.tint(amount));
    }
    board::draw_grid(&mut d, &l);
    let first_coordinate = d.items.len();
    board::draw_coordinates(&mut d, fonts, &l, opts.style == Style::Western)
        .field("coordinates")?;
    let first_piece = d.items.len();
    let coordinates_drawn = first_coordinate..first_piece;
    let red = pieces::promoted_in_red(&diagram.variant);
    pieces::draw_pieces(&mut d, fonts, &l, &diagram.setup, catalog, opts, red, faded)
        .field("pieces")?;
    let pieces_drawn = first_piece..d.items.len();
    if beginner {
        for (sq, color) in &diagram.annotations.highlights {
            board::highlight_frame(&mut d, &l, l.cell(*sq), *color);
        }
    }
    let marks = &diagram.annotations.marks;
    annotations::draw_symbols(&mut d, &l, &diagram.setup, marks);
    annotations::lift_over_symbols(
        &mut d,
        fonts,
        &l,
        &diagram.setup,
        pieces_drawn.clone(),
        marks,
    );
    let labels = annotations::square_labels(fonts, &l, &diagram.setup, marks).field("marks")?;
    let first_hand = d.items.len();
    let placed = hands::draw_hands(&mut d, fonts, &l, diagram).field("players")?;
    let first_arrow = d.items.len();
    let hands_drawn = first_hand..first_arrow;
    annotations::draw_arrows(
        &mut d,
        &l,
        &diagram.setup,
        &placed,
        &diagram.annotations.arrows,
        &labels,
    );
    let arrows_drawn = first_arrow..d.items.len();
    // The pieces' names stay legible over the arrows, and so do the rank numerals and the
    // hand's text that a drop's arrow crosses from the hand.
    for drawn in [pieces_drawn.clone(), coordinates_drawn, hands_drawn] {
        annotations::lift_glyphs(&mut d, fonts, drawn, arrows_drawn.clone());
    }
    // Labels last, over any arrow.
    annotations::draw_labels(
        &mut d,
        fonts,
        &l,
        &diagram.setup,
        marks,
        labels,
        pieces_drawn,
        arrows_drawn,
    )
    .field("marks")?;

    let center_x = l.board.center().x;
    // Title and caption are centred over the board, which stands left of the drawing's centre:
    // a line too wide for that moves right, as far as it must, to stay inside the margins.
    let room = l.width - 2.0 * l.margin;
    let centre_for = |width: f64| {
        let (lo, hi) = (l.margin + width / 2.0, l.width - l.margin - width / 2.0);
        if lo > hi {
            l.width / 2.0
        } else {
            center_x.clamp(lo, hi)
        }
    };
    if let Some(title) = &diagram.title {
        // The title has one line: a long one is set smaller to fit it.
        let mut style = TextStyle::new(FontRole::Bold, 0.62 * l.w);
        let width = fonts.width(style, title).field("title")?;
        if width > room {
            style = TextStyle::new(FontRole::Bold, style.size * room / width);
        }
        let width = fonts.width(style, title).field("title")?;
        let g = fonts
            .line(
                style,
                title,
                Point::new(centre_for(width), l.title_baseline),
                Align::Center,
            )
            .field("title")?;
        d.glyphs(Color::BLACK, g);
    }
    let mut bottom = l.board.bottom().max(placed.bottom);
    if let Some(caption) = diagram.shown_caption() {
        // A caption wider than the drawing wraps onto more lines rather than being cut off.
        let style = TextStyle::new(FontRole::Regular, 0.5 * l.w);
        let lines = fonts.wrap_balanced(style, caption, room).field("caption")?;
        // Under the board, or under a hand column that a long player's name took lower.
        let mut baseline = l.board.bottom().max(placed.bottom) + 0.95 * l.w;
        for (i, line) in lines.iter().enumerate() {
            if i > 0 {
                baseline += 0.75 * l.w;
            }
            let width = fonts.width(style, line).field("caption")?;
            let at = Point::new(centre_for(width), baseline);
            let g = fonts
                .line(style, line, at, Align::Center)
                .field("caption")?;
            d.glyphs(Color::BLACK, g);
        }
        bottom = bottom.max(baseline + 0.2 * l.w);
    }
    d.height = bottom + l.margin;
    d.title = Some(describe::title(diagram));
    d.description = Some(describe::description(diagram));
    Ok(d)
}
