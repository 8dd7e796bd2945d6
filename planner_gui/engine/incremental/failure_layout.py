"""The shape of the fabric the failure analysis reads, kept from one compute-cable edit to the next.

Single-failure analysis (topology_failures.py) works on the *vertical* fabric links (a lower tier to
the next): the pod each leaves (its lower end's pod at that tier), and the (pod, upper switch) pairs
they form. None of this depends on link capacities; at 100,000 GPUs it is ~300,000 links and most of
the analysis' cost (gathers over every link and a sort to number the pairs). After one compute cable
is added or removed with the levels and pods unchanged (topology_incremental.py), it is the old
layout with that link's entry inserted or deleted: :func:`layout_with_link` does that without a pass
per field. Pairs stay numbered in the order of their keys, as a fresh :func:`failure_layout` numbers
them, so every array equals a fresh one (tests/engine/test_incremental_topology.py compares them).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from planner_gui.engine.topology.graph import KIND_SERVER, FabricGraph
from planner_gui.engine.topology.tiers import Tiers
from planner_gui.engine.util.arrays import unique_inverse


@dataclass(frozen=True, slots=True, eq=False)
class OneLink:
    """One fabric-array entry added or removed: its place in the fabric arrays (of the graph that has
    it) and its lower and upper ends (-1, -1 for a peer link)."""

    added: bool
    at: int
    lo: int
    hi: int


@dataclass(frozen=True, slots=True, eq=False)
class FailureLayout:
    """Per vertical link (in fabric-array order) and per (pod, upper switch) pair, and per device.

    A pair whose last link was removed stays, with no links (``pair_links`` 0), so that removing a cable
    and adding it back renumbers nothing; the analysis leaves such pairs out."""

    vidx: np.ndarray  # intp: positions of the vertical links in the fabric arrays, ascending
    level: np.ndarray  # int64: the lower end's tier
    pod_key: np.ndarray  # int64: tier * n + the lower end's pod label at that tier
    pod_comp: np.ndarray  # servers in the lower end's fabric component
    inverse: np.ndarray  # intp: the link's pair number
    pair_key: np.ndarray  # int64, ascending: pod_key * n + upper end, per pair
    pair_pod: np.ndarray  # int64 pod_key of the pair
    pair_switch: np.ndarray  # its upper switch
    pair_comp: np.ndarray  # pod_comp of its pod
    pair_links: np.ndarray  # intp: links in the pair (0: none left)
    dev_on: np.ndarray  # intp: devices with a tier
    dev_key: np.ndarray  # int64: their pod keys at their own tier
    pod_servers: np.ndarray  # int64 per pod key: servers in the pod
    comp_servers: np.ndarray  # int64 per component label: servers in the component


def failure_layout(graph: FabricGraph, tiers: Tiers) -> FailureLayout:
    n = graph.n_devices
    vidx = np.flatnonzero(tiers.lo >= 0)
    lo, hi = tiers.lo[vidx], tiers.hi[vidx]
    level = tiers.level[lo].astype(np.int64)
    reach = np.stack(tiers.reach)
    pod_key = level * n + reach[level, lo]
    servers = graph.devices_of_kind(KIND_SERVER)
    comp_servers = np.bincount(tiers.components[servers], minlength=n)
    pod_comp = comp_servers[tiers.components[lo]]
    pair_key, inverse = unique_inverse(pod_key * n + hi)
    first = np.zeros(pair_key.size, dtype=np.int64)
    first[inverse] = np.arange(inverse.size)  # any link of the pair: all give its pod and switch
    dev_on = np.flatnonzero(tiers.level >= 0)
    dev_key = tiers.level[dev_on].astype(np.int64) * n + reach[tiers.level[dev_on], dev_on]
    pod_servers = np.concatenate([np.bincount(reach[t][servers], minlength=n) for t in range(reach.shape[0])])
    return FailureLayout(vidx, level, pod_key, pod_comp, inverse, pair_key, pod_key[first], hi[first],
                         pod_comp[first], np.bincount(inverse, minlength=pair_key.size), dev_on, dev_key,
                         pod_servers, comp_servers)


def layout_with_link(old: FailureLayout, tiers: Tiers, link: OneLink) -> FailureLayout:
    """``old`` (the layout of a graph) for the graph with ``link`` added or removed, whose ``tiers`` have
    the old levels and pods (topology_incremental.updated_tiers)."""
    p = int(np.searchsorted(old.vidx, link.at))
    if link.lo < 0:  # a peer link: no vertical link, no pair changes; the fabric entries after it move
        vidx = old.vidx.copy()
        vidx[p:] += 1 if link.added else -1
        return dataclasses.replace(old, vidx=vidx)
    pair_links = old.pair_links.copy()
    if not link.added:
        vidx = np.delete(old.vidx, p)
        vidx[p:] -= 1
        pair_links[old.inverse[p]] -= 1
        return dataclasses.replace(old, vidx=vidx, pair_links=pair_links,
                                   **{name: np.delete(getattr(old, name), p) for name in _PER_LINK})
    n = tiers.level.size
    level = int(tiers.level[link.lo])
    pod_key = level * n + int(tiers.reach[level][link.lo])
    pod_comp = int(old.comp_servers[tiers.components[link.lo]])
    vidx = np.insert(old.vidx, p, link.at)
    vidx[p + 1:] += 1
    vertical = {"vidx": vidx, "level": np.insert(old.level, p, level),
                "pod_key": np.insert(old.pod_key, p, pod_key), "pod_comp": np.insert(old.pod_comp, p, pod_comp)}
    key = pod_key * n + link.hi
    q = int(np.searchsorted(old.pair_key, key))
    if q < old.pair_key.size and old.pair_key[q] == key:  # a pair that has (or had) links
        pair_links[q] += 1
        return dataclasses.replace(old, **vertical, inverse=np.insert(old.inverse, p, q), pair_links=pair_links)
    inverse = np.insert(old.inverse + (old.inverse >= q), p, q)  # a new pair, numbered in key order
    return dataclasses.replace(
        old, **vertical, inverse=inverse, pair_key=np.insert(old.pair_key, q, key),
        pair_pod=np.insert(old.pair_pod, q, pod_key), pair_switch=np.insert(old.pair_switch, q, link.hi),
        pair_comp=np.insert(old.pair_comp, q, pod_comp), pair_links=np.insert(old.pair_links, q, 1))


_PER_LINK = ("level", "pod_key", "pod_comp", "inverse")  # per vertical link, besides vidx
