"""cshogi's DfPn on the problems of bench/data/tsume.tsv: proof time and the length of the line
it reports, one key=value line per problem (read by bench/tsume.sh)."""

import sys
import time

from cshogi import Board, DfPn


def main(path):
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        sfen, expected = line.split("\t")
        board = Board(sfen)
        dfpn = DfPn()
        start = time.perf_counter()
        mate = dfpn.search(board)
        ms = (time.perf_counter() - start) * 1000
        length = len(dfpn.get_pv(board)) if mate else 0
        print(f"sfen={sfen}\texpected={expected}\tmate={int(mate)}\tlength={length}\tms={ms:.3f}")


if __name__ == "__main__":
    main(sys.argv[1])
