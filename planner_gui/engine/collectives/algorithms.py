"""Which algorithms NCCL would run, and how fast each is in the large-message limit.

Bandwidth comes from counting the bytes each algorithm puts on each resource (a GPU's NVLink or
PCIe link, a node's NICs) and dividing by that resource's achievable rate: the busiest resource
wins. The hierarchy of multi-node algorithms therefore emerges from the traffic pattern: a ring
sends 2(n-1)/n of the buffer through every node's NICs, a double binary tree M on two nodes and
2M on many, NVLSTree reduces inside the node with NVLink SHARP and sends only across the tree.
Results are algorithm bandwidths (algbw = bytes / time) in GB/s for the Simple protocol.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from planner_gui.engine.collectives.dbtree import tree_egress_factor
from planner_gui.engine.collectives.hardware import Hardware
from planner_gui.engine.collectives.nccl_tables import (
    COLLNET_SM90_EFFICIENCY,
    NVLS_CHANNELS,
    NVLS_CHUNK_BYTES,
    NVLS_CHUNK_RULES,
    NVLSTREE_CHUNK_RULES,
    NVLSTREE_SMALL_CHUNK_BYTES,
    NVLSTREE_SMALL_CHUNK_NODES,
    PAT_EFFICIENCY,
    SIMPLE_SLOT_BYTES,
    TREE_SIMPLE_EFFICIENCY,
)
from planner_gui.engine.collectives.profile import FabricProfile
from planner_gui.model.messages import QT_TRANSLATE_NOOP

OPS = ("allreduce", "allgather", "reducescatter", "broadcast", "reduce", "alltoall", "sendrecv")
ALGOS = ("ring", "tree", "nvls", "nvlstree", "collnet", "pat")
P2P = "p2p"  # AllToAll and SendRecv: point-to-point, NCCL_ALGO does not apply
NVLS_LABEL = "NVLink SHARP (NVLS)"
SHARP_LABEL = "IB SHARP (CollNet)"

# Which algorithms NCCL implements per collective (NCCL src/graph/tuning.cc: Broadcast/Reduce are ring
# only; AG/RS use Ring, PAT, NVLS or CollNetDirect; we leave CollNet AG/RS out, see docs).
ALGOS_BY_OP = {
    "allreduce": ("ring", "tree", "nvls", "nvlstree", "collnet"),
    "allgather": ("ring", "nvls", "pat"),
    "reducescatter": ("ring", "nvls", "pat"),
    "broadcast": ("ring",),
    "reduce": ("ring",),
    "alltoall": (P2P,),
    "sendrecv": (P2P,),
}
GENERATION_ORDER = ("volta", "ampere", "hopper", "blackwell")


@dataclass(frozen=True)
class Bandwidth:
    algbw: float  # GB/s, Simple protocol, large messages
    bottleneck: str


def why_disabled(op: str, algo: str, profile: FabricProfile, hw: Hardware) -> str | None:
    """None if NCCL would run ``algo`` for ``op`` on this profile, else the reason it would not (a Text:
    the "cannot force" refusal carries it into a Chinese CLI)."""
    if algo not in ALGOS_BY_OP[op]:
        allowed = ", ".join(a for a in ALGOS_BY_OP[op] if a != P2P) or QT_TRANSLATE_NOOP(
            "Engine", "none (point-to-point only)").fill()
        return QT_TRANSLATE_NOOP("Engine", "NCCL has no {algo!r} algorithm for {op}; choices: {allowed}").fill(
            algo=algo, op=op, allowed=allowed)
    g, k = hw.gpus_per_node, hw.nodes
    if algo in ("nvls", "nvlstree"):
        if hw.nvls_bw <= 0:
            return QT_TRANSLATE_NOOP(
                "Engine", "NVLS needs an NVSwitch with NVLink SHARP (Hopper or later) and nvls=True").fill()
        if algo == "nvlstree" and k == 1:
            return QT_TRANSLATE_NOOP("Engine", "NVLSTree is disabled on a single node").fill()
        if algo == "nvls" and k > 1 and (op != "allreduce" or not _has_sharp(profile)):
            return QT_TRANSLATE_NOOP(
                "Engine", "NVLS across nodes needs IB SHARP (sharp=True on InfiniBand) and is AllReduce only").fill()
    if algo == "collnet" and (k == 1 or not _has_sharp(profile)):
        return QT_TRANSLATE_NOOP(
            "Engine", "CollNet needs several nodes on an InfiniBand fabric with SHARP enabled (sharp=True)").fill()
    if algo == "pat" and (g != 1 or k == 1):
        return QT_TRANSLATE_NOOP(
            "Engine", "PAT runs only with one GPU per node on several nodes").fill()
    if algo == "tree" and hw.ranks < 2:
        return QT_TRANSLATE_NOOP("Engine", "a tree needs at least two ranks").fill()
    return None


def _has_sharp(profile: FabricProfile) -> bool:
    """SHARP reductions run in Quantum InfiniBand switches (NVIDIA SHARP documentation)."""
    return profile.sharp and profile.technology == "infiniband"


def bandwidth(op: str, algo: str, hw: Hardware) -> Bandwidth:
    """Large-message algorithm bandwidth of ``algo`` for ``op`` (GB/s) and what limits it."""
    n, g, k = hw.ranks, hw.gpus_per_node, hw.nodes
    if op == "allreduce":
        terms = _allreduce_terms(algo, hw)
    elif op in ("allgather", "reducescatter"):
        terms = _gather_terms(algo, hw)
    elif op in ("broadcast", "reduce"):
        terms = [(hw.intra_bw, hw.intra_label), (hw.net_bw, hw.net_label)]
    elif op == "alltoall":  # per GPU: (g-1)/n of the buffer over NVLink, (n-g)/n over the network
        terms = [(_div(hw.intra_bw * n, g - 1), hw.intra_label), (_div(hw.a2a_net_bw * n, n - g), hw.net_label)]
    else:  # sendrecv: the slowest pair of the ring shift sets the pace
        terms = [(hw.gpu_net_bw if k > 1 else hw.intra_bw, hw.net_label if k > 1 else hw.intra_label)]
    algbw, label = min(terms, key=lambda t: t[0])
    return Bandwidth(algbw, label)


def _allreduce_terms(algo: str, hw: Hardware) -> list[tuple[float, str]]:
    n, g, k = hw.ranks, hw.gpus_per_node, hw.nodes
    ring_ratio = n / (2.0 * (n - 1))  # algbw / busbw for a ring AllReduce
    nvls_alg = hw.nvls_bw * g / (g + 1.0)  # each GPU moves (g+1)/g of the buffer ("N+1 sends")
    tree = tree_egress_factor(k)
    if algo == "ring":
        return [(hw.intra_bw * ring_ratio, hw.intra_label), (hw.net_bw * ring_ratio, hw.net_label)]
    if algo == "tree":
        # Intra-node chain: every GPU forwards the buffer up (reduce) and down (broadcast). NCCL's
        # 0.92 tree factor (NCCL src/graph/tuning.cc) is applied to the network side only: the NVLink
        # figure is a measured plateau that already contains the protocol overhead.
        return [(hw.intra_bw / 2.0, hw.intra_label),
                (_div(hw.net_bw, tree) * TREE_SIMPLE_EFFICIENCY, hw.net_label)]
    if algo == "nvls":
        return [(nvls_alg, NVLS_LABEL), (hw.net_bw, SHARP_LABEL + " / " + hw.net_label)]
    if algo == "nvlstree":
        # Across nodes NVLSTree runs NCCL's double binary tree, fed by NVLS instead of the chain, so
        # its network side pays the same 0.92 tree efficiency as Tree's. It only shows where the
        # network binds (from 3 nodes; on 2 the NVLS side does): AWS measured forced NVLSTree on
        # 4 x p5en 15 % below Ring (nccl_calibration.csv R293/R294).
        return [(nvls_alg, NVLS_LABEL), (_div(hw.net_bw, tree) * TREE_SIMPLE_EFFICIENCY, hw.net_label)]
    # collnet: intra-node reduce-scatter + all-gather, one send and one receive per node.
    sm90 = COLLNET_SM90_EFFICIENCY if _at_least(hw.generation, "hopper") else 1.0
    intra = hw.intra_bw * g / (2.0 * (g - 1)) if g > 1 else math.inf
    return [(intra * sm90, hw.intra_label), (hw.net_bw * sm90, SHARP_LABEL + " / " + hw.net_label)]


def _gather_terms(algo: str, hw: Hardware) -> list[tuple[float, str]]:
    n = hw.ranks
    ratio = n / (n - 1.0)  # algbw / busbw for AG and RS
    if algo == "ring":
        return [(hw.intra_bw * ratio, hw.intra_label), (hw.net_bw * ratio, hw.net_label)]
    if algo == "nvls":  # multicast store / multimem reduce: (g-1)/g of the buffer per GPU
        return [(hw.nvls_bw * ratio, NVLS_LABEL)]
    return [(hw.net_bw * PAT_EFFICIENCY * ratio, hw.net_label)]  # pat


@dataclass(frozen=True)
class Stage:
    """``count`` store-and-forward hops, each moving one loop of data at ``rate`` GB/s.

    ``kind`` says how NCCL sizes the loop: "simple" (one 512 KiB slot per channel), "nvls" or
    "nvlstree" (nChannels x nHeads chunks, shrunk for small messages); see ``loop_bytes``.
    """

    count: int
    rate: float
    kind: str


def pipeline_stages(algo: str, hw: Hardware) -> tuple[Stage, ...]:
    """The hops one Simple chunk crosses, for the pipeline-fill term of the cost model.

    Tree: down and up the intra-node chain and the node tree; NVLSTree: one NVLS hop on each side
    of the node tree; NVLS and CollNet: to the switch and back; PAT: its log2 steps. A ring keeps
    every link busy from its first step, so it has no fill beyond its per-step latency.
    """
    g, k = hw.gpus_per_node, hw.nodes
    levels = math.ceil(math.log2(k)) if k > 1 else 0
    net_tree = _div(hw.net_bw, tree_egress_factor(k))
    nvls_rate = hw.nvls_bw * g / (g + 1.0)
    if algo == "tree":
        return (Stage(2 * (g - 1), hw.intra_bw / 2.0, "simple"), Stage(2 * levels, net_tree, "simple"))
    if algo == "nvlstree":
        return (Stage(2, nvls_rate, "nvlstree"), Stage(2 * levels, net_tree, "nvlstree"))
    if algo == "nvls":
        return (Stage(2, nvls_rate, "nvls"), Stage(2 * (k > 1), hw.net_bw, "nvls"))
    if algo == "collnet":
        intra = hw.intra_bw * g / (2.0 * (g - 1)) if g > 1 else math.inf
        return (Stage(2 * (g > 1), intra, "simple"), Stage(2, hw.net_bw, "simple"))
    if algo == "pat":
        return (Stage(levels, hw.net_bw * PAT_EFFICIENCY, "simple"),)
    return ()


def loop_bytes(kind: str, hw: Hardware, sizes: np.ndarray) -> np.ndarray:
    """Bytes one pipeline stage moves at a time, per message size (NCCL's chunk rules)."""
    if kind == "simple":
        return np.full_like(sizes, float(hw.channels * SIMPLE_SLOT_BYTES))
    concurrent = float(NVLS_CHANNELS * hw.gpus_per_node)  # channels x heads (one head per GPU)
    chunk = np.full_like(sizes, float(NVLS_CHUNK_BYTES))
    rules = NVLS_CHUNK_RULES
    if kind == "nvlstree":
        rules = NVLSTREE_CHUNK_RULES
        if hw.nodes >= NVLSTREE_SMALL_CHUNK_NODES:
            chunk = np.minimum(chunk, NVLSTREE_SMALL_CHUNK_BYTES)
    for loops, above, smaller in rules:
        chunk = np.where((sizes < loops * concurrent * chunk) & (chunk > above), smaller, chunk)
    return concurrent * chunk


def _div(bw: float, factor: float) -> float:
    return math.inf if factor == 0 else bw / factor


def _at_least(generation: str, reference: str) -> bool:
    return GENERATION_ORDER.index(generation) >= GENERATION_ORDER.index(reference)
