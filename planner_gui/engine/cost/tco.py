"""Cost and TCO: rent, cloud and buy options over the project, break-even months and the network's share.

Buying prices come from the catalog's ``price_usd`` (converted with ``cny_per_usd`` for a CNY design)
unless ``CostSettings.buy_price`` overrides them in the design's currency. Running a bought cluster costs
its facility power (facility kW × price per kWh) and rack space. Renting prices come only from the
design's CostSettings. Pure Python and numpy, no Qt.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from planner_gui.catalog import Catalog
from planner_gui.engine.cost.bom import Bom, Prices, build_bom, whole
from planner_gui.engine.cost.device_models import DeviceModels, device_models
from planner_gui.engine.cost.rent import (
    BREAK_EVEN_HORIZON_MONTHS,
    CostOption,
    arrears_cost,
    break_even_month,
    check_fraction,
    check_price,
    cloud_option,
    gpu_hours,
    rent_plan,
    switch_break_even_months,
)
from planner_gui.engine.facility.energy import (
    HOURS_PER_MONTH,
    MONTHS_PER_YEAR,
    FacilityReport,
    facility_report,
    usd_rate,
)
from planner_gui.engine.facility.power import W_PER_KW, PowerReport, power_report
from planner_gui.model import Design
from planner_gui.model.cost_limits import cost_problem

NETWORK_LINES = ("switches", "nics", "cables")
MINOR_KINDS = ("blank", "patch_panel", "pdu", "power_shelf")  # left unpriced without a warning (the bill says why)


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
class EnergyBasis:
    """What the bought cluster's electricity is counted at: the IT draw under training load (GPU servers at
    their maximum, facility/power.py DevicePower.training_w), with the catalog's typical draw as the labelled
    alternative. Whole currency units a month, as the bill (``monthly_training`` is the buy option's line)."""

    it_training_kw: float
    it_typical_kw: float
    monthly_training: float
    monthly_typical: float

    def to_json(self) -> dict[str, Any]:
        return {"basis": "training load", "it_training_kw": self.it_training_kw,
                "it_typical_kw": self.it_typical_kw, "monthly_training": self.monthly_training,
                "monthly_typical": self.monthly_typical}


def energy_basis(facility: FacilityReport) -> EnergyBasis:
    return EnergyBasis(facility.it_training_kw, facility.it_typical_kw, whole(facility.monthly_energy_cost),
                       whole(facility.monthly_energy_cost_typical))


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
    terms: QuoteTerms = field(default_factory=lambda: QuoteTerms(0.0, False, "", 0.0, 3))
    energy: EnergyBasis | None = None

    def tax(self, option: CostOption) -> float:
        """The tax in an option's project total: added on top when prices exclude it, the part of the total
        it is when they include it (whole units either way)."""
        rate = self.terms.tax_rate
        if rate <= 0.0:
            return 0.0
        if self.terms.prices_include_tax:
            return option.total - whole(option.total / (1.0 + rate))
        return whole(option.total * rate)

    def total_with_tax(self, option: CostOption) -> float:
        return option.total if self.terms.prices_include_tax else option.total + self.tax(option)

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
            "terms": self.terms.to_json(),
            "energy": None if self.energy is None else self.energy.to_json(),
            "tax": {name: self.tax(option) for name, option in self.options.items()},
        }


@dataclass(frozen=True, slots=True)
class QuoteTerms:
    """What the quote's figures mean: tax, how long the prices hold, support and warranty."""

    tax_rate: float
    prices_include_tax: bool
    quote_valid_until: str  # ISO date, "" when not stated
    support_rate_per_year: float
    warranty_years: int

    def to_json(self) -> dict[str, Any]:
        return {"tax_rate": self.tax_rate, "prices_include_tax": self.prices_include_tax,
                "quote_valid_until": self.quote_valid_until, "support_rate_per_year": self.support_rate_per_year,
                "warranty_years": self.warranty_years}


def cost_report(design: Design, catalog: Catalog, power: PowerReport | None = None,
                facility: FacilityReport | None = None, bom: Bom | None = None,
                models: DeviceModels | None = None) -> CostReport:
    """Every cost option for ``design``; pass the power and facility reports, the bill and the devices' models
    (device_models.py) if already computed."""
    settings = design.cost
    problem = cost_problem(settings)
    if problem is not None:
        raise ValueError(problem)
    months = settings.project_months
    power = power_report(design, catalog) if power is None else power
    facility = facility_report(design, catalog, power) if facility is None else facility
    prices = _Prices(design, catalog)
    models = device_models(design) if models is None else models
    bom = build_bom(design, catalog, models=models) if bom is None else bom
    kinds = models.kinds
    servers, switches = _fleet(kinds, catalog)
    gpus = sum(count * gpus_each for count, gpus_each in servers.values())
    buy = _buy_option(design, power, facility, bom, gpus)
    options: dict[str, CostOption] = {"buy": buy}
    unpriced: dict[str, tuple[str, ...]] = {"buy": _missing(bom)}
    plan = rent_plan(servers, switches, settings.rent_per_server_month, settings.rent_per_gpu_month,
                     settings.switch_rent_month, settings.annual_prepay_discount)
    cloud = cloud_option(settings.cloud_per_gpu_hour, gpus, months)
    rent_month = cloud_month = None
    if plan is not None:
        options["rent"] = plan.option(months, gpus)
        unpriced["rent"] = plan.unpriced
        rent_month = break_even_month(buy, options["rent"])
    if cloud is not None:
        options["cloud"] = cloud
        cloud_month = break_even_month(buy, cloud)
    terms = QuoteTerms(float(settings.tax_rate), settings.prices_include_tax, settings.quote_valid_until,
                       float(settings.support_rate_per_year), int(settings.warranty_years))
    return CostReport(str(design.meta.currency), months, gpus, options, rent_month, cloud_month,
                      _switch_break_even(design, power, facility, prices, switches), unpriced, terms,
                      energy_basis(facility))


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
    # Whole currency units, as the bill: each monthly bill is rounded once, so months × bill is the line.
    electricity = energy_basis(facility).monthly_training
    space = whole(len(design.racks) * check_price(settings.space_per_rack_month, "cost.space_per_rack_month"))
    installation = whole(upfront_hw * install)
    support = whole(upfront_hw * settings.support_rate_per_year)  # a year of support, paid at each year's start
    years = math.ceil(months / MONTHS_PER_YEAR) if support else 0
    lines = {**hardware, "installation": installation, "support": support * years,
             "electricity": electricity * months, "space": space * months}
    network_hw = math.fsum(hardware[name] for name in NETWORK_LINES) * (1.0 + install)
    network = network_hw + lines["electricity"] * _network_power_fraction(power)
    upfront = upfront_hw + installation + support
    monthly = electricity + space
    series = list(arrears_cost(upfront, monthly, max(months, BREAK_EVEN_HORIZON_MONTHS)))
    for start in range(MONTHS_PER_YEAR + 1, len(series), MONTHS_PER_YEAR):  # support years 2, 3, ...
        for m in range(start, len(series)):
            series[m] += support
    units = {"electricity": (months, electricity), "space": (months, space), "support": (years, support)}
    return CostOption("buy", upfront, monthly, series[months], gpu_hours(gpus, months), network, lines,
                      tuple(series), {k: v for k, v in units.items() if lines[k]})


def _missing(bom: Bom) -> tuple[str, ...]:
    """Parts without a price, but minor ones (blanking and patch panels, PDUs) the catalog may leave out and
    parts whose rack-scale system carries their price."""
    return tuple(sorted({line.part for line in bom.unpriced()
                         if line.category not in MINOR_KINDS and line.reason != "in_system"}))


def _network_power_fraction(power: PowerReport) -> float:
    """Share of the IT draw under training load taken by switches, NICs and cable modules."""
    if power.training_w <= 0.0:
        return 0.0
    return min(1.0, power.totals.get("network_typical_w", 0.0) / power.training_w)


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
