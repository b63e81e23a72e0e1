//! Value parsers for the whole-number flags. The numeric flags allow negative numbers (else
//! clap reads `--jobs -2` as a flag `-2` it does not know), so a negative value reaches its
//! parser, and a value out of range is refused by clap in one line that names the flag and
//! the range: `invalid value '-2' for '--jobs <N>': expected a whole number, at least 1`.

use std::str::FromStr;

/// A whole number of at least 1 (`--jobs`, `--max-nodes`, `--every`).
pub fn at_least_one<T: FromStr + PartialOrd + From<u8>>(text: &str) -> Result<T, String> {
    match text.trim().parse::<T>() {
        Ok(n) if n >= T::from(1) => Ok(n),
        _ => Err("expected a whole number, at least 1".to_string()),
    }
}

/// The largest `--hash`, in MiB: the bound a diagram's or a booklet's `prover: {hash: N}`
/// takes too (`diagram::verify`).
pub const MAX_HASH_MB: usize = 65536;

/// `--hash`: a memory budget of 1 to [`MAX_HASH_MB`] MiB, as a file's `prover: {hash: N}`.
pub fn hash_mb(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=MAX_HASH_MB).contains(&n) => Ok(n),
        _ => Err(format!(
            "expected a whole number of MiB, 1 to {MAX_HASH_MB}"
        )),
    }
}

/// A whole number, 0 or more (`--ply`, `--depth`).
pub fn zero_or_more<T: FromStr>(text: &str) -> Result<T, String> {
    text.trim()
        .parse::<T>()
        .map_err(|_| "expected a whole number, 0 or more".to_string())
}
