#!/usr/bin/env bash
# Do the records shogiprint writes read back in other programs? Every record of
# tests/data/records/ that shogiprint reads (KIF, KIF under .kifu, KI2, CSA, BOD; and the tsume KIF) is converted to KIF, KIF under
# .kifu, KI2 and CSA, then read with cshogi's and python-shogi's readers (PyPI) and compared with
# what shogiprint read: start position, moves, players' names, winner. Prints one row per
# record, format and reader: OK or the disagreement.
#
#   bash bench/record_interop.sh
#
# Sets up a Python virtual environment with cshogi and python-shogi under
# target/bench-venv-interop the first time (PYTHON=python3.12 to choose the interpreter).
# A cross-check, not a test: exits 0 whatever it finds.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
venv=target/bench-venv-interop
mkdir -p target
if ! "$venv/bin/python" -c 'import cshogi, shogi' 2>/dev/null; then
    echo "== setting up $venv with cshogi and python-shogi"
    rm -rf "$venv"
    "${PYTHON:-python3}" -m venv "$venv"
    "$venv/bin/pip" install --quiet cshogi python-shogi
fi
cargo build --release --quiet --bin shogiprint
bin="$target/release/shogiprint"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$venv/bin/python" -c 'import importlib.metadata as m; print("cshogi", m.version("cshogi"), "python-shogi", m.version("python-shogi"))'
for rec in tests/data/records/*.kif tests/data/records/*.kifu tests/data/records/*.ki2 \
           tests/data/records/*.csa tests/data/records/*.bod tests/data/tsume/lets-play-shogi-a.kif; do
    base="$(basename "$rec")"
    name="${base%.*}-${base##*.}"   # habu-fujii-2006-kif: the .kif and .sjis.kif stay apart
    if ! "$bin" convert "$rec" -o "$work/$name.usi" 2>"$work/err"; then
        echo "$base: not read by shogiprint ($(head -c 100 "$work/err")), skipped"
        continue
    fi
    "$bin" game --json "$rec" >"$work/$name.json"
    for fmt in kif kifu ki2 csa; do
        "$bin" convert "$rec" -o "$work/$name.$fmt"
    done
done
"$venv/bin/python" bench/record_interop.py "$work"
