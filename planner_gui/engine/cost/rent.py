"""Renting: monthly server and switch rent with an annual-prepay discount, cloud hourly prices, and the
break-even arithmetic shared by the rent-versus-buy comparisons. Pure Python and numpy, no Qt.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

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

    @property
    def per_gpu_hour(self) -> float | None:
        return None if self.gpu_hours <= 0.0 else self.total / self.gpu_hours

    @property
    def network_share(self) -> float | None:
        return None if self.total <= 0.0 else self.network / self.total

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

    def cumulative(self, months: np.ndarray) -> np.ndarray:
        """Rent paid after each number of months; whole prepaid years get the discount."""
        whole_years = (months // MONTHS_PER_YEAR) * MONTHS_PER_YEAR
        prepaid = whole_years if self.discount > 0.0 else np.zeros_like(months)
        return self.monthly * ((months - prepaid) + (1.0 - self.discount) * prepaid)

    def option(self, project_months: int, gpus: int) -> CostOption:
        months = np.array([project_months])
        total = float(self.cumulative(months)[0])
        scale = 0.0 if self.monthly <= 0.0 else total / self.monthly  # list-price months actually paid
        prepay_year = self.discount > 0.0 and project_months >= MONTHS_PER_YEAR
        first_bill = self.monthly * (1.0 - self.discount) * MONTHS_PER_YEAR if prepay_year else self.monthly
        lines = {"servers": self.servers_month * scale, "switches": self.switches_month * scale}
        return CostOption("rent", first_bill, self.monthly, total, gpu_hours(gpus, project_months),
                          lines["switches"], lines)


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
    monthly = check_price(per_gpu_hour, "cost.cloud_per_gpu_hour") * HOURS_PER_MONTH * gpus
    return CostOption("cloud", 0.0, monthly, monthly * project_months, gpu_hours(gpus, project_months), 0.0,
                      {"instances": monthly * project_months})


def gpu_hours(gpus: int, project_months: int) -> float:
    return float(gpus) * project_months * HOURS_PER_MONTH


def break_even_month(upfront: float, monthly: float, other: np.ndarray) -> int | None:
    """First month (1-based) at which buying has cost no more than ``other``'s cumulative cost.

    ``other`` holds the alternative's cumulative cost after 1, 2, ... months (up to the horizon).
    """
    months = np.arange(1, other.size + 1, dtype=float)
    ahead = np.nonzero(upfront + monthly * months <= other)[0]
    return None if ahead.size == 0 else int(ahead[0]) + 1


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
