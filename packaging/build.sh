#!/bin/sh
# Build the one-folder app into dist/cluster-planner/ and smoke-test it headless.
# Needs: .venv/bin/pip install pyinstaller   (build-time only)
set -eu
cd "$(dirname "$0")/.."
.venv/bin/python scripts/update_translations.py
.venv/bin/python scripts/sync_docs.py >/dev/null
.venv/bin/python scripts/render_icons.py >/dev/null
.venv/bin/pyinstaller --noconfirm --clean packaging/cluster-planner.spec
QT_QPA_PLATFORM=offscreen dist/cluster-planner/cluster-planner --version
