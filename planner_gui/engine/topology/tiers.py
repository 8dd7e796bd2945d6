"""Tiers of the compute fabric, inferred from connectivity, and the pods at every tier.

A switch's tier is its distance from the nearest server: leaves are 1, spines 2, cores 3. A
link joins a lower and an upper tier (an *uplink* of its lower end, a *downlink* of its upper
end) or two devices of the same tier (a *peer* link). The pods at tier t are the connected
groups of the fabric when only switches of tier <= t are kept; two leaves in one tier-t pod are
at most 2t - 1 switches apart on an up-down path. Everything is vectorised over links.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from planner_gui.engine.topology.graph import KIND_SERVER, FabricGraph

NOT_ON_FABRIC = -1  # level of a switch no server can reach
SERVER_LEVEL = 0
Pods = tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...]]  # (switch_pods, reach) of a Tiers


@dataclass(frozen=True, slots=True, eq=False)
class Tiers:
    level: np.ndarray  # int16 per device: 0 servers, 1 leaves, 2 spines, ...; -1 off the fabric
    top: int  # highest switch tier (0: no switch on the fabric)
    lo: np.ndarray  # per fabric link: the lower end (the link is an uplink of lo); -1 for peer links
    hi: np.ndarray  # per fabric link: the upper end; -1 for peer links
    up_cap: np.ndarray  # Gb/s per device toward the tier above (a server's: its NIC links)
    down_cap: np.ndarray  # Gb/s per device toward the tier below
    peer_cap: np.ndarray  # Gb/s per device to devices of its own tier
    up_links: np.ndarray  # int per device
    down_links: np.ndarray  # int per device
    # [t] for t = 0 .. top (or top + 1 when switches of the top tier have peer links):
    switch_pods: tuple[np.ndarray, ...]  # component label per device, switch links up to tier t only
    reach: tuple[np.ndarray, ...]  # the same with every server link added

    @property
    def components(self) -> np.ndarray:
        """Connected groups of the whole compute fabric (servers included)."""
        return self.reach[-1]

    def switches_at(self, tier: int) -> np.ndarray:
        return np.flatnonzero(self.level == tier)


def connected_labels(n: int, u: np.ndarray, v: np.ndarray, labels: np.ndarray | None = None) -> np.ndarray:
    """Component labels (the smallest index in each component) for an undirected edge list.

    Hook-and-compress: each round hooks the root of the larger label under the smaller one
    along every edge whose ends still differ, then flattens the forest by pointer jumping.
    ``labels`` continues from an earlier result (its components stay merged).
    """
    lab = np.arange(n, dtype=np.int64) if labels is None else labels.astype(np.int64, copy=True)
    while u.size:
        lu, lv = lab[u], lab[v]
        differ = lu != lv
        if not differ.any():
            break
        lu, lv = lu[differ], lv[differ]
        np.minimum.at(lab, np.maximum(lu, lv), np.minimum(lu, lv))
        lab = _compress(lab)
        u, v = u[differ], v[differ]  # edges already joined stay joined
    return lab


def _compress(lab: np.ndarray) -> np.ndarray:
    while True:
        jumped = lab[lab]
        if np.array_equal(jumped, lab):
            return lab
        lab = jumped


def infer_tiers(graph: FabricGraph, level: np.ndarray | None = None, pods: Pods | None = None) -> Tiers:
    """The tiers of ``graph``. ``level`` and ``pods``, when given, are this graph's levels and pods
    already known (topology_incremental.py: one link added or removed); the rest is computed as always."""
    n = graph.n_devices
    level = _bfs_levels(graph) if level is None else level
    lu, lv = level[graph.fab_u], level[graph.fab_v]
    upward = lu < lv
    downward = lu > lv
    lo = np.where(upward, graph.fab_u, np.where(downward, graph.fab_v, -1))
    hi = np.where(upward, graph.fab_v, np.where(downward, graph.fab_u, -1))
    cap = np.nan_to_num(graph.fab_cap)
    vertical = lo >= 0
    peer = ~vertical
    lo_v, hi_v, cap_v = lo[vertical], hi[vertical], cap[vertical]  # each selected once, used twice
    up_cap = np.bincount(lo_v, cap_v, minlength=n)
    down_cap = np.bincount(hi_v, cap_v, minlength=n)
    cap_p = cap[peer]
    peer_cap = (np.bincount(graph.fab_u[peer], cap_p, minlength=n)
                + np.bincount(graph.fab_v[peer], cap_p, minlength=n))
    up_links = np.bincount(lo_v, minlength=n)
    down_links = np.bincount(hi_v, minlength=n)
    top = int(level.max()) if n else 0
    switch_pods, reach = _pods(graph, level, max(top, 0)) if pods is None else pods
    return Tiers(level, max(top, 0), lo, hi, up_cap, down_cap, peer_cap, up_links, down_links,
                 switch_pods, reach)


def _bfs_levels(graph: FabricGraph) -> np.ndarray:
    return hop_levels(graph.device_kind == KIND_SERVER, graph.fab_u, graph.fab_v)


def hop_levels(is_server: np.ndarray, fab_u: np.ndarray, fab_v: np.ndarray) -> np.ndarray:
    """Hop distance of every device from the nearest server over the compute fabric links
    ``fab_u[i] - fab_v[i]`` (servers SERVER_LEVEL, unreached NOT_ON_FABRIC): the engine's tiers and the
    topology view's bands both come from here.

    Each round keeps only the links that still have an unreached end, so the work shrinks tier by
    tier (server links drop out after the first round, leaf uplinks after the second...)."""
    level = np.full(is_server.size, NOT_ON_FABRIC, dtype=np.int16)
    level[is_server] = SERVER_LEVEL
    u, v = fab_u, fab_v
    depth = SERVER_LEVEL
    while u.size:
        lu, lv = level[u], level[v]
        u_open, v_open = lu == NOT_ON_FABRIC, lv == NOT_ON_FABRIC
        reached = np.concatenate((v[(lu == depth) & v_open], u[(lv == depth) & u_open]))
        if reached.size == 0:
            break
        depth += 1
        level[reached] = depth
        still_open = u_open | v_open
        u, v = u[still_open], v[still_open]
    return level


def pod_tier(lu: Any, lv: Any) -> Any:
    """The tier from which a switch-to-switch link joins pods, given its ends' levels (arrays or ints):
    its upper end's tier, or one more for a peer link."""
    return np.maximum(lu, lv) + (lu == lv)


def _pods(graph: FabricGraph, level: np.ndarray, top: int) -> Pods:
    """Switch-only and server-inclusive component labels for every tier 0..top.

    Tier t adds the switch-to-switch links whose higher end is at tier t (peer links between
    switches of tier t count at tier t + 1, so two leaves joined only by a peer link are two
    pods at tier 1), reusing the labels of tier t - 1.
    """
    n = graph.n_devices
    u, v = graph.fab_u, graph.fab_v
    lu, lv = level[u], level[v]
    switch_edge = (lu > SERVER_LEVEL) & (lv > SERVER_LEVEL)
    server_edge = ~switch_edge & (lu >= SERVER_LEVEL) & (lv >= SERVER_LEVEL)
    joins_at = pod_tier(lu, lv)
    labels = np.arange(n, dtype=np.int64)
    switch_pods: list[np.ndarray] = []
    reach: list[np.ndarray] = []
    last = max(top, int(joins_at[switch_edge].max()) if switch_edge.any() else 0)
    for tier in range(last + 1):
        add = switch_edge & (joins_at == tier)
        labels = connected_labels(n, u[add], v[add], labels)
        switch_pods.append(labels)
        allowed = server_edge & (np.maximum(lu, lv) <= tier)
        reach.append(connected_labels(n, u[allowed], v[allowed], labels))
    return tuple(switch_pods), tuple(reach)
