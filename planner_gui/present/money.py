"""Money in the design's currency: symbols, thousands, cents only where they matter, CNY <-> USD."""

from __future__ import annotations

import math
from enum import Enum
from typing import Any

from planner_gui.present.numbers import MISSING, number

CURRENCY_SYMBOLS = {"CNY": "¥", "USD": "$"}  # the two currencies of model.settings.Currency
USD, CNY = "USD", "CNY"  # model.settings.Currency
# Below this a money amount keeps its cents (a price per GPU-hour); above, whole units read better.
CENTS_BELOW = 1000.0


def currency_symbol(currency: object) -> str:
    """"¥" for CNY, "$" for USD; any other code is shown as itself followed by a space."""
    code = str(currency.value if isinstance(currency, Enum) else currency).upper()
    return CURRENCY_SYMBOLS.get(code, f"{code} ")


def format_money(amount: object, currency: object) -> str:
    """Money in the design's currency: (1234567.4, "CNY") -> "¥1,234,567", (12.345, "USD") -> "$12.35"."""
    value = number(amount, "amount")
    if value is None:
        return MISSING
    symbol = currency_symbol(currency)
    decimals = 2 if abs(value) < CENTS_BELOW else 0
    sign = "-" if value < 0 and round(abs(value), decimals) > 0 else ""
    return f"{sign}{symbol}{abs(value):,.{decimals}f}"


def convert_money(amount: object, from_currency: object, to_currency: object, cny_per_usd: float) -> float | None:
    """``amount`` in ``from_currency`` as ``to_currency`` at the design's rate (CostSettings.cny_per_usd).

    >>> convert_money(72_000, "CNY", "USD", 7.2), convert_money(100, "USD", "CNY", 7.2)
    (10000.0, 720.0)
    """
    value = number(amount, "amount")
    source, target = (_code(c) for c in (from_currency, to_currency))
    if value is None or source == target:
        return value
    if not (isinstance(cny_per_usd, int | float) and math.isfinite(cny_per_usd) and cny_per_usd > 0):
        raise ValueError(f"exchange rate cny_per_usd = {cny_per_usd!r} must be a positive number; "
                         "set it in the design's cost settings")
    pair = (source, target)
    if pair == (USD, CNY):
        return value * cny_per_usd
    if pair == (CNY, USD):
        return value / cny_per_usd
    raise ValueError(f"cannot convert {source} to {target}: the designs price in {CNY} or {USD}")


def format_design_money(amount: object, from_currency: object, design: Any) -> str:
    """A price given in ``from_currency`` (a catalog's USD) shown in ``design``'s currency at its rate."""
    currency = _code(design.meta.currency)
    return format_money(convert_money(amount, from_currency, currency, design.cost.cny_per_usd), currency)


def _code(currency: object) -> str:
    return str(currency.value if isinstance(currency, Enum) else currency).upper()
