#!/usr/bin/env bash
# Creates the Python virtual environment the placeholder oracle tests and the Material comparison
# use: .build-venv at the package root (ignored by git, like .build), with the PyPI packages in
# requirements.txt beside this script (thumbhash-python, blurhash, materialyoucolor; Pillow comes
# with thumbhash-python). Needs python3 with venv (Debian: python3-venv; PYTHON names another
# interpreter) and PyPI.
# Usage: Tests/Oracles/make-venv.sh [FOLDER REQUIREMENTS [NAME]]: another environment, from another
# requirements file, named NAME in its last line (Samples/Spark/make-venv.sh makes .build-venv-spark).
# Idempotent: an existing environment is reused and brought up to the pinned versions.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="${1:-$root/.build-venv}"
requirements="${2:-$here/requirements.txt}"
if [ ! -x "$venv/bin/python" ]; then
    "${PYTHON:-python3}" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
echo "${3:-oracle} environment ready: $venv"
