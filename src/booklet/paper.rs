//! Paper sizes, by name or as `WxHmm`.

/// A sheet of paper in millimetres, portrait.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paper {
    pub width: f64,
    pub height: f64,
}

impl Paper {
    pub const A4: Paper = Paper {
        width: 210.0,
        height: 297.0,
    };

    /// `a4`, `a5`, `b5` (JIS, as Japanese books use), `letter`, or `WxHmm` (e.g. `182x257mm`).
    pub fn parse(text: &str) -> Option<Paper> {
        let t = text.trim().to_ascii_lowercase();
        let named = match t.as_str() {
            "a4" => Some((210.0, 297.0)),
            "a5" => Some((148.0, 210.0)),
            "b5" => Some((182.0, 257.0)),
            "letter" => Some((215.9, 279.4)),
            _ => None,
        };
        if let Some((width, height)) = named {
            return Some(Paper { width, height });
        }
        let (w, h) = t.strip_suffix("mm")?.split_once(['x', '×'])?;
        let (width, height): (f64, f64) = (w.trim().parse().ok()?, h.trim().parse().ok()?);
        let ok = |v: f64| (50.0..=1000.0).contains(&v);
        (ok(width) && ok(height)).then_some(Paper { width, height })
    }
}

/// What [`Paper::parse`] accepts, for messages.
pub const PAPER_HELP: &str = "a4, a5, b5, letter or WxHmm (e.g. 182x257mm, 50 to 1000 mm a side)";
