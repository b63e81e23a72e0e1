//! `shogiprint pieces`: the variant's pieces as an aligned table, one row per kind.

use super::Failure;
use shogiprint::rules::{Color, PieceKind, Variant};
use std::io::Write;
use unicode_width::UnicodeWidthStr;

const HEADER: [&str; 6] = [
    "SFEN",
    "KANJI",
    "ENGLISH",
    "BETZA",
    "MOVEMENT",
    "PROMOTES TO",
];

pub fn run(variant: &Variant, out: &mut impl Write) -> Result<i32, Failure> {
    let catalog = &variant.catalog;
    let mut rows: Vec<[String; 6]> = vec![HEADER.map(String::from)];
    for &k in variant.kinds() {
        let kind = catalog.get(k);
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
    write_table(out, &rows)?;
    Ok(0)
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
