//! Paper sizes: the two that printers ship with, or any `WxHmm` a user names.

use std::fmt;
use std::str::FromStr;

/// A sheet of paper in portrait, in millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paper {
    pub name: &'static str,
    pub width: f64,
    pub height: f64,
}

impl Paper {
    /// ISO 216 A4.
    pub const A4: Paper = Paper {
        name: "A4",
        width: 210.0,
        height: 297.0,
    };
    /// ANSI US Letter, 8.5 × 11 inches.
    pub const LETTER: Paper = Paper {
        name: "US Letter",
        width: 215.9,
        height: 279.4,
    };
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.name.is_empty() {
            write!(f, "{} × {} mm", self.width, self.height)
        } else {
            f.write_str(self.name)
        }
    }
}

impl FromStr for Paper {
    type Err = String;

    /// `a4`, `letter`, or `WxHmm` such as `297x420mm` (a landscape size is turned to portrait).
    fn from_str(text: &str) -> Result<Paper, String> {
        let lower = text.trim().to_ascii_lowercase();
        match lower.as_str() {
            "a4" => return Ok(Paper::A4),
            "letter" | "us-letter" => return Ok(Paper::LETTER),
            _ => {}
        }
        let bad = || format!("'{text}': expected a4, letter or a size like 210x297mm");
        let dims = lower.strip_suffix("mm").ok_or_else(bad)?;
        let (w, h) = dims.split_once('x').ok_or_else(bad)?;
        let w: f64 = w.trim().parse().map_err(|_| bad())?;
        let h: f64 = h.trim().parse().map_err(|_| bad())?;
        let sane = |v: f64| v.is_finite() && (50.0..=2000.0).contains(&v);
        if !sane(w) || !sane(h) {
            return Err(format!(
                "'{text}': each side must be between 50 and 2000 mm"
            ));
        }
        Ok(Paper {
            name: "",
            width: w.min(h),
            height: w.max(h),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_sizes() {
        assert_eq!("A4".parse::<Paper>().unwrap(), Paper::A4);
        assert_eq!("letter".parse::<Paper>().unwrap().width, 215.9);
        let p: Paper = "420x297mm".parse().unwrap();
        assert_eq!((p.width, p.height), (297.0, 420.0));
        assert!("a5".parse::<Paper>().is_err());
        assert!("10x297mm".parse::<Paper>().is_err());
        assert!("NaNx297mm".parse::<Paper>().is_err());
    }
}
