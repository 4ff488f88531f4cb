# Set-up shared by the benchmark scripts (compare.sh, compare-webp.sh, memory.sh). Source it
# from the repository root, after `cd`, with `work` set to the script's folder of made images.

# need SCRIPT "DEBIAN PACKAGES" TOOL…: exits 2, naming the packages, when a tool is missing.
need() {
    local script=$1 packages=$2 tool
    shift 2
    for tool in "$@"; do
        command -v "$tool" >/dev/null || {
            echo "$script needs $tool (apt-get install -y $packages)" >&2
            exit 2
        }
    done
}

# release_cli SCRATCH: prints the path of the CLI to measure. IMAGECOLORS_BIN names one;
# otherwise it is built as the README's "Install the CLI" says, into SCRATCH: Swift's runtime
# and Foundation linked in, so a run does not load and relocate them (start-up about 9 ms
# instead of 14 on a quiet machine).
release_cli() {
    if [ -n "${IMAGECOLORS_BIN:-}" ]; then
        echo "$IMAGECOLORS_BIN"
        return
    fi
    swift build -c release --static-swift-stdlib --product imagecolors --scratch-path "$1" >&2
    echo "$1/release/imagecolors"
}

# make_image NAME COMMAND…: runs COMMAND to make $work/NAME, unless a previous run made it.
make_image() {
    local name=$1
    shift
    [ -s "$work/$name" ] || {
        echo "making $name" >&2
        "$@"
    }
}

# make_sample24: the sample photo scaled up to 6016×4014 (24 MP; rocket.jpg is 640×427, ×9.4),
# $work/base24.v, and the same picture with Gaussian noise (σ 10), $work/grain24-8.v: smooth
# files are cheap to decode, the grainy one is as dense as a camera photo.
make_sample24() {
    make_image base24.v vips resize Samples/rocket.jpg "$work/base24.v" 9.4
    make_image noise24.v vips gaussnoise "$work/noise24.v" 6016 4014 --sigma 10
    make_image grain24.v vips add "$work/base24.v" "$work/noise24.v" "$work/grain24.v"
    make_image grain24-8.v vips cast "$work/grain24.v" "$work/grain24-8.v" uchar
}
