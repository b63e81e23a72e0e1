#!/usr/bin/env bash
# Fuzz campaign: runs every fuzz target (or only the TARGETs named) in turn for SECONDS each
# (default 60), one libFuzzer process per target, growing the corpus kept in
# fuzz/corpus/<target>; prints executions and findings (crash, timeout, out-of-memory files
# written to fuzz/artifacts/<target>) per target.
#
#   fuzz/run.sh [SECONDS [TARGET...]]
#
# Needs a nightly toolchain and cargo-fuzz (see fuzz/README.md). Logs go to
# fuzz/artifacts/<target>/last-run.log. Exits 1 if any target found anything.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true
# No sanitizer: the crate's one `unsafe` block is a cache prefetch hint that reads no memory
# (src/tsume/table.rs), and without ASan each target runs about twice as fast. Debug assertions
# stay on, so an arithmetic overflow is a finding, not a silent wrap.
flags=(--sanitizer none --debug-assertions)

cargo +nightly fuzz build "${flags[@]}"

if [ $# -gt 0 ]; then
    targets="$*"
else
    targets=$(cargo +nightly fuzz list)
fi
summary=()
total_findings=0
for target in $targets; do
    corpus=fuzz/corpus/$target
    artifacts=fuzz/artifacts/$target
    mkdir -p "$corpus" "$artifacts"
    log=$artifacts/last-run.log
    before=$(find "$artifacts" -type f ! -name last-run.log | wc -l)
    # A target with committed seeds (fuzz/seeds/<target>: the record formats) starts from them
    # too; libFuzzer writes what it finds only to the first directory, the corpus.
    seeds=()
    [ -d "fuzz/seeds/$target" ] && seeds=("fuzz/seeds/$target")
    echo "== $target: ${seconds}s, corpus $corpus ${seeds[*]}"
    # A crash ends the run early with a non-zero status: that is a finding, not a script error.
    cargo +nightly fuzz run "${flags[@]}" "$target" "$corpus" "${seeds[@]}" -- \
        -max_total_time="$seconds" -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$artifacts/" >"$log" 2>&1 || true
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || true)
    after=$(find "$artifacts" -type f ! -name last-run.log | wc -l)
    findings=$((after - before))
    total_findings=$((total_findings + findings))
    summary+=("$(printf '%-14s %12s executions %3d findings' "$target" "${runs:-?}" "$findings")")
    echo "${summary[-1]}"
done

echo
echo "== summary (${seconds}s per target)"
printf '%s\n' "${summary[@]}"
[ "$total_findings" -eq 0 ]
