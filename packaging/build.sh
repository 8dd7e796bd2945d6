#!/bin/sh
# Build the one-folder app into dist/cluster-planner/ and smoke-test it headless.
#
# PyInstaller is a build-time tool, kept out of the project's venv: install it in a throwaway venv
# together with the project, then point this script at that venv (see packaging/README.md):
#     python3.11 -m venv /tmp/pyi && /tmp/pyi/bin/pip install pyinstaller && /tmp/pyi/bin/pip install -e .
#     BUILD_VENV=/tmp/pyi packaging/build.sh
# Without BUILD_VENV it uses .venv (then `.venv/bin/pip install pyinstaller` first).
# The shipped .qm, bundled docs and icons are committed (tests check them), so the build only reads them.
set -eu
cd "$(dirname "$0")/.."
VENV=${BUILD_VENV:-.venv}
DIST=${DIST_DIR:-dist}
WORK=${WORK_DIR:-build/pyinstaller}
if [ ! -x "$VENV/bin/pyinstaller" ]; then
    echo "build.sh: $VENV/bin/pyinstaller not found; install PyInstaller there (packaging/README.md)" >&2
    exit 2
fi
start=$(date +%s)
"$VENV/bin/pyinstaller" --noconfirm --clean --log-level WARN --distpath "$DIST" --workpath "$WORK" \
    packaging/cluster-planner.spec
end=$(date +%s)
app="$DIST/cluster-planner/cluster-planner"
echo "built $app in $((end - start)) s; folder size $(du -sh "$DIST/cluster-planner" | cut -f1)"
# Smoke test, headless: the version, and a proposal from a bundled example written outside the tree.
export QT_QPA_PLATFORM=offscreen
"$app" --version
out=$(mktemp -d)
"$app" report planner_gui/resources/examples/h100-4x8-liquid-rack.cluster -o "$out/smoke.pdf"
test -s "$out/smoke.pdf"
# The Chinese command line reads the shipped .qm: a validate line must come out in Chinese.
"$app" --lang zh_CN validate planner_gui/resources/examples/h100-4x8-liquid-rack.cluster | grep -q "有效"
echo "smoke test passed: $out/smoke.pdf ($(wc -c < "$out/smoke.pdf") bytes)"
