//! Writing results: to stdout for `-`, otherwise to a file that appears whole or not at all (the
//! bytes go to a temporary file beside it, which is then renamed over the target). A symbolic
//! link as the target is followed: the file it names is the one replaced. An interrupted run
//! (Ctrl-C, SIGTERM) removes the temporary file and exits with 130.

use super::interrupt::Tracked;
use super::Failure;
use shogiprint::formats::limits;
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Svg,
    Png,
    Pdf,
}

/// What every `--format` option says in `--help`.
pub const FORMAT_HELP: &str =
    "The format (svg, png or pdf), for a file name whose extension says none \
     (or for -o -); by default the extension of -o picks it. A .svg, .png or .pdf name that \
     disagrees with --format is refused.";

impl Format {
    /// Its name, as `--format` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Svg => "svg",
            Format::Png => "png",
            Format::Pdf => "pdf",
        }
    }

    /// The format a file name asks for, by extension.
    pub fn from_path(path: &Path) -> Option<Format> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "svg" => Some(Format::Svg),
            "png" => Some(Format::Png),
            "pdf" => Some(Format::Pdf),
            _ => None,
        }
    }
}

/// `--format` given with `-o target`: refused when the target's extension names another format
/// (`--format png -o sheet.pdf` would write a PNG that every program takes for a PDF); a name
/// whose extension says nothing (or `-`) takes the format asked for.
pub fn check_format_agrees(target: &str, format: Format) -> Result<Format, Failure> {
    match Format::from_path(Path::new(target)) {
        Some(named) if target != "-" && named != format => Err(Failure::bad(
            target,
            format!(
                "--format {} disagrees with the extension .{}: name the file .{} or leave --format out",
                format.name(),
                named.name(),
                format.name()
            ),
        )),
        _ => Ok(format),
    }
}

/// `--px`: a PNG width within [`limits::MIN_PNG_SIDE`] and [`limits::MAX_PNG_SIDE`], checked
/// before anything is drawn.
pub fn parse_px(text: &str) -> Result<u32, String> {
    let range = || {
        format!(
            "expected a width of {} to {} pixels",
            limits::MIN_PNG_SIDE,
            limits::MAX_PNG_SIDE
        )
    };
    let px: u32 = text.trim().parse().map_err(|_| range())?;
    limits::check_png_size(px, limits::MIN_PNG_SIDE).map_err(|_| range())?;
    Ok(px)
}

/// An error writing to `target`: for stdout (`-`) through `From<io::Error>`, so that a closed
/// pipe is not an error; for a file, the file and the OS error.
pub fn write_failure(target: &str, e: std::io::Error) -> Failure {
    if target == "-" {
        Failure::from(e)
    } else {
        Failure::bad(target, e)
    }
}

/// Refuses a `target` that is neither `-` nor a `.pdf` file, for products written only as PDF
/// (`what`: "a kit", "a booklet"), before any work is done.
pub fn pdf_only(target: &str, what: &str) -> Result<(), Failure> {
    if target == "-" {
        return not_to_terminal(target, Format::Pdf);
    }
    if target.to_ascii_lowercase().ends_with(".pdf") {
        return Ok(());
    }
    Err(Failure::bad(
        target,
        format!("{what} is written as PDF: give a file name ending in .pdf (or - for stdout)"),
    ))
}

/// Refuses to write a PNG or a PDF to standard output (`target` `-`) when that is a terminal,
/// before any work is done: its bytes would garble the screen. A pipe or a redirect takes it.
pub fn not_to_terminal(target: &str, format: Format) -> Result<(), Failure> {
    use std::io::IsTerminal;
    let what = match format {
        Format::Svg => return Ok(()),
        Format::Png => "a PNG",
        Format::Pdf => "a PDF",
    };
    if target == "-" && std::io::stdout().is_terminal() {
        return Err(Failure::bad(
            "-o -",
            format!("{what} is not written to a terminal: redirect it (> FILE) or give -o FILE"),
        ));
    }
    Ok(())
}

/// Writes `bytes` to `target` (`-` is stdout).
pub fn write(target: &str, bytes: &[u8], out: &mut impl Write) -> Result<(), Failure> {
    if target == "-" {
        // Through `From<io::Error>`, so that a closed pipe is not an error.
        out.write_all(bytes)?;
        return Ok(());
    }
    write_streaming(target, out, &mut |w| {
        w.write_all(bytes).map_err(|e| Failure::bad(target, e))
    })
}

/// Like [`write`], for output made piece by piece (a long booklet): `fill` writes into a
/// temporary file beside the target, which replaces the target only if `fill` succeeds. For `-`
/// it writes to `out`.
pub fn write_streaming(
    target: &str,
    out: &mut dyn Write,
    fill: &mut dyn FnMut(&mut dyn Write) -> Result<(), Failure>,
) -> Result<(), Failure> {
    if target == "-" {
        return fill(out);
    }
    // Through a symbolic link to the file it names: the link stays, its target is replaced.
    let path = resolve_links(Path::new(target)).map_err(|e| Failure::bad(target, e))?;
    if std::fs::metadata(&path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        // A device or a pipe (`-o /dev/stdout`, a FIFO): there is no file to replace, and a
        // rename would put a regular file in its place. Write to it directly.
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .map_err(|e| Failure::bad(target, e))?;
        let mut writer = std::io::BufWriter::new(file);
        fill(&mut writer)?;
        return writer.flush().map_err(|e| Failure::bad(target, e));
    }
    if path.is_dir() {
        // Refused before the work: the rename at the end could not replace a directory.
        return Err(Failure::bad(
            target,
            format!(
                "is a directory: name a file in it (-o {}/NAME)",
                target.trim_end_matches('/')
            ),
        ));
    }
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    // A new file of a random name (created exclusively, so nothing planted under a guessed
    // name is written through), beside the target so that the rename cannot cross file
    // systems; removed when dropped if anything fails. Read-write for all less the umask, as
    // a file created the ordinary way would be.
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".part");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    // Tracked so that Ctrl-C or SIGTERM removes it too (see `interrupt`); declared before the
    // writer, so that on an error the file is gone before it is untracked.
    let (temp, tracked) = Tracked::create(
        || builder.tempfile_in(dir),
        |t: &tempfile::NamedTempFile| t.path().to_path_buf(),
    )
    .map_err(|e| Failure::bad(target, cannot_create(dir, &e)))?;
    let mut writer = std::io::BufWriter::new(temp);
    fill(&mut writer)?;
    let temp = writer
        .into_inner()
        .map_err(|e| Failure::bad(target, e.into_error()))?;
    tracked
        .finish(|| temp.persist(&path))
        .map_err(|e| Failure::bad(target, e.error))?;
    Ok(())
}

/// Why no file could be made in `dir` (it does not exist, or may not be written), said of the
/// directory the user named. tempfile's message ends with ` at path "…"`, the temporary file's
/// random name, which the user never asked for: the OS error is what is left before it.
fn cannot_create(dir: &Path, e: &std::io::Error) -> String {
    let message = e.to_string();
    let os = message.split(" at path ").next().unwrap_or(&message);
    format!("cannot create a file in '{}': {os}", dir.display())
}

/// The path a chain of symbolic links ends at (the path itself if it is no link). The end may
/// not exist yet: writing through a dangling link creates the file it names, as the shell's
/// `>` does. A loop is an error after as many links as Linux follows.
fn resolve_links(path: &Path) -> std::io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&path) {
            Ok(m) if m.file_type().is_symlink() => {
                let next = std::fs::read_link(&path)?;
                // A relative link is relative to the directory that holds it.
                path = match path.parent() {
                    Some(dir) if next.is_relative() => dir.join(next),
                    _ => next,
                };
            }
            _ => return Ok(path),
        }
    }
    // (ELOOP's number differs between systems: the message says it on each.)
    Err(std::io::Error::other("too many levels of symbolic links"))
}

/// Output appears whole or not at all, for every format and whatever point writing fails at.
#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use shogiprint::diagram::{self, spec, Diagram};
    use shogiprint::draw::Fonts;
    use shogiprint::render;
    use shogiprint::rules::Variant;
    use std::io;
    use std::path::PathBuf;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::OnceLock;

    /// The start position as SVG, PNG and PDF bytes, made once.
    fn outputs() -> &'static [(Format, Vec<u8>)] {
        static OUTPUTS: OnceLock<Vec<(Format, Vec<u8>)>> = OnceLock::new();
        OUTPUTS.get_or_init(|| {
            let variant = Variant::builtin("standard").unwrap();
            let read = spec::read_position("startpos", &variant).unwrap();
            let fonts = Fonts::bundled();
            let drawing = diagram::draw(&Diagram::new(variant, read.setup), &fonts).unwrap();
            vec![
                (Format::Svg, render::to_svg(&drawing, &fonts).into_bytes()),
                (Format::Png, render::to_png(&drawing, &fonts, 64).unwrap()),
                (
                    Format::Pdf,
                    render::to_pdf(std::slice::from_ref(&drawing), &fonts, "t"),
                ),
            ]
        })
    }

    /// A directory of its own, removed on drop.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new() -> TempDir {
            static COUNTER: AtomicUsize = AtomicUsize::new(0);
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let dir =
                std::env::temp_dir().join(format!("shogiprint-output-{}-{n}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            TempDir(dir)
        }

        fn names(&self) -> Vec<String> {
            let mut names: Vec<String> = std::fs::read_dir(&self.0)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
                .collect();
            names.sort();
            names
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// A writer that takes `left` bytes and then fails, like a disk that fills up.
    struct FailAfter<'a> {
        inner: &'a mut dyn Write,
        left: usize,
    }

    impl Write for FailAfter<'_> {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.left == 0 {
                return Err(io::Error::other("disk full (simulated)"));
            }
            let n = buf.len().min(self.left);
            self.left -= n;
            self.inner.write(&buf[..n])
        }

        fn flush(&mut self) -> io::Result<()> {
            self.inner.flush()
        }
    }

    /// Writes `bytes` to `name` in `dir`, failing after `cut` bytes (none if `cut` is past
    /// the end); checks that the directory then holds exactly `before`'s file, or the whole
    /// new file.
    fn check_cut(dir: &TempDir, bytes: &[u8], cut: usize, before: Option<&[u8]>) {
        let target = dir.0.join("out");
        if let Some(old) = before {
            std::fs::write(&target, old).unwrap();
        }
        let target_text = target.to_str().unwrap().to_string();
        let result = write_streaming(&target_text, &mut io::sink(), &mut |w| {
            let mut w = FailAfter {
                inner: w,
                left: cut,
            };
            w.write_all(bytes)
                .and_then(|_| w.flush())
                .map_err(|e| Failure::bad(&target_text, e))
        });
        let complete = cut >= bytes.len();
        assert_eq!(result.is_ok(), complete);
        if complete {
            assert_eq!(std::fs::read(&target).unwrap(), bytes);
            assert_eq!(dir.names(), ["out"]);
        } else {
            match before {
                Some(old) => assert_eq!(std::fs::read(&target).unwrap(), old),
                None => assert!(!target.exists(), "a partial file after {cut} bytes"),
            }
            // No temporary file left behind either.
            let expected: &[&str] = if before.is_some() { &["out"] } else { &[] };
            assert_eq!(dir.names(), expected);
        }
        let _ = std::fs::remove_file(&target);
    }

    #[test]
    fn every_format_whole_or_absent_at_its_ends() {
        for (format, bytes) in outputs() {
            let dir = TempDir::new();
            for cut in [0, 1, bytes.len() / 2, bytes.len() - 1, bytes.len()] {
                check_cut(&dir, bytes, cut, None);
                check_cut(&dir, bytes, cut, Some(b"the old file"));
            }
            assert!(!bytes.is_empty(), "{format:?}");
        }
    }

    #[test]
    fn a_render_that_fails_writes_nothing() {
        let dir = TempDir::new();
        let target = dir.0.join("out.pdf");
        let target_text = target.to_str().unwrap().to_string();
        let result = write_streaming(&target_text, &mut io::sink(), &mut |w| {
            // A booklet that writes its first page and then fails to draw the next.
            let fonts = Fonts::bundled();
            let mut pdf = render::PdfStream::new(w, &fonts, "t").unwrap();
            let page = shogiprint::draw::Drawing::new(210.0, 297.0);
            pdf.add_page(&page).unwrap();
            Err(Failure::bad("entry 2", "cannot be drawn"))
        });
        assert!(result.is_err());
        assert!(dir.names().is_empty(), "{:?}", dir.names());
    }

    #[test]
    fn a_symlink_is_written_through_to_its_target_and_kept() {
        use std::os::unix::fs::symlink;
        let dir = TempDir::new();
        std::fs::create_dir(dir.0.join("real")).unwrap();
        // A relative link, a link to that link, and a link to a file not there yet.
        symlink("real/target.svg", dir.0.join("link.svg")).unwrap();
        symlink("link.svg", dir.0.join("link2.svg")).unwrap();
        for (name, bytes) in [("link.svg", &b"first"[..]), ("link2.svg", b"second")] {
            let link = dir.0.join(name);
            write(link.to_str().unwrap(), bytes, &mut io::sink()).unwrap();
            assert!(std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink());
            assert_eq!(std::fs::read(dir.0.join("real/target.svg")).unwrap(), bytes);
        }
        // No temporary file left beside the link or the target.
        assert_eq!(dir.names(), ["link.svg", "link2.svg", "real"]);
        let real: Vec<_> = std::fs::read_dir(dir.0.join("real")).unwrap().collect();
        assert_eq!(real.len(), 1);
    }

    #[test]
    fn a_directory_is_refused_before_anything_is_made() {
        let dir = TempDir::new();
        std::fs::create_dir(dir.0.join("games")).unwrap();
        let target = dir.0.join("games");
        let target_text = target.to_str().unwrap().to_string();
        let mut filled = false;
        let failure = write_streaming(&target_text, &mut io::sink(), &mut |_| {
            filled = true;
            Ok(())
        })
        .unwrap_err();
        let message = failure.lines.join("\n");
        assert!(
            message.contains("is a directory: name a file in it"),
            "{message}"
        );
        assert!(
            !filled,
            "the output was made before the directory was refused"
        );
        assert_eq!(dir.names(), ["games"]);
    }

    #[test]
    fn a_loop_of_links_is_an_error_and_writes_nothing() {
        use std::os::unix::fs::symlink;
        let dir = TempDir::new();
        symlink("b.svg", dir.0.join("a.svg")).unwrap();
        symlink("a.svg", dir.0.join("b.svg")).unwrap();
        let target = dir.0.join("a.svg");
        let failure = write(target.to_str().unwrap(), b"x", &mut io::sink()).unwrap_err();
        let message = failure.lines.join("\n");
        assert!(
            message.contains("too many levels of symbolic links"),
            "{message}"
        );
        assert_eq!(dir.names(), ["a.svg", "b.svg"]);
    }

    #[test]
    fn a_file_planted_under_the_old_temporary_name_is_not_written_through() {
        use std::os::unix::fs::symlink;
        let dir = TempDir::new();
        let victim = dir.0.join("victim");
        std::fs::write(&victim, b"keep me").unwrap();
        // The name the writer used to take, `.NAME.PID.part`, made a link to another file.
        let planted = dir.0.join(format!(".out.{}.part", std::process::id()));
        symlink(&victim, &planted).unwrap();
        let target = dir.0.join("out");
        write(target.to_str().unwrap(), b"new", &mut io::sink()).unwrap();
        assert_eq!(std::fs::read(&victim).unwrap(), b"keep me");
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
    }

    #[test]
    fn a_new_file_is_readable_by_all_as_an_ordinary_file_would_be() {
        use std::os::unix::fs::PermissionsExt;
        let dir = TempDir::new();
        let target = dir.0.join("out.svg");
        write(target.to_str().unwrap(), b"x", &mut io::sink()).unwrap();
        let mode = std::fs::metadata(&target).unwrap().permissions().mode();
        // 0o666 less the umask, as File::create gives (not the 0o600 of a temporary file).
        let status = std::fs::read_to_string("/proc/self/status").unwrap();
        let umask = status
            .lines()
            .find_map(|l| l.strip_prefix("Umask:"))
            .map(|m| u32::from_str_radix(m.trim(), 8).unwrap())
            .unwrap();
        assert_eq!(mode & 0o777, 0o666 & !umask, "{mode:o}");
    }

    #[test]
    fn a_device_is_written_in_place_and_its_errors_reported() {
        use std::os::unix::fs::FileTypeExt;
        let failure = write("/dev/full", b"bytes", &mut io::sink()).unwrap_err();
        assert_eq!(failure.code, 2);
        assert!(
            failure.lines[0].starts_with("/dev/full: "),
            "{:?}",
            failure.lines
        );
        assert!(std::fs::metadata("/dev/full")
            .unwrap()
            .file_type()
            .is_char_device());
        write("/dev/null", b"bytes", &mut io::sink()).unwrap();
    }

    #[test]
    fn stdout_errors_fail_but_a_closed_pipe_does_not() {
        struct Failing(io::ErrorKind);
        impl Write for Failing {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::from(self.0))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let full = write("-", b"x", &mut Failing(io::ErrorKind::StorageFull)).unwrap_err();
        assert_eq!(full.code, 2);
        let closed = write("-", b"x", &mut Failing(io::ErrorKind::BrokenPipe)).unwrap_err();
        assert_eq!((closed.code, closed.lines.len()), (0, 0));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Wherever writing fails, the target is the old file or absent; never a prefix.
        #[test]
        fn whole_or_absent_wherever_writing_fails(which in 0usize..3, fraction in 0.0f64..=1.0, old in any::<bool>()) {
            let (_, bytes) = &outputs()[which];
            let cut = (bytes.len() as f64 * fraction) as usize;
            let dir = TempDir::new();
            check_cut(&dir, bytes, cut, old.then_some(&b"the old file"[..]));
        }
    }
}
