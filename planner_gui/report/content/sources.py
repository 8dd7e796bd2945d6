"""Assumptions and sources: what the models assume, and where every catalog figure used comes from."""

from __future__ import annotations

from planner_gui.engine import CONTINUOUS_LOAD_FACTOR
from planner_gui.report.content.blocks import Block, Bullets, Column, ColumnKind, Heading, Paragraph, Table
from planner_gui.report.content.context import Ctx, shorten
from planner_gui.report.content.strings import STRINGS

SOURCE_LIMIT = 600  # characters of a catalog source kept (several URLs); the catalog has the full text
ESTIMATE_LIMIT = 300  # characters of one estimate's explanation
MODEL_DOCS = ("collectives", "topology", "power-cooling", "cost", "training")  # docs/models/*.md


def sources(ctx: Ctx) -> list[Block]:
    t = ctx.t
    blocks: list[Block] = [
        Heading(t("sec.sources"), 1, "sources"),
        Heading(t("src.assumptions"), 2, "sources-assumptions"),
        Bullets(_assumptions(ctx)),
        Paragraph(
            t("src.docs", docs=", ".join(f"docs/models/{d}.md" for d in MODEL_DOCS)),
        ),
    ]
    if ctx.analysis.unavailable:
        blocks += [
            Paragraph(t("src.unavailable")),
            Bullets(
                tuple(
                    t("sum.missing_item", section=t(f"part.{name}"), reason=ctx.missing_reason(name, reason))
                    for name, reason in ctx.analysis.unavailable.items()
                    if f"part.{name}" in STRINGS
                )
            ),
        ]
    blocks += [
        Heading(t("src.catalog"), 2, "sources-catalog"),
        Paragraph(t("src.catalog_intro")),
        _catalog_table(ctx),
    ]
    return blocks


def _assumptions(ctx: Ctx) -> tuple[str, ...]:
    t, cost = ctx.t, ctx.design.cost
    items = [
        t("src.a.collectives"),
        t("src.a.topology"),
        t("src.a.power", share=t.pct(CONTINUOUS_LOAD_FACTOR, 0)),
        t("src.a.cooling"),
        t(
            "src.a.cost",
            install=t.pct(cost.installation_fraction, 0),
            price=t.money(cost.electricity_per_kwh),
            months=t.months(cost.project_months),
        ),
    ]
    if str(ctx.design.meta.currency) == "CNY":
        items.append(t("src.a.rate", rate=t.fixed(cost.cny_per_usd, 2)))
    if ctx.analysis.training is not None:
        items.append(t("src.a.training"))
    items.append(t("src.a.racks"))
    return tuple(items)


def _catalog_table(ctx: Ctx) -> Table:
    t = ctx.t
    columns = (
        Column(t("bom.col.id"), ColumnKind.CODE, 1.1),
        Column(t("bom.col.item"), weight=1.6),
        Column(t("src.col.source"), weight=3.2),
        Column(t("src.col.estimated"), weight=2.6),
    )
    rows = []
    for catalog_id in ctx.used_ids():
        entry = ctx.catalog.get(catalog_id)
        if entry is None:
            continue
        estimated = "; ".join(
            f"{name}: {shorten(how, ESTIMATE_LIMIT)}" for name, how in entry.estimated.items()
        )
        rows.append(
            (catalog_id, shorten(entry.name, 80), shorten(entry.source, SOURCE_LIMIT), estimated or "—")
        )
    return Table(columns, tuple(rows), t("src.catalog_title"))
