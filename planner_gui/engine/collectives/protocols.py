"""NCCL's protocols (LL, LL128, Simple): their bandwidth penalties and per-algorithm latency.

Both follow ``ncclTopoTuneModel`` in NCCL's ``src/graph/tuning.cc`` (ncclTopoTuneModel),
with two changes: hop latencies are scaled per GPU generation and the network latency includes
the profile's real path (NIC, extra switches, cable, host staging); see ``hardware.py``.
"""

from __future__ import annotations

import math

from planner_gui.engine.collectives import nccl_tables as t
from planner_gui.engine.collectives.hardware import Hardware

PROTOCOLS_BY_ALGO = {
    "ring": t.PROTOCOLS,
    "tree": t.PROTOCOLS,
    "nvls": (t.SIMPLE,),
    "nvlstree": (t.SIMPLE,),
    "collnet": (t.SIMPLE,),
    "pat": (t.SIMPLE,),
    "p2p": (t.LL, t.SIMPLE),  # NCCL's p2p uses LL for small messages, Simple otherwise
}


def protocols_for(algo: str, hw: Hardware) -> tuple[str, ...]:
    return tuple(p for p in PROTOCOLS_BY_ALGO[algo] if p != t.LL128 or hw.ll128_enabled)


def ll_max_bw(hw: Hardware) -> float:
    """NCCL's LL ceiling (bus bandwidth): by GPU generation on one node, by node count beyond."""
    if hw.nodes == 1:
        return t.LL_MAX_BW_SINGLE_NODE[hw.generation]
    return t.LL_MAX_BW_TWO_NODES if hw.nodes == 2 else t.LL_MAX_BW_MANY_NODES


def protocol_bandwidth(op: str, algo: str, proto: str, algbw: float, hw: Hardware) -> float:
    """Algorithm bandwidth under ``proto``, from the Simple-protocol algorithm bandwidth."""
    ratio = _alg_per_nccl_bus(op, algo, hw.ranks)
    if algo == "tree":  # (NCCL's 0.92 tree factor is in algorithms.bandwidth)
        if proto == t.LL:
            return min(algbw / t.TREE_LL_DIVISOR, ll_max_bw(hw) * ratio)
        if proto == t.LL128:
            return algbw * (t.TREE_LL128_SINGLE_NODE if hw.nodes == 1 else t.LL128_PAYLOAD_FRACTION)
        return algbw
    if proto == t.LL:
        return min(ll_max_bw(hw) * ratio, t.LL_PAYLOAD_FRACTION * algbw)
    if proto == t.LL128:
        return t.RING_LL128_EFFICIENCY * algbw
    return algbw


def _alg_per_nccl_bus(op: str, algo: str, n: int) -> float:
    """algbw / NCCL's internal bus bandwidth (NCCL src/graph/tuning.cc 'bus -> algorithm bandwidth')."""
    if algo == "tree":
        return t.TREE_ALG_PER_BUS
    if op == "allreduce":
        return n / (2.0 * (n - 1))
    if op in ("allgather", "reducescatter"):
        return n / (n - 1.0)
    return 1.0


def _hop(table: dict[str, dict[str, float]], algo: str, proto: str) -> float:
    return table.get(algo, {}).get(proto, 0.0)


def intra_latency(algo: str, proto: str, hw: Hardware) -> float:
    table = t.NVLINK_HOP_LATENCY_US if hw.intra_is_nvlink else t.PCI_HOP_LATENCY_US
    return _hop(table, "ring" if algo == "p2p" else algo, proto) * hw.latency_scale


def inter_latency(algo: str, proto: str, hw: Hardware) -> float:
    """One network traversal: NCCL's NET latency plus the profile's real path and staging."""
    if hw.nodes == 1:
        return 0.0
    key = "ring" if algo == "p2p" else algo
    if hw.gpus_per_node == 1 and key == "ring":
        key = "tree"  # NCCL uses the Tree NET latency when there is one rank per node
    latency = _hop(t.NET_HOP_LATENCY_US, key, proto) * hw.latency_scale + hw.path_delta_us
    if proto == t.SIMPLE:
        latency += hw.path_delta_us  # Simple waits for a flush: the path is paid twice
    if hw.staged:  # host staging adds a PCIe crossing to host memory on each side
        latency += 2.0 * _hop(t.PCI_HOP_LATENCY_US, key, proto) * hw.latency_scale
    return max(latency, 0.0)


def latency(op: str, algo: str, proto: str, hw: Hardware) -> float:
    """NCCL-side latency of one call in microseconds (the host launch overhead is separate)."""
    n, g, k = hw.ranks, hw.gpus_per_node, hw.nodes
    intra, inter = intra_latency(algo, proto, hw), inter_latency(algo, proto, hw)
    overhead = 0.0
    if k > 1:
        overhead = t.NET_OVERHEAD_US * (t.NET_OVERHEAD_SIMPLE_FACTOR if proto == t.SIMPLE else 1.0)
    base = t.BASE_LATENCY_US.get("ring" if algo == "p2p" else algo, {}).get(proto, 0.0)
    log_k = math.log2(k)
    if algo == "ring" and op in ("allreduce", "allgather", "reducescatter"):
        steps = 2 * (n - 1) if op == "allreduce" else n - 1
        inter_steps = 2 * (k - 1) if op == "allreduce" else k - 1
        lat = base + (steps - inter_steps) * max(intra, overhead) + inter_steps * inter
    elif algo == "ring":  # broadcast / reduce: a pipelined chain through all ranks
        lat = base + (n - k) * intra + (k - 1) * inter
    elif algo == "tree":
        lat = base + 2.0 * ((g - 1) * intra + log_k * inter)
    elif algo == "collnet":
        lat = 2.0 * (min(1, g - 1) * intra + (g - 1) * t.COLLNET_ARITY_US) + inter
    elif algo == "nvls":
        lat = intra + (inter if k > 1 else 0.0)
    elif algo == "nvlstree":
        lat = intra + 2.0 * log_k * inter
    elif algo == "pat":
        lat = base + log_k * inter / t.PAT_INTER_DIVISOR + t.PAT_PER_RANK_US * n
    elif op == "alltoall":  # one posted operation per peer
        lat = base + (n - 1) * max(intra, overhead) + inter + (hw.a2a_extra_latency_us if k > 1 else 0.0)
    else:  # sendrecv
        lat = base + (inter if k > 1 else intra)
    return lat


def ring_plateau_factor(op: str, algo: str, proto: str, hw: Hardware) -> float:
    """NCCL's latency multiplier for multi-node Ring/Simple AllReduce ("plateau effect of ring")."""
    if op != "allreduce" or algo != "ring" or proto != t.SIMPLE or hw.nodes == 1:
        return 1.0
    return t.RING_PLATEAU_FACTOR_SM80 if hw.generation != "volta" else t.RING_PLATEAU_FACTOR_OLDER
