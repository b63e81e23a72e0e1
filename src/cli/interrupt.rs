//! Ctrl-C (SIGINT), SIGTERM or SIGHUP while a file is being written: the temporary file beside
//! the target is removed and the command exits with 130, as a shell reports an interrupted
//! command. A signal ends the process without running destructors, so the temporary file's own
//! clean-up never ran and an interrupted booklet left `.NAME.XXXX.part` behind.
//!
//! The handler is installed the first time a temporary file is made, so a command that only
//! writes to stdout keeps the default behaviour. It runs on a thread of its own (the `ctrlc`
//! crate's), not inside the signal, so it may take the lock that the writer holds while it
//! creates or renames a file: a file is removed either before it was renamed over the target
//! or not at all.

use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard, Once};

/// The exit code of an interrupted command (128 + SIGINT, what a shell shows for Ctrl-C).
pub const INTERRUPTED: i32 = 130;

/// The temporary files being written now.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn pending() -> MutexGuard<'static, Vec<PathBuf>> {
    // A panic elsewhere while holding the lock leaves a list that is still right.
    PENDING.lock().unwrap_or_else(|e| e.into_inner())
}

fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // Should another handler already be set, files are left as before: nothing worse.
        let _ = ctrlc::set_handler(|| {
            let files = pending();
            for path in files.iter() {
                let _ = std::fs::remove_file(path);
            }
            std::process::exit(INTERRUPTED);
        });
    });
}

/// A temporary file that a signal removes until it is dropped or [`Tracked::finish`]ed.
pub struct Tracked(PathBuf);

impl Tracked {
    /// Makes a temporary file with `make` and tracks it; made under the lock, so a signal
    /// comes before the file exists or after it is tracked.
    pub fn create<T>(
        make: impl FnOnce() -> std::io::Result<T>,
        path_of: impl Fn(&T) -> PathBuf,
    ) -> std::io::Result<(T, Tracked)> {
        install();
        let mut files = pending();
        let made = make()?;
        let path = path_of(&made);
        files.push(path.clone());
        Ok((made, Tracked(path)))
    }

    /// Runs `last` (the rename over the target) under the lock and stops tracking the file:
    /// a signal then finds it renamed, or removes it before the rename.
    pub fn finish<R>(mut self, last: impl FnOnce() -> R) -> R {
        let mut files = pending();
        let r = last();
        files.retain(|p| *p != self.0);
        // Nothing for the drop to untrack (no file is tracked under an empty path).
        self.0 = PathBuf::new();
        r
    }
}

impl Drop for Tracked {
    /// Dropped after the file it tracks (an error on the way): nothing left to remove.
    fn drop(&mut self) {
        pending().retain(|p| *p != self.0);
    }
}
