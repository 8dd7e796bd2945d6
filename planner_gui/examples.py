"""The bundled example designs (one per named configuration in the seeds)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

DEFAULT_EXAMPLE = "h100-32x8-ndr-rail.cluster"  # the 256-GPU design the app opens with


def examples_folder() -> Path:
    return Path(str(resources.files("planner_gui") / "resources" / "examples"))


def example_paths() -> list[Path]:
    return sorted(examples_folder().glob("*.cluster"))


def default_example_path() -> Path:
    return examples_folder() / DEFAULT_EXAMPLE
