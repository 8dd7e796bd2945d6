"""The pieces a design is made of: racks, devices and links."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from itertools import count
from typing import Any

# Every attribute write to a device, or to a rack or feed (construction included), takes the next number
# of a counter; :func:`field_edits` gives the last ones taken. An analysis that finds them unchanged
# knows no such field was written since it last read them, and does not read 18,733 devices and 6,825
# racks again at 100,000 GPUs (engine/incremental/link_columns.py). Links have no such hook: their ~400,000
# constructions would load a large design ~0.4 s slower, so their fields are read instead.
_EDIT_NUMBERS = count(1)
_last_edit = {"devices": 0, "racks": 0}


def field_edits(kind: str) -> int:
    """The number of the last field write to any device (``kind`` "devices") or to any rack or feed
    ("racks"), of any design; it changes with every write."""
    return _last_edit[kind]


def _counter(kind: str) -> Any:
    def counted_setattr(self: Any, name: str, value: Any, _set: Any = object.__setattr__,
                        _next: Any = _EDIT_NUMBERS.__next__, _last: dict[str, int] = _last_edit) -> None:
        _set(self, name, value)
        _last[kind] = _next()  # after the write: a reader that sees the new number sees the new value

    return counted_setattr


class CoolingType(StrEnum):
    AIR = "air"
    RDHX = "rdhx"  # rear-door heat exchanger
    LIQUID = "liquid"  # direct liquid cooling (cold plates)


class Medium(StrEnum):
    DAC = "dac"  # passive direct-attach copper
    ACC = "acc"  # active copper
    AOC = "aoc"  # active optical cable
    MMF = "mmf"  # multimode optics (SR transceivers + MPO fibre)
    SMF = "smf"  # single-mode optics (DR/FR transceivers)
    UTP = "utp"  # twisted-pair copper (Cat6/6A RJ45), management networks


@dataclass(slots=True)
class Feed:
    """One power feed into a rack."""

    voltage_v: float = 400.0
    amps: float = 32.0
    phases: int = 3

    __setattr__ = _counter("racks")


@dataclass(slots=True)
class Rack:
    id: str
    name: str = ""
    row: str = "A"
    position: int = 1  # 1-based slot within the row, left to right
    height_u: int = 42
    power_budget_kw: float = 20.0
    feed_a: Feed = field(default_factory=Feed)
    feed_b: Feed | None = field(default_factory=Feed)
    cooling: CoolingType = CoolingType.AIR
    cooling_capacity_kw: float | None = None  # None: the catalog figure for the cooling type
    catalog_id: str = "rack-42u"

    __setattr__ = _counter("racks")


@dataclass(slots=True)
class Device:
    id: str
    catalog_id: str
    name: str = ""
    rack_id: str | None = None  # None: in the topology but not yet racked
    u: int | None = None  # lowest U occupied, 1-based from the bottom
    nic_id: str | None = None  # servers: compute-fabric NIC; None means the server's default
    nic_count: int | None = None  # servers: compute NICs fitted; None means the server's default

    __setattr__ = _counter("devices")

    @property
    def placed(self) -> bool:
        return self.rack_id is not None and self.u is not None


@dataclass(slots=True)
class Link:
    id: str
    a: str  # port reference "device/port"
    b: str
    medium: Medium = Medium.DAC
    length_m: float = 1.0
