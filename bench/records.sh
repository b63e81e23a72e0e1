#!/usr/bin/env bash
# Reading and replaying game records: shogiprint against python-shogi's KIF and CSA readers
# (PyPI) on the same corpus of 1 000 random legal games in each format (fixed seed, written by
# shogiprint's own writers; a piece promotes whenever it may, as python-shogi's KIF reader does
# not read 不成). Prints files per CPU second for each reader and the ratio (CPU time, not wall
# time: on a shared machine wall time mostly measures the other processes).
#
#   bash bench/records.sh [N]      # N games (default 1000)
#
# Sets up a Python virtual environment with python-shogi under target/bench-venv-records the
# first time (PYTHON=python3.12 to choose the interpreter). A measurement, not a test.
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-1000}"
target="${CARGO_TARGET_DIR:-target}"
cargo build --profile bench --quiet --example record_corpus
tool="$target/release/examples/record_corpus"
venv="$target/bench-venv-records"
if [ ! -x "$venv/bin/python" ]; then
  "${PYTHON:-python3}" -m venv "$venv"
  "$venv/bin/pip" install --quiet python-shogi
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$tool" generate "$work" "$n" 20261124

cat > "$work/read.py" <<'PY'
import glob, sys, time
import shogi
from shogi import CSA, KIF
directory, ext = sys.argv[1], sys.argv[2]
paths = sorted(glob.glob(f"{directory}/*.{ext}"))
texts = [open(p, encoding="utf-8").read() for p in paths]
parse = KIF.Parser.parse_str if ext == "kifu" else CSA.Parser.parse_str
start = time.process_time()  # CPU time, as the Rust side measures
moves = 0
for text in texts:
    game = parse(text)[0]
    board = shogi.Board(game["sfen"])
    for m in game["moves"]:
        mv = shogi.Move.from_usi(m)
        if not board.is_legal(mv):  # shogiprint checks every move too
            raise SystemExit(f"illegal move {m}")
        board.push(mv)
    moves += len(game["moves"])
print(len(texts), moves, f"{time.process_time() - start:.6f}")
PY

for ext in kifu csa; do
  read -r files ours_moves ours < <("$tool" read "$work" "$ext")
  read -r _ theirs_moves theirs < <("$venv/bin/python" "$work/read.py" "$work" "$ext")
  awk -v f="$files" -v a="$ours" -v b="$theirs" -v e="$ext" -v m1="$ours_moves" -v m2="$theirs_moves" 'BEGIN {
    printf "%-4s %d files (%d moves; python-shogi read %d): shogiprint %.0f files/CPU-s, python-shogi %.0f files/CPU-s, ratio %.1fx\n",
      e, f, m1, m2, f / a, f / b, b / a
  }'
done
