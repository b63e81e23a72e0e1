#!/usr/bin/env python3
"""Prints the characters the brush (書体) face keeps: every character of the piece names in
templates/pieces.yaml (the fields kanji, abbr, black_kanji and black_abbr), sorted, on one line.

    python3 fonts/brush_charset.py > chars.txt

The kit draws only piece names in the brush face; anything else stays in Noto Serif JP, and a
user's piece whose name the subset lacks is drawn whole in Noto Serif JP Bold.
"""
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = re.compile(r"^\s*(?:-\s*)?(kanji|abbr|black_kanji|black_abbr):\s*(\S+)")


def characters():
    chars = set()
    with open(os.path.join(HERE, "..", "templates", "pieces.yaml"), encoding="utf-8") as f:
        for line in f:
            m = FIELD.match(line.split("#")[0])
            if m:
                chars |= set(m.group(2).strip("\"'"))
    return sorted(chars)


if __name__ == "__main__":
    print("".join(characters()))
