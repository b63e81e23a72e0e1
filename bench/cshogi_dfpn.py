"""cshogi's DfPn on the problems of a bench/data/tsume*.tsv file: proof time and the length of
the line it reports, one key=value line per problem (read by bench/tsume.sh).

Usage: cshogi_dfpn.py FILE [DEPTH NODES]; without DEPTH and NODES, DfPn's defaults (31 plies,
2^20 nodes)."""

import sys
import time

from cshogi import Board, DfPn


def main(path, depth=None, nodes=None):
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        sfen, expected = line.split("\t")[:2]
        board = Board(sfen)
        dfpn = DfPn() if depth is None else DfPn(depth, nodes)
        start = time.perf_counter()
        mate = dfpn.search(board)
        ms = (time.perf_counter() - start) * 1000
        length = len(dfpn.get_pv(board)) if mate else 0
        print(f"sfen={sfen}\texpected={expected}\tmate={int(mate)}\tlength={length}\tms={ms:.3f}")


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) >= 3:
        main(args[0], int(args[1]), int(args[2]))
    else:
        main(args[0])
