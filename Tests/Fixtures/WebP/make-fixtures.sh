#!/usr/bin/env bash
# Remakes the WebP fixtures in this folder and the oracles of the animated ones (committed: the
# tests need no encoder; they run `dwebp` as the oracle of still images, as they run `djpeg`).
# Needs the webp tools (Debian: webp — cwebp, img2webp, gif2webp, webpmux), ImageMagick 6
# (imagemagick) and python3 with venv; Pillow comes from PyPI into a throwaway virtual
# environment and reads the animated oracles.
#   lossy.webp              Samples/coffee.png at 300×200, cwebp -q 75 (VP8)
#   lossless.webp           Samples/coffee.png at 150×100, cwebp -lossless -exact (VP8L)
#   lossy-alpha.webp        Samples/horse.png at 200×164 with its white made transparent, lossy
#                           colour and lossless alpha (VP8X + ALPH + VP8)
#   lossless-alpha.webp     the same, lossless (VP8X + VP8L)
#   icc-p3.webp             ../ColorManagement/synthetic-p3.png (Display P3 pixels and profile),
#                           lossless, with its ICC profile (ICCP chunk)
#   exif-6.webp             lossy.webp with the EXIF of the shared corpus's hopper_orientation_6.jpg
#                           (orientation 6: shown turned a quarter clockwise, 200×300), which cwebp
#                           copies and webpmux attaches
#   animated.webp           img2webp: Samples coffee, chelsea and rocket at 96×64 for 0.1, 0.3 and
#                           0.6 s, lossy, looping
#   animated-mixed.webp     img2webp -mixed: coffee (lossy), a flat drawing (lossless), rocket
#   from-gif.webp           gif2webp of ../GIF/animated.gif: sub-rectangles, alpha blending,
#                           disposal to background
#   offset.webp             webpmux: a 64×48 canvas whose first frame is a 40×30 picture at
#                           (12, 10) with a transparent corner, then a full frame that is not
#                           blended, disposed to background (with alpha in a frame, the file says
#                           it has alpha, and Pillow keeps the canvas's transparency)
#   weights.webp            32×24, lossless: red for 0.1 s, then blue for 0.3 s (counting every
#                           frame, a quarter of the pixels are red)
#   oracle/NAME-N.png       Pillow's decode of frame N of each animation, composited on its
#                           canvas (RGBA; Pillow uses libwebp's WebPAnimDecoder)
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
samples=../../../Samples
corpus=${IMAGECOLORS_CORPUS:-../../../../shared/corpus}

python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet "Pillow==13.0.0"

convert "$samples/coffee.png" -resize 300x200 "$work/coffee.png"
cwebp -quiet -q 75 "$work/coffee.png" -o lossy.webp
convert "$samples/coffee.png" -resize 150x100 "$work/coffee-small.png"
cwebp -quiet -lossless -exact "$work/coffee-small.png" -o lossless.webp
convert "$samples/horse.png" -resize 200x164 -fuzz 20% -transparent white "$work/horse.png"
cwebp -quiet -q 75 -alpha_q 100 "$work/horse.png" -o lossy-alpha.webp
cwebp -quiet -lossless -exact "$work/horse.png" -o lossless-alpha.webp
cwebp -quiet -lossless -exact -metadata icc ../ColorManagement/synthetic-p3.png -o icc-p3.webp
cwebp -quiet -q 90 -metadata exif "$corpus/orientation/hopper_orientation_6.jpg" -o "$work/hopper.webp"
webpmux -get exif "$work/hopper.webp" -o "$work/exif.bin"
webpmux -set exif "$work/exif.bin" lossy.webp -o exif-6.webp

for name in coffee.png chelsea.png rocket.jpg; do
    convert "$samples/$name" -resize '96x64!' "$work/${name%.*}.png"
done
img2webp -loop 0 -lossy -q 80 -d 100 "$work/coffee.png" -d 300 "$work/chelsea.png" -d 600 "$work/rocket.png" \
    -o animated.webp 2>/dev/null
convert -size 96x64 xc:navy -fill gold -draw 'rectangle 10,10 50,40' -fill white -draw 'circle 70,40 80,50' "$work/flat.png"
img2webp -loop 0 -mixed -q 80 -d 100 "$work/coffee.png" -d 300 "$work/flat.png" -d 600 "$work/rocket.png" \
    -o animated-mixed.webp 2>/dev/null
gif2webp -quiet ../GIF/animated.gif -o from-gif.webp

convert "$samples/rocket.jpg" -resize '40x30!' -alpha set -fill none -draw 'color 0,0 point' \
    -channel A -fx 'i + j < 12 ? 0 : 1' +channel "$work/small.png"
convert "$samples/chelsea.png" -resize '64x48!' "$work/full.png"
cwebp -quiet -q 80 "$work/small.png" -o "$work/small.webp"
cwebp -quiet -lossless "$work/full.png" -o "$work/full.webp"
# +duration+x+y+dispose(0 none, 1 background) then -b (no blending) or +b (alpha blending)
webpmux -frame "$work/small.webp" +200+12+10+0+b -frame "$work/full.webp" +400+0+0+1-b \
    -loop 0 -bgcolor 0,0,0,0 -o offset.webp

convert -size 32x24 xc:red "$work/red.png"
convert -size 32x24 xc:blue "$work/blue.png"
img2webp -loop 0 -lossless -d 100 "$work/red.png" -d 300 "$work/blue.png" -o weights.webp 2>/dev/null

mkdir -p oracle
rm -f oracle/*.png
"$work/venv/bin/python" - <<'PY'
from PIL import Image, ImageSequence
for name in ["animated", "animated-mixed", "from-gif", "offset", "weights"]:
    image = Image.open(f"{name}.webp")
    for index, frame in enumerate(ImageSequence.Iterator(image)):
        frame.convert("RGBA").save(f"oracle/{name}-{index}.png")
        print(f"{name}.webp frame {index}: {image.size[0]}×{image.size[1]}, {frame.info.get('duration')} ms")
PY
webpinfo -summary ./*.webp | grep -E '^File|Canvas|Features|Format|Number of frames' || true
ls -l ./*.webp oracle
