"""The collective model's inputs (a FabricProfile), read off a design and its topology.

The job is the largest group of servers the compute fabric connects (a design whose servers are
not cabled together runs one-node jobs). Every field comes from the design: the GPU and NIC from
the servers' catalog entries (``nic_id`` overrides the default NIC), the NIC count from the
compute ports actually cabled, the network path from the topology (hops, oversubscription, rail
alignment, cable length, switch latency) and the feature switches from the fabric settings.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

from planner_gui.engine.collectives import FabricProfile
from planner_gui.engine.collectives.catalog import nic_network_facts
from planner_gui.engine.topology.graph import KIND_FABRIC_SWITCH, KIND_SERVER
from planner_gui.engine.topology.hardware import INTRA_NVSWITCH, INTRA_PCIE, ServerHardware, main_server_at
from planner_gui.engine.topology.report import TopologyReport, analyze_topology
from planner_gui.model import Design

# Oversubscription above this is outside the collective model's validated range (its profile check).
MAX_PROFILE_OVERSUBSCRIPTION = 64.0
# A GPU has "NIC affinity" when a NIC sits under its PCIe switch. On NVLink servers NCCL's PXN
# (2.12+) moves data over NVLink to the GPU next to the NIC (NVIDIA blog "Doubling all2all performance"), so one NIC per
# node suffices; on PCIe-only servers we assume the common layout of two GPUs and one NIC per PCIe
# switch [estimate], so affinity needs a NIC for every two GPUs.
PCIE_GPUS_PER_NIC_WITH_AFFINITY = 2
RAIL_FREE_STYLES = ("rail-optimized", "single-switch", "single-nic")  # no cross-rail traffic
# A ring step stays on its rail's leaf when at least this share of ring-neighbour servers share the
# leaf: then the leaf hop is the path most steps take (ring latency sums its steps).
RAIL_LOCAL_MAJORITY = 0.5
LEAF_HOPS = 1  # server -> leaf -> server


def fabric_profile_from_design(design: Design, catalog: Any, topo: TopologyReport | None = None) -> FabricProfile:
    """The FabricProfile of the largest job the design can run; ValueError without GPU servers."""
    topo = topo if topo is not None else analyze_topology(design, catalog)
    members = job_servers(topo)
    if members.size == 0:
        raise ValueError("the design has no GPU servers: add at least one server (and, for more than one, "
                         "cable their compute NICs to fabric switches) before predicting collectives")
    graph = topo.graph
    main = main_server_at(design, catalog, graph, members)
    assert main is not None  # members is not empty
    hw = main[1]
    nodes = int(members.size)
    nics, nic_gbps, cable_m = _nic_facts(topo, members, hw)
    nic_entry = catalog.get(hw.nic_id) if hw.nic_id else None
    technology, nvls_across_nodes = nic_network_facts(nic_entry) if nic_entry is not None else (hw.technology, True)
    settings = design.fabric
    hosts = domain_hosts(design, catalog, topo.graph.ids(members), hw)
    nodes, nics = nodes // hosts, nics * hosts
    values: dict[str, Any] = {
        "gpus_per_node": hw.gpus * hosts,
        "nodes": nodes,
        "gpu_name": hw.gpu_name,
        "intra": hw.intra,
        "nvlink_bidir_gbs": hw.nvlink_bidir_gbs if hw.intra != INTRA_PCIE else 0.0,
        "pcie_gen": hw.pcie_gen,
        "nics_per_node": nics,
        "nic_gbps": nic_gbps,
        "nic_latency_us": hw.nic_latency_us,
        "technology": technology,
        "hops": ring_step_hops(topo, members),
        "oversubscription": min(max(1.0, topo.collective_oversubscription), MAX_PROFILE_OVERSUBSCRIPTION),
        "rail_optimized": topo.rails.style in RAIL_FREE_STYLES or topo.hops.max_switch_hops <= 1,
        "gdr": settings.gpudirect_rdma and hw.rdma and hw.gpudirect_rdma,
        "sharp": settings.sharp and _all_switches_sharp(design, catalog, topo, members),
        "nvls": hw.nvls and (nodes == 1 or nvls_across_nodes),
        "adaptive_routing": settings.adaptive_routing,
        "congestion_control": settings.congestion_control,
        "cable_m": cable_m,
        "gpu_nic_affinity": _affinity(hw, nics // hosts),
        "hosts_per_domain": hosts,
        "nic_pcie_gen": int(nic_entry.get("pcie_gen") or 0) if nic_entry is not None else 0,
    }
    if hosts > 1:
        values["intra"] = INTRA_NVSWITCH
    latency = _switch_latency_ns(design, catalog, topo, members)
    if latency is not None:
        values["switch_latency_ns"] = latency
    return FabricProfile(**values)


def domain_hosts(design: Design, catalog: Any, server_ids: tuple[str, ...], hw: ServerHardware) -> int:
    """Servers per NVLink domain in the job: the smallest named domain among its servers (NCCL's MNNVL
    cliques must be whole; a job spanning domains of unequal size runs at the smallest's shape), 1 when
    any server has none or the domain is larger than its system's ``nvlink_domain_gpus`` (an ordinary
    server has none: the rack-scale checks say why)."""
    domains = [device.nvlink_domain for device in map(design.devices.__getitem__, server_ids)]
    if None in domains:
        return 1
    sizes = Counter(domains)  # one pass in C: 25,000 trays at 100,000 GPUs (benchmarks/scale.py)
    server = catalog.get(hw.catalog_id)
    system = int(server.get("nvlink_domain_gpus") or 0) if server is not None else 0  # GPUs one system joins
    hosts = min(sizes.values(), default=1)
    if hw.intra == INTRA_PCIE or hosts * hw.gpus > system:
        return 1  # a domain this hardware cannot form: the rack-scale checks report it
    return hosts


def job_servers(topo: TopologyReport) -> np.ndarray:
    """Device indices of the servers in the largest connected group (ties: the first group)."""
    graph, tiers = topo.graph, topo.tier_data
    servers = graph.devices_of_kind(KIND_SERVER)
    if servers.size == 0:
        return servers
    labels = tiers.components[servers]
    unique, first, counts = np.unique(labels, return_index=True, return_counts=True)
    best = unique[np.lexsort((first, -counts))[0]]
    return servers[labels == best]


def ring_step_hops(topo: TopologyReport, members: np.ndarray) -> int:
    """Switches crossed by one step of NCCL's rings and trees between neighbouring servers.

    Rings and trees pair NIC i of a server with NIC i of the next server in rank order (the
    rail-matched path). On a rail-optimized fabric every scalable unit puts rail i on one leaf, so
    a ring crosses the spine only at unit boundaries (a few of its k steps) and those steps carry
    one flow per channel of that rail onto the leaf's uplinks, too few to collide: the ring runs at
    the leaf hop. Top-of-rack or mixed cabling sends every NIC of a server through the same leaf
    uplinks whenever the neighbour sits on another leaf; the ring is lock-step, so the slowest
    (spine-crossing, hashed) step paces it and the worst rail-matched path is kept.
    """
    worst = max(LEAF_HOPS, topo.hops.max_switch_hops)
    if worst == LEAF_HOPS or topo.rails.style != "rail-optimized":
        return worst
    return LEAF_HOPS if _rail_neighbour_share(topo, members) >= RAIL_LOCAL_MAJORITY else worst


def _rail_neighbour_share(topo: TopologyReport, members: np.ndarray) -> float:
    """Share of ring-neighbour server pairs (rank order, cyclic) whose same-index NICs share a leaf."""
    graph = topo.graph
    member = np.zeros(graph.n_devices, dtype=bool)
    member[members] = True
    to_leaf = (graph.fab_nic >= 0) & (graph.device_kind[graph.fab_v] == KIND_FABRIC_SWITCH) & member[graph.fab_u]
    servers, nic, leaf = graph.fab_u[to_leaf], graph.fab_nic[to_leaf], graph.fab_v[to_leaf]
    same, pairs = 0, 0
    for index in np.unique(nic):
        on_rail = nic == index
        leaves = leaf[on_rail][np.argsort(servers[on_rail], kind="stable")]
        if leaves.size < 2:
            continue
        same += int(np.count_nonzero(leaves == np.roll(leaves, -1)))
        pairs += int(leaves.size)
    return same / pairs if pairs else 1.0


def _nic_facts(topo: TopologyReport, members: np.ndarray, hw: ServerHardware) -> tuple[int, float, float]:
    """(NICs per node, NIC speed in Gb/s, median NIC cable length) over the job's servers."""
    graph = topo.graph
    nic_links = graph.fab_nic >= 0
    member = np.zeros(graph.n_devices, dtype=bool)
    member[members] = True
    mine = nic_links & member[graph.fab_u]  # np.isin's result, without its sort
    direct = mine & (graph.device_kind[graph.fab_v] == KIND_SERVER)  # back-to-back: a NIC at each end
    per_server = (np.bincount(graph.fab_u[mine], minlength=graph.n_devices)
                  + np.bincount(graph.fab_v[direct], minlength=graph.n_devices))[members]
    if members.size == 1 and per_server[0] == 0:
        return hw.nic_slots, hw.nic_gbps, _default_cable_m()
    nics = int(per_server.min())
    speeds = graph.fab_cap[mine]
    speed = float(np.nanmin(speeds)) if speeds.size else hw.nic_gbps
    lengths = graph.length_m[graph.fab_link[mine]]
    cable = float(np.median(lengths)) if lengths.size else _default_cable_m()
    return nics, speed, cable


def _default_cable_m() -> float:
    return float(FabricProfile.__dataclass_fields__["cable_m"].default)


def _affinity(hw: ServerHardware, nics: int) -> bool:
    if nics < 1:
        return False
    if hw.intra != INTRA_PCIE:
        return True
    return nics * PCIE_GPUS_PER_NIC_WITH_AFFINITY >= hw.gpus


def _job_switches(topo: TopologyReport, members: np.ndarray) -> np.ndarray:
    graph, tiers = topo.graph, topo.tier_data
    if members.size == 0:
        return members
    label = tiers.components[members[0]]
    return np.flatnonzero((graph.device_kind == KIND_FABRIC_SWITCH) & (tiers.components == label)
                          & (tiers.level > 0))


def _switch_entries(design: Design, catalog: Any, topo: TopologyReport, members: np.ndarray) -> list[Any]:
    ids = {design.devices[d].catalog_id for d in topo.graph.ids(_job_switches(topo, members))}
    return [e for e in (catalog.get(i) for i in sorted(ids)) if e is not None]


def _all_switches_sharp(design: Design, catalog: Any, topo: TopologyReport, members: np.ndarray) -> bool:
    entries = _switch_entries(design, catalog, topo, members)
    return bool(entries) and all(bool(e.get("sharp", False)) for e in entries)


def _switch_latency_ns(design: Design, catalog: Any, topo: TopologyReport, members: np.ndarray) -> float | None:
    """The slowest fabric switch's port-to-port latency: every traversal may cross one."""
    latencies = [float(e["latency_ns"]) for e in _switch_entries(design, catalog, topo, members)
                 if e.get("latency_ns") is not None]
    return max(latencies) if latencies else None
