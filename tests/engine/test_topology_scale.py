"""Topology analysis on the template generator's large designs: the figures hold at scale, fast.

Timing bounds here are loose (4x the budgets of docs/models/topology.md) so a busy CI machine does
not fail them; benchmarks/topology_speed.py prints the real numbers.
"""

from __future__ import annotations

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.checks.fabric import fabric_checks
from planner_gui.engine.collectives.fabric_profile import fabric_profile_from_design
from planner_gui.engine.topology.report import analyze_topology
from planner_gui.model import Link
from planner_gui.templates import TemplateSpec, generate_design
from tests.engine.conftest import cold_start

pytestmark = pytest.mark.usefixtures("kept_store")  # incremental steps keep, as in a cached run


@pytest.fixture(scope="module")
def catalog() -> object:
    return bundled_catalog()


@pytest.mark.parametrize("nodes", [1024, 4096])
def test_rail_optimized_design_at_scale(catalog: object, nodes: int) -> None:
    """DGX H100 x N on NDR, rail-optimized 1:1: 8N NIC links at 400G, full bisection, no single point of
    failure, losing a leaf costs each server 1 of its 8 NICs."""
    design = generate_design(catalog, TemplateSpec("dgx-h100", nodes, topology="rail-optimized"))
    cold_start()
    report = analyze_topology(design, catalog)
    assert report.servers == nodes and report.gpus == 8 * nodes
    assert report.tier(0).devices == 8 * nodes and report.nic_gbps == 8 * nodes * 400
    assert report.rails.style == "rail-optimized" and report.server_components == 1
    assert report.bisection_fraction == 1.0 and report.collective_oversubscription == 1.0
    assert report.spof_switch_count == 0 and report.spof_link_count == 0
    assert report.worst_switch_failure.remaining_fraction == 0.875
    assert report.unconnected_nic_count == 0 and report.cable_issue_count == 0
    last = list(design.links.values())[-1]  # an edit, then the cached analysis must equal a fresh one
    design.remove_link(last.id)
    design.add_link(Link(last.id + "x", last.a, last.b, last.medium, last.length_m), catalog)
    cached = analyze_topology(design, catalog)
    cold_start()
    assert cached.to_json() == analyze_topology(design, catalog).to_json()


def test_oversubscribed_leaf_spine_at_scale(catalog: object) -> None:
    """512 nodes, leaf-spine at 2:1: the leaves report about 2:1 and uniform traffic meets nearly all of it
    (almost every NIC's peers sit on other leaves), and the checks say so."""
    design = generate_design(catalog, TemplateSpec("dgx-h100", 512, topology="leaf-spine", oversubscription=2.0))
    report = analyze_topology(design, catalog)
    leaf = report.tier(1)
    assert leaf.oversubscription_worst == pytest.approx(2.0, rel=0.1)
    assert report.collective_oversubscription == pytest.approx(leaf.oversubscription_worst, rel=0.05)
    assert report.bisection_fraction == pytest.approx(1 / leaf.oversubscription_aggregate, rel=0.05)
    profile = fabric_profile_from_design(design, catalog, report)
    assert profile.nodes == 512 and profile.oversubscription == pytest.approx(report.collective_oversubscription)
    codes = {c.code: c for c in fabric_checks(design, catalog, report, profile)}
    assert codes["oversubscribed-fabric"].severity == "warning"
