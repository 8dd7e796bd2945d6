"""The training estimate: memory per GPU, step time, MFU, throughput, days to target, scaling, storage."""

from __future__ import annotations

from typing import Any

from planner_gui.report.content.axes import ticks
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
from planner_gui.report.content.context import Ctx, shorten

MEMORY_PARTS = ("weights_gb", "gradients_gb", "optimizer_gb", "activations_gb", "buffers_gb", "reserve_gb")
STEP_PARTS = (
    "compute_s",
    "tp_comm_s",
    "cp_comm_s",
    "ep_comm_s",
    "pp_comm_s",
    "dp_comm_s",
    "bubble_s",
    "optimizer_s",
)
THROUGHPUT_COLOR, IDEAL_COLOR = "#1f4e79", "#9aa5b4"
PERCENT = 100.0
EFFICIENCY_TICK = 20  # gridlines every 20 % of scaling efficiency


def training(ctx: Ctx) -> list[Block]:
    t, section, workload = ctx.t, ctx.analysis.training, ctx.design.workload
    if section is None or workload is None:
        return []
    est = section.estimate
    blocks: list[Block] = [
        Heading(t("sec.training"), 1, "training"),
        Paragraph(
            t(
                "train.intro",
                model=shorten(section.model_name, 60),
                gpus=t.int(section.gpus),
                tp=workload.tp,
                pp=workload.pp,
                dp=workload.dp,
                cp=workload.cp,
                precision=str(workload.precision),
                batch=t.int(workload.global_batch),
                seq=t.int(workload.seq_len),
                zero=workload.zero_stage,
                tokens=t.tokens(workload.train_tokens),
            )
        ),
        KeyValues(tuple(_results(ctx, est)), t("train.results_title")),
        _memory_table(ctx, est.memory),
        _step_table(ctx, est),
    ]
    if len(section.scaling) >= 2:
        blocks += [
            Heading(t("train.scaling_title"), 2, "training-scaling"),
            Figure(_scaling_chart(ctx, section.scaling), t("train.scaling_caption"), 0.5),
            _scaling_table(ctx, section.scaling),
        ]
    elif section.scaling_note:
        blocks.append(Paragraph(t("train.no_scaling")))
    blocks += storage(ctx)
    return blocks


def _results(ctx: Ctx, est: Any) -> list[tuple[str, str]]:
    t = ctx.t
    return [
        (t("train.step_time"), t.seconds(est.step_time_s)),
        (t("train.tokens_s"), t.tokens(est.tokens_per_s)),
        (t("train.tokens_day"), t.tokens(est.tokens_per_day)),
        (t("train.days"), t.days(est.days_to_train)),
        (t("train.mfu"), t.pct(est.mfu)),
        (t("train.hfu"), t.pct(est.hfu)),
        (t("train.tflops"), t.num(est.tflops_per_gpu_model)),
        memory_row(t, est),
        (
            t("train.dominant"),
            t(f"train.step.{est.dominant}_s") if est.dominant + "_s" in STEP_PARTS else est.dominant,
        ),
    ]


def _memory_table(ctx: Ctx, memory: Any) -> Table:
    t = ctx.t
    total = memory.total_gb or 1.0
    columns = (
        Column(t("train.col.part"), weight=2.0),
        Column("GB", ColumnKind.NUMBER),
        Column(t("train.col.share"), ColumnKind.NUMBER),
    )
    rows = tuple(
        (t(f"train.mem.{name}"), t.num(getattr(memory, name)), t.pct(getattr(memory, name) / total))
        for name in MEMORY_PARTS
    )
    footer = (t("train.mem.total", capacity=t.num(memory.capacity_gb)), t.num(memory.total_gb), t.pct(1.0))
    return Table(columns, rows, t("train.memory_title"), footer)


def _step_table(ctx: Ctx, est: Any) -> Table:
    t = ctx.t
    step = est.step_time_s or 1.0
    columns = (
        Column(t("train.col.part"), weight=2.0),
        Column(t("train.col.seconds"), ColumnKind.NUMBER),
        Column(t("train.col.share"), ColumnKind.NUMBER),
    )
    rows = tuple(
        (
            t(f"train.step.{name}"),
            t.num(est.breakdown.get(name, 0.0)),
            t.pct(est.breakdown.get(name, 0.0) / step),
        )
        for name in STEP_PARTS
        if est.breakdown.get(name, 0.0) > 0 or name == "compute_s"
    )
    footer = (t("train.step.total"), t.num(est.step_time_s), t.pct(1.0))
    return Table(columns, rows, t("train.step_title"), footer, t("train.step_note"))


def _scaling_chart(ctx: Ctx, points: tuple[Any, ...]) -> Chart:
    """Scaling efficiency against GPUs (log scale): the ideal is a flat line at 100 %."""
    t = ctx.t
    xs = tuple(float(p.gpus) for p in points)
    ys = tuple(p.efficiency * PERCENT for p in points)
    y_ticks = ticks(range(0, int(PERCENT) + 1, EFFICIENCY_TICK), lambda v: t.pct(v / PERCENT, 0))
    x_ticks = ticks(xs, t.int)
    series = (
        Series(t("train.series.model"), xs, ys, THROUGHPUT_COLOR),
        Series(t("train.series.ideal"), xs, tuple(PERCENT for _ in xs), IDEAL_COLOR, "dash"),
    )
    return Chart(series, t("train.x_label"), t("train.y_label"), x_ticks, y_ticks, True, 0.0, PERCENT)


def _scaling_table(ctx: Ctx, points: tuple[Any, ...]) -> Table:
    t = ctx.t
    columns = (
        Column("GPU", ColumnKind.NUMBER),
        Column("DP", ColumnKind.NUMBER),
        Column(t("train.step_time"), ColumnKind.NUMBER),
        Column(t("train.tokens_s"), ColumnKind.NUMBER),
        Column("MFU", ColumnKind.NUMBER),
        Column(t("train.col.speedup"), ColumnKind.NUMBER),
        Column(t("train.col.efficiency"), ColumnKind.NUMBER),
    )
    rows = tuple(
        (
            t.int(p.gpus),
            t.int(p.dp),
            t.seconds(p.step_time_s),
            t.tokens(p.tokens_per_s),
            t.pct(p.mfu),
            f"{t.fixed(p.speedup, 2)}×",
            t.pct(p.efficiency),
        )
        for p in points
    )
    return Table(columns, rows)


def storage(ctx: Ctx) -> list[Block]:
    t, section = ctx.t, ctx.analysis.storage
    if section is None:
        return []
    est = section.estimate
    rows = (
        (t("store.source"), shorten(ctx.said(section.source), 100)),
        (
            t("store.data_rate"),
            t(
                "store.data_rate_value",
                need=t.gbs(est.data_rate_needed_gbs),
                have=t.gbs(est.data_rate_available_gbs),
            ),
        ),
        (
            t("store.checkpoint"),
            t(
                "store.checkpoint_value",
                size=t.num(est.checkpoint_size_gb),
                write=t.seconds(est.checkpoint_write_s),
                read=t.seconds(est.checkpoint_read_s),
            ),
        ),
        (
            t("store.interval"),
            t(
                "store.interval_value",
                interval=t.seconds(est.checkpoint_interval_s),
                share=t.pct(est.checkpoint_overhead),
            ),
        ),
        (
            t("store.lost"),
            t(
                "store.lost_value",
                time=t.seconds(est.lost_work_expected_s),
                hours=t.num(est.lost_gpu_hours_expected),
            ),
        ),
    )
    return [Heading(t("store.title"), 2, "training-storage"), KeyValues(rows)]


def memory_row(t: Any, est: Any) -> tuple[str, str]:
    """The "memory per GPU" line of an estimate: used of capacity, and whether it fits."""
    return (t("train.memory"), t("train.memory_value", used=t.num(est.memory_per_gpu_gb),
                                 capacity=t.num(est.memory.capacity_gb),
                                 fits=t("train.fits" if est.fits else "train.not_fits")))
