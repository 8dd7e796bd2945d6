"""The desktop app's saved preferences, as the command line reads them: quietly and read-only.

The app itself loads the file through planner_gui.preferences (migrating it, backing up and replacing
a broken one, telling the user); a command must never change the file nor stop because of it, so
here any problem reads as "not set".
"""

from __future__ import annotations

import json
from pathlib import Path


def saved_preference(key: str) -> object | None:
    """The value saved under ``key`` in the preferences file; None when unset, unreadable or not an object."""
    try:
        from planner_gui.preferences.model import preferences_path

        data = json.loads(preferences_path().read_text(encoding="utf-8"))
    except Exception:  # a preference must never stop a command
        return None
    return data.get(key) if isinstance(data, dict) else None


def user_catalog_path() -> Path | None:
    """The user catalog chosen in Preferences (as the app reads it); None: the default location."""
    chosen = saved_preference("user_catalog")
    return Path(chosen).expanduser() if isinstance(chosen, str) and chosen.strip() else None
