"""Topology analysis: tiers, oversubscription, bisection, hops and rails, by hand and against networkx.

Hand calculations use the kit's catalog: 400G NDR NICs and 64-port 400G switches (t-qm9700).
"""

from __future__ import annotations

import itertools
import json

import networkx as nx
import pytest

from planner_gui.engine.topology.graph import KIND_SERVER
from planner_gui.engine.topology.report import analyze_topology
from tests.engine.test_topology_kit import make_catalog, rail_fabric, single_switch, tor_fabric

CAT = make_catalog()


def _tor_4x2() -> object:
    """4 nodes x 8 NICs, 2 nodes per leaf, 4 uplinks per leaf spread over 2 spines."""
    return tor_fabric(CAT, nodes=4, per_leaf=2, spines=2, uplinks_per_leaf=4).design


def test_tor_tiers_and_leaf_oversubscription() -> None:
    """Each leaf: 2 nodes x 8 x 400G = 6,400G down, 4 x 400G = 1,600G up: 4:1. Tier totals: 12,800G down,
    3,200G up; the spines take the same 3,200G down."""
    report = analyze_topology(_tor_4x2(), CAT)
    leaf, spine = report.tier(1), report.tier(2)
    assert (leaf.name, leaf.devices, leaf.down_gbps, leaf.up_gbps) == ("leaf", 2, 12800.0, 3200.0)
    assert leaf.oversubscription_worst == leaf.oversubscription_typical == leaf.oversubscription_aggregate == 4.0
    assert (spine.name, spine.devices, spine.down_gbps, spine.up_gbps) == ("spine", 2, 3200.0, 0.0)
    assert spine.oversubscription_worst is None
    assert report.tier(-1).up_gbps == 32 * 450 * 8  # 32 H100 x 900/2 GB/s one way x 8 bit
    assert report.switch_tiers == 2 and report.servers == 4 and report.gpus == 32


def test_tor_collective_oversubscription_is_r_times_share_leaving() -> None:
    """Per rail a leaf holds 2 of 4 NICs: x = 1 - 2/4 = 0.5, so the traffic meets 4 x 0.5 = 2:1."""
    report = analyze_topology(_tor_4x2(), CAT)
    assert report.collective_oversubscription == pytest.approx(2.0)
    assert report.collective_oversubscription_at.startswith("leaf-")


def test_tor_bisection_is_half_the_leaf_uplinks() -> None:
    """NIC capacity 4 x 8 x 400G = 12,800G (half: 6,400G); leaf uplinks 2 x 1,600G, half = 1,600G: 25 %."""
    report = analyze_topology(_tor_4x2(), CAT)
    assert report.nic_gbps == 12800.0
    assert report.bisection_gbps == 1600.0
    assert report.bisection_fraction == pytest.approx(0.25)


def test_tor_hops() -> None:
    """Per rail, 4 of the 12 ordered server pairs share a leaf (1 switch), 8 cross the spine (3):
    mean = (4 x 1 + 8 x 3) / 12 = 2.333, max 3."""
    hops = analyze_topology(_tor_4x2(), CAT).hops
    assert hops.max_switch_hops == 3
    assert hops.mean_switch_hops == pytest.approx(28 / 12)
    assert hops.by_rail == (3,) * 8


def test_rail_optimized_two_units() -> None:
    """64 nodes = 2 units of 32; rail leaves 32 down / 32 up (1:1). Pairs on one leaf: 2 x 32 x 31 = 1,984 of
    64 x 63 = 4,032; mean hops = (1,984 x 1 + 2,048 x 3) / 4,032 = 2.016."""
    design = rail_fabric(CAT, 64, per_su=32, spines_per_rail=2, uplinks_per_leaf=32).design
    report = analyze_topology(design, CAT)
    assert report.rails.style == "rail-optimized" and report.rails.rail_optimized
    assert report.rails.nic_indices == 8 and report.rails.rail_groups_per_leaf == 1.0
    assert report.hops.max_switch_hops == 3
    assert report.hops.mean_switch_hops == pytest.approx((1984 + 3 * 2048) / 4032)
    assert report.bisection_fraction == 1.0 and report.collective_oversubscription == 1.0
    assert report.tier(1).oversubscription_worst == 1.0


def test_single_unit_rail_fabric_needs_no_uplinks() -> None:
    """One unit: NIC i of all 16 nodes shares leaf i, so every same-rail pair is 1 switch apart and the
    bisection is the full half of the NIC capacity even without spines."""
    report = analyze_topology(rail_fabric(CAT, 16, per_su=16).design, CAT)
    assert report.hops.max_switch_hops == 1 and report.hops.mean_switch_hops == 1.0
    assert report.bisection_gbps == 16 * 8 * 400 / 2 and report.bisection_fraction == 1.0
    assert report.server_components == 1 and report.rails.rail_optimized


def test_top_of_rack_and_single_switch_styles() -> None:
    assert analyze_topology(_tor_4x2(), CAT).rails.style == "top-of-rack"
    single = analyze_topology(single_switch(CAT, 4).design, CAT)
    assert single.rails.style == "single-switch" and single.switch_tiers == 1
    assert single.hops.max_switch_hops == 1


def test_swapped_nic_is_off_rail() -> None:
    """Node 3's NICs 2 and 3 are crossed: each lands on the other rail's leaf."""
    b = rail_fabric(CAT, 8, per_su=8, nics=4)
    design = b.design
    for link in list(design.links.values()):
        if link.a in ("node-3/cx2", "node-3/cx3"):
            design.remove_link(link.id)
    b.link("node-3/cx2", "leaf-0-3")
    b.link("node-3/cx3", "leaf-0-2")
    rails = analyze_topology(design, CAT).rails
    assert rails.style == "rail-miscabled" and not rails.rail_optimized
    assert rails.off_rail_count == 2
    assert set(rails.off_rail_nics) == {"node-3/cx2", "node-3/cx3"}


def _networkx(report: object) -> nx.Graph:
    """The compute fabric as a capacity graph (parallel links summed)."""
    graph = report.graph
    g = nx.Graph()
    for u, v, cap in zip(graph.fab_u.tolist(), graph.fab_v.tolist(), graph.fab_cap.tolist(), strict=True):
        weight = g.get_edge_data(u, v, {"capacity": 0.0})["capacity"]
        g.add_edge(u, v, capacity=weight + cap)
    return g


def _exact_bisection(report: object) -> float:
    """Min over balanced server splits of the max flow between the halves (networkx, exact)."""
    g = _networkx(report)
    servers = report.graph.devices_of_kind(KIND_SERVER).tolist()
    best = float("inf")
    for half in itertools.combinations(servers, len(servers) // 2):
        if servers[0] not in half:
            continue  # each split once
        h = g.copy()
        for s in half:
            h.add_edge("src", s, capacity=float("inf"))
        for s in set(servers) - set(half):
            h.add_edge(s, "dst", capacity=float("inf"))
        best = min(best, nx.maximum_flow_value(h, "src", "dst"))
    return best


@pytest.mark.parametrize("build", [
    lambda: tor_fabric(CAT, nodes=4, per_leaf=2, spines=2, uplinks_per_leaf=4),
    lambda: tor_fabric(CAT, nodes=4, per_leaf=2, spines=1, uplinks_per_leaf=16),
    lambda: rail_fabric(CAT, 4, per_su=2, nics=2, spines_per_rail=1, uplinks_per_leaf=1),
    lambda: rail_fabric(CAT, 6, per_su=6, nics=4),
])
def test_bisection_matches_exact_max_flow(build: object) -> None:
    """Even pod counts: a cut along pod boundaries is the minimum, and we find it exactly."""
    report = analyze_topology(build().design, CAT)
    assert report.bisection_gbps == pytest.approx(_exact_bisection(report))


def test_bisection_is_a_lower_bound_when_pods_cannot_split_evenly() -> None:
    """Three leaves of 2 nodes: a balanced cut must split a leaf, whose own ports then carry part of the
    traffic. Exact max flow: 1,600G (one leaf's uplinks) + 3,200G (one node's NICs) = 4,800G; we report half
    the leaf uplinks, 3 x 1,600 / 2 = 2,400G, a safe lower bound (docs/models/topology.md, limits)."""
    report = analyze_topology(tor_fabric(CAT, nodes=6, per_leaf=2, spines=2, uplinks_per_leaf=4).design, CAT)
    assert report.bisection_gbps == 2400.0
    assert _exact_bisection(report) == pytest.approx(4800.0)


@pytest.mark.parametrize("build", [
    lambda: tor_fabric(CAT, nodes=6, per_leaf=2, spines=2, uplinks_per_leaf=4),
    lambda: tor_fabric(CAT, nodes=4, per_leaf=2, spines=1, uplinks_per_leaf=2),
    lambda: rail_fabric(CAT, 8, per_su=4, nics=2, spines_per_rail=2, uplinks_per_leaf=2),
])
def test_hops_match_networkx_shortest_paths(build: object) -> None:
    """Switch count between same-index NICs: shortest path between their leaves + 1."""
    report = analyze_topology(build().design, CAT)
    graph = report.graph
    switches_only = _networkx(report).subgraph(graph.devices_of_kind(1).tolist())
    leaf_of: dict[int, dict[int, int]] = {}
    for u, v, nic in zip(graph.fab_u.tolist(), graph.fab_v.tolist(), graph.fab_nic.tolist(), strict=True):
        if nic >= 0:
            leaf_of.setdefault(nic, {})[u] = v
    hops = [nx.shortest_path_length(switches_only, a, b) + 1
            for per_server in leaf_of.values()
            for (s, a), (t, b) in itertools.permutations(per_server.items(), 2)]
    assert report.hops.max_switch_hops == max(hops)
    assert report.hops.mean_switch_hops == pytest.approx(sum(hops) / len(hops))


def test_report_is_plain_json() -> None:
    report = analyze_topology(_tor_4x2(), CAT)
    data = json.loads(json.dumps(report.to_json()))
    assert data["bisection_gbps"] == 1600.0
    assert data["tiers"][2]["oversubscription_worst"] == 4.0
    assert "graph" not in data and "tier_data" not in data
    assert data["switches"]["device_ids"][:2] == ["leaf-0", "leaf-1"]
    assert data["switches"]["oversubscription"][2] is None  # a spine: no uplinks, NaN becomes null
