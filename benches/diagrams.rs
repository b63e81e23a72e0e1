//! Diagram speed: 1000 positions → SVG, → PNG 600 px wide, → one 1000-page PDF, in one process.
//! `bench/diagrams.sh` runs this and then cshogi's `Board.to_svg()` on the same positions
//! (`bench/cshogi_svg.py`) and prints the comparison against the targets; see `bench/README.md`.
//!
//! Run: `cargo bench --bench diagrams` (add `-- --quick` for fewer repetitions). The positions
//! are random legal playouts from the start position with a fixed seed, so every run draws the
//! same 1000 positions; their SFENs are written, one a line, to `$BENCH_DIAGRAMS_SFEN` or
//! `--sfen PATH` (default `target/bench-diagrams.sfen`). The PDF and one sample SVG and PNG are
//! written beside it for looking at.
//!
//! Besides the tables for people, the figures are printed as `bench: key=value` lines for the
//! script to read.

use std::collections::HashSet;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use shogiprint::diagram::{draw, Diagram};
use shogiprint::draw::{Drawing, Fonts};
use shogiprint::formats::sfen;
use shogiprint::render::{pdf::to_pdf, to_png, to_svg};
use shogiprint::rules::{Move, Position, Setup, Variant};

const POSITIONS: usize = 1000;
const PNG_WIDTH: u32 = 600;
const SEED: u64 = 0x5348_4f47_4950_5254; // "SHOGIPRT"

/// splitmix64: a tiny, well-mixed generator, enough for picking moves.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// SFEN without the move number: two positions that differ only in it draw the same.
fn key(sfen: &str) -> String {
    sfen.rsplit_once(' ').map_or(sfen, |(k, _)| k).to_string()
}

/// `count` distinct positions, each a random legal playout of 20 to 120 plies from the start
/// (stopping early where there is no legal move). Half the time a capture is played when one is
/// available, so that most positions have pieces in hand, as real game positions do.
fn positions(variant: &Arc<Variant>, count: usize) -> Vec<String> {
    let start = Position::start(variant).expect("the start position is valid");
    let mut rng = Rng(SEED);
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut pos = start.clone();
        let plies = 20 + rng.below(101);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let captures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| matches!(m, Move::Normal { to, .. } if pos.piece_at(*to).is_some()))
                .collect();
            let mv = if !captures.is_empty() && rng.below(2) == 0 {
                captures[rng.below(captures.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            pos.play(mv).expect("a generated move is legal");
        }
        let text = pos.to_sfen();
        if seen.insert(key(&text)) {
            out.push(text);
        }
    }
    out
}

/// Runs `f` once to warm up, then `runs` times; the best and median times.
fn time<T, F: FnMut() -> T>(runs: usize, mut f: F) -> (Duration, Duration) {
    black_box(f());
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let start = Instant::now();
        black_box(f());
        times.push(start.elapsed());
    }
    times.sort();
    (times[0], times[runs / 2])
}

/// One row of the table and its `bench:` lines, for a step over all positions.
fn report(name: &str, key: &str, (best, median): (Duration, Duration)) -> f64 {
    let n = POSITIONS;
    let us = best.as_secs_f64() * 1e6 / n as f64;
    let us_med = median.as_secs_f64() * 1e6 / n as f64;
    println!(
        "{name:<44} {:>10.1} {:>10.1} {:>11.2} {:>11.0}",
        best.as_secs_f64() * 1000.0,
        median.as_secs_f64() * 1000.0,
        us,
        n as f64 / best.as_secs_f64()
    );
    println!("bench: {key}_us_per_item={us:.3}");
    println!("bench: {key}_us_per_item_median={us_med:.3}");
    println!(
        "bench: {key}_per_second={:.1}",
        n as f64 / best.as_secs_f64()
    );
    us
}

/// The width a PNG declares in its IHDR chunk.
fn png_width(png: &[u8]) -> Option<u32> {
    let sig = b"\x89PNG\r\n\x1a\n";
    if png.len() < 24 || &png[..8] != sig || &png[12..16] != b"IHDR" {
        return None;
    }
    Some(u32::from_be_bytes(png[16..20].try_into().ok()?))
}

struct Args {
    quick: bool,
    sfen_path: PathBuf,
    /// `--only svg|png|pdf`: time that step alone, e.g. under a profiler.
    only: Option<String>,
}

impl Args {
    fn runs(&self, step: &str) -> bool {
        self.only.as_deref().is_none_or(|o| o == step)
    }
}

fn args() -> Args {
    let mut quick = false;
    let mut only = None;
    let mut sfen_path = std::env::var_os("BENCH_DIAGRAMS_SFEN").map(PathBuf::from);
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--quick" => quick = true,
            "--sfen" => sfen_path = it.next().map(PathBuf::from),
            "--only" => only = it.next(),
            // `cargo bench` passes --bench; a filter or other libtest options mean nothing here.
            _ => {}
        }
    }
    let sfen_path = sfen_path.unwrap_or_else(|| {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-diagrams.sfen")
    });
    Args {
        quick,
        sfen_path,
        only,
    }
}

fn main() {
    let args = args();
    let runs = if args.quick { 3 } else { 7 };
    let slow_runs = if args.quick { 1 } else { 3 };
    let standard = Variant::builtin("standard").expect("built-in variant");
    let fonts = Fonts::bundled();

    // The positions, and the file the cshogi side reads.
    let start = Instant::now();
    let texts = positions(&standard, POSITIONS);
    let made = start.elapsed();
    if let Some(dir) = args.sfen_path.parent() {
        std::fs::create_dir_all(dir).expect("can make the SFEN file's folder");
    }
    std::fs::write(&args.sfen_path, texts.join("\n") + "\n").expect("can write the SFEN file");
    let setups: Vec<Setup> = texts
        .iter()
        .map(|t| sfen::parse(t, &standard.catalog).expect("own SFEN parses"))
        .collect();
    let diagrams: Vec<Diagram> = setups
        .iter()
        .map(|s| Diagram::new(standard.clone(), s.clone()))
        .collect();
    for (d, t) in diagrams.iter().zip(&texts) {
        d.check().unwrap_or_else(|e| panic!("{t}: {e:?}"));
    }
    let in_hand = setups
        .iter()
        .filter(|s| s.hands.iter().any(|h| !h.is_empty()))
        .count();
    let pieces: usize = setups.iter().map(|s| s.pieces().count()).sum();
    println!(
        "{POSITIONS} positions (random legal playouts, 20-120 plies, seed {SEED:#x}) made in {:.0} ms: \
         {in_hand} with pieces in hand, {:.1} pieces on the board on average",
        made.as_secs_f64() * 1000.0,
        pieces as f64 / POSITIONS as f64
    );
    println!("SFENs written to {}", args.sfen_path.display());
    println!("bench: sfen_file={}", args.sfen_path.display());
    println!("bench: positions={POSITIONS}");
    println!();

    // The outputs are checked once, outside the timings.
    let drawings: Vec<Drawing> = diagrams
        .iter()
        .map(|d| draw(d, &fonts).expect("the bundled fonts have every glyph"))
        .collect();
    let svgs: Vec<String> = drawings.iter().map(|d| to_svg(d, &fonts)).collect();
    assert!(svgs
        .iter()
        .all(|s| s.starts_with("<svg") && s.contains("<use")));
    let svg_bytes: usize = svgs.iter().map(String::len).sum();
    // Every PNG is checked when PNG is timed; the last one alone otherwise (--only).
    let checked = if args.runs("png") {
        &drawings[..]
    } else {
        &drawings[POSITIONS - 1..]
    };
    let pngs: Vec<Vec<u8>> = checked
        .iter()
        .map(|d| to_png(d, &fonts, PNG_WIDTH).expect("PNG renders"))
        .collect();
    for png in &pngs {
        assert_eq!(
            png_width(png),
            Some(PNG_WIDTH),
            "a PNG is not {PNG_WIDTH} px wide"
        );
    }
    let png_bytes = pngs.iter().map(Vec::len).sum::<usize>() as f64 / pngs.len() as f64;
    let sample = args.sfen_path.with_extension("sample.svg");
    std::fs::write(&sample, &svgs[POSITIONS - 1]).expect("can write the sample SVG");
    std::fs::write(sample.with_extension("png"), pngs.last().unwrap())
        .expect("can write the sample PNG");
    drop(pngs);

    println!(
        "{runs} runs after a warm-up (PNG and PDF: {slow_runs}); all times for {POSITIONS} items"
    );
    println!(
        "{:<44} {:>10} {:>10} {:>11} {:>11}",
        "step", "best ms", "median ms", "µs/item", "items/s"
    );

    // SVG: the full path from SFEN text, and its parts.
    if args.runs("svg") {
        let full = time(runs, || {
            let mut bytes = 0;
            for t in &texts {
                let setup = sfen::parse(t, &standard.catalog).unwrap();
                let d = Diagram::new(standard.clone(), setup);
                d.check().unwrap();
                bytes += to_svg(&draw(&d, &fonts).unwrap(), &fonts).len();
            }
            bytes
        });
        report("SVG: SFEN → parse, check, draw, to_svg", "svg_full", full);
        let from_setup = time(runs, || {
            let mut bytes = 0;
            for s in &setups {
                let d = Diagram::new(standard.clone(), s.clone());
                bytes += to_svg(&draw(&d, &fonts).unwrap(), &fonts).len();
            }
            bytes
        });
        report(
            "SVG: setup → Diagram::new, draw, to_svg",
            "svg_from_setup",
            from_setup,
        );
        let parse = time(runs, || {
            texts
                .iter()
                .map(|t| sfen::parse(t, &standard.catalog).unwrap().pieces().count())
                .sum::<usize>()
        });
        report("  part: sfen::parse", "part_parse", parse);
        let check = time(runs, || {
            diagrams.iter().filter(|d| d.check().is_ok()).count()
        });
        report("  part: Diagram::check", "part_check", check);
        let draw_only = time(runs, || {
            diagrams
                .iter()
                .map(|d| draw(d, &fonts).unwrap().items.len())
                .sum::<usize>()
        });
        report("  part: draw", "part_draw", draw_only);
        let svg_only = time(runs, || {
            drawings
                .iter()
                .map(|d| to_svg(d, &fonts).len())
                .sum::<usize>()
        });
        report("  part: to_svg", "part_to_svg", svg_only);
    }

    // PNG: the full path from the diagram, and the rasterising alone.
    if args.runs("png") {
        let png_full = time(slow_runs, || {
            let mut bytes = 0;
            for d in &diagrams {
                bytes += to_png(&draw(d, &fonts).unwrap(), &fonts, PNG_WIDTH)
                    .unwrap()
                    .len();
            }
            bytes
        });
        report("PNG 600 px: diagram → draw, to_png", "png_full", png_full);
        // The same on every core (informative: the targets are judged on one thread).
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let png_threads = time(slow_runs, || {
            let chunk = POSITIONS.div_ceil(threads);
            std::thread::scope(|s| {
                let handles: Vec<_> = diagrams
                    .chunks(chunk)
                    .map(|part| {
                        let fonts = &fonts;
                        s.spawn(move || {
                            part.iter()
                                .map(|d| {
                                    to_png(&draw(d, fonts).unwrap(), fonts, PNG_WIDTH)
                                        .unwrap()
                                        .len()
                                })
                                .sum::<usize>()
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap())
                    .sum::<usize>()
            })
        });
        println!("bench: png_threads={threads}");
        report(
            &format!("PNG 600 px, same on {threads} threads"),
            "png_threads",
            png_threads,
        );
        let png_only = time(slow_runs, || {
            drawings
                .iter()
                .map(|d| to_png(d, &fonts, PNG_WIDTH).unwrap().len())
                .sum::<usize>()
        });
        report(
            "  part: to_png (SVG, usvg, raster, encode)",
            "part_to_png",
            png_only,
        );
        // to_png's own steps, through resvg as src/render/png.rs calls it.
        let opts = resvg::usvg::Options::default();
        let parse = time(slow_runs, || {
            svgs.iter()
                .map(|s| {
                    resvg::usvg::Tree::from_str(s, &opts)
                        .unwrap()
                        .size()
                        .width()
                })
                .sum::<f32>()
        });
        report("    usvg::Tree::from_str", "part_png_usvg", parse);
        let trees: Vec<resvg::usvg::Tree> = svgs
            .iter()
            .map(|s| resvg::usvg::Tree::from_str(s, &opts).unwrap())
            .collect();
        let render = |tree: &resvg::usvg::Tree| {
            let scale = PNG_WIDTH as f32 / tree.size().width();
            let height = (tree.size().height() * scale).round().max(1.0) as u32;
            let mut pixmap = resvg::tiny_skia::Pixmap::new(PNG_WIDTH, height).unwrap();
            pixmap.fill(resvg::tiny_skia::Color::WHITE);
            let transform = resvg::tiny_skia::Transform::from_scale(scale, scale);
            resvg::render(tree, transform, &mut pixmap.as_mut());
            pixmap
        };
        let raster = time(slow_runs, || {
            trees
                .iter()
                .map(|t| render(t).data()[0] as usize)
                .sum::<usize>()
        });
        report(
            "    resvg::render (new pixmap, fill, raster)",
            "part_png_raster",
            raster,
        );
        // Each pixmap is rendered untimed just before its encoding is timed.
        let mut encode = Vec::with_capacity(slow_runs + 1);
        for _ in 0..=slow_runs {
            let mut total = Duration::ZERO;
            for tree in &trees {
                let pixmap = render(tree);
                let start = Instant::now();
                black_box(pixmap.encode_png().unwrap());
                total += start.elapsed();
            }
            encode.push(total);
        }
        encode.remove(0); // the warm-up
        encode.sort();
        let encode = (encode[0], encode[encode.len() / 2]);
        report(
            "    for comparison: tiny-skia's encode_png",
            "tiny_skia_encode",
            encode,
        );
        // What is left of to_png is its PNG encoding (whichever encoder it uses), plus noise.
        let svg_part = time(slow_runs, || {
            drawings
                .iter()
                .map(|d| to_svg(d, &fonts).len())
                .sum::<usize>()
        });
        let rest = png_only.0.saturating_sub(svg_part.0 + parse.0 + raster.0);
        report(
            "    rest of to_png: encoding (by difference)",
            "part_png_encode",
            (rest, rest),
        );
    }

    // PDF: one document of 1000 pages, from the diagrams and from the drawings.
    let mut pdf_line = None;
    if args.runs("pdf") {
        let mut pdf = Vec::new();
        let pdf_full = time(slow_runs, || {
            let pages: Vec<Drawing> = diagrams.iter().map(|d| draw(d, &fonts).unwrap()).collect();
            pdf = to_pdf(&pages, &fonts, "1000 diagrams");
            pdf.len()
        });
        report(
            "PDF, 1000 pages: diagram → draw, to_pdf",
            "pdf_full",
            pdf_full,
        );
        let pdf_only = time(slow_runs, || {
            to_pdf(&drawings, &fonts, "1000 diagrams").len()
        });
        report("  part: to_pdf", "part_to_pdf", pdf_only);
        assert!(pdf.starts_with(b"%PDF-"), "the PDF has no %PDF header");
        assert!(
            pdf[pdf.len().saturating_sub(32)..]
                .windows(5)
                .any(|w| w == b"%%EOF"),
            "the PDF has no %%EOF trailer"
        );
        let pages = lopdf::Document::load_mem(&pdf)
            .expect("lopdf reads the PDF")
            .get_pages()
            .len();
        assert_eq!(pages, POSITIONS, "the PDF has {pages} pages");
        let pdf_path = args.sfen_path.with_extension("pdf");
        std::fs::write(&pdf_path, &pdf).expect("can write the PDF");
        println!("bench: pdf_bytes={}", pdf.len());
        println!("bench: pdf_seconds={:.3}", pdf_full.0.as_secs_f64());
        println!("bench: pdf_only_seconds={:.3}", pdf_only.0.as_secs_f64());
        pdf_line = Some(format!(
            "PDF: {} bytes ({:.2} MB), {pages} pages, {:.2} s (best, drawing included), written to {}",
            pdf.len(),
            pdf.len() as f64 / 1e6,
            pdf_full.0.as_secs_f64(),
            pdf_path.display()
        ));
    }

    println!();
    println!(
        "SVG: {:.1} KB per diagram on average; PNG {PNG_WIDTH} px: {:.1} KB per diagram{}",
        svg_bytes as f64 / POSITIONS as f64 / 1000.0,
        png_bytes / 1000.0,
        if args.runs("png") {
            ""
        } else {
            " (the sample alone)"
        }
    );
    if let Some(line) = pdf_line {
        println!("{line}");
    }
    println!("Samples: {} and .png", sample.display());
    println!(
        "bench: svg_bytes_per_item={:.0}",
        svg_bytes as f64 / POSITIONS as f64
    );
    println!("bench: png_bytes_per_item={png_bytes:.0}");
}
