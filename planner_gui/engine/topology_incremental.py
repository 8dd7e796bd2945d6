"""Tiers after one compute-fabric link is added or removed, without a new breadth-first search or pod pass.

A compute cable edit (server to leaf, leaf to spine, spine to core) changes one entry of the fabric
arrays. Most of the time it moves no device to another tier and splits or joins no pod, and then the
levels and pods of the last analysis hold; only the per-link ends and the per-device capacities are
recomputed (infer_tiers with the levels and pods given, ~6 ms at 100,000 GPUs against ~23 ms). When
the levels or pods may change, or the edit is anything else, this returns None and the caller runs
infer_tiers in full. The rules, each exact (results equal a cold run's; tests/engine/
test_incremental_topology.py compares every array):

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

from planner_gui.engine.topology_graph import FabricGraph
from planner_gui.engine.topology_tiers import NOT_ON_FABRIC, SERVER_LEVEL, Pods, Tiers, infer_tiers, pod_tier


def updated_tiers(old_graph: FabricGraph, old: Tiers, graph: FabricGraph) -> Tiers | None:
    """The tiers of ``graph``, which has the devices of ``old_graph`` and its fabric links but one more or
    one fewer; None when that is not the edit, or when the levels or the pods may have changed."""
    change = _single_change(old_graph, graph)
    if change is None:
        return None
    added, a, b = change
    la, lb = int(old.level[a]), int(old.level[b])
    if NOT_ON_FABRIC in (la, lb):  # a link reaching a switch no server reached, or reaching no more
        return None
    if added and abs(la - lb) > 1:
        return None
    if not added and la != lb and not _keeps_level(graph, old.level, b if lb > la else a):
        return None
    pods = _added_pods(old, la, lb, a, b) if added else _removed_pods(graph, old, la, lb, a, b)
    return None if pods is None else infer_tiers(graph, old.level, pods)


def _single_change(old: FabricGraph, new: FabricGraph) -> tuple[bool, int, int] | None:
    """(added, u, v) when ``new``'s fabric ends and speeds are ``old``'s with one entry inserted (added)
    or deleted; None otherwise. Tiers read nothing else of a fabric link."""
    if abs(old.fab_u.size - new.fab_u.size) != 1:
        return None
    added = new.fab_u.size > old.fab_u.size
    longer, shorter = (new, old) if added else (old, new)
    m = shorter.fab_u.size
    differ = ((longer.fab_u[:m] != shorter.fab_u) | (longer.fab_v[:m] != shorter.fab_v)
              | ~_same_speed(longer.fab_cap[:m], shorter.fab_cap))
    i = int(np.argmax(differ)) if differ.any() else m
    rest_same = (np.array_equal(longer.fab_u[i + 1:], shorter.fab_u[i:])
                 and np.array_equal(longer.fab_v[i + 1:], shorter.fab_v[i:])
                 and np.array_equal(longer.fab_cap[i + 1:], shorter.fab_cap[i:], equal_nan=True))
    return (added, int(longer.fab_u[i]), int(longer.fab_v[i])) if rest_same else None


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
