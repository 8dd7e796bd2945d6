"""Where the app keeps its preferences (an INI file in the user config dir) and the recent-files list.

Settings go to an explicit INI file under platformdirs' config dir, never the platform's native
store (the registry, macOS plists): the file is easy to inspect or delete, and tests that point
XDG_CONFIG_HOME / HOME at a temp folder cannot touch the real user configuration.
"""

from __future__ import annotations

import json
from pathlib import Path

from platformdirs import user_config_path
from PySide6.QtCore import QSettings

APP_DIR_NAME = "cluster-planner"  # the same folder name the catalog loader uses for user data
SETTINGS_FILE = "cluster-planner.ini"
RECENT_KEY = "files/recent"
MAX_RECENT = 10  # as many as a File menu shows without scrolling


def settings_path() -> Path:
    return user_config_path(APP_DIR_NAME, appauthor=False) / SETTINGS_FILE


def open_settings() -> QSettings:
    """The app's settings, read from (and written to) the INI file at :func:`settings_path`."""
    return QSettings(str(settings_path()), QSettings.Format.IniFormat)


class RecentFiles:
    """Most recently opened or saved designs, newest first, without duplicates.

    Stored as one JSON string: QSettings turns a one-element list into a plain string in INI files.
    """

    def __init__(self, settings: QSettings | None = None) -> None:
        self._settings = settings if settings is not None else open_settings()

    def paths(self) -> list[Path]:
        raw = self._settings.value(RECENT_KEY, "[]")
        try:
            names = json.loads(raw) if isinstance(raw, str) else []
        except json.JSONDecodeError:
            names = []  # a hand-edited, broken entry: start a fresh list rather than fail
        return [Path(name) for name in names if isinstance(name, str)][:MAX_RECENT]

    def add(self, path: Path) -> None:
        resolved = Path(path).resolve()
        paths = [resolved, *(p for p in self.paths() if p != resolved)][:MAX_RECENT]
        self._store(paths)

    def remove(self, path: Path) -> None:
        self._store([p for p in self.paths() if p != Path(path).resolve()])

    def clear(self) -> None:
        self._store([])

    def _store(self, paths: list[Path]) -> None:
        self._settings.setValue(RECENT_KEY, json.dumps([str(p) for p in paths]))
        self._settings.sync()
