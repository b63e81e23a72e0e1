//! Reading and writing the text formats: SFEN and USI positions, game records (KIF, KI2, CSA,
//! BOD, one [`record::Record`] model) and the located errors of position text and of the YAML
//! data files; [`notation`] writes and reads moves and squares.

pub mod bod;
pub mod csa;
pub mod data_error;
pub mod ki2;
pub mod kif;
pub mod notation;
pub mod parse_error;
pub mod record;
pub mod record_io;
pub mod sfen;
pub mod usi;
pub mod usi_record;

pub use data_error::DataError;
pub use parse_error::ParseError;
