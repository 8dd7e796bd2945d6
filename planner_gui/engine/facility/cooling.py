"""Thermal model per rack: heat, airflow, liquid-loop flow, cooling capacity and the GPU throttle factor.

Every watt a rack draws ends up as heat, so the heat load is the rack's maximum draw (training holds
GPUs at their power limit: benchmarks/data/h200_sustained_load.csv H4). Capacity comes from the
catalog's cooling entry for the rack's cooling type, or from the rack's own override. When the draw
exceeds what the rack can get (its power budget, its feeds or its cooling), the GPUs are slowed; the
factor is a stated heuristic, not vendor behaviour (an engineering estimate,
docs/models/power-cooling.md). Pure Python, no Qt.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import compress, repeat
from operator import eq
from typing import Any

from planner_gui.catalog import Catalog
from planner_gui.engine.facility.power import W_PER_KW, PowerReport, RackPower
from planner_gui.engine.incremental.store import RackRows, is_snapshot, kept
from planner_gui.model import CoolingType, Design, Rack
from planner_gui.present import M3H_PER_CFM  # one definition of the unit, with its formatters

BTU_PER_H_PER_W = 3.412  # heat: BTU/h = W × 3.412 (insideHPC, "Calculating CFMs for HPC power and cooling")
BTU_PER_H_PER_TON = 12_000.0  # one ton of refrigeration (unit definition: 12,000 BTU/h per ton)
CFM_PER_W_PER_DEG_F = 3.16  # airflow: CFM = 3.412·W / (1.085·ΔT°F) ≈ 3.16 × W / ΔT°F ([S44])

LPM_PER_KW_PER_K = 14.3  # water loop: L/min ≈ 14.3 × kW / ΔT(K) (water 4.186 kJ/(kg·K), 1 kg/L)
# Air ΔT across the rack: NVIDIA's 2× DGX B200 rack profile moves 4,290 CFM for 28.6 kW, i.e. 21 °F;
# the reference advises the rack-profile value for room sizing (docs/models/power-cooling.md).
AIR_DELTA_T_F = 21.0
# Cold-plate loop ΔT: OCP OAI liquid-cooling guideline sizes 1.5 L/min per kW at ΔT ≤ 10 °C
# (https://prophetstor.com/white-papers/why-fixed-flow-gpu-rack-cooling-wastes-energy/ quoting OCP §3.2).
LIQUID_DELTA_T_K = 10.0
# Hybrid direct-to-chip racks still reject 15–30 % of their heat to air (aidatacenterguide.com,
# "Rear-door heat exchangers and air-assisted liquid cooling"); the model uses the midpoint.
LIQUID_AIR_RESIDUAL = (0.15 + 0.30) / 2.0
# HW slowdown / power brake cut core clocks by 2× or more ([S18]); the reference's suggested model floors
# the performance factor at 0.5 (an engineering estimate, docs/models/power-cooling.md).
THROTTLE_FLOOR = 0.5
DEG_F_PER_K = 1.8  # temperature-difference conversion


@dataclass(frozen=True, slots=True)
class CoolingFigures:
    """A cooling type's catalog figures: usual capacity per rack, its ceiling, and the facility PUE."""

    cooling_id: str
    capacity_w: float
    ceiling_w: float
    pue: float


def cooling_figures(catalog: Catalog, cooling: str, where: str = "") -> CoolingFigures:
    """The catalog entry for cooling type ``cooling`` (air, rdhx or liquid); a clear KeyError if absent."""
    entry = catalog.get(str(cooling))
    if entry is None or entry.kind != "cooling":
        known = ", ".join(e.id for e in catalog.of_kind("cooling")) or "none"
        prefix = f"{where}: " if where else ""
        raise KeyError(f"{prefix}the catalog has no cooling entry {str(cooling)!r} (known: {known}); add a "
                       "'cooling' entry with that id, or set the rack's cooling_capacity_kw")
    capacity, ceiling = float(entry["capacity_kw"]) * W_PER_KW, float(entry["capacity_kw_max"]) * W_PER_KW
    return CoolingFigures(entry.id, capacity, ceiling, float(entry["pue"]))


@dataclass(frozen=True, slots=True)
class RackCooling:
    rack_id: str
    cooling: str
    gpu_count: int
    heat_w: float  # = the rack's maximum draw
    liquid_w: float  # heat carried away by water (cold plates, or the whole exhaust for a rear door)
    air_w: float  # heat carried by air through the servers' fans
    capacity_w: float
    capacity_source: str  # "catalog" or "override"
    ceiling_w: float | None  # the most this cooling type can do per rack (None: unknown)
    supply_w: float  # electrical supply: power budget capped by the feeds
    budget_w: float
    air_delta_t_f: float
    liquid_delta_t_k: float

    @property
    def heat_btu_h(self) -> float:
        return self.heat_w * BTU_PER_H_PER_W

    @property
    def heat_tons(self) -> float:
        return self.heat_btu_h / BTU_PER_H_PER_TON

    @property
    def airflow_cfm(self) -> float:
        return CFM_PER_W_PER_DEG_F * self.air_w / self.air_delta_t_f

    @property
    def airflow_m3h(self) -> float:
        return self.airflow_cfm * M3H_PER_CFM

    @property
    def liquid_lpm(self) -> float:
        return LPM_PER_KW_PER_K * (self.liquid_w / W_PER_KW) / self.liquid_delta_t_k

    @property
    def over_capacity(self) -> bool:
        return self.heat_w > self.capacity_w

    @property
    def available_w(self) -> float:
        return min(self.supply_w, self.capacity_w)

    @property
    def limit(self) -> str | None:
        """What caps the rack: "power-budget", "feeds", "cooling", or None when nothing does."""
        return rack_limit(self.heat_w, self.capacity_w, self.supply_w, self.budget_w)

    @property
    def throttle_factor(self) -> float:
        """GPU performance factor: min(1, available ÷ demand), floored at 0.5 (module docstring)."""
        return throttle_factor(self.available_w, self.heat_w)

    def to_json(self) -> dict[str, Any]:
        return {
            "rack_id": self.rack_id, "cooling": self.cooling, "gpu_count": self.gpu_count,
            "heat_w": self.heat_w, "heat_btu_h": self.heat_btu_h, "heat_tons": self.heat_tons,
            "air_w": self.air_w, "liquid_w": self.liquid_w, "airflow_cfm": self.airflow_cfm,
            "airflow_m3h": self.airflow_m3h, "air_delta_t_f": self.air_delta_t_f,
            "air_delta_t_k": delta_t_k_from_f(self.air_delta_t_f),
            "liquid_lpm": self.liquid_lpm, "liquid_delta_t_k": self.liquid_delta_t_k,
            "capacity_w": self.capacity_w, "capacity_source": self.capacity_source,
            "ceiling_w": self.ceiling_w,
            "over_capacity": self.over_capacity, "supply_w": self.supply_w, "available_w": self.available_w,
            "limit": self.limit, "throttle_factor": self.throttle_factor,
        }


@dataclass(frozen=True, slots=True)
class CoolingReport:
    racks: Mapping[str, RackCooling]
    # (the racks of the cached analysis' report before, the ids whose RackCooling is new since), as
    # PowerReport.rack_changes; None when not known
    rack_changes: tuple[Mapping[str, RackCooling], tuple[str, ...]] | None = field(default=None, compare=False,
                                                                                   repr=False)

    @property
    def gpu_throttle_factor(self) -> float:
        """The design's factor: synchronous training runs at the pace of its slowest rack."""
        return min((r.throttle_factor for r in self.racks.values() if r.gpu_count), default=1.0)

    @property
    def throttled_gpu_count(self) -> int:
        return sum(r.gpu_count for r in self.racks.values() if r.throttle_factor < 1.0)

    @property
    def heat_w(self) -> float:
        return math.fsum(r.heat_w for r in self.racks.values())

    def to_json(self) -> dict[str, Any]:
        return {"gpu_throttle_factor": self.gpu_throttle_factor,
                "throttled_gpu_count": self.throttled_gpu_count, "heat_w": self.heat_w,
                "heat_btu_h": self.heat_w * BTU_PER_H_PER_W,
                "racks": [r.to_json() for r in self.racks.values()]}


def rack_limit(heat_w: float, capacity_w: float, supply_w: float, budget_w: float) -> str | None:
    """What caps a rack drawing ``heat_w``: "power-budget", "feeds", "cooling", or None when nothing does."""
    if heat_w <= min(supply_w, capacity_w):
        return None
    if capacity_w < supply_w:
        return "cooling"
    return "power-budget" if budget_w <= supply_w else "feeds"


def throttle_factor(available_w: float, demand_w: float) -> float:
    """min(1, available ÷ demand) with the 0.5 floor; 1.0 when nothing is demanded."""
    if demand_w <= 0.0 or demand_w <= available_w:
        return 1.0
    return max(THROTTLE_FLOOR, available_w / demand_w)


def cooling_report(design: Design, catalog: Catalog, power: PowerReport,
                   air_delta_t_f: float = AIR_DELTA_T_F,
                   liquid_delta_t_k: float = LIQUID_DELTA_T_K) -> CoolingReport:
    """Heat, flows, capacity and throttle factor for every rack of ``design``."""
    for name, value in (("air_delta_t_f", air_delta_t_f), ("liquid_delta_t_k", liquid_delta_t_k)):
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < math.inf:
            raise ValueError(f"{name} {value!r} must be a positive temperature difference")
    figures: dict[str, CoolingFigures] = {}
    settings = (air_delta_t_f, liquid_delta_t_k)
    ids, racks = list(design.racks), list(design.racks.values())
    powers = list(map(power.racks.__getitem__, ids))
    # a snapshot's racks are never edited in place (model/snapshot.py): the same rack and RackPower objects
    # give the same RackCooling, so an edit of one rack redoes one
    results, todo = _LAST_RACKS.reuse(ids, (racks, powers), catalog, settings, trusted=is_snapshot(design))
    for i in todo:
        results[i] = _rack_cooling(racks[i], powers[i], _figures(catalog, racks[i], figures), air_delta_t_f,
                                   liquid_delta_t_k)
    _LAST_RACKS.keep(ids, (racks, powers), results, catalog, settings)
    found = dict(zip(ids, results, strict=True))
    store = kept()
    before = store.get(_REPORTED)
    store[_REPORTED] = found
    changes = None
    if before is not None and isinstance(todo, list) and len(before) == len(ids) and list(before) == ids:
        changes = (before, tuple(ids[i] for i in todo if results[i] is not before[ids[i]]))
    return CoolingReport(found, changes)


_REPORTED = "cooling_reported"  # the racks of the last report (what rack_changes is relative to)
_LAST_RACKS = RackRows("cooling_racks")  # what the last call built per rack, reused for racks whose inputs are the same


def slowest_rack(cooling: CoolingReport | None) -> tuple[float, str]:
    """(speed, rack) of the GPU rack the power and cooling checks slow most (1.0, "" when none is); of racks
    equally slow, the first by id. Each rack's factor is kept while its RackCooling is the same object
    (store.RackRows), so an edit of one rack reads one, and the minimum is a C-level pass."""
    if cooling is None:
        return 1.0, ""
    ids, racks = list(cooling.racks), list(cooling.racks.values())
    factors, todo = _SLOWEST.reuse(ids, (racks,))
    for i in todo:
        rack = racks[i]
        factors[i] = rack.throttle_factor if rack.gpu_count else math.inf  # racks without GPUs slow nothing
    _SLOWEST.keep(ids, (racks,), factors)
    least = min(factors, default=math.inf)
    if least == math.inf:
        return 1.0, ""
    return least, min(compress(ids, map(eq, factors, repeat(least))))


_SLOWEST = RackRows("cooling_throttle")  # each rack's throttle factor (inf: no GPUs), by its RackCooling


def _figures(catalog: Catalog, rack: Rack, cache: dict[str, CoolingFigures]) -> CoolingFigures | None:
    """The rack's cooling-type figures; None only if the rack overrides capacity and the catalog lacks it."""
    kind = str(rack.cooling)
    if kind not in cache:
        try:
            cache[kind] = cooling_figures(catalog, kind, f"rack {rack.id!r}")
        except KeyError:
            if rack.cooling_capacity_kw is None:
                raise
            return None
    return cache[kind]


def _rack_cooling(rack: Rack, power: RackPower, figures: CoolingFigures | None,
                  air_delta_t_f: float, liquid_delta_t_k: float) -> RackCooling:
    if rack.cooling_capacity_kw is not None:
        value = rack.cooling_capacity_kw
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < math.inf:
            raise ValueError(f"rack {rack.id!r}: cooling_capacity_kw {value!r} must be a positive number "
                             "(or empty, for the catalog figure of its cooling type)")
        capacity, source = float(value) * W_PER_KW, "override"
    else:
        capacity, source = figures.capacity_w, "catalog"  # type: ignore[union-attr]  # _figures raised if None
    heat = power.max_w
    if rack.cooling == CoolingType.LIQUID:
        liquid = power.liquid_cooled_max_w * (1.0 - LIQUID_AIR_RESIDUAL)
    elif rack.cooling == CoolingType.RDHX:
        liquid = heat  # the door's water coil takes the whole exhaust: the rack is room-neutral ([S47])
    else:
        liquid = 0.0
    # Under a rear door the server fans still move the whole heat load; only cold plates remove it from air.
    air = heat if rack.cooling == CoolingType.RDHX else heat - liquid
    return RackCooling(
        rack_id=rack.id, cooling=str(rack.cooling), gpu_count=power.gpu_count, heat_w=heat, liquid_w=liquid,
        air_w=air, capacity_w=capacity, capacity_source=source,
        ceiling_w=None if figures is None else figures.ceiling_w, supply_w=power.supply_w,
        budget_w=power.budget_w, air_delta_t_f=air_delta_t_f, liquid_delta_t_k=liquid_delta_t_k,
    )


def delta_t_k_from_f(delta_t_f: float) -> float:
    """A temperature difference in °F expressed in K."""
    return delta_t_f / DEG_F_PER_K
