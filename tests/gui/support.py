"""Designs shared by the GUI tests."""

from __future__ import annotations

from planner_gui.catalog import Catalog
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.model import CoolingType, Design


def air_cooled_default_design(catalog: Catalog) -> Design:
    """The default design with its 41 kW racks put back on plain 25 kW air cooling: over cooling and
    throttled, so the results and checks have overloads to show."""
    design = load_design(default_example_path(), catalog).design
    for rack in design.racks.values():
        rack.cooling, rack.cooling_capacity_kw = CoolingType.AIR, None
    return design
