"""Cost: rent, cloud and buy over the project, break-even, cost per GPU-hour, switch rent versus buy."""

from __future__ import annotations

from typing import Any

import numpy as np

from planner_gui.engine import BREAK_EVEN_HORIZON_MONTHS
from planner_gui.report.content.axes import ticks, value_axis
from planner_gui.report.content.blocks import (
    Block,
    Chart,
    Column,
    ColumnKind,
    Figure,
    Heading,
    KeyValues,
    Paragraph,
    Series,
    Table,
)
from planner_gui.report.content.bom_text import Amount, money, settle
from planner_gui.report.content.context import Ctx

OPTION_ORDER = ("buy", "rent", "cloud")
OPTION_COLORS = {"buy": "#1f4e79", "rent": "#e07b39", "cloud": "#3a8f5c"}
MONTH_TICK = 12  # one gridline a year
BUY_LINES = (
    "servers",
    "nics",
    "switches",
    "cables",
    "racks",
    "other hardware",
    "installation",
    "support",
    "electricity",
    "space",
)


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
        KeyValues(terms_rows(ctx, cost), t("cost2.terms_title")),
        _options_table(ctx, cost),
        *_energy(ctx, cost),
        Paragraph(_break_even_text(ctx, cost)),
    ]
    if any(o.total > 0 for o in cost.options.values()):
        blocks.append(
            Figure(
                _cumulative_chart(ctx, cost),
                t("cost.figure_caption", months=t.int(BREAK_EVEN_HORIZON_MONTHS)) + ("" if t.zh else " ")
                + t("cost2.chart_tax." + _tax_case(cost)),
                0.5,
            )
        )
    blocks.append(_lines_table(ctx, cost))
    blocks += _switches(ctx, cost)
    return blocks


def _options_table(ctx: Ctx, cost: Any) -> Table:
    t = ctx.t
    taxed = cost.terms.tax_rate > 0.0
    columns = (
        Column(t("cost.col.option"), weight=1.3),
        Column(t("cost.col.upfront"), ColumnKind.MONEY),
        Column(t("cost.col.monthly"), ColumnKind.MONEY),
        Column(t("cost.col.total", months=t.months(cost.project_months)), ColumnKind.MONEY),
        *((Column(t("cost2.col.tax", rate=t.pct(cost.terms.tax_rate, 0)), ColumnKind.MONEY),
           Column(t("cost2.col.with_tax"), ColumnKind.MONEY)) if taxed else ()),
        Column(t("cost.col.gpu_hour"), ColumnKind.MONEY),
        Column(t("cost.col.network"), ColumnKind.NUMBER),
    )
    rows = tuple(
        (
            t(f"cost.option.{name}") + ("" if name == "buy" else t("cost2.alternative")),
            Amount(o.upfront),
            Amount(o.monthly),
            Amount(o.total),
            *((Amount(cost.tax(o)), Amount(cost.total_with_tax(o))) if taxed else ()),
            t.money(o.per_gpu_hour),
            t.pct(o.network_share),
        )
        for name in OPTION_ORDER
        if (o := cost.options.get(name)) is not None
    )
    gap = "" if t.zh else " "
    note = t("cost.options_note") + gap + t("cost2.tax_note." + _tax_case(cost))
    rent = cost.options.get("rent")
    discount = float(ctx.design.cost.annual_prepay_discount)
    if rent is not None and discount > 0 and rent.lines.get("rent prepaid years"):
        note += gap + t("cost2.prepay_note", share=t.pct(discount, 0), month=money(t, rent.monthly),
                         year=money(t, rent.monthly * 12))
    return Table(columns, settle(t, rows)[0], t("cost.options_title"), note=note)


def _energy(ctx: Ctx, cost: Any) -> list[Block]:
    """What buying's electricity is counted at (engine EnergyBasis), the same figures as the CLI and the GUI."""
    t, energy = ctx.t, cost.energy
    if energy is None or "buy" not in cost.options:
        return []
    return [Paragraph(t("cost2.energy", training=money(t, energy.monthly_training), training_kw=t.kw(
        energy.it_training_kw), typical=money(t, energy.monthly_typical), typical_kw=t.kw(energy.it_typical_kw)))]


def _tax_case(cost: Any) -> str:
    if cost.terms.tax_rate <= 0.0:
        return "none"
    return "included" if cost.terms.prices_include_tax else "excluded"


def terms_rows(ctx: Ctx, cost: Any) -> tuple[tuple[str, str], ...]:
    """What the figures mean: tax, validity, warranty and support (the design's cost settings)."""
    t, terms = ctx.t, cost.terms
    rate = t.pct(terms.tax_rate, 0)
    valid = t.date(terms.quote_valid_until) if terms.quote_valid_until else t("cost2.not_stated")
    buy = cost.options["buy"]
    support_year = buy.lines.get("support", 0.0) / max(1, -(-cost.project_months // 12))
    support = (t("cost2.support_value", share=t.pct(terms.support_rate_per_year, 1), year=money(t, support_year))
               if terms.support_rate_per_year > 0 else t("cost2.not_quoted"))
    return (
        (t("cost2.prices"), t("cost2.prices." + _tax_case(cost), rate=rate)),
        (t("cost2.valid_until"), valid),
        (t("cost2.warranty"), t("cost2.warranty_value", years=t.int(terms.warranty_years))
         if terms.warranty_years else t("cost2.not_quoted")),
        (t("cost2.support"), support),
    )


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
    """Money spent to run each number of months, per option: the cost model's own series, which its
    up-front figure, its totals and its break-even months are read from."""
    return {name: np.array([option.cost_after(int(m)) for m in months])
            for name in OPTION_ORDER if (option := cost.options.get(name)) is not None}


def _cumulative_chart(ctx: Ctx, cost: Any) -> Chart:
    t = ctx.t
    months = np.arange(0, BREAK_EVEN_HORIZON_MONTHS + 1)
    curves = cumulative(ctx, cost, months)
    top = max(float(v.max()) for v in curves.values())
    y_max, y_ticks = value_axis(top, t.money_tick)
    series = tuple(
        Series(
            t(f"cost.option.{name}"),
            tuple(float(m) for m in months),
            tuple(float(v) for v in values),
            OPTION_COLORS[name],
        )
        for name, values in curves.items()
    )
    x_ticks = ticks(range(0, BREAK_EVEN_HORIZON_MONTHS + 1, MONTH_TICK), t.int)
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
        Column(t("cost.col.line"), weight=2.2),
        *(Column(t(f"cost.option.{n}"), ColumnKind.MONEY) for n in names),
    )
    keys = list(BUY_LINES) + sorted({k for n in names for k in cost.options[n].lines} - set(BUY_LINES))
    rows = []
    for key in keys:
        values = [cost.options[n].lines.get(key) for n in names]
        if any(v for v in values):
            label = t(f"cost.line.{key}") if f"cost.line.{key}" in _LINE_KEYS else t(f"cost2.line.{key}")
            rows.append((label + _times(ctx, cost, key), *(Amount(v) if v is not None else "—" for v in values)))
    if cost.terms.tax_rate > 0.0:
        rows.append((t("cost.line.total"), *(Amount(cost.options[n].total) for n in names)))
        rows.append((t("cost2.col.tax", rate=t.pct(cost.terms.tax_rate, 0)),
                     *(Amount(cost.tax(cost.options[n])) for n in names)))
        footer = (t("cost2.col.with_tax"), *(Amount(cost.total_with_tax(cost.options[n])) for n in names))
    else:
        footer = (t("cost.line.total"), *(Amount(cost.options[n].total) for n in names))
    written, total = settle(t, tuple(rows), footer)
    return Table(columns, written, t("cost.lines_title", months=t.months(cost.project_months)), total)


def _times(ctx: Ctx, cost: Any, key: str) -> str:
    """ " (12 months × ¥14,743)" for a line that is a count of months or years at one price, as printed."""
    t = ctx.t
    for option in cost.options.values():
        if key in option.units:
            count, unit = option.units[key]
            word = "cost2.times_years" if key in YEAR_LINES else "cost2.times_months"
            return t(word, count=t.int(count), unit=money(t, unit))
    return ""


YEAR_LINES = ("support", "rent prepaid years")


def _switches(ctx: Ctx, cost: Any) -> list[Block]:
    t = ctx.t
    if not cost.switches:
        return []
    columns = (
        Column(t("bom.col.item"), weight=2.4),
        Column(t("bom.col.qty"), ColumnKind.NUMBER),
        Column(t("cost.col.rent_month"), ColumnKind.MONEY),
        Column(t("cost.col.buy_price"), ColumnKind.MONEY),
        Column(t("cost.col.opex"), ColumnKind.MONEY),
        Column(t("cost.col.payback"), ColumnKind.NUMBER),
    )
    rows = tuple(
        (
            _switch_name(ctx, s.catalog_id),
            t.int(s.count),
            Amount(s.rent_month),
            Amount(s.buy_price),
            Amount(s.opex_month),
            t.months(s.months) if s.months is not None else t("cost.never_short"),
        )
        for s in cost.switches
    )
    return [Table(columns, settle(t, rows)[0], t("cost.switch_title"), note=t("cost.switch_note"))]


def _switch_name(ctx: Ctx, catalog_id: str) -> str:
    entry = ctx.catalog.get(catalog_id)
    if entry is None:
        return catalog_id
    return ctx.part_name(entry)


_LINE_KEYS = {f"cost.line.{k}" for k in BUY_LINES}
