"""Preferences: defaults, stepwise migration from version 1, and a corrupted file never stopping the app."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planner_gui.preferences import CURRENT_VERSION, Preferences, load_preferences, save_preferences
from planner_gui.preferences.store import migrate


def test_missing_file_gives_defaults(tmp_path: Path) -> None:
    result = load_preferences(tmp_path / "p.json")
    assert result.preferences == Preferences() and result.message == ""
    assert result.preferences.language == "system" and result.preferences.theme == "system"
    assert result.preferences.autosave_interval_s == 60  # issue 5: autosave every minute


def test_round_trip(tmp_path: Path) -> None:
    prefs = Preferences(language="zh_CN", currency="USD", length_units="imperial", paper_size="Letter",
                        theme="dark", autosave_interval_s=120, user_catalog="~/cat.json")
    path = save_preferences(prefs, tmp_path / "p.json")
    assert json.loads(path.read_text())["version"] == CURRENT_VERSION
    assert load_preferences(path).preferences == prefs


def test_version_1_is_migrated_and_rewritten(tmp_path: Path) -> None:
    """v1 had one "units" and "autosave_minutes": 2 minutes is 120 s, imperial applies to all three quantities."""
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"version": 1, "language": "en", "units": "imperial", "autosave_minutes": 2}))
    prefs = load_preferences(path).preferences
    assert (prefs.length_units, prefs.airflow_units, prefs.temperature_units) == ("imperial",) * 3
    assert prefs.autosave_interval_s == 120
    assert json.loads(path.read_text())["version"] == CURRENT_VERSION


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '{"version": 2, "language": "klingon"}',
                                  '{"version": 99}', '{"version": 2, "autosave_interval_s": 1}'])
def test_corrupted_file_is_backed_up_and_replaced(tmp_path: Path, text: str) -> None:
    path = tmp_path / "p.json"
    path.write_text(text)
    result = load_preferences(path)
    assert result.preferences == Preferences()
    assert "could not be read" in result.message and result.backup is not None
    assert result.backup.read_text() == text  # the user's file is kept, not lost
    assert load_preferences(path).message == ""  # the replacement reads cleanly


def test_migrate_refuses_newer_versions() -> None:
    with pytest.raises(ValueError, match="newer"):
        migrate({"version": CURRENT_VERSION + 1})
