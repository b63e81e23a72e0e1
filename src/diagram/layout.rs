//! Where everything goes, in millimetres, as multiples of the square width so that a diagram
//! scales as a whole. The proportions follow Japanese book diagrams: numerals about 60 % of a
//! square, pieces 80 %, hands in a column beside the board.

use super::model::{Options, Style};
use crate::draw::{Point, Rect};
use crate::rules::{BoardSize, Color, Square};

/// The band right of the board that holds the rank numerals, in squares.
const RANK_BAND: f64 = 0.75;

#[derive(Clone, Debug)]
pub struct Layout {
    /// Square width and height.
    pub w: f64,
    pub h: f64,
    pub size: BoardSize,
    pub viewer: Color,
    pub board: Rect,
    /// The centre line of each side's hand column, by colour.
    pub hand_x: [f64; 2],
    pub hand_top: f64,
    pub hand_em: f64,
    /// From one hand column to the next, when a long hand wraps (outwards, away from the board).
    pub hand_step: f64,
    pub margin: f64,
    pub title_baseline: f64,
    pub width: f64,
    /// Whether the hands have columns beside the board (not in a variant without drops).
    pub hands: bool,
    /// The height of a label's badge on an occupied square (see `annotations`): 0.34 of a
    /// square in the traditional style, 0.28 in the beginner styles, whose squares are larger
    /// (10 mm by default) and whose faces leave less of a square's corners free.
    pub badge: f64,
    /// The depth of the promotion zones whose corners the hoshi mark, 0 for none: 3 on a 9×9
    /// board, the variant's zone on larger ones (4 in chu shogi), none on the small boards.
    pub hoshi_zone: u8,
}

impl Layout {
    pub fn new(size: BoardSize, options: &Options, has_title: bool) -> Layout {
        let w = options.square;
        let h = w * options.aspect;
        let margin = 0.4 * w;
        let hand_w = match options.style {
            Style::Western => 1.9 * w,
            _ => 1.0 * w,
        };
        let gap = 0.3 * w;
        let rank_band = RANK_BAND * w;
        let title_band = if has_title { 1.1 * w } else { 0.0 };
        let file_band = 0.75 * w;
        let board = Rect::new(
            margin + hand_w + gap,
            margin + title_band + file_band,
            size.files as f64 * w,
            size.ranks as f64 * h,
        );
        let left_hand = margin + hand_w / 2.0;
        let right_hand = board.right() + rank_band + gap + hand_w / 2.0;
        let width = board.right() + rank_band + gap + hand_w + margin;
        // The viewer's own hand is on the right, as in books.
        let hand_x = match options.viewer {
            Color::Black => [right_hand, left_hand],
            Color::White => [left_hand, right_hand],
        };
        Layout {
            w,
            h,
            size,
            viewer: options.viewer,
            board,
            hand_x,
            hand_top: board.y,
            hand_em: 0.56 * w,
            hand_step: match options.style {
                Style::Western => 2.0 * w,
                _ => 0.95 * w,
            },
            margin,
            title_baseline: margin + 0.8 * w,
            width,
            hands: true,
            badge: match options.style {
                Style::Traditional => 0.34 * w,
                _ => 0.28 * w,
            },
            hoshi_zone: if size.files == 9 && size.ranks == 9 {
                3
            } else {
                0
            },
        }
    }

    /// The layout of `diagram`: without hand columns when its variant has no drops (chu and
    /// sho shogi), the board then standing at the left margin.
    pub fn of(diagram: &super::Diagram) -> Layout {
        let mut l = Layout::new(
            diagram.setup.size,
            &diagram.options,
            diagram.title.is_some(),
        );
        let size = diagram.setup.size;
        if size.files >= 9 && size.ranks >= 9 {
            l.hoshi_zone = diagram.variant.promotion_zone;
        }
        if diagram.variant.drops {
            l
        } else {
            l.without_hands()
        }
    }

    /// The same layout with no hand columns: margin, board, rank numerals, margin.
    pub fn without_hands(mut self) -> Layout {
        self.board.x = self.margin;
        self.width = self.board.right() + RANK_BAND * self.w + self.margin;
        self.hand_x = [self.board.center().x; 2];
        self.hands = false;
        self
    }

    /// The same layout with room for `columns` hand columns on each side (by colour index):
    /// extra columns stand outside the first, so the board moves right by the left side's.
    pub fn with_hand_columns(mut self, columns: [usize; 2]) -> Layout {
        let extra = |side: Color| columns[side.index()].saturating_sub(1) as f64 * self.hand_step;
        let (left, right) = match self.viewer {
            Color::Black => (Color::White, Color::Black),
            Color::White => (Color::Black, Color::White),
        };
        let shift = extra(left);
        self.board.x += shift;
        self.hand_x[left.index()] += shift;
        self.hand_x[right.index()] += shift;
        self.width += shift + extra(right);
        self
    }

    /// The screen column and row of a square (0, 0 at the top left as drawn).
    pub fn screen(&self, sq: Square) -> (usize, usize) {
        let (col, row) = self.size.col_row(sq);
        let (col, row) = (col as usize, row as usize);
        match self.viewer {
            Color::Black => (col, row),
            Color::White => (
                self.size.files as usize - 1 - col,
                self.size.ranks as usize - 1 - row,
            ),
        }
    }

    pub fn cell(&self, sq: Square) -> Rect {
        let (x, y) = self.screen(sq);
        Rect::new(
            self.board.x + x as f64 * self.w,
            self.board.y + y as f64 * self.h,
            self.w,
            self.h,
        )
    }

    pub fn center(&self, sq: Square) -> Point {
        self.cell(sq).center()
    }

    /// The file number written above screen column `x`.
    pub fn file_label(&self, x: usize) -> u32 {
        match self.viewer {
            Color::Black => self.size.files as u32 - x as u32,
            Color::White => x as u32 + 1,
        }
    }

    /// The rank number written beside screen row `y`.
    pub fn rank_label(&self, y: usize) -> u32 {
        match self.viewer {
            Color::Black => y as u32 + 1,
            Color::White => self.size.ranks as u32 - y as u32,
        }
    }

    /// A piece of `owner` is drawn upside down unless it belongs to the viewer.
    pub fn turn_for(&self, owner: Color) -> f64 {
        if owner == self.viewer {
            0.0
        } else {
            180.0
        }
    }
}
