"""How loaded each link is when the design runs its headline traffic: a fraction of line rate per link.

The headline traffic is the largest job's AllReduce at 1 GiB (``HEADLINE_BUSBW_BYTES``, the message
size the status bar and the proposal quote), exactly as the collective model predicts it: the
busbw, the algorithm NCCL picks, and the fabric effects the model applied (oversubscription, ECMP
hashing). Each link gets the traffic one direction of it carries divided by its line rate
(AllReduce is symmetric, so both directions carry the same). Derivation, per kind of link:

* **NIC → leaf** (and server-to-server) links of the job's servers. The collective model limits each
  algorithm by the bytes a node must push through its NICs per byte of the buffer (collectives/
  algorithms.py ``_allreduce_terms``): a ring sends 2(N-1)/N of the buffer per node (every rank sends
  that much to its successor and one successor per node and channel is on another node: NCCL's bus
  bandwidth, docs/models/collectives.md; a DGX A100's 192 GB/s busbw on 8 x 200G is 96 % of its NICs, nccl#812);
  the double binary trees (tree, NVLSTree) send the busiest node's ``tree_egress_factor`` (dbtree.py);
  NVLS with SHARP and CollNet send the buffer once. So a node sends algbw x that factor, shared
  evenly by its cabled compute NICs (``NETWORK_EGRESS``). Servers outside the job carry nothing.
* **Uplinks** (a switch of tier t to tier t + 1). The collective model charges uniform rail-matched
  traffic (NIC i of every node to NIC i of every other node): of the traffic of a pod's D_i NICs of
  rail i, the share 1 - D_i / N_i has its destination outside the pod (topology_metrics'
  ``collective_oversubscription``, the same formula). What leaves a pod is shared by its tier-t
  switches in proportion to what reached them from below, and by each switch's uplinks in proportion
  to their speed. On a 2:1 leaf whose traffic all leaves, the uplinks carry twice the host links'
  load; with the model's rate cut by the same 2:1, they run at the NIC efficiency (96 %) and the host
  links at half of it.
* **ECMP** (RoCE/TCPX without adaptive routing, a spine in the path): the model says the hashed flows
  keep only a share e = 1 - (1 - 1/k)^k of the equal-cost paths busy (collectives/hardware.py
  ``_ecmp_efficiency``); a busy path carries 1/e of the mean, and that is what an uplink shows (the
  load of the paths that are used: the ones a user must worry about).
* **Peer links** between switches of one tier carry no traffic in the model: NaN ("not modelled").
* **Storage** links: the training workload's data-loading rate (training/storage.py
  ``data_rate_needed_gbs``) shared by the job's nodes, on each node's storage NICs; links of the
  storage systems carry the whole rate shared in proportion to their speed. Without a storage
  model (no workload, or local NVMe with no network in the path) storage links read 0.
* **Management** links and everything else: 0. NVLink has no links in a design (it is inside a
  server or an NVL rack, described by the server's catalog entry), so it has nothing to colour.

Pure numpy over the link arrays the topology already holds (one bincount per tier, no Python loop
per link): benchmarks/gui_views.py measures it on 100,000-GPU designs. No Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from planner_gui.engine.collectives.dbtree import tree_egress_factor
from planner_gui.engine.collectives.fabric_profile import job_servers
from planner_gui.engine.collectives.hardware import BITS_PER_BYTE, SPINE_HOPS, _ecmp_efficiency
from planner_gui.engine.collectives.profile import FabricProfile
from planner_gui.engine.sections.results import HEADLINE_BUSBW_BYTES
from planner_gui.engine.topology.graph import KIND_SERVER, ROLE_STORAGE
from planner_gui.engine.topology.report import TopologyReport
from planner_gui.engine.training.storage import StorageKind

# Buffers a node sends over the network per buffer of algbw, by NCCL algorithm, as the collective
# model charges them (collectives/algorithms.py _allreduce_terms; module docstring).
NETWORK_EGRESS: dict[str, Callable[[int, int], float]] = {
    "ring": lambda ranks, nodes: 2.0 * (ranks - 1) / ranks,
    "tree": lambda ranks, nodes: tree_egress_factor(nodes),
    "nvlstree": lambda ranks, nodes: tree_egress_factor(nodes),
    "nvls": lambda ranks, nodes: 1.0,
    "collnet": lambda ranks, nodes: 1.0,
}
PERCENTILE_HIGH = 95  # the summary's "p95": the load most links stay under
TIER_NAMES = {0: "nic", 1: "leaf_up", 2: "spine_up", 3: "core_up"}  # summary keys by the lower end's tier


@dataclass(frozen=True, eq=False)
class LinkUtilisation(Mapping[str, float]):
    """Utilisation per link id (0..1, above 1 when over-driven, NaN when not modelled).

    A Mapping for callers that look links up by id; ``loads`` (in ``link_ids`` order, the design's
    link order) for vectorised ones. ``tier`` is the tier of a fabric link's lower end (0: a NIC
    link, 1: a leaf uplink...), -1 for links off the compute fabric.
    """

    link_ids: Sequence[str]
    loads: np.ndarray
    tier: np.ndarray
    _index: dict[str, int] | None = field(default=None, repr=False)

    def _lookup(self) -> dict[str, int]:
        if self._index is None:  # built on the first lookup by id only: most readers use the arrays
            object.__setattr__(self, "_index", {lid: i for i, lid in enumerate(self.link_ids)})
        return self._index  # type: ignore[return-value]

    def __getitem__(self, link_id: str) -> float:
        return float(self.loads[self._lookup()[link_id]])

    def __iter__(self) -> Iterator[str]:
        return iter(self.link_ids)

    def __len__(self) -> int:
        return len(self.link_ids)

    def summary(self) -> dict[str, dict[str, float | int | None]]:
        """max, p95 and count of modelled links per tier (what a report or ``analyze --json`` would show)."""
        result: dict[str, dict[str, float | int | None]] = {}
        for tier, name in TIER_NAMES.items():
            picked = self.loads[(self.tier == tier) & np.isfinite(self.loads)]
            result[name] = {"links": int(picked.size),
                            "max": float(picked.max()) if picked.size else None,
                            "p95": float(np.percentile(picked, PERCENTILE_HIGH)) if picked.size else None}
        return result

    def to_json(self) -> dict[str, Any]:
        return self.summary()


def link_utilisation(topo: TopologyReport, profile: FabricProfile | None, algbw_gbyte_s: float | None,
                     algorithm: str = "ring", storage: Any = None) -> LinkUtilisation:
    """Utilisation of every link of ``topo``'s design (see the module docstring for the derivation).

    ``algbw_gbyte_s`` and ``algorithm``: the collective model's AllReduce at the headline size;
    ``storage``: the analysis' StorageSection, or None.
    """
    graph, tiers = topo.graph, topo.tier_data
    n_links = len(graph.link_ids)
    values = np.zeros(n_links)
    tier = np.full(n_links, -1, dtype=np.int16)
    lo = tiers.lo
    vertical = lo >= 0
    up_tier = np.where(vertical, tiers.level[np.maximum(lo, 0)], -1)  # the tier an uplink leaves; -1 others
    nic = graph.fab_nic >= 0
    tier[graph.fab_link] = np.where(nic, 0, up_tier)
    if profile is not None and algbw_gbyte_s is not None and profile.nodes > 1 and np.isfinite(algbw_gbyte_s):
        egress = NETWORK_EGRESS.get(algorithm, NETWORK_EGRESS["ring"])(profile.ranks, profile.nodes)
        node_gbps = algbw_gbyte_s * BITS_PER_BYTE * egress / profile.hosts_per_domain  # per server of a domain
        flow = _fabric_flows(topo, job_servers(topo), node_gbps, _busy_path_factor(profile), up_tier)
        with np.errstate(divide="ignore", invalid="ignore"):
            loads = np.where(graph.fab_cap > 0, flow / graph.fab_cap, np.nan)
    else:
        loads = np.zeros(graph.fab_link.size)
    loads[~vertical & ~nic] = np.nan  # switch peer links: not modelled
    values[graph.fab_link] = loads
    if storage is not None:
        _storage_loads(topo, storage, values)
    return LinkUtilisation(graph.link_ids, values, tier)


def analysis_link_utilisation(topo: TopologyReport, collectives: Any, storage: Any) -> LinkUtilisation:
    """The analysis' section: the headline AllReduce of ``collectives`` (a CollectivesSection, or None
    when the design has no job: every fabric link then reads 0)."""
    point = None if collectives is None else collectives.point("allreduce", HEADLINE_BUSBW_BYTES)
    if point is None:
        return link_utilisation(topo, None, None, storage=storage)
    return link_utilisation(topo, collectives.profile, point.algbw_GBps, point.algorithm, storage)


def _busy_path_factor(profile: FabricProfile) -> float:
    """1 / e with hashed ECMP on a spine path (the load of a busy path over the mean), else 1: the
    collective model's own share of busy paths (collectives/hardware.py)."""
    return 1.0 / _ecmp_efficiency(profile) if profile.hops >= SPINE_HOPS else 1.0


def _fabric_flows(topo: TopologyReport, members: np.ndarray, node_gbps: float, busy: float, up_tier: np.ndarray
                  ) -> np.ndarray:
    """Gb/s one direction of every fabric link carries (graph.fab_* order); ``up_tier``: per fabric link,
    the tier of its lower end (-1 for a peer link).

    Links are picked by index arrays computed once (``np.flatnonzero``) rather than by boolean masks
    applied several times: the same elements in the same order, so every sum is the same, with fewer
    passes over the ~340,000 fabric links of a 100,000-GPU design."""
    graph, tiers = topo.graph, topo.tier_data
    n = graph.n_devices
    flow = np.zeros(graph.fab_link.size)
    in_job = np.zeros(n, dtype=bool)
    in_job[members] = True
    nic = (graph.fab_nic >= 0) & in_job[graph.fab_u]
    nic_at = np.flatnonzero(nic)
    servers = graph.fab_u[nic_at]
    nics_of = np.bincount(servers, minlength=n)
    flow[nic_at] = node_gbps / np.maximum(nics_of[servers], 1)
    to_switch = nic_at[graph.device_kind[graph.fab_v[nic_at]] != KIND_SERVER]
    leaving = _leaving_share(topo, to_switch, flow)
    lo, hi = tiers.lo, tiers.hi
    vertical = lo >= 0
    arrived = np.bincount(hi[to_switch], flow[to_switch], minlength=n)
    up_cap = np.maximum(tiers.up_cap, np.finfo(float).tiny)
    cap = np.nan_to_num(graph.fab_cap)
    for t in range(1, tiers.top + 1):
        pods = tiers.switch_pods[t]
        at_t = tiers.level == t
        pod_arrived = np.bincount(pods[at_t], arrived[at_t], minlength=n)
        with np.errstate(divide="ignore", invalid="ignore"):
            share = np.where(pod_arrived > 0, leaving[t] / pod_arrived, 0.0)  # per pod label
        ups = np.flatnonzero(up_tier == t)
        src = lo[ups]
        carried = arrived[src] * np.minimum(share[pods[src]], 1.0) * cap[ups] / up_cap[src]
        flow[ups] = carried
        arrived = arrived + np.bincount(hi[ups], carried, minlength=n)
    flow[vertical & ~nic] *= busy  # uplinks: the load of a busy path under ECMP hashing
    return flow


def _leaving_share(topo: TopologyReport, nic: np.ndarray, flow: np.ndarray) -> dict[int, np.ndarray]:
    """Per tier t, per pod label: Gb/s of NIC traffic whose destination is outside the pod
    (sum over rails i of T_i x (1 - D_i / N_i), uniform rail-matched traffic as the model charges it).
    ``nic``: the positions of the server-to-switch links in the fabric arrays."""
    graph, tiers = topo.graph, topo.tier_data
    n = graph.n_devices
    leaf, rail, gbps = graph.fab_v[nic], graph.fab_nic[nic].astype(np.int64), flow[nic]
    k = int(rail.max()) + 1 if rail.size else 1
    per_rail = np.bincount(rail, minlength=k).astype(np.float64)
    rails_everywhere = np.maximum(np.tile(per_rail, n), 1.0)  # the same for every tier
    result: dict[int, np.ndarray] = {}
    for t in range(1, tiers.top + 1):
        key = tiers.switch_pods[t][leaf] * k + rail
        count = np.bincount(key, minlength=n * k).astype(np.float64)
        traffic = np.bincount(key, gbps, minlength=n * k)
        outside = traffic * (1.0 - count / rails_everywhere)
        result[t] = outside.reshape(n, k).sum(axis=1)
    return result


def _storage_loads(topo: TopologyReport, storage: Any, values: np.ndarray) -> None:
    """Data loading on the storage network: each job node's share on its storage NICs; the storage
    systems' links carry the whole rate, shared by speed (module docstring)."""
    if storage.data_tier.kind == StorageKind.LOCAL_NVME or storage.nodes < 1:
        return
    graph = topo.graph
    total_gbps = storage.estimate.data_rate_needed_gbs * BITS_PER_BYTE
    on_storage = graph.end_role == ROLE_STORAGE
    links = np.flatnonzero(on_storage[0] | on_storage[1])  # only these can be storage links: look at them alone
    role, ends = on_storage[:, links], graph.end_dev[:, links]
    kind = graph.device_kind[ends]
    speed = np.fmin(graph.end_speed[0, links], graph.end_speed[1, links])
    server_end = role & (kind == KIND_SERVER)
    on_server = server_end[0] | server_end[1]
    server = np.where(server_end[0], ends[0], ends[1])[on_server]
    per_server = np.bincount(server, minlength=graph.n_devices)
    with np.errstate(divide="ignore", invalid="ignore"):
        values[links[on_server]] = total_gbps / storage.nodes / per_server[server] / speed[on_server]
        systems = (role & (kind != KIND_SERVER)).any(axis=0) & ~on_server
        values[links[systems]] = total_gbps / np.nansum(speed[systems]) if systems.any() else 0.0
