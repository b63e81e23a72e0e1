//! The caption of a diagram taken from a game record, as a booklet prints it: the move alone,
//! its figure label left to the heading.

use crate::diagram::{Diagram, RecordCaption};

/// A game record's own caption without its figure label: `第2図 ▲2六飛まで` becomes `▲2六飛まで`,
/// and its western form `Figure 2: after 41. R-2f` becomes `After 41. R-2f`. Every diagram of a
/// booklet is headed with its label (`第2図`, `Figure 2`, or a problem's `第2問`), as a Japanese
/// book numbers a figure where the text and the answers refer to it, and the caption under the
/// board then says where the game stands, as a book's `▲2六飛まで` does; kept, the record's label
/// repeated the heading's (and a problem's heading gave its caption a figure that no heading
/// has). A caption the entry gives (`caption:`) is not the record's and is drawn as written.
pub(super) fn move_caption(diagram: &mut Diagram) {
    let Some(record) = &diagram.record_caption else {
        return;
    };
    if diagram.caption.as_deref() != Some(record.japanese.as_str()) {
        return;
    }
    // The record writes `第N図 ` then the move, and `Figure N: ` then the western move.
    let after = |text: &str, mark: &str| text.split_once(mark).map(|(_, rest)| rest.to_string());
    let (Some(japanese), Some(western)) = (
        after(&record.japanese, " "),
        after(&record.western, ": ").map(|w| capitalised(&w)),
    ) else {
        return;
    };
    diagram.caption = Some(japanese.clone());
    diagram.record_caption = Some(RecordCaption { japanese, western });
}

/// `after 41. R-2f` → `After 41. R-2f`: a caption is a line of its own.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
