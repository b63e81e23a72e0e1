//! Booklet benchmark (not a test): a 1000-diagram booklet, six to a page, streamed into a PDF in
//! memory. Prints the time of each run and the file size.
//!
//! `cargo bench --bench booklet`; peak memory for 1 000 and 10 000 diagrams: `bench/booklet.sh`.

use shogiprint::booklet::{self, Book};
use shogiprint::draw::Fonts;
use shogiprint::render::PdfStream;
use shogiprint::rules::Variant;
use std::time::Instant;

/// `n` mate-in-one positions: the head-gold pattern walked along the top rank, each with a
/// caption and an answer, so every page has different boards and text.
fn booklet_yaml(n: usize) -> String {
    let mut yaml = String::from("title: Benchmark\nper_page: 6\nanswers: true\ndiagrams:\n");
    for i in 0..n {
        let file = 1 + i % 9;
        let rank1 = format!(
            "{}k{}",
            if file < 9 {
                (9 - file).to_string()
            } else {
                String::new()
            },
            if file > 1 {
                (file - 1).to_string()
            } else {
                String::new()
            }
        );
        let rank3 = rank1.replace('k', "P");
        yaml.push_str(&format!(
            "  - position: {rank1}/9/{rank3}/9/9/9/9/9/9 b G 1\n    tsume: true\n    caption: 1手詰\n    answer: ▲{file}二金まで\n"
        ));
    }
    yaml
}

fn main() {
    let n = 1000;
    let yaml = booklet_yaml(n);
    let book = Book::from_yaml(&yaml, "bench.yaml", &|_| Err("none".into())).unwrap();
    let variant = Variant::builtin("standard").unwrap();
    let fonts = Fonts::bundled();
    let none =
        |v: &str| -> Result<_, shogiprint::Error> { Err(shogiprint::Error::Io(v.to_string())) };
    let mut best = f64::INFINITY;
    let mut size = 0;
    let mut pages = 0;
    for run in 0..5 {
        let started = Instant::now();
        let plan = booklet::prepare(&book, &variant, &none, &fonts).unwrap();
        let mut pdf = PdfStream::new(Vec::new(), &fonts, "bench").unwrap();
        pages = booklet::render(
            &book,
            &plan,
            &variant,
            &none,
            &fonts,
            &mut |p| pdf.add_page(p),
            &mut |_, _| {},
        )
        .unwrap();
        let bytes = pdf.finish().unwrap();
        let secs = started.elapsed().as_secs_f64();
        size = bytes.len();
        best = best.min(secs);
        println!("run {run}: {n} diagrams, {pages} pages, {:.3} s", secs);
    }
    println!(
        "booklet: {n} diagrams on {pages} pages in {best:.3} s (best of 5), {:.2} ms per diagram, {size} bytes ({:.1} KB per page)",
        best * 1000.0 / n as f64,
        size as f64 / 1024.0 / pages as f64
    );
}
