"""Memory per GPU: model states (ZeRO), activations (Korthikanti et al. 2022) and a reserve.

Model states use the ZeRO accounting for mixed-precision Adam (ZeRO, Rajbhandari et al. 2020):
2 bytes of 16-bit weights, 2 of 16-bit gradients and K = 12 of optimizer state (fp32 master
copy, momentum, variance) = 16 bytes per parameter, divided over the data-parallel group by
stage: 1 shards the optimizer, 2 also the gradients, 3 also the weights.

Activations per layer follow Korthikanti et al. 2022 (arXiv 2205.05198) Table 2, generalised to grouped K/V
heads and to any MLP width by keeping each term of the paper's derivation: the attention block
stores 11·s·b·h (7 + 4·kv/h with grouped K/V) plus 5·a·s²·b of scores, the MLP 19·s·b·h
(3·h + 4·f, or 3·h + 6·f with a gated MLP), the two norms 4·s·b·h.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from planner_gui.engine.training.parallel import Layout
from planner_gui.engine.training.shape import ModelShape
from planner_gui.model.messages import QT_TRANSLATE_NOOP
from planner_gui.model.settings import Recompute

WEIGHT_BYTES = 2  # 16-bit weights (ZeRO, Rajbhandari et al. 2020)
GRAD_BYTES = 2  # 16-bit gradients (same)
OPTIMIZER_BYTES = 12  # K = 12: fp32 master weights + Adam m + v (same)
LOGIT_BYTES = 4  # logits kept in fp32 for the loss (Megatron theoretical_memory_usage.py, p = 1 case)
# Korthikanti et al. 2022 §4 (arXiv 2205.05198), bytes for 16-bit activations, in units of
# s·b·h unless noted:
ATTN_SBH = 7  # QKV input 2 + Q 2 + projection input 2 + dropout mask 1 (K, V add 4·kv/h)
KV_SBH_PER_KV_FRACTION = 4  # K and V, 2 bytes each, scaled by kv_hidden / h
SCORE_AS2B = 5  # softmax output 2 + dropout mask 1 + dropout output 2, per a·s²·b
MLP_SBH = 3  # MLP input 2 + dropout mask 1
MLP_SBF_PLAIN = 4  # first-linear output 2 + GeLU output 2, per s·b·f
MLP_SBF_GATED = 6  # gate 2 + up 2 + gated product 2, per s·b·f
NORM_SBH = 4  # inputs of the two norms
REPLICATED_SBH = 10  # without SP: norms 4 + attention and MLP inputs 2 + 2 + dropout masks 2 (Table 2)
FULL_RECOMPUTE_SBH = 2  # only each layer's input is kept (Table 2)
CUDA_CONTEXT_GB = 2.0  # CUDA context + NCCL buffers: upper end of 0.3–2 GiB (web calculators such as vram.asmirnov.xyz)
FRAGMENTATION = 0.05  # [est] caching-allocator fragmentation, like Megatron-LM's 5 % activation overhead
ZERO3_PREFETCH_LAYERS = 2  # ZeRO-3 keeps the current and the prefetched layer gathered [est]
GB = 1e9


def zero_bytes_per_param(stage: int, dp: int) -> tuple[float, float, float]:
    """(weight, gradient, optimizer) bytes per parameter on one GPU for a ZeRO stage over ``dp``."""
    if stage not in (0, 1, 2, 3):
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "zero_stage {stage} is not 0, 1, 2 or 3; pick one of those").fill(
            stage=stage))
    w = WEIGHT_BYTES / dp if stage >= 3 else WEIGHT_BYTES
    g = GRAD_BYTES / dp if stage >= 2 else GRAD_BYTES
    k = OPTIMIZER_BYTES / dp if stage >= 1 else OPTIMIZER_BYTES
    return w, g, k


def activation_bytes_per_layer(shape: ModelShape, micro_batch: int, tp: int, recompute: Recompute,
                               sequence_parallel: bool, flash_attention: bool, cp: int = 1) -> float:
    """Bytes one layer keeps for the backward pass of one micro-batch on one GPU.

    Context parallelism splits every term (scores included) over ``cp`` GPUs.
    """
    s, b, h = shape.seq_len, micro_batch, shape.hidden
    sbh = s * b * h / cp
    if recompute == Recompute.FULL:
        return FULL_RECOMPUTE_SBH * sbh / (tp if sequence_parallel else 1)
    mlp_f = (MLP_SBF_GATED if shape.gated_mlp else MLP_SBF_PLAIN) * shape.ffn_hidden * shape.experts_busiest
    per_sbh = ATTN_SBH + KV_SBH_PER_KV_FRACTION * shape.kv_hidden / h + MLP_SBH + NORM_SBH + mlp_f / h
    stored_scores = recompute == Recompute.NONE and not flash_attention
    scores = SCORE_AS2B * shape.heads * s * s * b / cp if stored_scores else 0.0
    if sequence_parallel or tp == 1:
        return (per_sbh * sbh + scores) / tp
    return REPLICATED_SBH * sbh + ((per_sbh - REPLICATED_SBH) * sbh + scores) / tp


@dataclass(frozen=True, slots=True)
class MemoryBreakdown:
    weights_gb: float
    gradients_gb: float
    optimizer_gb: float
    activations_gb: float
    buffers_gb: float
    reserve_gb: float
    capacity_gb: float

    @property
    def total_gb(self) -> float:
        return (self.weights_gb + self.gradients_gb + self.optimizer_gb + self.activations_gb
                + self.buffers_gb + self.reserve_gb)

    @property
    def fits(self) -> bool:
        return self.total_gb <= self.capacity_gb

    def to_json(self) -> dict[str, Any]:
        return {"weights_gb": self.weights_gb, "gradients_gb": self.gradients_gb,
                "optimizer_gb": self.optimizer_gb, "activations_gb": self.activations_gb,
                "buffers_gb": self.buffers_gb, "reserve_gb": self.reserve_gb,
                "total_gb": self.total_gb, "capacity_gb": self.capacity_gb, "fits": self.fits}


def local_params(shape: ModelShape, layout: Layout, layers: float | None = None,
                 embedding_too: bool = True) -> tuple[float, float]:
    """(dense, expert) parameters held by a GPU of the first pipeline stage.

    The first stage holds the input embedding (and, when pp = 1, the output layer too); its share
    is (N_transformer/p + N_embedding)/t as in Megatron-LM's theoretical_memory_usage.py. ``layers`` defaults to the
    busiest rank's (uneven stages); ``embedding_too=False`` gives a middle rank.
    """
    layers = layout.layers_per_stage(shape.layers) if layers is None else layers
    embedding = shape.embedding_params if layout.pp == 1 else shape.vocab * shape.hidden
    embedding = embedding if embedding_too else 0
    mlp = shape.experts_stored * shape.expert_params * layers / layout.ep
    dense = (shape.attention_params + shape.router_params) * layers + embedding
    if shape.is_moe:
        return dense / layout.tp, mlp / layout.tp
    return (dense + mlp) / layout.tp, 0.0


def in_flight_micro_batches(layout: Layout, rank: int = 0) -> float:
    """Micro-batches whose activations pipeline rank ``rank`` holds under 1F1B: p − rank (Megatron-LM)."""
    inflight = float(min(layout.pp - rank, layout.micro_batches))
    if layout.vpp > 1:
        inflight *= 1 + (layout.pp - 1) / (layout.pp * layout.vpp)
    return inflight


def memory_per_gpu(shape: ModelShape, layout: Layout, zero_stage: int, recompute: Recompute,
                   capacity_gb: float, sequence_parallel: bool, flash_attention: bool,
                   shard: int | None = None) -> MemoryBreakdown:
    """Memory of the most loaded GPU and whether it fits ``capacity_gb``: the first pipeline rank (it
    holds the embedding and the most micro-batches), or with uneven stages a fuller rank after it.

    ``shard`` (HSDP) limits the ZeRO sharding to groups of that many ranks; None: the whole group.
    """
    first = _rank_memory(shape, layout, zero_stage, recompute, capacity_gb, sequence_parallel, flash_attention,
                         shard, 0)
    if not layout.stage_layers or layout.stage_layers[0] == max(layout.stage_layers):
        return first
    fullest = layout.stage_layers.index(max(layout.stage_layers))
    other = _rank_memory(shape, layout, zero_stage, recompute, capacity_gb, sequence_parallel, flash_attention,
                         shard, fullest)
    return max(first, other, key=lambda memory: memory.total_gb)


def _rank_memory(shape: ModelShape, layout: Layout, zero_stage: int, recompute: Recompute, capacity_gb: float,
                 sequence_parallel: bool, flash_attention: bool, shard: int | None, rank: int) -> MemoryBreakdown:
    layers = layout.layers_on(rank, shape.layers)
    dense, expert = local_params(shape, layout, layers, embedding_too=rank == 0)
    wd, gd, kd = zero_bytes_per_param(zero_stage, sharded_over(layout, "dp", shard))
    we, ge, ke = zero_bytes_per_param(zero_stage, sharded_over(layout, "edp", shard))
    act_layer = activation_bytes_per_layer(shape, layout.micro_batch, layout.tp, recompute,
                                           sequence_parallel, flash_attention, layout.cp)
    activations = act_layer * layers * in_flight_micro_batches(layout, rank)
    buffers = _buffers(shape, layout, zero_stage, recompute, sequence_parallel, flash_attention)
    reserve = CUDA_CONTEXT_GB * GB + FRAGMENTATION * capacity_gb * GB
    return MemoryBreakdown(
        weights_gb=(dense * wd + expert * we) / GB, gradients_gb=(dense * gd + expert * ge) / GB,
        optimizer_gb=(dense * kd + expert * ke) / GB, activations_gb=activations / GB,
        buffers_gb=buffers / GB, reserve_gb=reserve / GB, capacity_gb=capacity_gb,
    )


def sharded_over(layout: Layout, group: str, shard: int | None) -> int:
    """Ranks the ZeRO states of ``group`` are split over: the group, or HSDP's shard group inside it."""
    size = layout.group_size(group)
    return size if shard is None else max(1, min(shard, size))


def _buffers(shape: ModelShape, layout: Layout, zero_stage: int, recompute: Recompute,
             sequence_parallel: bool, flash_attention: bool) -> float:
    """Transient memory: logits (pp = 1), the layer being recomputed, ZeRO-3 gathered layers."""
    total = 0.0
    if layout.pp == 1:
        total += LOGIT_BYTES * shape.seq_len * layout.micro_batch * shape.vocab / (layout.tp * layout.cp)
    if recompute == Recompute.FULL:  # backward re-materialises one layer in full
        total += activation_bytes_per_layer(shape, layout.micro_batch, layout.tp, Recompute.NONE,
                                            sequence_parallel, flash_attention, layout.cp)
    if zero_stage == 3:  # gathered weights of the current and prefetched layer, one layer's full gradient
        total += (ZERO3_PREFETCH_LAYERS * WEIGHT_BYTES + GRAD_BYTES) * shape.layer_params / layout.tp
    return total
