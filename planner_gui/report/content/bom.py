"""The bill of materials section: the engine's one bill (engine/cost/bom.py), printed.

Equipment first, then cables and optics (one line per part and length, counted from the cable
schedule), then what is listed but not priced with the reason, then the schedule's summary by medium,
speed and length. Money is in whole units (bom_text.money), so every column adds up as printed.
"""

from __future__ import annotations

from collections import Counter

from planner_gui.engine import SCHEDULE_CATEGORIES, Bom, BomLine
from planner_gui.report.content.blocks import Block, Column, ColumnKind, Heading, KeyValues, Paragraph, Table
from planner_gui.report.content.bom_text import Amount, describe, part_cell, reason, settle
from planner_gui.report.content.context import Ctx, shorten
from planner_gui.report.content.i18n import MISSING


def report_bom(ctx: Ctx) -> Bom:
    """The analysis' bill (built here only for an analysis made without one)."""
    return ctx.bill()


def bom(ctx: Ctx) -> list[Block]:
    t = ctx.t
    bill = report_bom(ctx)
    blocks: list[Block] = [Heading(t("sec.bom"), 1, "bom")]
    priced = [line for line in bill.lines if line.unit_price is not None]
    if not bill.lines:
        return [*blocks, KeyValues(((t("bom.empty"), t("bom.empty_value")),))]
    devices = [line for line in priced if line.category not in SCHEDULE_CATEGORIES]
    cables = [line for line in priced if line.category in SCHEDULE_CATEGORIES]
    if devices:
        blocks.append(_table(ctx, devices, t("bom2.devices_title"), t("bom2.price_note", currency=_currency(ctx),
                                                                       rate=_rate_text(ctx))))
    if cables:
        blocks.append(_table(ctx, cables, t("bom2.cables_title"), t("bom2.cables_note",
                                                                     links=t.int(len(bill.schedule)))))
    blocks.append(KeyValues(_totals(ctx, bill), t("bom.totals_title")))
    if any(line.part_number is None for line in priced):
        blocks.append(Paragraph(t("bom2.planning_note")))
    blocks += _not_priced(ctx, bill)
    blocks += schedule_summary(ctx, bill)
    return blocks


def _totals(ctx: Ctx, bill: Bom) -> tuple[tuple[str, str], ...]:
    """The bill's total, and (from the cost model, the same numbers as the cost section) installation and
    the up-front total."""
    t = ctx.t
    rows: tuple[tuple[str, object], ...] = ((t("bom.total_hardware"), Amount(bill.hardware_total)),)
    cost = ctx.analysis.cost
    buy = None if cost is None else cost.options.get("buy")
    if buy is not None:
        share = t.pct(ctx.design.cost.installation_fraction, 0)
        rows = (*rows, (t("bom.installation", share=share), Amount(buy.lines.get("installation", 0.0))))
        if "support" in buy.units:  # the first year of support is paid with the hardware
            rows = (*rows, (t("bom2.support_first_year"), Amount(buy.units["support"][1])))
        rows = (*rows, (t("bom.upfront"), Amount(buy.upfront)))
    return settle(t, rows)[0]


def _columns(ctx: Ctx) -> tuple[Column, ...]:
    t = ctx.t
    return (
        Column(t("bom2.col.part"), ColumnKind.CODE, 1.3),
        Column(t("bom2.col.item"), weight=3.3),
        Column(t("bom.col.qty"), ColumnKind.NUMBER, 0.6),
        Column(t("bom.col.unit"), ColumnKind.MONEY, 1.0),
        Column(t("bom.col.total"), ColumnKind.MONEY, 1.1),
    )


def _table(ctx: Ctx, lines: list[BomLine], title: str, note: str) -> Table:
    t = ctx.t
    rows = tuple((part_cell(t, line), shorten(describe(t, ctx.catalog, line)), t.int(line.quantity),
                  _amount(line.unit_price), _amount(line.total)) for line in lines)
    subtotal = sum(line.total or 0.0 for line in lines)
    footer = ("", t("bom2.subtotal"), t.int(sum(line.quantity for line in lines)), "", Amount(subtotal))
    written, total = settle(t, rows, footer)
    return Table(_columns(ctx), written, title, total, note)


def _amount(value: float | None) -> object:
    return MISSING if value is None else Amount(value)


def _currency(ctx: Ctx) -> str:
    currency = str(ctx.design.meta.currency)
    if ctx.t.zh:
        return "元" if currency == "CNY" else "美元"
    return "yuan" if currency == "CNY" else "US dollars"


def _rate_text(ctx: Ctx) -> str:
    t, cost = ctx.t, ctx.design.cost
    if str(ctx.design.meta.currency) == "USD":
        return t("bom.rate_usd")
    return t("bom.rate_cny", rate=t.fixed(cost.cny_per_usd, 2))


def _not_priced(ctx: Ctx, bill: Bom) -> list[Block]:
    t = ctx.t
    lines = bill.unpriced()
    if not lines:
        return []
    columns = (Column(t("bom2.col.part"), ColumnKind.CODE, 1.2), Column(t("bom2.col.item"), weight=2.6),
               Column(t("bom.col.qty"), ColumnKind.NUMBER, 0.6), Column(t("bom2.col.reason"), weight=2.6))
    rows = tuple((part_cell(t, line), shorten(describe(t, ctx.catalog, line)),
                  t.int(line.quantity) if line.quantity else "—", reason(t, line)) for line in lines)
    return [Table(columns, rows, t("bom2.not_priced_title"))]


def schedule_summary(ctx: Ctx, bill: Bom) -> list[Block]:
    """Every cable by medium, speed and length: the schedule the bill's cable lines were counted from."""
    t = ctx.t
    groups: Counter[tuple[str, float, float]] = Counter()
    for run in bill.cable_runs():
        groups[(run.medium, run.speed_gbps, run.length_m)] += run.count
    if not groups:
        return []
    columns = (
        Column(t("bom.col.medium"), weight=2.6),
        Column(t("bom.col.speed"), ColumnKind.NUMBER),
        Column(t("bom.col.length"), ColumnKind.NUMBER),
        Column(t("bom.col.count"), ColumnKind.NUMBER),
    )
    rows = tuple((t(f"medium.{medium}"), t.gbps(speed) if speed else "—",
                  t("bom2.length", length=t.num(length, trim=True)), t.int(count))
                 for (medium, speed, length), count in sorted(groups.items()))
    total_m = sum(k[2] * n for k, n in groups.items())
    footer = (t("bom.total_links"), "", t("bom2.length", length=t.num(total_m, trim=True)),
              t.int(sum(groups.values())))
    return [Table(columns, rows, t("bom2.schedule_title"), footer, t("bom2.schedule_note"))]
