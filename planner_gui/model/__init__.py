"""Pure-Python model of a cluster design. No Qt, no I/O."""

from planner_gui.model.design import Design, Note
from planner_gui.model.errors import DesignError
from planner_gui.model.parts import CoolingType, Device, Feed, Link, Medium, Rack
from planner_gui.model.settings import (
    CostSettings,
    Currency,
    DesignMeta,
    FabricSettings,
    Precision,
    Recompute,
    Workload,
)
from planner_gui.model.specs import DeviceKind, DeviceSpec, HardwareSpecs, PortRole, PortSpec

__all__ = [
    "CoolingType", "CostSettings", "Currency", "Design", "DesignError", "DesignMeta", "Device",
    "DeviceKind", "DeviceSpec", "FabricSettings", "Feed", "HardwareSpecs", "Link", "Medium", "Note",
    "PortRole", "PortSpec", "Precision", "Rack", "Recompute", "Workload",
]
