#!/usr/bin/env bash
# Set up (or reuse) .venv and open Cluster Planner on the bundled default design.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e .
exec .venv/bin/cluster-planner "$@"
