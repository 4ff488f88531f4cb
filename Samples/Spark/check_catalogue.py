"""Checks a catalogue's Parquet against the CLI's own JSON for the same sources and flags.

    python check_catalogue.py PARQUET_DIR LIST ORACLE_NDJSON [--placeholders K,K] [--differs NDJSON]
        [--same-as PARQUET_DIR]

- one row per source of LIST (its lines, as the job reads them), no other row;
- the columns' types (width and height int32, everything else a string);
- each row equals ORACLE_NDJSON's line for its source (`analyze --format json`, same flags): the
  format, the size, the light and dark colours, the titles, the placeholders; a failure's row has
  the line's error code and message and no colours;
- --differs: some row's colours differ from this other oracle's (a flag passed through);
- --same-as: another catalogue of the same files (by file name) has the same colours, and fails
  where this one fails.
Prints `check_catalogue: N rows match` or each mismatch, and exits 1 on any.
"""

import argparse
import json
import os
import sys
import urllib.parse

import pyarrow as pa
import pyarrow.parquet as pq

ROLES = ("background", "primary", "secondary", "detail")
COLOURS = [f"light_{role}" for role in ROLES] + [f"dark_{role}" for role in ROLES] + ["title_color", "dark_title_color"]


def expected_row(line, kinds):
    """The row the catalogue should hold for one line of the CLI's JSON (written apart from it)."""
    value = json.loads(line)
    if "error" in value:
        return {"error_code": value["error"]["code"], "error_message": value["error"]["message"], "format": None}
    dark = value["appearances"]["dark"]
    row = {"format": value["format"], "width": value["width"], "height": value["height"]}
    row.update({f"light_{role}": value[role] for role in ROLES})
    row.update({f"dark_{role}": dark[role] for role in ROLES})
    row.update(title_text=value["title"]["text"], title_color=value["title"]["color"])
    row.update(dark_title_text=dark["title"]["text"], dark_title_color=dark["title"]["color"])
    row.update({f"placeholder_{kind}": value["placeholder"][kind] for kind in kinds})
    row.update(error_code=None, error_message=None)
    return row


def name(source):
    """A path's or a URL's file name, percent-decoded: what a file and its URL share."""
    return urllib.parse.unquote(os.path.basename(source))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("parquet")
    parser.add_argument("list")
    parser.add_argument("oracle")
    parser.add_argument("--placeholders", default="")
    parser.add_argument("--differs")
    parser.add_argument("--same-as")
    options = parser.parse_args()
    kinds = [kind for kind in options.placeholders.split(",") if kind]
    problems = []
    table = pq.read_table(options.parquet)
    for field in table.schema:
        wanted = pa.int32() if field.name in ("width", "height") else pa.string()
        if field.type != wanted:
            problems.append(f"column {field.name} is {field.type}, not {wanted}")
    missing = {f"placeholder_{kind}" for kind in kinds} - set(table.schema.names)
    problems += [f"no column {name}" for name in sorted(missing)]
    rows = table.to_pylist()
    with open(options.list, encoding="utf-8") as handle:
        listed = [line.strip() for line in handle if line.strip() and not line.strip().startswith("#")]
    sources = [row["source"] for row in rows]
    if sorted(sources) != sorted(set(listed)):
        problems.append(f"rows {sorted(sources)} are not one per listed source {sorted(set(listed))}")
    with open(options.oracle, encoding="utf-8") as handle:
        oracle = {json.loads(line)["source"]: line for line in handle if line.strip()}
    for row in rows:
        if row["source"] not in oracle:
            problems.append(f"{row['source']}: the CLI printed no line for it")
            continue
        for column, value in expected_row(oracle[row["source"]], kinds).items():
            if row.get(column) != value:
                problems.append(f"{row['source']}: {column} is {row.get(column)!r}, the CLI says {value!r}")
        if row["error_code"] and any(row[column] for column in COLOURS):
            problems.append(f"{row['source']}: an error row with colours")
    if options.differs:
        with open(options.differs, encoding="utf-8") as handle:
            other = {json.loads(line)["source"]: line for line in handle if line.strip()}
        changed = [
            row["source"] for row in rows
            if row["source"] in other and not row["error_code"]
            and any(row[column] != value for column, value in expected_row(other[row["source"]], []).items()
                    if column in COLOURS)
        ]  # fmt: skip
        if not changed:
            problems.append(f"no row differs from {options.differs}: the flags did not pass through")
    if options.same_as:
        by_name = {}
        for twin in pq.read_table(options.same_as).to_pylist():
            by_name.setdefault(name(twin["source"]), []).append(twin)
        for row in rows:
            # Any file of that name will do: the other catalogue may hold several (a corpus).
            if not any(
                all(row[column] == twin[column] for column in COLOURS)
                and bool(row["error_code"]) == bool(twin["error_code"])
                for twin in by_name.get(name(row["source"]), [])
            ):
                problems.append(f"{row['source']}: not the same colours as in {options.same_as}")
    for problem in problems:
        print(f"check_catalogue: {options.parquet}: {problem}", file=sys.stderr)
    print(f"check_catalogue: {options.parquet}: {len(rows)} rows, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
