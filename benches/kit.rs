//! Print-kit speed and size: the default kit (standard set on A4, fold layout, board in tiles)
//! built and written as PDF, the way `shogiprint kit` does with no options. Targets: under
//! 300 ms and under 1 MB. Also the largest everyday kit (sho with the prince, duplex, with
//! coordinates, zone tint and piece stands) for comparison.
//!
//! Run: `cargo bench --bench kit`. Prints the median and best of repeated runs, the PDF's size
//! and page count, and `bench: key=value` lines for scripts.

use std::hint::black_box;
use std::time::{Duration, Instant};

use shogiprint::draw::Fonts;
use shogiprint::kit::{self, KitOptions, Layout};
use shogiprint::render::to_pdf;
use shogiprint::rules::Variant;

const RUNS: usize = 21;

fn measure(name: &str, variant: &str, options: &KitOptions) -> (Duration, usize) {
    let v = Variant::builtin(variant).expect("built-in variant");
    let mut times = Vec::with_capacity(RUNS);
    let mut size = 0;
    let mut pages = 0;
    for _ in 0..RUNS {
        let t = Instant::now();
        // As the command line does it: fonts, layout, PDF.
        let fonts = Fonts::bundled();
        let built = kit::build(&v, options, &fonts).expect("the kit builds");
        let bytes = to_pdf(&built.pages, &fonts, "kit");
        times.push(t.elapsed());
        size = bytes.len();
        pages = built.pages.len();
        black_box(bytes);
    }
    times.sort();
    let median = times[RUNS / 2];
    println!(
        "{name:<34} median {:>7.1} ms   best {:>7.1} ms   {:>7.0} KB   {pages} pages",
        median.as_secs_f64() * 1e3,
        times[0].as_secs_f64() * 1e3,
        size as f64 / 1024.0
    );
    (median, size)
}

fn main() {
    println!("shogiprint kit benchmark ({RUNS} runs each, one thread)");
    let (t, size) = measure(
        "default kit (standard, A4, fold)",
        "standard",
        &KitOptions::default(),
    );
    let big = KitOptions {
        extras: vec!["prince".into()],
        layout: Layout::Duplex,
        coordinates: true,
        zone_tint: true,
        komadai: true,
        ..KitOptions::default()
    };
    measure("sho + prince, duplex, stands", "sho", &big);
    let ms = t.as_secs_f64() * 1e3;
    println!("bench: default_kit_ms={ms:.1}");
    println!("bench: default_kit_bytes={size}");
    println!(
        "target: under 300 ms: {}; under 1 MB: {}",
        if ms < 300.0 { "met" } else { "NOT met" },
        if size < 1_000_000 { "met" } else { "NOT met" }
    );
}
