"""Generate mating problems of 1-13 plies for the batch of bench/tsume.sh (bench/data/tsume-1000.tsv).

No public collection of about a thousand short mating problems with known lengths could be had
(see bench/data/tsume-1000.tsv), so the batch is filled with positions made here: random
attacker and defender pieces around a defender's king near the top edge, the attacker (Black,
no king) to move with a few pieces in hand, the defender holding every other piece, kept when
cshogi's DfPn finds a mate within 13 plies. The length written is cshogi's: the smallest odd
depth d for which DfPn(d) proves a mate. That counts every interposition, futile or not, so it
can be longer than the conventional length (never shorter, unless cshogi's node limit hides a
shorter mate).

Deterministic for a given seed and cshogi version (random.Random(SEED), no other randomness).

Usage: tsume_gen.py SEED TRIES COUNT_1 COUNT_3 COUNT_5 ... COUNT_13 > out.tsv
  (at most TRIES draws; at most COUNT_d problems of d plies are kept, for d = 1, 3, ..., 13).
Each problem is printed as soon as it is found: SFEN, a tab, cshogi's length.
"""

import random
import sys

from cshogi import BLACK, Board, DfPn

# Pieces of one set that are not kings, by SFEN letter.
SET = {"R": 2, "B": 2, "G": 4, "S": 4, "N": 4, "L": 4, "P": 18}
HAND_ORDER = "RBGSNLP"
PROMOTABLE = set("RBSNLP")
NODES = 200_000
# The first screen (is there any mate within 13 plies?) is cheaper: most draws have none.
SCREEN_NODES = 20_000


def place(rng, board, squares, piece):
    free = [sq for sq in squares if sq not in board]
    if not free:
        return False
    board[rng.choice(free)] = piece
    return True


def legal_square(piece, rank, black):
    """Whether an unpromoted piece may stand on `rank` (1 = Black's far rank)."""
    kind = piece.upper()
    far = rank if black else 10 - rank
    if kind in "PL" and far == 1:
        return False
    if kind == "N" and far <= 2:
        return False
    return True


def random_position(rng):
    """One candidate SFEN, or None when the draw is not a legal position."""
    pool = dict(SET)
    board = {}
    kfile, krank = rng.randint(1, 9), rng.randint(1, 3)
    board[(kfile, krank)] = "k"

    def near(dist, max_rank):
        return [
            (f, r)
            for f in range(max(1, kfile - dist), min(9, kfile + dist) + 1)
            for r in range(1, min(9, max_rank) + 1)
            if abs(r - krank) <= dist
        ]

    def draw(weights):
        kinds = [k for k in weights if pool[k] > 0]
        if not kinds:
            return None
        kind = rng.choices(kinds, [weights[k] for k in kinds])[0]
        pool[kind] -= 1
        return kind

    # Defender's pieces next to its king.
    for _ in range(rng.randint(0, 5)):
        kind = draw({"G": 3, "S": 3, "N": 2, "L": 2, "P": 4, "B": 1, "R": 1})
        if kind is None:
            break
        sq_list = [sq for sq in near(2, krank + 2) if legal_square(kind, sq[1], False)]
        if not place(rng, board, sq_list, kind.lower()):
            return None
    # Attacker's pieces on the board, a little further out; some promoted.
    for _ in range(rng.randint(1, 4)):
        kind = draw({"G": 3, "S": 3, "N": 2, "L": 2, "P": 3, "B": 2, "R": 2})
        if kind is None:
            break
        promoted = kind in PROMOTABLE and rng.random() < (0.5 if kind in "RB" else 0.15)
        dist = 4 if kind in "RBL" or promoted and kind in "RB" else 3
        sq_list = [
            sq for sq in near(dist, krank + dist) if promoted or legal_square(kind, sq[1], True)
        ]
        if not place(rng, board, sq_list, ("+" if promoted else "") + kind):
            return None
    # Attacker's hand.
    hand = {}
    for _ in range(rng.randint(1, 3)):
        kind = draw({"G": 4, "S": 3, "N": 2, "L": 1, "P": 1, "B": 2, "R": 2})
        if kind is None:
            break
        hand[kind] = hand.get(kind, 0) + 1
    # No two unpromoted pawns of one side on a file.
    for side in "Pp":
        files = [f for (f, _), p in board.items() if p == side]
        if len(files) != len(set(files)):
            return None
    rows = []
    for r in range(1, 10):
        row, run = "", 0
        for f in range(9, 0, -1):
            p = board.get((f, r))
            if p is None:
                run += 1
                continue
            if run:
                row += str(run)
                run = 0
            row += p
        rows.append(row + (str(run) if run else ""))
    hands = ""
    for kind in HAND_ORDER:
        n = hand.get(kind, 0)
        hands += (str(n) if n > 1 else "") + kind if n else ""
    for kind in HAND_ORDER:
        n = pool[kind]
        hands += (str(n) if n > 1 else "") + kind.lower() if n else ""
    return f"{'/'.join(rows)} b {hands or '-'} 1"


def length(sfen):
    """cshogi's length (smallest odd d with DfPn(d) proving mate), or None past 13."""
    board = Board(sfen)
    # The defender must not be in check already (the side not to move).
    white = Board(sfen.replace(" b ", " w ", 1))
    if white.is_check():
        return None
    if board.is_check() or board.turn != BLACK:
        return None
    if not DfPn(13, SCREEN_NODES).search(board):
        return None
    for d in range(1, 14, 2):
        if DfPn(d, NODES).search(board):
            return d
    return None


def main(seed, max_tries, counts):
    rng = random.Random(seed)
    want = dict(zip(range(1, 14, 2), counts))
    found = {d: [] for d in want}
    seen = set()
    tries = 0
    while tries < max_tries and any(len(found[d]) < want[d] for d in want):
        tries += 1
        sfen = random_position(rng)
        if sfen is None or sfen in seen:
            continue
        seen.add(sfen)
        d = length(sfen)
        if d is None or len(found[d]) >= want[d]:
            continue
        found[d].append(sfen)
        print(f"{sfen}\t{d}", flush=True)
        print(f"\r{tries} tried, " + " ".join(f"{k}:{len(v)}" for k, v in found.items()),
              end="", file=sys.stderr)
    print(file=sys.stderr)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), [int(c) for c in sys.argv[3:10]])
