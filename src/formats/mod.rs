//! Reading and writing the text formats: SFEN and USI positions, and the located errors of
//! position text and of the YAML data files; [`notation`] writes and reads moves and squares.

pub mod data_error;
pub mod notation;
pub mod parse_error;
pub mod sfen;
pub mod usi;

pub use data_error::DataError;
pub use parse_error::ParseError;
