"""Packing devices into racks within power and height, and cable lengths from rack positions."""

from __future__ import annotations

import math
import string
from dataclasses import dataclass, field
from functools import lru_cache

from planner_gui.catalog import Catalog, CatalogEntry
from planner_gui.model import CoolingType, Design, Device, Feed, Medium, Rack

# Floor geometry used to estimate cable runs. A 600 mm wide rack is the common data-centre
# footprint (NVIDIA DGX SuperPOD data-center design guide); a 2.4 m row pitch is one 1.2 m rack depth plus a
# 1.2 m aisle. Cables rise to an overhead tray and come down again: 2 x 1.5 m, plus 1 m of slack.
RACK_WIDTH_M = 0.6
ROW_PITCH_M = 2.4
TRAY_RISE_M = 1.5
SLACK_M = 1.0
U_HEIGHT_M = 0.04445  # EIA-310: 1 U = 1.75 in
CABLE_LENGTH_STEP_M = 0.5  # cables are sold in half-metre steps
MEDIUM_PREFERENCE = (Medium.UTP, Medium.DAC, Medium.ACC, Medium.AOC, Medium.MMF, Medium.SMF)  # cheapest first
SWITCH_RESERVE_U = 1  # leave the top U of a compute rack for its management switch
# Three-phase 400 V feeds sized for the rack budget, one per side (A/B), at 80 % continuous load.
FEED_VOLTAGE_V = 400.0
FEED_DERATING = 0.8
# Breaker ratings up to 400 A (the R10 series of IEC 60947-2 frames): a 142 kW GB300 NVL72 rack needs a
# 315 A three-phase 400 V feed per side at 80 % continuous load.
W_PER_KW = 1000.0  # unit conversion
STANDARD_BREAKERS_A = (16, 32, 63, 100, 125, 160, 200, 250, 315, 400)


@dataclass(frozen=True, slots=True)
class RackProfile:
    """The frame, power budget and cooling a new rack gets."""

    rack_u: int
    rack_kw: float
    cooling: CoolingType
    cooling_kw: float | None = None


@dataclass
class RackPacker:
    """Fills racks bottom-up, opening a new one when power, height or the rack's purpose runs out.

    ``others``: the profile of racks for anything but compute (network, storage), when it differs: beside
    liquid-cooled NVL72 racks the switch racks are air-cooled and budgeted for the switches they hold
    (``fit_budgets``), not for a 140 kW rack of trays.
    """

    design: Design
    catalog: Catalog
    rack_u: int
    rack_kw: float
    cooling: CoolingType
    row_length: int
    cooling_kw: float | None = None
    _current: str | None = None
    _purpose: str = ""
    _next_u: int = 1
    _kw: float = 0.0
    _count: int = 0
    _limits: dict[str, int] = field(default_factory=dict)
    others: RackProfile | None = None
    _profile: RackProfile | None = None  # the open rack's
    _sized: dict[str, float] = field(default_factory=dict)  # racks of the ``others`` profile -> their kW

    def place(self, device: Device, purpose: str, top_reserve_u: int = 0) -> None:
        entry = self.catalog.require(device.catalog_id)
        wanted = self._profile_for(purpose)
        height, kw = int(entry["height_u"]), self._packing_kw(entry, wanted)
        if (self._current is None or self._profile != wanted or self._next_u + height - 1 > wanted.rack_u
                - top_reserve_u or self._kw + kw > wanted.rack_kw + 1e-9):
            self._open_rack(purpose)
        device.rack_id, device.u = self._current, self._next_u
        self.design.add_device(device, self.catalog)
        self._next_u += max(height, 0)
        self._kw += kw
        if self._current in self._sized:
            self._sized[self._current] = self._kw

    def close(self) -> None:
        self._current = None

    def open_rack(self, purpose: str) -> None:
        """Start a new rack now (the next device goes to its bottom)."""
        self._open_rack(purpose)

    @property
    def current_rack(self) -> str | None:
        return self._current

    def fit_budgets(self, step_kw: float) -> None:
        """Budget each rack of the ``others`` profile for what it holds (the packing bound of its devices,
        _packing_kw) rounded up to ``step_kw``, at most the profile's, with the feed for that; its cooling
        stays the profile's."""
        for rack_id, kw in self._sized.items():
            rack = self.design.racks[rack_id]
            budget = min(rack.power_budget_kw, max(step_kw, math.ceil(kw / step_kw - 1e-9) * step_kw))
            feed = _feed_for(budget)
            rack.power_budget_kw, rack.feed_a, rack.feed_b = budget, feed, Feed(feed.voltage_v, feed.amps, 3)

    def _packing_kw(self, entry: CatalogEntry, profile: RackProfile) -> float:
        """What a device counts against its rack while packing: the catalog maximum; in an ``others`` rack
        (budgeted to what it holds) an upper bound with the cable modules of every port, since a switch's
        catalog maximum may leave them out (Q3400: 4.58 kW maximum, 3.36 kW + 1.89 kW of 800G optics)."""
        catalog_max = float(entry["max_power_w"])
        if profile is not self.others:
            return catalog_max / W_PER_KW
        modules = sum(g["count"] * _module_bound_w(self.catalog, float(g["speed_gbps"]))
                      for g in entry.get("port_groups") or [])
        if entry.kind == "switch":
            return max(catalog_max, float(entry["typical_power_w"]) + modules) / W_PER_KW
        return (catalog_max + modules) / W_PER_KW

    def _profile_for(self, purpose: str) -> RackProfile:
        if self.others is not None and purpose != "compute":
            return self.others
        return RackProfile(self.rack_u, self.rack_kw, self.cooling, self.cooling_kw)

    def _open_rack(self, purpose: str) -> None:
        index = self._count
        self._count += 1
        row, position = _row_name(index // self.row_length), index % self.row_length + 1
        rack_id = f"{row}{position:02d}"
        profile = self._profile_for(purpose)
        feed = _feed_for(profile.rack_kw)
        self.design.add_rack(Rack(
            id=rack_id, name=f"Row {row} rack {position:02d}", row=row, position=position,
            height_u=profile.rack_u, power_budget_kw=profile.rack_kw, feed_a=feed,
            feed_b=Feed(feed.voltage_v, feed.amps, 3), cooling=profile.cooling, cooling_capacity_kw=profile.cooling_kw,
            catalog_id=rack_catalog_id(self.catalog, profile.rack_u),
        ))
        if profile is self.others:
            self._sized[rack_id] = 0.0
        self._current, self._purpose, self._next_u, self._kw = rack_id, purpose, 1, 0.0
        self._profile = profile


def _module_bound_w(catalog: Catalog, speed_gbps: float) -> float:
    """The most one cable end at ``speed_gbps`` draws from its port: the highest ``power_per_end_w`` of the
    catalog's cables of that speed (0 when none)."""
    return max((float(e.get("power_per_end_w") or 0.0) for e in catalog.of_kind("cable")
                if float(e["speed_gbps"]) == speed_gbps), default=0.0)


def _feed_for(rack_kw: float) -> Feed:
    """The smallest standard three-phase breaker whose derated capacity carries the rack budget."""
    for amps in STANDARD_BREAKERS_A:
        if FEED_VOLTAGE_V * amps * math.sqrt(3) * FEED_DERATING / 1000.0 >= rack_kw:
            return Feed(FEED_VOLTAGE_V, float(amps), 3)
    return Feed(FEED_VOLTAGE_V, float(STANDARD_BREAKERS_A[-1]), 3)


def rack_catalog_id(catalog: Catalog, rack_u: int) -> str:
    racks = sorted(catalog.of_kind("rack"), key=lambda e: e["height_u"])
    fitting = [e for e in racks if e["height_u"] >= rack_u]
    return (fitting[0] if fitting else racks[-1]).id if racks else "rack-42u"


def _row_name(index: int) -> str:
    letters = string.ascii_uppercase
    return letters[index] if index < 26 else letters[index // 26 - 1] + letters[index % 26]


def cable_length_m(design: Design, device_a: str, device_b: str, heights: dict[str, int]) -> float:
    """Estimated run between two devices, rounded up to the next half metre."""
    a, b = design.devices[device_a], design.devices[device_b]
    if a.rack_id is None or b.rack_id is None:
        return 3.0
    if a.rack_id == b.rack_id:
        run = abs((a.u or 0) - (b.u or 0)) * U_HEIGHT_M + SLACK_M
    else:
        rack_a, rack_b = design.racks[a.rack_id], design.racks[b.rack_id]
        rows = abs(_row_index(rack_a.row) - _row_index(rack_b.row))
        run = abs(rack_a.position - rack_b.position) * RACK_WIDTH_M + rows * ROW_PITCH_M + 2 * TRAY_RISE_M + SLACK_M
    return math.ceil(run / CABLE_LENGTH_STEP_M) * CABLE_LENGTH_STEP_M


@lru_cache(maxsize=4096)
def _row_index(row: str) -> int:
    value = 0
    for char in row:
        value = value * 26 + (ord(char) - ord("A") + 1)
    return value


@dataclass
class MediumChooser:
    """Cheapest medium whose reach covers a run, from the catalog's cable entries."""

    catalog: Catalog
    _reach: dict[tuple[str, float], list[tuple[Medium, float]]] = field(default_factory=dict)

    def choose(self, technology: str, speed_gbps: float, length_m: float) -> Medium:
        options = self._options(technology, speed_gbps)
        for medium, reach in options:
            if length_m <= reach:
                return medium
        return Medium.SMF

    def _options(self, technology: str, speed_gbps: float) -> list[tuple[Medium, float]]:
        """Per medium, the reach of the lowest-rated cable that still carries the port's speed."""
        key = (technology, speed_gbps)
        if key not in self._reach:
            best: dict[Medium, CatalogEntry] = {}
            for entry in self.catalog.of_kind("cable"):
                if entry["technology"] not in (technology, "any") or entry["speed_gbps"] < speed_gbps:
                    continue
                medium = Medium(entry["medium"])
                current = best.get(medium)
                if current is None or (entry["speed_gbps"], -entry["reach_m"]) < (current["speed_gbps"],
                                                                                  -current["reach_m"]):
                    best[medium] = entry
            self._reach[key] = [(m, float(best[m]["reach_m"])) for m in MEDIUM_PREFERENCE if m in best]
        return self._reach[key]
