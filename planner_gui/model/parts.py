"""The pieces a design is made of: racks, devices and links."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


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


@dataclass(slots=True)
class Device:
    id: str
    catalog_id: str
    name: str = ""
    rack_id: str | None = None  # None: in the topology but not yet racked
    u: int | None = None  # lowest U occupied, 1-based from the bottom
    nic_id: str | None = None  # servers: compute-fabric NIC; None means the server's default
    nic_count: int | None = None  # servers: compute NICs fitted; None means the server's default
    # Servers (and NVLink switch trays) sharing one NVLink domain across servers carry its name, e.g. every
    # tray of one NVL72 rack "nvl-r1"; None: the server's NVLink is its own (docs/models/collectives.md).
    nvlink_domain: str | None = None

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
