//! Reading and writing the text formats: SFEN and USI positions, game records (KIF, KI2, CSA,
//! BOD, one [`record::Record`] model), the piece and variant YAML files, UTF-8 text ([`text`]), and the located errors
//! of position text and of the YAML data files; [`notation`] writes and reads moves and squares.
//! Each reader builds `rules` types from outside; `rules` never imports this module.

pub mod bod;
pub mod csa;
pub mod data_error;
pub mod ki2;
pub mod kif;
mod kif_end_words;
pub mod limits;
pub mod notation;
pub mod parse_error;
pub mod pieces;
pub mod record;
mod record_builder;
pub mod record_io;
pub mod sfen;
pub mod text;
pub mod usi;
pub mod usi_record;
pub mod variant;

pub use data_error::DataError;
pub use parse_error::ParseError;
