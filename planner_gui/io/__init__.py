""".cluster files: schema_version, migrations, validation, atomic save. No Qt."""

from planner_gui.io.codec import CURRENT_SCHEMA_VERSION, FORMAT_NAME, design_to_data
from planner_gui.io.files import (
    LoadError,
    LoadResult,
    SaveError,
    design_from_data,
    design_to_json,
    load_design,
    save_design,
)

__all__ = ["CURRENT_SCHEMA_VERSION", "FORMAT_NAME", "LoadError", "LoadResult", "SaveError", "design_from_data",
           "design_to_data", "design_to_json", "load_design", "save_design"]
