"""Electrical model: what each device draws, what each rack draws and what its feeds can carry.

Device draw comes from the catalog (servers: typical/maximum system power, adjusted for the compute
NICs actually fitted; switches: base power), plus the power of the cable modules on the device's
connected ports (optics and active cables draw from the port, NVIDIA LinkX cable and transceiver
specifications). Rack draw is the sum of its devices, compared with the rack's power budget and with the
derated capacity of its A and B feeds. Pure Python, no Qt.

Link ends are counted with numpy over the topology's cached parse of the links (power_ends.py) and
device sums are numpy columns, never a Python loop per port, so 12,500 servers and ~390,000 links stay
within the live budget.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from operator import attrgetter, is_not
from typing import Any

import numpy as np

from planner_gui.catalog import Catalog
from planner_gui.engine.cost.cables import CableSchedule, cable_schedule
from planner_gui.engine.facility.power_ends import module_power
from planner_gui.engine.facility.power_parts import DeviceBase, PartsCache, PortEnds
from planner_gui.engine.facility.power_racks import (
    CONTINUOUS_LOAD_FACTOR,
    W_PER_KW,
    RackInputs,
    RackPower,
    feed_capacity_w,
    rack_changes,
    rack_inputs,
    rack_powers,
)
from planner_gui.engine.util.arrays import FirstSeen
from planner_gui.model import Design

__all__ = ["CONTINUOUS_LOAD_FACTOR", "W_PER_KW", "DeviceDraw", "DevicePower", "DevicePowers", "ModelPower",
           "PortEnds", "PowerBase", "PowerReport", "RackPower", "feed_capacity_w", "power_base", "power_report"]

@dataclass(frozen=True, slots=True)
class DevicePower:
    """One device's draw: its catalog figures plus the modules on its ports.

    ``max_w`` is the provisioning figure (used for budgets, feeds and heat), ``training_w`` the draw under
    training load (used for energy and its cost) and ``typical_w`` the catalog's typical draw (kept as the
    labelled alternative). Four stored fields keep 5,000-device designs cheap; the rest derive.
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
    def training_w(self) -> float:
        """A GPU server under training draws its maximum: dense math holds every GPU at its power limit (one
        H200 measured for this project held 692 W of its 700 W limit through a 60 s bf16 GEMM), which is
        the load the vendors' maximum system power is given for (DGX H100 user guide: 10.2 kW). Switches,
        storage and hosts without GPUs stay at their typical draw."""
        return self.max_w if self.base.gpu_count > 0 else self.typical_w

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
            "rack_id": self.rack_id, "typical_w": self.typical_w, "max_w": self.max_w,
            "training_w": self.training_w, "nic_w": base.nic_w,
            "module_w": self.module_w, "gpu_count": base.gpu_count, "psu_count": base.psu_count,
            "psu_redundant": base.psu_redundant, "psu_w": base.psu_w,
            "survives_psu_loss": self.survives_psu_loss, "survives_feed_loss": self.survives_feed_loss,
            "liquid_cooled": base.liquid_cooled, "weight_kg": base.weight_kg,
        }


class DevicePowers(Mapping[str, DevicePower]):
    """device id -> :class:`DevicePower`, built on first access: most callers need only a few devices."""

    def __init__(self, ids: list[str], rack_ids: list[str | None], bases: list[DeviceBase], rows: list[int],
                 module_w: list[float], max_w: np.ndarray | None = None) -> None:
        self._ids, self._rack_ids, self._bases = ids, rack_ids, bases
        self._rows, self._module = rows, module_w
        self._max_w = max_w  # every device's DevicePower.max_w, as computed by the device table
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

    def psu_shortfalls(self) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
        """catalog id -> ids, in device order, of the devices whose ``survives_psu_loss`` is False, and of
        the placed others whose ``survives_feed_loss`` is False: the same test, as numpy columns."""
        if self._max_w is None:
            return _shortfalls_one_by_one(self.values())
        bases = self._bases
        known = [b.psu_count is not None and b.psu_w is not None for b in bases]
        count = np.array([b.psu_count if k else 0 for b, k in zip(bases, known, strict=True)], np.int64)
        watts = np.array([b.psu_w if k else 0.0 for b, k in zip(bases, known, strict=True)], np.float64)
        rows = np.asarray(self._rows, dtype=np.int64)
        has_psu = np.array(known, dtype=bool)[rows] if bases else np.zeros(0, bool)
        max_w = self._max_w
        no_spare = has_psu & ~((count - 1)[rows] * watts[rows] >= max_w)
        placed = np.fromiter(map(_IS_NOT_NONE, self._rack_ids), bool, len(self._rack_ids))
        derate = has_psu & ~no_spare & placed & ~((count // 2)[rows] * watts[rows] >= max_w)
        return self._by_model(no_spare), self._by_model(derate)

    def _by_model(self, mask: np.ndarray) -> dict[str, list[str]]:
        """catalog id -> ids of the devices in ``mask``, in device order.

        One stable sort of the chosen devices by model code: linear in devices and models (a loop over
        models with a pass over all models each was quadratic: 40,000 unknown catalog ids took a minute).
        """
        found: dict[str, list[str]] = {}
        chosen = np.flatnonzero(mask)
        if not chosen.size:
            return found
        models = [b.catalog_id for b in self._bases]
        codes = {model: code for code, model in enumerate(dict.fromkeys(models))}  # first-seen order
        base_code = np.fromiter(map(codes.__getitem__, models), np.int64, len(models))
        device_code = base_code[np.asarray(self._rows, dtype=np.int64)[chosen]]
        order = np.argsort(device_code, kind="stable")
        sorted_codes, sorted_devices = device_code[order], chosen[order].tolist()
        starts = np.flatnonzero(np.r_[True, sorted_codes[1:] != sorted_codes[:-1]]).tolist()
        names = list(codes)
        for start, end in zip(starts, [*starts[1:], len(sorted_devices)], strict=True):
            found[names[int(sorted_codes[start])]] = list(map(self._ids.__getitem__, sorted_devices[start:end]))
        return found


def _shortfalls_one_by_one(devices: list[DevicePower]) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    no_spare: dict[str, list[str]] = {}
    derate: dict[str, list[str]] = {}
    for device in devices:
        if device.survives_psu_loss is False:
            no_spare.setdefault(device.catalog_id, []).append(device.device_id)
        elif device.survives_feed_loss is False and device.rack_id is not None:
            derate.setdefault(device.catalog_id, []).append(device.device_id)
    return no_spare, derate


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
class PowerReport:
    devices: Mapping[str, DevicePower]
    racks: Mapping[str, RackPower]
    models: Mapping[str, ModelPower]
    port_ends: tuple[PortEnds, ...]
    unknown_ids: tuple[str, ...] = ()  # devices whose hardware the catalog does not know (counted as 0 W)
    unweighed_ids: tuple[str, ...] = ()  # devices without a catalog weight (counted as 0 kg)
    totals: Mapping[str, float] = field(default_factory=dict)
    # (the racks of the cached analysis' report before, the ids whose RackPower is new since): the same racks
    # in the same order otherwise, so a view of that report follows an edit without visiting every rack.
    # None: the report is not known to follow another (a one-shot analysis, racks added or removed).
    rack_changes: tuple[Mapping[str, RackPower], tuple[str, ...]] | None = field(default=None, compare=False,
                                                                                 repr=False)

    @property
    def typical_w(self) -> float:
        return self.totals.get("typical_w", 0.0)

    @property
    def max_w(self) -> float:
        return self.totals.get("max_w", 0.0)

    @property
    def training_w(self) -> float:
        """Draw under training load (DevicePower.training_w summed): what energy and its cost use."""
        return self.totals.get("training_w", 0.0)

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


class PowerBase:
    """The part of the power model that follows from the devices alone (no links, no racks): each
    device's model figures. The analysis keeps it while the devices are unchanged, so a cable edit redoes
    only the module watts and the rack sums, a rack's budget only the racks' share."""

    def __init__(self, design: Design, catalog: Catalog) -> None:
        self.parts = PartsCache(catalog)
        self.table = _DeviceTable(design, self.parts)


def power_base(design: Design, catalog: Catalog) -> PowerBase:
    return PowerBase(design, catalog)


def rack_inputs_of(design: Design, base: PowerBase) -> RackInputs:
    """The racks' share of the model (their supply and frames, and where each device is)."""
    return rack_inputs(design, base.parts, base.table.rack_ids)


class DeviceDraw:
    """The devices' share of the model with the links': every device's draw with its module watts, and the
    per-device outputs of the report. A function of the devices and the links alone, so the analysis keeps
    it across a rack's budget, feeds or cooling edit (only the racks' sums are redone)."""

    def __init__(self, design: Design, catalog: Catalog, base: PowerBase, schedule: CableSchedule) -> None:
        table = copy.copy(base.table)  # add_modules sets this analysis' columns on the copy, never on the base
        table.add_modules(*module_power(design, catalog, schedule))
        self.table = table
        self.devices, self.models = table.devices(), table.models()
        self.unknown_ids, self.unweighed_ids, self.totals = table.unknown_ids(), table.unweighed_ids(), table.totals()


def power_report(design: Design, catalog: Catalog, base: PowerBase | None = None,
                 schedule: CableSchedule | None = None, racks: Callable[[], RackInputs] | None = None,
                 draw: Callable[[], DeviceDraw] | None = None) -> PowerReport:
    """Per-device and per-rack draw of ``design`` with hardware figures from ``catalog``. A caller that keeps
    parts of the model passes them, each of this very design: ``base`` (the devices' PowerBase),
    ``schedule`` (its cable schedule: the bill's, so both use the same parts), ``draw`` (its DeviceDraw, from
    that base and schedule) and ``racks`` (its rack inputs, asked for after the module watts, as computed
    here)."""
    base = PowerBase(design, catalog) if base is None else base
    parts = base.parts
    if draw is None:
        schedule = cable_schedule(design, catalog) if schedule is None else schedule
        found = DeviceDraw(design, catalog, base, schedule)
    else:
        found = draw()
    table = found.table
    racks = rack_powers(design, parts, table.rack_ids, table.gpus, (table.typical, table.maximum, table.training),
                        np.where(table.liquid, table.maximum, 0.0), table.weight,
                        rack_inputs_of(design, base) if racks is None else racks())
    return PowerReport(found.devices, racks, found.models, table.port_ends, found.unknown_ids, found.unweighed_ids,
                       found.totals, rack_changes(racks))


class _DeviceTable:
    """Every device's figures as numpy arrays (one row per device), so sums never loop in Python."""

    def __init__(self, design: Design, parts: PartsCache) -> None:
        devices = list(design.devices.values())
        position = FirstSeen()  # model key -> row of the model table, numbered in order of appearance
        count = len(devices)
        self.row_base = np.fromiter(map(position.__getitem__, map(_DEVICE_KEY, devices)), np.int64, count)
        self.keys = list(position)  # the distinct (catalog id, NIC, NIC count) models
        self.bases = [parts.base(*key) for key in self.keys]
        self.ids = list(map(attrgetter("id"), devices))
        self.rack_ids = list(map(attrgetter("rack_id"), devices))
        self.placed = np.fromiter(map(_IS_NOT_NONE, self.rack_ids), bool, count)

    def add_modules(self, module_w: np.ndarray, port_ends: tuple[PortEnds, ...]) -> None:
        """The module watts of every device (same order as its rows), then the derived columns."""
        self.module, self.port_ends = module_w, port_ends
        column = self._column
        self.typical = column("typical_w") + self.module
        is_switch = column("switch").astype(bool)
        catalog_max = column("max_w")
        self.maximum = np.where(is_switch, np.maximum(catalog_max, self.typical), catalog_max + self.module)
        self.gpus = column("gpu_count")
        self.training = np.where(self.gpus > 0, self.maximum, self.typical)  # as DevicePower.training_w
        self.liquid = column("liquid_cooled").astype(bool)
        self.weight = np.array([b.weight_kg or 0.0 for b in self.bases])[self.row_base]

    def _column(self, name: str) -> np.ndarray:
        per_base = np.array([float(getattr(b, name)) for b in self.bases], dtype=np.float64)
        return per_base[self.row_base] if per_base.size else np.zeros(0)

    def devices(self) -> DevicePowers:
        return DevicePowers(self.ids, self.rack_ids, self.bases, self.row_base.tolist(), self.module.tolist(),
                            self.maximum)

    def models(self) -> dict[str, ModelPower]:
        """Totals per catalog id: one bincount pass per column, linear in devices and models
        (a mask over every device per model was quadratic in distinct catalog ids)."""
        models: dict[str, ModelPower] = {}
        size = len(self.bases)
        counts = np.bincount(self.row_base, minlength=size)
        typicals = np.bincount(self.row_base, weights=self.typical, minlength=size)
        maxima = np.bincount(self.row_base, weights=self.maximum, minlength=size)
        peaks = np.zeros(size)
        if self.row_base.size:
            np.maximum.at(peaks, self.row_base, self.maximum)
        for i, base in enumerate(self.bases):
            count, typical, maximum = int(counts[i]), float(typicals[i]), float(maxima[i])
            peak = float(peaks[i]) if count else 0.0
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
            "training_w": float(self.training.sum()),
            "unplaced_typical_w": float(self.typical[~self.placed].sum()),
            "unplaced_training_w": float(self.training[~self.placed].sum()),
            "unplaced_max_w": float(self.maximum[~self.placed].sum()),
            "network_typical_w": float(network.sum()),
        }

    def column_kind(self, kind: str) -> np.ndarray:
        per_base = np.array([b.kind == kind for b in self.bases], dtype=bool)
        return per_base[self.row_base] if per_base.size else np.zeros(0, dtype=bool)


_DEVICE_KEY = attrgetter("catalog_id", "nic_id", "nic_count")

_IS_NOT_NONE = partial(is_not, None)
