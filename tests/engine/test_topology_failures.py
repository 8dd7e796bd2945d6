"""Single points of failure and worst single failures: hand calculations and networkx cross-checks."""

from __future__ import annotations

import networkx as nx
import pytest

from planner_gui.engine.topology.graph import KIND_FABRIC_SWITCH, KIND_SERVER
from planner_gui.engine.topology.report import analyze_topology
from tests.engine.test_topology_kit import make_catalog, rail_fabric, single_switch, tor_fabric

CAT = make_catalog()


def _exact_spofs(report: object) -> set[str]:
    """Switches whose removal disconnects two servers that were connected (networkx, exact)."""
    graph = report.graph
    g = nx.Graph()
    g.add_nodes_from(range(graph.n_devices))
    g.add_edges_from(zip(graph.fab_u.tolist(), graph.fab_v.tolist(), strict=True))
    servers = set(graph.devices_of_kind(KIND_SERVER).tolist())
    before = {frozenset(c & servers) for c in nx.connected_components(g)}
    found = set()
    for switch in graph.devices_of_kind(KIND_FABRIC_SWITCH).tolist():
        h = g.copy()
        h.remove_node(switch)
        after = {frozenset(c & servers) for c in nx.connected_components(h)}
        if sum(len(c) > 0 for c in after) > sum(len(c) > 0 for c in before):
            found.add(graph.device_ids[switch])
    return found


@pytest.mark.parametrize("build", [
    lambda: tor_fabric(CAT, nodes=4, per_leaf=2, spines=2, uplinks_per_leaf=4),
    lambda: tor_fabric(CAT, nodes=4, per_leaf=2, spines=1, uplinks_per_leaf=4),
    lambda: rail_fabric(CAT, 8, per_su=4, nics=2, spines_per_rail=1, uplinks_per_leaf=2),
    lambda: rail_fabric(CAT, 8, per_su=4, nics=2, spines_per_rail=2, uplinks_per_leaf=2),
    lambda: single_switch(CAT, 3),
    lambda: rail_fabric(CAT, 6, per_su=6, nics=4),
])
def test_spof_switches_match_networkx(build: object) -> None:
    report = analyze_topology(build().design, CAT)
    assert set(report.spof_switches) == _exact_spofs(report)
    assert report.spof_switch_count == len(report.spof_switches)


def test_tor_worst_failures() -> None:
    """A leaf failure cuts off its 2 nodes (nothing left); with 2 spines a spine failure halves each leaf's
    uplinks. The worst link is a leaf uplink: 1 of the 4 that leave the leaf's pod, so 3/4 remain."""
    report = analyze_topology(tor_fabric(CAT, nodes=4, per_leaf=2, spines=2, uplinks_per_leaf=4).design, CAT)
    worst = report.worst_switch_failure
    assert (worst.kind, worst.tier, worst.remaining_fraction, worst.servers_cut_off) == ("switch", 1, 0.0, 2)
    assert worst.identical == 2 and worst.tier_remaining_fraction == 0.5
    link = report.worst_link_failure
    assert (link.kind, link.tier, link.remaining_fraction, link.servers_cut_off) == ("link", 1, 0.75, 0)
    assert link.identical == 8  # every leaf uplink
    assert report.spof_link_count == 0


def test_rail_leaf_failure_leaves_seven_eighths() -> None:
    """Rail-optimized: a server keeps 7 of its 8 NICs when one rail leaf fails; no server is cut off."""
    design = rail_fabric(CAT, 64, per_su=32, spines_per_rail=2, uplinks_per_leaf=32).design
    report = analyze_topology(design, CAT)
    worst = report.worst_switch_failure
    assert worst.tier == 1 and worst.remaining_fraction == 0.875 and worst.servers_cut_off == 0
    assert worst.identical == 16  # all 16 leaves behave alike
    assert worst.tier_remaining_fraction == pytest.approx(15 / 16)
    assert report.spof_switch_count == 0


def test_single_spine_is_the_spof_and_cuts_everything_off() -> None:
    report = analyze_topology(tor_fabric(CAT, nodes=4, per_leaf=2, spines=1, uplinks_per_leaf=4).design, CAT)
    assert "spine-0" in report.spof_switches
    spine_cut = {s for s in report.spof_switches if s.startswith("spine")}
    assert spine_cut == {"spine-0"}


def test_single_nic_servers_make_spof_links() -> None:
    """One NIC per node: each NIC link is the node's only way in."""
    report = analyze_topology(single_switch(CAT, 3, nics=1).design, CAT)
    assert report.spof_link_count == 3
    assert report.worst_link_failure.servers_cut_off == 1
    assert report.worst_link_failure.remaining_fraction == 0.0
