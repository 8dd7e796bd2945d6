"""U arithmetic of a rack: which units a set of devices takes and whether one more fits at a U.

One rule for the model (``Design.place_device`` refuses with a DesignError) and for the rack view
(which checks a drop before it asks the model, and says why in its own short words).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

BELOW, ABOVE, OVERLAP = "below", "above", "overlap"  # why a device does not fit


def occupied_units(devices: Iterable[tuple[str, int, int]], ignore: Iterable[str] = ()) -> dict[int, str]:
    """U -> device id for ``(device_id, u, height_u)`` entries, skipping the ids in ``ignore``."""
    skip = set(ignore)
    taken: dict[int, str] = {}
    for device_id, u, height in devices:
        if device_id not in skip:
            for unit in range(u, u + height):
                taken[unit] = device_id
    return taken


def fit_problem(occupied: Mapping[int, str], rack_height: int, u: int, height: int) -> tuple[str, str] | None:
    """None when a ``height`` U device fits at ``u``; else (BELOW, ""), (ABOVE, "") or (OVERLAP, the id
    of the first device in the way)."""
    if u < 1:
        return BELOW, ""
    top = u + height - 1
    if top > rack_height:
        return ABOVE, ""
    clash = next((occupied[x] for x in range(u, top + 1) if x in occupied), None)
    return None if clash is None else (OVERLAP, clash)


def free_slots(occupied: Mapping[int, str], rack_height: int, height: int) -> list[int]:
    """Every U at which a device ``height`` U tall would fit."""
    return [u for u in range(1, rack_height - height + 2) if fit_problem(occupied, rack_height, u, height) is None]


def stack_upward(occupied: Mapping[int, str], rack_height: int, start_u: int, height: int,
                 count: int) -> list[int]:
    """Up to ``count`` positions for ``height`` U devices, from ``start_u`` upward into free space."""
    taken = set(occupied)
    placed: list[int] = []
    u = max(1, start_u)
    while len(placed) < count and u + height - 1 <= rack_height:
        if all(x not in taken for x in range(u, u + height)):
            placed.append(u)
            taken.update(range(u, u + height))
            u += height
        else:
            u += 1
    return placed
