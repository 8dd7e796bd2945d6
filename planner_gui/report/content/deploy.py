"""Deployment: the NCCL environment with reasons, and the acceptance test plan.

The plan has three steps, as the idc10000.net cluster guides (2026) list them: a per-GPU PCIe
bandwidthTest, nccl-tests across the nodes with the bus bandwidth the model expects and a pass
threshold for each size, and an end-to-end run of a small model (Llama-2-7B) with its expected speed.
"""

from __future__ import annotations

from typing import Any

from planner_gui.engine import (
    BANDWIDTH_BOUND_BYTES,
    MODEL_P90_ERROR_LARGE,
    MODEL_P90_ERROR_MEDIUM,
    MODEL_P90_ERROR_SMALL,
    PASS_LARGE,
    PASS_LARGE_ALLTOALL,
    PASS_MEDIUM,
    ROCE_QOS_CHECKLIST,
    SEED_64MB_BYTES,
    SEED_BAD_64MB_MS,
    SMALL_TIME_FACTOR,
    export_line,
    predict,
)
from planner_gui.report.content.blocks import (
    Block,
    Bullets,
    Column,
    ColumnKind,
    Heading,
    Paragraph,
    Table,
    TextStyle,
)
from planner_gui.report.content.collectives import OP_NAMES
from planner_gui.report.content.context import Ctx
from planner_gui.report.content.small_model import small_model_run
from planner_gui.report.content.strings_deploy import nccl_ask_in, nccl_reason_in, nccl_verify_in, qos_step_in

PCIE_GEN4_X16_GBS = 32.0  # per direction (PCI-SIG PCIe 4.0: 16 GT/s x 16 lanes); each generation doubles
PCIE_GEN4 = 4
BANDWIDTHTEST_EFFICIENCY = (
    0.8  # pinned copies reach ~0.8 x PCIe peak (SimAI, NSDI'25, uses 0.8 x peak)
)
US_PER_MS = 1e3


def deployment(ctx: Ctx) -> list[Block]:
    t = ctx.t
    blocks: list[Block] = [Heading(t("sec.deploy"), 1, "deployment")]
    blocks += _nccl_env(ctx)
    blocks += _acceptance(ctx)
    blocks += small_model_run(ctx)
    return blocks if len(blocks) > 1 else []


def _nccl_env(ctx: Ctx) -> list[Block]:
    t, settings = ctx.t, ctx.analysis.nccl_env
    if not settings:
        return []
    columns = (
        Column(t("dep.col.variable"), ColumnKind.CODE, 1.4),
        Column(t("dep.col.value"), ColumnKind.CODE, 1.2),
        Column(t("dep.col.reason"), weight=2.6),
        Column(t("dep.col.verify"), weight=2.0),
    )
    rows = tuple((s.name, s.value or t("dep.site" if s.is_site else "dep.unset"), nccl_reason_in(s, t.zh),
                  nccl_verify_in(s, t.zh)) for s in settings)
    blocks: list[Block] = [Heading(t("dep.env_title"), 2, "deployment-env"), Paragraph(t("dep.env_intro"))]
    if any(s.is_site for s in settings):
        blocks.append(Paragraph(t("dep.site_intro")))
    blocks += [Table(columns, rows), Paragraph(t("dep.exports")), Paragraph(exports_text(settings, t), TextStyle.CODE)]
    if any(s.name == "NCCL_IB_TC" for s in settings):
        blocks += _qos(ctx)
    return blocks


def exports_text(settings: Any, t: Any) -> str:
    """The engine's ``export`` lines, with the comments in the proposal's language."""
    lines = []
    for s in settings:
        if s.is_site:
            lines.append(f"# export {s.name}={nccl_ask_in(s, t.zh)}")
        else:
            lines.append(export_line(s, t("dep.unset_line", name="{name}")))
    return "\n".join(lines)


def _qos(ctx: Ctx) -> list[Block]:
    t = ctx.t
    items = []
    for step in ROCE_QOS_CHECKLIST:
        action, verify = qos_step_in(step, t.zh)
        items.append(t("dep.qos.item", where=t(f"dep.qos.{step.where}"), action=action, verify=verify))
    return [Heading(t("dep.qos_title"), 3, "deployment-roce-qos"), Paragraph(t("dep.qos_intro")), Bullets(tuple(items))]


def _acceptance(ctx: Ctx) -> list[Block]:
    t, plan, profile = ctx.t, ctx.analysis.acceptance, ctx.analysis.profile
    if plan is None or profile is None:
        return []
    blocks: list[Block] = [
        Heading(t("dep.acceptance_title"), 2, "deployment-acceptance"),
        Paragraph(t("dep.acceptance_intro", gpus=t.int(plan.gpus), nodes=t.int(plan.nodes))),
    ]
    blocks += _gpu_step(ctx, profile)
    blocks += [
        Heading(t("dep.step2"), 3, "deployment-nccl-tests"),
        Paragraph(t("dep.step2_intro")),
        Paragraph("\n\n".join(plan.commands), TextStyle.CODE),
        _rows_table(ctx, plan.rows, t("dep.expected_title")),
    ]
    if plan.network_rows:
        blocks.append(_rows_table(ctx, plan.network_rows, t("dep.network_title")))
    blocks.append(Bullets(_thresholds(ctx)))
    blocks.append(Paragraph(_seed_note(ctx, profile), TextStyle.SMALL))
    return blocks


def _gpu_step(ctx: Ctx, profile: Any) -> list[Block]:
    t = ctx.t
    peak = PCIE_GEN4_X16_GBS * 2.0 ** (profile.pcie_gen - PCIE_GEN4)
    expected = peak * BANDWIDTHTEST_EFFICIENCY
    return [
        Heading(t("dep.step1"), 3, "deployment-gpu"),
        Paragraph(
            t(
                "dep.step1_text",
                gen=profile.pcie_gen,
                peak=t.gbs(peak),
                expected=t.gbs(expected),
                threshold=t.gbs(expected * PASS_LARGE),
            )
        ),
        Paragraph(
            "nvidia-smi topo -m\n./bandwidthTest --memory=pinned --mode=shmoo --device=all", TextStyle.CODE
        ),
    ]


def _rows_table(ctx: Ctx, rows: tuple[Any, ...], title: str) -> Table:
    t = ctx.t
    columns = (
        Column(t("dep.col.test"), ColumnKind.CODE, 1.4),
        Column(t("coll.col.size"), ColumnKind.NUMBER, 0.8),
        Column(t("dep.col.busbw"), ColumnKind.NUMBER),
        Column(t("dep.col.time"), ColumnKind.NUMBER),
        Column(t("dep.col.pass"), weight=1.5),
        Column(t("coll.col.algo"), weight=1.1),
    )
    body = tuple(
        (
            r.test,
            t.bytes(r.bytes),
            t.gbs(r.predicted_busbw_gbs),
            t.time_us(r.predicted_time_us),
            _pass_text(ctx, r),
            f"{r.algorithm} / {r.protocol}",
        )
        for r in rows
    )
    return Table(columns, body, title)


def _pass_text(ctx: Ctx, row: Any) -> str:
    t = ctx.t
    if row.pass_min_busbw_gbs is not None:
        return t("dep.pass_busbw", busbw=t.gbs(row.pass_min_busbw_gbs))
    return t("dep.pass_time", time=t.time_us(row.pass_max_time_us))


def _thresholds(ctx: Ctx) -> tuple[str, ...]:
    t = ctx.t
    return (
        t(
            "dep.th.large",
            size=t.bytes(BANDWIDTH_BOUND_BYTES),
            share=t.pct(PASS_LARGE, 0),
            alltoall=t.pct(PASS_LARGE_ALLTOALL, 0),
            op=OP_NAMES["alltoall"],
            band=t.pct(MODEL_P90_ERROR_LARGE, 1),
        ),
        t("dep.th.medium", share=t.pct(PASS_MEDIUM, 0), band=t.pct(MODEL_P90_ERROR_MEDIUM, 1)),
        t("dep.th.small", factor=t.num(SMALL_TIME_FACTOR, trim=True), band=t.pct(MODEL_P90_ERROR_SMALL, 0)),
        t("dep.th.ring"),
    )


def _seed_note(ctx: Ctx, profile: Any) -> str:
    t = ctx.t
    result = predict(profile, "allreduce", SEED_64MB_BYTES)
    ms = result.time_us / US_PER_MS
    return t(
        "dep.seed_note",
        limit=t.num(SEED_BAD_64MB_MS, trim=True),
        time=t.num(ms),
        factor=t.num(SEED_BAD_64MB_MS / ms),
    )
