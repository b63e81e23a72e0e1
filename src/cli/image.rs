//! The options the image formats share: PNG size (`--px` or `--dpi`) and the background of an
//! SVG or PNG (`--background`), for every command that writes a single picture.

use super::output::Format;
use super::Failure;
use shogiprint::draw::Color;
use shogiprint::render::{PngOptions, Resolution, SvgOptions};

#[derive(Debug, clap::Args)]
pub struct ImageArgs {
    /// PNG width in pixels (default 800 for a diagram, 1240 for a page: a handicap sheet, a
    /// rules card).
    /// 16 to 16384; at most 100 megapixels in all.
    #[arg(
        long,
        value_name = "PX",
        conflicts_with = "dpi",
        allow_negative_numbers = true,
        value_parser = super::output::parse_px
    )]
    px: Option<u32>,

    /// PNG resolution in dots per inch, instead of --px (e.g. 300 for print): the image then
    /// has the drawing's size in millimetres at that resolution.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    dpi: Option<f64>,

    /// What an SVG or PNG is drawn on: white (default), none (transparent), or a colour
    /// (#rrggbb, #rgb, or a name such as grey).
    #[arg(long, value_name = "COLOUR")]
    background: Option<String>,
}

impl ImageArgs {
    pub fn svg(&self) -> Result<SvgOptions, Failure> {
        Ok(SvgOptions {
            background: self.background()?,
        })
    }

    pub fn png(&self, default_px: u32) -> Result<PngOptions, Failure> {
        let resolution = match self.dpi {
            Some(dpi) if dpi.is_finite() && dpi > 0.0 => Resolution::Dpi(dpi),
            Some(dpi) => return Err(Failure::bad("--dpi", format!("{dpi} is not a resolution"))),
            None => Resolution::Width(self.px.unwrap_or(default_px)),
        };
        Ok(PngOptions {
            resolution,
            background: self.background()?,
        })
    }

    /// Refuses the options `format` would leave unused rather than silently ignore them:
    /// `--px` and `--dpi` size a PNG (an SVG or a PDF keeps the drawing's size in millimetres),
    /// and `--background` is what an SVG or PNG is drawn on (a PDF is printed on the paper).
    pub fn check_used_by(&self, format: Format) -> Result<(), Failure> {
        if format != Format::Png {
            let size = match (self.px, self.dpi) {
                (Some(px), _) => Some(format!("--px {px}")),
                (None, Some(dpi)) => Some(format!("--dpi {dpi}")),
                (None, None) => None,
            };
            if let Some(option) = size {
                return Err(Failure::bad(
                    option,
                    "sizes a PNG only: an SVG or PDF keeps the drawing's size in millimetres (write -o FILE.png for a PNG)",
                ));
            }
        }
        match &self.background {
            Some(colour) if format == Format::Pdf => Err(Failure::bad(
                format!("--background {colour}"),
                "an SVG or PNG only: a PDF is printed on the paper (write -o FILE.svg or FILE.png)",
            )),
            _ => Ok(()),
        }
    }

    /// A PNG that could not be made (its size passes a bound), reported against the option
    /// that set its size.
    pub fn png_failure(&self, message: String) -> Failure {
        match (self.px, self.dpi) {
            (_, Some(dpi)) => Failure::bad(format!("--dpi {dpi}"), message),
            (Some(px), None) => Failure::bad(format!("--px {px}"), message),
            (None, None) => Failure::bad("PNG", message),
        }
    }

    fn background(&self) -> Result<Option<Color>, Failure> {
        let Some(colour) = &self.background else {
            return Ok(Some(Color::WHITE));
        };
        if colour.eq_ignore_ascii_case("none") {
            return Ok(None);
        }
        Color::parse(colour).map(Some).ok_or_else(|| {
            Failure::bad(
                "--background",
                format!(
                    "'{colour}' is not a colour: use white, none, #rrggbb, #rgb or a colour name"
                ),
            )
        })
    }
}
