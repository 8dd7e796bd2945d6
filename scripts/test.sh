#!/usr/bin/env bash
# Set up (or reuse) .venv with the test extras and run the whole suite headless.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
export QT_QPA_PLATFORM=offscreen
.venv/bin/ruff check planner_gui tests benchmarks
exec .venv/bin/python -m pytest -q "$@"
