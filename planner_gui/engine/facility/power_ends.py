"""Module power per device and the design's link ends per part, from the cable schedule.

Each link's part is the one the bill of materials counts (engine/cost/cables.py, chosen by
engine/cost/parts.py ``choose_part`` from medium, speed, reach, technology and plug), so the power
model and the bill can never pick different optics for the same link: both ends of a link draw that
part's ``power_per_end_w`` (NVIDIA LinkX cable and transceiver specs, in the catalog). An end on a
port the catalog does not know, or on a device the design lacks, draws nothing; a part the catalog
does not have (a planning id) draws 0 W and is reported as a port-ends group without a cable id.

The sums are numpy over the schedule's columns: at 100,000 GPUs (~390,000 links) one ``bincount``
per design, no Python loop per link.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from planner_gui.engine.cost.cables import CableSchedule
from planner_gui.engine.facility.power_parts import PortEnds
from planner_gui.engine.topology.parse import parse_links
from planner_gui.model import Design


def module_power(design: Design, catalog: Any, schedule: CableSchedule) -> tuple[np.ndarray, tuple[PortEnds, ...]]:
    """Module watts per device (in ``design.devices`` order) and the link ends grouped by part."""
    n_dev = len(design.devices)
    if not schedule.links:
        return np.zeros(n_dev), ()
    watts = np.array([_watts_per_end(catalog, choice) for choice in schedule.choices] or [0.0])
    end_dev = _end_devices(design, schedule.links)
    known = schedule.end_known & (end_dev >= 0)
    choice = np.broadcast_to(schedule.choice_of, end_dev.shape)
    module = np.bincount(end_dev[known], weights=watts.take(choice[known]), minlength=n_dev)[:n_dev]
    ends = np.bincount(choice[known], minlength=len(schedule.choices)).tolist()
    return module, _port_ends(schedule, watts.tolist(), ends)


def _watts_per_end(catalog: Any, choice: Any) -> float:
    entry = catalog.get(choice.part) if choice.in_catalog else None
    return 0.0 if entry is None else float(entry.get("power_per_end_w") or 0.0)


def _end_devices(design: Design, links: list[Any]) -> np.ndarray:
    """(2, links): each end's device position in ``design.devices``; -1 for a device the design lacks."""
    try:
        return parse_links(design, links=links).end_dev.astype(np.int64)
    except (KeyError, ValueError):  # dangling or malformed references: look each end up
        position = {device_id: i for i, device_id in enumerate(design.devices)}
        return np.array([[position.get(str(ref).partition("/")[0], -1) for ref in (link.a for link in links)],
                         [position.get(str(ref).partition("/")[0], -1) for ref in (link.b for link in links)]],
                        dtype=np.int64).reshape(2, len(links))


def _port_ends(schedule: CableSchedule, watts: list[float], ends: list[int]) -> tuple[PortEnds, ...]:
    groups: dict[tuple[str, float, str | None, float, bool], int] = {}
    for choice, w, count in zip(schedule.choices, watts, ends, strict=False):
        if count:
            key = (choice.medium, choice.speed_gbps, choice.part if choice.in_catalog else None, w,
                   choice.in_catalog)
            groups[key] = groups.get(key, 0) + count
    return tuple(PortEnds(medium, speed, cable_id, count, w, exact)
                 for (medium, speed, cable_id, w, exact), count in sorted(groups.items(), key=lambda kv: str(kv[0])))
