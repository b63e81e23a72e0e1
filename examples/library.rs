//! Using shogiprint as a library: load a variant, read a position, validate it (every problem
//! with its code and squares), list its legal moves, prove it when it is a mating problem, and
//! draw it.
//!
//! Run: `cargo run --example library -- "<SFEN or USI position string>" [OUT.svg|OUT.png|OUT.pdf]`
//! (`"4k4/9/4P4/9/9/9/9/9/9 b G 1"`, whose attacker has no king, is proven as a tsume).

use shogiprint::diagram::{self, Diagram};
use shogiprint::draw::Fonts;
use shogiprint::formats::{notation, sfen, usi};
use shogiprint::rules::{validate, Position, PositionError, ProblemCode, Variant};
use shogiprint::{render, tsume};
use std::sync::Arc;

fn main() {
    let mut args = std::env::args().skip(1);
    let text = args
        .next()
        .unwrap_or_else(|| "position startpos moves 7g7f 3c3d".to_string());
    if let Err(e) = run(&text, args.next()) {
        eprintln!("{e}");
        std::process::exit(2);
    }
}

fn run(text: &str, out: Option<String>) -> Result<(), Box<dyn std::error::Error>> {
    let standard = Variant::builtin("standard")?;
    let pos = match read(text, &standard, false) {
        // A side to move without a king is most often a mating problem's attacker.
        Err(shogiprint::Error::Invalid(e)) if kingless_mover(&e) => {
            let problem = read(text, &standard, true)?;
            prove(&problem)?;
            problem
        }
        Err(shogiprint::Error::Invalid(e)) => {
            // Every problem, with its stable code and its squares.
            for p in &e.problems {
                println!("{}", p.line(e.size()));
            }
            return Ok(());
        }
        other => other?,
    };
    let mut moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| notation::usi::write_move(&standard, *m))
        .collect();
    moves.sort();
    println!("{}", pos.to_sfen());
    println!("{} legal moves: {}", moves.len(), moves.join(" "));
    if pos.is_checkmate() {
        println!("checkmate");
    }
    if let Some(path) = out {
        draw(&pos, &path)?;
    }
    Ok(())
}

/// An SFEN or a USI position string, validated (with the tsume rules if `tsume`).
fn read(text: &str, variant: &Arc<Variant>, tsume: bool) -> Result<Position, shogiprint::Error> {
    let options = validate::Options { tsume };
    if usi::is_position_string(text) {
        usi::parse_position(text, variant, options)
    } else {
        sfen::position(text, variant, options)
    }
}

fn kingless_mover(e: &PositionError) -> bool {
    e.problems
        .iter()
        .all(|p| p.code == ProblemCode::MissingKing && p.side == Some(e.setup.turn))
}

/// Proves a mating problem: its length, main line and soundness.
fn prove(problem: &Position) -> Result<(), Box<dyn std::error::Error>> {
    let problem = tsume::inventory::complete(problem).map_err(|e| e.join("; "))?;
    let verdict = tsume::verify(&problem, tsume::Limits::default());
    match verdict.length {
        Some(length) if verdict.status == tsume::Status::Mate => {
            let line = notation::japanese::line(&problem, &verdict.line)?;
            let sound = if verdict.is_sound(false) {
                "sound"
            } else {
                "unsound"
            };
            println!("mate in {length} ({sound}): {}", line.join(" "));
        }
        _ => println!("{}", verdict.status.name()),
    }
    Ok(())
}

/// Draws the position as SVG, PNG or PDF, by the extension of `path`.
fn draw(pos: &Position, path: &str) -> Result<(), Box<dyn std::error::Error>> {
    let fonts = Fonts::bundled();
    let figure = Diagram::new(pos.variant().clone(), pos.to_setup());
    let drawing = diagram::draw(&figure, &fonts)?;
    let bytes = match path.rsplit('.').next() {
        Some("svg") => render::to_svg(&drawing, &fonts).into_bytes(),
        Some("png") => render::to_png(&drawing, &fonts, 800)?,
        Some("pdf") => render::to_pdf(&[drawing], &fonts, "diagram"),
        _ => return Err(format!("{path}: write .svg, .png or .pdf").into()),
    };
    std::fs::write(path, bytes)?;
    Ok(())
}
