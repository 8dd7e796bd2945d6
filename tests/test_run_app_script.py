"""scripts/run-app.sh installs only when the environment is new or pyproject.toml changed (issue 19
item 11): a launch with nothing changed goes straight to the app. Run in a scratch copy whose .venv
python records pip calls instead of installing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _scratch(tmp_path: Path) -> Path:
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "run-app.sh", tmp_path / "scripts" / "run-app.sh")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    python = bin_dir / "python"
    python.write_text(f'#!/bin/sh\nif [ "$1" = "-m" ]; then echo "$@" >> "{tmp_path}/pip.log"; '
                      f'exit 0; fi\nexec "{sys.executable}" "$@"\n', encoding="utf-8")
    app = bin_dir / "cluster-planner"
    app.write_text(f'#!/bin/sh\necho started >> "{tmp_path}/app.log"\n', encoding="utf-8")
    for path in (python, app):
        path.chmod(0o755)
    return tmp_path


def _launch(root: Path) -> None:
    subprocess.run(["bash", str(root / "scripts" / "run-app.sh")], check=True, timeout=60,
                   env={**os.environ, "PYTHON": "false"})  # a venv is never made again here


def _installs(root: Path) -> int:
    log = root / "pip.log"
    return len(log.read_text(encoding="utf-8").splitlines()) if log.exists() else 0


def test_run_app_installs_once_then_only_when_pyproject_changes(tmp_path: Path) -> None:
    root = _scratch(tmp_path)
    _launch(root)
    assert _installs(root) == 1  # no stamp yet: install
    _launch(root)
    assert _installs(root) == 1  # nothing changed: straight to the app
    (root / "pyproject.toml").write_text("[project]\nname = 'x'\nversion = '2'\n", encoding="utf-8")
    _launch(root)
    assert _installs(root) == 2
    assert (root / "app.log").read_text(encoding="utf-8").count("started") == 3
