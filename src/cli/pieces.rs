//! `shogiprint pieces`: the variant's pieces as an aligned table, one row per kind; with
//! `--pieces FILE`, the file's pieces that the variant does not use follow under their own
//! heading, so that a new piece's data can be checked before a variant uses it.

use super::input;
use super::Failure;
use shogiprint::rules::{Color, PieceCatalog, PieceKind, Variant};
use std::io::Write;
use std::path::Path;
use unicode_width::UnicodeWidthStr;

const HEADER: [&str; 6] = [
    "SFEN",
    "KANJI",
    "ENGLISH",
    "BETZA",
    "MOVEMENT",
    "PROMOTES TO",
];

pub fn run(variant: &Variant, pieces: Option<&Path>, out: &mut impl Write) -> Result<i32, Failure> {
    let catalog = &variant.catalog;
    let kinds = variant.kinds().iter().map(|&k| catalog.get(k));
    write_table(out, &table(catalog, kinds))?;
    let Some(path) = pieces else {
        return Ok(0);
    };
    // The main list with the file's pieces in it, as the variant was loaded with; a variant
    // with a list of its own (chu) uses none of them.
    let text = input::read_file(path)?;
    let name = path.display().to_string();
    let merged = PieceCatalog::builtin_with(&text, &name).map_err(|e| Failure::bad(&name, e))?;
    let used = |id: &str| {
        variant.pieces.is_none() && catalog.by_id(id).is_some_and(|k| variant.has_kind(k))
    };
    let unused: Vec<&PieceKind> = file_ids(&text)
        .iter()
        .filter(|id| !used(id))
        .filter_map(|id| merged.by_id(id).map(|k| merged.get(k)))
        .collect();
    if !unused.is_empty() {
        writeln!(out)?;
        writeln!(
            out,
            "Pieces of {name} that {} does not use:",
            variant.english
        )?;
        write_table(out, &table(&merged, unused.into_iter()))?;
    }
    Ok(0)
}

/// The header and one row per kind.
fn table<'a>(
    catalog: &PieceCatalog,
    kinds: impl Iterator<Item = &'a PieceKind>,
) -> Vec<[String; 6]> {
    let mut rows: Vec<[String; 6]> = vec![HEADER.map(String::from)];
    for kind in kinds {
        let promotes_to = match kind.promotes_to {
            Some(p) => {
                let p = catalog.get(p);
                format!("{} {}", p.sfen(), p.english)
            }
            None => "-".to_string(),
        };
        rows.push([
            kind.sfen(),
            kanji(kind),
            kind.english.clone(),
            kind.movement.betza.clone(),
            kind.movement.describe(),
            promotes_to,
        ]);
    }
    rows
}

/// The ids of a pieces file's pieces, in its order (the file has been read and checked as the
/// variant loaded: only the ids are wanted here).
fn file_ids(text: &str) -> Vec<String> {
    #[derive(serde::Deserialize)]
    struct File {
        #[serde(default)]
        pieces: Vec<Piece>,
    }
    #[derive(serde::Deserialize)]
    struct Piece {
        id: String,
    }
    serde_yaml::from_str::<File>(text)
        .map(|f| f.pieces.into_iter().map(|p| p.id).collect())
        .unwrap_or_default()
}

/// Name and abbreviation: Black's first, then White's where they differ (玉将 玉 / 王将 王 for
/// the king, as the kit and the diagrams give Black the 玉).
fn kanji(kind: &PieceKind) -> String {
    let [black, white] =
        [Color::Black, Color::White].map(|c| format!("{} {}", kind.kanji_for(c), kind.abbr_for(c)));
    if black == white {
        black
    } else {
        format!("{black} / {white}")
    }
}

/// Pads by display width, not by characters: a kanji takes two terminal columns.
fn write_table<const N: usize>(out: &mut impl Write, rows: &[[String; N]]) -> std::io::Result<()> {
    let mut widths = [0; N];
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.width());
        }
    }
    for row in rows {
        let mut line = String::new();
        for (i, cell) in row.iter().enumerate() {
            line.push_str(cell);
            if i + 1 < N {
                line.push_str(&" ".repeat(widths[i] - cell.width() + 2));
            }
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}
