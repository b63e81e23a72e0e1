//! A diagram in words: the line an SVG gives as its `<title>` and the text of its `<desc>`, so
//! that a screen reader or a search engine learns what the picture shows.

use super::{DefenderHand, Diagram};
use crate::formats::sfen;
use crate::rules::Color;

/// The title or the caption; without either, the variant and the position.
pub fn title(diagram: &Diagram) -> String {
    diagram
        .title
        .clone()
        .or_else(|| diagram.shown_caption().map(str::to_string))
        .unwrap_or_else(|| {
            format!(
                "{} position {}",
                diagram.variant.english,
                sfen::write(&diagram.setup, &diagram.variant.catalog)
            )
        })
}

/// The SFEN, whose turn it is, and both hands in words, e.g. "SFEN: … . Black to move. Black
/// (☗) has in hand: 2 pawns, 1 bishop. White (☖) has in hand: nothing."
pub fn description(diagram: &Diagram) -> String {
    let setup = &diagram.setup;
    let catalog = &diagram.variant.catalog;
    let side = |c: Color| {
        let name = match c {
            Color::Black => "Black (☗)",
            Color::White => "White (☖)",
        };
        match &diagram.players[c.index()] {
            Some(player) => format!("{name}, {player},"),
            None => name.to_string(),
        }
    };
    let mut out = format!(
        "SFEN: {}. {} to move.",
        sfen::write(setup, catalog),
        match setup.turn {
            Color::Black => "Black",
            Color::White => "White",
        }
    );
    for c in Color::ALL {
        let hand = setup.hand(c);
        let defender = diagram.options.tsume && c != setup.turn;
        let words = if defender && hand.is_empty() {
            match diagram.options.defender_hand {
                DefenderHand::Hidden => continue,
                DefenderHand::Rest => "all the remaining pieces".to_string(),
            }
        } else {
            let mut entries: Vec<_> = hand.iter().filter(|(_, n)| **n > 0).collect();
            let order = diagram.variant.hand_kinds();
            entries.sort_by_key(|(k, _)| order.iter().position(|o| o == *k));
            let listed: Vec<String> = entries
                .iter()
                .map(|(k, n)| {
                    let english = catalog.get(**k).english.to_lowercase();
                    match **n {
                        1 => format!("1 {english}"),
                        n if english.ends_with('s') => format!("{n} {english}"),
                        n => format!("{n} {english}s"),
                    }
                })
                .collect();
            if listed.is_empty() {
                "nothing".to_string()
            } else {
                listed.join(", ")
            }
        };
        out.push_str(&format!(" {} has in hand: {words}.", side(c)));
    }
    out
}
