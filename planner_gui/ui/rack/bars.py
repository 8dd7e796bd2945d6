"""The power and cooling bars on each rack, from the latest results.

Green below 80 %, amber below 100 %, red from 100 % (the colours live in ``items.bar_text``). An edit
changes a few racks' figures, not all 6,800 of a 100,000-GPU design, so a rack whose reports the engine
kept, or whose figures are unchanged, is not repainted.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import compress
from operator import is_not
from typing import Any

from planner_gui.ui.rack.items import LoadBar, RackItem, bar_text


class LoadBars:
    """Paints the bars from each new analysis, visiting only the racks whose item or engine reports are other
    objects than at the last paint (C-level passes): the engine hands an unchanged rack's RackPower and
    RackCooling back as the same objects, so a budget edit of one of 6,700 racks (100,000 GPUs) visits one
    (visiting every rack item was ~15 ms of Python per edit on a 2-core machine)."""

    def __init__(self) -> None:
        self._last: tuple[list[RackItem], list[object], list[object]] | None = None

    def paint(self, rack_items: Mapping[str, RackItem], analysis: object) -> None:
        """Each rack's power and cooling bars from the latest results ("—" until results exist)."""
        power = getattr(analysis, "power", None)
        cooling = getattr(analysis, "cooling", None)
        ids, items = list(rack_items), list(rack_items.values())
        powers = list(map((power.racks if power is not None else {}).get, ids))
        coolings = list(map((cooling.racks if cooling is not None else {}).get, ids))
        last = self._last
        if last is None or len(last[0]) != len(items):
            todo: list[int] | range = range(len(items))
        else:
            todo = sorted({i for new, old in zip((items, powers, coolings), last, strict=True)
                           for i in compress(range(len(items)), map(is_not, new, old))})
        self._last = (items, powers, coolings)
        for i in todo:
            paint_bars(items[i], powers[i], coolings[i])


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
