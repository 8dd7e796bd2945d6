"""Search parallel layouts for one model on one cluster and rank those that fit by step time.

Like Calculon's ``llm-optimal-execution`` (Isaev et al., SC'23; calculon-ai/calculon), but exact about what it returns:

1. every combination of tp, pp, vpp, cp, ep, micro-batch, ZeRO stage / FSDP (HSDP) and recompute is
   enumerated and checked for consistency as numpy arrays (dp = gpus / (tp·pp·cp), heads | tp, …);
2. two lower bounds are computed for all of them at once: memory ≥ model states + the fixed reserve
   (:mod:`.memory`'s ZeRO accounting, activations left out), and step time ≥ the GEMM time of the
   busiest stage × (m + (p − 1)/v) (:mod:`.compute`'s rates, element-wise work, communication and the
   output layer left out);
3. the layouts whose memory bound fits are timed with the full step model (:func:`.estimate_training`)
   in order of their time bound, until the next bound exceeds the ``top``-th best step found.

Every layout left out by step 3 has a bound, hence a step time, above the returned ones, so the list
equals what timing every layout would give. Overlap flags are not searched (turning overlap on never
slows a step in this model); they come from ``options``.
"""

from __future__ import annotations

import dataclasses
import heapq
import itertools
import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from planner_gui.engine.training.comm import CommModel
from planner_gui.engine.training.flops import BACKWARD_OVER_FORWARD, forward_flops_per_token
from planner_gui.engine.training.gpu import GpuFacts
from planner_gui.engine.training.memory import (
    CUDA_CONTEXT_GB,
    FRAGMENTATION,
    GB,
    GRAD_BYTES,
    OPTIMIZER_BYTES,
    WEIGHT_BYTES,
)
from planner_gui.engine.training.shape import ModelShape
from planner_gui.engine.training.step import DEFAULT_OPTIONS, StepOptions, TrainingEstimate, estimate_training
from planner_gui.model.messages import QT_TRANSLATE_NOOP
from planner_gui.model.settings import Precision, Recompute, Workload

TFLOPS = 1e12
HSDP = 4  # sharding code for ZeRO-3 sharded inside a server and replicated across servers
SHARDING_NAMES = {0: "zero-0", 1: "zero-1", 2: "zero-2", 3: "fsdp", HSDP: "hsdp"}
RECOMPUTES = (Recompute.NONE, Recompute.SELECTIVE, Recompute.FULL)
MAX_TIMED = 4000  # full-model evaluations per search at most (≈ 60 µs each with a warm network cache)


@dataclass(frozen=True, slots=True)
class PlanSpace:
    """The values searched for each dimension (dp follows from the GPU count)."""

    tp: tuple[int, ...] = (1, 2, 4, 8)
    pp: tuple[int, ...] = (1, 2, 4, 8, 16, 32)
    vpp: tuple[int, ...] = (1, 2, 4)
    cp: tuple[int, ...] = (1, 2, 4)
    ep: tuple[int, ...] = (1, 2, 4, 8, 16, 32, 64)
    micro_batch: tuple[int, ...] = (1, 2, 4, 8)
    sharding: tuple[int, ...] = (1, 2, 3, HSDP)
    recompute: tuple[Recompute, ...] = RECOMPUTES


@dataclass(frozen=True, slots=True)
class PlanEntry:
    tp: int
    pp: int
    vpp: int
    dp: int
    cp: int
    ep: int
    micro_batch: int
    sharding: int
    recompute: Recompute
    estimate: TrainingEstimate = field(compare=False)

    def to_json(self) -> dict[str, Any]:
        est = self.estimate
        return {"layout": {"tp": self.tp, "pp": self.pp, "vpp": self.vpp, "dp": self.dp, "cp": self.cp,
                           "ep": self.ep, "micro_batch": self.micro_batch, "sharding": SHARDING_NAMES[self.sharding],
                           "recompute": str(self.recompute)},
                "step_time_s": est.step_time_s, "tokens_per_s": est.tokens_per_s, "mfu": est.mfu,
                "tflops_per_gpu_model": est.tflops_per_gpu_model, "memory_per_gpu_gb": est.memory_per_gpu_gb,
                "days_to_train": est.days_to_train, "dominant": est.dominant}


@dataclass(frozen=True, slots=True)
class PlanResult:
    entries: tuple[PlanEntry, ...]  # best first
    searched: int  # consistent layouts enumerated
    memory_bound_fits: int  # of those, layouts whose memory lower bound fits
    timed: int  # layouts timed with the full step model


def plan_layouts(shape: ModelShape, gpus: int, gpus_per_node: int, global_batch: int, precision: Precision,
                 gpu: GpuFacts, comm: CommModel, options: StepOptions = DEFAULT_OPTIONS,
                 space: PlanSpace = PlanSpace(), top: int = 10, train_tokens: float = 1e12) -> PlanResult:
    """The ``top`` fastest layouts of ``shape`` on ``gpus`` GPUs that fit in memory (module docstring)."""
    if gpus < 1 or global_batch < 1 or top < 1:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "the planner needs at least one GPU, one sequence per step and "
                                                     "one result; got {gpus} GPUs, batch {batch}, top {top}").fill(
            gpus=gpus, batch=global_batch, top=top))
    grid = _consistent_grid(shape, gpus, gpus_per_node, global_batch, space)
    memory = _memory_lower_bound_gb(shape, grid, gpu.memory_gb, gpus_per_node)
    time = _time_lower_bound_s(shape, grid, gpu, precision)
    candidates = np.flatnonzero(memory <= gpu.memory_gb)
    order = candidates[np.argsort(time[candidates], kind="stable")]
    best: list[tuple[float, int, PlanEntry]] = []  # max-heap on step time via negation
    timed = 0
    for index in order[:MAX_TIMED]:
        if len(best) == top and time[index] > -best[0][0]:
            break
        entry = _timed_entry(shape, grid, int(index), gpus_per_node, global_batch, precision, gpu, comm, options,
                             train_tokens)
        timed += 1
        if entry is None or not entry.estimate.fits:
            continue
        item = (-entry.estimate.step_time_s, int(index), entry)
        if len(best) < top:
            heapq.heappush(best, item)
        elif item[0] > best[0][0]:
            heapq.heapreplace(best, item)
    entries = tuple(e for _, _, e in sorted(best, key=lambda item: (-item[0], item[1])))
    return PlanResult(entries, int(grid["tp"].size), int(candidates.size), timed)


def _consistent_grid(shape: ModelShape, gpus: int, per_node: int, batch: int, space: PlanSpace
                     ) -> dict[str, np.ndarray]:
    """Every combination of the space as arrays, keeping only the consistent ones."""
    recompute_codes = tuple(RECOMPUTES.index(r) for r in space.recompute)
    eps = space.ep if shape.is_moe else (1,)
    axes = (space.tp, space.pp, space.vpp, space.cp, eps, space.micro_batch, space.sharding, recompute_codes)
    columns = np.array(list(itertools.product(*axes)), dtype=np.int64).reshape(-1, len(axes)).T
    tp, pp, vpp, cp, ep, mb, sharding, _ = columns
    model = tp * pp * cp
    dp = np.where(gpus % model == 0, gpus // np.maximum(model, 1), 0)
    ok = (dp >= 1) & (tp <= per_node) & (shape.heads % tp == 0) & (pp * vpp <= shape.layers)
    ok &= (vpp == 1) | (pp > 1)
    ok &= (cp == 1) | (shape.seq_len % (2 * cp) == 0)
    ok &= (dp % ep == 0) & ((shape.moe_experts % ep == 0) if shape.is_moe else (ep == 1))
    safe_dp = np.maximum(dp, 1)
    ok &= batch % (mb * safe_dp) == 0
    m = batch // (mb * safe_dp)
    ok &= (vpp == 1) | (m % np.maximum(pp, 1) == 0)  # Megatron's interleaved schedule needs m divisible by p
    ok &= (sharding != HSDP) | ((dp * cp > per_node) & ((dp * cp) % per_node == 0))
    ok &= (pp == 1) | (sharding <= 1)  # pipelines run with ZeRO-1 at most (Megatron's distributed optimizer)
    keep = np.flatnonzero(ok)
    names = ("tp", "pp", "vpp", "cp", "ep", "mb", "sharding", "rc")
    grid = {name: column[keep] for name, column in zip(names, columns, strict=True)}
    grid["dp"], grid["m"] = dp[keep], m[keep]
    return grid


def _memory_lower_bound_gb(shape: ModelShape, g: dict[str, np.ndarray], capacity_gb: float,
                           per_node: int) -> np.ndarray:
    """Model states of the fullest rank's layers over its ZeRO group plus the reserve: no activations, no
    buffers, and the embedding only when there is no pipeline (with uneven stages the first rank, which
    holds it, may hold fewer layers)."""
    layers = np.ceil(shape.layers / (g["pp"] * g["vpp"])) * g["vpp"]
    layers = np.where(shape.layers % (g["pp"] * g["vpp"]) == 0, shape.layers / g["pp"], layers)
    embedding = np.where(g["pp"] == 1, shape.embedding_params, 0)
    dense_layer = shape.attention_params + shape.router_params
    expert = shape.experts_stored * shape.expert_params * layers / g["ep"] / g["tp"]
    dense = (dense_layer * layers + embedding) / g["tp"]
    if not shape.is_moe:
        dense, expert = dense + expert, np.zeros_like(dense)
    stage = np.minimum(g["sharding"], 3)
    group = g["dp"] * g["cp"]
    shard = np.where(g["sharding"] == HSDP, np.minimum(group, per_node), group)
    expert_group = np.maximum(shard // g["ep"], 1)
    states = np.zeros_like(dense, dtype=float)
    for params, over in ((dense, shard), (expert, expert_group)):
        w = np.where(stage >= 3, WEIGHT_BYTES / over, WEIGHT_BYTES)
        grad = np.where(stage >= 2, GRAD_BYTES / over, GRAD_BYTES)
        k = np.where(stage >= 1, OPTIMIZER_BYTES / over, OPTIMIZER_BYTES)
        states = states + params * (w + grad + k)
    return states / GB + CUDA_CONTEXT_GB + FRAGMENTATION * capacity_gb


def _time_lower_bound_s(shape: ModelShape, g: dict[str, np.ndarray], gpu: GpuFacts,
                        precision: Precision) -> np.ndarray:
    """GEMM time of the busiest stage per micro-batch × (m + (p − 1)/v): a bound below the step model's."""
    fwd = forward_flops_per_token(shape)
    layers = np.ceil(shape.layers / (g["pp"] * g["vpp"])) * g["vpp"]
    layers = np.where(shape.layers % (g["pp"] * g["vpp"]) == 0, shape.layers / g["pp"], layers)
    share = g["mb"] * shape.seq_len / (g["cp"] * g["tp"])
    rate_lin = gpu.peak_tflops(precision) * TFLOPS * gpu.achievable_fraction
    rate_16 = gpu.sixteen_bit_tflops() * TFLOPS * gpu.achievable_fraction
    lin = fwd.linear / shape.layers * layers * share / rate_lin
    attn = fwd.attention / shape.layers * layers * share / rate_16
    passes = (1 + BACKWARD_OVER_FORWARD) * (lin + attn)
    recompute = np.where(g["rc"] == RECOMPUTES.index(Recompute.FULL), lin + attn,
                         np.where(g["rc"] == RECOMPUTES.index(Recompute.SELECTIVE), attn, 0.0))
    return (g["m"] + (g["pp"] - 1) / g["vpp"]) * (passes + recompute)


def _timed_entry(shape: ModelShape, g: dict[str, np.ndarray], i: int, per_node: int, batch: int,
                 precision: Precision, gpu: GpuFacts, comm: CommModel, options: StepOptions,
                 train_tokens: float) -> PlanEntry | None:
    """The full step model for layout ``i`` of the grid (None when the model refuses it)."""
    sharding, recompute = int(g["sharding"][i]), RECOMPUTES[int(g["rc"][i])]
    values = {k: int(g[k][i]) for k in ("tp", "pp", "vpp", "cp", "ep", "mb", "dp")}
    workload = Workload(
        layers=shape.layers, hidden=shape.hidden, heads=shape.heads, kv_heads=shape.kv_heads,
        ffn_hidden=shape.ffn_hidden, gated_mlp=shape.gated_mlp, tied_embeddings=shape.tied_embeddings,
        vocab=shape.vocab, seq_len=shape.seq_len, global_batch=batch, micro_batch=values["mb"], precision=precision,
        tp=values["tp"], pp=values["pp"], dp=values["dp"], ep=values["ep"], cp=values["cp"], vpp=values["vpp"],
        zero_stage=min(sharding, 3), recompute=recompute, moe_experts=shape.moe_experts, moe_topk=shape.moe_topk,
        train_tokens=train_tokens)
    shard = min(per_node, values["dp"] * values["cp"]) if sharding == HSDP else None
    run = dataclasses.replace(options, fsdp_shard_group=shard)
    try:
        estimate = estimate_training(workload, gpu, comm, gpus_per_node=per_node, shape=shape, options=run)
    except ValueError:
        return None
    return PlanEntry(values["tp"], values["pp"], values["vpp"], values["dp"], values["cp"], values["ep"],
                     values["mb"], sharding, recompute, estimate)


def layouts_in(space: PlanSpace) -> int:
    """How many combinations a space holds before the consistency checks (for messages and benchmarks)."""
    return math.prod(len(getattr(space, f.name)) for f in dataclasses.fields(space))
