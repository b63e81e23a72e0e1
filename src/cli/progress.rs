//! A progress bar on standard error (indicatif), for work long enough to wait for: a booklet's
//! proofs and pages, a file of problems whose results go to a file. Drawn only on a terminal,
//! so that scripts and tests see nothing of it, and cleared when done.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;

pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar for `total` items called `items` ("problems proved"), shown if standard error is a
    /// terminal, `shown` holds (no other output is on the terminal, say) and there are at least
    /// `min` items.
    pub fn new(total: usize, min: usize, items: &str, shown: bool) -> Progress {
        if !(shown && total >= min && total > 0 && std::io::stderr().is_terminal()) {
            return Progress {
                bar: ProgressBar::hidden(),
            };
        }
        let bar = ProgressBar::new(total as u64);
        // The template is fixed and valid: a failure would only lose the style.
        if let Ok(style) = ProgressStyle::with_template(&format!(
            "[{{bar:30}}] {{percent:>3}}% {{pos}}/{{len}} {items}, {{elapsed}} (about {{eta}} left)"
        )) {
            bar.set_style(style.progress_chars("#>-"));
        }
        Progress { bar }
    }

    /// Runs `f`, which may write to standard error, with the bar out of its way.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.bar.suspend(f)
    }

    pub fn set(&self, done: usize) {
        self.bar.set_position(done as u64);
    }

    /// Clears the line, so that the prompt (or the next message) starts clean.
    pub fn done(&self) {
        self.bar.finish_and_clear();
    }
}

impl Drop for Progress {
    /// An error on the way leaves no half-drawn bar above its message.
    fn drop(&mut self) {
        if !self.bar.is_finished() {
            self.bar.finish_and_clear();
        }
    }
}
