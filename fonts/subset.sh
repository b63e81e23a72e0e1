#!/usr/bin/env bash
# Rebuilds the font subsets in this folder from the upstream full fonts.
#   fonts/subset.sh            (needs npm, python3; downloads ~15 MB into a temporary folder)
# Sources: Noto Serif JP from the npm package @expo-google-fonts/noto-serif-jp (the Google Fonts
# release, SIL Open Font License 1.1). The subsets keep the font names: the OFL allows that for
# fonts that are only subset (no Reserved Font Name is declared for Noto).
#
# Both weights keep the same characters (charset.py: JIS X 0208 and 0213, the cp932 extensions,
# Latin, kana, name variants, the templates' characters), so titles and pieces in bold never fall
# back to the regular face. The upstream font is already unhinted TrueType (glyf); the subset drops
# the layout and vertical-metrics tables the tool does not read, keeps quadratic outlines (smaller
# than cubic) and needs no desubroutinizing (that is for CFF fonts). compose.py then adds the one
# JIS X 0208 character the upstream font lacks (≒) as a composite of glyphs it has.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet 'fonttools==4.*'

(cd "$work" && npm pack --silent @expo-google-fonts/noto-serif-jp@0.4.3 >/dev/null && tar xzf ./*.tgz)

"$work/venv/bin/python" "$here/charset.py" > "$work/text.txt"

for weight in 400Regular:Regular 700Bold:Bold; do
  src="${weight%%:*}"; name="${weight##*:}"
  out="$here/NotoSerifJP-$name.subset.ttf"
  "$work/venv/bin/pyftsubset" "$work/package/$src/NotoSerifJP_$src.ttf" \
    --text-file="$work/text.txt" \
    --layout-features='' --no-hinting \
    --drop-tables+=gasp,DSIG,vhea,vmtx,VORG,GPOS,GSUB,GDEF,BASE,STAT \
    --name-IDs='*' --output-file="$out"
  "$work/venv/bin/python" "$here/compose.py" "$out"
done
cp "$work/package/LICENSE_FONT" "$here/OFL-NotoSerifJP.txt"
ls -l "$here"/*.ttf
