"""The network section: topology diagram, tiers, oversubscription, bisection, rails and failures."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from planner_gui.report.content.blocks import (
    Block,
    Column,
    ColumnKind,
    Figure,
    Heading,
    KeyValues,
    Paragraph,
    Table,
)
from planner_gui.report.content.context import Ctx, shorten
from planner_gui.report.content.front import fabric_text
from planner_gui.report.content.networks_figure import network_drawing, network_views
from planner_gui.report.content.topology_figure import RAIL_COLORS, topology_drawing

TIER_KEYS = {"gpu-nvswitch", "gpu-nvlink", "gpu-pcie", "nic", "leaf", "spine", "core"}
MAX_LISTED = 30  # rows of cable issues listed; the count says how many there are in all
SWITCH_TIER_NAMES = {1: "leaf", 2: "spine", 3: "core"}


def network(ctx: Ctx) -> list[Block]:
    t, topo = ctx.t, ctx.analysis.topology
    if topo is None:
        return []
    blocks: list[Block] = [Heading(t("sec.network"), 1, "network"), Paragraph(_intro(ctx, topo))]
    names = {0: t("net.tier.servers"), **{lvl: tier_name(ctx, key) for lvl, key in SWITCH_TIER_NAMES.items()}}
    drawing = topology_drawing(topo, names)
    if drawing is not None:
        legend = tuple(
            (RAIL_COLORS[i % len(RAIL_COLORS)], t("net.rail", index=i))
            for i in range(min(topo.rails.nic_indices, len(RAIL_COLORS)))
        )
        blocks.append(Figure(drawing, t("net.figure_caption"), drawing.height / drawing.width, legend))
    failures = _failure_rows(ctx, topo)
    blocks += [
        _tiers_table(ctx, topo),
        KeyValues(tuple(_key_figures(ctx, topo) + failures), t("net.key_title")),
    ]
    if failures:
        blocks.append(Paragraph(t("net.failure_note")))
    blocks += _ports_table(ctx, topo)
    blocks += _cable_issues(ctx, topo)
    blocks += _other_networks(ctx)
    return blocks


def _other_networks(ctx: Ctx) -> list[Block]:
    """One diagram per network besides the compute fabric (storage, in-band, out-of-band)."""
    t = ctx.t
    blocks: list[Block] = []
    for view in network_views(ctx):
        drawing = network_drawing(ctx, view)
        blocks += [Heading(t(f"othnet.{view.network}"), 2, f"network-{view.network}"),
                   Paragraph(t(f"othnet.{view.network}.intro", links=t.int(view.total_links))),
                   Figure(drawing, "", drawing.height / drawing.width)]
    return blocks


def tier_name(ctx: Ctx, key: str) -> str:
    return ctx.t(f"tier.{key}") if key in TIER_KEYS else key


def ratio(ctx: Ctx, value: float | None) -> str:
    return "—" if value is None else f"{ctx.t.fixed(value, 2)}:1"


def _intro(ctx: Ctx, topo: Any) -> str:
    t = ctx.t
    if topo.servers <= 1 or topo.fabric_switches == 0:
        return (t("net.intro_one") if topo.servers == 1 else
                t("net.intro_single", servers=t.int(topo.servers)))
    return t(
        "net.intro",
        fabric=fabric_text(ctx),
        switches=t.int(topo.fabric_switches),
        links=t.int(topo.fabric_links),
        servers=t.int(topo.servers),
    )


def _tiers_table(ctx: Ctx, topo: Any) -> Table:
    t = ctx.t
    columns = (
        Column(t("net.col.tier"), weight=1.4),
        Column(t("net.col.devices"), ColumnKind.NUMBER),
        Column(t("net.col.down"), ColumnKind.NUMBER),
        Column(t("net.col.up"), ColumnKind.NUMBER),
        Column(t("net.col.oversub_worst"), ColumnKind.NUMBER),
        Column(t("net.col.oversub_typical"), ColumnKind.NUMBER),
    )
    rows = tuple(
        (
            tier_name(ctx, tier.name),
            t.int(tier.devices),
            t.gbps(tier.down_gbps) if tier.down_gbps else "—",
            t.gbps(tier.up_gbps) if tier.up_gbps else "—",
            ratio(ctx, tier.oversubscription_worst),
            ratio(ctx, tier.oversubscription_typical),
        )
        for tier in topo.tiers
    )
    return Table(columns, rows, t("net.tiers_title"), note=t("net.tiers_note"))


def _key_figures(ctx: Ctx, topo: Any) -> list[tuple[str, str]]:
    t = ctx.t
    rows = [
        (
            t("net.bisection"),
            t("net.bisection_value", bw=t.gbps(topo.bisection_gbps), share=t.pct(topo.bisection_fraction)),
        ),
        (
            t("net.collective_oversub"),
            ratio(ctx, topo.collective_oversubscription)
            + (
                t("net.at", where=shorten(topo.collective_oversubscription_at, 40))
                if topo.collective_oversubscription_at
                else ""
            ),
        ),
        *_link_load(ctx),
        (
            t("net.hops"),
            t(
                "net.hops_value",
                max=t.int(topo.hops.max_switch_hops),
                mean=t.fixed(topo.hops.mean_switch_hops, 2),
            ),
        ),
        (t("net.rails"), _rails_text(ctx, topo)),
        (
            t("net.components"),
            t(
                "net.components_value",
                groups=t.int(topo.server_components),
                largest=t.int(topo.largest_component_servers),
            ),
        ),
        (
            t("net.spof"),
            t("net.spof_value", switches=t.int(topo.spof_switch_count), links=t.int(topo.spof_link_count)),
        ),
        (t("net.unconnected"), t.int(topo.unconnected_nic_count)),
        (t("net.mismatch"), t.int(topo.speed_mismatch_count)),
        (t("net.cable_issues"), t.int(topo.cable_issue_count)),
    ]
    if topo.median_compute_cable_m is not None:
        rows.append((t("net.median_cable"), f"{t.num(topo.median_compute_cable_m, trim=True)} m"))
    return rows


def _link_load(ctx: Ctx) -> list[tuple[str, str]]:
    """The busiest link of each fabric tier in the headline AllReduce (engine/topology/utilisation.py)."""
    loads = getattr(ctx.analysis, "link_utilisation", None)
    if loads is None:
        return []
    parts = [ctx.t(f"net.load.{tier}", pct=ctx.t.pct(row["max"], 0))
             for tier, row in loads.summary().items() if row["links"] and row["max"] is not None]
    separator = "，" if ctx.t.zh else ", "
    return [(ctx.t("net.link_load"), separator.join(parts))] if parts else []


def _rails_text(ctx: Ctx, topo: Any) -> str:
    t, rails = ctx.t, topo.rails
    style = t(f"rail.{rails.style}")
    if rails.off_rail_count:
        return t("net.rails_off", style=style, count=t.int(rails.off_rail_count))
    return t("net.rails_value", style=style, indices=t.int(rails.nic_indices))


def _ports_table(ctx: Ctx, topo: Any) -> list[Block]:
    """Switch ports used and free, per tier (the per-switch list is in the design file)."""
    t = ctx.t
    sums: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])
    table = topo.switches
    for tier, ports, used in zip(table.tiers, table.ports, table.used, strict=True):
        row = sums[int(tier)]
        row[0], row[1], row[2] = row[0] + 1, row[1] + int(ports), row[2] + int(used)
    if not sums:
        return []
    columns = (
        Column(t("net.col.tier"), weight=1.6),
        Column(t("net.col.switches"), ColumnKind.NUMBER),
        Column(t("net.col.ports"), ColumnKind.NUMBER),
        Column(t("net.col.used"), ColumnKind.NUMBER),
        Column(t("net.col.free"), ColumnKind.NUMBER),
    )
    rows = tuple(
        (
            tier_name(ctx, SWITCH_TIER_NAMES.get(tier, "")) if tier > 0 else t("net.tier.other_switch"),
            t.int(n),
            t.int(ports),
            t.int(used),
            t.int(ports - used),
        )
        for tier, (n, ports, used) in sorted(sums.items(), key=lambda kv: (kv[0] < 0, kv[0]))
    )
    return [Table(columns, rows, t("net.ports_title"))]


def _failure_rows(ctx: Ctx, topo: Any) -> list[tuple[str, str]]:
    """What is left after the worst single switch and the worst single link failure."""
    t = ctx.t
    rows = []
    for key, impact in (
        ("net.worst_switch", topo.worst_switch_failure),
        ("net.worst_link", topo.worst_link_failure),
    ):
        if impact is not None:
            rows.append(
                (
                    t(key),
                    t(
                        "net.failure_value",
                        element=shorten(impact.element, 40),
                        identical=t.int(impact.identical),
                        left=t.pct(impact.remaining_fraction),
                        tier_left=t.pct(impact.tier_remaining_fraction),
                        cut=t.int(impact.servers_cut_off),
                    ),
                )
            )
    return rows


def _cable_issues(ctx: Ctx, topo: Any) -> list[Block]:
    t = ctx.t
    if not topo.cable_issues:
        return []
    columns = (
        Column(t("net.col.link"), ColumnKind.CODE),
        Column(t("net.col.rule")),
        Column(t("bom.col.medium")),
        Column(t("bom.col.speed"), ColumnKind.NUMBER),
        Column(t("bom.col.length"), ColumnKind.NUMBER),
        Column(t("net.col.limit"), ColumnKind.NUMBER),
    )
    rows = tuple(
        (
            shorten(i.link_id, 40),
            i.rule,
            t(f"medium.{i.medium}"),
            t.gbps(i.speed_gbps),
            f"{t.num(i.length_m, trim=True)} m",
            f"{t.num(i.limit_m, trim=True)} m",
        )
        for i in topo.cable_issues[:MAX_LISTED]
    )
    note = (
        t("net.more", count=t.int(topo.cable_issue_count - MAX_LISTED))
        if topo.cable_issue_count > MAX_LISTED
        else ""
    )
    return [Table(columns, rows, t("net.cable_title"), note=note)]
