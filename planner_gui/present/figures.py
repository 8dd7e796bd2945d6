"""One comparison or sweep figure as a table cell: the CLI's ``compare``/``sweep`` tables and the UI's
compare and sweep dialogs show a figure alike.

A figure comes with its unit key from the engine (engine/compare/designs.py ``FigureDef.unit``): money,
a fraction, a whole count, days, or a physical unit written after three significant digits.
"""

from __future__ import annotations

from planner_gui.present.money import format_money
from planner_gui.present.numbers import MISSING, format_count, format_days, format_percent, significant

MONEY_UNIT = "money"  # the engine's unit key for an amount in the design's currency
SHOWN_UNITS = {"us": "µs"}  # the engine's unit keys as a reader writes them; a terminal keeps the ASCII key


def format_figure(value: float | None, unit: str, currency: str, ascii_units: bool = False) -> str:
    """``value`` in ``unit`` as a table shows it: money with its symbol, shares as percent, counts whole,
    days in words, others to three significant digits ("326 GB/s"); ``ascii_units`` keeps "us" as is."""
    if value is None:
        return MISSING
    if unit == MONEY_UNIT:
        return format_money(value, currency)
    if unit == "fraction":
        return format_percent(value)
    if unit == "" and float(value).is_integer():
        return format_count(value)
    if unit == "days":
        return format_days(value)  # the word in the language the app or the command runs in
    shown = unit if ascii_units else SHOWN_UNITS.get(unit, unit)
    return f"{significant(value)} {shown}".rstrip()
