//! The inventory of a mating position: the board and both hands make exactly one set, the
//! defender holding every piece that is neither on the board nor in the attacker's hand.

use crate::rules::validate::{self, tsume_rest};
use crate::rules::{Color, Position};

/// The position with the defender's hand filled in (if it was left empty), checked to make
/// exactly one set, and validated as a tsume. The error lists what is wrong.
pub fn complete(pos: &Position) -> Result<Position, Vec<String>> {
    let variant = pos.variant();
    if let Some(why) = super::unsupported(variant) {
        return Err(vec![why]);
    }
    let mut setup = pos.to_setup();
    let attacker = setup.turn;
    let defender = !attacker;
    if setup.hand(defender).is_empty() {
        setup.hands[defender.index()] = tsume_rest(variant, &setup);
    }
    let mut errors = Vec::new();
    for &k in variant.hand_kinds() {
        let base = |kind: crate::rules::KindId| variant.tables.base[kind.index()];
        let on_board = setup.pieces().filter(|(_, p)| base(p.kind) == k).count() as u32;
        let held: u32 = Color::ALL
            .iter()
            .map(|c| setup.hand(*c).get(&k).copied().unwrap_or(0))
            .sum();
        let set = variant.set_count(k);
        if on_board + held != set {
            errors.push(format!(
                "{} {}s on the board and in hand; one set has {set}",
                on_board + held,
                variant.catalog.get(k).english.to_lowercase()
            ));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    validate::validate(variant, setup, validate::Options { tsume: true }).map_err(|e| {
        e.problems
            .iter()
            .map(|p| p.line(e.size()))
            .collect::<Vec<String>>()
    })
}
