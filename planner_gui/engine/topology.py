"""Topology analysis of a design's compute fabric: one call, one frozen report. No Qt.

``analyze_topology(design, catalog)`` infers the tiers (GPU scale-up domain, NICs, leaves,
spines, cores) from connectivity and reports per-tier capacity and oversubscription, bisection
bandwidth, switch hops, rail alignment, single points of failure and the worst single failure,
port usage, unconnected NICs, speed steps and cable-reach violations. It is vectorised (numpy)
so it can run on every edit: see benchmarks/topology_speed.py and docs/models/topology.md.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from operator import attrgetter
from typing import Any

import numpy as np

from planner_gui.engine.topology_cabling import cable_issues, speed_mismatches, switch_usage, unconnected_nics
from planner_gui.engine.topology_failures import analyse_failures
from planner_gui.engine.topology_graph import (
    KIND_FABRIC_SWITCH,
    KIND_SERVER,
    TECH_INFINIBAND,
    FabricGraph,
    build_fabric_graph,
)
from planner_gui.engine.topology_hardware import INTRA_NVLINK_MESH, INTRA_NVSWITCH, main_server_at
from planner_gui.engine.topology_metrics import (
    bisection,
    collective_oversubscription,
    gpu_tier,
    hop_stats,
    rail_report,
    switch_ratios,
    switch_tier_summaries,
)
from planner_gui.engine.topology_results import (
    MAX_LISTED_IDS,
    CableIssue,
    FailureImpact,
    HopStats,
    RailReport,
    SpeedMismatch,
    SwitchTable,
    SwitchUsage,
    TierSummary,
    TopologyReport,
    UnconnectedNics,
)
from planner_gui.engine.topology_reuse import FabricPart, keep_part, reusable_part, updated_part_tiers
from planner_gui.engine.topology_tiers import Tiers, infer_tiers
from planner_gui.model import Design

__all__ = [
    "CableIssue", "FailureImpact", "HopStats", "RailReport", "SpeedMismatch", "SwitchTable", "SwitchUsage",
    "TierSummary", "TopologyReport", "UnconnectedNics", "analyze_topology", "topology_structure",
    "with_cable_lengths",
]
_CATALOG_ID = attrgetter("catalog_id")
_GPU_TIER_NAMES = {INTRA_NVSWITCH: "gpu-nvswitch", INTRA_NVLINK_MESH: "gpu-nvlink"}


def analyze_topology(design: Design, catalog: Any) -> TopologyReport:
    """Everything about the compute fabric of ``design``, with hardware from ``catalog``."""
    return with_cable_lengths(topology_structure(design, catalog), catalog)


def topology_structure(design: Design, catalog: Any) -> TopologyReport:
    """The report as far as it follows from devices, links and media: cable lengths are left out
    (no reach findings, no median length) until :func:`with_cable_lengths` adds them. The analysis
    caches the two steps apart, so editing a cable's length redoes only the second. After an edit
    that leaves the compute fabric as it was (a storage or management cable), its figures are
    reused (topology_reuse.py)."""
    graph = build_fabric_graph(design, catalog)
    part = reusable_part(design, catalog, graph)
    if part is None:
        part = _fabric_part(design, catalog, graph, updated_part_tiers(design, catalog, graph))
        keep_part(design, part)
    mismatches, mismatch_count = speed_mismatches(graph)
    return TopologyReport(
        **part.fields,
        switches=switch_usage(graph, part.tiers, part.ratios),
        speed_mismatches=mismatches,
        speed_mismatch_count=mismatch_count,
        cable_issues=(),
        cable_issue_count=0,
        median_compute_cable_m=None,
        graph=graph,
        tier_data=part.tiers,
    )


def _fabric_part(design: Design, catalog: Any, graph: FabricGraph, tiers: Tiers | None = None) -> FabricPart:
    """Every report field that follows from the devices and the compute fabric alone; ``tiers``: the
    graph's tiers when already known (one compute cable edited), else they are inferred."""
    tiers = infer_tiers(graph) if tiers is None else tiers
    ratios = switch_ratios(tiers)
    servers = graph.devices_of_kind(KIND_SERVER)
    main = main_server_at(design, catalog, graph, servers)
    tier_list = switch_tier_summaries(graph, tiers, ratios)
    if main:
        hw = main[1]
        tier_list.insert(0, gpu_tier(_GPU_TIER_NAMES.get(hw.intra, "gpu-pcie"), servers.size * hw.gpus,
                                     hw.per_gpu_gbyte_s))
    oversub, oversub_at = collective_oversubscription(graph, tiers, ratios)
    bisect_gbps, bisect_fraction = bisection(graph, tiers)
    failures = analyse_failures(graph, tiers)
    comp_ids, comp_sizes, isolated = _server_components(graph, tiers)
    unconnected, unconnected_count = unconnected_nics(graph, design, catalog)
    nic_links = graph.fab_nic >= 0
    fields = {
        "servers": int(servers.size),
        "gpus": _gpu_count(design, catalog, graph, servers),
        "gpus_per_server": main[1].gpus if main else 0,
        "technology": _technology(graph, main),
        "fabric_switches": int(((graph.device_kind == KIND_FABRIC_SWITCH) & (tiers.level > 0)).sum()),
        "fabric_links": int(graph.fab_link.size),
        "switch_tiers": tiers.top,
        "tiers": tuple(tier_list),
        "nic_gbps": float(np.nan_to_num(graph.fab_cap[nic_links]).sum()),
        "bisection_gbps": bisect_gbps,
        "bisection_fraction": bisect_fraction,
        "collective_oversubscription": oversub,
        "collective_oversubscription_at": oversub_at,
        "hops": hop_stats(graph, tiers),
        "rails": rail_report(graph, tiers),
        "server_components": comp_ids,
        "largest_component_servers": comp_sizes,
        "isolated_servers": isolated,
        "spof_switches": failures.spof_switches,
        "spof_switch_count": failures.spof_switch_count,
        "spof_links": failures.spof_links,
        "spof_link_count": failures.spof_link_count,
        "worst_switch_failure": failures.worst_switch,
        "worst_link_failure": failures.worst_link,
        "unconnected_nics": unconnected,
        "unconnected_nic_count": unconnected_count,
    }
    return FabricPart(catalog, graph, tiers, ratios, fields)


def with_cable_lengths(report: TopologyReport, catalog: Any, lengths: np.ndarray | None = None
                       ) -> TopologyReport:
    """``report`` (from :func:`topology_structure`) with the cable findings of ``lengths`` (metres per
    link, in design order; default: the lengths its graph was built with)."""
    graph = report.graph
    if lengths is not None and not np.array_equal(lengths, graph.length_m, equal_nan=True):
        graph = dataclasses.replace(graph, length_m=lengths)
    cables, cable_count = cable_issues(graph, catalog)
    nic_links = graph.fab_nic >= 0
    median = float(np.median(graph.length_m[graph.fab_link[nic_links]])) if nic_links.any() else None
    return dataclasses.replace(report, cable_issues=cables, cable_issue_count=cable_count,
                               median_compute_cable_m=median, graph=graph)


def _server_components(graph: FabricGraph, tiers: Tiers) -> tuple[int, int, tuple[str, ...]]:
    """(number of server groups, servers in the largest, ids of servers outside it)."""
    servers = graph.devices_of_kind(KIND_SERVER)
    if servers.size == 0:
        return 0, 0, ()
    labels = tiers.components[servers]
    unique, counts = np.unique(labels, return_counts=True)
    biggest = unique[np.argmax(counts)]
    outside = servers[labels != biggest]
    return int(unique.size), int(counts.max()), graph.ids(outside[:MAX_LISTED_IDS])


def _gpu_count(design: Design, catalog: Any, graph: FabricGraph, servers: np.ndarray) -> int:
    models: Counter[str] = Counter()
    if graph.model is not None and graph.model_keys:  # servers per model number: no pass over 12,500 devices
        for code, count in enumerate(np.bincount(graph.model[servers], minlength=len(graph.model_keys)).tolist()):
            models[graph.model_keys[code][0]] += count
    else:
        models.update(map(_CATALOG_ID, map(design.devices.__getitem__, graph.ids(servers))))
    total = 0
    for catalog_id, count in models.items():
        entry = catalog.get(catalog_id)
        total += count * (int(entry.get("gpu_count", 0)) if entry is not None else 0)
    return total


def _technology(graph: FabricGraph, main: Any) -> str | None:
    nic_links = graph.fab_link[graph.fab_nic >= 0]
    if nic_links.size:
        ends = graph.end_tech[:, nic_links]
        return "infiniband" if np.mean(ends[ends >= 0] == TECH_INFINIBAND) >= 0.5 else "ethernet"
    return main[1].technology if main else None
