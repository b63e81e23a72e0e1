#!/usr/bin/env bash
# Peak memory of `shogiprint booklet` for 1 000 and 10 000 diagrams (targets: under 200 MB and
# 1.5 GB; the document is built in memory so its fonts can be subset). From the repository root:
# bash bench/booklet.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --profile bench --quiet
bin="${CARGO_TARGET_DIR:-target}/release/shogiprint"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Mate-in-one positions, the gold-on-the-head pattern walked along the top rank.
make_sfens() {
  for ((i = 0; i < $1; i++)); do
    f=$((i % 9 + 1)); l=$((9 - f)); r=$((f - 1))
    a=""; [ $l -gt 0 ] && a=$l; b=""; [ $r -gt 0 ] && b=$r
    echo "${a}k${b}/9/${a}P${b}/9/9/9/9/9/9 b G 1"
  done
}
for n in 1000 10000; do
  make_sfens $n > "$work/p$n.sfen"
  /usr/bin/time -v "$bin" booklet "$work/p$n.sfen" --tsume -o "$work/p$n.pdf" 2> "$work/time$n.txt"
  rss=$(grep "Maximum resident set size" "$work/time$n.txt" | awk '{print $NF}')
  secs=$(grep "Elapsed (wall clock)" "$work/time$n.txt" | awk '{print $NF}')
  size=$(stat -c %s "$work/p$n.pdf")
  pages=$(pdfinfo "$work/p$n.pdf" 2>/dev/null | awk '/^Pages:/ {print $2}' || true)
  echo "$n diagrams: ${pages:-?} pages, $size bytes, peak RSS ${rss} KB, wall ${secs}"
done
