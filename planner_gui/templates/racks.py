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
STANDARD_BREAKERS_A = (16, 32, 63, 100, 125, 160, 200, 250, 315, 400)


@dataclass
class RackPacker:
    """Fills racks bottom-up, opening a new one when power, height or the rack's purpose runs out."""

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

    def place(self, device: Device, purpose: str, top_reserve_u: int = 0) -> None:
        entry = self.catalog.require(device.catalog_id)
        height, kw = int(entry["height_u"]), entry["max_power_w"] / 1000.0
        usable_top = self.rack_u - top_reserve_u
        if (self._current is None or self._next_u + height - 1 > usable_top
                or self._kw + kw > self.rack_kw + 1e-9):
            self._open_rack(purpose)
        device.rack_id, device.u = self._current, self._next_u
        self.design.add_device(device, self.catalog)
        self._next_u += max(height, 0)
        self._kw += kw

    def close(self) -> None:
        self._current = None

    def open_rack(self, purpose: str) -> None:
        """Start a new rack now (the next device goes to its bottom)."""
        self._open_rack(purpose)

    @property
    def current_rack(self) -> str | None:
        return self._current

    def _open_rack(self, purpose: str) -> None:
        index = self._count
        self._count += 1
        row, position = _row_name(index // self.row_length), index % self.row_length + 1
        rack_id = f"{row}{position:02d}"
        feed = _feed_for(self.rack_kw)
        self.design.add_rack(Rack(
            id=rack_id, name=f"Row {row} rack {position:02d}", row=row, position=position,
            height_u=self.rack_u, power_budget_kw=self.rack_kw, feed_a=feed, feed_b=Feed(feed.voltage_v, feed.amps, 3),
            cooling=self.cooling, cooling_capacity_kw=self.cooling_kw,
            catalog_id=rack_catalog_id(self.catalog, self.rack_u),
        ))
        self._current, self._purpose, self._next_u, self._kw = rack_id, purpose, 1, 0.0


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
