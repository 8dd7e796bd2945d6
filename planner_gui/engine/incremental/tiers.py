"""Tiers after one compute-fabric link is added or removed, without a new breadth-first search or pod pass.

A compute cable edit (server to leaf, leaf to spine, spine to core) changes one entry of the fabric
arrays. Most of the time it moves no device to another tier and splits or joins no pod, and then the
levels and pods of the last analysis hold. Then the link's entry is inserted into or deleted from the
per-link ends, and its capacity added to or taken from its two devices' sums (~0.5 ms at 100,000
GPUs, against ~23 ms for infer_tiers and ~6 ms for infer_tiers with the levels and pods given). That
is exact when every port speed is a whole number of Gb/s, as every catalog speed is: each sum is then
an exact integer whatever the order it is added in; other speeds take infer_tiers with the levels
and pods given. When the levels or pods may change, or the edit is anything else, this returns None
and the caller runs infer_tiers in full. The rules, each exact (results equal a cold run's; tests/
engine/test_incremental_topology.py compares every array):

* levels are hop distances from the servers. A new link between devices whose levels differ by at
  most one shortens no path. Removing a link leaves every distance as it was when its upper end still
  has a neighbour one level down (a removed peer link, between equal levels, is on no shortest path);
* pods are connected groups labelled by their smallest device index (topology_tiers.connected_labels).
  A new link merges its two ends' groups at every tier from the one it joins at: the merged label is
  the smaller one. A removed link splits nothing when its ends are still joined, at the tier it
  joined at, by a path of at most three links (a leaf's other spine and a spine's other leaf, a
  server's other leaf and that leaf's other server); then every tier above is unchanged as well.
  Otherwise the pods are computed afresh.
"""

from __future__ import annotations

import numpy as np

from planner_gui.engine.incremental.failure_layout import OneLink
from planner_gui.engine.topology.graph import FabricGraph
from planner_gui.engine.topology.tiers import NOT_ON_FABRIC, SERVER_LEVEL, Pods, Tiers, infer_tiers, pod_tier


def updated_tiers(old_graph: FabricGraph, old: Tiers, graph: FabricGraph) -> Tiers | None:
    """The tiers of ``graph``, which has the devices of ``old_graph`` and its fabric links but one more or
    one fewer; None when that is not the edit, or when the levels or the pods may have changed."""
    found = updated_tiers_and_link(old_graph, old, graph)
    return None if found is None else found[0]


def updated_tiers_and_link(old_graph: FabricGraph, old: Tiers, graph: FabricGraph) -> tuple[Tiers, OneLink] | None:
    """:func:`updated_tiers`, and which fabric link was added or removed."""
    tiers = _updated_tiers(old_graph, old, graph)
    if tiers is None:
        return None
    new, at = tiers
    ends = new if new.lo.size > old.lo.size else old  # the tiers that have the link
    return new, OneLink(new.lo.size > old.lo.size, at, int(ends.lo[at]), int(ends.hi[at]))


def _updated_tiers(old_graph: FabricGraph, old: Tiers, graph: FabricGraph) -> tuple[Tiers, int] | None:
    change = _single_change(old_graph, graph)
    if change is None:
        return None
    added, a, b, at = change
    la, lb = int(old.level[a]), int(old.level[b])
    if NOT_ON_FABRIC in (la, lb):  # a link reaching a switch no server reached, or reaching no more
        return None
    if added and abs(la - lb) > 1:
        return None
    if not added and la != lb and not _keeps_level(graph, old.level, b if lb > la else a):
        return None
    pods = _added_pods(old, la, lb, a, b) if added else _removed_pods(graph, old, la, lb, a, b)
    if pods is None:
        return None
    if not _whole_speeds(graph):
        return infer_tiers(graph, old.level, pods), at
    cap = float(np.nan_to_num((graph if added else old_graph).fab_cap[at]))
    return _one_link_tiers(old, (added, a, b, at), cap, pods), at


def _whole_speeds(graph: FabricGraph) -> bool:
    """Whether every link speed of ``graph`` is a whole number of Gb/s (its fabric capacities are port
    speeds, or NaN, counted as 0): then every per-device sum of them is exact in any order, and adding
    or taking one link's capacity gives the very float a fresh ``bincount`` would."""
    speeds = graph.port_speeds
    return bool(np.all(speeds == np.floor(speeds))) and float(speeds.max(initial=0.0)) * graph.fab_cap.size < 2.0**53


def _one_link_tiers(old: Tiers, change: tuple[bool, int, int, int], cap: float, pods: Pods) -> Tiers:
    """``old`` with one fabric link (ends ``a`` and ``b``, place ``at``, capacity ``cap``) added or taken
    out: what infer_tiers computes with the levels and pods given, without a pass over every link."""
    added, a, b, at = change
    la, lb = int(old.level[a]), int(old.level[b])
    lo_at, hi_at = (a, b) if la < lb else (b, a) if la > lb else (-1, -1)
    sign = 1 if added else -1
    lo = np.insert(old.lo, at, lo_at) if added else np.delete(old.lo, at)
    hi = np.insert(old.hi, at, hi_at) if added else np.delete(old.hi, at)
    amount = sign * cap
    up_links, down_links = old.up_links.copy(), old.down_links.copy()
    if lo_at >= 0:
        up_links[lo_at] += sign
        down_links[hi_at] += sign
        left = bool(np.any(lo >= 0))
        up_cap, down_cap = _add(old.up_cap, (lo_at,), amount, left), _add(old.down_cap, (hi_at,), amount, left)
        peer_cap = old.peer_cap.copy()
    else:  # a peer link counts at both ends (twice on one device joined to itself, as bincount has it)
        up_cap, down_cap = old.up_cap.copy(), old.down_cap.copy()
        peer_cap = _add(old.peer_cap, (a, b), amount, bool(np.any(lo < 0)))
    return Tiers(old.level, old.top, lo, hi, up_cap, down_cap, peer_cap, up_links, down_links, *pods)


def _add(sums: np.ndarray, at: tuple[int, ...], amount: float, links_left: bool) -> np.ndarray:
    """``sums`` with ``amount`` added at each place in ``at``, typed as infer_tiers' ``bincount`` types
    them: float64 while any link of their kind is left, integer zeros when none is (a sum of nothing)."""
    if not links_left:
        return np.zeros(sums.size, dtype=np.intp)
    out = sums.astype(np.float64)  # a copy: float64 already, or the integer zeros of no link before this one
    for i in at:
        out[i] += amount
    return out


def _single_change(old: FabricGraph, new: FabricGraph) -> tuple[bool, int, int, int] | None:
    """(added, u, v, place) when ``new``'s fabric ends and speeds are ``old``'s with one entry inserted
    (added) or deleted at ``place``; None otherwise. Tiers read nothing else of a fabric link."""
    if abs(old.fab_u.size - new.fab_u.size) != 1:
        return None
    added = new.fab_u.size > old.fab_u.size
    longer, shorter = (new, old) if added else (old, new)
    m = shorter.fab_u.size
    lnic, snic = _fab_nics(longer), _fab_nics(shorter)  # a cable moved to another NIC changes no end or speed
    differ = ((longer.fab_u[:m] != shorter.fab_u) | (longer.fab_v[:m] != shorter.fab_v)
              | (lnic[:m] != snic) | ~_same_speed(longer.fab_cap[:m], shorter.fab_cap))
    i = int(np.argmax(differ)) if differ.any() else m
    rest_same = (np.array_equal(longer.fab_u[i + 1:], shorter.fab_u[i:])
                 and np.array_equal(longer.fab_v[i + 1:], shorter.fab_v[i:])
                 and np.array_equal(lnic[i + 1:], snic[i:])
                 and np.array_equal(longer.fab_cap[i + 1:], shorter.fab_cap[i:], equal_nan=True))
    return (added, int(longer.fab_u[i]), int(longer.fab_v[i]), i) if rest_same else None


def _fab_nics(graph: FabricGraph) -> np.ndarray:
    """Both ends' NIC index of each fabric entry as one int32 (the int16 pair of a link read as one number):
    a third of the time of gathering and comparing the (2, L) pairs, ~11 ms at 100,000 GPUs."""
    pairs = np.ascontiguousarray(graph.end_nic.T, dtype=np.int16).view(np.int32).ravel()
    return pairs[graph.fab_link]


def _same_speed(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return (x == y) | (np.isnan(x) & np.isnan(y))


def _keeps_level(graph: FabricGraph, level: np.ndarray, upper: int) -> bool:
    """Whether ``upper`` still has a neighbour one level below it in ``graph`` (the link is gone)."""
    u, v = graph.fab_u, graph.fab_v
    neighbours = np.concatenate((v[u == upper], u[v == upper]))
    return bool((level[neighbours] == level[upper] - 1).any())


def _start_tier(la: int, lb: int) -> tuple[bool, int]:
    """(a switch-to-switch link?, the first pod tier the link is part of), as topology_tiers._pods has it."""
    switch_link = la > SERVER_LEVEL and lb > SERVER_LEVEL
    return switch_link, int(pod_tier(la, lb)) if switch_link else max(la, lb)


def _added_pods(old: Tiers, la: int, lb: int, a: int, b: int) -> Pods | None:
    switch_link, start = _start_tier(la, lb)
    if start >= len(old.switch_pods):  # a peer link between top-tier switches adds a pod tier
        return None
    switch_pods, reach = list(old.switch_pods), list(old.reach)
    for tier in range(start, len(reach)):
        if switch_link:
            switch_pods[tier] = _merged(switch_pods[tier], a, b)
        reach[tier] = _merged(reach[tier], a, b)
    return tuple(switch_pods), tuple(reach)


def _merged(labels: np.ndarray, a: int, b: int) -> np.ndarray:
    """``labels`` with the groups of ``a`` and ``b`` joined under the smaller label (each group's
    smallest device index, as connected_labels gives it)."""
    first, second = int(labels[a]), int(labels[b])
    if first == second:
        return labels
    joined = labels.copy()
    joined[labels == max(first, second)] = min(first, second)
    return joined


def _removed_pods(graph: FabricGraph, old: Tiers, la: int, lb: int, a: int, b: int) -> Pods | None:
    switch_link, start = _start_tier(la, lb)
    if start >= len(old.switch_pods) - 1 and start > old.top:  # the last pod tier may go with it
        return None
    lu, lv = old.level[graph.fab_u], old.level[graph.fab_v]
    switches = (lu > SERVER_LEVEL) & (lv > SERVER_LEVEL)
    allowed = switches & (pod_tier(lu, lv) <= start)
    if not switch_link:  # a server link: the groups with server links (reach), not the switch-only pods
        allowed |= ~switches & (lu >= SERVER_LEVEL) & (lv >= SERVER_LEVEL) & (np.maximum(lu, lv) <= start)
    if not _joined_within_three(graph, allowed, a, b):
        return None
    return old.switch_pods, old.reach


def _joined_within_three(graph: FabricGraph, allowed: np.ndarray, a: int, b: int) -> bool:
    """Whether a path of at most three ``allowed`` fabric links joins ``a`` and ``b``."""
    u, v = graph.fab_u[allowed], graph.fab_v[allowed]
    near_a = np.concatenate((v[u == a], u[v == a]))
    near_b = np.concatenate((v[u == b], u[v == b]))
    if (near_a == b).any():  # a parallel link
        return True
    in_a = np.zeros(graph.n_devices, dtype=bool)
    in_b = np.zeros(graph.n_devices, dtype=bool)
    in_a[near_a] = True
    in_b[near_b] = True
    if (in_a & in_b).any():
        return True
    return bool((in_a[u] & in_b[v]).any() or (in_b[u] & in_a[v]).any())
