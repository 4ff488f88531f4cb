#!/usr/bin/env bash
# The core stands alone: Samples/CoreOnly, a package that depends only on the ImageColorsCore
# product, is built from clean with pkg-config pointed at nothing (PKG_CONFIG_PATH and
# PKG_CONFIG_LIBDIR empty, so no C library's .pc file can be found), then its binary is checked:
#   1. only ImageColorsCore and the sample itself were compiled (no C target, no networking);
#   2. ldd lists none of libjpeg, libpng, lcms2, libwebp, giflib, libheif, SQLite, curl or
#      FoundationNetworking (nor Foundation's ICU data: the core uses FoundationEssentials);
#   3. nm finds no undefined symbol of those C libraries in the binary or the core's objects
#      (the same pattern is first shown to find libjpeg's in the codec module's objects, when
#      `swift build`/`swift test` has left them in .build, so the check can fail);
#   4. the sample runs: a made-up picture streamed row by row, and a PPM that djpeg decoded.
# Prints the clean build's time and the core's code size. Usage: Scripts/check-core.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${SCRATCH:-.build-core}
fail() { echo "check-core: $*" >&2; exit 1; }

rm -rf "$scratch"
started=$SECONDS
env PKG_CONFIG_PATH= PKG_CONFIG_LIBDIR= swift build --package-path Samples/CoreOnly --scratch-path "$scratch"
echo "check-core: Samples/CoreOnly built from clean in $((SECONDS - started)) s (debug)"
binary="$scratch/debug/core-only"

compiled=$(find "$scratch/debug/" -path '*.build/*' -name '*.o' | sed -E 's|.*/([^/]+)\.build/.*|\1|' | sort -u | xargs)
[ "$compiled" = "ImageColorsCore core_only" ] || fail "compiled more than the core: $compiled"
echo "check-core: compiled only: $compiled"

libraries='libjpeg|libpng|liblcms|libwebp|libgif|libheif|libsqlite|libcurl|libFoundationNetworking|libFoundation\.so|_FoundationICU'
if ldd "$binary" | grep -E "$libraries"; then fail "the binary links a library the core must not"; fi
echo "check-core: ldd: $(ldd "$binary" | awk '{print $1}' | xargs)"

symbols=' (jpeg_|png_|cms[A-Z]|_cms|WebP|DGif|EGif|heif_|sqlite3_|curl_)'
shim=.build/debug/CImageCodecs.build
if [ -d "$shim" ]; then
    found=$(nm -u "$shim"/*.o | grep -cE "$symbols" || true)
    [ "$found" -gt 0 ] || fail "the symbol pattern finds nothing in the codec shim's objects"
    echo "check-core: the pattern finds $found C-library symbols in the codec shim's objects"
fi
if nm -u "$binary" "$scratch"/debug/ImageColorsCore.build/*.o | grep -E "$symbols"; then
    fail "the core refers to a C library's symbol"
fi
echo "check-core: nm: no libjpeg, libpng, LittleCMS, libwebp, giflib, libheif, SQLite or curl symbol"

"$binary" | grep '^background #' > /dev/null || fail "the sample's streamed picture gave no colours"
if command -v djpeg > /dev/null; then
    djpeg Samples/rocket.jpg > "$scratch/rocket.ppm"
    # (not `tee /dev/stderr`: when stderr is a log file, opening it again truncates the log)
    colors=$("$binary" "$scratch/rocket.ppm")
    echo "$colors"
    grep '^background #' <<< "$colors" > /dev/null || fail "rocket.ppm gave no colours"
fi
code=$(size -t "$scratch"/debug/ImageColorsCore.build/*.o | awk 'END {print $1}')
echo "check-core: passed; the core's code: $code bytes of text (debug objects)"
