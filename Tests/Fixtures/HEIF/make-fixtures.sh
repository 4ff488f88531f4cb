#!/usr/bin/env bash
# Remakes the HEIC and AVIF fixtures in this folder, with real encoders only: heif-enc (Debian
# libheif-examples 1.15.1, x265 for HEIC) and avifenc (libavif-bin 0.11.1, aom), from the Samples
# and ImageMagick 6 (imagemagick) for resizing. The tests run heif-convert and avifdec as the
# oracles of the pixels (independent of our decoder), as the WebP tests run dwebp.
#   coffee.heic             Samples/coffee.png at 300×200, heif-enc -q 80 (8-bit 4:2:0)
#   coffee-thumb.heic       Samples/coffee.png at 600×400 with a 320×213 thumbnail (heif-enc -t 320)
#   coffee-10bit.heic       coffee.png at 300×200 as 16-bit PNG, heif-enc -b 10 (10-bit)
#   horse-alpha.heic        Samples/horse.png at 200×164 with its white made transparent (alpha)
#   icc-p3.heic             ../ColorManagement/synthetic-p3.png with its ICC profile (heif-enc
#                           copies it into a colr prof box), 4:4:4 at quality 90
#   two-images.heic         two top-level images (heif-enc with two inputs): coffee.png at
#                           150×100, the primary, then at 600×400, larger than the primary
#   coffee.avif             coffee.png at 300×200, avifenc (8-bit 4:2:0)
#   coffee-10bit.avif       the same, avifenc -d 10
#   coffee-12bit.avif       the same, avifenc -d 12 -y 444
#   horse-alpha.avif        the horse with alpha, avifenc
#   horse-premultiplied.avif  the same, avifenc -p (premultiplied colours, signalled)
#   icc-p3.avif             ../ColorManagement/synthetic-p3.png (Display P3 pixels) with its ICC
#                           profile, lossless
#   nclx-p3.avif            the same pixels without the profile, nclx 12/13/0 (Display P3
#                           primaries, sRGB transfer), lossless
#   irot1.avif              coffee.avif's pixels with irot 1 (a quarter turn anti-clockwise: 200×300)
#   imir1.avif              with imir 1 (mirrored left to right)
#   grid.avif               coffee.png at 300×200 as a 2×2 grid of 150×100 tiles (avifenc -g 2x2)
#   grid-irot1.avif         the same grid with --irot 1, and grid-imir1.avif with --imir 1:
#                           avifenc 0.11 writes the transformation on the grid and on every tile
#   gainmap-grid-damaged.heic  not made here (kept as made by a review's script): grid.heic's
#                           shape with a gain map (auxC urn:com:apple:photo:2020:aux:hdrgainmap)
#                           whose own 2×2 grid does not cover its 310×190 canvas; libheif never
#                           decodes it with the image, so the photo must still be analysed
#   grid.heic               the same as an HEVC grid: four 150×100 tiles by heif-enc -q 80 (x265
#                           codes each as 152×104 with a conformance window), assembled by
#                           make-hevc-grid.py (heif-enc 1.15 makes no grids)
#   checkerboard.heic       a 128×96 grey 1-pixel checkerboard of #7f7f7f and #818181 (the HEVC
#                           plugin's starting luma) with an orange square, heif-enc -q 80, which
#                           keeps the checkerboard exactly; checkerboard-lossless.heic the same
#                           with -L; checkerboard-10bit.heic 10-bit (511 and 513), -q 80 -b 10
#   hdr-pq.avif             coffee.png at 300×200, 10-bit, nclx 9/16/9 (BT.2020, PQ): refused
#   hdr-hlg.avif            the same with transfer 18 (HLG): refused
#   hero-1620.avif          Samples/coffee.png stretched to 1620×1080, avifenc -s 8 --min 20
#                           --max 30 (79 kB: issue 40's typical web hero image, which libaom
#                           through libheif needed 45 MB to analyse)
#   grid-8x6.avif           Samples/coffee.png stretched to 4032×3024 (a phone photo's size) as
#                           an 8×6 grid of 504×504 tiles, avifenc -s 10 --min 40 --max 50 -g 8x6
#   phone-4032.avif         the same 4032×3024 picture as one item, 8-bit 4:2:0, avifenc -s 10
#                           --min 40 --max 50 -y 420 (a phone photo's size as one av01 item: dav1d's
#                           picture alone is 19.3 MB of the default 30 MB budget)
#   grid-8x6.heic           the same 4032×3024 picture as an HEVC grid in an iPhone's layout: 8×6
#                           tiles of 512×512 (the last column and row overhang the canvas, filled
#                           black), each heif-enc -q 25, assembled by make-hevc-grid.py
#   sequence.avif           an image sequence (avis): coffee.png then chelsea.png at 300×200;
#                           avifenc also writes the first frame as the primary item, which is
#                           what libheif reads (remaking it changes a few of its bytes: avifenc
#                           is not byte-reproducible for sequences)
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
samples=../../../Samples

convert "$samples/coffee.png" -resize 300x200 "$work/coffee.png"
convert "$work/coffee.png" -depth 16 "PNG48:$work/coffee16.png"  # PNG48: keeps 16 bits
convert "$samples/horse.png" -resize 200x164 -fuzz 20% -transparent white "$work/horse.png"

heif-enc -q 80 "$work/coffee.png" -o coffee.heic >/dev/null
heif-enc -q 60 -t 320 "$samples/coffee.png" -o coffee-thumb.heic >/dev/null
heif-enc -q 80 -b 10 "$work/coffee16.png" -o coffee-10bit.heic >/dev/null
heif-enc -q 80 "$work/horse.png" -o horse-alpha.heic >/dev/null
heif-enc -q 90 -p chroma=444 ../ColorManagement/synthetic-p3.png -o icc-p3.heic >/dev/null
convert "$samples/coffee.png" -resize 150x100 "$work/coffee150.png"
heif-enc -q 20 "$work/coffee150.png" "$samples/coffee.png" -o two-images.heic >/dev/null
# ImageMagick's Q16 levels: 127 × 257 and 129 × 257 at 8 bits; 511 × 64 and 513 × 64 at 16, which
# heif-enc -b 10 keeps the top 10 bits of.
board() { convert -size 128x96 pattern:gray50 +level "$1" \( -size 40x40 xc:'#e07020' \) -geometry +80+8 -composite "$2"; }
board 32639,33153 "PNG24:$work/board.png"
board 32704,32832 "PNG48:$work/board16.png"
heif-enc -q 80 "$work/board.png" -o checkerboard.heic >/dev/null
heif-enc -L "$work/board.png" -o checkerboard-lossless.heic >/dev/null
heif-enc -q 80 -b 10 "$work/board16.png" -o checkerboard-10bit.heic >/dev/null

avif() { avifenc --jobs 1 -s 6 "$@" >/dev/null; }
avif --min 20 --max 30 "$work/coffee.png" coffee.avif
avif --min 20 --max 30 -d 10 "$work/coffee.png" coffee-10bit.avif
avif --min 20 --max 30 -d 12 -y 444 "$work/coffee.png" coffee-12bit.avif
avif --min 20 --max 30 "$work/horse.png" horse-alpha.avif
avif --min 20 --max 30 -p "$work/horse.png" horse-premultiplied.avif
avif -l ../ColorManagement/synthetic-p3.png icc-p3.avif
avif -l --ignore-icc --cicp 12/13/0 ../ColorManagement/synthetic-p3.png nclx-p3.avif
avif --min 20 --max 30 --irot 1 "$work/coffee.png" irot1.avif
avif --min 20 --max 30 --imir 1 "$work/coffee.png" imir1.avif
avif --min 20 --max 30 -g 2x2 "$work/coffee.png" grid.avif
avif --min 20 --max 30 -g 2x2 --irot 1 "$work/coffee.png" grid-irot1.avif
avif --min 20 --max 30 -g 2x2 --imir 1 "$work/coffee.png" grid-imir1.avif
for i in 0 1 2 3; do
    convert "$work/coffee.png" -crop "150x100+$((i % 2 * 150))+$((i / 2 * 100))" +repage "$work/tile$i.png"
    heif-enc -q 80 "$work/tile$i.png" -o "$work/tile$i.heic" >/dev/null
done
./make-hevc-grid.py 2 2 150 100 300 200 "$work"/tile0.heic "$work"/tile1.heic "$work"/tile2.heic "$work"/tile3.heic grid.heic
avif --min 20 --max 30 -d 10 --cicp 9/16/9 "$work/coffee16.png" hdr-pq.avif
avif --min 20 --max 30 -d 10 --cicp 9/18/9 "$work/coffee16.png" hdr-hlg.avif
convert "$samples/chelsea.png" -resize '300x200!' "$work/chelsea.png"
avif --min 20 --max 30 "$work/coffee.png" "$work/chelsea.png" sequence.avif
convert "$samples/coffee.png" -resize '1620x1080!' "$work/hero.png"
avifenc --jobs 1 -s 8 --min 20 --max 30 "$work/hero.png" hero-1620.avif >/dev/null
convert "$samples/coffee.png" -resize '4032x3024!' "$work/phone.png"
avifenc --jobs 1 -s 10 --min 40 --max 50 -g 8x6 "$work/phone.png" grid-8x6.avif >/dev/null
avifenc --jobs 1 -s 10 --min 40 --max 50 -y 420 "$work/phone.png" phone-4032.avif >/dev/null
for r in 0 1 2 3 4 5; do
    for c in 0 1 2 3 4 5 6 7; do
        convert "$work/phone.png" -crop "512x512+$((c * 512))+$((r * 512))" +repage -background black \
            -extent 512x512 "$work/p$r$c.png"
        heif-enc -q 25 "$work/p$r$c.png" -o "$work/p$r$c.heic" >/dev/null
    done
done
./make-hevc-grid.py 8 6 512 512 4032 3024 "$work"/p[0-5][0-7].heic grid-8x6.heic
