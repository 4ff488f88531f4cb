#!/usr/bin/env bash
# Remakes the GIF fixtures in this folder and their oracles (committed: the tests need no tools).
# Needs ImageMagick 6 (Debian: imagemagick), gif2webp (Debian: webp) and python3 with venv; Pillow
# comes from PyPI into a throwaway virtual environment and reads the oracles.
#   horse.gif               Samples/horse.png, every colour kept (+dither, 130 colours): the same
#                           pixels but the 12 translucent ones (GIF transparency is on or off)
#   coffee.gif              Samples/coffee.png at 150×100, 256 dithered colours, global table
#   coffee-interlaced.gif   the same, interlaced (the same pixels, rows stored in four passes)
#   transparent.gif         Samples/horse.png at 200×164 with its white made transparent
#   animated.gif            96×64, looping: Samples/coffee.png for 0.1 s (left), a 32×24
#                           Samples/chelsea.png at (8, 8) for 0.3 s (restored: "previous"), then a
#                           40×33 transparent horse at (50, 20) for 0.6 s (cleared: "background");
#                           the two small frames have local colour tables
#   disposal.gif            64×48: a navy frame, then small squares at offsets that are left (none),
#                           restored (previous) and cleared (background), each with its own table
#   offset.gif              a 64×48 screen whose only frame is a 40×30 picture at (12, 9)
#   weights.gif             32×24: red for 0.1 s, then blue for 0.3 s (counting every frame, a
#                           quarter of the pixels are red)
#   oracle/NAME-N.png       frame N composited as browsers show it (RGBA): by gif2webp (libwebp's
#                           GIF converter, lossless), decoded by Pillow's WebP decoder. Each is
#                           compared with Pillow's own GIF decoder, which differs only where the
#                           GIF asks for its background colour (around a first frame smaller than
#                           the screen, and where a frame is disposed "to background"): browsers,
#                           gif2webp and ImageColors make those pixels transparent
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
samples=../../../Samples

python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet "Pillow==13.0.0"

convert "$samples/horse.png" +dither horse.gif
convert "$samples/coffee.png" -resize 150x100 coffee.gif
convert "$samples/coffee.png" -resize 150x100 -interlace GIF coffee-interlaced.gif
convert "$samples/horse.png" -resize 200x164 -fuzz 20% -transparent white transparent.gif
convert "$samples/coffee.png" -resize '96x64!' "$work/coffee.png"
convert "$samples/chelsea.png" -resize '32x24!' "$work/chelsea.png"
convert "$samples/horse.png" -resize 40x33 -fuzz 20% -transparent white "$work/horse.png"
convert -loop 0 -delay 10 -dispose none "$work/coffee.png" -delay 30 -dispose previous -page +8+8 "$work/chelsea.png" \
    -delay 60 -dispose background -page +50+20 "$work/horse.png" animated.gif
convert -loop 0 -delay 20 -dispose none -size 64x48 xc:navy \
    -dispose none -page +4+4 -size 16x12 xc:red \
    -dispose previous -page +24+10 -size 20x20 xc:lime \
    -dispose background -page +40+26 -size 18x16 xc:yellow \
    -dispose none -page +10+30 -size 12x12 xc:white \
    disposal.gif
convert -size 40x30 gradient:orange-purple -set page 64x48+12+9 offset.gif
convert -loop 0 -delay 10 -size 32x24 xc:red -delay 30 -size 32x24 xc:blue weights.gif

mkdir -p oracle
rm -f oracle/*.png
"$work/venv/bin/python" - "$work" <<'PY'
import glob, subprocess, sys
from PIL import Image, ImageSequence
work = sys.argv[1]
for path in sorted(glob.glob("*.gif")):
    name = path[:-4]
    subprocess.run(["gif2webp", "-quiet", path, "-o", f"{work}/{name}.webp"], check=True)
    browser = [frame.convert("RGBA") for frame in ImageSequence.Iterator(Image.open(f"{work}/{name}.webp"))]
    pillow = [frame.convert("RGBA") for frame in ImageSequence.Iterator(Image.open(path))]
    assert len(browser) == len(pillow), path
    for index, (frame, other) in enumerate(zip(browser, pillow)):
        frame.save(f"oracle/{name}-{index}.png")
        ours, theirs = frame.tobytes(), other.tobytes()
        # Transparent pixels may differ in their hidden colour; compare what is shown.
        differ = sum(1 for i in range(0, len(ours), 4)
                     if ours[i + 3] != theirs[i + 3] or (ours[i + 3] and ours[i:i + 3] != theirs[i:i + 3]))
        print(f"{path} frame {index}: {frame.size[0]}×{frame.size[1]}, Pillow's GIF decoder differs on {differ} pixels")
PY
ls -l ./*.gif oracle
