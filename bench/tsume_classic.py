"""Summary of part 4 of bench/tsume.sh: proofs alone (df-pn, no length) of the classic problems
of bench/data/tsume-classic.tsv, shogiprint's (examples/tsume_prove.rs) beside cshogi's DfPn
(bench/cshogi_dfpn.py), both within the same node budget.

Usage: tsume_classic.py DATA.tsv OURS.txt THEIRS.txt"""

import statistics
import sys


def fields(line):
    return dict(kv.split("=", 1) for kv in line.split())


def main(data_path, ours_path, theirs_path):
    data = [
        l.rstrip("\n").split("\t")
        for l in open(data_path, encoding="utf-8")
        if l.strip() and not l.startswith("#")
    ]
    ours = [fields(l) for l in open(ours_path, encoding="utf-8")]
    theirs = [dict(kv.split("=", 1) for kv in l.rstrip("\n").split("\t")) for l in open(theirs_path)]
    assert len(ours) == len(data) == len(theirs), (len(data), len(ours), len(theirs))
    rows = []
    for d, o, t in zip(data, ours, theirs):
        rows.append(
            {
                "name": d[2],
                "plies": int(d[1]),
                "ours": o["status"] == "mate",
                "ours_ms": float(o["ms"]),
                "nodes": int(o["nodes"]),
                "theirs": t["mate"] == "1",
                "theirs_ms": float(t["ms"]),
            }
        )
    n = len(rows)
    print(
        f"proven: shogiprint {sum(r['ours'] for r in rows)}/{n}, "
        f"cshogi {sum(r['theirs'] for r in rows)}/{n}"
    )
    mid = [r for r in rows if 15 <= r["plies"] <= 41]
    fast = lambda ok, ms: ok and ms < 1000
    print(
        f"15-41 plies, proven in under 1 s: shogiprint "
        f"{sum(fast(r['ours'], r['ours_ms']) for r in mid)}/{len(mid)}, cshogi "
        f"{sum(fast(r['theirs'], r['theirs_ms']) for r in mid)}/{len(mid)}"
    )
    both = [r for r in rows if r["ours"] and r["theirs"]]
    if both:
        ratios = [r["ours_ms"] / max(r["theirs_ms"], 0.001) for r in both]
        print(
            f"proven by both ({len(both)}): shogiprint faster on "
            f"{sum(x < 1 for x in ratios)}; time ratio shogiprint/cshogi median "
            f"{statistics.median(ratios):.2f}; total ms shogiprint "
            f"{sum(r['ours_ms'] for r in both):.0f}, cshogi {sum(r['theirs_ms'] for r in both):.0f}"
        )
    # The target: proofs at least as fast as cshogi's on every problem up to 31 plies.
    short = [r for r in both if r["plies"] <= 31]
    slower = [r for r in short if r["ours_ms"] > r["theirs_ms"]]
    print(
        f"up to 31 plies, proven by both ({len(short)}): shogiprint slower on {len(slower)}"
        + (":" if slower else "")
    )
    for r in sorted(slower, key=lambda r: -r["ours_ms"] / max(r["theirs_ms"], 0.001)):
        print(
            f"  {r['name']} ({r['plies']} plies): {r['ours_ms']:.1f} ms against "
            f"{r['theirs_ms']:.1f} ({r['ours_ms'] / max(r['theirs_ms'], 0.001):.1f}x)"
        )
    print()
    print("The slowest 15 for shogiprint:")
    print("| problem | plies | shogiprint | nodes | cshogi |")
    print("| --- | --- | --- | --- | --- |")
    shown = lambda ok, ms: f"{ms:.0f} ms" if ok else f"not proven ({ms:.0f} ms)"
    for r in sorted(rows, key=lambda r: (r["ours"], -r["ours_ms"]))[:15]:
        print(
            f"| {r['name']} | {r['plies']} | {shown(r['ours'], r['ours_ms'])} | {r['nodes']} "
            f"| {shown(r['theirs'], r['theirs_ms'])} |"
        )


if __name__ == "__main__":
    main(*sys.argv[1:4])
