//! The piece catalog: every kind of piece the tool knows. `formats::pieces` loads it from
//! `templates/pieces.yaml` (embedded in the binary) and a user's file, and checks it.

use super::piece::{KindId, PieceKind};

#[derive(Clone, Debug)]
pub struct PieceCatalog {
    kinds: Vec<PieceKind>,
}

impl PieceCatalog {
    /// A catalog of kinds already checked by the loader: ids and SFEN symbols unique, and
    /// `promotes_to`/`demotes_to` linking each unpromoted kind with its promoted form.
    pub(crate) fn from_kinds(kinds: Vec<PieceKind>) -> PieceCatalog {
        PieceCatalog { kinds }
    }

    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    pub fn get(&self, id: KindId) -> &PieceKind {
        &self.kinds[id.index()]
    }

    pub fn ids(&self) -> impl Iterator<Item = KindId> {
        (0..self.kinds.len() as u8).map(KindId)
    }

    pub fn iter(&self) -> impl Iterator<Item = (KindId, &PieceKind)> {
        self.ids().zip(self.kinds.iter())
    }

    pub fn by_id(&self, id: &str) -> Option<KindId> {
        self.kinds
            .iter()
            .position(|k| k.id == id)
            .map(|i| KindId(i as u8))
    }

    /// Looks up a kind by its SFEN letter (either case) and promotion flag.
    pub fn by_letter(&self, letter: char, promoted: bool) -> Option<KindId> {
        let upper = letter.to_ascii_uppercase();
        self.kinds
            .iter()
            .position(|k| k.letter == upper && k.promoted == promoted)
            .map(|i| KindId(i as u8))
    }
}
