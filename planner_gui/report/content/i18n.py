"""The proposal's words and numbers in English or Simplified Chinese.

:class:`Tr` looks up every label, heading and generated sentence by key (the tables are in
``strings.py`` and ``strings_checks.py``: one (English, Chinese) pair per key) and formats every
number the proposal prints, so that tests can compute the exact expected text from the engine's
figures with the same object. Conventions and formatters shared with the GUI and the CLI (present/): three
significant digits for modelled quantities (the models are calibrated to a few per cent),
bandwidth in GB/s, byte sizes in binary units, a missing figure as an em dash. Chinese money from
1 万 up is written in 万 to four places (万元, as Chinese quotations print it): four places of 万 are
the yuan itself, so a whole-yuan line prints exactly and the lines of a table add up to its total as
printed; currency follows the design.
"""

from __future__ import annotations

import math
from datetime import date, datetime

from planner_gui.present import CENTS_BELOW, CURRENCY_SYMBOLS, MISSING, SIGNIFICANT_DIGITS, format_bytes, significant
from planner_gui.report.content.strings import STRINGS
from planner_gui.report.content.strings_checks import CHECK_TITLES

LANGUAGES = ("en", "zh")
WAN = 1e4  # 万: Chinese counts large amounts in ten-thousands
WAN_DECIMALS = 4  # 万 to four places is exact to the yuan (1 万 = 10^4 yuan)
US_PER_MS, US_PER_S = 1e3, 1e6
COUNT_WORDS_EN = ((1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "k"))  # token counts: "20.4 B tokens"
COUNT_WORDS_ZH = ((1e12, "万亿"), (1e8, "亿"), (1e4, "万"))  # Chinese counts in 万 / 亿 / 万亿
GBPS_PER_TBPS = 1000.0
SECONDS_PER_HOUR, SECONDS_PER_DAY = 3600.0, 86400.0
EN_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def check_lang(lang: object) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"language {lang!r} is not supported; use one of {', '.join(LANGUAGES)}")
    return str(lang)


class Tr:
    """Words and number formats of one language, with the design's currency."""

    def __init__(self, lang: str, currency: str = "CNY") -> None:
        self.lang = check_lang(lang)
        self.index = LANGUAGES.index(self.lang)
        self.currency = str(currency)
        self.symbol = CURRENCY_SYMBOLS.get(self.currency, self.currency + " ")

    @property
    def zh(self) -> bool:
        return self.lang == "zh"

    # ----- words -------------------------------------------------------------------------------------
    def __call__(self, key: str, **values: object) -> str:
        pair = STRINGS.get(key)
        if pair is None:
            raise KeyError(
                f"no text for {key!r} in report/content/strings.py; add an (English, Chinese) pair"
            )
        return pair[self.index].format(**values) if values else pair[self.index]

    def check_title(self, code: str) -> str:
        """A short title for a check code; unknown codes read as the code itself."""
        pair = CHECK_TITLES.get(code)
        return code if pair is None else pair[self.index]

    def join(self, parts: list[str]) -> str:
        return ("；" if self.zh else "; ").join(p for p in parts if p)

    def yes_no(self, value: bool | None) -> str:
        return MISSING if value is None else self("word.yes" if value else "word.no")

    # ----- numbers -----------------------------------------------------------------------------------
    def num(self, value: float | None, digits: int = SIGNIFICANT_DIGITS, trim: bool = False) -> str:
        """Three significant digits; ``trim`` drops trailing zeros (lengths: "1.5 m", not "1.50 m")."""
        if _missing(value):
            return MISSING
        text = significant(float(value), digits)  # type: ignore[arg-type]
        return text.rstrip("0").rstrip(".") if trim and "." in text else text

    def int(self, value: float | None) -> str:
        return MISSING if _missing(value) else f"{round(float(value)):,}"  # type: ignore[arg-type]

    def fixed(self, value: float | None, decimals: int = 1) -> str:
        return MISSING if _missing(value) else f"{float(value):,.{decimals}f}"  # type: ignore[arg-type]

    def pct(self, fraction: float | None, decimals: int = 1) -> str:
        return MISSING if _missing(fraction) else f"{float(fraction) * 100:,.{decimals}f}%"  # type: ignore[arg-type]

    def unit(self, value: float | None, unit: str, digits: int = SIGNIFICANT_DIGITS) -> str:
        return MISSING if _missing(value) else f"{self.num(value, digits)} {unit}"

    def tokens(self, value: float | None) -> str:
        """A token count or rate: "20.4 B" / "204 亿"."""
        if _missing(value):
            return MISSING
        for factor, word in COUNT_WORDS_ZH if self.zh else COUNT_WORDS_EN:
            if abs(value) >= factor:  # type: ignore[operator]
                return f"{significant(value / factor)} {word}"  # type: ignore[operator]
        return significant(float(value))  # type: ignore[arg-type]

    def kw(self, value: float | None) -> str:
        return self.unit(value, "kW")

    def gbs(self, value: float | None) -> str:
        """A bandwidth in GB/s (10^9 bytes per second, nccl-tests' unit)."""
        return self.unit(value, "GB/s")

    def gbps(self, value: float | None) -> str:
        """A line rate in Gb/s, or Tb/s from 10,000 Gb/s up."""
        if _missing(value):
            return MISSING
        if value >= GBPS_PER_TBPS * 10:  # type: ignore[operator]
            return f"{self.num(value / GBPS_PER_TBPS, trim=True)} Tb/s"  # type: ignore[operator]
        return f"{self.num(value, trim=True)} Gb/s"

    def money(self, amount: float | None) -> str:
        if _missing(amount):
            return MISSING
        value = float(amount)  # type: ignore[arg-type]
        sign, value = ("-" if value < 0 else ""), abs(value)
        if self.zh and round(value) >= WAN:
            return self.wan(round(value), sign)
        decimals = 2 if 0 < value < CENTS_BELOW else 0
        return f"{sign}{self.symbol}{value:,.{decimals}f}"

    def wan(self, value: float, sign: str = "") -> str:
        """A whole amount in 万 to four places: 4,976,250 -> "¥497.6250 万" (exact, so sums hold as printed)."""
        return f"{sign}{self.symbol}{value / WAN:,.{WAN_DECIMALS}f} 万"

    def money_tick(self, amount: float) -> str:
        """A chart axis label: round amounts, in 万 in Chinese ("¥250 万"); not a figure of the quote."""
        if self.zh and abs(amount) >= WAN:
            return f"{self.symbol}{amount / WAN:,.{0 if float(amount / WAN).is_integer() else 1}f} 万"
        return f"{self.symbol}{amount:,.0f}"

    def bytes(self, nbytes: float | None) -> str:
        if _missing(nbytes):
            return MISSING
        return format_bytes(float(nbytes))  # type: ignore[arg-type]

    def time_us(self, micros: float | None) -> str:
        """A duration given in microseconds, in µs, ms or s."""
        if _missing(micros):
            return MISSING
        value = float(micros)  # type: ignore[arg-type]
        if value < US_PER_MS:
            return f"{significant(value)} µs"
        if value < US_PER_S:
            return f"{significant(value / US_PER_MS)} ms"
        return self.seconds(value / US_PER_S)

    def seconds(self, seconds: float | None) -> str:
        if _missing(seconds):
            return MISSING
        value = float(seconds)  # type: ignore[arg-type]
        if value >= SECONDS_PER_DAY:
            return self.days(value / SECONDS_PER_DAY)
        if value >= SECONDS_PER_HOUR:
            return f"{significant(value / SECONDS_PER_HOUR)} {self('unit.hours')}"
        return f"{significant(value)} {self('unit.seconds')}"

    def days(self, days: float | None) -> str:
        return MISSING if _missing(days) else f"{significant(float(days))} {self('unit.days')}"  # type: ignore[arg-type]

    def months(self, months: float | None) -> str:
        if _missing(months):
            return MISSING
        value = float(months)  # type: ignore[arg-type]
        text = f"{value:,.0f}" if value.is_integer() else significant(value)
        return f"{text} {self('unit.months')}"

    def count(self, value: float | None, unit_key: str) -> str:
        """ "12 racks" / "12 个机柜": a whole number with its unit word."""
        return MISSING if _missing(value) else f"{self.int(value)} {self(unit_key)}"

    def date(self, when: date | str | None) -> str:
        day = _to_date(when)
        if day is None:
            return MISSING
        if self.zh:
            return f"{day.year}年{day.month}月{day.day}日"
        return f"{day.day} {EN_MONTHS[day.month - 1]} {day.year}"


def _missing(value: object) -> bool:
    if value is None:
        return True
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"expected a number to format, got {value!r} ({type(value).__name__})")
    return math.isnan(value)


def _to_date(when: date | str | None) -> date | None:
    if when is None or isinstance(when, date):
        return when
    try:
        return datetime.fromisoformat(str(when).replace("Z", "+00:00")).date()
    except ValueError:
        return None
