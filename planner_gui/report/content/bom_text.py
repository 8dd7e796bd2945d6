"""Words for the bill of materials: a line's description and part-number cell, and money in whole units.

Shared by the proposal (bom.py, cost.py) and the command line (``cluster-planner bom``), so the two
describe a line alike in English and Chinese. Pure Python, no Qt.
"""

from __future__ import annotations

import re
from typing import Any

from planner_gui.engine import BomLine
from planner_gui.report.content.i18n import MISSING, WAN, Tr

# Internal wording some catalogue names carry in brackets: "(planning archetype)", "(planning archetype, X
# class)"; "X class" reads "X or equivalent" to a buyer.
_ARCHETYPE = re.compile(r"planning archetype(, )?")
_CLASS = re.compile(r"\b(?:class archetype|class)\)")
_EMPTY = re.compile(r"\s*\(\s*\)")


def customer_name(name: str) -> str:
    """A catalogue name without the catalogue's internal wording."""
    return _EMPTY.sub("", _CLASS.sub("or equivalent)", _ARCHETYPE.sub("", name))).strip()


def money(t: Tr, amount: float | None, wan: bool | None = None) -> str:
    """An amount in whole units: "¥4,726,600" in English; in Chinese from 1 万 up "¥472.6600 万" (exact to the
    yuan), so the printed lines of a table add up to its printed total. ``wan``: the column's choice
    (:func:`settle`), else the amount's own."""
    if amount is None:
        return MISSING
    value = round(float(amount))
    sign = "-" if value < 0 else ""
    if t.zh and (abs(value) >= WAN if wan is None else wan):
        return t.wan(abs(value), sign)
    return f"{sign}{t.symbol}{abs(value):,}"


class Amount(float):
    """A money cell not yet written: :func:`settle` formats it the way its whole column reads."""


Cells = tuple[object, ...]


def settle(t: Tr, rows: tuple[Cells, ...], footer: Cells | None = None
           ) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...] | None]:
    """Rows (and the footer) with every :class:`Amount` written as its column reads: one format per column.
    In Chinese a column holding any amount of 1 万 or more prints all its amounts in 万 (¥0.0432 万 beside
    ¥497.6250 万, never ¥432 beside it); in English every amount is whole units already."""
    every = (*rows, footer) if footer is not None else rows
    width = max((len(r) for r in every), default=0)
    wan = [t.zh and any(isinstance(r[i], Amount) and abs(round(r[i])) >= WAN for r in every if i < len(r))
           for i in range(width)]

    def cell(value: object, i: int) -> str:
        return money(t, value, wan[i]) if isinstance(value, Amount) else str(value)

    written = tuple(tuple(cell(v, i) for i, v in enumerate(r)) for r in rows)
    return written, None if footer is None else tuple(cell(v, i) for i, v in enumerate(footer))


def part_cell(t: Tr, line: BomLine) -> str:
    """The part-number column: the vendor's part number, else "planning item"."""
    return line.part_number or t("bom2.planning")


def describe(t: Tr, catalog: Any, line: BomLine) -> str:
    if line.category in ("cable", "optic"):
        return _cable(t, catalog, line)
    if line.category == "pdu" and line.reason == "not_placed":
        return t("bom2.pdu")
    entry = catalog.get(line.part)
    if entry is None:
        return f"{t('bom2.kind.unknown')} ({line.part})"
    name = str(entry.get("name_zh") or entry.name) if t.zh else customer_name(str(entry.name))
    if line.nics_excluded:
        name += ("（" if t.zh else " (") + t("bom2.without_nic" if line.nics_excluded == 1 else "bom2.without_nics",
                                                    count=t.int(line.nics_excluded)) + (
            "）" if t.zh else ")")
    return name


def _cable(t: Tr, catalog: Any, line: BomLine) -> str:
    medium = t(f"bom2.medium.{line.medium}") if line.medium else MISSING
    speed = t.gbps(line.speed_gbps) if line.speed_gbps else MISSING
    length = t("bom2.length", length=t.num(line.length_m, trim=True))
    entry = catalog.get(line.part)
    plug = "" if entry is None else str(entry.get("form_factor") or "")
    if not plug or line.medium == "utp":
        return t("bom2.cable_noplug", medium=medium, speed=speed, length=length) if line.medium != "utp" else (
            f"{medium}{'，' if t.zh else ', '}{length}")
    return t("bom2.cable", medium=medium, speed=speed, plug=plug, length=length)


def reason(t: Tr, line: BomLine) -> str:
    return t(f"bom2.reason.{line.reason}") if line.reason else ""
