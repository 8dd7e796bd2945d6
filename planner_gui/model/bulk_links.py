"""Checking a whole batch of links at once: loading a 100,000-GPU design adds ~390,000 links in one call.

``Design.add_link`` checks one link in Python; doing that 390,000 times was half of a 2 s load. Here
every check ``add_link`` makes is done for the whole batch in C-level passes (a joined-string regex
for the ids, one split for the port references, ``map`` over dicts for the port lookups, set sizes
for uniqueness). The result is all or nothing: :func:`plan_links` hands back the columns to insert
only when *every* link passes every check, so inserting them gives exactly what adding them one by
one would. Anything else (one bad link, hardware the catalog does not know, a length that is not a
plain number) returns None and the caller adds the links one by one, which names each problem.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import islice
from operator import eq
from typing import Any

from planner_gui.model.parts import Link
from planner_gui.model.specs import DeviceKind, HardwareSpecs

# ids.ID_PATTERN for many ids joined by newlines (a character no id may hold), matched in one C pass.
_IDS_JOINED = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{0,63}(?:\n[A-Za-z0-9][A-Za-z0-9._:-]{0,63})*")
_ID_SEPARATOR = "\n"
_PORT_SEPARATOR = "/"  # ids.PORT_SEPARATOR
MIN_LENGTH_M, MAX_LENGTH_M = 0.0, 100_000.0  # Design.add_link: length_m from 0 to 100000
_PLAIN_NUMBERS = frozenset((int, float))  # the types add_link's fast path takes without a closer look


@dataclass(frozen=True, slots=True)
class LinkColumns:
    """A batch that passed every check: ids and both ends, in batch order."""

    ids: list[str]
    a: list[str]
    b: list[str]


def plan_links(links: list[Link], devices: dict[str, Any], specs: HardwareSpecs) -> LinkColumns | None:
    """The batch's columns when every link is acceptable on its own; None otherwise. Ids and ports
    used twice (in the batch, or already in the design) are the caller's to check: it knows which
    indexes exist."""
    ids = [link.id for link in links]  # list comprehensions: the fastest attribute pass on slotted objects
    a = [link.a for link in links]
    b = [link.b for link in links]
    lengths = [link.length_m for link in links]
    try:
        if not (_ids_valid(ids) and _lengths_valid(lengths) and _ports_valid(a, b, devices, specs)):
            return None
    except (TypeError, KeyError):  # a non-string id or reference, a device not in the design
        return None
    return LinkColumns(ids, a, b)


def _ids_valid(ids: list[str]) -> bool:
    if not ids:
        return True
    joined = _ID_SEPARATOR.join(ids)  # an id holding the separator itself would pass as two: count them
    return joined.count(_ID_SEPARATOR) == len(ids) - 1 and _IDS_JOINED.fullmatch(joined) is not None


def _lengths_valid(lengths: list[Any]) -> bool:
    # Types first: the comparisons below are exact for int and float (and false for NaN).
    return (set(map(type, lengths)) <= _PLAIN_NUMBERS and all(map(MIN_LENGTH_M.__le__, lengths))
            and all(map(MAX_LENGTH_M.__ge__, lengths)))


def _ports_valid(a: list[str], b: list[str], devices: dict[str, Any], specs: HardwareSpecs) -> bool:
    """Every end names a port its device's hardware has, the two ends are on different devices, and
    both ends use the same technology. Raises KeyError for a device that is not in the design."""
    n = len(a)
    refs = a + b
    parts = _PORT_SEPARATOR.join(refs).split(_PORT_SEPARATOR)
    if len(parts) != 2 * len(refs):  # some reference lacks the separator or has two
        return False
    names, ports = parts[0::2], parts[1::2]
    techs = list(map(dict.get, map(_port_technologies(devices, specs).__getitem__, names), ports))
    if None in set(techs):  # a port the hardware does not have (a set of a few names: faster than a list scan)
        return False
    return techs[:n] == techs[n:] and not any(map(eq, names, islice(names, n, None)))


def _port_technologies(devices: dict[str, Any], specs: HardwareSpecs) -> dict[str, dict[str, str]]:
    """Device id -> {port name: technology}, for devices of hardware the catalog knows (a device of
    unknown hardware takes any port name, which only add_link's own checks judge)."""
    by_model: dict[tuple[Any, ...], dict[str, str] | None] = {}
    result: dict[str, dict[str, str]] = {}
    for device_id, device in devices.items():
        key = (device.catalog_id, device.nic_id, device.nic_count)
        if key not in by_model:
            spec = specs.device_spec(*key)
            by_model[key] = None if spec.kind is DeviceKind.UNKNOWN else {p.name: p.technology for p in spec.ports}
        table = by_model[key]
        if table is not None:
            result[device_id] = table
    return result
