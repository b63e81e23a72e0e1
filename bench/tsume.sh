#!/usr/bin/env bash
# Tsume benchmark: shogiprint's verifier and cshogi's DfPn (PyPI) on the same problems, one
# thread each, 1 GiB of hash. Four parts:
#   1. bench/data/tsume.tsv (1–9 plies): lengths and proof times side by side;
#   2. bench/data/tsume-long.tsv (将棋図巧, 13–81 plies): the same, each problem given
#      TSUME_LONG_TIME seconds (default 60) for the full verification, cshogi 101 plies deep
#      with its default 2^20 nodes;
#   3. batch: full verification (length, line, 余詰) of the 1 000 problems of 1–13 plies of
#      bench/data/tsume-1000.tsv (published ones, then ones made by bench/tsume_gen.py) in one
#      run, each given TSUME_BATCH_TIME seconds (default 30, a safety limit: the slowest
#      needs about 12): total and per-problem time, how many were fully verified, how many
#      agree with the published or cshogi's length.
#   4. classic problems: proofs alone (no length) of the 151 problems of 13–45 plies of 将棋図巧
#      and 将棋無双 in bench/data/tsume-classic.tsv, by examples/tsume_prove.rs and by cshogi
#      49 plies deep, each within TSUME_CLASSIC_NODES nodes (default 1 500 000): how many each
#      proves, how many of 15–41 plies in under 1 s, and the time ratio.
#   TSUME_PARTS=3 runs only the batch (any of 1, 2, 3, 4, e.g. TSUME_PARTS=13).
# A measurement, not a test: exits 0. From the repository root: bash bench/tsume.sh
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
VENV=target/bench-venv
LONG_TIME="${TSUME_LONG_TIME:-60}"
BATCH_TIME="${TSUME_BATCH_TIME:-30}"
CLASSIC_NODES="${TSUME_CLASSIC_NODES:-1500000}"
mkdir -p target
if ! "$VENV/bin/python" -c 'import cshogi' 2>/dev/null; then
    echo "== setting up $VENV with cshogi"
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV"
    "$VENV/bin/python" -m pip install --quiet --upgrade pip
    "$VENV/bin/python" -m pip install --quiet cshogi
fi
# TSUME_NO_BUILD=1 measures the binaries already in target/release (e.g. from
# `cargo build --release --bins --example tsume_prove`).
[ -n "${TSUME_NO_BUILD:-}" ] || cargo build --profile bench --quiet --bins --example tsume_prove
bin="${CARGO_TARGET_DIR:-target}/release/shogiprint"
prove="${CARGO_TARGET_DIR:-target}/release/examples/tsume_prove"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# compare DATA OURS THEIRS: the side-by-side table.
compare() {
    "$VENV/bin/python" - "$1" "$2" "$3" <<'PY'
import json, sys
data = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip() and not l.startswith("#")]
ours = [json.loads(l) for l in open(sys.argv[2])]
theirs = [dict(kv.split("=", 1) for kv in l.rstrip("\n").split("\t")) for l in open(sys.argv[3])]
print("| problem | plies | shogiprint length | proof ms | full ms | cshogi length | cshogi ms | proof ratio |")
print("| --- | --- | --- | --- | --- | --- | --- | --- |")
ok_ours = ok_theirs = 0
sum_proof = sum_full = sum_c = 0.0
for i, (row, o, t) in enumerate(zip(data, ours, theirs)):
    e = int(row[1])
    name = row[2] if len(row) > 2 else str(i + 1)
    ol = o.get("length")
    tl = int(t["length"]) if t["mate"] == "1" else None
    ok_ours += ol == e
    ok_theirs += tl == e
    full = o["ms"] if o["status"] != "unknown" else f"> {o['ms']} ({o['status']}: {o.get('limit')})"
    sum_proof += o["proof_ms"]; sum_full += o["ms"]; sum_c += float(t["ms"])
    ratio = (o["proof_ms"] / float(t["ms"])) if float(t["ms"]) > 0 else float("nan")
    print(f"| {name} | {e} | {ol} | {o['proof_ms']} | {full} | {tl} | {float(t['ms']):.1f} | {ratio:.2f} |")
n = len(data)
print()
print(f"conventional length: shogiprint {ok_ours}/{n}, cshogi {ok_theirs}/{n}")
print(f"total proof ms: shogiprint {sum_proof:.0f}, cshogi {sum_c:.1f}; full verification ms: {sum_full:.0f}")
PY
}

PARTS="${TSUME_PARTS:-1234}"
if [[ "$PARTS" == *1* ]]; then
echo "== 1. short problems (bench/data/tsume.tsv)"
grep -v '^#' bench/data/tsume.tsv | cut -f1 > "$work/short.sfen"
"$bin" tsume --json --jobs 1 --hash 1024 "$work/short.sfen" > "$work/short.jsonl" || true
"$VENV/bin/python" bench/cshogi_dfpn.py bench/data/tsume.tsv > "$work/short-cshogi.txt"
compare bench/data/tsume.tsv "$work/short.jsonl" "$work/short-cshogi.txt"
fi

if [[ "$PARTS" == *2* ]]; then
echo
echo "== 2. long problems (bench/data/tsume-long.tsv, ${LONG_TIME} s each)"
grep -v '^#' bench/data/tsume-long.tsv | cut -f1 > "$work/long.sfen"
"$bin" tsume --json --jobs 1 --hash 1024 --time "$LONG_TIME" "$work/long.sfen" > "$work/long.jsonl" || true
"$VENV/bin/python" bench/cshogi_dfpn.py bench/data/tsume-long.tsv 101 1048576 > "$work/long-cshogi.txt"
compare bench/data/tsume-long.tsv "$work/long.jsonl" "$work/long-cshogi.txt"
fi

if [[ "$PARTS" == *3* ]]; then
echo
echo "== 3. batch: full verification of bench/data/tsume-1000.tsv (1-13 plies), ${BATCH_TIME} s at most each"
grep -v '^#' bench/data/tsume-1000.tsv | cut -f1 > "$work/batch.sfen"
start=$(date +%s.%N)
"$bin" tsume --json --jobs 1 --hash 1024 --time "$BATCH_TIME" "$work/batch.sfen" > "$work/batch.jsonl" || true
end=$(date +%s.%N)
cp "$work/batch.jsonl" target/bench-tsume-batch.jsonl   # kept for a look at single problems
"$VENV/bin/python" bench/tsume_batch.py bench/data/tsume-1000.tsv "$work/batch.jsonl" \
    "$("$VENV/bin/python" -c "print($end - $start)")"
fi

if [[ "$PARTS" == *4* ]]; then
echo
echo "== 4. classic problems, proofs alone (bench/data/tsume-classic.tsv), ${CLASSIC_NODES} nodes at most each"
"$prove" bench/data/tsume-classic.tsv "$CLASSIC_NODES" 1024 > "$work/classic.txt"
"$VENV/bin/python" bench/cshogi_dfpn.py bench/data/tsume-classic.tsv 49 "$CLASSIC_NODES" > "$work/classic-cshogi.txt"
"$VENV/bin/python" bench/tsume_classic.py bench/data/tsume-classic.tsv "$work/classic.txt" "$work/classic-cshogi.txt"
fi
