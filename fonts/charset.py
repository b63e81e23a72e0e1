#!/usr/bin/env python3
"""Prints the characters the bundled font subsets keep, sorted, on one line.

    python3 fonts/charset.py > chars.txt

JIS X 0208 (levels 1 and 2, symbols, kana, full-width forms) comes from Python's `euc_jp` codec,
the Windows extensions (NEC row 13, IBM kanji such as 髙 and 﨑) from `cp932`, and JIS X 0213
(levels 3 and 4, which hold most name variants and the 2010 常用漢字 forms) from `euc_jis_2004`:
every valid two-byte code is decoded. To these: printable ASCII, Latin-1 and Latin Extended-A
(readings such as ōshō; the font has the macron letters and Latin-1, not every Extended-A
letter), kana, charset-extra.txt, charset-names.txt and the templates' characters.
"""
import glob
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def decoded(codec, leads, trails, prefix=b""):
    """Every character that one two-byte code of `codec` (after `prefix`) decodes to."""
    out = set()
    for lead in leads:
        for trail in trails:
            try:
                out |= set((prefix + bytes([lead, trail])).decode(codec))
            except UnicodeDecodeError:
                pass
    return out


def listed(path):
    """The characters of a charset file, without its comment lines."""
    with open(path, encoding="utf-8") as f:
        return set("".join(l.strip() for l in f if not l.startswith("#")))


def characters():
    chars = set(chr(c) for c in range(0x20, 0x7F))
    chars |= set(chr(c) for c in range(0xA0, 0x180))  # Latin-1 and Latin Extended-A
    chars |= set(chr(c) for c in range(0x3000, 0x3100))  # CJK punctuation, hiragana, katakana
    chars |= set(chr(c) for c in range(0x31F0, 0x3200))  # small katakana for Ainu
    chars |= set(chr(c) for c in range(0xFF01, 0xFFEF))  # full-width and half-width forms
    euc_rows = range(0xA1, 0xFF)
    chars |= decoded("euc_jp", euc_rows, euc_rows)
    chars |= decoded("euc_jis_2004", euc_rows, euc_rows)
    # JIS X 0213 plane 2 (level 4) is behind the 8F prefix, in these rows only: the codec reads
    # the other 8F rows as JIS X 0212, which is not part of the standard kept here.
    plane2_rows = [0xA1, 0xA3, 0xA4, 0xA5, 0xA8, *range(0xAC, 0xB0), *range(0xEE, 0xFF)]
    chars |= decoded("euc_jis_2004", plane2_rows, euc_rows, prefix=b"\x8f")
    # Lead bytes F0-F9 are the user-defined (private use) area: not characters.
    cp932_leads = [*range(0x81, 0xA0), *range(0xE0, 0xF0), *range(0xFA, 0xFD)]
    chars |= decoded("cp932", cp932_leads, range(0x40, 0xFD))
    chars |= listed(os.path.join(HERE, "charset-extra.txt"))
    chars |= listed(os.path.join(HERE, "charset-names.txt"))
    for path in glob.glob(os.path.join(HERE, "..", "templates", "**", "*.yaml"), recursive=True):
        with open(path, encoding="utf-8") as f:
            chars |= set(c for c in f.read() if ord(c) > 0x7F)
    return sorted(c for c in chars if c.isprintable() or c == "\u3000")


if __name__ == "__main__":
    sys.stdout.write("".join(characters()) + "\n")
