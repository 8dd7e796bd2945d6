"""The cover and the executive summary: the figures a customer reads first."""

from __future__ import annotations

from planner_gui import __version__
from planner_gui.report.content.blocks import Block, Bullets, Cover, Heading, KeyValues, Paragraph
from planner_gui.report.content.bom_text import Amount, settle
from planner_gui.report.content.branding import Branding
from planner_gui.report.content.context import Ctx, shorten
from planner_gui.report.content.summary_prose import summary_paragraphs

COVER_NAME_LIMIT = 300  # characters of the design name on the cover (four lines of the title font)
MAX_SERVER_MODELS = 3  # server models named in the summary; the bill of materials lists them all


def cover(ctx: Ctx, branding: Branding | None = None) -> Cover:
    """Title, document control and the one-paragraph summary; a fact nobody gave is left out."""
    t, meta, brand = ctx.t, ctx.design.meta, branding or Branding()
    valid = brand.valid_until(ctx.today)
    facts = tuple((label, value) for label, value in (
        (t("cover.customer"), shorten(meta.customer)),
        (t("cover.from"), brand.company),
        (t("cover.author"), shorten(meta.author)),
        (t("cover.contact"), brand.contact),
        (t("cover.document"), brand.document_number),
        (t("cover.revision"), brand.revision),
        (t("cover.date"), t.date(ctx.today)),
        (t("cover.valid_until"), t.date(valid) if valid else ""),
    ) if value)
    if not brand.revision:
        facts += ((t("cover.version"),
                   t("cover.version_value", version=__version__, saved=t.date(meta.modified or meta.created))),)
    return Cover(shorten(ctx.name(), COVER_NAME_LIMIT), t("cover.subtitle"), facts, summary_sentence(ctx), brand.logo)


def summary_sentence(ctx: Ctx) -> str:
    """One paragraph: what the cluster is, what it does and what it costs."""
    t, a = ctx.t, ctx.analysis
    s = a.summary
    parts = [
        t("cover.what", gpus=t.int(s.gpus), gpu=_gpu_name(ctx), nodes=t.int(s.nodes), racks=t.int(s.racks))
    ]
    if a.profile is not None and s.nodes > 1:
        parts.append(t("cover.fabric", fabric=fabric_text(ctx)))
    if s.allreduce_busbw_1gib_gbps is not None:
        parts.append(t("cover.busbw", busbw=t.gbs(s.allreduce_busbw_1gib_gbps)))
    if s.it_kw is not None:
        parts.append(t("cover.power", it=t.kw(s.it_kw), facility=t.kw(s.facility_kw)))
    if s.buy_upfront is not None:
        parts.append(t("cover.buy", upfront=t.money(s.buy_upfront)))
    if s.rent_monthly is not None:
        parts.append(t("cover.rent", monthly=t.money(s.rent_monthly)))
    if a.training is not None:
        parts.append(
            t(
                "cover.training",
                model=shorten(a.training.model_name, 60),
                days=t.days(a.training.estimate.days_to_train),
            )
        )
    errors = s.checks.get("error", 0)
    parts.append(t("cover.errors", errors=t.int(errors)) if errors else t("cover.no_errors"))
    return ("" if t.zh else " ").join(parts)


def summary(ctx: Ctx) -> list[Block]:
    t, a = ctx.t, ctx.analysis
    s = a.summary
    rows: list[tuple[str, str]] = [
        (t("sum.gpus"), f"{t.int(s.gpus)} × {_gpu_name(ctx)}"),
        (t("sum.servers"), _servers_text(ctx)),
        (t("sum.job"), t("sum.job_value", gpus=t.int(s.job_gpus), nodes=t.int(s.job_nodes))),
    ]
    if a.profile is not None:
        rows.append((t("sum.fabric"), fabric_text(ctx)))
    rows.append((t("sum.racks"), t.int(s.racks)))
    if s.it_kw is not None:
        rows += [
            (t("sum.it_power"), t("sum.it_value", training=t.kw(s.it_kw), peak=t.kw(s.it_peak_kw),
                                                   typical=t.kw(s.it_typical_kw))),
            (t("sum.facility_power"), t("sum.facility_value", kw=t.kw(s.facility_kw), pue=t.fixed(s.pue, 2))),
        ]
    rows += _cost_rows(ctx)
    if s.allreduce_busbw_1gib_gbps is not None and a.collectives is not None:
        rows += [
            (t("sum.busbw"), t.gbs(s.allreduce_busbw_1gib_gbps)),
            (t("sum.time_128"), t.time_us(a.collectives.allreduce_time_128mib_us)),
        ]
    if a.training is not None:
        rows.append((t("sum.training"), training_text(ctx)))
    rows.append((t("sum.checks"), checks_text(ctx)))
    blocks: list[Block] = [
        Heading(t("sec.summary"), 1, "summary"),
        *summary_paragraphs(ctx, _gpu_name(ctx), fabric_text(ctx)),
        KeyValues(tuple(rows), t("sum.key_figures")),
        Paragraph(_verdict(ctx)),
    ]
    missing = [
        t("sum.missing_item", section=t(f"part.{name}"), reason=ctx.missing_reason(name, reason))
        for name, reason in a.unavailable.items()
        if f"part.{name}" in _PARTS and not (name == "storage" and "training" in a.unavailable)
    ]
    if missing:
        blocks += [Paragraph(t("sum.missing")), Bullets(tuple(missing))]
    return blocks


def _cost_rows(ctx: Ctx) -> list[tuple[str, str]]:
    t, cost = ctx.t, ctx.analysis.cost
    if cost is None:
        return []
    months = t.months(cost.project_months)
    rows = []
    buy = cost.options.get("buy")
    if buy is not None:
        rows += [
            (t("sum.buy_upfront"), Amount(buy.upfront)),
            (t("sum.buy_monthly"), Amount(buy.monthly)),
            (t("sum.buy_total", months=months), Amount(buy.total)),
        ]
        if cost.terms.tax_rate > 0 and not cost.terms.prices_include_tax:  # the cost table's incl.-VAT total
            rows.append((t("sum.buy_total_with_tax", months=months, rate=t.pct(cost.terms.tax_rate, 0)),
                         Amount(cost.total_with_tax(buy))))
    for name in ("rent", "cloud"):
        option = cost.options.get(name)
        if option is not None:
            rows += [
                (t(f"sum.{name}_monthly"), Amount(option.monthly)),
                (t(f"sum.{name}_total", months=months), Amount(option.total)),
            ]
    case = "none" if cost.terms.tax_rate <= 0 else "included" if cost.terms.prices_include_tax else "excluded"
    rows.append((t("cost2.prices"), t("cost2.prices." + case, rate=t.pct(cost.terms.tax_rate, 0))))
    return list(settle(t, tuple(rows))[0])


def training_text(ctx: Ctx) -> str:
    t, training, workload = ctx.t, ctx.analysis.training, ctx.design.workload
    if training is None or workload is None:
        return "—"
    return t(
        "sum.training_value",
        model=shorten(training.model_name, 60),
        days=t.days(training.estimate.days_to_train),
        tokens=t.tokens(workload.train_tokens),
        mfu=t.pct(training.estimate.mfu),
    )


def checks_text(ctx: Ctx) -> str:
    t, counts = ctx.t, ctx.analysis.summary.checks
    return t(
        "sum.checks_value",
        errors=t.int(counts.get("error", 0)),
        warnings=t.int(counts.get("warning", 0)),
        infos=t.int(counts.get("info", 0)),
    )


def _verdict(ctx: Ctx) -> str:
    t, counts = ctx.t, ctx.analysis.summary.checks
    if counts.get("error", 0):
        return t("sum.verdict_errors", errors=t.int(counts["error"]))
    if counts.get("warning", 0):
        return t("sum.verdict_warnings", warnings=t.int(counts["warning"]))
    return t("sum.verdict_ok")


def fabric_text(ctx: Ctx) -> str:
    """ "InfiniBand, 8 × 400 Gb/s per server, rail-optimized, 2 switch tiers"."""
    t, profile, topo = ctx.t, ctx.analysis.profile, ctx.analysis.topology
    if profile is None:
        return "—"
    tech = t("tech.infiniband") if profile.technology == "infiniband" else t("tech.ethernet")
    parts = [tech, t("fabric.nics", count=t.int(profile.nics_per_node), speed=t.gbps(profile.nic_gbps))]
    if topo is not None:
        parts.append(
            t(f"rail.{topo.rails.style}") if f"rail.{topo.rails.style}" in _RAILS else topo.rails.style
        )
        parts.append(t("fabric.tiers", tiers=t.int(topo.switch_tiers)))
    return ("，" if t.zh else ", ").join(parts)


def _gpu_name(ctx: Ctx) -> str:
    if ctx.analysis.profile is not None:
        return ctx.analysis.profile.gpu_name
    server = ctx.main_server()
    gpu = ctx.entry(server.get("gpu_id", "")) if server is not None else None
    return ctx.part_name(gpu) if gpu is not None else ctx.t("sum.no_gpu")


def _servers_text(ctx: Ctx) -> str:
    counts = ctx.servers()
    if not counts:
        return ctx.t("sum.no_servers")
    named = [
        f"{ctx.t.int(n)} × {shorten(ctx.describe(cid), 60)}"
        for cid, n in counts.most_common(MAX_SERVER_MODELS)
    ]
    rest = len(counts) - MAX_SERVER_MODELS
    if rest > 0:
        named.append(ctx.t("sum.more_models", count=ctx.t.int(rest)))
    return ", ".join(named)


_PARTS = {
    "part.topology",
    "part.profile",
    "part.collectives",
    "part.fabric_checks",
    "part.nccl_env",
    "part.acceptance",
    "part.power",
    "part.cooling",
    "part.facility",
    "part.cost",
    "part.training",
    "part.storage",
    "part.facility_checks",
    "part.notes",
}
_RAILS = {
    "rail.rail-optimized",
    "rail.rail-miscabled",
    "rail.top-of-rack",
    "rail.mixed",
    "rail.single-switch",
    "rail.single-nic",
    "rail.none",
}
