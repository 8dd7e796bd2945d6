"""The acceptance plan's last step: an end-to-end Llama-2-7B run, with the speed the model expects.

The idc10000.net cluster guides (2026) ask for "an end-to-end small-model (LLaMA-7B) run" after the
bandwidth tests. It runs on every GPU of the largest connected job: tensor parallel inside a server
(at most 8, a divisor of the 32 heads), data parallel across servers, ZeRO-1, BF16.
"""

from __future__ import annotations

from typing import Any

from planner_gui.engine import (
    comm_model_from_profile,
    estimate_training,
    find_preset,
    gpu_facts_from_catalog,
    workload_for_preset,
)
from planner_gui.report.content.blocks import Block, Heading, KeyValues, Paragraph, TextStyle
from planner_gui.report.content.context import Ctx
from planner_gui.report.content.training import memory_row

SMALL_MODEL = "Llama-2-7B"  # the acceptance model of the idc10000.net cluster guides (2026)
MAX_TP = 8  # tensor parallelism stays inside one NVLink domain (8 GPUs on the catalog's servers)
SEQUENCES_PER_REPLICA = 16  # global batch = 16 sequences per data-parallel replica: a short, steady run
RUN_STEPS = 100  # long enough for a stable tokens/s after warm-up
# docs/models/training.md, fidelity: median |error| 4.3 %, worst 23.4 % over 24 published runs. A run
# below 75 % of the prediction is outside the model's error and points at the cluster, not the model.
SMALL_MODEL_PASS = 0.75


def small_model_run(ctx: Ctx) -> list[Block]:
    t = ctx.t
    estimate = _estimate(ctx)
    if estimate is None:
        return []
    est, workload = estimate
    rows = (
        (
            t("dep.e2e.layout"),
            t(
                "dep.e2e.layout_value",
                tp=workload.tp,
                dp=workload.dp,
                batch=t.int(workload.global_batch),
                seq=t.int(workload.seq_len),
            ),
        ),
        (t("train.step_time"), t.seconds(est.step_time_s)),
        (t("train.tokens_s"), t.tokens(est.tokens_per_s)),
        (t("train.mfu"), t.pct(est.mfu)),
        memory_row(t, est),
        (
            t("dep.col.pass"),
            t(
                "dep.e2e.pass",
                tokens=t.tokens(est.tokens_per_s * SMALL_MODEL_PASS),
                share=t.pct(SMALL_MODEL_PASS, 0),
            ),
        ),
    )
    command = (
        f"torchrun --nnodes {ctx.analysis.profile.nodes} --nproc-per-node "  # type: ignore[union-attr]
        f"{ctx.analysis.profile.gpus_per_node} pretrain_gpt.py "  # type: ignore[union-attr]
        f"--tensor-model-parallel-size {workload.tp} --pipeline-model-parallel-size 1 --num-layers 32 "
        f"--hidden-size 4096 --num-attention-heads 32 --seq-length {workload.seq_len} "
        f"--micro-batch-size 1 --global-batch-size {workload.global_batch} --bf16 --train-iters {RUN_STEPS}"
    )
    return [
        Heading(t("dep.step3"), 3, "deployment-e2e"),
        Paragraph(t("dep.e2e.intro", model=SMALL_MODEL, steps=t.int(RUN_STEPS))),
        Paragraph(command, TextStyle.CODE),
        KeyValues(rows),
    ]


def _estimate(ctx: Ctx) -> tuple[Any, Any] | None:
    profile, server = ctx.analysis.profile, ctx.main_server()
    preset = find_preset(SMALL_MODEL)
    if profile is None or server is None or preset is None:
        return None
    tp = _tensor_parallel(profile.gpus_per_node, preset.shape.heads)
    dp = max(profile.ranks // tp, 1)
    workload = workload_for_preset(
        preset, tp=tp, dp=dp, pp=1, global_batch=dp * SEQUENCES_PER_REPLICA, micro_batch=1, zero_stage=1
    )
    try:
        gpu = gpu_facts_from_catalog(ctx.catalog, server.id)
        est = estimate_training(
            workload, gpu, comm_model_from_profile(profile), gpus=tp * dp, gpus_per_node=profile.gpus_per_node
        )
    except (ValueError, KeyError):
        return None  # an unusual layout the estimate refuses: the step is still described by the plan
    return est, workload


def _tensor_parallel(gpus_per_node: int, heads: int) -> int:
    tp = 1
    while tp * 2 <= min(gpus_per_node, MAX_TP) and heads % (tp * 2) == 0 and gpus_per_node % (tp * 2) == 0:
        tp *= 2
    return tp
