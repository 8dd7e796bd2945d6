"""Cost: rent, cloud and buy over the project, break-even, cost per GPU-hour, switch rent versus buy."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from planner_gui.engine import BREAK_EVEN_HORIZON_MONTHS, RentPlan
from planner_gui.report.content.blocks import (
    Block,
    Chart,
    Column,
    ColumnKind,
    Figure,
    Heading,
    Paragraph,
    Series,
    Table,
    Tick,
)
from planner_gui.report.content.collectives import nice_step
from planner_gui.report.content.context import Ctx

OPTION_ORDER = ("buy", "rent", "cloud")
OPTION_COLORS = {"buy": "#1f4e79", "rent": "#e07b39", "cloud": "#3a8f5c"}
MONTH_TICK = 12  # one gridline a year
BUY_LINES = (
    "servers",
    "nics",
    "switches",
    "cables",
    "other hardware",
    "installation",
    "electricity",
    "space",
)
Y_TICK_TARGET = 5


def cost_section(ctx: Ctx) -> list[Block]:
    t, cost = ctx.t, ctx.analysis.cost
    if cost is None:
        return []
    blocks: list[Block] = [
        Heading(t("sec.cost"), 1, "cost"),
        Paragraph(
            t(
                "cost.intro",
                months=t.months(cost.project_months),
                currency=cost.currency,
                gpus=t.int(cost.gpu_count),
            )
        ),
        _options_table(ctx, cost),
        Paragraph(_break_even_text(ctx, cost)),
    ]
    if any(o.total > 0 for o in cost.options.values()):
        blocks.append(
            Figure(
                _cumulative_chart(ctx, cost),
                t("cost.figure_caption", months=t.int(BREAK_EVEN_HORIZON_MONTHS)),
                0.5,
            )
        )
    blocks.append(_lines_table(ctx, cost))
    blocks += _switches(ctx, cost)
    return blocks


def _options_table(ctx: Ctx, cost: Any) -> Table:
    t = ctx.t
    columns = (
        Column(t("cost.col.option"), weight=1.2),
        Column(t("cost.col.upfront"), ColumnKind.MONEY),
        Column(t("cost.col.monthly"), ColumnKind.MONEY),
        Column(t("cost.col.total", months=t.months(cost.project_months)), ColumnKind.MONEY),
        Column(t("cost.col.gpu_hour"), ColumnKind.MONEY),
        Column(t("cost.col.network"), ColumnKind.NUMBER),
    )
    rows = tuple(
        (
            t(f"cost.option.{name}"),
            t.money(o.upfront),
            t.money(o.monthly),
            t.money(o.total),
            t.money(o.per_gpu_hour),
            t.pct(o.network_share),
        )
        for name in OPTION_ORDER
        if (o := cost.options.get(name)) is not None
    )
    return Table(columns, rows, t("cost.options_title"), note=t("cost.options_note"))


def _break_even_text(ctx: Ctx, cost: Any) -> str:
    t = ctx.t
    parts = []
    for other, month in (("rent", cost.buy_vs_rent_month), ("cloud", cost.buy_vs_cloud_month)):
        if other not in cost.options:
            continue
        if month is None:
            parts.append(
                t("cost.never", other=t(f"cost.vs.{other}"), horizon=t.months(BREAK_EVEN_HORIZON_MONTHS))
            )
        else:
            parts.append(t("cost.break_even", other=t(f"cost.vs.{other}"), months=t.months(month)))
    if cost.upfront_saving_rent_vs_buy is not None:
        parts.append(t("cost.upfront_saving", share=t.pct(cost.upfront_saving_rent_vs_buy, 0)))
    if cost.rent_vs_cloud_saving is not None:
        parts.append(t("cost.cloud_saving", share=t.pct(cost.rent_vs_cloud_saving, 0)))
    return ("" if t.zh else " ").join(parts) or t("cost.only_buy")


def cumulative(ctx: Ctx, cost: Any, months: np.ndarray) -> dict[str, np.ndarray]:
    """Money spent to cover each number of months, per option (rent with the annual-prepay discount)."""
    out = {}
    for name in OPTION_ORDER:
        option = cost.options.get(name)
        if option is None:
            continue
        if name == "rent":
            plan = RentPlan(option.monthly, 0.0, float(ctx.design.cost.annual_prepay_discount), ())
            # The cost model discounts whole prepaid years, so renting 11 months at list price costs more
            # than prepaying the year; covering m months costs the cheapest plan of m or more months.
            out[name] = np.minimum.accumulate(plan.cumulative(months)[::-1])[::-1]
        else:
            out[name] = option.upfront + option.monthly * months.astype(float)
    return out


def _cumulative_chart(ctx: Ctx, cost: Any) -> Chart:
    t = ctx.t
    months = np.arange(0, BREAK_EVEN_HORIZON_MONTHS + 1)
    curves = cumulative(ctx, cost, months)
    top = max(float(v.max()) for v in curves.values())
    step = nice_step(top / Y_TICK_TARGET)
    y_max = step * math.ceil(top / step) if top > 0 else 1.0
    series = tuple(
        Series(
            t(f"cost.option.{name}"),
            tuple(float(m) for m in months),
            tuple(float(v) for v in values),
            OPTION_COLORS[name],
        )
        for name, values in curves.items()
    )
    x_ticks = tuple(Tick(float(m), t.int(m)) for m in range(0, BREAK_EVEN_HORIZON_MONTHS + 1, MONTH_TICK))
    y_ticks = tuple(Tick(v * step, t.money(v * step)) for v in range(round(y_max / step) + 1))
    return Chart(
        series,
        t("cost.x_label"),
        t("cost.y_label", currency=cost.currency),
        x_ticks,
        y_ticks,
        False,
        0.0,
        y_max,
    )


def _lines_table(ctx: Ctx, cost: Any) -> Table:
    t = ctx.t
    names = [n for n in OPTION_ORDER if n in cost.options]
    columns = (
        Column(t("cost.col.line"), weight=1.6),
        *(Column(t(f"cost.option.{n}"), ColumnKind.MONEY) for n in names),
    )
    keys = list(BUY_LINES) + sorted({k for n in names for k in cost.options[n].lines} - set(BUY_LINES))
    rows = []
    for key in keys:
        values = [cost.options[n].lines.get(key) for n in names]
        if any(v for v in values):
            rows.append(
                (
                    t(f"cost.line.{key}") if f"cost.line.{key}" in _LINE_KEYS else key,
                    *(t.money(v) if v is not None else "—" for v in values),
                )
            )
    footer = (t("cost.line.total"), *(t.money(cost.options[n].total) for n in names))
    return Table(columns, tuple(rows), t("cost.lines_title", months=t.months(cost.project_months)), footer)


def _switches(ctx: Ctx, cost: Any) -> list[Block]:
    t = ctx.t
    if not cost.switches:
        return []
    columns = (
        Column(t("bom.col.id"), ColumnKind.CODE),
        Column(t("bom.col.qty"), ColumnKind.NUMBER),
        Column(t("cost.col.rent_month"), ColumnKind.MONEY),
        Column(t("cost.col.buy_price"), ColumnKind.MONEY),
        Column(t("cost.col.opex"), ColumnKind.MONEY),
        Column(t("cost.col.payback"), ColumnKind.NUMBER),
    )
    rows = tuple(
        (
            s.catalog_id,
            t.int(s.count),
            t.money(s.rent_month),
            t.money(s.buy_price),
            t.money(s.opex_month),
            t.months(s.months) if s.months is not None else t("cost.never_short"),
        )
        for s in cost.switches
    )
    return [Table(columns, rows, t("cost.switch_title"), note=t("cost.switch_note"))]


_LINE_KEYS = {f"cost.line.{k}" for k in BUY_LINES}
