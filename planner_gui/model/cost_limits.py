"""Checking cost settings against their ranges (model/settings.py COST_RANGES, the one table): the .cluster
loader (io/limits.py FILE_BOUNDS), the editor (document/properties.py narrows to those) and the cost
model (engine/cost/tco.py) all read that table, so a value the app accepts is one the file reopens and
the cost model prices, and a value out of range gets the same one-line error everywhere."""

from __future__ import annotations

import math
from datetime import date
from typing import Any

from planner_gui.model.settings import COST_RANGES

COST_BOUNDS = COST_RANGES  # model/settings.py: the one table of cost ranges
NUMBER_FIELDS = ("cny_per_usd", "project_months", "annual_prepay_discount", "installation_fraction",
                 "electricity_per_kwh", "space_per_rack_month", "tax_rate", "support_rate_per_year",
                 "warranty_years")
OPTIONAL_FIELDS = ("rent_per_gpu_month", "cloud_per_gpu_hour", "pue")
WHOLE_FIELDS = ("project_months", "warranty_years")


def cost_problem(settings: Any) -> str | None:
    """The first cost setting out of range, as one line saying what, where and the allowed range; None: fine."""
    for name in (*NUMBER_FIELDS, *OPTIONAL_FIELDS):
        value = getattr(settings, name)
        if value is None and name in OPTIONAL_FIELDS:
            continue
        problem = _number_problem(f"cost.{name}", value, COST_BOUNDS[name], name in WHOLE_FIELDS)
        if problem:
            return problem
    for map_name in ("rent_per_server_month", "switch_rent_month", "buy_price"):
        for key, value in getattr(settings, map_name).items():
            problem = _number_problem(f"cost.{map_name}[{key!r}]", value, COST_BOUNDS["price_maps"], False)
            if problem:
                return problem
    if not isinstance(settings.prices_include_tax, bool):
        return f"cost.prices_include_tax {settings.prices_include_tax!r} must be true or false"
    return date_problem(settings.quote_valid_until)


def date_problem(value: object) -> str | None:
    """None for "" (no date) or an ISO date such as 2027-03-31; otherwise the one-line reason."""
    if value == "":
        return None
    try:
        ok = isinstance(value, str) and len(value) == len("2027-03-31") and bool(date.fromisoformat(value))
    except ValueError:
        ok = False
    if ok:
        return None
    return f"cost.quote_valid_until {value!r} must be a date written YYYY-MM-DD (e.g. 2027-03-31), or empty"


def _number_problem(name: str, value: object, bounds: tuple[float, float], whole: bool) -> str | None:
    low, high = bounds
    number = isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
    if not number or (whole and value != int(value)) or not low <= value <= high:  # type: ignore[operator]
        kind = "a whole number" if whole else "a number"
        return f"{name} {value!r} must be {kind} from {low:g} to {high:g}"
    return None
