"""The command line reads the desktop app's preferences read-only: the user catalog chosen there is the
one the commands use (as the app does), and a broken preferences file changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.cli import main
from planner_gui.preferences.model import preferences_path

BUNDLED = bundled_catalog()


def _prefs(content: str) -> Path:
    path = preferences_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8")
    return path


def _user_catalog(path: Path) -> Path:
    gpu = {**BUNDLED.require("h100-sxm5-80gb").data, "id": "lab-gpu-x", "name": "Lab GPU X"}
    path.write_text(json.dumps({"entries": [gpu]}), encoding="utf-8")
    return path


def test_the_user_catalog_chosen_in_preferences_is_used(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    catalog = _user_catalog(tmp_path / "team catalog.json")
    assert main(["catalog", "--kind", "gpu"]) == 0
    assert "lab-gpu-x" not in capsys.readouterr().out  # not at the default location
    prefs = _prefs(json.dumps({"version": 2, "user_catalog": str(catalog)}))
    assert main(["catalog", "--kind", "gpu"]) == 0
    assert "lab-gpu-x" in capsys.readouterr().out
    before = prefs.read_bytes()
    _prefs("{broken")
    assert main(["catalog", "--kind", "gpu"]) == 0
    out, err = capsys.readouterr()
    assert "lab-gpu-x" not in out and err == ""  # a broken file reads as "not set", silently
    assert preferences_path().read_text(encoding="utf-8") == "{broken" and before  # never rewritten
