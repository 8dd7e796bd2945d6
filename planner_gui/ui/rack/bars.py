"""The power and cooling bars on each rack, from the latest results.

Green below 80 %, amber below 100 %, red from 100 % (the colours live in ``items.bar_text``). An edit
changes a few racks' figures, not all 6,800 of a 100,000-GPU design, so a rack whose reports the engine
kept, or whose figures are unchanged, is not repainted.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from planner_gui.ui.changed_racks import changed_racks
from planner_gui.ui.rack.items import LoadBar, RackItem, bar_text


class LoadBars:
    """Paints the bars from each new analysis. The engine says which racks' reports are new since the report
    before (PowerReport and CoolingReport ``rack_changes``); when that is the report painted last, only those
    racks are visited: a budget edit of one of 6,700 racks (100,000 GPUs) visits one (a pass over every
    rack item was ~10 ms of Python per edit on a 2-core machine). Otherwise every rack is visited, each
    skipped when its reports are the very objects it shows."""

    def __init__(self) -> None:
        self._shown: tuple[object, object] | None = None  # the (power, cooling) rack mappings painted last

    def forget(self) -> None:
        """Rack items were made: the next paint visits every rack."""
        self._shown = None

    def paint(self, rack_items: Mapping[str, RackItem], analysis: object) -> None:
        """Each rack's power and cooling bars from the latest results ("—" until results exist)."""
        power = getattr(analysis, "power", None)
        cooling = getattr(analysis, "cooling", None)
        power_racks = power.racks if power is not None else {}
        cooling_racks = cooling.racks if cooling is not None else {}
        changed = self._changed(power, cooling)
        self._shown = (power_racks, cooling_racks) if power is not None and cooling is not None else None
        if changed is None:
            for rack_id, item in rack_items.items():
                paint_bars(item, power_racks.get(rack_id), cooling_racks.get(rack_id))
            return
        for rack_id in changed:
            item = rack_items.get(rack_id)
            if item is not None:
                paint_bars(item, power_racks.get(rack_id), cooling_racks.get(rack_id))

    def _changed(self, power: Any, cooling: Any) -> set[str] | None:
        """The racks whose reports may differ from those painted last; None: any may."""
        if self._shown is None or power is None or cooling is None:
            return None
        return changed_racks((power, cooling), self._shown)


def paint_bars(item: RackItem, rack_power: Any, rack_cooling: Any) -> None:
    """One rack's bars from its engine reports (None: not computed)."""
    source = item.bar_source
    if source is not None and source[0] is rack_power and source[1] is rack_cooling:
        return  # the engine kept this rack's reports (an unchanged rack): nothing to compare
    item.bar_source = (rack_power, rack_cooling)
    key = (rack_power and (rack_power.max_w, rack_power.supply_w),
           rack_cooling and (rack_cooling.heat_w, rack_cooling.capacity_w))
    if key == item.bar_key:
        return  # unchanged: an edit changes a few racks' figures, not 6,800 (100,000 GPUs)
    item.bar_key = key
    item.power = (LoadBar(*bar_text(rack_power.max_w, rack_power.supply_w)) if rack_power
                  else LoadBar())
    item.cooling = (LoadBar(*bar_text(rack_cooling.heat_w, rack_cooling.capacity_w))
                    if rack_cooling else LoadBar())
    item.update()
