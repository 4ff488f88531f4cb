#!/usr/bin/env bash
# Creates the Python virtual environment the Spark catalogue sample uses: .build-venv-spark at the
# package root (ignored by git, like .build), with requirements.txt beside this script (pyspark,
# pyarrow). Kept apart from the oracles' .build-venv: pyspark is some 490 MB that only this sample
# needs. Needs python3 with venv (Debian: python3-venv; PYTHON names another interpreter), PyPI and
# a Java 17 runtime (Debian: openjdk-17-jre-headless) to run the job.
# Idempotent: an existing environment is reused and brought up to the pinned versions.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="$root/.build-venv-spark"
if [ ! -x "$venv/bin/python" ]; then
    "${PYTHON:-python3}" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$here/requirements.txt"
echo "spark environment ready: $venv"
