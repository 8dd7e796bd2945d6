"""The proposal's optional comparison section: the design (A) against an alternative (B).

``comparison_section(ctx, comparison)`` turns engine/compare/designs.py's :class:`Comparison` into blocks:
a table of every headline figure with B − A and B / A, the two sets of AllReduce and AllToAll
busbw curves on one chart, and the bill-of-materials items that differ. Pure Python (no Qt). Its
words live in :data:`TEXT` here (English, Chinese), so the section needs no change to strings.py;
the figure labels are the engine's (English), translated by key in strings_compare.py.
"""

from __future__ import annotations

import math

from planner_gui.engine import MONEY, Comparison, FigureRow
from planner_gui.present import SHOWN_UNITS
from planner_gui.report.content.axes import ticks, value_axis
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
)
from planner_gui.report.content.collectives import OP_COLORS, OP_NAMES, X_RANGE, X_TICKS
from planner_gui.report.content.context import Ctx, shorten
from planner_gui.report.content.i18n import MISSING
from planner_gui.report.content.strings_compare import figure_label_in

CHART_OPS = ("allreduce", "alltoall")  # the two curves the headline figures quote
MAX_BOM_ROWS = 40  # items that differ; a longer list goes to an appendix in practice
B_DASH = "dash"  # A solid, B dashed
ITEM_CHARS = 70  # of "id — name" in the item column
NAME_CHARS = 60  # of a design name in the introduction
TEXT: dict[str, tuple[str, str]] = {
    "title": ("Comparison with an alternative", "方案对比"),
    "intro": ("A is this proposal's design ({a}); B is the alternative ({b}). Differences are B − A; money "
              "is in {currency}.",
              "A 为本方案（{a}），B 为备选方案（{b}）。差值为 B − A；金额单位为 {currency}。"),
    "col.figure": ("Figure", "指标"), "col.diff": ("B − A", "B − A"), "col.ratio": ("B / A", "B / A"),
    "figures_title": ("Headline figures", "主要指标"),
    "chart_caption": ("Bus bandwidth of A (solid) and B (dashed), as nccl-tests would report it.",
                      "A（实线）与 B（虚线）的总线带宽（nccl-tests 口径）。"),
    "x_label": ("message size", "消息大小"), "y_label": ("busbw, GB/s", "总线带宽 GB/s"),
    "bom_title": ("Bill of materials: what differs", "物料清单差异"),
    "col.item": ("Item", "物料"), "col.qty_a": ("Qty A", "A 数量"), "col.qty_b": ("Qty B", "B 数量"),
    "col.total_a": ("Total A", "A 金额"), "col.total_b": ("Total B", "B 金额"),
    "bom_same": ("Both designs use the same items in the same quantities.", "两个方案的物料与数量完全相同。"),
    "bom_more": ("… and {count} more items.", "……另有 {count} 项。"),
}


def text(ctx: Ctx, key: str, **values: object) -> str:
    pair = TEXT[key]
    chosen = pair[1] if ctx.t.zh else pair[0]
    return chosen.format(**values) if values else chosen


def comparison_section(ctx: Ctx, comparison: Comparison) -> list[Block]:
    """The section's blocks; notes on sections a design lacks are left to that design's own report."""
    blocks: list[Block] = [
        Heading(text(ctx, "title"), 1, "comparison"),
        Paragraph(text(ctx, "intro", a=shorten(comparison.name_a, NAME_CHARS),
                       b=shorten(comparison.name_b, NAME_CHARS), currency=comparison.currency)),
        _figures_table(ctx, comparison),
    ]
    if comparison.curves_a or comparison.curves_b:
        blocks.append(Figure(_chart(ctx, comparison), text(ctx, "chart_caption"), 0.55))
    blocks += _bom(ctx, comparison)
    blocks += [Paragraph(ctx.said(note)) for note in comparison.notes if not note.startswith(("A: ", "B: "))]
    return blocks




def _value(ctx: Ctx, row: FigureRow, value: float | None) -> str:
    t = ctx.t
    if value is None:
        return MISSING
    if row.unit == MONEY:
        return t.money(value)
    if row.unit == "fraction":
        return t.pct(value)
    if row.unit == "" and float(value).is_integer():
        return t.int(value)
    if row.unit == "days":
        return t.days(value)
    return f"{t.num(value)} {SHOWN_UNITS.get(row.unit, row.unit)}".rstrip()


def _figures_table(ctx: Ctx, c: Comparison) -> Table:
    columns = (Column(text(ctx, "col.figure"), weight=2.6), Column("A", ColumnKind.NUMBER),
               Column("B", ColumnKind.NUMBER), Column(text(ctx, "col.diff"), ColumnKind.NUMBER),
               Column(text(ctx, "col.ratio"), ColumnKind.NUMBER, 0.7))
    rows = tuple((figure_label_in(r.key, r.label, ctx.t.zh), _value(ctx, r, r.a), _value(ctx, r, r.b),
                  _value(ctx, r, r.diff), MISSING if r.ratio is None else f"{ctx.t.num(r.ratio)}×")
                 for r in c.rows if r.a is not None or r.b is not None)
    return Table(columns, rows, text(ctx, "figures_title"))


def _chart(ctx: Ctx, c: Comparison) -> Chart:
    t = ctx.t
    series, top = [], 0.0
    for side, curves, dash in (("A", c.curves_a, ""), ("B", c.curves_b, B_DASH)):
        for op in CHART_OPS:
            points = curves.get(op, ())
            if not points:
                continue
            ys = tuple(float(p.busbw_GBps) if math.isfinite(p.busbw_GBps) else 0.0 for p in points)
            top = max(top, *ys)
            series.append(Series(f"{side}: {OP_NAMES[op]}", tuple(float(p.bytes) for p in points), ys,
                                 OP_COLORS[op], dash))
    y_max, y_ticks = value_axis(top, t.num)
    x_ticks = ticks(X_TICKS, t.bytes)
    return Chart(tuple(series), text(ctx, "x_label"), text(ctx, "y_label"), x_ticks, y_ticks, True, 0.0,
                 y_max, float(X_RANGE[0]), float(X_RANGE[1]))


def _bom(ctx: Ctx, c: Comparison) -> list[Block]:
    t = ctx.t
    changed = [r for r in c.bom if r.changed]
    if not changed:
        return [Paragraph(text(ctx, "bom_same"))]
    number, money = ColumnKind.NUMBER, ColumnKind.MONEY
    columns = (Column(text(ctx, "col.item"), weight=3.0), Column(text(ctx, "col.qty_a"), number, 0.6),
               Column(text(ctx, "col.qty_b"), number, 0.6), Column(text(ctx, "col.total_a"), money),
               Column(text(ctx, "col.total_b"), money))
    rows = tuple((shorten(f"{r.catalog_id} — {r.name}" if r.name else r.catalog_id, ITEM_CHARS),
                  f"{r.quantity_a:g}", f"{r.quantity_b:g}", t.money(r.total_a), t.money(r.total_b))
                 for r in changed[:MAX_BOM_ROWS])
    footer = ("", "", "", t.money(c.hardware_total_a), t.money(c.hardware_total_b))
    note = text(ctx, "bom_more", count=len(changed) - MAX_BOM_ROWS) if len(changed) > MAX_BOM_ROWS else ""
    return [Table(columns, rows, text(ctx, "bom_title"), footer, note)]
