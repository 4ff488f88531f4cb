"""A catalogue of card colours on Spark: one Parquet row per image source.

    python Samples/Spark/catalogue.py --binary PATH --input LIST --output DIR \
        [--master local[2]] [--via-service URL] [-- analyze flags…]

Each partition pipes its sources through `imagecolors analyze --format json --input-list -`
(RDD.pipe, the exit status not checked: a failed image is an error row, not a failed task), or,
with --via-service, posts them in batches to a running `imagecolors serve` fleet. Samples/Spark/
README.md says how to run it, what the columns are, and how sources are listed.
"""

import argparse
import math
import os
import re
import shlex
import subprocess
import sys
import threading
import time

from catalogue_rows import UNLISTABLE, error_row, join_partition, placeholder_kinds, schema
from catalogue_service import BatchClient, query_from_flags

HERE = os.path.dirname(os.path.abspath(__file__))
URL_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")
# Flags the job sets itself, or that make no sense per partition.
REFUSED_FLAGS = ("--format", "--input-list", "--thumbnail", "--help", "-h", "--version")


def parse_arguments(argv):
    """The job's options and the analyze flags after `--`. Exits 2 (argparse's usage status) on a mistake."""
    ours, flags = (argv[: argv.index("--")], argv[argv.index("--") + 1 :]) if "--" in argv else (argv, [])
    parser = argparse.ArgumentParser(prog="catalogue.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", help="the imagecolors CLI, at the same path on every executor")
    parser.add_argument("--input", required=True, help="a file of sources, one a line, or a folder")
    parser.add_argument("--output", required=True, help="the Parquet folder to write")
    parser.add_argument("--master", help="Spark's master (default: spark-submit's, else local[*])")
    parser.add_argument("--via-service", action="append", default=[], metavar="URL",
                        help="post to this imagecolors serve instead (repeat for a fleet)")  # fmt: skip
    parser.add_argument("--partitions", type=int, help="default: one per 1,000 sources, at least Spark's parallelism")
    parser.add_argument("--batch-size", type=int, default=100, help="URLs per service request (its --max-batch)")
    parser.add_argument("--overwrite", action="store_true", help="replace DIR when it exists")
    parser.add_argument("--progress-every", type=float, default=10.0, help="seconds between progress lines; 0: none")
    options = parser.parse_args(ours)
    refused = [flag for flag in flags if flag.split("=")[0] in REFUSED_FLAGS]
    if refused:
        parser.error(f"{refused[0]}: the job sets the output itself; pass only analysis options after --")
    if not options.via_service and not options.binary:
        parser.error("--binary is required unless --via-service names a server")
    if options.via_service:
        try:
            query_from_flags(flags)
        except ValueError as error:
            parser.error(str(error))
    return options, flags


def list_sources(path):
    """The sources to analyse, in order, without repeats, and how many repeats were dropped.

    A file holds one source a line, read as the CLI's --input-list reads it: each line trimmed,
    blank lines and lines starting with # skipped. A folder is listed recursively, sorted, its
    regular files (symbolic links to files included) as paths under the folder as given; hidden
    names (starting with .) are skipped, and links to folders are not followed.
    """
    if os.path.isdir(path):
        found = []
        for folder, folders, files in os.walk(path):
            folders[:] = sorted(name for name in folders if not name.startswith("."))
            found += [os.path.join(folder, name) for name in sorted(files) if not name.startswith(".")]
        listed = [source for source in found if os.path.isfile(source)]
    else:
        with open(path, encoding="utf-8") as handle:
            listed = [line.strip() for line in handle]
        listed = [line for line in listed if line and not line.startswith("#")]
    unique = list(dict.fromkeys(listed))
    return unique, len(listed) - len(unique)


def cli_line(source):
    """The line the CLI reads for `source`, or None when no --input-list line can name it.

    A URL (any scheme: the CLI judges it) stays as it is. A path becomes absolute, resolved here,
    so an executor whose working folder differs finds it, and so a name starting with #, - or a
    space cannot read as a comment, a flag or trimmed space. A name ending in space (the CLI
    trims lines), holding a line break, or not UTF-8 cannot be a line.
    """
    if URL_SCHEME.match(source):
        return source
    line = os.path.abspath(source)
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        return None
    return None if line != line.rstrip() or "\n" in line or "\r" in line else line


def piped_rows(sc, options, flags, sources, partitions, kinds, counters):
    """The rows of `sources` from `imagecolors analyze` piped per partition, joined by source."""
    lines, unlistable = {}, []
    for source in sources:
        line = cli_line(source)
        if line is None:
            unlistable.append(source)
        else:
            # Two names of one file ("a.png", "./a.png") are analysed once, and each gets its row.
            lines.setdefault(line, []).append(source)
    if not any(flag == "--jobs" or flag.startswith("--jobs=") for flag in flags):
        # Spark counts one core per task (spark.task.cpus): one analysis at a time matches it.
        flags = ["--jobs", sc.getConf().get("spark.task.cpus", "1")] + flags
    command = shlex.join([options.binary, "analyze", "--format", "json", "--input-list", "-"] + flags)
    environment = {name: os.environ.get(name, default) for name, default in
                   (("PATH", "/usr/bin:/bin"), ("HOME", "/tmp"), ("LANG", "C.UTF-8"))}  # fmt: skip

    # One CLI reads at most 1,000,000 lines (and 64 MiB) from --input-list: stay well below.
    partitions = max(partitions, math.ceil(len(lines) / 100_000))
    # The same slicing of the same number of items: partition i of `wanted` holds the sources of
    # the lines piped in partition i of `printed`, so each partition joins on its own, no shuffle.
    printed = sc.parallelize(list(lines), partitions).pipe(command, env=environment, checkCode=False)
    wanted = sc.parallelize(list(lines.items()), partitions)

    def rows(pair):
        wanted_lines, printed_lines = pair
        counters["analysed"].add(len(printed_lines))
        joined, strays = join_partition(wanted_lines, printed_lines, kinds)
        counters["orphans"].add(strays)
        return joined

    joined = wanted.glom().zip(printed.glom()).flatMap(rows)
    if not unlistable:
        return joined
    message = "no --input-list line can name it (it ends in space, holds a line break or is not UTF-8)"
    refused = sc.parallelize([error_row(name, UNLISTABLE, message, kinds) for name in unlistable], 1)
    return joined.union(refused)


def service_rows(sc, options, flags, sources, partitions, kinds, counters):
    """The rows of `sources` posted in batches to the fleet, in order within each partition."""
    bases = [url.rstrip("/") for url in options.via_service]
    client = BatchClient(bases, query_from_flags(flags), kinds, batch_size=options.batch_size)

    def counted(row):
        counters["analysed"].add(1)
        return row

    return sc.parallelize(sources, partitions).mapPartitionsWithIndex(client.rows).map(counted)


def report_progress(sc, total, analysed, started, every, done):
    """Prints `catalogue: N/M sources, T/U tasks, S s` to stderr every `every` seconds."""
    tracker = sc.statusTracker()
    while not done.wait(every):
        stages = [tracker.getStageInfo(stage) for stage in tracker.getActiveStageIds()]
        tasks = sum(stage.numCompletedTasks for stage in stages if stage)
        of = sum(stage.numTasks for stage in stages if stage)
        line = f"catalogue: {analysed.value}/{total} sources, {tasks}/{of} tasks, {time.monotonic() - started:.0f} s"
        print(line, file=sys.stderr, flush=True)


def main(argv):
    options, flags = parse_arguments(argv)
    if options.binary:
        options.binary = os.path.abspath(options.binary)
        try:
            check = subprocess.run([options.binary, "--version"], capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as error:
            sys.exit(f"catalogue.py: --binary {options.binary} does not run: {error}")
        if check.returncode != 0:
            sys.exit(f"catalogue.py: {options.binary} --version failed: {check.stderr.strip()}")
    try:
        sources, repeats = list_sources(options.input)
    except (OSError, UnicodeDecodeError) as error:
        sys.exit(f"catalogue.py: --input {options.input} cannot be read: {error}")
    if not sources:
        sys.exit(f"catalogue.py: {options.input} lists no source")

    from pyspark.sql import SparkSession

    logging = f"-Dlog4j2.configurationFile=file:{os.path.join(HERE, 'log4j2.properties')}"
    builder = (
        SparkSession.builder.appName("imagecolors-catalogue")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.extraJavaOptions", logging)
    )
    if options.master:
        builder = builder.master(options.master)
        if options.master.startswith("local"):
            # One machine: no web UI to bind, and Spark on loopback, not the host's first address.
            builder = builder.config("spark.ui.enabled", "false")
            os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    spark = builder.getOrCreate()
    sc = spark.sparkContext
    sc.setLogLevel("WARN")
    for module in ("catalogue_rows.py", "catalogue_service.py"):
        sc.addPyFile(os.path.join(HERE, module))
    partitions = options.partitions or max(sc.defaultParallelism, math.ceil(len(sources) / 1000))
    partitions = max(1, min(partitions, len(sources)))
    kinds = placeholder_kinds(flags)
    counters = {"analysed": sc.accumulator(0), "orphans": sc.accumulator(0)}
    started = time.monotonic()
    done = threading.Event()
    if options.progress_every > 0:
        arguments = (sc, len(sources), counters["analysed"], started, options.progress_every, done)
        threading.Thread(target=report_progress, args=arguments, daemon=True).start()
    make_rows = service_rows if options.via_service else piped_rows
    rows = make_rows(sc, options, flags, sources, partitions, kinds, counters)
    frame = spark.createDataFrame(rows, schema(kinds))
    frame.write.mode("overwrite" if options.overwrite else "errorifexists").parquet(options.output)
    done.set()
    written = spark.read.parquet(options.output).selectExpr("count(*)", "count(error_code)").first()
    elapsed = time.monotonic() - started
    print(
        f"catalogue: {written[0]} rows ({written[1]} errors) from {len(sources)} sources"
        f"{f' ({repeats} repeated lines dropped)' if repeats else ''} in {partitions} partitions,"
        f" {elapsed:.1f} s, {written[0] / max(elapsed, 1e-9):.1f} rows/s -> {options.output}",
        file=sys.stderr,
    )
    orphans = counters["orphans"].value
    if orphans:
        print(f"catalogue: {orphans} output lines named no listed source: rows may be wrong", file=sys.stderr)
    spark.stop()
    return 0 if written[0] == len(sources) and not orphans else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
