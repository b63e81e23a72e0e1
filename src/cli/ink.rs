//! `--ink`: the print-shop colour option shared by every command that draws.

use shogiprint::draw::InkOptions;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Ink {
    /// The drawing's own colours.
    #[default]
    Color,
    /// Text and lines in pure black (DeviceGray), no transparency, no tints: for print shops
    /// and black-only printers.
    Black,
}

#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct InkArgs {
    /// color, or black for print shops (pure black text and lines, no tints or transparency).
    #[arg(long, value_enum, default_value = "color")]
    pub ink: Ink,
}

impl InkArgs {
    pub fn options(&self) -> InkOptions {
        InkOptions {
            black: self.ink == Ink::Black,
            no_fill: false,
        }
    }
}
