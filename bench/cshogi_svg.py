"""cshogi's Board.to_svg() on the positions the diagrams benchmark wrote, one SFEN a line.

Usage: python bench/cshogi_svg.py [SFEN_FILE] [--runs N]   (default target/bench-diagrams.sfen, 3 runs)

Three timings, each the best of N runs over all positions after a warm-up run:
  full     Board.set_sfen(sfen) + to_svg(), one board reused: from SFEN text to SVG text, the
           same path as shogiprint's headline figure (SFEN parse, check, draw, to_svg).
  new      cshogi.Board(sfen).to_svg(): as above with a new Board each time.
  svg      to_svg() alone on boards set up beforehand (board construction excluded).
Prints a table for people and `cshogi: key=value` lines for bench/diagrams.sh.
"""

import statistics
import sys
import time
from importlib.metadata import version

import cshogi


def best_of(runs, f):
    f()  # warm-up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def hand(text):
    counts, number = {}, ""
    for ch in text if text != "-" else "":
        if ch.isdigit():
            number += ch
        else:
            counts[ch] = counts.get(ch, 0) + int(number or 1)
            number = ""
    return counts


def same_position(a, b):
    a, b = a.split(), b.split()
    return a[:2] == b[:2] and hand(a[2]) == hand(b[2])


def main():
    path = "target/bench-diagrams.sfen"
    runs = 3
    args = sys.argv[1:]
    while args:
        a = args.pop(0)
        if a == "--runs":
            runs = int(args.pop(0))
        else:
            path = a
    with open(path, encoding="utf-8") as f:
        sfens = [line.strip() for line in f if line.strip()]
    n = len(sfens)

    board = cshogi.Board()
    boards = [cshogi.Board(s) for s in sfens]
    for s, b in zip(sfens, boards):
        # Both read the same position (hands may be written in another order).
        assert same_position(s, b.sfen()), f"cshogi read {s!r} as {b.sfen()!r}"
    svgs = [b.to_svg() for b in boards]
    assert all(s.startswith("<svg") for s in svgs)
    svg_bytes = sum(len(s.encode()) for s in svgs) / n

    def full():
        total = 0
        for s in sfens:
            board.set_sfen(s)
            total += len(board.to_svg())
        return total

    def new():
        total = 0
        for s in sfens:
            total += len(cshogi.Board(s).to_svg())
        return total

    def svg():
        total = 0
        for b in boards:
            total += len(b.to_svg())
        return total

    print(f"cshogi {version('cshogi')} on Python {sys.version.split()[0]}: "
          f"{n} positions from {path}, best and median of {runs} runs after a warm-up")
    print(f"{'step':<44} {'best ms':>10} {'median ms':>10} {'µs/item':>11} {'items/s':>11}")
    rows = [
        ("full", "SVG: SFEN → set_sfen, to_svg", full),
        ("new", "SVG: SFEN → Board(sfen).to_svg()", new),
        ("svg", "  part: to_svg (boards set up beforehand)", svg),
    ]
    for key, name, f in rows:
        best, median = best_of(runs, f)
        us = best * 1e6 / n
        print(f"{name:<44} {best * 1000:>10.1f} {median * 1000:>10.1f} {us:>11.2f} {n / best:>11.0f}")
        print(f"cshogi: cshogi_svg_{key}_us_per_item={us:.3f}")
        print(f"cshogi: cshogi_svg_{key}_us_per_item_median={median * 1e6 / n:.3f}")
    print(f"SVG: {svg_bytes / 1000:.1f} KB per diagram on average (text drawn with the viewer's serif font)")
    print(f"cshogi: cshogi_svg_bytes_per_item={svg_bytes:.0f}")
    print(f"cshogi: positions={n}")


if __name__ == "__main__":
    main()
