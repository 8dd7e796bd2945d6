"""Electrical model: what each device draws, what each rack draws and what its feeds can carry.

Device draw comes from the catalog (servers: typical/maximum system power, adjusted for the compute
NICs actually fitted; switches: base power), plus the power of the cable modules on the device's
connected ports (optics and active cables draw from the port, hardware_power.md §4 "Module and cable
power"). Rack draw is the sum of its devices, compared with the rack's power budget and with the
derated capacity of its A and B feeds. Pure Python, no Qt.

Link ends are counted with C-level passes (``map`` over dicts, then numpy) and device sums are numpy
columns, never a Python loop per port, so 4,096 servers and ~65,000 links stay within the live budget.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from itertools import repeat
from operator import attrgetter, is_not
from typing import Any

import numpy as np

from planner_gui.catalog import Catalog
from planner_gui.engine.power_parts import DeviceBase, PartsCache, PortEnds, module_power
from planner_gui.model import Design, Feed, Rack

__all__ = ["DevicePower", "DevicePowers", "ModelPower", "PortEnds", "PowerReport", "RackPower",
           "feed_capacity_w", "power_report"]

SQRT3 = math.sqrt(3.0)  # three phase, line-to-line V: kVA = V × A × √3 (hardware_power.md §5 Formulas, [S48])
CONTINUOUS_LOAD_FACTOR = 0.8  # continuous loads at 80 % (NEC practice; hardware_power.md §5 Formulas, [S48])
W_PER_KW = 1000.0  # unit conversion
SINGLE_PHASE, THREE_PHASE = 1, 3  # the two supply arrangements rack PDUs use ([S48])


def feed_capacity_w(feed: Feed, where: str = "feed") -> float:
    """Continuous capacity of one feed in W: V × A (× √3 for three phase) × 0.8.

    A ValueError names the feed and the bad value when the feed cannot be evaluated.
    """
    if feed.phases not in (SINGLE_PHASE, THREE_PHASE):
        raise ValueError(f"{where}: phases {feed.phases!r} must be 1 (single phase) or 3 (three phase)")
    for name in ("voltage_v", "amps"):
        value = getattr(feed, name)
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < math.inf:
            raise ValueError(f"{where}: {name} {value!r} must be a positive number; set it on the rack's "
                             "feed")
    phase_factor = SQRT3 if feed.phases == THREE_PHASE else 1.0
    return feed.voltage_v * feed.amps * phase_factor * CONTINUOUS_LOAD_FACTOR


@dataclass(frozen=True, slots=True)
class DevicePower:
    """One device's draw: its catalog figures plus the modules on its ports.

    ``typical_w`` is the steady training draw (used for energy), ``max_w`` the provisioning figure (used
    for budgets, feeds and heat). Four stored fields keep 5,000-device designs cheap; the rest derive.
    """

    device_id: str
    rack_id: str | None
    base: DeviceBase
    module_w: float  # optics / active-cable modules on its connected ports

    @property
    def catalog_id(self) -> str:
        return self.base.catalog_id

    @property
    def kind(self) -> str:
        return self.base.kind

    @property
    def typical_w(self) -> float:
        return self.base.typical_w + self.module_w

    @property
    def max_w(self) -> float:
        # A switch's catalog maximum already assumes active modules in every port; never below typical.
        if self.base.switch:
            return max(self.base.max_w, self.typical_w)
        return self.base.max_w + self.module_w

    @property
    def nic_w(self) -> float:
        """Compute NICs fitted: count × NIC power (already inside typical/max, see docs/models)."""
        return self.base.nic_w

    @property
    def gpu_count(self) -> int:
        return self.base.gpu_count

    @property
    def survives_psu_loss(self) -> bool | None:
        """True when the remaining PSUs still cover the maximum draw after one PSU fails."""
        count, watts = self.base.psu_count, self.base.psu_w
        return None if count is None or watts is None else (count - 1) * watts >= self.max_w

    @property
    def survives_feed_loss(self) -> bool | None:
        """True when the PSUs on one feed alone (half of them, rounded down) cover the maximum draw."""
        count, watts = self.base.psu_count, self.base.psu_w
        return None if count is None or watts is None else (count // 2) * watts >= self.max_w

    def to_json(self) -> dict[str, Any]:
        base = self.base
        return {
            "device_id": self.device_id, "catalog_id": base.catalog_id, "kind": base.kind,
            "rack_id": self.rack_id, "typical_w": self.typical_w, "max_w": self.max_w, "nic_w": base.nic_w,
            "module_w": self.module_w, "gpu_count": base.gpu_count, "psu_count": base.psu_count,
            "psu_redundant": base.psu_redundant, "psu_w": base.psu_w,
            "survives_psu_loss": self.survives_psu_loss, "survives_feed_loss": self.survives_feed_loss,
            "liquid_cooled": base.liquid_cooled, "weight_kg": base.weight_kg,
        }


class DevicePowers(Mapping[str, DevicePower]):
    """device id -> :class:`DevicePower`, built on first access: most callers need only a few devices."""

    def __init__(self, ids: list[str], rack_ids: list[str | None], bases: list[DeviceBase], rows: list[int],
                 module_w: list[float]) -> None:
        self._ids, self._rack_ids, self._bases = ids, rack_ids, bases
        self._rows, self._module = rows, module_w
        self._index: dict[str, int] | None = None

    def __getitem__(self, device_id: str) -> DevicePower:
        if self._index is None:
            self._index = {device_id: i for i, device_id in enumerate(self._ids)}
        i = self._index[device_id]
        return DevicePower(device_id, self._rack_ids[i], self._bases[self._rows[i]], self._module[i])

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids)

    def __len__(self) -> int:
        return len(self._ids)

    def values(self) -> list[DevicePower]:  # type: ignore[override]  # a list: built in one C-level pass
        bases = map(self._bases.__getitem__, self._rows)
        return list(map(DevicePower, self._ids, self._rack_ids, bases, self._module))


@dataclass(frozen=True, slots=True)
class ModelPower:
    """All devices of one catalog model together (for facility sizing and switch running costs)."""

    catalog_id: str
    kind: str
    count: int
    typical_w: float  # sum over the devices
    max_w: float  # sum over the devices
    peak_unit_w: float  # the largest maximum draw of a single device
    height_u: int

    def to_json(self) -> dict[str, Any]:
        return {"catalog_id": self.catalog_id, "kind": self.kind, "count": self.count,
                "typical_w": self.typical_w, "max_w": self.max_w, "peak_unit_w": self.peak_unit_w,
                "height_u": self.height_u}


@dataclass(frozen=True, slots=True)
class RackPower:
    """A rack's electrical and mechanical totals against its budget, feeds and rated load."""

    rack_id: str
    device_count: int
    gpu_count: int
    typical_w: float
    max_w: float
    liquid_cooled_max_w: float  # draw of devices with cold plates (the share a liquid loop can take)
    budget_w: float
    feed_a_w: float
    feed_b_w: float | None  # None: the rack has a single feed
    device_weight_kg: float
    rack_weight_kg: float | None  # the empty rack, from its catalog entry
    max_load_kg: float | None  # the rack's rated equipment load
    footprint_m2: float | None

    @property
    def feeds_w(self) -> float:
        """What both feeds carry together (load shared, no redundancy)."""
        return self.feed_a_w + (self.feed_b_w or 0.0)

    @property
    def supply_w(self) -> float:
        """The power the rack can actually get: its budget, capped by what the feeds carry."""
        return min(self.budget_w, self.feeds_w)

    @property
    def feed_redundant(self) -> bool:
        """True when losing either feed leaves enough: max draw ≤ the smaller feed's capacity."""
        return self.feed_b_w is not None and self.max_w <= min(self.feed_a_w, self.feed_b_w)

    @property
    def over_budget(self) -> bool:
        return self.max_w > self.budget_w

    @property
    def total_weight_kg(self) -> float:
        return self.device_weight_kg + (self.rack_weight_kg or 0.0)

    @property
    def floor_load_kg_m2(self) -> float | None:
        return None if not self.footprint_m2 else self.total_weight_kg / self.footprint_m2

    def to_json(self) -> dict[str, Any]:
        return {
            "rack_id": self.rack_id, "device_count": self.device_count, "gpu_count": self.gpu_count,
            "typical_w": self.typical_w, "max_w": self.max_w, "liquid_cooled_max_w": self.liquid_cooled_max_w,
            "budget_w": self.budget_w, "feed_a_w": self.feed_a_w, "feed_b_w": self.feed_b_w,
            "feeds_w": self.feeds_w, "supply_w": self.supply_w, "feed_redundant": self.feed_redundant,
            "over_budget": self.over_budget, "device_weight_kg": self.device_weight_kg,
            "rack_weight_kg": self.rack_weight_kg, "max_load_kg": self.max_load_kg,
            "total_weight_kg": self.total_weight_kg, "floor_load_kg_m2": self.floor_load_kg_m2,
        }


@dataclass(frozen=True, slots=True)
class PowerReport:
    devices: Mapping[str, DevicePower]
    racks: Mapping[str, RackPower]
    models: Mapping[str, ModelPower]
    port_ends: tuple[PortEnds, ...]
    unknown_ids: tuple[str, ...] = ()  # devices whose hardware the catalog does not know (counted as 0 W)
    unweighed_ids: tuple[str, ...] = ()  # devices without a catalog weight (counted as 0 kg)
    totals: Mapping[str, float] = field(default_factory=dict)

    @property
    def typical_w(self) -> float:
        return self.totals.get("typical_w", 0.0)

    @property
    def max_w(self) -> float:
        return self.totals.get("max_w", 0.0)

    @property
    def gpu_count(self) -> int:
        return int(self.totals.get("gpu_count", 0))

    def to_json(self) -> dict[str, Any]:
        return {
            "totals": dict(self.totals),
            "racks": [r.to_json() for r in self.racks.values()],
            "models": [m.to_json() for m in self.models.values()],
            "devices": [d.to_json() for d in self.devices.values()],
            "port_ends": [p.to_json() for p in self.port_ends],
            "unknown_ids": list(self.unknown_ids), "unweighed_ids": list(self.unweighed_ids),
        }


def power_report(design: Design, catalog: Catalog) -> PowerReport:
    """Per-device and per-rack draw of ``design`` with hardware figures from ``catalog``."""
    parts = PartsCache(catalog)
    module_w, port_ends = module_power(design, parts)
    table = _DeviceTable(design, parts, module_w)
    racks = _racks(design, parts, table)
    return PowerReport(table.devices(), racks, table.models(), port_ends, table.unknown_ids(),
                       table.unweighed_ids(), table.totals())


class _DeviceTable:
    """Every device's figures as numpy arrays (one row per device), so sums never loop in Python."""

    def __init__(self, design: Design, parts: PartsCache, module_w: Mapping[str, float]) -> None:
        devices = list(design.devices.values())
        keys = list(map(_DEVICE_KEY, devices))
        unique = list(dict.fromkeys(keys))
        self.bases = [parts.base(*key) for key in unique]
        position = {key: i for i, key in enumerate(unique)}
        count = len(devices)
        self.ids = list(map(attrgetter("id"), devices))
        self.rack_ids = list(map(attrgetter("rack_id"), devices))
        self.row_base = np.fromiter(map(position.__getitem__, keys), np.int64, count)
        self.module = np.fromiter(map(module_w.get, self.ids, repeat(0.0)), np.float64, count)
        column = self._column
        self.typical = column("typical_w") + self.module
        is_switch = column("switch").astype(bool)
        catalog_max = column("max_w")
        self.maximum = np.where(is_switch, np.maximum(catalog_max, self.typical), catalog_max + self.module)
        self.gpus = column("gpu_count")
        self.liquid = column("liquid_cooled").astype(bool)
        self.weight = np.array([b.weight_kg or 0.0 for b in self.bases])[self.row_base]
        self.placed = np.fromiter(map(_IS_NOT_NONE, self.rack_ids), bool, count)

    def _column(self, name: str) -> np.ndarray:
        per_base = np.array([float(getattr(b, name)) for b in self.bases], dtype=np.float64)
        return per_base[self.row_base] if per_base.size else np.zeros(0)

    def devices(self) -> DevicePowers:
        return DevicePowers(self.ids, self.rack_ids, self.bases, self.row_base.tolist(), self.module.tolist())

    def models(self) -> dict[str, ModelPower]:
        models: dict[str, ModelPower] = {}
        for i, base in enumerate(self.bases):
            rows = self.row_base == i
            count = int(rows.sum())
            typical, maximum = float(self.typical[rows].sum()), float(self.maximum[rows].sum())
            peak = float(self.maximum[rows].max()) if count else 0.0
            old = models.get(base.catalog_id)
            if old is not None:  # same model with another NIC choice
                count, typical, maximum = count + old.count, typical + old.typical_w, maximum + old.max_w
                peak = max(peak, old.peak_unit_w)
            models[base.catalog_id] = ModelPower(base.catalog_id, base.kind, count, typical, maximum, peak,
                                                 base.height_u)
        return models

    def unknown_ids(self) -> tuple[str, ...]:
        return self._ids_where([not b.known for b in self.bases])

    def unweighed_ids(self) -> tuple[str, ...]:
        return self._ids_where([b.known and b.weight_kg is None for b in self.bases])

    def _ids_where(self, per_base: list[bool]) -> tuple[str, ...]:
        rows = np.nonzero(np.array(per_base, dtype=bool)[self.row_base])[0] if per_base else []
        return tuple(sorted(self.ids[i] for i in rows))

    def totals(self) -> dict[str, float]:
        network = np.where(self.column_kind("switch"), self.typical, self._column("nic_w") + self.module)
        return {
            "typical_w": float(self.typical.sum()), "max_w": float(self.maximum.sum()),
            "gpu_count": float(self.gpus.sum()),
            "unplaced_typical_w": float(self.typical[~self.placed].sum()),
            "unplaced_max_w": float(self.maximum[~self.placed].sum()),
            "network_typical_w": float(network.sum()),
        }

    def column_kind(self, kind: str) -> np.ndarray:
        per_base = np.array([b.kind == kind for b in self.bases], dtype=bool)
        return per_base[self.row_base] if per_base.size else np.zeros(0, dtype=bool)


_DEVICE_KEY = attrgetter("catalog_id", "nic_id", "nic_count")
_IS_NOT_NONE = partial(is_not, None)


def _racks(design: Design, parts: PartsCache, table: _DeviceTable) -> dict[str, RackPower]:
    rack_index = {rack_id: i for i, rack_id in enumerate(design.racks)}
    rows = np.fromiter(map(rack_index.get, table.rack_ids, repeat(-1)), np.int64, len(table.rack_ids))
    placed = rows >= 0
    count = len(rack_index)

    def per_rack(values: np.ndarray) -> list[float]:
        return np.bincount(rows[placed], weights=values[placed], minlength=count).tolist()

    ones = np.ones(len(table.ids))
    devices, gpus = per_rack(ones), per_rack(table.gpus)
    typical, maximum = per_rack(table.typical), per_rack(table.maximum)
    liquid, weight = per_rack(np.where(table.liquid, table.maximum, 0.0)), per_rack(table.weight)
    feeds: dict[tuple[float, float, int], float] = {}
    racks = {}
    for i, rack in enumerate(design.racks.values()):
        frame = parts.rack_frame(rack.catalog_id)
        racks[rack.id] = RackPower(
            rack.id, int(devices[i]), int(gpus[i]), typical[i], maximum[i], liquid[i],
            _budget_w(rack), _feed(rack.feed_a, f"rack {rack.id!r} feed A", feeds),
            None if rack.feed_b is None else _feed(rack.feed_b, f"rack {rack.id!r} feed B", feeds),
            weight[i], frame.weight_kg, frame.max_load_kg, frame.footprint_m2,
        )
    return racks


def _budget_w(rack: Rack) -> float:
    budget = rack.power_budget_kw
    if isinstance(budget, bool) or not isinstance(budget, int | float) or not 0 < budget < math.inf:
        raise ValueError(f"rack {rack.id!r}: power_budget_kw {budget!r} must be a positive number of kW")
    return float(budget) * W_PER_KW


def _feed(feed: Feed, where: str, cache: dict[tuple[float, float, int], float]) -> float:
    if not isinstance(feed, Feed):
        raise ValueError(f"{where}: expected a feed (voltage_v, amps, phases), got {type(feed).__name__}")
    key = (feed.voltage_v, feed.amps, feed.phases)
    found = cache.get(key)
    if found is None:
        found = cache[key] = feed_capacity_w(feed, where)
    return found
