"""Number and unit formatting for the results panels: one place, so every panel writes figures alike.

Conventions: byte sizes in binary units (nccl-tests reports its size column in bytes and sweeps
powers of two, collectives.md §2), bandwidth in GB/s (10^9 B/s, nccl-tests' algbw/busbw unit),
power in kW, money with the design's currency symbol and thousands separators, fractions as
percentages. A missing value (None or NaN) prints as an em dash rather than "None" or "nan".
Lengths, airflow and temperatures follow the user's metric/imperial preference (:func:`set_units`,
applied at start-up and when Preferences change); money converts between CNY and USD at the
design's own ``cost.cny_per_usd``. Thousands are grouped with a comma, which is both the English
and the zh_CN grouping. Words (days, months) go through :func:`set_translator`, which the UI points
at Qt's translator. Pure Python, no Qt: the PDF report may reuse it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from planner_gui.engine import M3H_PER_CFM

MISSING = "—"  # what a panel shows for a figure the engine could not compute
INFINITE = "∞"

BYTE_UNITS = ("B", "KiB", "MiB", "GiB", "TiB", "PiB")  # IEC 80000-13 binary prefixes
BYTES_PER_KIB = 1024  # the binary step between BYTE_UNITS
W_PER_KW = 1000.0  # unit conversion
SI_PREFIXES = ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k"))  # for rates of a unit (TFLOP/s)
# Counts of tokens and parameters use the language-model convention ("2T tokens", "70B
# parameters", as in peers_and_training.md): B for billion, not SI's G.
COUNT_PREFIXES = ((1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "k"))
CURRENCY_SYMBOLS = {"CNY": "¥", "USD": "$"}  # the two currencies of model.settings.Currency
# Below this a money amount keeps its cents (a price per GPU-hour); above, whole units read better.
CENTS_BELOW = 1000.0
SECONDS_PER_MINUTE = 60.0
SECONDS_PER_HOUR = 3600.0
SECONDS_PER_DAY = 86400.0
MS_PER_S = 1000.0
# Significant digits shown for a measured quantity: the models are calibrated to a few per cent
# (docs/models), so a fourth digit would claim precision the numbers do not have.
SIGNIFICANT_DIGITS = 3
METRIC, IMPERIAL = "metric", "imperial"  # preferences/model.py UNIT_SYSTEMS
M_PER_FT = 0.3048  # the international foot (1959), exact
F_PER_C = 1.8  # a Celsius degree is 1.8 Fahrenheit degrees (unit definitions)
F_AT_0C = 32.0  # water freezes at 32 °F
LENGTH_UNITS = {METRIC: "m", IMPERIAL: "ft"}
AIRFLOW_UNITS = {METRIC: "m³/h", IMPERIAL: "CFM"}
TEMPERATURE_UNITS = {METRIC: "°C", IMPERIAL: "°F"}
USD, CNY = "USD", "CNY"  # model.settings.Currency


@dataclass(frozen=True, slots=True)
class Units:
    """The metric/imperial choice per quantity (Preferences length_units, airflow_units, temperature_units)."""

    length: str = METRIC
    airflow: str = METRIC
    temperature: str = METRIC

    @classmethod
    def from_preferences(cls, preferences: object) -> Units:
        return cls(getattr(preferences, "length_units", METRIC), getattr(preferences, "airflow_units", METRIC),
                   getattr(preferences, "temperature_units", METRIC))


_units = [Units()]  # what the panels show; the app sets it from the preferences
_translate: list[Callable[[str], str]] = [lambda text: text]  # English until the UI installs Qt's


def set_units(units: Units) -> None:
    """Use ``units`` in every formatter below from now on (panels re-format on their next refresh)."""
    _units[0] = units


def current_units() -> Units:
    return _units[0]


def set_translator(translate: Callable[[str], str]) -> Callable[[str], str]:
    """How the words in formatted figures ("days", "never") reach the UI language (i18n.install_language);
    returns the translator it replaces (the CLI puts it back when a command ends)."""
    previous = _translate[0]
    _translate[0] = translate
    return previous


def _word(text: str) -> str:
    return _translate[0](text)


def _number(value: object, what: str) -> float | None:
    """``value`` as a float; None for a missing figure; ValueError naming ``what`` for anything else."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{what}: expected a number, got {value!r} ({type(value).__name__}); "
                         "pass an int or float, or None for a missing figure")
    return None if math.isnan(value) else float(value)


def significant(value: float, digits: int = SIGNIFICANT_DIGITS) -> str:
    """``value`` with ``digits`` significant digits, never in exponent form, thousands separated.

    >>> significant(363.24), significant(48.75), significant(0.01234), significant(12345.6)
    ('363', '48.8', '0.0123', '12,346')
    """
    if value == 0 or math.isinf(value):
        return "0" if value == 0 else ("-" if value < 0 else "") + INFINITE
    # Take the magnitude after rounding, so 99.96 becomes "100", not "100.0".
    rounded = float(f"{value:.{digits}g}")
    decimals = max(0, digits - 1 - math.floor(math.log10(abs(rounded))))
    return f"{value:,.{decimals}f}"


def format_bytes(nbytes: object) -> str:
    """A byte count in binary units: 8 -> "8 B", 2**20 -> "1 MiB", 1536 -> "1.5 KiB", 2**34 -> "16 GiB"."""
    value = _number(nbytes, "byte count")
    if value is None:
        return MISSING
    if value < 0:
        raise ValueError(f"byte count {nbytes!r} is negative; sizes are 0 or more bytes")
    unit = 0
    while value >= BYTES_PER_KIB and unit < len(BYTE_UNITS) - 1:
        value /= BYTES_PER_KIB
        unit += 1
    # Trailing zeros say nothing about a size: 1.5 KiB, not 1.50 KiB.
    text = significant(value)
    text = text.rstrip("0").rstrip(".") if "." in text else text
    return f"{text} {BYTE_UNITS[unit]}"


def format_bandwidth(gb_per_s: object) -> str:
    """GB/s with three significant digits: 363.24 -> "363 GB/s", 0.5 -> "0.500 GB/s"."""
    value = _number(gb_per_s, "bandwidth")
    return MISSING if value is None else f"{significant(value)} GB/s"


def format_kw(watts: object, decimals: int = 1) -> str:
    """Watts shown in kW: 10_240 -> "10.2 kW", 1_234_500 -> "1,234.5 kW"."""
    value = _number(watts, "power")
    return MISSING if value is None else f"{value / W_PER_KW:,.{decimals}f} kW"


def currency_symbol(currency: object) -> str:
    """"¥" for CNY, "$" for USD; any other code is shown as itself followed by a space."""
    code = str(currency.value if isinstance(currency, Enum) else currency).upper()
    return CURRENCY_SYMBOLS.get(code, f"{code} ")


def format_money(amount: object, currency: object) -> str:
    """Money in the design's currency: (1234567.4, "CNY") -> "¥1,234,567", (12.345, "USD") -> "$12.35"."""
    value = _number(amount, "amount")
    if value is None:
        return MISSING
    symbol = currency_symbol(currency)
    decimals = 2 if abs(value) < CENTS_BELOW else 0
    sign = "-" if value < 0 and round(abs(value), decimals) > 0 else ""
    return f"{sign}{symbol}{abs(value):,.{decimals}f}"


def format_percent(fraction: object, decimals: int = 1) -> str:
    """A fraction as a percentage: 0.4523 -> "45.2%", 1 -> "100.0%"."""
    value = _number(fraction, "fraction")
    return MISSING if value is None else f"{value * 100:.{decimals}f}%"


def format_count(count: object) -> str:
    """A whole count with thousands separators: 4096 -> "4,096"."""
    value = _number(count, "count")
    return MISSING if value is None else f"{round(value):,d}"


def format_rate(value: object, unit: str) -> str:
    """A quantity with an SI prefix on its unit symbol: (4.11e14, "FLOP/s") -> "411 TFLOP/s"."""
    number = _number(value, unit or "rate")
    return MISSING if number is None else _prefixed(number, unit, SI_PREFIXES, "")


def format_tokens(count: object, noun: str = "tokens") -> str:
    """A token count or rate: (2.37e5, "tokens/s") -> "237 k tokens/s", 1e12 -> "1.00 T tokens"."""
    number = _number(count, noun or "count")
    return MISSING if number is None else _prefixed(number, noun, COUNT_PREFIXES, " ")


def _prefixed(value: float, unit: str, prefixes: tuple[tuple[float, str], ...], gap: str) -> str:
    for scale, prefix in prefixes:
        if abs(value) >= scale:
            return f"{significant(value / scale)} {prefix}{gap}{unit}".rstrip()
    return f"{significant(value)} {unit}".rstrip()


def format_duration(seconds: object) -> str:
    """A duration in the unit that reads best: 0.0123 -> "12.3 ms", 4.5 -> "4.50 s", 5400 -> "1.50 h"."""
    value = _number(seconds, "duration")
    if value is None:
        return MISSING
    if math.isinf(value):
        return INFINITE
    if abs(value) < 1.0:
        return f"{significant(value * MS_PER_S)} ms"
    for scale, unit in ((SECONDS_PER_DAY, "days"), (SECONDS_PER_HOUR, "h"), (SECONDS_PER_MINUTE, "min")):
        if abs(value) >= scale:
            return f"{significant(value / scale)} {_word(unit) if unit == 'days' else unit}"
    return f"{significant(value)} s"


def format_days(days: object) -> str:
    """A number of days: 1 -> "1.00 day", 12.34 -> "12.3 days", 1234.6 -> "1,235 days"."""
    value = _number(days, "days")
    if value is None:
        return MISSING
    if math.isinf(value):
        return INFINITE
    text = significant(value)
    return _word("{n} day" if text in ("1", "1.00") else "{n} days").format(n=text)


def format_months(months: object, adjective: bool = False) -> str:
    """A month count (a break-even): 1 -> "1 month", 18 -> "18 months", None -> "never";
    as an adjective, 12 -> "12-month"."""
    value = _number(months, "months")
    if value is None:
        return _word("never")
    whole = round(value)
    if adjective:
        return _word("{n}-month").format(n=f"{whole:,d}")
    return _word("1 month") if whole == 1 else _word("{n} months").format(n=f"{whole:,d}")


def format_gb(gigabytes: object) -> str:
    """A memory size in GB (10^9 B, as GPU datasheets state HBM): 79.6 -> "79.6 GB"."""
    value = _number(gigabytes, "memory")
    return MISSING if value is None else f"{significant(value)} GB"


# ----- units that follow the preference ------------------------------------------------------------
def length_unit(units: Units | None = None) -> str:
    return LENGTH_UNITS[(units or current_units()).length]


def length_to_display(metres: float, units: Units | None = None) -> float:
    """A length in metres as the preferred unit's number (feet for imperial)."""
    return metres / M_PER_FT if (units or current_units()).length == IMPERIAL else metres


def length_from_display(value: float, units: Units | None = None) -> float:
    """A length typed in the preferred unit, back in metres (what the model stores)."""
    return value * M_PER_FT if (units or current_units()).length == IMPERIAL else value


def format_length(metres: object, units: Units | None = None) -> str:
    """A cable or floor length: 12.5 -> "12.5 m", or "41 ft" in imperial (3 significant digits, trimmed)."""
    value = _number(metres, "length")
    if value is None:
        return MISSING
    text = significant(length_to_display(value, units))
    return f"{text.rstrip('0').rstrip('.') if '.' in text else text} {length_unit(units)}"


def format_airflow(m3_per_h: object, units: Units | None = None) -> str:
    """Cooling airflow: 5,097 m³/h, or 3,000 CFM in imperial (engine/facility/cooling.py M3H_PER_CFM)."""
    value = _number(m3_per_h, "airflow")
    if value is None:
        return MISSING
    chosen = (units or current_units()).airflow
    shown = value / M3H_PER_CFM if chosen == IMPERIAL else value
    return f"{significant(shown)} {AIRFLOW_UNITS[chosen]}"


def format_temperature(celsius: object, units: Units | None = None) -> str:
    """A temperature: 25 -> "25.0 °C", or "77.0 °F" in imperial."""
    value = _number(celsius, "temperature")
    if value is None:
        return MISSING
    chosen = (units or current_units()).temperature
    shown = value * F_PER_C + F_AT_0C if chosen == IMPERIAL else value
    return f"{shown:,.1f} {TEMPERATURE_UNITS[chosen]}"


def format_temperature_rise(kelvin: object, units: Units | None = None) -> str:
    """A temperature difference (an air or coolant ΔT): 11.1 K -> "11.1 °C", or "20.0 °F" (no offset)."""
    value = _number(kelvin, "temperature difference")
    if value is None:
        return MISSING
    chosen = (units or current_units()).temperature
    shown = value * F_PER_C if chosen == IMPERIAL else value
    return f"{shown:,.1f} {TEMPERATURE_UNITS[chosen]}"


# ----- money in the design's currency --------------------------------------------------------------
def convert_money(amount: object, from_currency: object, to_currency: object, cny_per_usd: float) -> float | None:
    """``amount`` in ``from_currency`` as ``to_currency`` at the design's rate (CostSettings.cny_per_usd).

    >>> convert_money(72_000, "CNY", "USD", 7.2), convert_money(100, "USD", "CNY", 7.2)
    (10000.0, 720.0)
    """
    value = _number(amount, "amount")
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
