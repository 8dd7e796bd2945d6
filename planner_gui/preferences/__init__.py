"""User preferences: a versioned JSON file in the platformdirs config dir, migrated step by step.

Re-exports :class:`Preferences`, :func:`load_preferences` and :func:`save_preferences`.
"""

from planner_gui.preferences.model import CURRENT_VERSION, Preferences, preferences_path
from planner_gui.preferences.store import LoadResult, load_preferences, save_preferences

__all__ = ["CURRENT_VERSION", "LoadResult", "Preferences", "load_preferences", "preferences_path",
           "save_preferences"]
