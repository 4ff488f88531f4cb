#!/usr/bin/env bash
# Fuzz/run.sh [SECONDS] [TARGET...]
#
# Builds the libFuzzer targets (AddressSanitizer on, the C shim and the Swift code instrumented),
# replays the inputs kept in Fuzz/crashes/, then fuzzes each TARGET for SECONDS (default 60; 0
# stops after the build and the replay) from a working corpus seeded with ../shared/corpus,
# Samples/ and Tests/Fixtures (colour-managed images, WebPs and GIFs). Targets: analyze, jpeg,
# png, dc (the DC reader at 1/8, progressive and sequential files, colour management on;
# progressive seeds made by Fuzz/make-seeds.sh), icc (bytes as an ICC profile, through
# LittleCMS), webp (libwebp: still, animated, every frame), vp8l (lossless first frames through
# the library's streamed VP8L decoder and libwebp, which must agree), gif (giflib: streamed first
# frames, composited animations), heif (libheif: HEIC and AVIF, seeded from Tests/Fixtures/HEIF)
# thumbnail (any bytes analysed with a thumbnail: its downscaler and the shim's JPEG and
# PNG encoders, each thumbnail decoded back) and location (bytes as a redirect's Location header:
# the loader's URL resolution and checks; built alone when it is the only target); default: all eleven. Exits non-zero on any
# finding: a crash, a sanitizer report, a leak, a hang past -timeout, an allocation past
# -malloc_limit_mb or memory past -rss_limit_mb. Each finding is written to
# Fuzz/crashes/TARGET-KIND-HASH; commit it, once fixed, as a regression seed (every run replays
# it). Each log ends with `reach:` lines: which decoders, colour paths and errors inputs hit.
#
# Environment: FUZZ_PARALLEL (targets fuzzed at once, default 1), FUZZ_JOBS (libFuzzer -fork
# processes per target, default 1), FUZZ_SCRATCH (build folder, default .build-fuzz),
# IMAGECOLORS_CORPUS (default ../shared/corpus).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=(analyze jpeg png dc icc webp vp8l gif heif thumbnail location); fi

scratch="${FUZZ_SCRATCH:-.build-fuzz}"
corpus="${IMAGECOLORS_CORPUS:-../shared/corpus}"
jobs="${FUZZ_JOBS:-1}"
work="Fuzz/.build-corpus"          # working corpora and logs; .build-* is ignored by git
crashes="Fuzz/crashes"
mkdir -p "$work" "$crashes"

# Limits, for the 30 MB memory budget the harness analyses with:
# - max_len: 64 KiB holds every small corpus file whole (larger seeds are cut, still useful);
# - timeout: the harness's decode deadline is 1 s; a 10 s input is a hang (ASan slows ~2-3x);
# - malloc_limit_mb: no single allocation may come near the budget's 30 MB plus slack;
# - rss_limit_mb: the budget, the Swift runtime, ASan's shadow and quarantine, libFuzzer's corpus.
# Swift's crash backtracer would run first on a fatalError and hang reading the ASan process's
# memory; libFuzzer's own handler must see the trap and write the input out.
export SWIFT_BACKTRACE=enable=no
flags=(-max_len=65536 -timeout=10 -malloc_limit_mb=64 -rss_limit_mb=1536 -print_final_stats=1)

binary_name() {
    case "$1" in
        analyze) echo FuzzAnalyze ;;
        jpeg) echo FuzzJPEG ;;
        png) echo FuzzPNG ;;
        dc) echo FuzzDC ;;
        icc) echo FuzzICC ;;
        webp) echo FuzzWebP ;;
        vp8l) echo FuzzVP8L ;;
        gif) echo FuzzGIF ;;
        heif) echo FuzzHEIF ;;
        thumbnail) echo FuzzThumbnail ;;
        location) echo FuzzLocation ;;
        *) echo "Fuzz/run.sh: unknown target '$1' (analyze, jpeg, png, dc, icc, webp, vp8l, gif, heif, thumbnail, location)" >&2; exit 2 ;;
    esac
}
for target in "${targets[@]}"; do binary_name "$target" > /dev/null; done

echo "== building the fuzzers ($scratch)"
# SwiftPM does not notice a source file added to the package Fuzz/ depends on by path (the
# project) until Fuzz/Package.swift changes, and the link then fails with undefined symbols: a
# changed list of the project's source files makes it plan the build again.
sources="$(cd Sources && find . -name '*.c' -o -name '*.swift' | sort)"
stamp="$scratch/.project-sources"
if [ "$(cat "$stamp" 2>/dev/null)" != "$sources" ]; then touch Fuzz/Package.swift; fi
# `--sanitize=fuzzer --sanitize=address` gives clang both, but swiftc keeps only the last
# -sanitize= flag it is given (ASan without coverage); the combined flag restores coverage.
# The location target alone needs none of the project's modules: build only its product then.
only=()
if [ "${targets[*]}" = location ]; then only=(--product FuzzLocation); fi
swift build --package-path Fuzz --scratch-path "$scratch" -c release "${only[@]}" \
    --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing
bin="$scratch/release"
printf '%s\n' "$sources" > "$stamp"

# Which format a file's bytes announce (never its name).
sniff() {
    local magic
    magic="$(head -c 12 "$1" | od -An -tx1 | tr -d ' \n')"
    case "$magic" in
        ffd8ff*) echo jpeg ;;
        89504e470d0a1a0a*) echo png ;;
        52494646????????57454250) echo webp ;;
        474946383961*|474946383761*) echo gif ;;
        ????????66747970*) echo heif ;;
        *) echo other ;;
    esac
}

seed() {
    local target="$1" dir="$work/$1" file kind name
    mkdir -p "$dir"
    case "$target" in
        dc)
            # Small made progressive files, the corpus's ICC-tagged and CMYK JPEGs, the kept findings.
            Fuzz/make-seeds.sh dc "$dir"
            for file in "$corpus"/color/*.jpg "$corpus"/jpeg/*.jpg Tests/Fixtures/ColorManagement/*.jpg; do
                if [ -f "$file" ]; then cp "$file" "$dir/$(basename "$(dirname "$file")")-$(basename "$file")"; fi
            done
            return 0 ;;
        icc) Fuzz/make-seeds.sh icc "$dir"; return 0 ;;
        location)
            # Locations: absolute, scheme-relative, relative, odd ports, IPv6, credentials.
            local i=0 text
            for text in "http://example.com:8080/x.png" "//h.example:70000/y" "/relative/z.png?q=1" "../up#f" \
                "https://u:p@h.example/" "http://[::1]:65536/" "http://h:0080/" "https://h:99999999999999999999/" \
                "http://h:/" "HTTP://H.EXAMPLE:65535" "ftp://h/" "http://[fe80::1%25eth0]:1/"; do
                printf '%s' "$text" > "$dir/seed-$i"
                i=$((i + 1))
            done
            return 0 ;;
    esac
    while IFS= read -r -d '' file; do
        kind="$(sniff "$file")"
        if [ "$target" = analyze ] || [ "$target" = thumbnail ] || [ "$kind" = "$target" ] \
            || { [ "$target" = vp8l ] && [ "$kind" = webp ]; }; then
            name="$(basename "$(dirname "$file")")-$(basename "$file")"
            [ -e "$dir/$name" ] || cp "$file" "$dir/$name"
        fi
    done < <(find "$corpus" Samples Tests/Fixtures -path '*/oracle' -prune -o -type f \
        \( -name '*.png' -o -name '*.jpg' -o -name '*.webp' -o -name '*.gif' -o -name '*.heic' -o -name '*.avif' \) \
        -print0 2>/dev/null)
    # Small WebPs the fixtures lack, made with libwebp's tools when installed (Fuzz/make-seeds.sh).
    if [ "$target" = webp ] || [ "$target" = vp8l ]; then Fuzz/make-seeds.sh webp "$dir" || true; fi
    # Tiny HEICs and AVIFs (a thumbnail, a grid, 10-bit, alpha) with heif-enc and avifenc.
    if [ "$target" = heif ]; then Fuzz/make-seeds.sh heif "$dir" || true; fi
    # JPEG codings the corpus lacks, made losslessly from a corpus file when libjpeg-turbo's
    # tools are installed: restart markers, arithmetic, greyscale, progressive with many scans.
    if [ "$target" != png ] && [ "$target" != webp ] && [ "$target" != vp8l ] && [ "$target" != gif ] && [ "$target" != heif ] && command -v jpegtran > /dev/null && [ -f "$corpus/jpeg/testorig.jpg" ]; then
        local source="$corpus/jpeg/testorig.jpg"
        jpegtran -restart 1 -outfile "$dir/made-restart.jpg" "$source" 2> /dev/null || true
        jpegtran -arithmetic -progressive -outfile "$dir/made-arith-progressive.jpg" "$source" 2> /dev/null || true
        jpegtran -grayscale -outfile "$dir/made-grey.jpg" "$source" 2> /dev/null || true
        jpegtran -optimize -copy none -outfile "$dir/made-optimized.jpg" "$source" 2> /dev/null || true
    fi
    if [ "$target" != png ] && [ "$target" != webp ] && [ "$target" != vp8l ] && [ "$target" != gif ] && [ "$target" != heif ] && command -v cjpeg > /dev/null && [ -f "$corpus/jpeg/testorig.ppm" ]; then
        cjpeg -sample 1x1 -quality 50 -outfile "$dir/made-444.jpg" "$corpus/jpeg/testorig.ppm" 2> /dev/null || true
        cjpeg -sample 2x1 -progressive -outfile "$dir/made-422-progressive.jpg" "$corpus/jpeg/testorig.ppm" 2> /dev/null || true
    fi
}

dictionary() {
    case "$1" in
        jpeg) echo "Fuzz/dictionaries/jpeg.dict" ;;
        png) echo "Fuzz/dictionaries/png.dict" ;;
        dc)
            cat Fuzz/dictionaries/jpeg.dict Fuzz/dictionaries/icc.dict > "$work/dc.dict"
            echo "$work/dc.dict" ;;
        icc) echo "Fuzz/dictionaries/icc.dict" ;;
        webp)
            cat Fuzz/dictionaries/webp.dict Fuzz/dictionaries/icc.dict > "$work/webp.dict"
            echo "$work/webp.dict" ;;
        # The lossless bitstream has no markers worth a dictionary; its RIFF chunks are WebP's.
        vp8l) echo "Fuzz/dictionaries/webp.dict" ;;
        gif) echo "Fuzz/dictionaries/gif.dict" ;;
        heif)
            cat Fuzz/dictionaries/heif.dict Fuzz/dictionaries/icc.dict > "$work/heif.dict"
            echo "$work/heif.dict" ;;
        location) echo "Fuzz/dictionaries/location.dict" ;;
        analyze | thumbnail)
            cat Fuzz/dictionaries/jpeg.dict Fuzz/dictionaries/png.dict Fuzz/dictionaries/webp.dict Fuzz/dictionaries/gif.dict > "$work/$1.dict"
            echo "$work/$1.dict" ;;
    esac
}

status=0
# Inputs kept from earlier findings must stay harmless for every target.
mapfile -t kept < <(find "$crashes" -type f ! -name '.*' ! -name '*.md' | sort)
if [ ${#kept[@]} -gt 0 ]; then
    for target in "${targets[@]}"; do
        name="$(binary_name "$target")"
        echo "== $name: replaying ${#kept[@]} kept input(s) from $crashes"
        if ! "$bin/$name" "${flags[@]}" "${kept[@]}" > "$work/$target-replay.log" 2>&1; then
            echo "Fuzz/run.sh: $name fails on a kept input; see $work/$target-replay.log" >&2
            tail -n 40 "$work/$target-replay.log" >&2
            status=1
        fi
    done
fi

if [ "$seconds" -eq 0 ]; then exit "$status"; fi

# Seeds, fuzzes and reports one target; its summary goes to stdout, its problems to stderr.
fuzz_one() {
    local target="$1" name log code
    name="$(binary_name "$target")"
    seed "$target"
    log="$work/$target.log"
    echo "== $name: fuzzing for ${seconds}s from $(find "$work/$target" -type f | wc -l) inputs (log: $log)"
    local run=(-max_total_time="$seconds" -dict="$(dictionary "$target")" -artifact_prefix="$crashes/$target-")
    if [ "$jobs" -gt 1 ]; then run+=(-fork="$jobs" -ignore_crashes=0); fi
    set +e
    "$bin/$name" "${flags[@]}" "${run[@]}" "$work/$target" > "$log" 2>&1
    code=$?
    set -e
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)' "$log" | sed "s/^/   /" || true
    grep -E '^#[0-9]+ *DONE' "$log" | tail -n 1 | sed "s/^/   /" || true
    # What the inputs reached (FuzzSupport/Reach.swift): decoders, colour paths, errors.
    grep -E '^reach: ' "$log" | sed "s/^/   /" || true
    if [ "$code" -ne 0 ]; then
        echo "Fuzz/run.sh: $name found a problem (exit $code); input in $crashes/, log $log" >&2
        grep -E 'ERROR|SUMMARY|Fatal error|Test unit written|==[0-9]+==' "$log" | head -n 20 >&2 || true
        return 1
    fi
}

# FUZZ_PARALLEL targets at a time (each fuzzer is one process on one core), in target order;
# each batch's summaries are printed once it is done.
parallel="${FUZZ_PARALLEL:-1}"
for ((first = 0; first < ${#targets[@]}; first += parallel)); do
    batch=("${targets[@]:first:parallel}")
    pids=()
    for target in "${batch[@]}"; do
        fuzz_one "$target" > "$work/$target.summary" 2>&1 &
        pids+=($!)
    done
    for i in "${!batch[@]}"; do
        if ! wait "${pids[$i]}"; then status=1; fi
        cat "$work/${batch[$i]}.summary"
    done
done
exit "$status"
