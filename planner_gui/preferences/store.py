"""Reading and writing the preferences file, with stepwise migrations and a safe fallback.

Each migration takes version N's dict to N+1 (qutebrowser's ``config_version``, napari's migrators).
A file that cannot be read (bad JSON, bad value, newer version than this app knows) is copied aside
as ``preferences.json.bad-<timestamp>`` and replaced with defaults; the message says so, and the app
starts regardless.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from planner_gui.preferences.model import CURRENT_VERSION, Preferences, preferences_path

SECONDS_PER_MINUTE = 60  # unit conversion (version 1 stored minutes)


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 had one ``units`` choice and ``autosave_minutes``; version 2 splits the units per quantity
    (lengths, airflow, temperature) and counts the autosave interval in seconds."""
    out = {k: v for k, v in data.items() if k not in ("units", "autosave_minutes")}
    units = data.get("units", "metric")
    for name in ("length_units", "airflow_units", "temperature_units"):
        out.setdefault(name, units)
    if "autosave_minutes" in data:
        out["autosave_interval_s"] = int(data["autosave_minutes"] * SECONDS_PER_MINUTE)
    out["version"] = 2
    return out


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2}


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` brought to CURRENT_VERSION one step at a time; ValueError for a version it cannot read."""
    version = data.get("version", 1)
    if not isinstance(version, int) or version < 1:
        raise ValueError(f"preferences: version {version!r} is not a positive whole number")
    if version > CURRENT_VERSION:
        raise ValueError(f"preferences: version {version} was written by a newer Cluster Planner "
                         f"(this one reads up to {CURRENT_VERSION})")
    while version < CURRENT_VERSION:
        data = MIGRATIONS[version](data)
        version = data["version"]
    return data


@dataclass
class LoadResult:
    preferences: Preferences
    problem: str = ""  # why the file was unreadable and replaced (the reader's English), else ""
    backup: Path | None = None
    path: Path | None = None

    @property
    def message(self) -> str:
        """What to tell the user, in the UI language of the moment it is read (the file is loaded before
        the language is installed, the message shown after); "" when the file read cleanly."""
        if not self.problem:
            return ""
        from PySide6.QtCore import QCoreApplication  # only the GUI reads preferences; kept out of import time

        template = (QCoreApplication.translate("Preferences", "Preferences file {path} could not be read ({error}); "
                                                              "using the defaults; the old file is kept as {backup}.")
                    if self.backup else
                    QCoreApplication.translate("Preferences", "Preferences file {path} could not be read ({error}); "
                                                              "using the defaults."))
        return template.format(path=self.path, error=self.problem, backup=self.backup)


def load_preferences(path: Path | None = None) -> LoadResult:
    """The saved preferences (defaults when there is no file); never raises for a bad file."""
    path = path or preferences_path()
    if not path.exists():
        return LoadResult(Preferences())
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("preferences: the file holds no JSON object")
        migrated = migrate(data)
        preferences = Preferences.from_json(migrated)
    except (OSError, UnicodeDecodeError, ValueError, TypeError) as error:
        return _replace_bad_file(path, error)
    if migrated is not data:
        save_preferences(preferences, path)  # write the current version once, so the next start skips it
    return LoadResult(preferences)


def _replace_bad_file(path: Path, error: Exception) -> LoadResult:
    backup = path.with_name(f"{path.name}.bad-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        os.replace(path, backup)
        save_preferences(Preferences(), path)
    except OSError:
        backup = None
    return LoadResult(Preferences(), str(error) or type(error).__name__, backup, path)


def save_preferences(preferences: Preferences, path: Path | None = None) -> Path:
    """Write atomically (temp file + rename): a crash mid-write leaves the old file intact."""
    path = path or preferences_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(path.name + ".tmp")
    temp.write_text(json.dumps(preferences.to_json(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(temp, path)
    return path
