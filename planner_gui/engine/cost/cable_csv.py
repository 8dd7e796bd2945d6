"""The cable schedule as CSV: one row per cable, both ends with their rack, the part and its length.

RFC 4180 quoting (the csv module) with English column names, so a spreadsheet or a cabling
contractor's tool reads it whatever the proposal's language. Pure Python, no Qt.
"""

from __future__ import annotations

import csv
import io

from planner_gui.engine.cost.cables import CableSchedule
from planner_gui.model import Design

CABLE_CSV_COLUMNS = ("label", "a_rack", "a_device", "a_port", "b_rack", "b_device", "b_port", "medium", "speed_gbps",
           "length_m", "category", "part", "part_number")


def schedule_csv(design: Design, schedule: CableSchedule) -> str:
    """The whole schedule as CSV text (header first, rows in the design's link order)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CABLE_CSV_COLUMNS)
    racks = _rack_names(design)
    for row in schedule.rows():
        writer.writerow((row.label, racks.get(row.a_device, ""), row.a_device, row.a_port, racks.get(row.b_device, ""),
                         row.b_device, row.b_port, row.medium, f"{row.speed_gbps:g}", f"{row.length_m:g}",
                         row.category, row.part, row.part_number or ""))
    return out.getvalue()


def _rack_names(design: Design) -> dict[str, str]:
    """Device id -> the name of its rack ("" for a device not racked)."""
    names = {rack_id: (rack.name or rack_id) for rack_id, rack in design.racks.items()}
    return {device_id: names.get(device.rack_id or "", "") for device_id, device in design.devices.items()}
