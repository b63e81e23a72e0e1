#!/usr/bin/env bash
# Tsume benchmark: shogiprint's verifier and cshogi's DfPn (PyPI) on the same problems
# (bench/data/tsume.tsv), one thread each. Prints, per problem, the expected length, the length
# each reports and the times, then totals and ratios. A measurement, not a test: exits 0.
# From the repository root: bash bench/tsume.sh
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
VENV=target/bench-venv
DATA=bench/data/tsume.tsv
mkdir -p target
if ! "$VENV/bin/python" -c 'import cshogi' 2>/dev/null; then
    echo "== setting up $VENV with cshogi"
    rm -rf "$VENV"
    "$PYTHON" -m venv "$VENV"
    "$VENV/bin/python" -m pip install --quiet --upgrade pip
    "$VENV/bin/python" -m pip install --quiet cshogi
fi
cargo build --release --quiet
bin="${CARGO_TARGET_DIR:-target}/release/shogiprint"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
grep -v '^#' "$DATA" | cut -f1 > "$work/problems.sfen"
"$bin" tsume --json --hash 1024 "$work/problems.sfen" > "$work/ours.jsonl" || true
"$VENV/bin/python" bench/cshogi_dfpn.py "$DATA" > "$work/cshogi.txt"
"$VENV/bin/python" - "$DATA" "$work/ours.jsonl" "$work/cshogi.txt" <<'PY'
import json, sys
data = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip() and not l.startswith("#")]
ours = [json.loads(l) for l in open(sys.argv[2])]
theirs = [dict(kv.split("=", 1) for kv in l.rstrip("\n").split("\t")) for l in open(sys.argv[3])]
print("| plies | shogiprint length | proof ms | full ms | cshogi length | cshogi ms | proof ratio |")
print("| --- | --- | --- | --- | --- | --- | --- |")
ok_ours = ok_theirs = 0
sum_proof = sum_full = sum_c = 0.0
for (sfen, expected), o, t in zip(data, ours, theirs):
    e = int(expected)
    ol = o.get("length")
    tl = int(t["length"]) if t["mate"] == "1" else None
    ok_ours += ol == e
    ok_theirs += tl == e
    sum_proof += o["proof_ms"]; sum_full += o["ms"]; sum_c += float(t["ms"])
    ratio = (o["proof_ms"] / float(t["ms"])) if float(t["ms"]) > 0 else float("nan")
    print(f"| {e} | {ol} | {o['proof_ms']} | {o['ms']} | {tl} | {float(t['ms']):.1f} | {ratio:.2f} |")
n = len(data)
print()
print(f"conventional length: shogiprint {ok_ours}/{n}, cshogi {ok_theirs}/{n}")
print(f"total proof ms: shogiprint {sum_proof:.0f}, cshogi {sum_c:.1f}; full verification ms: {sum_full:.0f}")
PY
