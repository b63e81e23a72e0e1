#!/usr/bin/env bash
# Rebuilds the brush (書体) face of the kit's pieces from the upstream font.
#   fonts/brush-subset.sh      (needs npm, python3; downloads ~5 MB into a temporary folder)
# Source: Yuji Syuku (佑字 肅), a brush face after a 17th-century hand, from the npm package
# @expo-google-fonts/yuji-syuku 0.4.1 (the Google Fonts release, SIL Open Font License 1.1;
# no Reserved Font Name is declared, so the subset keeps its name).
#
# The subset keeps only the characters of the piece names (brush_charset.py), so it adds a few
# kilobytes to the binary; the upstream TrueType outlines (glyf) are kept as they are, without
# hinting or layout tables, which the tool does not read.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet 'fonttools==4.*'

(cd "$work" && npm pack --silent @expo-google-fonts/yuji-syuku@0.4.1 >/dev/null && tar xzf ./*.tgz)

"$work/venv/bin/python" "$here/brush_charset.py" > "$work/text.txt"
out="$here/YujiSyuku-Regular.pieces.ttf"
"$work/venv/bin/pyftsubset" "$work/package/400Regular/YujiSyuku_400Regular.ttf" \
  --text-file="$work/text.txt" \
  --layout-features='' --no-hinting \
  --drop-tables+=gasp,DSIG,vhea,vmtx,VORG,GPOS,GSUB,GDEF,BASE,STAT \
  --name-IDs='*' --output-file="$out"
cp "$work/package/LICENSE_FONT" "$here/OFL-YujiSyuku.txt"
ls -l "$out"
