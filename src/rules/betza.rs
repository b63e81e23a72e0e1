//! A parser for the subset of Betza notation that describes shogi-like pieces.
//!
//! A Betza string is a sequence of atoms, each optionally preceded by direction modifiers and
//! followed by a range:
//! - leaper atoms: `W` (1,0) `F` (1,1) `D` (2,0) `N` (2,1) `A` (2,2) `H` (3,0) `C` (3,1) `Z` (3,2)
//!   `G` (3,3); compounds `K` = WF, `R` = WW, `B` = FF, `Q` = RB;
//! - an atom written twice (`WW`, `NN`) rides: it repeats in its direction until blocked; a number
//!   after an atom limits the repetitions (`W2`);
//! - modifiers `f` `b` `l` `r` (forward, backward, left, right), `v` = f+b, `s` = l+r. On diagonal
//!   atoms a pair such as `fl` names one diagonal. On oblique atoms (N, C, Z) a single letter takes
//!   the four moves with that component, a doubled letter (`ff`) the two narrow moves that lean
//!   furthest that way, a pair (`fl`) the one move mostly `f` and slightly `l`, and `v`/`s` alone the
//!   four moves that are mostly vertical/sideways.
//!
//! Examples: gold `WfF`, silver `FfW`, knight `ffN`, lance `fR`, pawn `fW`, dragon `RF`.

use super::movement::{Motion, MotionKind, Movement};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    /// 1-based character position in the Betza string.
    pub column: usize,
    pub message: String,
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at character {}: {}", self.column, self.message)
    }
}

impl std::error::Error for BetzaError {}

/// The basic leaps of each atom letter, as (long, short) components.
fn atom_leaps(c: char) -> Option<&'static [(i8, i8)]> {
    Some(match c {
        'W' => &[(1, 0)],
        'F' => &[(1, 1)],
        'D' => &[(2, 0)],
        'N' => &[(2, 1)],
        'A' => &[(2, 2)],
        'H' => &[(3, 0)],
        'C' => &[(3, 1)],
        'Z' => &[(3, 2)],
        'G' => &[(3, 3)],
        'K' => &[(1, 0), (1, 1)],
        'R' => &[(1, 0)],
        'B' => &[(1, 1)],
        'Q' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

/// Compounds that ride by definition.
fn rides_by_itself(c: char) -> bool {
    matches!(c, 'R' | 'B' | 'Q')
}

/// A direction modifier, after pairing: a set of the eight "octant" directions it selects.
#[derive(Clone, Copy, Debug)]
enum Modifier {
    Single(char),
    Double(char),
    Pair(char, char),
}

pub fn parse(betza: &str) -> Result<Movement, BetzaError> {
    let chars: Vec<char> = betza.chars().collect();
    let mut motions: Vec<Motion> = Vec::new();
    let mut i = 0;
    if chars.is_empty() {
        return Err(BetzaError {
            column: 1,
            message: "empty movement: expected at least one atom such as W, F, N or R".into(),
        });
    }
    while i < chars.len() {
        let mod_start = i;
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            if !"fblrvs".contains(chars[i]) {
                return Err(BetzaError {
                    column: i + 1,
                    message: format!(
                        "unsupported modifier '{}': expected one of f b l r v s",
                        chars[i]
                    ),
                });
            }
            i += 1;
        }
        let mods: Vec<char> = chars[mod_start..i].to_vec();
        let Some(&atom) = chars.get(i) else {
            return Err(BetzaError {
                column: i + 1,
                message: "modifiers at the end: expected an atom letter after them".into(),
            });
        };
        let Some(leaps) = atom_leaps(atom) else {
            return Err(BetzaError {
                column: i + 1,
                message: format!(
                    "unknown atom '{atom}': expected one of W F D N A H C Z G K R B Q"
                ),
            });
        };
        i += 1;
        let mut rider = rides_by_itself(atom);
        if !rider && chars.get(i) == Some(&atom) {
            rider = true;
            i += 1;
        }
        let digits_start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        let mut max = None;
        if i > digits_start {
            let text: String = chars[digits_start..i].iter().collect();
            let n: u32 = text.parse().unwrap_or(u32::MAX);
            if n == 0 || n > 16 {
                return Err(BetzaError {
                    column: digits_start + 1,
                    message: format!("range {text} out of bounds: expected 1 to 16"),
                });
            }
            if n > 1 {
                rider = true;
                max = Some(n as u8);
            }
        }
        let modifiers = pair_modifiers(&mods);
        for &(long, short) in leaps {
            let all = leap_directions(long, short);
            let chosen: Vec<(i8, i8)> = if modifiers.is_empty() {
                all
            } else {
                all.into_iter()
                    .filter(|&(dx, dy)| modifiers.iter().any(|m| selects(*m, dx, dy, long, short)))
                    .collect()
            };
            if chosen.is_empty() && leaps.len() == 1 {
                return Err(BetzaError {
                    column: mod_start + 1,
                    message: format!(
                        "modifiers '{}' select no direction of atom '{atom}'",
                        mods.iter().collect::<String>()
                    ),
                });
            }
            let adjacent = long <= 1;
            let kind = match (rider, adjacent) {
                (true, _) => MotionKind::Slide { max },
                (false, true) => MotionKind::Step,
                (false, false) => MotionKind::Jump,
            };
            for (dx, dy) in chosen {
                add_motion(&mut motions, Motion { dx, dy, kind });
            }
        }
    }
    motions.sort();
    Ok(Movement {
        betza: betza.to_string(),
        motions,
        lion: None,
    })
}

/// Keeps one motion per direction, the one that reaches furthest.
fn add_motion(motions: &mut Vec<Motion>, m: Motion) {
    if let Some(existing) = motions.iter_mut().find(|e| e.dx == m.dx && e.dy == m.dy) {
        if m.reach() > existing.reach() {
            *existing = m;
        }
    } else {
        motions.push(m);
    }
}

/// Every (dx, dy) of a leaper with components (long, short), deduplicated.
fn leap_directions(long: i8, short: i8) -> Vec<(i8, i8)> {
    let mut out: Vec<(i8, i8)> = Vec::new();
    for (a, b) in [(long, short), (short, long)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let d = (a * sx, b * sy);
                if !out.contains(&d) {
                    out.push(d);
                }
            }
        }
    }
    out
}

fn pair_modifiers(mods: &[char]) -> Vec<Modifier> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < mods.len() {
        let c = mods[i];
        if let Some(&d) = mods.get(i + 1) {
            let vertical = |x: char| x == 'f' || x == 'b';
            let horizontal = |x: char| x == 'l' || x == 'r';
            if d == c && (vertical(c) || horizontal(c)) {
                out.push(Modifier::Double(c));
                i += 2;
                continue;
            }
            if (vertical(c) && horizontal(d)) || (horizontal(c) && vertical(d)) {
                out.push(Modifier::Pair(c, d));
                i += 2;
                continue;
            }
        }
        out.push(Modifier::Single(c));
        i += 1;
    }
    out
}

fn has_component(c: char, dx: i8, dy: i8) -> bool {
    match c {
        'f' => dy > 0,
        'b' => dy < 0,
        'l' => dx < 0,
        'r' => dx > 0,
        _ => false,
    }
}

/// Does the modifier select the leap (dx, dy) of an atom with components (long, short)?
fn selects(m: Modifier, dx: i8, dy: i8, long: i8, short: i8) -> bool {
    let oblique = short != 0 && short != long;
    let diagonal = short == long;
    match m {
        Modifier::Single('v') => {
            if oblique {
                dy.abs() == long
            } else {
                dy != 0
            }
        }
        Modifier::Single('s') => {
            if oblique {
                dx.abs() == long
            } else {
                dx != 0
            }
        }
        Modifier::Single(c) => has_component(c, dx, dy),
        Modifier::Double(c) => {
            if oblique {
                let primary = if c == 'f' || c == 'b' { dy } else { dx };
                has_component(c, dx, dy) && primary.abs() == long
            } else {
                has_component(c, dx, dy)
            }
        }
        Modifier::Pair(a, b) => {
            if oblique {
                let primary = if a == 'f' || a == 'b' { dy } else { dx };
                has_component(a, dx, dy) && has_component(b, dx, dy) && primary.abs() == long
            } else if diagonal {
                has_component(a, dx, dy) && has_component(b, dx, dy)
            } else {
                has_component(a, dx, dy) || has_component(b, dx, dy)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dirs(betza: &str) -> Vec<(i8, i8, MotionKind)> {
        parse(betza)
            .unwrap()
            .motions
            .into_iter()
            .map(|m| (m.dx, m.dy, m.kind))
            .collect()
    }

    fn count(betza: &str) -> usize {
        parse(betza).unwrap().motions.len()
    }

    #[test]
    fn shogi_pieces_have_the_right_number_of_directions() {
        assert_eq!(count("K"), 8);
        assert_eq!(count("WfF"), 6); // gold
        assert_eq!(count("FfW"), 5); // silver
        assert_eq!(count("ffN"), 2); // knight
        assert_eq!(count("fR"), 1); // lance
        assert_eq!(count("fW"), 1); // pawn
        assert_eq!(count("RF"), 8); // dragon
        assert_eq!(count("BW"), 8); // horse
        assert_eq!(count("FsfW"), 7); // drunk elephant: all but straight back
    }

    #[test]
    fn knight_jumps_two_forward_one_sideways() {
        let mut d = dirs("ffN");
        d.sort();
        assert_eq!(d, vec![(-1, 2, MotionKind::Jump), (1, 2, MotionKind::Jump)]);
    }

    #[test]
    fn lance_slides_forward_only() {
        assert_eq!(dirs("fR"), vec![(0, 1, MotionKind::Slide { max: None })]);
    }

    #[test]
    fn dragon_slides_orthogonally_and_steps_diagonally() {
        let m = parse("RF").unwrap();
        assert_eq!(m.slides().count(), 4);
        assert_eq!(m.steps().count(), 4);
        assert!(m.slides().all(|s| s.dx == 0 || s.dy == 0));
    }

    #[test]
    fn gold_lacks_the_backward_diagonals() {
        let d = dirs("WfF");
        assert!(!d.iter().any(|&(dx, dy, _)| dy < 0 && dx != 0));
        assert!(d.contains(&(0, -1, MotionKind::Step)));
    }

    #[test]
    fn limited_range_and_doubled_atoms_ride() {
        assert_eq!(
            dirs("fW2"),
            vec![(0, 1, MotionKind::Slide { max: Some(2) })]
        );
        assert_eq!(count("NN"), 8);
        assert!(parse("NN").unwrap().slides().count() == 8);
    }

    #[test]
    fn oblique_modifiers() {
        assert_eq!(count("fN"), 4);
        assert_eq!(count("fsN"), 6); // f: the 4 forward moves; s: the 4 mostly-sideways ones; union
        assert_eq!(count("vN"), 4);
        let mut d = dirs("flN");
        d.sort();
        assert_eq!(d, vec![(-1, 2, MotionKind::Jump)]);
        assert_eq!(dirs("lfN"), vec![(-2, 1, MotionKind::Jump)]);
    }

    #[test]
    fn errors_name_the_position() {
        let e = parse("WfX").unwrap_err();
        assert_eq!(e.column, 3);
        let e = parse("Wm").unwrap_err();
        assert_eq!(e.column, 2);
        assert!(parse("").is_err());
        assert!(parse("ff").is_err());
        assert_eq!(parse("W0").unwrap_err().column, 2);
        assert!(parse("W99999999999999999999").is_err());
    }
}
