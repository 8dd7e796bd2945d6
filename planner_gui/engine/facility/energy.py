"""Facility model: IT load, PUE, facility power, yearly energy and its cost, and liquid versus air.

PUE is total facility power over IT power (The Green Grid's PUE definition; Uptime Institute Global Data
Center Survey 2023); each rack's IT load is
weighted by the PUE of its cooling type unless the design sets one PUE for the site. The liquid-versus-air
comparison reproduces the seeds' argument: a lower PUE, more servers per rack, and a payback time for the
retrofit under a stated cost assumption. Pure Python, no Qt.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from planner_gui.catalog import Catalog
from planner_gui.engine.facility.cooling import cooling_figures
from planner_gui.engine.facility.power import W_PER_KW, PowerReport
from planner_gui.model import CoolingType, Currency, Design

HOURS_PER_YEAR = 365 * 24  # 8,760 h
MONTHS_PER_YEAR = 12
HOURS_PER_MONTH = HOURS_PER_YEAR / MONTHS_PER_YEAR  # 730 h, 8,760 h / 12
KWH_PER_MWH = 1000.0  # unit conversion
DEFAULT_RACK_U = 42  # racks are commonly 42U–48U (EIA-310 cabinets)
# Liquid retrofit cost per kW of IT peak (CDU share, rack manifolds, cold-plate kits, commissioning). [E]
# Planning assumption: no published per-kW figure was found in the reference set; replace with a quote.
LIQUID_RETROFIT_USD_PER_KW = 1500.0
UNPLACED_COOLING = CoolingType.AIR  # devices not yet in a rack are costed as air-cooled (the Rack default)


def usd_rate(design: Design) -> float:
    """Design-currency units per US dollar (catalog prices are in USD)."""
    rate = design.cost.cny_per_usd
    if design.meta.currency == Currency.CNY:
        if isinstance(rate, bool) or not isinstance(rate, int | float) or not 0 < rate < math.inf:
            raise ValueError(f"cost.cny_per_usd {rate!r} must be a positive number (CNY per USD, e.g. 7.2)")
        return float(rate)
    return 1.0


@dataclass(frozen=True, slots=True)
class LiquidVsAir:
    """The seeds' liquid-cooling argument, computed for this design's servers and prices."""

    pue_air: float
    pue_liquid: float
    servers_per_rack_air: Mapping[str, int]  # catalog id -> how many fit one rack (power and U bound)
    servers_per_rack_liquid: Mapping[str, int]
    racks_air: int | None  # None: some server draws more than one rack of that type can cool
    racks_liquid: int | None
    annual_energy_cost_air: float
    annual_energy_cost_liquid: float
    annual_space_saving: float
    retrofit_cost: float
    retrofit_per_kw: float  # design currency per kW of IT peak

    @property
    def annual_energy_saving(self) -> float:
        return self.annual_energy_cost_air - self.annual_energy_cost_liquid

    @property
    def energy_saving_fraction(self) -> float:
        """1 − PUE_liquid / PUE_air: the same IT energy bought at a lower overhead."""
        return 1.0 - self.pue_liquid / self.pue_air

    @property
    def payback_months(self) -> float | None:
        monthly = (self.annual_energy_saving + self.annual_space_saving) / MONTHS_PER_YEAR
        return None if monthly <= 0.0 else self.retrofit_cost / monthly

    def to_json(self) -> dict[str, Any]:
        return {
            "pue_air": self.pue_air, "pue_liquid": self.pue_liquid,
            "servers_per_rack_air": dict(self.servers_per_rack_air),
            "servers_per_rack_liquid": dict(self.servers_per_rack_liquid),
            "racks_air": self.racks_air, "racks_liquid": self.racks_liquid,
            "annual_energy_cost_air": self.annual_energy_cost_air,
            "annual_energy_cost_liquid": self.annual_energy_cost_liquid,
            "annual_energy_saving": self.annual_energy_saving,
            "energy_saving_fraction": self.energy_saving_fraction,
            "annual_space_saving": self.annual_space_saving, "retrofit_cost": self.retrofit_cost,
            "retrofit_per_kw": self.retrofit_per_kw, "payback_months": self.payback_months,
        }


@dataclass(frozen=True, slots=True)
class FacilityReport:
    """Energy at the draw under training load (GPU servers at their maximum, power.py DevicePower.training_w);
    the catalog's typical draw is kept as the labelled alternative (``*_typical``)."""

    currency: str
    it_training_kw: float
    it_typical_kw: float
    it_peak_kw: float
    it_kw_by_cooling: Mapping[str, float]  # IT kW under training load per cooling type
    pue: float
    pue_source: str  # "design" (CostSettings.pue) or "cooling types"
    electricity_per_kwh: float
    comparison: LiquidVsAir | None  # None when the catalog lacks the air or liquid cooling entry

    @property
    def facility_kw(self) -> float:
        return self.it_training_kw * self.pue

    @property
    def facility_typical_kw(self) -> float:
        return self.it_typical_kw * self.pue

    @property
    def facility_peak_kw(self) -> float:
        return self.it_peak_kw * self.pue

    @property
    def annual_mwh(self) -> float:
        return self.facility_kw * HOURS_PER_YEAR / KWH_PER_MWH

    @property
    def annual_energy_cost(self) -> float:
        return self.annual_mwh * KWH_PER_MWH * self.electricity_per_kwh

    @property
    def monthly_energy_cost(self) -> float:
        return self.facility_kw * HOURS_PER_MONTH * self.electricity_per_kwh

    @property
    def annual_mwh_typical(self) -> float:
        return self.facility_typical_kw * HOURS_PER_YEAR / KWH_PER_MWH

    @property
    def annual_energy_cost_typical(self) -> float:
        return self.annual_mwh_typical * KWH_PER_MWH * self.electricity_per_kwh

    @property
    def monthly_energy_cost_typical(self) -> float:
        return self.facility_typical_kw * HOURS_PER_MONTH * self.electricity_per_kwh

    def to_json(self) -> dict[str, Any]:
        return {
            "currency": self.currency, "it_training_kw": self.it_training_kw, "it_typical_kw": self.it_typical_kw,
            "it_peak_kw": self.it_peak_kw, "it_kw_by_cooling": dict(self.it_kw_by_cooling), "pue": self.pue,
            "pue_source": self.pue_source, "facility_kw": self.facility_kw,
            "facility_typical_kw": self.facility_typical_kw, "facility_peak_kw": self.facility_peak_kw,
            "annual_mwh": self.annual_mwh, "electricity_per_kwh": self.electricity_per_kwh,
            "annual_energy_cost": self.annual_energy_cost, "monthly_energy_cost": self.monthly_energy_cost,
            "typical": {"annual_mwh": self.annual_mwh_typical,
                        "annual_energy_cost": self.annual_energy_cost_typical,
                        "monthly_energy_cost": self.monthly_energy_cost_typical},
            "comparison": None if self.comparison is None else self.comparison.to_json(),
        }


def facility_report(design: Design, catalog: Catalog, power: PowerReport,
                    retrofit_usd_per_kw: float = LIQUID_RETROFIT_USD_PER_KW) -> FacilityReport:
    """IT and facility power, yearly energy and its cost (under training load, and at the typical draw as
    the alternative), and the liquid-versus-air comparison."""
    price = _non_negative(design.cost.electricity_per_kwh, "cost.electricity_per_kwh", "price per kWh")
    by_cooling: dict[str, float] = {}
    for rack_id, rack in design.racks.items():
        kind = str(rack.cooling)
        by_cooling[kind] = by_cooling.get(kind, 0.0) + power.racks[rack_id].training_w / W_PER_KW
    unplaced_kw = power.totals.get("unplaced_training_w", 0.0) / W_PER_KW
    if unplaced_kw > 0.0:
        by_cooling[str(UNPLACED_COOLING)] = by_cooling.get(str(UNPLACED_COOLING), 0.0) + unplaced_kw
    it_kw = math.fsum(by_cooling.values())
    pue, source = _site_pue(design, catalog, by_cooling, it_kw)
    return FacilityReport(
        currency=str(design.meta.currency), it_training_kw=it_kw, it_typical_kw=power.typical_w / W_PER_KW,
        it_peak_kw=power.max_w / W_PER_KW,
        it_kw_by_cooling=by_cooling, pue=pue, pue_source=source, electricity_per_kwh=price,
        comparison=_compare(design, catalog, power, it_kw, price, retrofit_usd_per_kw),
    )


def _site_pue(design: Design, catalog: Catalog, by_cooling: Mapping[str, float],
              it_kw: float) -> tuple[float, str]:
    if design.cost.pue is not None:
        return _pue(design.cost.pue, "cost.pue"), "design"
    if it_kw <= 0.0:
        kinds = list(by_cooling) or [str(UNPLACED_COOLING)]
        return cooling_figures(catalog, kinds[0]).pue, "cooling types"
    weighted = math.fsum(kw * cooling_figures(catalog, kind).pue for kind, kw in by_cooling.items())
    return weighted / it_kw, "cooling types"


def _compare(design: Design, catalog: Catalog, power: PowerReport, it_kw: float, price: float,
             retrofit_usd_per_kw: float) -> LiquidVsAir | None:
    try:
        air = cooling_figures(catalog, CoolingType.AIR)
        liquid = cooling_figures(catalog, CoolingType.LIQUID)
    except KeyError:
        return None
    rack_u = max((r.height_u for r in design.racks.values()), default=DEFAULT_RACK_U)
    servers = _server_models(power)
    per_air = {cid: _per_rack(air.capacity_w, unit_w, height, rack_u)
               for cid, (_, unit_w, height) in servers.items()}
    per_liq = {cid: _per_rack(liquid.capacity_w, unit_w, height, rack_u)
               for cid, (_, unit_w, height) in servers.items()}
    racks_air, racks_liquid = _racks(servers, per_air), _racks(servers, per_liq)
    energy = it_kw * HOURS_PER_YEAR * price
    space = design.cost.space_per_rack_month * MONTHS_PER_YEAR
    saved_racks = 0 if racks_air is None or racks_liquid is None else racks_air - racks_liquid
    per_kw = _non_negative(retrofit_usd_per_kw, "retrofit_usd_per_kw", "cost per kW") * usd_rate(design)
    return LiquidVsAir(
        pue_air=air.pue, pue_liquid=liquid.pue, servers_per_rack_air=per_air, servers_per_rack_liquid=per_liq,
        racks_air=racks_air, racks_liquid=racks_liquid, annual_energy_cost_air=energy * air.pue,
        annual_energy_cost_liquid=energy * liquid.pue, annual_space_saving=saved_racks * space,
        retrofit_cost=per_kw * power.max_w / W_PER_KW, retrofit_per_kw=per_kw,
    )


def _server_models(power: PowerReport) -> dict[str, tuple[int, float, int]]:
    """catalog id -> (count, highest max draw of one such server, height in U)."""
    models = power.models.values()
    return {m.catalog_id: (m.count, m.peak_unit_w, m.height_u) for m in models if m.kind == "server"}


def _per_rack(capacity_w: float, server_w: float, height_u: int, rack_u: int) -> int:
    by_power = int(capacity_w // server_w) if server_w > 0.0 else rack_u
    return min(by_power, rack_u // max(height_u, 1))


def _racks(servers: Mapping[str, tuple[int, float, int]], per_rack: Mapping[str, int]) -> int | None:
    if any(per_rack[cid] == 0 for cid in servers):
        return None
    return sum(math.ceil(count / per_rack[cid]) for cid, (count, _, _) in servers.items())


def _pue(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 1.0 <= value < math.inf:
        raise ValueError(f"{name} {value!r} must be a number of at least 1.0 (facility kW ÷ IT kW)")
    return float(value)


def _non_negative(value: object, name: str, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0.0 <= value < math.inf:
        raise ValueError(f"{name} {value!r} must be a {what} of zero or more")
    return float(value)
