"""A wheel carries the catalog and the examples: an installed copy works away from the source tree."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_wheel_contains_resources_and_runs_outside_the_repo(tmp_path: Path) -> None:
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--quiet"]
    subprocess.run([*pip, "wheel", "--no-deps", "--no-build-isolation", "-w", str(tmp_path / "dist"), str(REPO)],
                   check=True, timeout=300, capture_output=True)
    wheel = next((tmp_path / "dist").glob("cluster_planner-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "planner_gui/resources/catalog/gpus.json" in names
    assert "planner_gui/resources/examples/h100-32x8-ndr-rail.cluster" in names
    target = tmp_path / "site"
    subprocess.run([*pip, "install", "--no-deps", "--target", str(target), str(wheel)], check=True, timeout=300,
                   capture_output=True)
    code = ("import planner_gui, sys\n"
            "from planner_gui.cli import main\n"
            "from planner_gui.examples import default_example_path\n"
            "assert planner_gui.__file__.startswith(sys.argv[1]), planner_gui.__file__\n"
            "sys.exit(main(['validate', str(default_example_path())]))\n")
    env = {**os.environ, "PYTHONPATH": str(target)}
    result = subprocess.run([sys.executable, "-c", code, str(target)], cwd=tmp_path, env=env, capture_output=True,
                            text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert "h100-32x8-ndr-rail.cluster: valid (9 racks" in result.stdout
