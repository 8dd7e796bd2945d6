"""Search parallel layouts for one model on one cluster and rank those that fit by step time.

Like Calculon's ``llm-optimal-execution`` (Isaev et al., SC'23; calculon-ai/calculon), but exact about what it returns:

1. every combination of tp, pp, vpp, cp, ep, micro-batch, ZeRO stage / FSDP (HSDP), recompute and the
   overlap options the framework offers (TP comm overlap, DP grad-reduce/param-gather overlap) is
   enumerated and checked for consistency as numpy arrays (dp = gpus / (tp·pp·cp), heads | tp, …);
2. two lower bounds are computed for all of them at once: memory ≥ model states + the fixed reserve
   (:mod:`.memory`'s ZeRO accounting, activations left out), and step time ≥ the GEMM time of the
   busiest stage × (m + (p − 1)/v) (:mod:`.compute`'s rates, element-wise work, communication and the
   output layer left out);
3. the layouts whose memory bound fits are timed with the full step model (:func:`.estimate_training`)
   in order of their time bound, until the next bound exceeds the ``top``-th best step found.

Every layout left out by step 3 has a bound, hence a step time, above the returned ones, so the list
equals what timing every layout would give. The overlap axes hold what the framework can do
(``PlanSpace.tp_comm_overlap`` / ``dp_overlap``): Megatron-Core's TP overlap needs Transformer Engine
userbuffers, so it is searched only when the caller allows it; a layout where an option changes nothing
(TP overlap at tp = 1, DP overlap without data parallelism) is kept once, with the option off.
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
    tp_comm_overlap: tuple[bool, ...] = (False,)  # (False, True): the framework may overlap TP traffic
    dp_overlap: tuple[bool, ...] = (True,)  # Megatron's --overlap-grad-reduce / --overlap-param-gather


DEFAULT_SPACE = PlanSpace()


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
    tp_comm_overlap: bool = False
    dp_overlap: bool = True

    def workload(self, shape: ModelShape, global_batch: int, precision: Precision, train_tokens: float,
                 model_name: str = "custom") -> Workload:
        """The layout as a design workload (what the step model timed; HSDP's shard group is an option)."""
        values = {"tp": self.tp, "pp": self.pp, "vpp": self.vpp, "cp": self.cp, "ep": self.ep,
                  "mb": self.micro_batch, "dp": self.dp}
        return _workload(shape, values, self.sharding, self.recompute, global_batch, precision, train_tokens,
                         model_name)

    def options(self, base: StepOptions, gpus_per_node: int) -> StepOptions:
        """``base`` with this layout's overlap choices and, for HSDP, its shard group (one server)."""
        shard = min(gpus_per_node, self.dp * self.cp) if self.sharding == HSDP else None
        return dataclasses.replace(base, fsdp_shard_group=shard, tp_comm_overlap=self.tp_comm_overlap,
                                   dp_overlap=self.dp_overlap)

    def to_json(self) -> dict[str, Any]:
        est = self.estimate
        return {"layout": {"tp": self.tp, "pp": self.pp, "vpp": self.vpp, "dp": self.dp, "cp": self.cp,
                           "ep": self.ep, "micro_batch": self.micro_batch, "sharding": SHARDING_NAMES[self.sharding],
                           "recompute": str(self.recompute), "tp_comm_overlap": self.tp_comm_overlap,
                           "dp_overlap": self.dp_overlap},
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


@dataclass(frozen=True, slots=True)
class PlanBounds:
    """What the vectorised bounds alone say about a cluster size, before any layout is timed."""

    consistent: int  # layouts that divide the cluster and the batch
    memory_fits: int  # of those, layouts whose model states fit
    step_lower_bound_s: float  # fastest step any memory-fitting layout could reach (inf: none fits)


def plan_bounds(shape: ModelShape, gpus: int, gpus_per_node: int, global_batch: int, precision: Precision,
                gpu: GpuFacts, space: PlanSpace = PlanSpace()) -> PlanBounds:
    """The bounds of :func:`plan_layouts` for a whole cluster size at once (no collective model)."""
    grid = _consistent_grid(shape, gpus, gpus_per_node, global_batch, space)
    fits = _memory_lower_bound_gb(shape, grid, gpu.memory_gb, gpus_per_node) <= gpu.memory_gb
    time = _time_lower_bound_s(shape, grid, gpu, precision)[fits]
    return PlanBounds(int(grid["tp"].size), int(fits.sum()), float(time.min()) if time.size else math.inf)


def _consistent_grid(shape: ModelShape, gpus: int, per_node: int, batch: int, space: PlanSpace
                     ) -> dict[str, np.ndarray]:
    """Every combination of the space as arrays, keeping only the consistent ones."""
    recompute_codes = tuple(RECOMPUTES.index(r) for r in space.recompute)
    eps = space.ep if shape.is_moe else (1,)
    axes = (space.tp, space.pp, space.vpp, space.cp, eps, space.micro_batch, space.sharding, recompute_codes,
            tuple(int(x) for x in space.tp_comm_overlap), tuple(int(x) for x in space.dp_overlap))
    columns = np.array(list(itertools.product(*axes)), dtype=np.int64).reshape(-1, len(axes)).T
    tp, pp, vpp, cp, ep, mb, sharding, _, tpo, dpo = columns
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
    if False in space.tp_comm_overlap:  # the option changes nothing without TP: keep that layout once
        ok &= (tpo == 0) | (tp > 1)
    if False in space.dp_overlap:
        ok &= (dpo == 0) | (dp * cp > 1)
    keep = np.flatnonzero(ok)
    names = ("tp", "pp", "vpp", "cp", "ep", "mb", "sharding", "rc", "tpo", "dpo")
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
    workload = _workload(shape, values, sharding, recompute, batch, precision, train_tokens)
    shard = min(per_node, values["dp"] * values["cp"]) if sharding == HSDP else None
    run = dataclasses.replace(options, fsdp_shard_group=shard, tp_comm_overlap=bool(g["tpo"][i]),
                              dp_overlap=bool(g["dpo"][i]))
    try:
        estimate = estimate_training(workload, gpu, comm, gpus_per_node=per_node, shape=shape, options=run)
    except ValueError:
        return None
    return PlanEntry(values["tp"], values["pp"], values["vpp"], values["dp"], values["cp"], values["ep"],
                     values["mb"], sharding, recompute, estimate, run.tp_comm_overlap, run.dp_overlap)


def _workload(shape: ModelShape, v: dict[str, int], sharding: int, recompute: Recompute, batch: int,
              precision: Precision, train_tokens: float, model_name: str = "custom") -> Workload:
    return Workload(
        model_name=model_name, layers=shape.layers, hidden=shape.hidden, heads=shape.heads, kv_heads=shape.kv_heads,
        ffn_hidden=shape.ffn_hidden, gated_mlp=shape.gated_mlp, tied_embeddings=shape.tied_embeddings,
        vocab=shape.vocab, seq_len=shape.seq_len, global_batch=batch, micro_batch=v["mb"], precision=precision,
        tp=v["tp"], pp=v["pp"], dp=v["dp"], ep=v["ep"], cp=v["cp"], vpp=v["vpp"], zero_stage=min(sharding, 3),
        recompute=recompute, moe_experts=shape.moe_experts, moe_topk=shape.moe_topk,
        moe_capacity_factor=shape.moe_capacity_factor, moe_imbalance=shape.moe_imbalance, train_tokens=train_tokens)


def layouts_in(space: PlanSpace) -> int:
    """How many combinations a space holds before the consistency checks (for messages and benchmarks)."""
    return math.prod(len(getattr(space, f.name)) for f in dataclasses.fields(space))
