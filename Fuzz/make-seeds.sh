#!/usr/bin/env bash
# Fuzz/make-seeds.sh dc|icc|webp|heif FOLDER
#
# Makes the seeds of the targets the corpus cannot seed well, into FOLDER (Fuzz/run.sh calls it):
#
# - dc: small progressive JPEGs (96×64 and odd sizes, so 1/8 scale is a handful of blocks and
#   an execution takes a millisecond) in every coding the progressive DC reader handles —
#   4:2:0, 4:2:2, 4:4:4, grey, CMYK (Adobe-inverted), restart intervals in rows and in blocks,
#   scan scripts with DC successive approximation and non-interleaved DC scans, ICC profiles
#   (Display P3, Adobe RGB, a grey profile, a CMYK profile, one split over three APP2 chunks) —
#   and a few it hands to libjpeg (baseline, arithmetic). Made from the shared corpus and
#   Tests/Fixtures/ColorManagement with libjpeg-turbo's cjpeg, djpeg and jpegtran
#   (Debian libjpeg-turbo-progs).
# - icc: bare ICC profiles (RGB matrix/TRC, grey, CMYK LUT), from Tests/Fixtures and, when
#   installed, /usr/share/color/icc.
# - webp: tiny WebPs (PngSuite's 32×32 images, so an execution takes a millisecond) in the
#   codings Tests/Fixtures/WebP has larger: lossy with and without compressed and filtered alpha,
#   lossless at several efforts (other transforms and colour caches), near-lossless, a palette,
#   and small animations, lossy, lossless and mixed, with cwebp and img2webp (Debian webp).
# - heif: tiny HEICs and AVIFs (PngSuite's 32×32 images, 64×64 for the grid): 8- and 10-bit,
#   alpha (straight and premultiplied), a thumbnail, a 2×2 grid, irot/imir, an ICC profile,
#   nclx P3 and PQ, lossless, with heif-enc (libheif-examples) and avifenc (libavif-bin).
#
# Deterministic: the same tools and inputs give the same seeds.
set -euo pipefail
cd "$(dirname "$0")/.."

target="${1:?usage: Fuzz/make-seeds.sh dc|icc|webp|heif FOLDER}"
out="${2:?usage: Fuzz/make-seeds.sh dc|icc|webp|heif FOLDER}"
corpus="${IMAGECOLORS_CORPUS:-../shared/corpus}"
fixtures="Tests/Fixtures/ColorManagement"
mkdir -p "$out"

# A 3-chunk APP2 ICC profile inserted after SOI: the reassembly's sequence/count rules.
split_icc() {
    local jpeg="$1" profile="$2" result="$3" size chunk i length
    size=$(wc -c < "$profile")
    chunk=$(( (size + 2) / 3 ))
    {
        head -c 2 "$jpeg"
        for i in 1 2 3; do
            local part
            part=$(tail -c +$(( (i - 1) * chunk + 1 )) "$profile" | head -c "$chunk" | wc -c)
            length=$(( part + 16 ))
            printf "\\xff\\xe2\\x$(printf %02x $((length >> 8)))\\x$(printf %02x $((length & 255)))"
            printf 'ICC_PROFILE\000'
            printf "\\x$(printf %02x "$i")\\x03"
            tail -c +$(( (i - 1) * chunk + 1 )) "$profile" | head -c "$chunk"
        done
        tail -c +3 "$jpeg"
    } > "$result"
}

make_dc() {
    command -v cjpeg > /dev/null && command -v jpegtran > /dev/null && command -v djpeg > /dev/null || {
        echo "Fuzz/make-seeds.sh: cjpeg, djpeg and jpegtran (libjpeg-turbo-progs) are needed for the dc seeds" >&2
        return 1
    }
    local tmp
    tmp="$(mktemp -d)"
    # shellcheck disable=SC2064
    trap "rm -rf '$tmp'" RETURN
    jpegtran -crop 96x64+40+40 -outfile "$tmp/crop.jpg" "$corpus/jpeg/testorig.jpg"
    djpeg -pnm -outfile "$tmp/small.ppm" "$tmp/crop.jpg"
    djpeg -pnm -grayscale -outfile "$tmp/small.pgm" "$tmp/crop.jpg"
    jpegtran -crop 83x57+16+16 -outfile "$tmp/odd.jpg" "$corpus/jpeg/testorig.jpg"
    djpeg -pnm -outfile "$tmp/odd.ppm" "$tmp/odd.jpg"

    # Scan scripts (libjpeg's wizard.txt syntax): DC in two successive-approximation steps,
    # non-interleaved first, then the AC bands with refinements.
    cat > "$tmp/dc-sa.scans" << 'EOF'
0: 0-0, 0, 2;
1: 0-0, 0, 2;
2: 0-0, 0, 2;
0,1,2: 0-0, 2, 1;
0,1,2: 0-0, 1, 0;
0: 1-5, 0, 1;
0: 6-63, 0, 1;
1: 1-63, 0, 0;
2: 1-63, 0, 0;
0: 1-63, 1, 0;
EOF
    # DC of luma alone, then chroma interleaved; the AC bands in one scan each.
    cat > "$tmp/dc-split.scans" << 'EOF'
0: 0-0, 0, 0;
1,2: 0-0, 0, 0;
0: 1-63, 0, 0;
1: 1-63, 0, 0;
2: 1-63, 0, 0;
EOF
    cat > "$tmp/grey-sa.scans" << 'EOF'
0: 0-0, 0, 3;
0: 0-0, 3, 2;
0: 0-0, 2, 1;
0: 0-0, 1, 0;
0: 1-63, 0, 0;
EOF

    local ppm="$tmp/small.ppm" p3="$fixtures/display-p3.icc" adobe="$fixtures/adobe-rgb.icc"
    cjpeg -progressive -sample 2x2 -outfile "$out/prog-420.jpg" "$ppm"
    cjpeg -progressive -sample 2x1 -outfile "$out/prog-422.jpg" "$ppm"
    cjpeg -progressive -sample 1x2 -outfile "$out/prog-440.jpg" "$ppm"
    cjpeg -progressive -sample 1x1 -quality 95 -outfile "$out/prog-444.jpg" "$ppm"
    cjpeg -progressive -sample 4x1 -outfile "$out/prog-411.jpg" "$ppm"
    cjpeg -progressive -grayscale -outfile "$out/prog-grey.jpg" "$ppm"
    cjpeg -progressive -rgb -outfile "$out/prog-rgb.jpg" "$ppm"
    cjpeg -progressive -restart 1 -outfile "$out/prog-restart-row.jpg" "$ppm"
    cjpeg -progressive -restart 3B -sample 1x1 -outfile "$out/prog-restart-3blocks.jpg" "$ppm"
    cjpeg -progressive -restart 1B -grayscale -outfile "$out/prog-restart-grey.jpg" "$ppm"
    cjpeg -scans "$tmp/dc-sa.scans" -outfile "$out/scans-dc-sa.jpg" "$ppm"
    cjpeg -scans "$tmp/dc-sa.scans" -restart 2B -outfile "$out/scans-dc-sa-restart.jpg" "$ppm"
    cjpeg -scans "$tmp/dc-split.scans" -sample 2x1 -outfile "$out/scans-dc-split.jpg" "$ppm"
    cjpeg -grayscale -scans "$tmp/grey-sa.scans" -outfile "$out/scans-grey-sa.jpg" "$ppm"
    cjpeg -progressive -optimize -outfile "$out/prog-odd.jpg" "$tmp/odd.ppm"
    cjpeg -progressive -icc "$p3" -outfile "$out/prog-icc-p3.jpg" "$ppm"
    cjpeg -progressive -icc "$adobe" -sample 1x1 -restart 1 -outfile "$out/prog-icc-adobe.jpg" "$ppm"
    cjpeg -progressive -grayscale -icc "$fixtures/linear-gray.icc" -outfile "$out/prog-icc-grey.jpg" "$ppm"
    # A grey profile on colour pixels, an RGB profile on grey: noted and ignored.
    cjpeg -progressive -icc "$fixtures/linear-gray.icc" -outfile "$out/prog-icc-mismatch.jpg" "$ppm"
    cjpeg -progressive -grayscale -icc "$p3" -outfile "$out/prog-icc-mismatch-grey.jpg" "$ppm"
    split_icc "$out/prog-420.jpg" "$p3" "$out/prog-icc-3chunks.jpg"
    # CMYK, Adobe-inverted as jpegtran writes it: from the corpus (no profile) and the fixtures
    # (a CMYK profile), cropped small.
    jpegtran -progressive -copy all -crop 96x64+0+0 -outfile "$out/prog-cmyk.jpg" "$corpus/color/pil_sample_cmyk.jpg"
    jpegtran -progressive -copy all -crop 64x64+0+0 -outfile "$out/prog-cmyk-icc.jpg" "$fixtures/synthetic-cmyk.jpg"
    jpegtran -progressive -copy all -crop 96x64+0+0 -outfile "$out/prog-photo-p3.jpg" "$fixtures/photo-p3.jpg"
    jpegtran -progressive -copy all -restart 1 -outfile "$out/prog-grey-linear.jpg" "$fixtures/gray-linear.jpg"
    jpegtran -progressive -copy all -outfile "$out/prog-icc-after-sof.jpg" "$corpus/color/icc-after-SOF.jpg" 2> /dev/null || true
    # For libjpeg: baseline (not progressive) and arithmetic-coded progressive, both at 1/8.
    cp "$tmp/crop.jpg" "$out/baseline.jpg"
    jpegtran -arithmetic -progressive -outfile "$out/prog-arithmetic.jpg" "$tmp/crop.jpg"
}

make_icc() {
    local file
    for file in "$fixtures"/*.icc /usr/share/color/icc/*.ic[cm] /usr/share/color/icc/*/*.ic[cm]; do
        [ -f "$file" ] || continue
        # Seeds stay small (libFuzzer's -max_len); large profiles are LUT-heavy and slow.
        [ "$(wc -c < "$file")" -le 65536 ] || continue
        cp "$file" "$out/$(basename "$(dirname "$file")")-$(basename "$file")"
    done
}

make_webp() {
    command -v cwebp > /dev/null && command -v img2webp > /dev/null || {
        echo "Fuzz/make-seeds.sh: cwebp and img2webp (webp) are needed for the webp seeds" >&2
        return 1
    }
    local suite="$corpus/pngsuite/valid" rgb alpha palette
    rgb="$suite/basn2c08.png" alpha="$suite/basn6a08.png" palette="$suite/basn3p08.png"
    cwebp -quiet -q 50 "$rgb" -o "$out/made-lossy.webp"
    cwebp -quiet -q 50 -alpha_q 60 -alpha_filter best "$alpha" -o "$out/made-lossy-alpha-filtered.webp"
    cwebp -quiet -q 50 -alpha_method 0 "$alpha" -o "$out/made-lossy-alpha-raw.webp"
    cwebp -quiet -lossless -z 0 "$rgb" -o "$out/made-lossless-z0.webp"
    cwebp -quiet -lossless -z 9 "$alpha" -o "$out/made-lossless-z9.webp"
    cwebp -quiet -near_lossless 40 "$rgb" -o "$out/made-near-lossless.webp"
    cwebp -quiet -lossless "$palette" -o "$out/made-palette.webp"
    img2webp -loop 2 -lossy -q 40 -d 30 "$rgb" -d 5 "$alpha" -o "$out/made-animated-lossy.webp" 2> /dev/null
    img2webp -loop 0 -lossless -d 80 "$alpha" -d 20 "$palette" -d 50 "$rgb" -o "$out/made-animated-lossless.webp" 2> /dev/null
    img2webp -mixed -d 10 "$palette" -d 40 "$rgb" -o "$out/made-animated-mixed.webp" 2> /dev/null
}

make_heif() {
    command -v heif-enc > /dev/null && command -v avifenc > /dev/null || {
        echo "Fuzz/make-seeds.sh: heif-enc (libheif-examples) and avifenc (libavif-bin) are needed for the heif seeds" >&2
        return 1
    }
    local suite="$corpus/pngsuite/valid" rgb alpha deep tmp
    rgb="$suite/basn2c08.png" alpha="$suite/basn6a08.png" deep="$suite/basn2c16.png"
    tmp=$(mktemp -d)
    heif-enc -q 50 "$rgb" -o "$out/made.heic" > /dev/null
    heif-enc -q 50 -b 10 "$deep" -o "$out/made-10bit.heic" > /dev/null
    heif-enc -q 50 "$alpha" -o "$out/made-alpha.heic" > /dev/null
    heif-enc -q 50 -t 16 "$rgb" -o "$out/made-thumb.heic" > /dev/null
    # A thumbnail of 56 px: at least the lowest quality's 50 px target, so analyses take it.
    convert "$rgb" -resize '112x112!' "$tmp/thumbed.png"
    heif-enc -q 30 -t 56 "$tmp/thumbed.png" -o "$out/made-thumb-56.heic" > /dev/null
    local avif=(avifenc --jobs 1 -s 10 --min 30 --max 40)
    "${avif[@]}" "$rgb" "$out/made.avif" > /dev/null
    "${avif[@]}" -d 10 "$rgb" "$out/made-10bit.avif" > /dev/null
    "${avif[@]}" -d 12 -y 444 "$rgb" "$out/made-12bit-444.avif" > /dev/null
    "${avif[@]}" "$alpha" "$out/made-alpha.avif" > /dev/null
    "${avif[@]}" -p "$alpha" "$out/made-premultiplied.avif" > /dev/null
    "${avif[@]}" --irot 3 --imir 0 "$rgb" "$out/made-irot-imir.avif" > /dev/null
    "${avif[@]}" --cicp 12/13/6 "$rgb" "$out/made-nclx-p3.avif" > /dev/null
    "${avif[@]}" -d 10 --cicp 9/16/9 "$rgb" "$out/made-pq.avif" > /dev/null
    "${avif[@]}" --icc Tests/Fixtures/ColorManagement/display-p3.icc "$rgb" "$out/made-icc.avif" > /dev/null
    "${avif[@]}" -y 400 "$rgb" "$out/made-grey.avif" > /dev/null
    avifenc --jobs 1 -s 10 -l "$rgb" "$out/made-lossless.avif" > /dev/null
    convert "$rgb" -resize '128x128!' "$tmp/grid.png"
    "${avif[@]}" -g 2x2 "$tmp/grid.png" "$out/made-grid.avif" > /dev/null
    "${avif[@]}" "$rgb" "$alpha" "$out/made-sequence.avif" > /dev/null
    rm -rf "$tmp"
}

case "$target" in
    dc) make_dc ;;
    icc) make_icc ;;
    webp) make_webp ;;
    heif) make_heif ;;
    *) echo "Fuzz/make-seeds.sh: no seeds to make for '$target' (dc, icc, webp, heif)" >&2; exit 2 ;;
esac
