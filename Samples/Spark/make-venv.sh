#!/usr/bin/env bash
# Creates the Python virtual environment the Spark catalogue sample uses: .build-venv-spark at the
# package root (ignored by git, like .build), with requirements.txt beside this script (pyspark,
# pyarrow), through Tests/Oracles/make-venv.sh. Kept apart from the oracles' .build-venv: pyspark
# is 491 MB (the environment 688 MB) that only this sample needs. Needs python3 with venv (Debian:
# python3-venv; PYTHON names another interpreter), PyPI, and a Java 17 runtime (Debian:
# openjdk-17-jre-headless) to run the job. Idempotent.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
exec "$root/Tests/Oracles/make-venv.sh" "$root/.build-venv-spark" "$here/requirements.txt" spark
