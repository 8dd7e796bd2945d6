"""Communication of one training step, timed by a :class:`~.comm.CommModel`.

What moves follows Megatron-LM, llm-analysis and the ZeRO paper's accounting:

* TP: per layer per micro-batch 2 exchanges forward and 2 backward of b·s·h activations (an
  all-reduce, or reduce-scatter + all-gather with sequence parallelism); full recompute repeats the
  forward 2; selective recompute with SP adds 1 all-gather (Calculon ``seq_par_ag_redo``).
* CP: ring attention passes each K/V chunk around the cp ranks (forward) and K/V plus their
  gradients (backward), hidden behind the attention math where it can be.
* EP: per MoE layer per micro-batch dispatch + combine all-to-all forward and backward (4), each
  b·s·k·h activations; full recompute repeats the forward 2.
* PP: per micro-batch and model chunk, one activation forward and one gradient backward of
  b·s·h/t bytes (each TP rank sends its slice: Narayanan et al. 2021 scatter/gather).
* DP: gradients of the GPU's parameters, reduced once per step (ZeRO 0: all-reduce; 1:
  reduce-scatter + all-gather of the updated weights), every micro-batch (ZeRO 2: reduce-scatter),
  or layer by layer with the weights gathered for every forward and backward (ZeRO 3 / FSDP:
  1.5 × the DDP volume per micro-batch, timed and overlapped per layer in :mod:`.fsdp`).
"""

from __future__ import annotations

from dataclasses import dataclass

from planner_gui.engine.training import fsdp
from planner_gui.engine.training.comm import CommModel
from planner_gui.engine.training.compute import StageCompute
from planner_gui.engine.training.flops import BACKWARD_OVER_FORWARD
from planner_gui.engine.training.memory import WEIGHT_BYTES, local_params
from planner_gui.engine.training.parallel import Layout
from planner_gui.engine.training.shape import ModelShape
from planner_gui.model.settings import Recompute

ACTIVATION_BYTES = 2  # activations and their gradients travel in 16-bit (Megatron-LM's bf16 pipeline p2p)
TP_EXCHANGES_FORWARD = 2  # after attention and after the MLP (Megatron f/g operators)
TP_EXCHANGES_BACKWARD = 2
EP_ALLTOALLS_FORWARD = 2  # dispatch + combine
EP_ALLTOALLS_BACKWARD = 2
P2P_PER_CHUNK = 2  # activation forward + gradient backward
KV_TENSORS = 2  # K and V
CP_PASSES_FORWARD = 1  # K/V around the ring once
CP_PASSES_BACKWARD = 2  # K/V again, and their gradients


@dataclass(frozen=True, slots=True)
class DpTime:
    per_micro_batch_exposed_s: float  # ZeRO 2/3 traffic left over after hiding behind compute
    per_step_exposed_s: float  # once-per-step traffic left over after hiding
    total_s: float  # all DP traffic of the step, hidden or not


def tp_time_per_micro_batch(shape: ModelShape, layout: Layout, recompute: Recompute,
                            sequence_parallel: bool, comm: CommModel, overlap_gemm_s: float | None = None) -> float:
    """TP communication of one stage for one micro-batch that the step waits for.

    Without overlap all of it is on the critical path. ``overlap_gemm_s`` (Megatron-Core
    ``--tp-comm-overlap``: Transformer Engine splits each all-gather / reduce-scatter into tp chunks
    and pipelines them with the adjacent GEMM, which needs sequence parallelism) is one forward
    pass's weight-GEMM time for the stage: per pass the first chunk (1/tp of the traffic) is exposed
    and the rest hides behind that pass's GEMMs (2× the forward's in the backward).
    """
    if layout.tp == 1:
        return 0.0
    nbytes = int(layout.micro_batch * shape.seq_len / layout.cp * shape.hidden * ACTIVATION_BYTES)
    ranks, per_node = layout.tp, layout.ranks_per_node("tp")
    if sequence_parallel:
        exchange = comm("reducescatter", nbytes, ranks, per_node) + comm("allgather", nbytes, ranks, per_node)
    else:
        exchange = comm("allreduce", nbytes, ranks, per_node)
    layers = layout.layers_per_stage(shape.layers)
    full = recompute == Recompute.FULL
    extra = comm("allgather", nbytes, ranks, per_node) if sequence_parallel and recompute == Recompute.SELECTIVE \
        else 0.0
    # (traffic, GEMM time it can hide behind) per pass: forward, backward (+ the recomputed forward)
    passes = [(TP_EXCHANGES_FORWARD * exchange * layers, 1.0),
              ((TP_EXCHANGES_BACKWARD * exchange + extra) * layers, BACKWARD_OVER_FORWARD)]
    if full:
        passes.append((TP_EXCHANGES_FORWARD * exchange * layers, 1.0))
    if overlap_gemm_s is None or not sequence_parallel:
        return sum(traffic for traffic, _ in passes)
    return sum(traffic / ranks + max(0.0, traffic * (ranks - 1) / ranks - weight * overlap_gemm_s)
               for traffic, weight in passes)


def ep_time_per_micro_batch(shape: ModelShape, layout: Layout, recompute: Recompute, comm: CommModel) -> float:
    """Expert all-to-all of one stage for one micro-batch."""
    if layout.ep == 1 or not shape.is_moe:
        return 0.0
    tokens = layout.micro_batch * shape.seq_len / (layout.tp * layout.cp)  # SP splits tokens over TP
    # the all-to-all ends when the busiest rank has its tokens: the balanced volume x the routing load
    nbytes = int(tokens * shape.moe_topk * shape.moe_load * shape.hidden * ACTIVATION_BYTES)
    count = EP_ALLTOALLS_FORWARD + EP_ALLTOALLS_BACKWARD
    count += EP_ALLTOALLS_FORWARD if recompute == Recompute.FULL else 0
    one = comm("alltoall", nbytes, layout.ep, layout.ranks_per_node("ep"))
    return count * one * layout.layers_per_stage(shape.layers)


def cp_time_per_micro_batch(shape: ModelShape, layout: Layout, recompute: Recompute, comm: CommModel,
                            attention_s: float, overlap: bool = True) -> float:
    """Ring-attention K/V exchange of one stage for one micro-batch, minus what attention hides.

    Each of the cp − 1 ring steps passes a K/V chunk (b·s/cp tokens × 2·kv_hidden/t) to the next
    rank while attention runs on the current chunk; the backward passes K/V and their gradients.
    """
    if layout.cp == 1:
        return 0.0
    chunk = layout.micro_batch * shape.seq_len / layout.cp * KV_TENSORS * shape.kv_hidden / layout.tp
    step = comm("sendrecv", int(chunk * ACTIVATION_BYTES), 2, min(2, layout.ranks_per_node("cp")))
    passes = CP_PASSES_FORWARD + CP_PASSES_BACKWARD + (CP_PASSES_FORWARD if recompute == Recompute.FULL else 0)
    total = passes * (layout.cp - 1) * step * layout.layers_per_stage(shape.layers)
    return max(0.0, total - attention_s) if overlap else total


def pp_time_per_micro_batch(shape: ModelShape, layout: Layout, comm: CommModel) -> float:
    """Point-to-point sends of one stage for one micro-batch (every model chunk)."""
    if layout.pp == 1:
        return 0.0
    nbytes = int(layout.micro_batch * shape.seq_len / layout.cp * shape.hidden * ACTIVATION_BYTES / layout.tp)
    same_node = min(2, layout.ranks_per_node("pp"))
    return P2P_PER_CHUNK * layout.vpp * comm("sendrecv", nbytes, 2, same_node)


def dp_time(shape: ModelShape, layout: Layout, zero_stage: int, recompute: Recompute, stage: StageCompute,
            comm: CommModel, overlap: bool, grad_bytes: int, shard: int | None = None,
            param_gather_overlap: bool | None = None) -> DpTime:
    """Data-parallel traffic of one step and how much of it the backward pass cannot hide.

    ``overlap`` is Megatron's ``--overlap-grad-reduce`` (gradient reduction behind the backward),
    ``param_gather_overlap`` its ``--overlap-param-gather`` (the ZeRO-1/2 weight all-gather behind the
    next forward; None: as ``overlap``). ZeRO-3 is timed layer by layer (:mod:`.fsdp`), where both
    are FSDP's prefetch; ``shard`` is its HSDP shard-group size.
    """
    if zero_stage == 3:
        return _fsdp_time(shape, layout, stage, comm, overlap, grad_bytes, shard)
    dense, expert = local_params(shape, layout)
    gather = overlap if param_gather_overlap is None else param_gather_overlap
    hide = (stage.forward_s if gather else 0.0, stage.backward_s if overlap else 0.0)
    parts = [DpTime(0.0, 0.0, 0.0)]
    for params, group in ((dense, "dp"), (expert, "edp")):
        size = layout.group_size(group)
        if params > 0 and size > 1:
            ops = _DpOps(comm, size, layout.ranks_per_node(group), int(params * grad_bytes),
                         int(params * WEIGHT_BYTES))
            parts.append(_zero_traffic(zero_stage, ops, hide, layout.micro_batches))
    return DpTime(sum(p.per_micro_batch_exposed_s for p in parts), sum(p.per_step_exposed_s for p in parts),
                  sum(p.total_s for p in parts))


def _fsdp_time(shape: ModelShape, layout: Layout, stage: StageCompute, comm: CommModel, overlap: bool,
               grad_bytes: int, shard: int | None) -> DpTime:
    """ZeRO-3 per layer (dense and expert weights in their own groups) plus the embedding unit.

    The embedding / output layer form FSDP's root unit: gathered before the first layer and its
    gradients reduced after the last, neither behind any compute (Zhao et al. 2023 §3.2).
    """
    layers = layout.layers_per_stage(shape.layers)
    dense, expert = local_params(shape, layout)
    embedding = _embedding_params(shape, layout)
    forward, backward = stage.forward_s / layers, stage.backward_s / layers
    exposed = total = 0.0
    for params, group in (((dense - embedding) / layers, "dp"), (expert / layers, "edp")):
        if params <= 0 or layout.group_size(group) <= 1:
            continue
        groups = fsdp.shard_groups(layout, group, shard)
        layer = fsdp.layer_traffic(groups, params, grad_bytes, comm, forward, backward)
        exposed += fsdp.exposed_per_micro_batch(layer, layers, overlap)
        total += fsdp.total_per_micro_batch(layer, layers)
        if group == "dp" and embedding > 0:
            root = fsdp.layer_traffic(groups, embedding, grad_bytes, comm, 0.0, 0.0)
            exposed += root.gather_s + root.scatter_s
            total += root.gather_s + root.scatter_s
    return DpTime(exposed, 0.0, layout.micro_batches * total)


def _embedding_params(shape: ModelShape, layout: Layout) -> float:
    """Embedding parameters a first-stage GPU holds (what :func:`local_params` adds to the layers)."""
    embedding = shape.embedding_params if layout.pp == 1 else shape.vocab * shape.hidden
    return embedding / layout.tp


@dataclass(frozen=True, slots=True)
class _DpOps:
    comm: CommModel
    ranks: int
    per_node: int
    grad_bytes: int
    weight_bytes: int

    def __call__(self, op: str) -> float:
        nbytes = self.weight_bytes if op == "allgather" else self.grad_bytes
        return self.comm(op, nbytes, self.ranks, self.per_node)


def _zero_traffic(stage: int, ops: _DpOps, hide: tuple[float, float], m: int) -> DpTime:
    """One gradient group's ZeRO 0-2 traffic; ``hide`` = (forward, backward) compute per micro-batch."""
    hide_fwd, hide_bwd = hide
    if stage == 0:
        once = ops("allreduce")
        return DpTime(0.0, max(0.0, once - hide_bwd), once)
    rs, ag = ops("reducescatter"), ops("allgather")
    gather = max(0.0, ag - hide_fwd)  # the updated weights are needed by the next forward
    if stage == 1:
        return DpTime(0.0, max(0.0, rs - hide_bwd) + gather, rs + ag)
    return DpTime(max(0.0, rs - hide_bwd), gather, m * rs + ag)
