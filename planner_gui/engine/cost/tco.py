"""Cost and TCO: rent, cloud and buy options over the project, break-even months and the network's share.

Buying prices come from the catalog's ``price_usd`` (converted with ``cny_per_usd`` for a CNY design)
unless ``CostSettings.buy_price`` overrides them in the design's currency. Running a bought cluster costs
its facility power (facility kW × price per kWh) and rack space. Renting prices come only from the
design's CostSettings. Pure Python and numpy, no Qt.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from planner_gui.catalog import Catalog
from planner_gui.engine.cost.bom import Bom, Prices, build_bom
from planner_gui.engine.cost.rent import (
    CostOption,
    break_even_month,
    check_fraction,
    check_price,
    cloud_option,
    gpu_hours,
    horizon,
    rent_plan,
    switch_break_even_months,
)
from planner_gui.engine.facility.energy import HOURS_PER_MONTH, FacilityReport, facility_report, usd_rate
from planner_gui.engine.facility.power import W_PER_KW, PowerReport, power_report
from planner_gui.model import Design
from planner_gui.model.settings import MAX_PROJECT_MONTHS  # the one range (COST_RANGES) the file uses too

NETWORK_LINES = ("switches", "nics", "cables")
MINOR_KINDS = ("blank", "patch_panel", "pdu")  # left unpriced without a warning (the bill says why)


@dataclass(frozen=True, slots=True)
class SwitchBreakEven:
    """Rent versus buy for one switch model, the comparison seed 000 makes for IB switches."""

    catalog_id: str
    count: int
    rent_month: float
    buy_price: float
    opex_month: float  # the bought switch's own electricity (typical draw × PUE × 730 h × price)
    months: float | None  # None: renting never costs more

    def to_json(self) -> dict[str, Any]:
        return {"catalog_id": self.catalog_id, "count": self.count, "rent_month": self.rent_month,
                "buy_price": self.buy_price, "opex_month": self.opex_month, "months": self.months}


@dataclass(frozen=True, slots=True)
class CostReport:
    currency: str
    project_months: int
    gpu_count: int
    options: Mapping[str, CostOption]  # "buy" always; "rent" and "cloud" when prices are set
    buy_vs_rent_month: int | None  # first month at which buying has cost no more than renting
    buy_vs_cloud_month: int | None
    switches: tuple[SwitchBreakEven, ...] = ()
    # option -> catalog ids without a price
    unpriced: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def upfront_saving_rent_vs_buy(self) -> float | None:
        """1 − rent's first bill ÷ buying's up-front cost (seed 000: "saves over 60 %")."""
        rent, buy = self.options.get("rent"), self.options["buy"]
        return None if rent is None or buy.upfront <= 0.0 else 1.0 - rent.upfront / buy.upfront

    @property
    def rent_vs_cloud_saving(self) -> float | None:
        """1 − monthly rent ÷ the same GPUs at cloud hourly prices (seed 004: "40–60 % cheaper")."""
        rent, cloud = self.options.get("rent"), self.options.get("cloud")
        if rent is None or cloud is None or cloud.monthly <= 0.0:
            return None
        return 1.0 - rent.monthly / cloud.monthly

    def to_json(self) -> dict[str, Any]:
        return {
            "currency": self.currency, "project_months": self.project_months, "gpu_count": self.gpu_count,
            "options": {name: option.to_json() for name, option in self.options.items()},
            "buy_vs_rent_month": self.buy_vs_rent_month, "buy_vs_cloud_month": self.buy_vs_cloud_month,
            "switches": [s.to_json() for s in self.switches],
            "unpriced": {name: list(ids) for name, ids in self.unpriced.items()},
            "upfront_saving_rent_vs_buy": self.upfront_saving_rent_vs_buy,
            "rent_vs_cloud_saving": self.rent_vs_cloud_saving,
        }


def cost_report(design: Design, catalog: Catalog, power: PowerReport | None = None,
                facility: FacilityReport | None = None, bom: Bom | None = None) -> CostReport:
    """Every cost option for ``design``; pass the power and facility reports if already computed."""
    settings = design.cost
    months = settings.project_months
    if isinstance(months, bool) or not isinstance(months, int) or not 1 <= months <= MAX_PROJECT_MONTHS:
        raise ValueError(f"cost.project_months {months!r} must be a whole number of months from 1 to "
                         f"{MAX_PROJECT_MONTHS}")
    power = power_report(design, catalog) if power is None else power
    facility = facility_report(design, catalog, power) if facility is None else facility
    prices = _Prices(design, catalog)
    bom = build_bom(design, catalog) if bom is None else bom
    kinds = Counter(map(attrgetter("catalog_id", "nic_id", "nic_count"), design.devices.values()))
    servers, switches = _fleet(kinds, catalog)
    gpus = sum(count * gpus_each for count, gpus_each in servers.values())
    buy = _buy_option(design, power, facility, bom, gpus)
    options: dict[str, CostOption] = {"buy": buy}
    unpriced: dict[str, tuple[str, ...]] = {"buy": _missing(bom)}
    plan = rent_plan(servers, switches, settings.rent_per_server_month, settings.rent_per_gpu_month,
                     settings.switch_rent_month, settings.annual_prepay_discount)
    cloud = cloud_option(settings.cloud_per_gpu_hour, gpus, months)
    months_axis = horizon()
    rent_month = cloud_month = None
    if plan is not None:
        options["rent"] = plan.option(months, gpus)
        unpriced["rent"] = plan.unpriced
        rent_month = break_even_month(buy.upfront, buy.monthly, plan.cumulative(months_axis))
    if cloud is not None:
        options["cloud"] = cloud
        cloud_month = break_even_month(buy.upfront, buy.monthly, cloud.monthly * months_axis)
    return CostReport(str(design.meta.currency), months, gpus, options, rent_month, cloud_month,
                      _switch_break_even(design, power, facility, prices, switches), unpriced)


class _Prices:
    """Unit prices for the switch comparison, checked: a bad override is one clear error."""

    def __init__(self, design: Design, catalog: Catalog) -> None:
        usd_rate(design)  # a bad exchange rate is one clear error here; the bill only leaves prices out
        for catalog_id, value in design.cost.buy_price.items():
            check_price(value, f"cost.buy_price[{catalog_id!r}]")
        self.prices = Prices(design, catalog)
        self.catalog = catalog

    def unit(self, catalog_id: str) -> float | None:
        return self.prices.unit(catalog_id)


def _fleet(kinds: Mapping[tuple[str, str | None, int | None], int], catalog: Catalog,
           ) -> tuple[dict[str, tuple[int, int]], dict[str, int]]:
    """Servers (catalog id -> (count, GPUs each)) and switches (catalog id -> count)."""
    servers: dict[str, tuple[int, int]] = {}
    switches: dict[str, int] = {}
    for (catalog_id, _, _), count in kinds.items():
        entry = catalog.get(catalog_id)
        if entry is None:
            continue
        if entry.kind == "server":
            held = servers.get(catalog_id, (0, int(entry["gpu_count"])))
            servers[catalog_id] = (held[0] + count, held[1])
        elif entry.kind == "switch":
            switches[catalog_id] = switches.get(catalog_id, 0) + count
    return servers, switches


HARDWARE_LINES = {"server": "servers", "switch": "switches", "nic": "nics", "cable": "cables", "optic": "cables",
                  "rack": "racks"}  # bill category -> cost line; the rest is "other hardware"


def _buy_option(design: Design, power: PowerReport, facility: FacilityReport, bom: Bom, gpus: int) -> CostOption:
    settings = design.cost
    install = check_fraction(settings.installation_fraction, "cost.installation_fraction")
    hardware = dict.fromkeys(("servers", "switches", "other hardware", "nics", "cables", "racks"), 0.0)
    for line in bom.lines:
        hardware[HARDWARE_LINES.get(line.category, "other hardware")] += line.total or 0.0
    upfront_hw = math.fsum(hardware.values())
    months = settings.project_months
    electricity = facility.monthly_energy_cost
    space = len(design.racks) * check_price(settings.space_per_rack_month, "cost.space_per_rack_month")
    lines = {**hardware, "installation": upfront_hw * install,
             "electricity": electricity * months, "space": space * months}
    network_hw = math.fsum(hardware[name] for name in NETWORK_LINES) * (1.0 + install)
    network = network_hw + lines["electricity"] * _network_power_fraction(power)
    upfront = upfront_hw * (1.0 + install)
    monthly = electricity + space
    total = upfront + monthly * months
    return CostOption("buy", upfront, monthly, total, gpu_hours(gpus, months), network, lines)


def _missing(bom: Bom) -> tuple[str, ...]:
    """Parts without a price, but minor ones (blanking and patch panels, PDUs) the catalog may leave out."""
    return tuple(sorted({line.part for line in bom.unpriced() if line.category not in MINOR_KINDS}))


def _network_power_fraction(power: PowerReport) -> float:
    """Share of the typical IT draw taken by switches, NICs and cable modules."""
    if power.typical_w <= 0.0:
        return 0.0
    return min(1.0, power.totals.get("network_typical_w", 0.0) / power.typical_w)


def _switch_break_even(design: Design, power: PowerReport, facility: FacilityReport, prices: _Prices,
                       switches: Mapping[str, int]) -> tuple[SwitchBreakEven, ...]:
    rents = design.cost.switch_rent_month
    wanted = [cid for cid in sorted(switches) if cid in rents and prices.unit(cid) is not None]
    if not wanted:
        return ()
    results = []
    for cid in wanted:
        model = power.models.get(cid)
        each_kw = 0.0 if model is None or not model.count else model.typical_w / model.count / W_PER_KW
        opex = each_kw * facility.pue * HOURS_PER_MONTH * facility.electricity_per_kwh
        rent = check_price(rents[cid], f"cost.switch_rent_month[{cid!r}]")
        buy = prices.unit(cid) or 0.0
        install = design.cost.installation_fraction
        results.append(SwitchBreakEven(cid, switches[cid], rent, buy, opex,
                                       switch_break_even_months(buy * (1.0 + install), rent, opex)))
    return tuple(results)
