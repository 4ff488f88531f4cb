#!/usr/bin/env bash
# Remakes the colour-management fixtures in this folder (they are committed: the tests need no
# tools). Needs a C compiler, LittleCMS (liblcms2-dev), python3 and libvips-tools (vips 8.14).
#   synthetic.png / .jpg     sRGB, untagged: flat patches on a dark edge band (made by python3)
#   photo.jpg                sRGB, untagged: Samples/coffee.png at 200×133
#   *-p3.*, *-adobe.*        the same converted by `vips icc_transform` (relative intent) into
#                            display-p3.icc / adobe-rgb.icc, which they embed
#   *-cmyk.jpg               CMYK (Adobe-inverted, as vips writes it) tagged with test-cmyk.icc,
#                            pixels solved against that profile by LittleCMS (make-cmyk.c)
#   gray-ramp.png            a grey ramp, untagged; gray-linear.png / .jpg: the same samples
#                            tagged with linear-gray.icc (no pixel change); gray-linear.heic and
#                            .avif: gray-linear.png losslessly by heif-enc -L and avifenc -l
#                            (libheif-examples, libavif-bin), which keep the profile;
#                            synthetic-gray-icc.avif: synthetic.png (colour) with linear-gray.icc
#                            attached by avifenc --icc, a profile that cannot describe its pixels
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cc make-profiles.c -o "$work/make-profiles" -llcms2
cc make-cmyk.c -o "$work/make-cmyk" -llcms2 -lm
(cd "$work" && ./make-profiles)
cp "$work"/{display-p3,adobe-rgb,linear-gray,test-cmyk}.icc .

python3 make-images.py "$work"
vips copy "$work/synthetic.ppm" synthetic.png
vips copy "$work/synthetic.ppm" "synthetic.jpg[Q=95,strip]"
vips thumbnail ../../../Samples/coffee.png "$work/photo.v" 200
vips copy "$work/photo.v" "photo.jpg[Q=90,strip]"
vips copy "$work/photo.v" "$work/photo.ppm"

for name in synthetic photo; do
    src="$work/$name.ppm"
    [ "$name" = synthetic ] && vips icc_transform "$src" synthetic-p3.png display-p3.icc --input-profile srgb
    [ "$name" = synthetic ] && vips icc_transform "$src" synthetic-adobe.png adobe-rgb.icc --input-profile srgb
    q=$([ "$name" = synthetic ] && echo 95 || echo 90)
    vips icc_transform "$src" "$name-p3.jpg[Q=$q]" display-p3.icc --input-profile srgb
    [ "$name" = synthetic ] && vips icc_transform "$src" "$name-adobe.jpg[Q=$q]" adobe-rgb.icc --input-profile srgb
    read -r w h < <("$work/make-cmyk" test-cmyk.icc "$src" "$work/$name.cmyk")
    vips rawload "$work/$name.cmyk" "$work/$name-cmyk.v" "$w" "$h" 4
    vips copy "$work/$name-cmyk.v" "$work/$name-cmyk-i.v" --interpretation cmyk
    vips jpegsave "$work/$name-cmyk-i.v" "$name-cmyk.jpg" --Q "$q" --profile test-cmyk.icc
done

vips copy "$work/gray-ramp.pgm" gray-ramp.png
vips pngsave "$work/gray-ramp.pgm" gray-linear.png --profile linear-gray.icc
vips jpegsave "$work/gray-ramp.pgm" gray-linear.jpg --Q 95 --profile linear-gray.icc
heif-enc -L gray-linear.png -o gray-linear.heic >/dev/null
avifenc --jobs 1 -s 6 -l gray-linear.png gray-linear.avif >/dev/null
avifenc --jobs 1 -s 6 --min 20 --max 30 --icc linear-gray.icc synthetic.png synthetic-gray-icc.avif >/dev/null
ls -l
