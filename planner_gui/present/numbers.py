"""Numbers as people read them, in every output of the app: the UI's panels, the CLI's tables, the PDF.

Conventions: three significant digits for a modelled quantity, byte sizes in binary units
(nccl-tests reports its size column in bytes and sweeps powers of two: docs/models/collectives.md),
bandwidth in GB/s (10^9 B/s, nccl-tests' algbw/busbw unit), power in kW, fractions as percentages.
A missing value (None or NaN) prints as an em dash rather than "None" or "nan". Thousands are
grouped with a comma, which is both the English and the zh_CN grouping. Words (days, months) go
through :func:`set_translator`, which the desktop app and the Chinese CLI point at Qt's translator.
Pure Python: no Qt, nothing of ours.
"""

from __future__ import annotations

import math
from collections.abc import Callable

MISSING = "—"  # what a figure the engine could not compute prints as
INFINITE = "∞"

BYTE_UNITS = ("B", "KiB", "MiB", "GiB", "TiB", "PiB")  # IEC 80000-13 binary prefixes
BYTES_PER_KIB = 1024  # the binary step between BYTE_UNITS
# nccl-tests' size arguments (-b 8 -e 16G): a binary multiple written with a bare letter
SIZE_FLAG_UNITS = (("G", 2**30), ("M", 2**20), ("K", 2**10))
W_PER_KW = 1000.0  # unit conversion
SI_PREFIXES = ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k"))  # for rates of a unit (TFLOP/s)
# Counts of tokens and parameters use the language-model convention ("2T tokens", "70B
# parameters", as docs/models/training.md writes them): B for billion, not SI's G.
COUNT_PREFIXES = ((1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "k"))
SECONDS_PER_MINUTE = 60.0
SECONDS_PER_HOUR = 3600.0
SECONDS_PER_DAY = 86400.0
MS_PER_S = 1000.0
# Significant digits shown for a measured quantity: the models are calibrated to a few per cent
# (docs/models), so a fourth digit would claim precision the numbers do not have.
SIGNIFICANT_DIGITS = 3

_translate: list[Callable[[str], str]] = [lambda text: text]  # English until the app installs Qt's


def set_translator(translate: Callable[[str], str]) -> Callable[[str], str]:
    """How the words in formatted figures ("days", "never") reach the UI language (i18n.install_language);
    returns the translator it replaces (the CLI puts it back when a command ends)."""
    previous = _translate[0]
    _translate[0] = translate
    return previous


def _word(text: str) -> str:
    return _translate[0](text)


def number(value: object, what: str) -> float | None:
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
    value = number(nbytes, "byte count")
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
    value = number(gb_per_s, "bandwidth")
    return MISSING if value is None else f"{significant(value)} GB/s"


def format_kw(watts: object, decimals: int = 1) -> str:
    """Watts shown in kW: 10_240 -> "10.2 kW", 1_234_500 -> "1,234.5 kW"."""
    value = number(watts, "power")
    return MISSING if value is None else f"{value / W_PER_KW:,.{decimals}f} kW"


def format_percent(fraction: object, decimals: int = 1) -> str:
    """A fraction as a percentage: 0.4523 -> "45.2%", 1 -> "100.0%"."""
    value = number(fraction, "fraction")
    return MISSING if value is None else f"{value * 100:.{decimals}f}%"


def format_count(count: object) -> str:
    """A whole count with thousands separators: 4096 -> "4,096"."""
    value = number(count, "count")
    return MISSING if value is None else f"{round(value):,d}"


def format_rate(value: object, unit: str) -> str:
    """A quantity with an SI prefix on its unit symbol: (4.11e14, "FLOP/s") -> "411 TFLOP/s"."""
    figure = number(value, unit or "rate")
    return MISSING if figure is None else _prefixed(figure, unit, SI_PREFIXES, "")


def format_tokens(count: object, noun: str = "tokens") -> str:
    """A token count or rate: (2.37e5, "tokens/s") -> "237 k tokens/s", 1e12 -> "1.00 T tokens"."""
    figure = number(count, noun or "count")
    return MISSING if figure is None else _prefixed(figure, noun, COUNT_PREFIXES, " ")


def _prefixed(value: float, unit: str, prefixes: tuple[tuple[float, str], ...], gap: str) -> str:
    for scale, prefix in prefixes:
        if abs(value) >= scale:
            return f"{significant(value / scale)} {prefix}{gap}{unit}".rstrip()
    return f"{significant(value)} {unit}".rstrip()


def format_duration(seconds: object) -> str:
    """A duration in the unit that reads best: 0.0123 -> "12.3 ms", 4.5 -> "4.50 s", 5400 -> "1.50 h"."""
    value = number(seconds, "duration")
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
    value = number(days, "days")
    if value is None:
        return MISSING
    if math.isinf(value):
        return INFINITE
    text = significant(value)
    return _word("{n} day" if text in ("1", "1.00") else "{n} days").format(n=text)


def format_months(months: object, adjective: bool = False) -> str:
    """A month count (a break-even): 1 -> "1 month", 18 -> "18 months", None -> "never";
    as an adjective, 12 -> "12-month"."""
    value = number(months, "months")
    if value is None:
        return _word("never")
    whole = round(value)
    if adjective:
        return _word("{n}-month").format(n=f"{whole:,d}")
    return _word("1 month") if whole == 1 else _word("{n} months").format(n=f"{whole:,d}")


def format_gb(gigabytes: object) -> str:
    """A memory size in GB (10^9 B, as GPU datasheets state HBM): 79.6 -> "79.6 GB"."""
    value = number(gigabytes, "memory")
    return MISSING if value is None else f"{significant(value)} GB"


def size_flag(nbytes: int) -> str:
    """A size as nccl-tests' ``-b``/``-e`` arguments write it: 2**30 -> "1G", 3 * 2**20 -> "3M", 1000 -> "1000"."""
    for unit, scale in SIZE_FLAG_UNITS:
        if nbytes >= scale and nbytes % scale == 0:
            return f"{nbytes // scale}{unit}"
    return str(nbytes)


def plural(n: int, one: str, many: str) -> str:
    """The already translated ``one`` ("{n} rack") for exactly one, else ``many`` ("{n} racks"); Chinese
    gives both the same text."""
    return one if n == 1 else many


def counted(n: int, one: str, many: str) -> str:
    """A count with its noun in the number it needs: (1, "{n} rack", "{n} racks") -> "1 rack", 2048 -> "2,048 racks".

    ``one`` and ``many`` are already translated (Chinese gives both the same text)."""
    return plural(n, one, many).format(n=format_count(n))
