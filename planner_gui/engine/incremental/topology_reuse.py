"""Reusing the compute-fabric half of a topology report after an edit that leaves the fabric as it was.

Most links of a large design are not on the compute fabric: at 100,000 GPUs about half are storage
and management cables, and some of those join switches of a fabric model that no server reaches
over a compute port (a management spine and core built from the same switch). Adding or removing
one of those changes the port counts, speed steps and cable findings, which are cheap, but not the
tiers, pods, failures, bisection, hops or rails, which are most of the cost of topology analysis
(~60 ms of ~100). Those figures are a function of the devices (their order and hardware) and of the
links on the fabric (their ends, speeds, NIC indices and link objects), so they are kept in the running
cache's store (store.py) and served again when all of these are unchanged:

* same catalog object, same device ids in the same order with the same (catalog id, NIC, NIC count);
* the same on-fabric entries of the fabric arrays (which ends, what speed, which NIC), compared
  with numpy; an entry is on the fabric when its ends have a tier (level >= 0). A fabric-array link
  between two devices no server reaches adds nothing to tiers, pods or failures (breadth-first
  search cannot reach it, it is a "peer" link of level -1), so only the per-link tier arrays and
  the peer capacities are redone for it (:func:`_retiered`);
* the on-fabric links are the same Link objects in the same order (their positions among all links
  may shift, when a cable before them is removed), so the ids and port references a report lists
  are the same.

After a compute cable is added or removed, the tiers (levels and pods) are updated for that one link
when it moves no device to another tier and splits no pod (:func:`updated_part_tiers`,
topology_incremental.py). When the pods are then the very same arrays, so is most of what the
failure analysis reads (topology_failure_layout.py: the kept layout gets that link's entry), and,
for a cable between two switches, every figure that follows from the devices, the NIC links and the
pods alone (topology.NIC_FIELDS: rails, hops, unconnected NICs, server groups...) is the kept one.
The capacity figures (tier sums, oversubscription, bisection, failures) are computed again. Anything
else (a device moved to other hardware, several cables at once) computes afresh. Results are
identical to a cold run either way; tests/engine/test_topology_cabling.py, test_incremental_topology.py
and test_edit_reuse.py check it.
"""

from __future__ import annotations

import dataclasses
import operator
from dataclasses import dataclass
from typing import Any

import numpy as np

from planner_gui.engine.incremental.failure_layout import FailureLayout, layout_with_link
from planner_gui.engine.incremental.store import kept
from planner_gui.engine.incremental.tiers import updated_tiers_and_link
from planner_gui.engine.topology.graph import FabricGraph
from planner_gui.engine.topology.tiers import NOT_ON_FABRIC, Tiers
from planner_gui.engine.util.arrays import common_prefix

_DEVICE_ARRAYS = ("device_kind", "compute_ports", "switch_ports")
_LINK_ARRAYS = ("fab_u", "fab_v", "fab_nic")


@dataclass(frozen=True, slots=True)
class FabricPart:
    """What follows from the devices and the compute fabric alone, and the graph it came from."""

    catalog: Any
    graph: FabricGraph
    tiers: Tiers
    ratios: np.ndarray
    fields: dict[str, Any]  # TopologyReport fields
    layout: FailureLayout | None = None  # what the failure analysis read of the fabric's shape


_PART = "fabric_part"  # its name in the running cache's store (store.py)


def reusable_part(catalog: Any, graph: FabricGraph) -> FabricPart | None:
    """The part kept by the last run, fitted to ``graph`` when it has the same devices and compute
    fabric; None when it has not."""
    part = _kept_part(catalog, graph)
    if part is None:
        return None
    level = part.tiers.level
    old_on, new_on = _on_fabric(part.graph, level), _on_fabric(graph, level)
    if not (same_links(part.graph, old_on, graph, new_on) and same_link_objects(part.graph, old_on, graph, new_on)):
        return None
    if old_on.all() and new_on.all() and part.graph.fab_u.size == graph.fab_u.size:
        return dataclasses.replace(part, graph=graph)  # not a single fabric-array link changed
    fields = {**part.fields, "fabric_links": int(graph.fab_link.size)}
    tiers = _retiered(part.tiers, graph)
    # the same vertical links in the same order, at other places in the fabric arrays
    layout = None if part.layout is None else dataclasses.replace(part.layout, vidx=np.flatnonzero(tiers.lo >= 0))
    return dataclasses.replace(part, graph=graph, tiers=tiers, fields=fields, layout=layout)


def updated_part_tiers(catalog: Any, graph: FabricGraph, nic_fields: tuple[str, ...] = ()
                       ) -> tuple[Tiers, FailureLayout | None, dict[str, Any] | None] | None:
    """The tiers of ``graph`` from the part the last run kept when ``graph`` has its devices and one
    compute link more or fewer (topology_incremental.py); None when they must be inferred afresh.

    When the pods are the very same arrays (none split or merged), also the kept failure layout updated
    for that link and, when the link joins two switches, the kept report fields named ``nic_fields``
    (those that follow from the devices, the NIC links and the pods alone); else None for either."""
    part = _kept_part(catalog, graph)
    found = None if part is None else updated_tiers_and_link(part.graph, part.tiers, graph)
    if found is None:
        return None
    tiers, link = found
    old = part.tiers
    same_pods = (len(tiers.reach) == len(old.reach) and all(map(operator.is_, tiers.reach, old.reach))
                 and len(tiers.switch_pods) == len(old.switch_pods)
                 and all(map(operator.is_, tiers.switch_pods, old.switch_pods)))
    if not same_pods:
        return tiers, None, None
    layout = None if part.layout is None else layout_with_link(part.layout, tiers, link)
    on_server = (graph if link.added else part.graph).fab_nic[link.at] >= 0
    return tiers, layout, None if on_server else {name: part.fields[name] for name in nic_fields}


def _kept_part(catalog: Any, graph: FabricGraph) -> FabricPart | None:
    """The part the last run kept when it was made with ``catalog`` over the devices of ``graph``."""
    part = kept().get(_PART)
    return part if part is not None and part.catalog is catalog and same_devices(part.graph, graph) else None


def keep_part(part: FabricPart) -> None:
    kept()[_PART] = part


def same_devices(old: FabricGraph, new: FabricGraph) -> bool:
    if old.device_ids != new.device_ids or old.model_keys != new.model_keys:
        return False
    if (old.model is None) != (new.model is None) or (old.model is not None and not np.array_equal(old.model,
                                                                                                    new.model)):
        return False
    return all(np.array_equal(getattr(old, name), getattr(new, name)) for name in _DEVICE_ARRAYS)


def same_links(old: FabricGraph, old_on: np.ndarray, new: FabricGraph, new_on: np.ndarray) -> bool:
    """The on-fabric entries of the fabric arrays are equal."""
    if int(old_on.sum()) != int(new_on.sum()):
        return False
    if not all(np.array_equal(getattr(old, name)[old_on], getattr(new, name)[new_on]) for name in _LINK_ARRAYS):
        return False
    return np.array_equal(old.fab_cap[old_on], new.fab_cap[new_on], equal_nan=True)


def same_link_objects(old: FabricGraph, old_on: np.ndarray, new: FabricGraph, new_on: np.ndarray) -> bool:
    """Whether the on-fabric links of the two graphs are the same Link objects, in the same order.

    The leading links both lists share (a C-level pointer walk) hold the same links at the same
    positions; only the on-fabric links after them are looked up and compared one by one (a few
    thousand after a cable near the end of the list changed, ~300,000 at most)."""
    old_links, new_links = _objects(old), _objects(new)
    if old_links is None or new_links is None:
        return False
    old_fab, new_fab = old.fab_link[old_on], new.fab_link[new_on]
    shared = common_prefix(old_links, new_links)
    start = int(np.searchsorted(old_fab, shared))  # the first on-fabric link past the shared part
    if not np.array_equal(old_fab[:start], new_fab[:start]):
        return False
    old_rest = list(map(old_links.__getitem__, old_fab[start:].tolist()))
    return old_rest == list(map(new_links.__getitem__, new_fab[start:].tolist()))  # identity first


def _on_fabric(graph: FabricGraph, level: np.ndarray) -> np.ndarray:
    """Per fabric-array link: does it touch a device that has a tier? (A link with one end on the
    fabric has both: breadth-first search crosses every fabric-array link.)"""
    return (level[graph.fab_u] != NOT_ON_FABRIC) | (level[graph.fab_v] != NOT_ON_FABRIC)


def _retiered(tiers: Tiers, graph: FabricGraph) -> Tiers:
    """``tiers`` for ``graph``, whose links off the fabric differ: infer_tiers' per-link ends and peer
    capacities again (the levels, capacities up and down, and pods are those of the fabric, unchanged)."""
    lu, lv = tiers.level[graph.fab_u], tiers.level[graph.fab_v]
    upward, downward = lu < lv, lu > lv
    lo = np.where(upward, graph.fab_u, np.where(downward, graph.fab_v, -1))
    hi = np.where(upward, graph.fab_v, np.where(downward, graph.fab_u, -1))
    peer = lo < 0
    cap = np.nan_to_num(graph.fab_cap)[peer]
    n = graph.n_devices
    peer_cap = np.bincount(graph.fab_u[peer], cap, minlength=n) + np.bincount(graph.fab_v[peer], cap, minlength=n)
    return dataclasses.replace(tiers, lo=lo, hi=hi, peer_cap=peer_cap)


def _objects(graph: FabricGraph) -> list[Any] | None:
    """The graph's Link objects; None for a graph built without them (then nothing is reused)."""
    return getattr(graph.link_ids, "objects", None)
