#!/usr/bin/env python3
"""Adds to a subset font the JIS X 0208 characters the upstream font lacks, built as composite
glyphs from glyphs it has (so no outline is drawn by hand):

    python3 fonts/compose.py FONT.ttf

  ≒ (U+2252, JIS 1-2-82, "nearly equal"): the full-width ＝ with a reduced middle dot above its
  left end and one below its right end, the shape Japanese fonts give it.
"""
import sys

from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._g_l_y_f import Glyph, GlyphComponent


def component(name, dx, dy, scale=None):
    c = GlyphComponent()
    c.glyphName = name
    c.x, c.y = dx, dy
    c.flags = 0
    if scale is not None:
        c.transform = [[scale, 0], [0, scale]]
    return c


def add_nearly_equal(font):
    cmap = font.getBestCmap()
    if 0x2252 in cmap:
        return
    equals, dot = cmap[0xFF1D], cmap[0x00B7]
    glyf, hmtx = font["glyf"], font["hmtx"]
    e, d = glyf[equals], glyf[dot]
    e.recalcBounds(glyf)
    d.recalcBounds(glyf)
    scale = 0.6
    dot_w = (d.xMax - d.xMin) * scale
    # Dot centres: above the left end of the upper bar and below the right end of the lower one.
    gap = (e.yMax - e.yMin) * 0.45
    left = (e.xMin + dot_w, e.yMax + gap)
    right = (e.xMax - dot_w, e.yMin - gap)
    glyph = Glyph()
    glyph.numberOfContours = -1
    glyph.components = [component(equals, 0, 0)]
    for cx, cy in (left, right):
        # The dot's own centre, scaled, moved onto (cx, cy).
        ox = (d.xMin + d.xMax) / 2 * scale
        oy = (d.yMin + d.yMax) / 2 * scale
        glyph.components.append(component(dot, round(cx - ox), round(cy - oy), scale))
    name = "uni2252"
    font.setGlyphOrder(font.getGlyphOrder() + [name])
    glyf[name] = glyph
    hmtx[name] = hmtx[equals]
    for table in font["cmap"].tables:
        if table.isUnicode():
            table.cmap[0x2252] = name


if __name__ == "__main__":
    path = sys.argv[1]
    # Keep the upstream timestamp, so that rebuilding gives the same bytes.
    font = TTFont(path, recalcTimestamp=False)
    add_nearly_equal(font)
    font.save(path)
