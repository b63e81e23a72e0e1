//! How much memory reading a large booklet file takes, alone in its test binary because it
//! reads the process's peak (VmHWM on Linux). A 16 MiB booklet of short arrows once peaked
//! at 400 MB while its own fields were read: every item was loaded as YAML events at once,
//! only to be counted.

use shogiprint::booklet::Book;

/// The process's peak resident memory in bytes.
#[cfg(target_os = "linux")]
fn peak_bytes() -> usize {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let kib: usize = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc/self/status");
    kib * 1024
}

#[cfg(target_os = "linux")]
#[test]
fn a_16_mib_booklet_is_read_in_a_few_times_its_size() {
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    let arrows = vec!["7g7f"; 580].join(", ");
    let item = format!("  - position: {start}\n    arrows: [{arrows}]\n");
    let limit = shogiprint::formats::limits::MAX_INPUT_BYTES - 100;
    let mut text = String::from("title: big\ndiagrams:\n");
    while text.len() + item.len() <= limit {
        text.push_str(&item);
    }
    text.push_str("footer: the end\n");
    let before = peak_bytes();
    let book = Book::from_yaml(&text, "big.yaml", &|_| Err("none".into())).unwrap();
    let grown = peak_bytes().saturating_sub(before);
    println!(
        "{} entries, {} MB of text: the peak grew by {} MB",
        book.entries.len(),
        text.len() >> 20,
        grown >> 20
    );
    assert_eq!(book.options.footer.as_deref(), Some("the end"));
    // The text once more as the items' own texts, and room to spare; not the 25 times its
    // size that loading it as YAML events took.
    assert!(grown < 4 * text.len(), "grew by {} MB", grown >> 20);
}
