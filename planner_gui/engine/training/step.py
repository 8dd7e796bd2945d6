"""Step time of a training workload on a cluster, and what it implies (throughput, MFU, days).

Composition (Calculon-style: Isaev et al., SC'23):

    t_mb   = compute + TP comm + EP all-to-all + PP send/recv + unhidden ZeRO-2/3 traffic
    t_step = (m + (p − 1)/v) · t_mb + unhidden once-per-step DP traffic + optimizer update

The (p − 1)/v · t_mb term is the pipeline bubble of the (interleaved) 1F1B schedule, so the
bubble's share of the pipeline time is (p − 1)/(v·m + p − 1) (Narayanan et al. 2021, §2.2).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from planner_gui.engine.training.comm import CommModel
from planner_gui.engine.training.compute import stage_compute
from planner_gui.engine.training.flops import (
    hardware_flops_per_token,
    model_flops_per_token,
    recompute_flops_per_token,
)
from planner_gui.engine.training.gpu import MEMORY_BW_ACHIEVABLE, GpuFacts
from planner_gui.engine.training.memory import MemoryBreakdown, local_params, memory_per_gpu, sharded_over
from planner_gui.engine.training.parallel import Layout, layout_from_workload
from planner_gui.engine.training.shape import ModelShape, shape_from_workload
from planner_gui.engine.training.traffic import (
    cp_time_per_micro_batch,
    dp_time,
    ep_time_per_micro_batch,
    pp_time_per_micro_batch,
    tp_time_per_micro_batch,
)
from planner_gui.model.messages import QT_TRANSLATE_NOOP
from planner_gui.model.settings import Precision, Recompute, Workload

SECONDS_PER_DAY = 86_400
TFLOPS = 1e12
# Adam update traffic per parameter it owns: read fp32 master, m, v (12 B) and the 16-bit gradient
# (2 B), write master, m, v (12 B) and the 16-bit weight (2 B) = 28 B [derived from the ZeRO model states].
OPTIMIZER_BYTES_TOUCHED = 28
GRAD_REDUCE_BYTES = 2  # 16-bit gradient reduction, "2 × params bytes" rule (Megatron-LM DDP)
DOMINANT_PARTS = ("compute", "tp_comm", "cp_comm", "ep_comm", "pp_comm", "dp_comm", "bubble", "optimizer")
COMM_PARTS = ("tp_comm", "cp_comm", "ep_comm", "pp_comm", "dp_comm")


@dataclass(frozen=True, slots=True)
class StepOptions:
    """Software choices the workload does not spell out; the defaults are today's Megatron/NeMo."""

    sequence_parallel: bool | None = None  # None: on whenever tp > 1 (Korthikanti et al. 2022)
    flash_attention: bool = True  # scores never stored: no 5·a·s²·b activations or traffic
    dp_overlap: bool = True  # --overlap-grad-reduce: gradient reduction hides behind the backward
    param_gather_overlap: bool | None = None  # --overlap-param-gather (ZeRO-1/2); None: as dp_overlap
    tp_comm_overlap: bool = False  # Megatron-Core --tp-comm-overlap (TE userbuffers; needs SP)
    cp_comm_overlap: bool = True  # ring attention passes K/V while attention computes
    grad_reduce_bytes: int = GRAD_REDUCE_BYTES
    uneven_stages: bool = True  # place layers that pp·vpp does not divide (stages.py); False refuses them
    first_stage_layers: int | None = None  # Megatron --decoder-first-pipeline-num-layers
    last_stage_layers: int | None = None  # Megatron --decoder-last-pipeline-num-layers
    fsdp_shard_group: int | None = None  # ZeRO-3 shard group (HSDP); None: shard over the whole DP group
    # Selective recompute by operator (torchtitan's "op" policy re-runs every second matmul: 0.5, plus the
    # element-wise kernels, and keeps attention); 0: Megatron's attention-core recompute (Korthikanti 2022)
    recompute_matmul_share: float = 0.0
    # Full recompute of only this many layers per stage (Megatron --recompute-method block
    # --recompute-num-layers); None: every layer. Read only when the workload's recompute is "full".
    full_recompute_layers: int | None = None
    # Element-wise kernels fused (Megatron/Transformer Engine, torch.compile) or run op by op (eager PyTorch)
    fused_elementwise: bool = True


DEFAULT_OPTIONS = StepOptions()


@dataclass(frozen=True, slots=True)
class TrainingEstimate:
    step_time_s: float
    tokens_per_s: float
    tflops_per_gpu_model: float
    tflops_per_gpu_hardware: float
    mfu: float
    hfu: float
    memory_per_gpu_gb: float
    fits: bool
    tokens_per_day: float
    days_to_train: float
    dominant: str
    gpus: int
    memory: MemoryBreakdown
    breakdown: Mapping[str, float] = field(hash=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "step_time_s": self.step_time_s, "tokens_per_s": self.tokens_per_s,
            "tflops_per_gpu_model": self.tflops_per_gpu_model,
            "tflops_per_gpu_hardware": self.tflops_per_gpu_hardware, "mfu": self.mfu, "hfu": self.hfu,
            "memory_per_gpu_gb": self.memory_per_gpu_gb, "fits": self.fits,
            "tokens_per_day": self.tokens_per_day, "days_to_train": self.days_to_train,
            "dominant": self.dominant, "gpus": self.gpus, "memory": self.memory.to_json(),
            "breakdown": dict(self.breakdown),
        }


def estimate_training(workload: Workload, gpu: GpuFacts, comm: CommModel, gpus: int | None = None,
                      gpus_per_node: int = 8, shape: ModelShape | None = None,
                      options: StepOptions = DEFAULT_OPTIONS) -> TrainingEstimate:
    """Estimate one training step of ``workload`` on ``gpus`` GPUs (default tp·pp·dp)."""
    shape = shape or shape_from_workload(workload)
    layout = layout_from_workload(workload, shape, gpus, gpus_per_node, options.uneven_stages,
                                  (options.first_stage_layers, options.last_stage_layers))
    return estimate_layout(shape, layout, workload, gpu, comm, options)


def estimate_layout(shape: ModelShape, layout: Layout, workload: Workload, gpu: GpuFacts, comm: CommModel,
                    options: StepOptions = DEFAULT_OPTIONS) -> TrainingEstimate:
    precision, recompute = _software_choices(workload)
    peak = gpu.peak_tflops(precision)
    share = _full_recompute_share(shape, layout, recompute, options.full_recompute_layers)
    if share < 1.0:  # Megatron's block method: the first N layers of each stage recompute, the rest store
        none = _step_parts(shape, layout, workload, gpu, comm, options, precision, Recompute.NONE)
        full = _step_parts(shape, layout, workload, gpu, comm, options, precision, Recompute.FULL)
        parts = {k: (1 - share) * none[0][k] + share * full[0][k] for k in none[0]}
        dp_total = (1 - share) * none[1] + share * full[1]
        activations = (1 - share) * none[2].activations_gb + share * full[2].activations_gb
        memory = dataclasses.replace(full[2], activations_gb=activations,
                                     buffers_gb=max(none[2].buffers_gb, full[2].buffers_gb))
        hardware = model_flops_per_token(shape) + share * recompute_flops_per_token(shape, Recompute.FULL)
    else:
        parts, dp_total, memory = _step_parts(shape, layout, workload, gpu, comm, options, precision, recompute)
        hardware = hardware_flops_per_token(shape, recompute, options.recompute_matmul_share)
    return _summarise(shape, layout, workload, sum(parts.values()), parts, dp_total, memory, peak, hardware)


def _full_recompute_share(shape: ModelShape, layout: Layout, recompute: Recompute, blocks: int | None) -> float:
    """Share of each stage's layers that full recompute re-runs (``--recompute-num-layers`` of the block method)."""
    if recompute != Recompute.FULL or blocks is None:
        return 1.0
    per_stage = max(layout.stage_layers) if layout.stage_layers else shape.layers / (layout.pp * layout.vpp)
    return min(1.0, max(0, blocks) / max(1.0, per_stage))


def _step_parts(shape: ModelShape, layout: Layout, workload: Workload, gpu: GpuFacts, comm: CommModel,
                options: StepOptions, precision: Precision, recompute: Recompute,
                ) -> tuple[dict[str, float], float, MemoryBreakdown]:
    """Seconds per step by part, all DP traffic (hidden or not) and the memory of the fullest GPU."""
    sp = layout.tp > 1 if options.sequence_parallel is None else options.sequence_parallel
    stage = stage_compute(shape, gpu, precision, recompute, layout, options.flash_attention,
                          options.recompute_matmul_share, options.fused_elementwise)
    tp = tp_time_per_micro_batch(shape, layout, recompute, sp, comm,
                                 stage.linear_forward_s if options.tp_comm_overlap else None)
    cp = cp_time_per_micro_batch(shape, layout, recompute, comm, stage.attention_s, options.cp_comm_overlap)
    ep = ep_time_per_micro_batch(shape, layout, recompute, comm)
    pp = pp_time_per_micro_batch(shape, layout, comm)
    dp = dp_time(shape, layout, workload.zero_stage, recompute, stage, comm, options.dp_overlap,
                 options.grad_reduce_bytes, options.fsdp_shard_group, options.param_gather_overlap)
    t_mb = stage.total_s + tp + cp + ep + pp + dp.per_micro_batch_exposed_s
    m = layout.micro_batches
    bubble = (layout.pp - 1) / layout.vpp * t_mb
    optimizer = _optimizer_time(shape, layout, workload.zero_stage, gpu, options.fsdp_shard_group)
    parts = {
        "compute": m * stage.total_s, "tp_comm": m * tp, "cp_comm": m * cp, "ep_comm": m * ep, "pp_comm": m * pp,
        "dp_comm": m * dp.per_micro_batch_exposed_s + dp.per_step_exposed_s, "bubble": bubble,
        "optimizer": optimizer,
    }
    memory = memory_per_gpu(shape, layout, workload.zero_stage, recompute, gpu.memory_gb, sp,
                            options.flash_attention, options.fsdp_shard_group)
    return parts, dp.total_s, memory


def _summarise(shape: ModelShape, layout: Layout, workload: Workload, step: float, parts: dict[str, float],
               dp_total: float, memory: MemoryBreakdown, peak: float, hardware_per_token: float) -> TrainingEstimate:
    tokens = layout.global_batch * shape.seq_len
    tokens_per_s = tokens / step
    model_tflops = model_flops_per_token(shape) * tokens_per_s / layout.gpus / TFLOPS
    hardware_tflops = hardware_per_token * tokens_per_s / layout.gpus / TFLOPS
    breakdown = {f"{name}_s": value for name, value in parts.items()}
    breakdown["dp_comm_total_s"] = dp_total
    breakdown["bubble_fraction"] = parts["bubble"] / step
    breakdown["comm_exposed_s"] = sum(parts[k] for k in COMM_PARTS)
    tokens_per_day = tokens_per_s * SECONDS_PER_DAY
    return TrainingEstimate(
        step_time_s=step, tokens_per_s=tokens_per_s, tflops_per_gpu_model=model_tflops,
        tflops_per_gpu_hardware=hardware_tflops, mfu=model_tflops / peak, hfu=hardware_tflops / peak,
        memory_per_gpu_gb=memory.total_gb, fits=memory.fits, tokens_per_day=tokens_per_day,
        days_to_train=workload.train_tokens / tokens_per_day, dominant=max(DOMINANT_PARTS, key=parts.__getitem__),
        gpus=layout.gpus, memory=memory, breakdown=breakdown,
    )


def _software_choices(workload: Workload) -> tuple[Precision, Recompute]:
    """Precision and recompute as enums, or a ValueError listing the accepted values."""
    choices = []
    for name, enum in (("precision", Precision), ("recompute", Recompute)):
        value = getattr(workload, name)
        try:
            choices.append(enum(value))
        except ValueError:
            allowed = ", ".join(str(member) for member in enum)
            raise ValueError(QT_TRANSLATE_NOOP("Engine", "workload {name} {value!r} is not one of {allowed}; pick one "
                                                         "of those").fill(name=name, value=value, allowed=allowed)
                             ) from None
    if workload.zero_stage not in (0, 1, 2, 3):
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "workload zero_stage {stage!r} is not 0, 1, 2 or 3; pick one of "
                                                     "those").fill(stage=workload.zero_stage))
    if not workload.train_tokens > 0:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "workload train_tokens {tokens!r} must be positive; set the "
                                                     "dataset size").fill(tokens=workload.train_tokens))
    return choices[0], choices[1]


def _optimizer_time(shape: ModelShape, layout: Layout, zero_stage: int, gpu: GpuFacts,
                    shard: int | None = None) -> float:
    """Adam update of the parameters this GPU owns (sharded over DP from ZeRO stage 1 on; with HSDP over
    the ``shard`` group only, so every replica updates its own copy of its 1/shard, as memory.py counts)."""
    dense, expert = local_params(shape, layout)
    if zero_stage >= 1:
        dense, expert = dense / sharded_over(layout, "dp", shard), expert / sharded_over(layout, "edp", shard)
    return (dense + expert) * OPTIMIZER_BYTES_TOUCHED / (gpu.memory_bytes_per_s * MEMORY_BW_ACHIEVABLE)
