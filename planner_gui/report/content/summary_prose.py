"""The executive summary in prose: what is proposed, what it achieves, what it costs, the top risks.

Every figure is the one the key-figures table and the sections print (the analysis summary), so the
prose and the tables cannot disagree.
"""

from __future__ import annotations

from typing import Any

from planner_gui.report.content.blocks import Block, Paragraph
from planner_gui.report.content.context import Ctx, shorten

SERIOUS = ("error", "warning")  # check severities (StrEnum values) worth naming in the summary
TOP_RISKS = 3  # the most severe findings named in the summary; the Risks section lists them all


def summary_paragraphs(ctx: Ctx, gpu: str, fabric: str) -> list[Block]:
    return [Paragraph(text) for text in (_proposed(ctx, gpu, fabric), _achieves(ctx), _costs(ctx), _risks(ctx))
            if text]


def _join(ctx: Ctx, parts: list[str]) -> str:
    return ("" if ctx.t.zh else " ").join(p for p in parts if p)


def _proposed(ctx: Ctx, gpu: str, fabric: str) -> str:
    t, s = ctx.t, ctx.analysis.summary
    racks = t("sum.p.racks_one") if s.racks == 1 else t("sum.p.racks_many", racks=t.int(s.racks))
    parts = [t("sum.p.proposed", gpus=t.int(s.gpus), gpu=gpu, nodes=t.int(s.nodes), racks=racks)]
    if ctx.analysis.profile is not None and s.nodes > 1:
        parts.append(t("sum.p.fabric", fabric=fabric))
    return _join(ctx, parts)


def _achieves(ctx: Ctx) -> str:
    t, a = ctx.t, ctx.analysis
    s = a.summary
    parts = []
    if s.allreduce_busbw_1gib_gbps is not None:
        parts.append(t("sum.p.achieves", job=t.int(s.job_gpus), busbw=t.gbs(s.allreduce_busbw_1gib_gbps)))
    if a.training is not None and ctx.design.workload is not None:
        days = t.days(a.training.estimate.days_to_train)
        parts.append(t("sum.p.training", model=shorten(a.training.model_name, 60),
                       tokens=t.tokens(ctx.design.workload.train_tokens), days=days))
    if s.it_kw is not None:
        parts.append(t("sum.p.power", it=t.kw(s.it_kw), facility=t.kw(s.facility_kw)))
    return _join(ctx, parts)


def _costs(ctx: Ctx) -> str:
    t, cost = ctx.t, ctx.analysis.cost
    if cost is None:
        return ""
    parts = []
    buy = cost.options.get("buy")
    if buy is not None:
        parts.append(t("sum.p.buy", upfront=t.money(buy.upfront), monthly=t.money(buy.monthly)))
    rent = cost.options.get("rent")
    if rent is not None:
        parts.append(t("sum.p.rent", monthly=t.money(rent.monthly)))
    parts.append(_tax(ctx, cost, buy))
    return _join(ctx, parts)


def _tax(ctx: Ctx, cost: Any, buy: Any) -> str:
    """The price basis, as the cost section's terms state it (and the incl.-VAT total of buying)."""
    t, terms = ctx.t, cost.terms
    rate = t.pct(terms.tax_rate, 0)
    if terms.tax_rate <= 0:
        return t("sum.p.tax.none")
    if terms.prices_include_tax:
        return t("sum.p.tax.included", rate=rate)
    if buy is None:
        return t("sum.p.tax.excluded_only", rate=rate)
    return t("sum.p.tax.excluded", rate=rate, months=t.months(cost.project_months),
             total=t.money(cost.total_with_tax(buy)))


def _risks(ctx: Ctx) -> str:
    t = ctx.t
    serious = [c for c in ctx.analysis.checks if str(c.severity) in SERIOUS]
    if not serious:
        return t("sum.p.no_risks")
    titles = list(dict.fromkeys(t.check_title(c.code) for c in serious))[:TOP_RISKS]
    return t("sum.p.risks", risks=("；" if t.zh else "; ").join(titles))
