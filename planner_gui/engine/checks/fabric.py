"""Fabric checks: what is wrong or risky in a design's compute fabric, each with a stable code.

``fabric_checks(design, catalog)`` runs every rule and returns :class:`Check` objects, most
severe first. Rules that only need the topology live here; rules that weigh a choice with the
collective model (GPUDirect RDMA, RoCE at scale, oversubscription, the spine hop, PCIe tensor
parallelism, NCCL settings) live in :mod:`fabric_checks_model`. The table of codes, severities
and sources is in docs/models/topology.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from planner_gui.engine.checks.base import Check, Severity, params, sort_checks
from planner_gui.engine.checks.fabric_model import model_checks
from planner_gui.engine.collectives import FabricProfile
from planner_gui.engine.collectives.fabric_profile import fabric_profile_from_design, job_servers
from planner_gui.engine.topology.report import TopologyReport, analyze_topology
from planner_gui.engine.topology.results import MAX_LISTED_IDS
from planner_gui.model import Design
from planner_gui.present import plural

CODES = (
    "servers-unreachable", "nic-unconnected", "cable-reach", "cable-hdr-ndr-optics", "mixed-nic-speeds",
    "single-spine", "single-point-of-failure", "non-rail-cabling", "switch-ports-full",
    "gdr-off", "nccl-env-defaults", "nccl-net-socket", "spine-leaf-few-leaves", "roce-at-scale",
    "roce-no-congestion-control", "roce-no-adaptive-routing", "oversubscribed-fabric", "pcie-tensor-parallel",
    "tp-across-nodes", "nic-capped-by-pcie",
)


def fabric_checks(design: Design, catalog: Any, topo: TopologyReport | None = None,
                  profile: FabricProfile | None = None) -> list[Check]:
    """Every fabric finding for ``design``, most severe first."""
    topo = topo if topo is not None else analyze_topology(design, catalog)
    checks: list[Check] = []
    rules: tuple[Callable[[TopologyReport], list[Check]], ...] = (
        _unreachable, _unconnected_nics, _cables, _mixed_speeds, _spof, _rails, _full_switches,
    )
    for rule in rules:
        checks += rule(topo)
    if topo.servers and job_servers(topo).size:
        profile = profile if profile is not None else fabric_profile_from_design(design, catalog, topo)
        checks += model_checks(design, topo, profile, catalog)
    return sort_checks(checks)


def _ids(values: tuple[str, ...] | list[str], total: int | None = None) -> str:
    shown = ", ".join(values[:5])
    more = (total if total is not None else len(values)) - min(len(values), 5)
    return f"{shown} and {more} more" if more > 0 else shown


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _unreachable(topo: TopologyReport) -> list[Check]:
    if topo.servers < 2 or topo.server_components <= 1:
        return []
    outside = topo.servers - topo.largest_component_servers
    return [Check(
        "servers-unreachable", Severity.ERROR,
        f"{outside} of {topo.servers} servers cannot reach the largest group of {topo.largest_component_servers} "
        f"over the compute fabric ({topo.server_components} separate groups): {_ids(topo.isolated_servers, outside)}. "
        "A training job can only span one group.",
        topo.isolated_servers, "Cable every server's compute NICs to leaves that reach the same spine layer.",
        params=params(outside=outside, servers=topo.servers, largest=topo.largest_component_servers,
                      groups=topo.server_components, isolated=topo.isolated_servers))]


def _unconnected_nics(topo: TopologyReport) -> list[Check]:
    if topo.unconnected_nic_count == 0 or (topo.servers < 2 and topo.fabric_switches == 0):
        return []
    ids = tuple(u.device_id for u in topo.unconnected_nics)
    return [Check(
        "nic-unconnected", Severity.WARNING,
        f"{topo.unconnected_nic_count} compute {plural(topo.unconnected_nic_count, 'NIC is', 'NICs are')} not "
        "cabled to the compute fabric, on servers "
        f"{_ids(ids)}; those servers run below their NIC bandwidth and NCCL's rings are limited by the "
        "slowest node.", ids, "Cable every compute NIC to its leaf (or set the server's NIC count to what is fitted).",
        params=params(nics=topo.unconnected_nic_count, servers=ids))]


def _cables(topo: TopologyReport) -> list[Check]:
    out = []
    reach = [c for c in topo.cable_issues if c.rule == "reach"]
    mixed = [c for c in topo.cable_issues if c.rule == "hdr-ndr-optics"]
    if reach:
        worst = max(reach, key=lambda c: c.length_m / c.limit_m)
        out.append(Check(
            "cable-reach", Severity.ERROR,
            f"{len(reach)} {plural(len(reach), 'link is', 'links are')} longer than their cable can reach, e.g. "
            f"{worst.link_id}: {worst.length_m:g} m "
            f"of {worst.medium} at {worst.speed_gbps:g}G, limit {worst.limit_m:g} m ({worst.source}).",
            tuple(c.link_id for c in reach), "Use optics (AOC, or SR/DR transceivers) for long runs, or move the "
            "racks closer.",
            params=params(links=len(reach), link=worst.link_id, length_m=worst.length_m, medium=worst.medium,
                          speed_gbps=worst.speed_gbps, limit_m=worst.limit_m, source=worst.source)))
    if mixed:
        out.append(Check(
            "cable-hdr-ndr-optics", Severity.WARNING,
            f"{len(mixed)} HDR-to-NDR InfiniBand {plural(len(mixed), 'link runs', 'links run')} over optics "
            f"longer than 30 m, e.g. {mixed[0].link_id} "
            f"({mixed[0].length_m:g} m); such links come up but lose bandwidth (ConnectX-7 firmware known issue).",
            tuple(c.link_id for c in mixed),
            "Keep HDR-NDR links within 30 m, or use NDR on both ends.",
            params=params(links=len(mixed), link=mixed[0].link_id, length_m=mixed[0].length_m)))
    return out


def _mixed_speeds(topo: TopologyReport) -> list[Check]:
    graph = topo.graph
    nic_links = graph.fab_nic >= 0
    speeds = np.unique(graph.fab_cap[nic_links & np.isfinite(graph.fab_cap)])
    steps = [m for m in topo.speed_mismatches if m.fabric]
    if speeds.size <= 1 and not steps:
        return []
    text = []
    if speeds.size > 1:
        text.append(f"compute NICs run at {', '.join(f'{s:g}G' for s in speeds)}")
    if steps:
        text.append(f"{len(steps)} fabric {plural(len(steps), 'link joins', 'links join')} ports of different "
                    f"speeds (e.g. {steps[0].link_id}: "
                    f"{steps[0].a_gbps:g}G to {steps[0].b_gbps:g}G) and {plural(len(steps), 'runs', 'run')} at "
                    f"the slower")
    variant = "both" if speeds.size > 1 and steps else ("speeds" if speeds.size > 1 else "steps")
    step = steps[0] if steps else None
    return [Check(
        "mixed-nic-speeds", Severity.WARNING,
        _sentence("; ".join(text)) + ". A collective runs at its slowest member's rate.",
        tuple(m.link_id for m in steps), "Use one NIC and port speed across the compute fabric.",
        key=f"mixed-nic-speeds.{variant}",
        params=params(speeds=tuple(float(s) for s in speeds), links=len(steps),
                      link=step.link_id if step else "", a_gbps=step.a_gbps if step else 0.0,
                      b_gbps=step.b_gbps if step else 0.0))]


def _spof(topo: TopologyReport) -> list[Check]:
    out = []
    top = topo.tier_data.top
    top_switches = topo.tier_data.switches_at(top) if top >= 2 else np.empty(0, dtype=np.int64)
    single_top = top_switches.size == 1 and topo.graph.device_ids[top_switches[0]] in topo.spof_switches
    if single_top:
        spine = topo.graph.device_ids[top_switches[0]]
        out.append(Check(
            "single-spine", Severity.WARNING,
            f"Every path between leaves crosses the one spine {spine}: if it fails, servers on different leaves "
            "cannot talk and every multi-leaf job stops.", (spine,),
            "Add a second spine and split each leaf's uplinks between them (same oversubscription, no single "
            "point of failure).", params=params(spine=spine)))
    others = [s for s in topo.spof_switches if not (single_top and s == out[0].ids[0])]
    if others or topo.spof_link_count:
        parts = []
        if others:
            parts.append(f"{len(others)} {plural(len(others), 'switch', 'switches')} ({_ids(others)}) "
                         f"{plural(len(others), 'is', 'are')} the only way out for some servers")
        if topo.spof_link_count:
            parts.append(f"{topo.spof_link_count} {plural(topo.spof_link_count, 'link is', 'links are')} the only "
                         "uplink of a server or switch")
        out.append(Check(
            "single-point-of-failure", Severity.INFO,
            _sentence("; ".join(parts)) + (". Losing it cuts those servers off until it is repaired."
                                            if len(others) + topo.spof_link_count == 1 else
                                            ". Losing one of them cuts those servers off until it is repaired."),
            tuple(others) + topo.spof_links[:MAX_LISTED_IDS],
            "Accept it (the usual trade-off for top-of-rack designs) or dual-home servers across leaves.",
            key="single-point-of-failure." + ("both" if others and topo.spof_link_count else
                                              "switches" if others else "links"),
            params=params(switches=len(others), switch_ids=tuple(others), links=topo.spof_link_count)))
    return out


def _rails(topo: TopologyReport) -> list[Check]:
    rails = topo.rails
    if rails.style == "rail-miscabled" or (rails.off_rail_count and rails.style == "mixed"):
        return [Check(
            "non-rail-cabling", Severity.WARNING,
            f"{rails.off_rail_count} {plural(rails.off_rail_count, 'NIC is', 'NICs are')} cabled to another "
            f"rail's leaf (e.g. {_ids(rails.off_rail_nics)}); "
            "traffic on those NICs leaves the rail and crosses the spine, and NCCL may build rings that mix rails.",
            tuple(r.split("/")[0] for r in rails.off_rail_nics),
            "Cable NIC i of every server to the leaf of rail i.", key="non-rail-cabling.off-rail",
            params=params(nics=rails.off_rail_count, nic_ids=rails.off_rail_nics))]
    if rails.style in ("top-of-rack", "mixed") and topo.hops.max_switch_hops >= 3:
        return [Check(
            "non-rail-cabling", Severity.INFO,
            f"The fabric is not rail-optimized ({rails.style}): same-index NICs of servers on different leaves meet "
            f"only at the spine ({topo.hops.max_switch_hops} switch hops). Rail-optimized cabling keeps ring and "
            "tree traffic on one leaf per rail and lets PXN (NCCL 2.12+) avoid crossing rails.", (),
            "Consider rail-optimized leaves: NIC i of every server in a scalable unit on leaf i.",
            key="non-rail-cabling.not-rail-optimized",
            params=params(style=rails.style, hops=topo.hops.max_switch_hops))]
    return []


def _full_switches(topo: TopologyReport) -> list[Check]:
    full = topo.switches.full()
    if not full:
        return []
    return [Check(
        "switch-ports-full", Severity.INFO,
        f"{len(full)} {plural(len(full), 'switch has', 'switches have')} no free port left for growth or a spare "
        f"cable: {_ids(full)}.", full,
        "Plan the next expansion with new leaves, or keep a few ports free per switch.",
        params=params(switches=len(full), switch_ids=full))]

