"""The power and cooling bars on each rack, from the latest results.

Green below 80 %, amber below 100 %, red from 100 % (the colours live in ``items.bar_text``). An edit
changes a few racks' figures, not all 6,800 of a 100,000-GPU design, so a rack whose reports the engine
kept, or whose figures are unchanged, is not repainted.
"""

from __future__ import annotations

from collections.abc import Mapping

from planner_gui.ui.rack.items import LoadBar, RackItem, bar_text


def paint_load_bars(rack_items: Mapping[str, RackItem], analysis: object) -> None:
    """Each rack's power and cooling bars from the latest results ("—" until results exist)."""
    power = getattr(analysis, "power", None)
    cooling = getattr(analysis, "cooling", None)
    power_racks = power.racks if power is not None else {}
    cooling_racks = cooling.racks if cooling is not None else {}
    for rack_id, item in rack_items.items():
        rack_power, rack_cooling = power_racks.get(rack_id), cooling_racks.get(rack_id)
        source = item.bar_source
        if source is not None and source[0] is rack_power and source[1] is rack_cooling:
            continue  # the engine kept this rack's reports (an unchanged rack): nothing to compare
        item.bar_source = (rack_power, rack_cooling)
        key = (rack_power and (rack_power.max_w, rack_power.supply_w),
               rack_cooling and (rack_cooling.heat_w, rack_cooling.capacity_w))
        if key == item.bar_key:
            continue  # unchanged: an edit changes a few racks' figures, not 6,800 (100,000 GPUs)
        item.bar_key = key
        item.power = (LoadBar(*bar_text(rack_power.max_w, rack_power.supply_w)) if rack_power
                      else LoadBar())
        item.cooling = (LoadBar(*bar_text(rack_cooling.heat_w, rack_cooling.capacity_w)) if rack_cooling
                        else LoadBar())
        item.update()
