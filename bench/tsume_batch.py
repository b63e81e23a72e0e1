"""Summary of the batch of bench/tsume.sh: shogiprint's full verification (JSON lines) of
bench/data/tsume-1000.tsv against the reference lengths of that file.

Usage: tsume_batch.py DATA.tsv OURS.jsonl WALL_SECONDS"""

import json
import sys


def main(data_path, ours_path, wall):
    data = [
        l.rstrip("\n").split("\t")
        for l in open(data_path, encoding="utf-8")
        if l.strip() and not l.startswith("#")
    ]
    rows = [json.loads(l) for l in open(ours_path, encoding="utf-8")]
    assert len(rows) == len(data), f"{len(rows)} results for {len(data)} problems"
    n = len(rows)
    published = [i for i, d in enumerate(data) if d[2] != "generated"]
    generated = [i for i, d in enumerate(data) if d[2] == "generated"]
    # Fully verified: mate, with its conventional length, main line and alternatives.
    verified = [r["status"] == "mate" and r.get("length") is not None for r in rows]
    same = [r.get("length") == int(d[1]) for d, r in zip(data, rows)]
    total_ms = sum(r["ms"] for r in rows)
    print(
        f"{n} problems ({len(published)} published, {len(generated)} generated): "
        f"{wall:.1f} s wall, {wall / n * 1000:.1f} ms a problem "
        f"(the problems' own times add up to {total_ms / 1000:.1f} s)"
    )
    statuses = {}
    for r in rows:
        key = r["status"] if r["status"] != "unknown" else f"unknown ({r.get('limit')})"
        statuses[key] = statuses.get(key, 0) + 1
    print(
        f"fully verified (length, line, 余詰): {sum(verified)}/{n}; "
        + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items()))
    )
    for name, idx, ref in (
        ("published", published, "the published length"),
        ("generated", generated, "cshogi's length"),
    ):
        agree = sum(same[i] for i in idx)
        shorter = sum(
            verified[i] and rows[i]["length"] < int(data[i][1]) for i in idx
        )
        longer = sum(verified[i] and rows[i]["length"] > int(data[i][1]) for i in idx)
        print(
            f"{name}: {agree}/{len(idx)} give {ref}; shorter {shorter}, longer {longer}, "
            f"not verified {sum(not verified[i] for i in idx)}"
        )
    # Sound: verified, no alternative that counts as a defect and no pieces left over — what
    # a collection of composed problems is. Their time apart from the unsound positions'.
    sound = [i for i, r in enumerate(rows) if verified[i] and r.get("sound")]
    if sound:
        sound_ms = [rows[i]["ms"] for i in sound]
        unsound_s = sum(r["ms"] for i, r in enumerate(rows) if verified[i] and not r.get("sound")) / 1000
        unverified_s = sum(r["ms"] for i, r in enumerate(rows) if not verified[i]) / 1000
        print(
            f"sound problems among the verified: {len(sound)}, {sum(sound_ms) / 1000:.1f} s in all, "
            f"{sum(sound_ms) / len(sound):.0f} ms each on average, slowest {max(sound_ms)} ms; "
            f"the {sum(verified) - len(sound)} unsound ones {unsound_s:.1f} s, "
            f"the {n - sum(verified)} not verified {unverified_s:.1f} s"
        )
    print()
    print("| plies | problems | fully verified | same length | shorter | longer | total ms | slowest ms |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for plies in sorted({int(d[1]) for d in data}):
        idx = [i for i, d in enumerate(data) if int(d[1]) == plies]
        ms = [rows[i]["ms"] for i in idx]
        print(
            f"| {plies} | {len(idx)} | {sum(verified[i] for i in idx)} | "
            f"{sum(same[i] for i in idx)} | "
            f"{sum(verified[i] and rows[i]['length'] < plies for i in idx)} | "
            f"{sum(verified[i] and rows[i]['length'] > plies for i in idx)} | "
            f"{sum(ms)} | {max(ms)} |"
        )
    print()
    print("not the reference length (shorter: most often futile interpositions the reference counts):")
    for i, (d, r) in enumerate(zip(data, rows)):
        if not same[i]:
            what = r["status"] if r["status"] != "unknown" else f"unknown ({r.get('limit')})"
            print(
                f"  {i + 1} [{d[2]}]: reference {d[1]}, shogiprint {r.get('length')} ({what}, "
                f"{r['ms']} ms) {' '.join(r['line'])}  {d[0]}"
            )


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], float(sys.argv[3]))
