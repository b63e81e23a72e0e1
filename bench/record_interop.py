"""Reads back the records shogiprint wrote (bench/record_interop.sh) with cshogi's and
python-shogi's readers and compares them with what shogiprint read from the source record:
start position, moves (USI), players' names and how the game ended.

    python record_interop.py WORKDIR     # WORKDIR/NAME.usi, NAME.json, NAME.kif, NAME.csa, ...

Prints one table row per record, format and reader: OK, or what differed."""
import glob
import json
import os
import re
import sys
import traceback

import cshogi
import cshogi.CSA
import cshogi.KI2
import cshogi.KIF
import shogi
import shogi.CSA
import shogi.KIF


def usi_of(path):
    words = open(path, encoding="utf-8").read().split()
    i = words.index("moves") if "moves" in words else len(words)
    if words[1] == "startpos":
        sfen = cshogi.STARTING_SFEN
    else:
        sfen = " ".join(words[2:6])
    return sfen, words[i + 1 :]


def hand_counts(hand):
    """An SFEN hand as {piece: count}, whatever order the program writes it in."""
    counts, n = {}, ""
    for c in "" if hand == "-" else hand:
        if c.isdigit():
            n += c
        else:
            counts[c] = counts.get(c, 0) + int(n or 1)
            n = ""
    if n:  # a count without its piece (python-shogi's CSA sfen)
        counts["?"] = counts.get("?", 0) + 1
    return counts


def board_part(sfen):
    # The move number differs between programs (1 or the ply), and so does a hand's order.
    if not sfen:
        return None
    board, turn, hand = sfen.split()[:3]
    return board, turn, sorted(hand_counts(hand).items())


# How each shogiprint end reads as a winner: "b", "w", "-" (draw) or None (no result).
def expected_win(info):
    r = info.get("result") or ""
    if r.startswith("black"):
        return "b"
    if r.startswith("white"):
        return "w"
    if "draw" in r:
        return "-"
    return None


def cshogi_win(p):
    return {cshogi.BLACK_WIN: "b", cshogi.WHITE_WIN: "w", cshogi.DRAW: "-"}.get(p.win)


def read_cshogi_kif(path):
    p = cshogi.KIF.Parser.parse_file(path)
    return p.sfen, [cshogi.move_to_usi(m) for m in p.moves], p.names, cshogi_win(p), p.endgame


def read_cshogi_ki2(path):
    p = cshogi.KI2.Parser.parse_file(path)
    return p.sfen, [cshogi.move_to_usi(m) for m in p.moves], p.names, cshogi_win(p), p.endgame


def read_cshogi_csa(path):
    p = cshogi.CSA.Parser.parse_file(path, encoding="utf-8")[0]
    return p.sfen, [cshogi.move_to_usi(m) for m in p.moves], p.names, cshogi_win(p), p.endgame


def read_pyshogi_kif(path):
    g = shogi.KIF.Parser.parse_file(path)
    if g is None:
        raise ValueError("parse_file returned None (no encoding read it)")
    g = g[0]
    return g["sfen"], g["moves"], g["names"], g["win"], None


def read_pyshogi_csa(path):
    g = shogi.CSA.Parser.parse_file(path)[0]
    # python-shogi says "-" for any game without a loser, an unfinished one included.
    return g["sfen"], g["moves"], g["names"], g["win"], None


READERS = {
    "kif": [("cshogi", read_cshogi_kif), ("python-shogi", read_pyshogi_kif)],
    # The same KIF text under .kifu, which Kakinoki's format page reserves for UTF-8.
    "kifu": [("cshogi", read_cshogi_kif), ("python-shogi", read_pyshogi_kif)],
    "ki2": [("cshogi", read_cshogi_ki2)],
    "csa": [("cshogi", read_cshogi_csa), ("python-shogi", read_pyshogi_csa)],
}


def compare(name, fmt, reader, read, work):
    return compare_path(os.path.join(work, f"{name}.{fmt}"), name, fmt, reader, read, work)


def compare_path(path, name, fmt, reader, read, work):
    sfen, moves = usi_of(os.path.join(work, f"{name}.usi"))
    info = json.load(open(os.path.join(work, f"{name}.json"), encoding="utf-8"))
    try:
        got_sfen, got_moves, got_names, got_win, _ = read(path)
    except Exception as e:  # a reader's failure is a finding, not a crash of the check
        verdict = f"error: {type(e).__name__}: {str(e)[:80]}"
        if fmt == "ki2" and reader == "cshogi" and "split" not in path:
            verdict += " [reader: cshogi's KI2 reader misreads a line of three moves or more]; "
            verdict += ki2_one_move_a_line(path, name, fmt, reader, work)
        return verdict
    diffs = []
    if board_part(got_sfen) != board_part(sfen):
        diffs.append(f"start {got_sfen!r}, expected {' '.join(sfen.split()[:3])!r}")
    if got_moves != moves:
        n = next((i for i, (a, b) in enumerate(zip(got_moves, moves)) if a != b), min(len(got_moves), len(moves)))
        got = got_moves[n] if n < len(got_moves) else "end"
        exp = moves[n] if n < len(moves) else "end"
        diffs.append(f"{len(got_moves)} moves, expected {len(moves)}; move {n + 1}: {got}, expected {exp}")
    names = [info.get("black"), info.get("white")]
    if [x or None for x in got_names] != names:
        diffs.append(f"names {got_names}, expected {names}")
    win = expected_win(info)
    # python-shogi's CSA reader says "-" for a game without a winner, finished or not.
    if reader == "python-shogi" and fmt == "csa" and win is None:
        win = "-"
    if got_win != win:
        diffs.append(f"winner {got_win!r}, expected {win!r} ({info.get('end')})")
    if not diffs:
        return "OK"
    text = open(path, "rb").read().decode("cp932" if fmt in ("kif", "ki2") else "utf-8")
    return "; ".join(diffs) + explain(reader, fmt, diffs, info, text, got_sfen, sfen)


def explain(reader, fmt, diffs, info, text, got_start, start):
    """The known cause of a disagreement, each found in the reader's source (cshogi 1.1.0,
    python-shogi 1.1.1): ' [reader: why]'. A disagreement without one is printed as
    UNEXPLAINED: look at shogiprint's writer first."""
    kif = fmt in ("kif", "kifu")
    got_start, start = board_part(got_start), board_part(start)
    turn_only = got_start and got_start[0] == start[0] and got_start[2] == start[2]
    board = "+---" in text
    why = []
    if kif and board and reader == "cshogi":
        why.append("cshogi's KIF reader reads no board, only 手合割")
    if fmt == "ki2" and board and reader == "cshogi" and not turn_only:
        why.append("cshogi's KI2 reader reads no board, only 手合割")
    if kif and reader == "cshogi" and "不成" in text and any("moves" in d for d in diffs):
        # Its move pattern has 成 and 打 but no 不成, which Kakinoki's KIF writes for a move
        # that could have promoted: such a line is not read as a move.
        why.append("cshogi's KIF reader skips a move written with 不成")
    if kif and board and reader == "python-shogi" and turn_only:
        why.append("python-shogi's KIF reader takes the side to move after the last move")
    if fmt == "csa" and reader == "python-shogi" and "?" in str(got_start):
        why.append("python-shogi's CSA sfen drops the letter of a counted hand piece")
    if "変化" in text and any("moves" in d for d in diffs):
        why.append("no variations in this reader: their moves run on into the main line")
        if reader == "python-shogi":
            why.append("python-shogi skips a move marked + (a variation follows)")
    if any(d.startswith("winner") for d in diffs):
        end = info.get("end")
        if end == "千日手" and expected_win(info) in ("b", "w"):
            why.append("the file says 千日手 as its source did; the perpetual-check loss is shogiprint's own verdict")
        elif end == "中断" or end is None:
            why.append(f"{end or 'no end'} read as a draw")
        elif end == "詰み" and fmt == "csa":
            why.append("%TSUMI gives no winner in this reader")
        elif end == "詰み" and fmt == "ki2" and reader == "cshogi":
            why.append("cshogi's KI2 reader takes no result from まで…手で詰み")
    if not why:
        return " UNEXPLAINED"
    return " [reader: " + "; ".join(why) + "]"


def ki2_one_move_a_line(path, name, fmt, reader, work):
    """cshogi's KI2 reader goes wrong on a line of three or more moves (it restarts each match
    at the previous match's end within the rest of the line, not of the line): the same file
    with one move a line tells whether anything else differs."""
    text = open(path, "rb").read().decode("cp932")
    text = re.sub(r"\s+(?=[▲△])", "\n", text)
    split = os.path.join(work, "split", f"{name}.{fmt}")
    os.makedirs(os.path.dirname(split), exist_ok=True)
    open(split, "wb").write(text.encode("cp932"))
    inner = compare_path(split, name, fmt, reader, read_cshogi_ki2, work)
    if inner.startswith("error") and "+---" in text:
        inner += " [reader: cshogi's KI2 reader reads no board, only 手合割]"
    elif inner.startswith("error") and "変化" in text:
        inner += " [reader: no variations: their moves run on into the main line]"
    elif inner.startswith("error"):
        inner += " UNEXPLAINED"
    return f"one move a line: {inner}"


def main():
    work = sys.argv[1]
    names = sorted(os.path.basename(p)[:-5] for p in glob.glob(os.path.join(work, "*.json")))
    print("| record | format | reader | read back |")
    print("| --- | --- | --- | --- |")
    total = ok = unexplained = 0
    for name in names:
        for fmt, readers in READERS.items():
            if not os.path.exists(os.path.join(work, f"{name}.{fmt}")):
                continue
            for reader, read in readers:
                verdict = compare(name, fmt, reader, read, work)
                total += 1
                ok += verdict == "OK"
                unexplained += "UNEXPLAINED" in verdict
                print(f"| {name} | {fmt} | {reader} | {verdict} |")
    print()
    print(f"{ok}/{total} read back the same; {total - ok - unexplained} differ for a known reader-side")
    print(f"cause; {unexplained} differ for no known cause")


if __name__ == "__main__":
    main()
