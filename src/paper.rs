//! Paper sizes, by name or as `WxHmm`: one type for the kit, booklets and handicap sheets.

use std::fmt;
use std::str::FromStr;

/// A sheet of paper in millimetres, as the user gave it (portrait for the named sizes).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paper {
    /// The size's name (`A4`), or empty for one given in millimetres.
    pub name: &'static str,
    pub width: f64,
    pub height: f64,
}

/// What [`Paper::parse`] accepts, for messages.
pub const PAPER_HELP: &str = "a4, a5, b5, letter or WxHmm (e.g. 182x257mm, 50 to 1000 mm a side)";

impl Paper {
    /// ISO 216 A4.
    pub const A4: Paper = Paper::named("A4", 210.0, 297.0);
    pub const A5: Paper = Paper::named("A5", 148.0, 210.0);
    /// JIS B5, the size of many Japanese books.
    pub const B5: Paper = Paper::named("B5", 182.0, 257.0);
    /// ANSI US Letter, 8.5 × 11 inches.
    pub const LETTER: Paper = Paper::named("US Letter", 215.9, 279.4);

    const fn named(name: &'static str, width: f64, height: f64) -> Paper {
        Paper {
            name,
            width,
            height,
        }
    }

    /// `a4`, `a5`, `b5`, `letter`, or `WxHmm` such as `182x257mm`.
    pub fn parse(text: &str) -> Option<Paper> {
        let t = text.trim().to_ascii_lowercase();
        let named = match t.as_str() {
            "a4" => Some(Paper::A4),
            "a5" => Some(Paper::A5),
            "b5" => Some(Paper::B5),
            "letter" | "us-letter" => Some(Paper::LETTER),
            _ => None,
        };
        if named.is_some() {
            return named;
        }
        let (w, h) = t.strip_suffix("mm")?.split_once(['x', '×'])?;
        let (width, height): (f64, f64) = (w.trim().parse().ok()?, h.trim().parse().ok()?);
        let ok = |v: f64| (50.0..=1000.0).contains(&v);
        (ok(width) && ok(height)).then_some(Paper {
            name: "",
            width,
            height,
        })
    }
}

impl FromStr for Paper {
    type Err = String;

    fn from_str(text: &str) -> Result<Paper, String> {
        Paper::parse(text).ok_or_else(|| format!("'{text}': expected {PAPER_HELP}"))
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.name.is_empty() {
            write!(f, "{} x {} mm", self.width, self.height)
        } else {
            f.write_str(self.name)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_sizes() {
        assert_eq!("A4".parse::<Paper>().unwrap(), Paper::A4);
        assert_eq!(Paper::parse("letter").unwrap().width, 215.9);
        let p = Paper::parse("420x297mm").unwrap();
        assert_eq!((p.width, p.height), (420.0, 297.0));
        assert!(Paper::parse("a3").is_none());
        assert!(Paper::parse("10x297mm").is_none());
        assert!(Paper::parse("NaNx297mm").is_none());
        assert!("a6"
            .parse::<Paper>()
            .unwrap_err()
            .contains("a4, a5, b5, letter"));
    }
}
