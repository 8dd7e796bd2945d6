"""Renting: monthly server and switch rent with an annual-prepay discount, cloud hourly prices, and the
break-even arithmetic shared by the rent-versus-buy comparisons. Pure Python and numpy, no Qt.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from planner_gui.engine.cost.bom import whole
from planner_gui.engine.facility.energy import HOURS_PER_MONTH, MONTHS_PER_YEAR

# Hardware lifetime used as the break-even horizon: Epoch's cost model writes servers off over 5 years
# (epoch-research/training-cost-trends).
BREAK_EVEN_HORIZON_MONTHS = 5 * MONTHS_PER_YEAR


@dataclass(frozen=True, slots=True)
class CostOption:
    """One way to get the cluster, costed over the project (all amounts in the design's currency)."""

    name: str  # "rent", "cloud" or "buy"
    upfront: float  # paid before the cluster runs (buy: hardware + installation; rent: the first bill)
    monthly: float  # recurring, at list price
    total: float  # over the whole project
    gpu_hours: float
    network: float  # the network's part of ``total``
    lines: Mapping[str, float] = field(default_factory=dict)  # total over the project per line item
    # Money spent to run the cluster for m = 0, 1, ... months (index 0: paid before it starts, the up-front
    # figure): the one series the table, the chart and the break-even month all read (cumulative_cost).
    cumulative: tuple[float, ...] = ()
    # line -> (count, unit price) for a line that is a count of months or years at one price: amount = count × unit
    units: Mapping[str, tuple[int, float]] = field(default_factory=dict)

    @property
    def per_gpu_hour(self) -> float | None:
        return None if self.gpu_hours <= 0.0 else self.total / self.gpu_hours

    @property
    def network_share(self) -> float | None:
        return None if self.total <= 0.0 else self.network / self.total

    def cost_after(self, months: int) -> float:
        """Money spent to run ``months`` months: the series' value (``total`` at the project's length)."""
        return self.cumulative[min(months, len(self.cumulative) - 1)]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "upfront": self.upfront, "monthly": self.monthly, "total": self.total,
                "gpu_hours": self.gpu_hours, "per_gpu_hour": self.per_gpu_hour, "network": self.network,
                "network_share": self.network_share, "lines": dict(self.lines)}


@dataclass(frozen=True, slots=True)
class RentPlan:
    """Monthly rent at list price, the annual-prepay discount, and what is left unpriced."""

    servers_month: float
    switches_month: float
    discount: float
    unpriced: tuple[str, ...]  # server catalog ids with neither a per-server nor a per-GPU price

    @property
    def monthly(self) -> float:
        return self.servers_month + self.switches_month

    @property
    def month_price(self) -> float:
        """One month at list price, in whole currency units."""
        return whole(self.monthly)

    @property
    def year_price(self) -> float:
        """A prepaid year: 12 × the discounted month, the month rounded to the unit (so 12 months of the
        table's monthly figure are the year exactly)."""
        return MONTHS_PER_YEAR * whole(self.monthly * (1.0 - self.discount))

    def plan(self, project_months: int) -> tuple[int, int, bool]:
        """(prepaid years, months at list price, whether the last part-year is prepaid) for the project."""
        years, rest = divmod(project_months, MONTHS_PER_YEAR)
        if self.discount <= 0.0 or project_months < MONTHS_PER_YEAR:
            return 0, project_months, False
        tail = rest > 0 and self.year_price <= self.month_price * rest  # a year prepaid beats the months
        return years + int(tail), 0 if tail else rest, tail

    def payments(self, project_months: int, horizon_months: int) -> np.ndarray:
        """What is paid at the start of month j (index j, 1 … horizon); renting is billed in advance. Past
        the project the same plan goes on (prepaid years, or months), for the break-even comparison."""
        size = max(horizon_months, project_months)
        pay = np.zeros(size + 1)
        years, _, _ = self.plan(project_months)
        prepaid_until = MONTHS_PER_YEAR * years
        for j in range(1, size + 1):
            if j <= prepaid_until:
                pay[j] = self.year_price if (j - 1) % MONTHS_PER_YEAR == 0 else 0.0
            elif j <= project_months or years == 0:
                pay[j] = self.month_price
            else:  # past the project after a monthly tail: prepaid years again, from the next month
                pay[j] = self.year_price if (j - project_months - 1) % MONTHS_PER_YEAR == 0 else 0.0
        return pay

    def option(self, project_months: int, gpus: int) -> CostOption:
        """Rent over the project, from the payment series: up front is the first bill (a month, or the
        first prepaid year), the total is what the series has paid after the project's last month."""
        pay = self.payments(project_months, BREAK_EVEN_HORIZON_MONTHS)
        series = cumulative_cost(pay)
        years, months, _ = self.plan(project_months)
        total = series[project_months]
        share = 0.0 if self.monthly <= 0.0 else self.switches_month / self.monthly
        units = {"rent prepaid years": (years, self.year_price),
                 "rent months at list price": (months, self.month_price)}
        lines = {key: count * unit for key, (count, unit) in units.items()}
        monthly = self.year_price / MONTHS_PER_YEAR if years else self.month_price
        return CostOption("rent", series[0], monthly, total, gpu_hours(gpus, project_months), total * share,
                          {k: v for k, v in lines.items() if v}, tuple(series),
                          {k: v for k, v in units.items() if lines[k]})


def cumulative_cost(payments: np.ndarray) -> tuple[float, ...]:
    """Money spent to run m = 0, 1, ... months from the payments at the start of months 1, 2, ...: the
    first bill is due before the cluster runs, so month 0 already holds it (in advance billing)."""
    paid = np.cumsum(payments)
    paid[0] = paid[1] if paid.size > 1 else paid[0]
    return tuple(float(x) for x in paid)


def arrears_cost(upfront: float, monthly: float, months: int) -> tuple[float, ...]:
    """Up front, then a bill at the end of each month (electricity, space, cloud hours)."""
    return tuple(upfront + monthly * m for m in range(months + 1))


def rent_plan(server_counts: Mapping[str, tuple[int, int]], switch_counts: Mapping[str, int],
              per_server: Mapping[str, float], per_gpu: float | None, switch_rent: Mapping[str, float],
              discount: float) -> RentPlan | None:
    """Monthly rent for the servers (catalog id -> (count, GPUs each)) and the rented switches.

    A server's own monthly price wins over the per-GPU price. None when no rent price is set at all.
    """
    if not per_server and per_gpu is None:
        return None
    check_fraction(discount, "cost.annual_prepay_discount", upper_open=True)
    servers, unpriced = 0.0, []
    for catalog_id, (count, gpus_each) in server_counts.items():
        if catalog_id in per_server:
            name = f"cost.rent_per_server_month[{catalog_id!r}]"
            servers += count * check_price(per_server[catalog_id], name)
        elif per_gpu is not None:
            servers += count * gpus_each * check_price(per_gpu, "cost.rent_per_gpu_month")
        else:
            unpriced.append(catalog_id)
    switches = math.fsum(
        count * check_price(switch_rent[cid], f"cost.switch_rent_month[{cid!r}]")
        for cid, count in switch_counts.items() if cid in switch_rent
    )
    return RentPlan(servers, switches, float(discount), tuple(sorted(unpriced)))


def cloud_option(per_gpu_hour: float | None, gpus: int, project_months: int) -> CostOption | None:
    """Cloud instances billed by the hour: GPUs × price × 730 h a month; nothing paid up front."""
    if per_gpu_hour is None:
        return None
    monthly = whole(check_price(per_gpu_hour, "cost.cloud_per_gpu_hour") * HOURS_PER_MONTH * gpus)
    series = arrears_cost(0.0, monthly, max(project_months, BREAK_EVEN_HORIZON_MONTHS))
    return CostOption("cloud", 0.0, monthly, monthly * project_months, gpu_hours(gpus, project_months), 0.0,
                      {"instances": monthly * project_months}, series, {"instances": (project_months, monthly)})


def gpu_hours(gpus: int, project_months: int) -> float:
    return float(gpus) * project_months * HOURS_PER_MONTH


def break_even_month(buy: CostOption, other: CostOption) -> int | None:
    """First month (1-based, up to the horizon) at which buying has cost no more than ``other``: where the
    two options' cumulative series cross, the same series the chart draws."""
    end = min(len(buy.cumulative), len(other.cumulative), BREAK_EVEN_HORIZON_MONTHS + 1)
    for month in range(1, end):
        if buy.cumulative[month] <= other.cumulative[month]:
            return month
    return None


def switch_break_even_months(buy_price: float, rent_per_month: float,
                             opex_per_month: float = 0.0) -> float | None:
    """Months after which a bought switch has cost less than renting it: price ÷ (rent − own running cost).

    Seed 000 (FAQ 5): a 200G InfiniBand switch rents for ¥5–8k a month and sells for ¥150–250k, which gives
    150k / 8k = 18.75 months at best and 250k / 5k = 50 months at worst. None: renting is never dearer.
    """
    buy = check_price(buy_price, "buy price")
    rent = check_price(rent_per_month, "monthly rent")
    margin = rent - check_price(opex_per_month, "monthly running cost")
    return None if margin <= 0.0 else buy / margin


def horizon() -> np.ndarray:
    """Months 1 … BREAK_EVEN_HORIZON_MONTHS, for cumulative-cost comparisons."""
    return np.arange(1, BREAK_EVEN_HORIZON_MONTHS + 1)


def check_price(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0.0 <= value < math.inf:
        raise ValueError(f"{name} {value!r} must be a price of zero or more (in the design's currency)")
    return float(value)


def check_fraction(value: object, name: str, upper_open: bool = False) -> float:
    ok = isinstance(value, int | float) and not isinstance(value, bool) and 0.0 <= value <= 1.0
    if not ok or (upper_open and value == 1.0):
        bound = "below 1" if upper_open else "at most 1"
        raise ValueError(f"{name} {value!r} must be a fraction from 0 to {bound} (e.g. 0.15 for 15 %)")
    return float(value)  # type: ignore[arg-type]
