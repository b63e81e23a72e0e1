#!/usr/bin/env bash
# The diagram benchmark in one command: shogiprint's SVG, PNG and PDF figures and cshogi's
# Board.to_svg() on the same 1000 positions, then a summary against the targets.
#
#   bash bench/diagrams.sh            # full run (several minutes the first time: release build)
#   bash bench/diagrams.sh --quick    # fewer repetitions
#
# Sets up a Python virtual environment with cshogi under target/bench-venv the first time
# (PYTHON=python3.12 to choose the interpreter). Exits 0 whether the targets pass or not; it is a
# measurement, not a test. See bench/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

QUICK=()
PY_RUNS=3
if [[ "${1:-}" == "--quick" ]]; then
    QUICK=(--quick)
    PY_RUNS=1
fi

PYTHON="${PYTHON:-python3}"
VENV=target/bench-venv
SFEN="${BENCH_DIAGRAMS_SFEN:-$PWD/target/bench-diagrams.sfen}"
export BENCH_DIAGRAMS_SFEN="$SFEN"
LOG=target/bench-diagrams.log
mkdir -p target

if ! "$VENV/bin/python" -c 'import cshogi' 2>/dev/null; then
    echo "== setting up $VENV with cshogi"
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV"
    "$VENV/bin/python" -m pip install --quiet --upgrade pip
    "$VENV/bin/python" -m pip install --quiet cshogi
fi

echo "== shogiprint: cargo bench --bench diagrams"
cargo bench --bench diagrams -- "${QUICK[@]}" | tee "$LOG"
echo
echo "== cshogi: bench/cshogi_svg.py"
"$VENV/bin/python" bench/cshogi_svg.py "$SFEN" --runs "$PY_RUNS" | tee -a "$LOG"
echo

# The figures, from the key=value lines both sides print.
get() {
    local v
    v=$(grep -E "^(bench|cshogi): $1=" "$LOG" | tail -1 | cut -d= -f2-)
    if [[ -z "$v" ]]; then
        echo "missing figure $1 in $LOG" >&2
        exit 1
    fi
    echo "$v"
}
ours_full=$(get svg_full_us_per_item)
ours_setup=$(get svg_from_setup_us_per_item)
ours_draw_svg=$(awk -v a="$(get part_draw_us_per_item)" -v b="$(get part_to_svg_us_per_item)" 'BEGIN { printf "%.3f", a + b }')
theirs_full=$(get cshogi_svg_full_us_per_item)
theirs_svg=$(get cshogi_svg_svg_us_per_item)
png_per_s=$(get png_full_per_second)
png_threads_per_s=$(get png_threads_per_second)
png_threads=$(get png_threads)
pdf_s=$(get pdf_seconds)
pdf_bytes=$(get pdf_bytes)
n_ours=$(get positions)
n_theirs=$(grep -E '^cshogi: positions=' "$LOG" | tail -1 | cut -d= -f2)
if [[ "$n_ours" != "$n_theirs" ]]; then
    echo "the two sides read different numbers of positions ($n_ours, $n_theirs)" >&2
    exit 1
fi

awk -v of="$ours_full" -v os="$ours_setup" -v ods="$ours_draw_svg" -v tf="$theirs_full" -v ts="$theirs_svg" \
    -v png="$png_per_s" -v pngt="$png_threads_per_s" -v threads="$png_threads" -v pdfs="$pdf_s" -v pdfb="$pdf_bytes" -v n="$n_ours" '
function verdict(ok) { return ok ? "PASS" : "FAIL" }
BEGIN {
    r1 = tf / of; r2 = ts / ods; mb = pdfb / 1e6
    printf "Summary (%d positions; best-of-N times on this machine)\n", n
    printf "%-58s %14s %14s  %s\n", "measure", "figure", "target", "verdict"
    printf "%-58s %11.2f µs %14s\n", "SVG shogiprint, SFEN → parse, check, draw, to_svg", of, ""
    printf "%-58s %11.2f µs %14s\n", "SVG cshogi, SFEN → set_sfen, to_svg", tf, ""
    printf "%-58s %13.2fx %14s  %s\n", "SVG ratio, from SFEN text (cshogi time / ours)", r1, ">= 20x", verdict(r1 >= 20)
    printf "%-58s %11.2f µs %14s\n", "SVG shogiprint, draw + to_svg only (parts summed)", ods, ""
    printf "%-58s %11.2f µs %14s\n", "SVG cshogi, to_svg only (board set up beforehand)", ts, ""
    printf "%-58s %13.2fx %14s  %s\n", "SVG ratio, rendering only (cshogi time / ours)", r2, ">= 20x", verdict(r2 >= 20)
    printf "%-58s %11.2f µs %14s\n", "SVG shogiprint, setup → Diagram::new, draw, to_svg", os, ""
    printf "%-58s %12.1f/s %14s  %s\n", "PNG 600 px wide, diagram → draw, to_png", png, ">= 300/s", verdict(png >= 300)
    printf "%-58s %12.1f/s %14s\n", "PNG as above on " threads " threads (for information)", pngt, ""
    printf "%-58s %12.2f s %14s  %s\n", "PDF of all pages, diagram → draw, to_pdf: time", pdfs, "< 5 s", verdict(pdfs < 5)
    printf "%-58s %11.2f MB %14s  %s\n", "PDF of all pages: size", mb, "< 5 MB", verdict(mb < 5)
}' | tee target/bench-diagrams-summary.txt
