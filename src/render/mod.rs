//! Writers
