//! shogiprint: shogi pieces, variants and positions as data, a rules core that validates every
//! position, and what turns them into things people print: diagrams ([`diagram`]), the print
//! kit ([`kit`]), booklets ([`booklet`]) and handicap sheets ([`handicap`]), drawn in
//! millimetres ([`draw`]) and written as SVG, PNG or PDF ([`render`]). The tsume prover is
//! [`tsume`]; game records (KIF, KI2, CSA, BOD, USI) are read and written by [`formats`].
//!
//! Text is read into plain data ([`rules::Setup`]) that [`rules::validate`] turns into a
//! playable [`rules::Position`], or into a [`rules::PositionError`] that lists every problem
//! with its stable code, side and squares and keeps the setup:
//!
//! ```
//! use shogiprint::formats::sfen;
//! use shogiprint::rules::{validate, ProblemCode, Variant};
//!
//! let standard = Variant::builtin("standard")?;
//! // Two unpromoted black pawns on file 5.
//! let setup = sfen::parse("4k4/9/9/9/9/4P4/9/4P4/4K4 b - 1", &standard.catalog)?;
//! let error = validate::validate(&standard, setup, validate::Options::default()).unwrap_err();
//! assert_eq!(error.codes(), [ProblemCode::Nifu]);
//! assert_eq!(error.problems[0].square_names(error.size()), ["5f", "5h"]);
//! // The setup is kept: drawn on purpose, a position with exactly these problems.
//! let setup = error.expect(&[ProblemCode::Nifu])?;
//! assert_eq!(sfen::write(&setup, &standard.catalog), "4k4/9/9/9/9/4P4/9/4P4/4K4 b - 1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A valid position plays: legal moves, USI position strings, move notation.
//!
//! ```
//! use shogiprint::formats::{notation, usi};
//! use shogiprint::rules::Variant;
//!
//! let standard = Variant::builtin("standard")?;
//! let pos = usi::parse_position("startpos moves 7g7f", &standard, Default::default())?;
//! assert_eq!(pos.legal_moves().len(), 30);
//! assert_eq!(pos.perft(2), 1110);
//! let mut pos = usi::parse_position("startpos moves 7g7f 3c3d", &standard, Default::default())?;
//! let bishop = notation::usi::parse_move(&standard, "8h2b+")?;
//! assert_eq!(notation::japanese::write(&pos, bishop, None), "▲2二角成");
//! pos.play(bishop)?;
//! assert_eq!(pos.to_sfen(), "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A diagram is data too, drawn once and written in any of the three formats; a game record
//! gives its positions, and the print kit is one call:
//!
//! ```
//! use shogiprint::diagram::{self, Diagram};
//! use shogiprint::draw::Fonts;
//! use shogiprint::formats::record_io;
//! use shogiprint::rules::Variant;
//! use shogiprint::{kit, render};
//!
//! let standard = Variant::builtin("standard")?;
//! let fonts = Fonts::bundled();
//! let kif = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n";
//! let record = record_io::read(kif.as_bytes(), None, &standard)?;
//! assert_eq!(record.moves.len(), 2);
//!
//! let mut figure = Diagram::new(standard.clone(), record.final_position().to_setup());
//! figure.caption = record.caption(2, 1); // 第1図 △3四歩まで
//! figure.check()?; // validated before it is drawn
//! let drawing = diagram::draw(&figure, &fonts)?;
//! let svg: String = render::to_svg(&drawing, &fonts);
//! let png: Vec<u8> = render::to_png(&drawing, &fonts, 800)?;
//! let pdf: Vec<u8> = render::to_pdf(&[drawing], &fonts, "第1図");
//! assert!(svg.contains("第1図 △3四歩まで") && png.starts_with(b"\x89PNG") && pdf.starts_with(b"%PDF"));
//!
//! let kit = kit::build(&standard, &kit::KitOptions::default(), &fonts)?;
//! let pdf = render::to_pdf(&kit.pages, &fonts, "shogi kit");
//! # assert_eq!(kit.pages.len(), 7);
//! # assert!(pdf.starts_with(b"%PDF"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A tsume (the attacker to move, who may have no king) is proven with its conventional
//! length, main line and any alternative solutions:
//!
//! ```
//! use shogiprint::formats::{notation, sfen};
//! use shogiprint::rules::{validate, Variant};
//! use shogiprint::tsume::{self, inventory, Limits, Status};
//!
//! let standard = Variant::builtin("standard")?;
//! let tsume_rules = validate::Options { tsume: true };
//! let problem = sfen::position("4k4/9/4P4/9/9/9/9/9/9 b G 1", &standard, tsume_rules)?;
//! // The defender's empty hand holds every piece left over.
//! let problem = inventory::complete(&problem).map_err(|e| e.join("; "))?;
//! let verdict = tsume::verify(&problem, Limits::default());
//! assert_eq!(verdict.status, Status::Mate);
//! assert_eq!(verdict.length, Some(1));
//! assert!(verdict.is_sound(false));
//! assert_eq!(notation::japanese::line(&problem, &verdict.line)?, ["▲5二金"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! `examples/library.rs` is a complete program.

pub mod booklet;
pub mod diagram;
pub mod draw;
pub mod formats;
pub mod handicap;
pub mod in_order;
pub mod kit;
pub mod paper;
pub mod render;
pub mod rules;
pub mod rulescard;
mod templates;
pub mod tsume;

mod error;
pub use error::Error;
