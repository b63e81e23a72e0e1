//! Impasse (持将棋, jishogi): when both kings have entered their promotion zones, the game is
//! decided by points — 5 for each rook and bishop (promoted or not), 1 for every other piece
//! except the king, on the board and in hand.
//!
//! Two rules are known: the 24-point rule of seed 004 (a side with fewer than 24 points loses,
//! otherwise a draw; the default here) and the JSA 27-point declaration rule used in amateur
//! tournaments (the side to move declares: its king in the zone, not in check, at least ten
//! other pieces in the zone, and 28 points for Black or 27 for White counted from the pieces in
//! the zone and in hand; a declaration that falls short loses).

use super::color::Color;
use super::piece::KindId;
use super::position::Position;
use super::square::Square;

/// Which impasse rule decides the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ImpasseRule {
    /// Seed 004: fewer than 24 points loses, otherwise a draw.
    #[default]
    Points24,
    /// The JSA 27-point declaration rule (宣言法).
    Declaration27,
}

/// The outcome of an impasse under a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImpasseVerdict {
    /// The rule does not apply yet (24-point rule: a king is outside its zone).
    NotImpasse,
    Draw,
    Win(Color),
}

impl Position {
    /// Points of `color` for impasse: every piece except royal ones, on the board and in hand.
    pub fn impasse_points(&self, color: Color) -> u32 {
        self.impasse_points_where(color, |_| true)
    }

    /// Is `color`'s king inside the zone where `color` promotes?
    pub fn king_in_zone(&self, color: Color) -> bool {
        let b = self.board();
        let t = &self.variant().tables;
        let kings = b.royals(t, color);
        kings.any() && (kings & t.zone[color.index()]) == kings
    }

    /// Both kings in their promotion zones: the position is an impasse.
    pub fn is_impasse(&self) -> bool {
        Color::ALL.iter().all(|c| self.king_in_zone(*c))
    }

    /// The outcome of the game under `rule` if it were ended here by impasse.
    pub fn impasse_verdict(&self, rule: ImpasseRule) -> ImpasseVerdict {
        match rule {
            ImpasseRule::Points24 => {
                if !self.is_impasse() {
                    return ImpasseVerdict::NotImpasse;
                }
                let short: Vec<Color> = Color::ALL
                    .into_iter()
                    .filter(|c| self.impasse_points(*c) < 24)
                    .collect();
                match short.as_slice() {
                    [loser] => ImpasseVerdict::Win(!*loser),
                    _ => ImpasseVerdict::Draw,
                }
            }
            ImpasseRule::Declaration27 => {
                let us = self.turn();
                let t = &self.variant().tables;
                let zone = t.zone[us.index()];
                let royal = |k: KindId| self.variant().is_royal(k);
                let in_zone = (self.board().by_color[us.index()] & zone)
                    .iter()
                    .filter(|sq| self.piece_at(*sq).is_some_and(|p| !royal(p.kind)))
                    .count();
                let needed = match us {
                    Color::Black => 28,
                    Color::White => 27,
                };
                let points = self.impasse_points_where(us, |sq| zone.has(sq));
                let valid = self.king_in_zone(us) && !self.is_check() && in_zone >= 10;
                if valid && points >= needed {
                    ImpasseVerdict::Win(us)
                } else {
                    ImpasseVerdict::Win(!us)
                }
            }
        }
    }

    fn impasse_points_where(&self, color: Color, counted: impl Fn(Square) -> bool) -> u32 {
        let variant = self.variant();
        let value = |k: KindId| {
            let base = variant.catalog.get(k).demotes_to.unwrap_or(k);
            match variant.catalog.get(base).id.as_str() {
                "rook" | "bishop" => 5,
                _ => 1,
            }
        };
        let board: u32 = variant
            .size
            .squares()
            .filter(|sq| counted(*sq))
            .filter_map(|sq| self.piece_at(sq))
            .filter(|p| p.color == color && !variant.is_royal(p.kind))
            .map(|p| value(p.kind))
            .sum();
        let hand: u32 = variant
            .hand_kinds()
            .iter()
            .map(|k| self.in_hand(color, *k) * value(*k))
            .sum();
        board + hand
    }
}
