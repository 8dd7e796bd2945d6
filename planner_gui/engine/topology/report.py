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

from planner_gui.engine.incremental.failure_layout import FailureLayout, failure_layout
from planner_gui.engine.incremental.topology_reuse import FabricPart, keep_part, reusable_part, updated_part_tiers
from planner_gui.engine.topology.cabling import cable_issues, speed_mismatches, switch_usage, unconnected_nics
from planner_gui.engine.topology.failures import analyse_failures
from planner_gui.engine.topology.graph import (
    KIND_FABRIC_SWITCH,
    KIND_SERVER,
    TECH_INFINIBAND,
    FabricGraph,
    build_fabric_graph,
)
from planner_gui.engine.topology.hardware import INTRA_NVLINK_MESH, INTRA_NVSWITCH, main_server_at
from planner_gui.engine.topology.metrics import (
    NicLinks,
    bisection,
    collective_oversubscription,
    gpu_tier,
    hop_stats,
    nic_links,
    rail_report,
    switch_ratios,
    switch_tier_summaries,
)
from planner_gui.engine.topology.results import (
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
from planner_gui.engine.topology.tiers import Tiers, infer_tiers
from planner_gui.model import Design

__all__ = [
    "CableIssue", "FailureImpact", "HopStats", "RailReport", "SpeedMismatch", "SwitchTable", "SwitchUsage",
    "TierSummary", "TopologyReport", "UnconnectedNics", "analyze_topology", "topology_structure",
    "with_cable_lengths",
]
_CATALOG_ID = attrgetter("catalog_id")
# Report fields that follow from the devices, the NIC links (server to switch) and the pods alone: an
# edit of one cable between two switches that keeps every pod keeps them (topology_reuse.py).
NIC_FIELDS = ("servers", "gpus", "gpus_per_server", "technology", "hops", "rails", "server_components",
              "largest_component_servers", "isolated_servers", "unconnected_nics", "unconnected_nic_count")
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
    updated = updated_part_tiers(catalog, graph, NIC_FIELDS)  # one compute cable: nothing to reuse whole
    part = reusable_part(catalog, graph) if updated is None else None
    if part is None:
        part = _fabric_part(design, catalog, graph, *(updated or (None, None, None)))
    keep_part(part)  # fitted to this graph either way: the next cable edit is one link from it
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


def _fabric_part(design: Design, catalog: Any, graph: FabricGraph, tiers: Tiers | None = None,
                 layout: FailureLayout | None = None, nic_fields: dict[str, Any] | None = None) -> FabricPart:
    """Every report field that follows from the devices and the compute fabric alone; ``tiers``,
    ``layout`` and ``nic_fields``: the graph's tiers, failure layout and :data:`NIC_FIELDS` when already
    known (one compute cable edited), else they are worked out."""
    tiers = infer_tiers(graph) if tiers is None else tiers
    layout = failure_layout(graph, tiers) if layout is None else layout
    ratios = switch_ratios(tiers)
    servers = graph.devices_of_kind(KIND_SERVER)
    main = main_server_at(design, catalog, graph, servers)
    tier_list = switch_tier_summaries(graph, tiers, ratios)
    if main:
        hw = main[1]
        tier_list.insert(0, gpu_tier(_GPU_TIER_NAMES.get(hw.intra, "gpu-pcie"), servers.size * hw.gpus,
                                     hw.per_gpu_gbyte_s))
    nics = nic_links(graph)
    if nic_fields is None:
        nic_fields = _nic_fields(design, catalog, graph, tiers, nics, servers, main)
    oversub, oversub_at = collective_oversubscription(graph, tiers, ratios, nics)
    bisect_gbps, bisect_fraction = bisection(graph, tiers, nics)
    failures = analyse_failures(graph, tiers, layout)
    nic_mask = graph.fab_nic >= 0
    fields = {
        **nic_fields,
        "fabric_switches": int(((graph.device_kind == KIND_FABRIC_SWITCH) & (tiers.level > 0)).sum()),
        "fabric_links": int(graph.fab_link.size),
        "switch_tiers": tiers.top,
        "tiers": tuple(tier_list),
        "nic_gbps": float(np.nan_to_num(graph.fab_cap[nic_mask]).sum()),
        "bisection_gbps": bisect_gbps,
        "bisection_fraction": bisect_fraction,
        "collective_oversubscription": oversub,
        "collective_oversubscription_at": oversub_at,
        "spof_switches": failures.spof_switches,
        "spof_switch_count": failures.spof_switch_count,
        "spof_links": failures.spof_links,
        "spof_link_count": failures.spof_link_count,
        "worst_switch_failure": failures.worst_switch,
        "worst_link_failure": failures.worst_link,
    }
    return FabricPart(catalog, graph, tiers, ratios, fields, layout)


def _nic_fields(design: Design, catalog: Any, graph: FabricGraph, tiers: Tiers, nics: NicLinks, servers: np.ndarray,
                main: Any) -> dict[str, Any]:
    """The :data:`NIC_FIELDS`: what follows from the devices, the NIC links and the pods alone."""
    comp_ids, comp_sizes, isolated = _server_components(graph, tiers)
    unconnected, unconnected_count = unconnected_nics(graph, design, catalog)
    return {
        "servers": int(servers.size),
        "gpus": _gpu_count(design, catalog, graph, servers),
        "gpus_per_server": main[1].gpus if main else 0,
        "technology": _technology(graph, main),
        "hops": hop_stats(graph, tiers, nics),
        "rails": rail_report(graph, tiers, nics),
        "server_components": comp_ids,
        "largest_component_servers": comp_sizes,
        "isolated_servers": isolated,
        "unconnected_nics": unconnected,
        "unconnected_nic_count": unconnected_count,
    }


def with_cable_lengths(report: TopologyReport, catalog: Any, lengths: np.ndarray | None = None
                       ) -> TopologyReport:
    """``report`` (from :func:`topology_structure`) with the cable findings of ``lengths`` (metres per
    link, in design order; default: the lengths its graph was built with)."""
    graph = report.graph
    if lengths is not None and lengths is not graph.length_m and not np.array_equal(lengths, graph.length_m,
                                                                                     equal_nan=True):
        graph = dataclasses.replace(graph, length_m=lengths)
    cables, cable_count = cable_issues(graph, catalog)
    nic_mask = graph.fab_nic >= 0
    median = float(np.median(graph.length_m[graph.fab_link[nic_mask]])) if nic_mask.any() else None
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
    nic_at = graph.fab_link[graph.fab_nic >= 0]
    if nic_at.size:
        ends = graph.end_tech[:, nic_at]
        return "infiniband" if np.mean(ends[ends >= 0] == TECH_INFINIBAND) >= 0.5 else "ethernet"
    return main[1].technology if main else None
