#!/usr/bin/env bash
# Set up (or reuse) .venv and open Cluster Planner on the bundled default design.
# The package is (re)installed only when .venv is new, the command is missing, or pyproject.toml
# changed since the last install (its hash is kept in .venv/.run-app-installed); otherwise the app
# starts at once. The install is editable, so source changes need no reinstall.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
STAMP=.venv/.run-app-installed
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
WANTED="$(.venv/bin/python -c 'import hashlib,sys; print(hashlib.sha256(open("pyproject.toml","rb").read()).hexdigest())')"
if [ ! -x .venv/bin/cluster-planner ] || [ "$(cat "$STAMP" 2>/dev/null)" != "$WANTED" ]; then
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e .
    echo "$WANTED" > "$STAMP"
fi
exec .venv/bin/cluster-planner "$@"
