# Set-up shared by the benchmark scripts (compare.sh, compare-webp.sh, compare-heif.sh,
# memory.sh; need() also by Scripts/serve-lib.sh). Source it from the repository root, after
# `cd`, with `work` set to the script's folder of made images.

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

# comparison_venv: Pillow and pyvips (the libraries compared against) from PyPI into
# Benchmarks/.build-venv, made once; sets `venv` to it.
comparison_venv() {
    venv=Benchmarks/.build-venv
    if [ ! -x "$venv/bin/python" ]; then
        python3 -m venv "$venv"
        "$venv/bin/pip" install --quiet "Pillow==13.0.0" "pyvips==3.2.0"
    fi
}

# pyvips_thumbnail_script: writes $work/pyvips-thumbnail.py, pyvips' 250 px thumbnail of its
# argument, printing "WxH MS IMPORT_MS" (the work, then the import, in milliseconds).
pyvips_thumbnail_script() {
    cat > "$work/pyvips-thumbnail.py" <<'PY'
import sys, time
start = time.perf_counter()
import pyvips
imported = time.perf_counter()
image = pyvips.Image.thumbnail(sys.argv[1], 250)
image.write_to_memory()
done = time.perf_counter()
print(f"{image.width}x{image.height} {(done - imported) * 1000:.1f} {(imported - start) * 1000:.1f}")
PY
}

# make_image NAME COMMAND…: runs COMMAND to make $work/NAME, unless a previous run made it.
make_image() {
    local name=$1
    shift
    # The maker's own output (avifenc and heif-enc print progress on stdout) goes to stderr,
    # so that it never lands among a script's tables.
    [ -s "$work/$name" ] || {
        echo "making $name" >&2
        "$@" >&2
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

# docs_tables SCRIPT_ARGS… -- NAME=HEADER…: with UPDATE_DOCS=1, runs the calling script again
# (its output shown as usual and kept), then writes each table it printed into
# Benchmarks/README.md between `<!-- BEGIN NAME -->` and `<!-- END NAME -->`, stamped with the
# date, the commit and the load, and exits with the script's status. HEADER is how the
# table's first line starts; the table is that line and every `|` line after it. Without
# UPDATE_DOCS it returns at once: the script just runs. Tables in the docs are written only
# this way, never by hand.
docs_tables() {
    if [ "${UPDATE_DOCS:-0}" != 1 ] || [ -n "${IMAGECOLORS_DOCS_RUN:-}" ]; then return 0; fi
    local arguments=() self log status
    while [ $# -gt 0 ] && [ "$1" != -- ]; do
        arguments+=("$1")
        shift
    done
    shift
    self=$(cd "$OLDPWD" && realpath "$0")
    log=$(mktemp)
    set +e
    IMAGECOLORS_DOCS_RUN=1 bash "$self" "${arguments[@]}" | tee "$log"
    status=${PIPESTATUS[0]}
    set -e
    python3 - "$log" "$(dirname "${BASH_SOURCE[0]}")/README.md" "$(basename "$self")" \
        "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" "$(cut -d' ' -f1 /proc/loadavg)" "$@" <<'PY'
import datetime, re, sys
log, doc, script, commit, load = sys.argv[1:6]
output = open(log, encoding="utf-8").read().split("\n")
text = open(doc, encoding="utf-8").read()
for spec in sys.argv[6:]:
    name, header = spec.split("=", 1)
    start = next((i for i, line in enumerate(output) if line.startswith(header)), None)
    if start is None:
        print(f"docs: {script} printed no table starting {header!r}; {name} left as it was", file=sys.stderr)
        continue
    end = start
    while end < len(output) and output[end].startswith("|"):
        end += 1
    stamp = f"_Written by `Benchmarks/{script}` on {datetime.date.today()} at {commit}, load {load}._"
    block = f"<!-- BEGIN {name} -->\n{stamp}\n\n" + "\n".join(output[start:end]) + f"\n<!-- END {name} -->"
    pattern = re.compile(rf"<!-- BEGIN {re.escape(name)} -->.*?<!-- END {re.escape(name)} -->", re.S)
    if not pattern.search(text):
        print(f"docs: {doc} has no markers for {name}", file=sys.stderr)
        continue
    text = pattern.sub(lambda _: block, text)
    print(f"docs: {name} written to {doc}", file=sys.stderr)
open(doc, "w", encoding="utf-8").write(text)
PY
    rm -f "$log"
    exit "$status"
}
