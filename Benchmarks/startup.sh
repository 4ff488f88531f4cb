#!/usr/bin/env bash
# Start-up: what one `imagecolors` process costs before it does any work, against a C tool.
# Scripts run the CLI once per file (find -exec, xargs, make), so this is paid per image.
#
# Times, in alternating rounds (each round runs every command once, in an order that rotates,
# so a slow spell on a shared machine hits them all):
#   - `imagecolors --version` and `imagecolors analyze --format json` of a 16×16 PNG, for the
#     static install build (`--static-swift-stdlib`, as the README's "Install the CLI" builds it)
#     and the plain release build (shared Swift runtime and Foundation);
#   - `djpeg` of a 16×16 JPEG (libjpeg-turbo's whole process) and `true`: the floor a C tool
#     and an empty process set on this machine.
# Each timed run is spawned directly (posix_spawn, wait4: no shell or /usr/bin/time in the
# timing); peak RSS comes from separate runs under GNU time (a child spawned from Python would
# count Python's pages, which it shares until exec). Prints the median wall time and the
# largest peak RSS per command, and the targets
# (static build: --version at most 5 ms, the PNG at most 8 ms, --version's peak RSS at most 12 MB).
# With valgrind installed, also `--version`'s instructions, the whole process under callgrind (on
# a copy without debug information, which valgrind 3.19 cannot read): those repeat to a fraction
# of a percent on a machine whose times do not.
# Exit status 0; the numbers are the result.
#
# Usage: Benchmarks/startup.sh [ROUNDS]        (default 21)
#   IMAGECOLORS_BIN=path   the static build to measure instead of building it (SCRATCH: its build
#                          folder, default .build-static)
#   PLAIN_BIN=path         the plain build to measure instead of building it (PLAIN_SCRATCH: its
#                          build folder, default .build-rel)
# Needs: libjpeg-turbo-progs (cjpeg, djpeg), time, python3.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-21}

source Benchmarks/lib.sh
docs_tables "$@" -- "startup=| command |"
need startup.sh "libjpeg-turbo-progs time python3" cjpeg djpeg python3 /usr/bin/time

work=Benchmarks/.build-startup
mkdir -p "$work"
static=$(release_cli "${SCRATCH:-.build-static}")
if [ -n "${PLAIN_BIN:-}" ]; then
    plain=$PLAIN_BIN
else
    swift build -c release --product imagecolors --scratch-path "${PLAIN_SCRATCH:-.build-rel}" >&2
    plain=${PLAIN_SCRATCH:-.build-rel}/release/imagecolors
fi

# A 16×16 gradient as PNG (written here, zlib only) and as JPEG (cjpeg from the same pixels).
python3 - "$work" <<'PY'
import struct, sys, zlib
work = sys.argv[1]
pixels = bytes(v for y in range(16) for x in range(16) for v in (x * 16, y * 16, 128))
with open(f"{work}/tiny.ppm", "wb") as f:
    f.write(b"P6 16 16 255\n" + pixels)
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
raw = b"".join(b"\0" + pixels[y * 48:(y + 1) * 48] for y in range(16))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 16, 8, 2, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
open(f"{work}/tiny.png", "wb").write(png)
PY
cjpeg -quality 85 -outfile "$work/tiny.jpg" "$work/tiny.ppm"

# Instructions of the whole process, when valgrind is there.
counts=$work/instructions
: >"$counts"
if command -v valgrind >/dev/null; then
    for side in static plain; do
        binary=$static
        [ "$side" = plain ] && binary=$plain
        objcopy --strip-debug "$binary" "$work/$side"
        # --version only: valgrind 3.19 itself crashes in an analysis (SIGSEGV in callgrind while
        # libdispatch's signal thread sits in sigsuspend, SignalCancellation's).
        valgrind --tool=callgrind --callgrind-out-file="$work/cg" "$work/$side" --version >/dev/null 2>&1
        echo "version $side $(awk '/^summary:|^totals:/ {print $2; exit}' "$work/cg")" >>"$counts"
    done
    rm -f "$work/cg"
fi

python3 - "$rounds" "$static" "$plain" "$work" "$counts" <<'PY'
import os, shutil, statistics, sys, time
rounds, static, plain, work = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
instructions = {(row, side): int(count) for row, side, count in (line.split() for line in open(sys.argv[5]))}
png, jpeg = f"{work}/tiny.png", f"{work}/tiny.jpg"
true = next(p for p in ("/usr/bin/true", "/bin/true") if os.path.exists(p))
djpeg = shutil.which("djpeg")
# key → (row, column, argv)
commands = {
    ("version", "static"): [static, "--version"],
    ("version", "plain"): [plain, "--version"],
    ("png", "static"): [static, "analyze", "--format", "json", png],
    ("png", "plain"): [plain, "analyze", "--format", "json", png],
    ("djpeg", "floor"): [djpeg, "-outfile", "/dev/null", jpeg],
    ("true", "floor"): [true],
}
null = os.open(os.devnull, os.O_RDWR)
def run(argv):
    start = time.perf_counter_ns()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[
        (os.POSIX_SPAWN_DUP2, null, 0), (os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)])
    _, status = os.waitpid(pid, 0)
    elapsed = time.perf_counter_ns() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"startup.sh: {' '.join(argv)} failed")
    return elapsed
def peak_rss(argv):  # KB, under GNU time
    report = f"{work}/rss"
    run(["/usr/bin/time", "-f", "%M", "-o", report] + argv)
    return int(open(report).read().split()[-1])
keys = list(commands)
for key in keys:  # each works, and its pages are in the cache, before it is timed
    run(commands[key])
times = {key: [] for key in keys}
rss = {key: 0 for key in keys}
for r in range(rounds):
    order = keys[r % len(keys):] + keys[:r % len(keys)]
    for key in (order if r % 2 == 0 else order[::-1]):
        times[key].append(run(commands[key]))
for key in keys:
    rss[key] = max(peak_rss(commands[key]) for _ in range(3))
ms = lambda key: f"{statistics.median(times[key]) / 1e6:.1f} ms"
mb = lambda key: f"{rss[key] / 1024:.1f} MB"
def verdict(value, target, unit):
    return f"≤ {target} {unit}: {'met' if value <= target else '**missed**'}"
version = statistics.median(times[("version", "static")]) / 1e6
tiny = statistics.median(times[("png", "static")]) / 1e6
version_rss = rss[("version", "static")] / 1024
count = lambda key: f"{instructions[key] / 1e6:.1f} M" if key in instructions else ""
print("| command | static install build | plain release build | peak RSS, static | peak RSS, plain "
      "| instructions, static | instructions, plain | target (static) |")
print("| --- | --- | --- | --- | --- | --- | --- | --- |")
rows = (
    ("version", "`imagecolors --version`", f"{verdict(version, 5, 'ms')}; {verdict(version_rss, 12, 'MB')}"),
    ("png", "`imagecolors analyze` of a 16×16 PNG", verdict(tiny, 8, "ms")),
)
for row, name, target in rows:
    static_key, plain_key = (row, "static"), (row, "plain")
    print(f"| {name} | {ms(static_key)} | {ms(plain_key)} | {mb(static_key)} | {mb(plain_key)} "
          f"| {count(static_key)} | {count(plain_key)} | {target} |")
print(f"| `djpeg` of a 16×16 JPEG (a C tool) | {ms(('djpeg', 'floor'))} |  | {mb(('djpeg', 'floor'))} |  |  |  |  |")
print(f"| `true` (an empty process) | {ms(('true', 'floor'))} |  | {mb(('true', 'floor'))} |  |  |  |  |")
load = open("/proc/loadavg").read().split()[0]
print(f"\n{rounds} alternating rounds, load {load}; median wall time from spawn to exit, "
      "largest peak RSS of 3 runs under GNU time.")
PY
