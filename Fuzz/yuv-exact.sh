#!/usr/bin/env bash
# Fuzz/yuv-exact.sh [--deep]
#
# The AVIF and HEIC row conversion (Sources/CImageCodecs/ic_heif_avif_rows.c, _convert.c and
# _avx2.c) against the conversion it replaced, byte for byte: builds Fuzz/ShimCheck/yuv_exact.c
# with those shim files and runs it, with AVX2 and without (every 8-bit Y, Cb, Cr triple through
# every matrix, range and libheif's per-tile factors; 10 and 12 bits; layouts, grids, crops,
# mirrors, turns and alpha; the geometries under valgrind too, where it is installed). Then
# builds it with the reference's red factor one float step off, which must fail: the check can
# see a change that small. --deep adds every 10-bit triple (minutes). Needs libdav1d-dev and
# libheif-dev (the shim's headers).
set -euo pipefail
cd "$(dirname "$0")/.."

out="Fuzz/.build-corpus"
mkdir -p "$out"
# The system C compiler, or the clang every Swift toolchain ships; -O2 as a release build.
compiler="${CC:-$(command -v cc || command -v clang)}"
build() {  # build OUTPUT [FLAGS…]
    local binary=$1
    shift
    # shellcheck disable=SC2046
    "$compiler" -std=gnu11 -O2 -Wall -Wextra -Werror "$@" -ISources/CImageCodecs/include \
        $(pkg-config --cflags libheif dav1d) Fuzz/ShimCheck/yuv_exact.c Sources/CImageCodecs/ic_heif_avif_rows.c \
        Sources/CImageCodecs/ic_heif_avif_convert.c Sources/CImageCodecs/ic_heif_avif_avx2.c \
        -lm -o "$binary"
}
build "$out/yuv_exact"
# The SSE2 vectors alone, as on a processor without AVX2.
build "$out/yuv_exact_sse2" -DIC_ROWS_SSE2_ONLY
# Both at once, each on one core (53 s and 55 s one after the other on CI's 2 cores), their
# output printed in order once both have ended.
"$out/yuv_exact" "$@" > "$out/yuv-exact-avx2.log" 2>&1 &
avx2=$!
"$out/yuv_exact_sse2" "$@" > "$out/yuv-exact-sse2.log" 2>&1 &
sse2=$!
avx2_status=0
sse2_status=0
wait "$avx2" || avx2_status=$?
wait "$sse2" || sse2_status=$?
cat "$out/yuv-exact-avx2.log"
echo "without AVX2:"
cat "$out/yuv-exact-sse2.log"
if [ "$avx2_status" -ne 0 ] || [ "$sse2_status" -ne 0 ]; then
    echo "Fuzz/yuv-exact.sh: the conversion differs (exit $avx2_status with AVX2, $sse2_status without)" >&2
    exit 1
fi
# The vectors' reads under valgrind, where it is installed (DWARF 4, which Debian 12's reads).
if command -v valgrind > /dev/null; then
    build "$out/yuv_exact_valgrind" -gdwarf-4
    echo "under valgrind:"
    valgrind -q --error-exitcode=99 "$out/yuv_exact_valgrind" --geometry
fi
build "$out/yuv_exact_perturbed" -DIC_PERTURB
if "$out/yuv_exact_perturbed" > "$out/yuv-exact-perturbed.log"; then
    echo "Fuzz/yuv-exact.sh: a reference one float step off passed: the check sees nothing" >&2
    exit 1
fi
echo "yuv_exact: a reference one float step off fails, as it must: $(grep -m1 '^FAIL' "$out/yuv-exact-perturbed.log")"
