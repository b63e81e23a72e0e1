//! Tsume entries are proven in pass one, before anything is drawn (see
//! [`crate::diagram::verify`]): a failure refuses the booklet; what the proof fills in (an
//! omitted answer, the caption's length) is kept in the [`super::Plan`] for pass two, which reads
//! every entry again.

use super::model::Entry;
use crate::diagram::verify::{self, Refusal, Settings};

/// What verification wrote into an entry: its answer and caption as printed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filled {
    pub answer: Option<String>,
    pub caption: Option<String>,
}

/// Verifies a tsume entry (and any entry whose caption asks for the length); `None` for an entry
/// that is not verified.
pub fn entry(entry: &mut Entry, settings: &Settings) -> Result<Option<Filled>, Refusal> {
    let proven = verify::verify(&mut entry.diagram, &mut entry.notes.answer, settings)?;
    Ok(proven.map(|_| Filled {
        answer: entry.notes.answer.clone(),
        caption: entry.diagram.caption.clone(),
    }))
}

/// Pass two: the entry as pass one verified it.
pub fn apply(entry: &mut Entry, filled: Option<&Filled>) {
    if let Some(f) = filled {
        entry.notes.answer = f.answer.clone();
        entry.diagram.caption = f.caption.clone();
    }
}
