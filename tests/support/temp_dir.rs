//! A fresh directory under the temp dir for one test, removed on drop (shared by the CLI tests
//! that write booklets and diagrams: `#[path = "support/temp_dir.rs"] mod temp_dir;`).

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A fresh directory under the temp dir for one test; removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// `shogiprint-<tag>-<pid>-<n>`: unique per process and per call.
    pub fn new(tag: &str) -> TempDir {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("shogiprint-{tag}-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }

    /// Writes `contents` to `name` in the directory; returns its path.
    pub fn file(&self, name: &str, contents: &str) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, contents).unwrap();
        p.to_str().unwrap().to_string()
    }

    /// The path of `name` in the directory.
    pub fn path(&self, name: &str) -> String {
        self.0.join(name).to_str().unwrap().to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
