"""Capacity figures of the compute fabric: oversubscription, bisection, hops and rails.

Definitions (docs/models/topology.md has the long form):

* oversubscription of a switch = downlink capacity / uplink capacity;
* collective oversubscription = the worst ``r * x`` over switches, where ``x`` is the share of
  uniform rail-matched cross-node traffic that must leave the switch's pod, floored at 1: the
  factor by which the network rate is cut (docs/models/topology.md, ``B_eff = B_nic * min(1, 1/(r*x))``);
* bisection = the smallest capacity across a cut splitting the servers in two equal halves,
  one direction; for a layered Clos it is the least of half the NIC capacity and half the uplink
  capacity of every tier whose pods split a rail (exact for equal pods).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from planner_gui.engine.topology.graph import KIND_FABRIC_SWITCH, KIND_SERVER, FabricGraph
from planner_gui.engine.topology.results import MAX_LISTED_IDS, HopStats, RailReport, TierSummary
from planner_gui.engine.topology.tiers import Tiers
from planner_gui.engine.util.arrays import unique_ints

# An index counts as one of a leaf's rails when it has at least this share of the leaf's most
# common index: a leaf carrying rails 0 and 1 (16 links each) has both, a stray cable does not.
RAIL_SHARE_MIN = 0.5
SWITCH_TIER_NAMES = {1: "leaf", 2: "spine", 3: "core"}
GBPS_PER_GBYTE_S = 8.0  # 1 GB/s = 8 Gb/s


@dataclass(frozen=True, slots=True)
class NicLinks:
    """Every server-to-switch fabric link: its place in the fabric arrays, NIC index and leaf device.
    Four of the figures below read them: :func:`nic_links` picks them out once for all four."""

    at: np.ndarray  # positions in graph.fab_*
    nic: np.ndarray  # int64
    leaf: np.ndarray  # int64


def nic_links(graph: FabricGraph) -> NicLinks:
    to_switch = np.flatnonzero((graph.fab_nic >= 0) & (graph.device_kind[graph.fab_v] == KIND_FABRIC_SWITCH))
    return NicLinks(to_switch, graph.fab_nic[to_switch].astype(np.int64), graph.fab_v[to_switch].astype(np.int64))


def switch_ratios(tiers: Tiers) -> np.ndarray:
    """Downlink / uplink capacity per device; NaN where there are no uplinks."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(tiers.up_cap > 0, tiers.down_cap / np.where(tiers.up_cap > 0, tiers.up_cap, 1), np.nan)


def switch_tier_summaries(graph: FabricGraph, tiers: Tiers, ratios: np.ndarray) -> list[TierSummary]:
    out = []
    nic_links = graph.fab_nic >= 0
    out.append(TierSummary(0, "nic", int(nic_links.sum()), 0.0, float(np.nan_to_num(graph.fab_cap[nic_links]).sum()),
                           None, None, None))
    for tier in range(1, tiers.top + 1):
        members = tiers.switches_at(tier)
        down = float(tiers.down_cap[members].sum())
        up = float(tiers.up_cap[members].sum())
        finite = ratios[members][np.isfinite(ratios[members])]
        worst = float(finite.max()) if finite.size else None
        typical = float(np.median(finite)) if finite.size else None
        out.append(TierSummary(tier, SWITCH_TIER_NAMES.get(tier, f"tier-{tier}"), int(members.size), down, up,
                               worst, typical, down / up if up > 0 else None))
    return out


def collective_oversubscription(graph: FabricGraph, tiers: Tiers, ratios: np.ndarray, nics: NicLinks | None = None
                                ) -> tuple[float, str]:
    """The worst ``r * x`` over switches (floored at 1) and the switch where it occurs.

    ``x`` is the share of uniform rail-matched traffic (NIC i of every server to NIC i of every
    other server) from the NICs below a switch that must leave its switch-only pod: for a pod with
    D_i NICs of index i out of N_i in the fabric, x = sum_i D_i (1 - D_i / N_i) / sum_i D_i.
    """
    nic, leaf = _nic_links(graph, nics)
    if nic.size == 0:
        return 1.0, ""
    k = int(nic.max()) + 1
    per_rail = np.bincount(nic, minlength=k).astype(np.float64)
    worst, where = 1.0, ""
    for tier in range(1, tiers.top + 1):
        members = tiers.switches_at(tier)
        members = members[np.isfinite(ratios[members])]
        if members.size == 0:
            continue
        pods = tiers.switch_pods[tier]
        counts = np.bincount(pods[leaf] * k + nic, minlength=graph.n_devices * k).reshape(-1, k).astype(np.float64)
        below = counts[pods[members]]
        leaving = (below * (1.0 - below / np.maximum(per_rail, 1.0))).sum(axis=1) / np.maximum(below.sum(axis=1), 1.0)
        effective = ratios[members] * leaving
        i = int(np.argmax(effective))
        if effective[i] > worst:
            worst, where = float(effective[i]), graph.device_ids[members[i]]
    return worst, where


def bisection(graph: FabricGraph, tiers: Tiers, nics: NicLinks | None = None) -> tuple[float, float]:
    """(bisection Gb/s, bisection / half the NIC capacity) over the largest server group.

    A tier constrains the bisection when the switch-only pods at that tier split some rail's NICs
    (then a cut along pod boundaries sends cross traffic through the tier's uplinks); a rail
    whose NICs all share one leaf needs no uplink however the servers are split.
    """
    servers = graph.devices_of_kind(KIND_SERVER)
    if servers.size < 2:
        return 0.0, 1.0
    comp = tiers.components
    biggest = np.bincount(comp[servers]).argmax()
    members = servers[comp[servers] == biggest]
    in_comp = comp == biggest
    nic_half = float(_server_nic_gbps(graph)[members].sum()) / 2 if members.size > 1 else 0.0
    nic, leaf = _nic_links(graph, nics)
    keep = in_comp[leaf]
    nic, leaf = nic[keep], leaf[keep]
    best = nic_half
    for tier in range(1, tiers.top):
        pods = tiers.switch_pods[tier][leaf]
        if _splits_a_rail(pods, nic):
            up = float(tiers.up_cap[(tiers.level == tier) & in_comp].sum())
            best = min(best, up / 2)
    return best, (best / nic_half if nic_half > 0 else 1.0)


def _server_nic_gbps(graph: FabricGraph) -> np.ndarray:
    """Per device: the capacity of its cabled compute NICs (both ends of a server-to-server link)."""
    nic = graph.fab_nic >= 0
    cap = np.nan_to_num(graph.fab_cap)
    direct = nic & (graph.device_kind[graph.fab_v] == KIND_SERVER)
    return (np.bincount(graph.fab_u[nic], cap[nic], minlength=graph.n_devices)
            + np.bincount(graph.fab_v[direct], cap[direct], minlength=graph.n_devices))


def _splits_a_rail(pods: np.ndarray, nic: np.ndarray) -> bool:
    """True when some NIC index has its links in more than one pod."""
    if pods.size == 0:
        return False
    pairs = unique_ints(nic.astype(np.int64) * (int(pods.max()) + 1) + pods)
    return bool(unique_ints(pairs // (int(pods.max()) + 1)).size < pairs.size)


def _nic_links(graph: FabricGraph, nics: NicLinks | None) -> tuple[np.ndarray, np.ndarray]:
    """(NIC index, leaf device) of every server-to-switch fabric link."""
    nics = nic_links(graph) if nics is None else nics
    return nics.nic, nics.leaf


def hop_stats(graph: FabricGraph, tiers: Tiers, nics: NicLinks | None = None) -> HopStats:
    """Max and mean switch count between the same-index NICs of two servers, per NIC index."""
    nic, leaf = _nic_links(graph, nics)
    by_rail: list[int] = []
    total_pairs, weighted = 0.0, 0.0
    for index in range(int(nic.max()) + 1 if nic.size else 0):
        leaves = leaf[nic == index]
        joined = [_same_pod_pairs(tiers.switch_pods[t][leaves]) for t in range(1, len(tiers.switch_pods))]
        if not joined or joined[-1] == 0:
            by_rail.append(0)
            continue
        final = joined[-1]
        first = next(t for t, pairs in enumerate(joined, start=1) if pairs == final)
        by_rail.append(2 * first - 1)
        previous = 0.0
        for t, pairs in enumerate(joined, start=1):
            weighted += (2 * t - 1) * (pairs - previous)
            previous = pairs
        total_pairs += final
    mean = weighted / total_pairs if total_pairs else 0.0
    return HopStats(max(by_rail, default=0), mean, tuple(by_rail))


def _same_pod_pairs(labels: np.ndarray) -> float:
    counts = np.bincount(labels).astype(np.float64)
    return float((counts * (counts - 1)).sum())


def rail_report(graph: FabricGraph, tiers: Tiers, nics: NicLinks | None = None) -> RailReport:
    nics = nic_links(graph) if nics is None else nics
    nic, leaf = nics.nic, nics.leaf
    used = unique_ints(nic)
    leaves = unique_ints(leaf)
    if leaves.size == 0:
        return RailReport("none", False, int(used.size), 0.0, (), 0)
    if used.size < 2:
        return RailReport("single-nic", False, int(used.size), 1.0, (), 0)
    k = int(nic.max()) + 1
    counts = np.bincount(leaf * k + nic, minlength=graph.n_devices * k).reshape(graph.n_devices, k)[leaves]
    is_rail = counts >= RAIL_SHARE_MIN * counts.max(axis=1, keepdims=True)
    rails_per_leaf = is_rail.sum(axis=1)
    typical = float(np.median(rails_per_leaf))
    if leaves.size == 1 and tiers.top == 1:
        return RailReport("single-switch", False, int(used.size), typical, (), 0)
    position = np.searchsorted(leaves, leaf)
    off = ~is_rail[position, nic]
    off_links = graph.fab_link[nics.at[off]]
    off_refs = _nic_refs(graph, off_links[:MAX_LISTED_IDS])
    strict = rails_per_leaf < used.size
    if strict.all():
        style = "rail-optimized" if not off.any() else "rail-miscabled"
    else:
        style = "top-of-rack" if not strict.any() else "mixed"
    return RailReport(style, style == "rail-optimized", int(used.size), typical, off_refs, int(off.sum()))


def _nic_refs(graph: FabricGraph, links: np.ndarray) -> tuple[str, ...]:
    return tuple(graph.ref(0 if graph.end_nic[0, link] >= 0 else 1, link) for link in links)


def gpu_tier(name: str, gpus: int, per_gpu_gbyte_s: float) -> TierSummary:
    """The scale-up tier: ``per_gpu_gbyte_s`` is one GPU's bandwidth in one direction."""
    return TierSummary(-1, name, gpus, 0.0, gpus * per_gpu_gbyte_s * GBPS_PER_GBYTE_S, None, None, None)
