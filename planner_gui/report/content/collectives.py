"""Collective performance: busbw curves as NCCL would run them, and a table at the sizes that matter."""

from __future__ import annotations

import math
from typing import Any

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
from planner_gui.report.content.context import Ctx

OPS = ("allreduce", "allgather", "reducescatter", "alltoall")  # engine/analysis_results.CURVE_OPS, in order
OP_NAMES = {
    "allreduce": "AllReduce",
    "allgather": "AllGather",
    "reducescatter": "ReduceScatter",
    "alltoall": "AllToAll",
}  # NCCL's names; Chinese engineers use them as they are
OP_COLORS = {
    "allreduce": "#1f4e79",
    "allgather": "#e07b39",
    "reducescatter": "#3a8f5c",
    "alltoall": "#b0413e",
}
OP_DASH = {"reducescatter": "dot", "alltoall": "dash"}  # AllGather and ReduceScatter often coincide
TABLE_SIZES = (8, 2**20, 2**26, 2**30, 2**33)  # 8 B, 1 MiB, 64 MiB, 1 GiB, 8 GiB (the table)
X_TICKS = (8, 2**8, 2**13, 2**18, 2**23, 2**28, 2**33)  # every fifth doubling from 8 B
X_RANGE = (8, 2**34)  # 8 B .. 16 GiB, the nccl-tests sweep the curves cover


def collectives(ctx: Ctx) -> list[Block]:
    t, section = ctx.t, ctx.analysis.collectives
    if section is None:
        return []
    profile = section.profile
    if profile.ranks <= 1:
        return [Heading(t("sec.collectives"), 1, "collectives"), Paragraph(t("coll.single"))]
    blocks: list[Block] = [
        Heading(t("sec.collectives"), 1, "collectives"),
        Paragraph(
            t(
                "coll.intro",
                ranks=t.int(profile.ranks),
                nodes=t.int(profile.nodes),
                per_node=t.int(profile.gpus_per_node),
            )
        ),
        KeyValues(tuple(_profile_rows(ctx, profile)), t("coll.profile_title")),
        Figure(_chart(ctx, section.curves), t("coll.figure_caption"), 0.58),
        _table(ctx, section),
    ]
    blocks.append(Paragraph(t("coll.note")))
    return blocks


def _profile_rows(ctx: Ctx, profile: Any) -> list[tuple[str, str]]:
    t = ctx.t
    rows = [
        (t("coll.gpu"), f"{profile.gpu_name}"),
        (
            t("coll.intra"),
            t(f"intra.{profile.intra}")
            + (f", {t.gbs(profile.nvlink_bidir_gbs)}" if profile.intra != "pcie" else ""),
        ),
        (t("coll.pcie"), f"PCIe Gen{profile.pcie_gen}"),
    ]
    if profile.nodes > 1:
        rows += [
            (
                t("coll.nics"),
                t("fabric.nics", count=t.int(profile.nics_per_node), speed=t.gbps(profile.nic_gbps)),
            ),
            (t("coll.hops"), t.int(profile.hops)),
            (t("coll.features"), _features(ctx, profile)),
        ]
    return rows


def _features(ctx: Ctx, profile: Any) -> str:
    t = ctx.t
    flags = (
        ("gdr", profile.gdr),
        ("sharp", profile.sharp),
        ("nvls", profile.nvls),
        ("adaptive", profile.adaptive_routing),
        ("rail", profile.rail_optimized),
    )
    return ", ".join(f"{t(f'coll.flag.{name}')}: {t.yes_no(bool(value))}" for name, value in flags)


def _chart(ctx: Ctx, curves: Any) -> Chart:
    t = ctx.t
    series = []
    top = 0.0
    for op in OPS:
        points = curves.get(op, ())
        if not points:
            continue
        xs = tuple(float(p.bytes) for p in points)
        ys = tuple(float(p.busbw_GBps) if math.isfinite(p.busbw_GBps) else 0.0 for p in points)
        top = max(top, *ys)
        series.append(Series(OP_NAMES[op], xs, ys, OP_COLORS[op], OP_DASH.get(op, "")))
    y_max, y_ticks = value_axis(top, t.num)
    x_ticks = ticks(X_TICKS, t.bytes)
    return Chart(
        tuple(series),
        t("coll.x_label"),
        t("coll.y_label"),
        x_ticks,
        y_ticks,
        True,
        0.0,
        y_max,
        float(X_RANGE[0]),
        float(X_RANGE[1]),
    )


def _table(ctx: Ctx, section: Any) -> Table:
    t = ctx.t
    columns = (
        Column(t("coll.col.op")),
        Column(t("coll.col.size"), ColumnKind.NUMBER),
        Column(t("coll.col.time"), ColumnKind.NUMBER),
        Column(t("coll.col.busbw"), ColumnKind.NUMBER),
        Column(t("coll.col.algbw"), ColumnKind.NUMBER),
        Column(t("coll.col.algo"), weight=1.1),
        Column(t("coll.col.limit"), weight=2.2),
    )
    rows = []
    for op in OPS:
        for size in TABLE_SIZES:
            point = section.point(op, size)
            if point is None:
                continue
            rows.append(
                (
                    OP_NAMES[op],
                    t.bytes(size),
                    t.time_us(point.time_us),
                    t.gbs(point.busbw_GBps),
                    t.gbs(point.algbw_GBps),
                    f"{point.algorithm} / {point.protocol}",
                    bottleneck(ctx, point.bottleneck),
                )
            )
    return Table(columns, tuple(rows), t("coll.table_title"), note=t("coll.table_note"))


def bottleneck(ctx: Ctx, text: str) -> str:
    """The model's bottleneck label, with its fixed words in the report's language."""
    if not ctx.t.zh:
        return text
    for english, key in BOTTLENECK_WORDS:
        text = text.replace(english, ctx.t(key))
    return text


BOTTLENECK_WORDS = (
    ("inter-node NIC", "coll.bn.nic"),
    ("to each NIC", "coll.bn.to_nic"),
    ("between GPUs", "coll.bn.pcie"),
    ("single rank (local copy)", "coll.bn.local"),
    ("NVLink mesh", "coll.bn.mesh"),
    ("latency", "coll.bn.latency"),
)
