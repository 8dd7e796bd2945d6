"""Fully sharded data parallelism (ZeRO-3 / PyTorch FSDP / Megatron-FSDP) as it runs: layer by layer.

Each transformer layer is one sharding unit (PyTorch FSDP's auto-wrap of the transformer block,
DeepSpeed ZeRO-3's per-module hooks, Zhao et al. 2023 "PyTorch FSDP", arXiv:2304.11277 §3). Per
micro-batch and per layer the GPU

* all-gathers the layer's 16-bit weights before its forward (message ``P_layer·2`` bytes, the
  gathered size, as nccl-tests counts it), and frees them after it (``reshard_after_forward``);
* all-gathers them again before its backward. A recomputed (checkpointed) forward runs inside the
  layer's backward and uses that same gather, so recompute adds no gather (FSDP's pre-forward hook
  finds the weights already unsharded);
* reduce-scatters the layer's gradients right after its backward.

The gather of layer i+1 is issued while layer i computes (forward / backward prefetch), so with a
serial communication stream a two-stage pipeline forms and per pass of L layers

    exposed = a + (L − 1) · max(0, a − c)                      (forward, c = one layer's forward)
    exposed = a + (L − 1) · max(0, a + r − c_b) + r            (backward: gathers and reduce-
                                                                scatters share the stream)

where a and r are one layer's all-gather and reduce-scatter, each timed by the collective model
at the sharding group's size and the layer's message size (its latency included). A deeper
prefetch does not change the steady state: the stream still moves one layer per ``max(a, c)``.
Without overlap the whole ``L·(2a + r)`` is exposed.

Hybrid sharding (HSDP: shard within a group of ``shard`` ranks, replicate across ``dp / shard``
groups) gathers and reduce-scatters inside the shard group and all-reduces each shard's gradients
over the replicas (``P_layer·2 / shard`` bytes) after the layer's reduce-scatter, on the same
stream (PyTorch ``ShardingStrategy.HYBRID_SHARD``).

Strong scaling follows: at a fixed global batch a bigger DP group gives each GPU fewer tokens per
micro-batch, so c shrinks while a does not, and once ``a > c`` the gathers stop hiding.
"""

from __future__ import annotations

from dataclasses import dataclass

from planner_gui.engine.training.comm import CommModel
from planner_gui.engine.training.memory import WEIGHT_BYTES
from planner_gui.engine.training.parallel import Layout
from planner_gui.model.messages import QT_TRANSLATE_NOOP


@dataclass(frozen=True, slots=True)
class ShardGroups:
    """The ranks a ZeRO-3 shard spans and the replicas across which shards are all-reduced."""

    shard: int
    shard_per_node: int
    replicas: int
    replicas_per_node: int


def shard_groups(layout: Layout, group: str, shard: int | None) -> ShardGroups:
    """Sharding and replica groups inside ``group`` ("dp" or "edp"); ``shard`` None = the whole group.

    The shard group takes the innermost ranks of the DP group (HSDP's usual choice: one node), so
    it holds ``min(shard, ranks per node)`` ranks per node and the replica group the rest.
    """
    size, per_node = layout.group_size(group), layout.ranks_per_node(group)
    shard = size if shard is None else max(1, min(shard, size))
    if size % shard:
        raise ValueError(QT_TRANSLATE_NOOP("Engine", "FSDP shard group {shard} does not divide the data-parallel "
                                                     "group {size}; choose a divisor of {size}").fill(
            shard=shard, size=size))
    in_node = min(shard, per_node)
    return ShardGroups(shard, in_node, size // shard, max(1, per_node // in_node))


@dataclass(frozen=True, slots=True)
class LayerTraffic:
    """One layer's collectives (seconds) and the compute each pass can hide them behind."""

    gather_s: float
    scatter_s: float  # reduce-scatter plus, with HSDP, the replica all-reduce
    forward_s: float
    backward_s: float


def layer_traffic(groups: ShardGroups, params_per_layer: float,
                  grad_bytes: int, comm: CommModel, forward_s: float, backward_s: float) -> LayerTraffic:
    """Time one layer's gather and gradient reduction for its sharding groups."""
    gather = comm("allgather", int(params_per_layer * WEIGHT_BYTES), groups.shard, groups.shard_per_node)
    scatter = comm("reducescatter", int(params_per_layer * grad_bytes), groups.shard, groups.shard_per_node)
    if groups.replicas > 1:
        shard_bytes = int(params_per_layer * grad_bytes / groups.shard)
        scatter += comm("allreduce", shard_bytes, groups.replicas, groups.replicas_per_node)
    return LayerTraffic(gather, scatter, forward_s, backward_s)


def exposed_per_micro_batch(layer: LayerTraffic, layers: float, overlap: bool) -> float:
    """Seconds of one micro-batch's ZeRO-3 traffic the layer computations cannot hide (module doc)."""
    a, r = layer.gather_s, layer.scatter_s
    if not overlap:
        return layers * (2 * a + r)
    behind = max(0.0, layers - 1)
    forward = a + behind * max(0.0, a - layer.forward_s)
    backward = a + behind * max(0.0, a + r - layer.backward_s) + r
    return forward + backward


def total_per_micro_batch(layer: LayerTraffic, layers: float) -> float:
    """All ZeRO-3 traffic of one micro-batch, hidden or not."""
    return layers * (2 * layer.gather_s + layer.scatter_s)
