#!/usr/bin/env bash
# Rebuilds the font subsets in this folder from the upstream full fonts.
#   fonts/subset.sh            (needs npm, python3; downloads ~35 MB into a temporary folder)
# Sources: Noto Serif JP from the npm package @expo-google-fonts/noto-serif-jp (the Google Fonts
# release, SIL Open Font License 1.1). The subsets keep the font names: the OFL allows that for
# fonts that are only subset (no Reserved Font Name is declared for Noto).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet 'fonttools==4.*'

(cd "$work" && npm pack --silent @expo-google-fonts/noto-serif-jp@0.4.3 >/dev/null && tar xzf ./*.tgz)

# The characters: the charset file, the templates, ASCII; the regular weight also gets Latin-1
# letters and kana for captions and comments.
for name in Regular Bold; do
python3 - "$here" "$name" > "$work/text-$name.txt" <<'PY'
import glob, sys
here, name = sys.argv[1], sys.argv[2]
chars = set(chr(c) for c in range(0x20, 0x7f))
chars |= set("ōūŌŪ")                                   # macrons of the readings
if name == "Regular":
    chars |= set(chr(c) for c in range(0xc0, 0x180))  # Latin-1 + Latin Extended-A
    chars |= set(chr(c) for c in range(0x3041, 0x3097))  # hiragana
    chars |= set(chr(c) for c in range(0x30a1, 0x30fb))  # katakana
for line in open(f"{here}/charset-{name.lower()}.txt", encoding="utf-8"):
    if not line.startswith("#"):
        chars |= set(line.strip())
for path in glob.glob(f"{here}/../templates/**/*.yaml", recursive=True):
    chars |= set(c for c in open(path, encoding="utf-8").read() if ord(c) > 0x7f)
print("".join(sorted(c for c in chars if c.isprintable())))
PY
done

for weight in 400Regular:Regular 700Bold:Bold; do
  src="${weight%%:*}"; name="${weight##*:}"
  "$work/venv/bin/pyftsubset" "$work/package/$src/NotoSerifJP_$src.ttf" \
    --text-file="$work/text-$name.txt" \
    --layout-features='' --no-hinting --desubroutinize \
    --drop-tables+=gasp,DSIG,vhea,vmtx,VORG,GPOS,GSUB,GDEF,BASE \
    --name-IDs='*' --output-file="$here/NotoSerifJP-$name.subset.ttf"
done
cp "$work/package/LICENSE_FONT" "$here/OFL-NotoSerifJP.txt"
ls -l "$here"/*.ttf
