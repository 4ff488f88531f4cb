#!/usr/bin/env bash
# Fuzz/shim-check.sh [FILE-OR-FOLDER...]
#
# Leak and memory-error check of the C shim on its own, under valgrind: builds
# Fuzz/ShimCheck/shim_check.c with the shim's sources (no Swift: valgrind cannot run the Swift
# runtime's dispatch threads), then drives every file through every error path the shim has —
# memory and file sources, every DCT scale, libjpeg's memory cap, an expired deadline, a scan
# cap, tight PNG limits, ICC chunks kept or over a limit, raw CMYK rows, WebP frames whole,
# scaled and abandoned, GIF frames read, skipped and abandoned, HEIC and AVIF images and
# thumbnails decoded whole or half read, under libheif's default or a tiny size cap, the thumbnail encoders
# (ic_encode.c: JPEG and PNG to memory) and the tests' PNG writer (Tests/CTestPNGWriter) on an image made of
# each file's bytes, finished, abandoned and refused — and LittleCMS over every
# embedded profile, and fails on any leak ("definitely" or "indirectly lost"), invalid
# read or write, or use of uninitialised memory. Default inputs: the shared corpus, Samples/, the WebP, GIF and HEIF fixtures,
# Fuzz/crashes/ and, when present, the fuzzers' working corpora (inputs that reached new code).
# Then, without valgrind, the dav1d path's heap against its reservation on every AVIF input
# (Fuzz/ShimCheck/dav1d_heap.c). Needs valgrind, liblcms2-dev, libwebp-dev, libgif-dev and libheif-dev (apt-get install valgrind
# liblcms2-dev libwebp-dev libgif-dev libheif-dev).
set -euo pipefail
cd "$(dirname "$0")/.."

corpus="${IMAGECOLORS_CORPUS:-../shared/corpus}"
out="Fuzz/.build-corpus"
mkdir -p "$out"
binary="$out/shim_check"
# The system C compiler, or the clang every Swift toolchain ships when there is none; DWARF 4,
# which Debian 12's valgrind reads (the toolchain's clang emits DWARF 5 by default).
compiler="${CC:-$(command -v cc || command -v clang)}"
# GCC's -Wclobbered flags locals set before a setjmp and never changed after it (the PNG
# writer's colour type): a false alarm there, which clang (the shim's compiler in SwiftPM)
# does not raise.
quiet=()
if "$compiler" --version 2>/dev/null | grep -qi 'gcc\|free software'; then quiet=(-Wno-clobbered); fi
# shellcheck disable=SC2046
"$compiler" -std=gnu11 -O1 -gdwarf-4 -Wall -Wextra -Werror "${quiet[@]}" -ISources/CImageCodecs/include \
    -ITests/CTestPNGWriter/include \
    Fuzz/ShimCheck/shim_check.c Sources/CImageCodecs/*.c Tests/CTestPNGWriter/ic_png_write.c \
    $(pkg-config --cflags --libs libjpeg libpng16 lcms2 libwebpdemux libgif libheif aom libde265) -o "$binary"

if [ $# -gt 0 ]; then
    mapfile -t files < <(find "$@" -type f | sort)
else
    # Images of the corpus and the samples; every file the fuzzers kept (they have no names).
    mapfile -t files < <({
        find "$corpus" Samples -type f \( -name '*.png' -o -name '*.jpg' \)
        # phone-4032.avif (12 MP) takes about 3 minutes under valgrind: the heap check below only.
        find Tests/Fixtures/WebP Tests/Fixtures/GIF Tests/Fixtures/HEIF -maxdepth 1 -type f \
            \( -name '*.webp' -o -name '*.gif' -o -name '*.heic' -o -name '*.avif' \) ! -name phone-4032.avif
        find Fuzz/crashes -type f ! -name '*.md'
        for dir in "$out"/analyze "$out"/jpeg "$out"/png "$out"/dc "$out"/webp "$out"/gif "$out"/heif; do [ -d "$dir" ] && find "$dir" -type f; done
    } 2>/dev/null | sort)
fi
echo "== shim check: ${#files[@]} files under valgrind"
# One valgrind per 40 files, as many at once as there are cores (-P): the check takes minutes.
log="$out/shim-check.log"
status=0
# dav1d in plain C (the shim reads IC_DAV1D_CPU_MASK): valgrind cannot translate its AVX2 assembly.
printf '%s\0' "${files[@]}" | IC_DAV1D_CPU_MASK=0 xargs -0 -n 40 -P "$(nproc)" valgrind -q --leak-check=full --show-leak-kinds=definite,indirect \
    --errors-for-leak-kinds=definite,indirect --error-exitcode=99 "$binary" > "$log" 2>&1 || status=$?
# valgrind -q prints only errors and leaks; the batches print their counts, summed here.
grep -v '^shim_check: [0-9]* files' "$log" || true
awk '/^shim_check: [0-9]+ files/ { f += $2; c += $4; p += $8; t += $13; x += $17 }
     END { printf "== shim check: %d files, %d shim calls, %d profiles parsed and %d transforms run by LittleCMS, %d contract failures\n", f, c, p, t, x }' "$log"
if [ "$status" -ne 0 ]; then echo "Fuzz/shim-check.sh: valgrind found errors or leaks (see above)" >&2; fi

# The dav1d path's reservation against a malloc counter (Fuzz/ShimCheck/dav1d_heap.c, no valgrind:
# it stands in for malloc itself), over the AVIF files among the inputs.
heap="$out/dav1d_heap"
# shellcheck disable=SC2046
"$compiler" -std=gnu11 -O1 -Wall -Wextra -Werror "${quiet[@]}" -ISources/CImageCodecs/include \
    Fuzz/ShimCheck/dav1d_heap.c Sources/CImageCodecs/*.c \
    $(pkg-config --cflags --libs libjpeg libpng16 lcms2 libwebpdemux libgif libheif aom libde265) -o "$heap"
mapfile -t avifs < <(printf '%s\n' "${files[@]}" | grep '\.avif$' || true)
[ $# -gt 0 ] || avifs+=(Tests/Fixtures/HEIF/phone-4032.avif)
if [ "${#avifs[@]}" -gt 0 ]; then
    echo "== dav1d's heap against its reservation: ${#avifs[@]} AVIF files"
    if ! "$heap" "${avifs[@]}" > "$out/dav1d-heap.log"; then
        grep '^OVER' "$out/dav1d-heap.log" >&2
        echo "Fuzz/shim-check.sh: the dav1d path allocated more than it reserves (see above)" >&2
        status=1
    fi
    grep -c '^ok' "$out/dav1d-heap.log" | sed 's/^/== dav1d heap: within the reservation on /; s/$/ files on the dav1d path/'
fi
exit "$status"
