"""How the step model asks for the time of one collective.

The step model depends only on :class:`CommModel`, a callable
``comm(op, nbytes, ranks, ranks_per_node) -> seconds``. ``nbytes`` follows nccl-tests: the whole
buffer for all-reduce, the gathered (total) size for all-gather and reduce-scatter, everything one
rank sends for all-to-all, the message for send/recv (nccl-tests doc/PERFORMANCE.md).

Two implementations: :func:`comm_model_from_profile` asks the network engine
(:mod:`planner_gui.engine.collectives`) about each sub-group, and :class:`AlphaBetaComm` is a
hand-written α-β model (Hockney 1994, "The communication challenge for MPP") used by tests and as a stand-in.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

from planner_gui.model.messages import QT_TRANSLATE_NOOP

BITS_PER_BYTE = 8
GB = 1e9
US = 1e-6
COMM_CACHE_SIZE = 4096  # distinct (op, size, group) queries kept; a step asks about a few dozen
# Per-step latencies of the stand-in: NCCL's Ring/Simple hardware latency over NVLink (3.4 µs) and
# over the network (14 µs), NCCL src/graph/tuning.cc hwLat.
DEFAULT_INTRA_STEP_US = 3.4
DEFAULT_INTER_STEP_US = 14.0


class CommModel(Protocol):
    def __call__(self, op: str, nbytes: int, ranks: int, ranks_per_node: int) -> float: ...


# Bus-bandwidth factor of each operation (nccl-tests doc/PERFORMANCE.md).
def bus_factor(op: str, ranks: int) -> float:
    if op == "allreduce":
        return 2 * (ranks - 1) / ranks
    if op in ("allgather", "reducescatter", "alltoall"):
        return (ranks - 1) / ranks
    if op in ("sendrecv", "broadcast", "reduce"):
        return 1.0
    raise KeyError(QT_TRANSLATE_NOOP("Engine", "unknown collective {op!r}; use allreduce, allgather, reducescatter, "
                                               "alltoall or sendrecv").fill(op=op))


@dataclass(frozen=True, slots=True)
class AlphaBetaComm:
    """Two-level α-β model: NVLink inside a node, each GPU's share of the NICs between nodes.

    Multi-node all-reduce / all-gather / reduce-scatter are hierarchical (docs/models/collectives.md): the
    node-local phase moves the whole buffer over NVLink, the inter-node phase moves each GPU's
    1/r shard over its NIC share; the phases are pipelined, so the slower one sets the time.
    All-to-all sends (n − r)/n of the buffer off-node (it cannot aggregate NICs, nccl-tests#267).
    """

    intra_busbw_gbs: float  # achieved NVLink/PCIe bus bandwidth per GPU, GB/s
    nic_busbw_gbs_per_gpu: float  # achieved network bandwidth per GPU when all GPUs send, GB/s
    intra_latency_us: float = DEFAULT_INTRA_STEP_US
    inter_latency_us: float = DEFAULT_INTER_STEP_US

    def __call__(self, op: str, nbytes: int, ranks: int, ranks_per_node: int) -> float:
        if ranks <= 1 or nbytes <= 0:
            return 0.0
        factor = bus_factor(op, ranks)
        r = max(1, min(ranks_per_node, ranks))
        nodes = max(1, math.ceil(ranks / r))
        if nodes == 1:
            return self._latency(op, r, 1) + factor * nbytes / (self.intra_busbw_gbs * GB)
        intra = bus_factor(op, r) * nbytes / (self.intra_busbw_gbs * GB) if r > 1 else 0.0
        if op == "alltoall":
            inter = (ranks - r) / ranks * nbytes / (self.nic_busbw_gbs_per_gpu * GB)
        elif op in ("sendrecv", "broadcast", "reduce"):
            inter = nbytes / (self.nic_busbw_gbs_per_gpu * GB)
        else:
            inter = bus_factor(op, nodes) * nbytes / r / (self.nic_busbw_gbs_per_gpu * GB)
        return self._latency(op, r, nodes) + max(intra, inter)

    def _latency(self, op: str, ranks_per_node: int, nodes: int) -> float:
        """Ring steps inside the node, tree depth across nodes (NCCL picks tree at scale: src/graph/tuning.cc)."""
        steps_in = 2 * (ranks_per_node - 1) if op == "allreduce" else ranks_per_node - 1
        steps_out = 2 * math.ceil(math.log2(nodes)) if nodes > 1 else 0
        if op == "alltoall":
            steps_out = nodes - 1
        return (max(1, steps_in) * self.intra_latency_us + steps_out * self.inter_latency_us) * US


def comm_model_from_profile(profile: Any) -> CommModel:
    """A :class:`CommModel` that times each sub-group with the network engine's ``predict``.

    A group of ``ranks`` with ``ranks_per_node`` per node becomes the profile of a smaller cluster
    (``gpus_per_node`` = ranks per node, ``nodes`` = ranks / that). The group only gets its share of
    the node's NICs, because the node's other GPUs run their own groups at the same time.
    """
    from planner_gui.engine.collectives import predict  # lazy: the network engine is optional here

    gpus_per_node = int(profile.gpus_per_node)

    @lru_cache(maxsize=COMM_CACHE_SIZE)
    def comm(op: str, nbytes: int, ranks: int, ranks_per_node: int) -> float:
        if ranks <= 1 or nbytes <= 0:
            return 0.0
        sub = subgroup_profile(profile, ranks, ranks_per_node, gpus_per_node)
        return float(predict(sub, op, int(nbytes)).time_us) * US

    return comm


def subgroup_profile(profile: Any, ranks: int, ranks_per_node: int, gpus_per_node: int) -> Any:
    """The profile a group of ``ranks`` (``ranks_per_node`` per node) sees, with its NIC share."""
    r = max(1, min(ranks_per_node, ranks))
    nodes = max(1, math.ceil(ranks / r))
    share = r / max(1, gpus_per_node)  # fraction of the node's NICs this group may use
    total_gbps = profile.nics_per_node * profile.nic_gbps * share
    nics = max(1, math.floor(profile.nics_per_node * share))
    return dataclasses.replace(profile, gpus_per_node=r, nodes=nodes, nics_per_node=nics,
                               nic_gbps=total_gbps / nics)
