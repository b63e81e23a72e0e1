//! The parts of a kit: one entry per physical piece of the variant's set (plus any extras),
//! each with the faces it carries and its printed size.

use crate::rules::{Color, KindId, PieceKind, Variant};

/// The size a kind without `size_mm` in its data is printed at: the gold's, the middle of the
/// traditional range.
pub const DEFAULT_SIZE: (f64, f64) = (26.0, 29.0);

/// What is printed on the back of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Back {
    /// The promoted kind, in red.
    Promoted(KindId),
    /// Nothing: kings and golds do not promote, but get a back so every piece is as thick.
    Plain,
}

/// One physical piece.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    pub kind: KindId,
    /// Whose piece it is. Only matters where the two sides' pieces are written differently
    /// (玉将 for Black, 王将 for White); otherwise the set is split evenly for the labels.
    pub owner: Color,
    pub back: Back,
    /// Base × height of the pentagon in millimetres, scale applied.
    pub size: (f64, f64),
    /// 1-based number among the pieces of this kind, and how many there are.
    pub number: u32,
    pub of: u32,
}

impl Part {
    /// The two-character name printed on the front.
    pub fn front_name<'a>(&self, kind: &'a PieceKind) -> &'a str {
        match (self.owner, &kind.black_kanji) {
            (Color::Black, Some(k)) => k,
            _ => &kind.kanji,
        }
    }

    /// The one-character name (玉 for Black's king, 王 for White's).
    pub fn front_abbr<'a>(&self, kind: &'a PieceKind) -> &'a str {
        match (self.owner, &kind.black_abbr) {
            (Color::Black, Some(k)) => k,
            _ => &kind.abbr,
        }
    }

    /// The short label printed in the waste corner beside the piece: its one-character name
    /// and its number among its kind (玉 Black and 王 White for the kings), short enough to stay
    /// legible in the corner of the narrowest piece.
    pub fn label(&self, kind: &PieceKind) -> String {
        let abbr = self.front_abbr(kind);
        if kind.black_kanji.is_some() || kind.black_abbr.is_some() {
            let side = match self.owner {
                Color::Black => "Black",
                Color::White => "White",
            };
            format!("{abbr} {side}")
        } else if self.of == 1 {
            abbr.to_string()
        } else {
            format!("{abbr} {}/{}", self.number, self.of)
        }
    }
}

/// Why a kit's part list cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PartsError {
    #[error("extra '{0}': no such piece (give a piece id such as prince or drunk_elephant)")]
    UnknownExtra(String),
    #[error("extra '{name}': {id} is a promoted piece, printed on the back of {base}")]
    PromotedExtra {
        name: String,
        id: String,
        base: String,
    },
    #[error("extra '{name}': {id} is already in the {variant} set")]
    AlreadyInSet {
        name: String,
        id: String,
        variant: String,
    },
}

/// Every piece of `variant`'s set, then one extra pair (one per side) for each name in
/// `extras`, in catalog order, sizes multiplied by `scale`.
pub fn parts(variant: &Variant, extras: &[String], scale: f64) -> Result<Vec<Part>, PartsError> {
    let catalog = &variant.catalog;
    let mut counts: Vec<(KindId, u32)> = variant.set.clone();
    for name in extras {
        let id = find_extra(variant, name)?;
        let kind = catalog.get(id);
        if let Some(base) = kind.demotes_to {
            return Err(PartsError::PromotedExtra {
                name: name.clone(),
                id: kind.id.clone(),
                base: catalog.get(base).id.clone(),
            });
        }
        if counts.iter().any(|&(k, _)| k == id) {
            return Err(PartsError::AlreadyInSet {
                name: name.clone(),
                id: kind.id.clone(),
                variant: variant.id.clone(),
            });
        }
        counts.push((id, 2));
    }
    counts.sort_by_key(|&(k, _)| k);

    let mut out = Vec::new();
    for (id, n) in counts {
        let kind = catalog.get(id);
        let (base, height) = kind.size_mm.unwrap_or(DEFAULT_SIZE);
        let back = match kind.promotes_to {
            Some(p) => Back::Promoted(p),
            None => Back::Plain,
        };
        for i in 0..n {
            // The first half of each kind is Black's, the rest White's.
            let owner = if i < n.div_ceil(2) {
                Color::Black
            } else {
                Color::White
            };
            out.push(Part {
                kind: id,
                owner,
                back,
                size: (base * scale, height * scale),
                number: i + 1,
                of: n,
            });
        }
    }
    Ok(out)
}

/// A piece named on the command line: its id (`drunk_elephant`), the last word of its id
/// (`elephant`), or its English name in any case.
fn find_extra(variant: &Variant, name: &str) -> Result<KindId, PartsError> {
    let want = name.trim().to_lowercase().replace([' ', '-'], "_");
    let catalog = &variant.catalog;
    let hit = catalog
        .iter()
        .find(|(_, k)| k.id == want)
        .or_else(|| {
            catalog
                .iter()
                .find(|(_, k)| k.english.to_lowercase().replace([' ', '-'], "_") == want)
        })
        .or_else(|| {
            catalog
                .iter()
                .find(|(_, k)| !k.promoted && k.id.rsplit('_').next() == Some(want.as_str()))
        });
    hit.map(|(id, _)| id)
        .ok_or_else(|| PartsError::UnknownExtra(name.to_string()))
}
