"""The catalogue's table: one typed row per source, made from one line of the CLI's JSON.

A line is `imagecolors analyze --format json`'s (or a `POST /v1/colors/batch` NDJSON line, the
same JSON): a result, or `{"source": …, "error": {"code": …, "message": …}}`. Colours stay the
contract's `#rrggbb` strings; the light card is the top-level colours, the dark card is
`appearances.dark` (absent with `--appearance light`, then its columns are null).
"""

import json

from pyspark.sql.types import IntegerType, StringType, StructField, StructType

ROLES = ("background", "primary", "secondary", "detail")

# Column names, in order; the placeholder columns only when --placeholder asks for them.
BASE_COLUMNS = (
    [("source", StringType()), ("format", StringType()), ("width", IntegerType()), ("height", IntegerType())]
    + [(f"light_{role}", StringType()) for role in ROLES]
    + [(f"dark_{role}", StringType()) for role in ROLES]
    + [("title_text", StringType()), ("title_color", StringType())]
    + [("dark_title_text", StringType()), ("dark_title_color", StringType())]
)
ERROR_COLUMNS = [("error_code", StringType()), ("error_message", StringType())]

# Codes this job gives, beside the CLI's and the service's own.
NO_OUTPUT = "no-output"
UNLISTABLE = "unlistable-source"
BAD_LINE = "invalid-output"
SERVICE_UNREACHABLE = "service-unreachable"


def placeholder_kinds(flags):
    """The placeholder kinds `--placeholder` asks for among the analyze flags: () when absent."""
    value = flag_value(flags, "--placeholder")
    if value is None:
        return ()
    return ("thumbhash", "blurhash") if value == "both" else (value,)


def flag_value(flags, name):
    """The last value of `name` among `flags` (`--name value` or `--name=value`), or None."""
    found = None
    for index, flag in enumerate(flags):
        if flag == name and index + 1 < len(flags):
            found = flags[index + 1]
        elif flag.startswith(name + "="):
            found = flag[len(name) + 1 :]
    return found


def schema(kinds):
    """The Spark schema of the table, with a column per placeholder kind in `kinds`."""
    columns = BASE_COLUMNS + [(f"placeholder_{kind}", StringType()) for kind in kinds] + ERROR_COLUMNS
    return StructType([StructField(name, kind, nullable=name != "source") for name, kind in columns])


def error_row(source, code, message, kinds):
    """A failure's row: the source, its code and message, every other column null."""
    return (source,) + (None,) * (len(BASE_COLUMNS) - 1 + len(kinds)) + (code, message)


def row_from_line(source, line, kinds):
    """The row for `source` from one JSON line (a result or a failure).

    A line that is not a JSON object is an error row (`invalid-output`), never an exception: one
    odd line must not fail the task that holds thousands of good ones.
    """
    try:
        value = json.loads(line)
        if not isinstance(value, dict):
            raise ValueError("not a JSON object")
    except ValueError as error:
        message = f"the analysis printed a line that is not JSON ({error}): {line[:200]}"
        return error_row(source, BAD_LINE, message, kinds)
    failure = value.get("error")
    if isinstance(failure, dict):
        return error_row(source, str(failure.get("code")), str(failure.get("message")), kinds)
    dark = (value.get("appearances") or {}).get("dark") or {}
    title = value.get("title") or {}
    placeholders = value.get("placeholder") or {}
    return (
        (source, value.get("format"), _int(value.get("width")), _int(value.get("height")))
        + tuple(value.get(role) for role in ROLES)
        + tuple(dark.get(role) for role in ROLES)
        + (title.get("text"), title.get("color"))
        + ((dark.get("title") or {}).get("text"), (dark.get("title") or {}).get("color"))
        + tuple(placeholders.get(kind) for kind in kinds)
        + (None, None)
    )


def join_partition(wanted, printed, kinds):
    """One partition's rows, and how many printed lines named none of its sources.

    - wanted: (CLI line, [sources]) pairs, the lines piped in this partition;
    - printed: the JSON lines the CLI printed for them, each naming its `source` as it was given.
    A source whose line printed nothing is a `no-output` row (the CLI stopped early).
    """
    named = [printed_source(line) for line in printed]
    by_source = dict(zip(named, printed))
    asked = {line for line, _ in wanted}
    rows = []
    for line, sources in wanted:
        for source in sources:
            if line in by_source:
                rows.append(row_from_line(source, by_source[line], kinds))
            else:
                message = "imagecolors printed no line for it (it stopped early: see the executor's stderr)"
                rows.append(error_row(source, NO_OUTPUT, message, kinds))
    return rows, sum(1 for source in named if source not in asked)


def printed_source(line):
    """The `source` a JSON line names, or None when it names none (or is not JSON)."""
    try:
        value = json.loads(line)
    except ValueError:
        return None
    return value.get("source") if isinstance(value, dict) else None


def _int(value):
    return value if isinstance(value, int) and not isinstance(value, bool) else None
