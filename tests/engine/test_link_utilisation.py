"""Link utilisation under the headline AllReduce, by hand (engine/topology/utilisation.py).

The kit's hardware: DGX H100 with 8 x 400G NICs, 64-port 400G switches. The collective rate is
given by hand (a FabricProfile and an algbw), so each expected load is arithmetic on the page.
"""

from __future__ import annotations

import numpy as np
import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.analysis import analyze_design
from planner_gui.engine.collectives import FabricProfile
from planner_gui.engine.collectives.dbtree import tree_egress_factor
from planner_gui.engine.collectives.hardware import _ecmp_efficiency
from planner_gui.engine.topology.report import analyze_topology
from planner_gui.engine.topology.utilisation import link_utilisation
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from tests.engine.test_topology_kit import make_catalog, single_switch, tor_fabric

CAT = make_catalog()
NIC_GBPS = 400.0
ALGBW = 20.0  # GB/s, a hand-picked AllReduce algorithm bandwidth


def _profile(nodes: int, technology: str = "infiniband", hops: int = 1, adaptive: bool = False) -> FabricProfile:
    return FabricProfile(gpus_per_node=8, nodes=nodes, gpu_name="H100", intra="nvswitch", nvlink_bidir_gbs=900.0,
                         pcie_gen=5, nics_per_node=8, nic_gbps=NIC_GBPS, nic_latency_us=1.0,
                         technology=technology, hops=hops, adaptive_routing=adaptive)


def _loads(builder: object, profile: FabricProfile, algorithm: str = "ring") -> tuple[object, dict[str, float]]:
    design = builder.design  # type: ignore[attr-defined]
    result = link_utilisation(analyze_topology(design, CAT), profile, ALGBW, algorithm)
    return design, dict(result)


def _host_and_uplinks(design: object, loads: dict[str, float]) -> tuple[list[float], list[float]]:
    links = design.links.values()  # type: ignore[attr-defined]
    host = [loads[link.id] for link in links if link.a.startswith("node-")]
    up = [loads[link.id] for link in links if link.a.startswith("leaf-")]
    return host, up


def test_two_nodes_on_one_leaf_ring() -> None:
    """16 ranks: a node sends 2 x 15/16 = 1.875 buffers per buffer of algbw = 20 GB/s x 8 x 1.875
    = 300 Gb/s, over 8 NICs: 37.5 Gb/s each = 9.375 % of 400G. Nothing crosses a spine."""
    _, loads = _loads(single_switch(CAT, nodes=2), _profile(2))
    assert len(loads) == 16
    assert list(loads.values()) == pytest.approx([0.09375] * 16)


def test_tree_uses_the_busiest_nodes_egress() -> None:
    """Double binary tree: a node sends tree_egress_factor(2) buffers; per NIC 20 x 8 x f / 8 / 400."""
    _, loads = _loads(single_switch(CAT, nodes=2), _profile(2), "tree")
    expected = ALGBW * 8 * tree_egress_factor(2) / 8 / NIC_GBPS
    assert list(loads.values()) == pytest.approx([expected] * 16)


def test_two_to_one_leaf_uplinks_carry_r_times_x_the_host_load() -> None:
    """4 nodes, one per leaf, 4 x 400G uplinks per leaf: r = 3,200 / 1,600 = 2. Per rail a leaf holds
    1 of 4 NICs, so x = 1 - 1/4 = 0.75 of its traffic leaves: uplinks read 2 x 0.75 = 1.5 x the host
    links. Host links: 32 ranks, 2 x 31/32 x 20 x 8 / 8 / 400 = 9.6875 %; uplinks 14.53 %."""
    design, loads = _loads(tor_fabric(CAT, nodes=4, per_leaf=1, spines=2, uplinks_per_leaf=4), _profile(4, hops=3))
    host, up = _host_and_uplinks(design, loads)
    assert len(host) == 32 and len(up) == 16
    assert host == pytest.approx([0.096875] * 32)
    assert up == pytest.approx([0.096875 * 1.5] * 16)


def test_two_to_one_with_all_traffic_leaving_reads_twice_the_host_load() -> None:
    """8 nodes, one per leaf: x = 1 - 1/8 = 0.875, so uplinks read 2 x 0.875 = 1.75 x, approaching 2x
    as the leaves get more numerous (x -> 1)."""
    design, loads = _loads(tor_fabric(CAT, nodes=8, per_leaf=1, spines=2, uplinks_per_leaf=4), _profile(8, hops=3))
    host, up = _host_and_uplinks(design, loads)
    assert np.mean(up) / np.mean(host) == pytest.approx(1.75)


def test_ecmp_hashing_puts_busy_paths_at_one_over_e() -> None:
    """RoCE without adaptive routing: the collective model keeps only a share e of the equal-cost paths
    busy (balls into bins, e = 1 - (1 - 1/k)^k over its k hashed flows); a busy uplink carries 1/e of the
    mean. Host links are unchanged (the model's rate already has e in it); adaptive routing: no loss."""
    builder = tor_fabric(CAT, nodes=4, per_leaf=1, spines=2, uplinks_per_leaf=4)
    design, ib = _loads(builder, _profile(4, hops=3))
    roce_profile = _profile(4, technology="ethernet", hops=3)
    _, roce = _loads(builder, roce_profile)
    _, adaptive = _loads(builder, _profile(4, technology="ethernet", hops=3, adaptive=True))
    e = _ecmp_efficiency(roce_profile)
    assert 1 - 1 / np.e < e < 0.75  # between its limit at scale and its 2-flow value
    host_ib, up_ib = _host_and_uplinks(design, ib)
    host_roce, up_roce = _host_and_uplinks(design, roce)
    assert host_roce == pytest.approx(host_ib)
    assert up_roce == pytest.approx([u / e for u in up_ib])
    assert _host_and_uplinks(design, adaptive)[1] == pytest.approx(up_ib)


def test_one_node_job_and_servers_outside_the_job_carry_nothing() -> None:
    _, loads = _loads(single_switch(CAT, nodes=2), _profile(1))
    assert set(loads.values()) == {0.0}


def test_default_design_through_the_analysis() -> None:
    """The bundled 32 x DGX H100 rail-optimized design: every NIC link at algbw x egress x 8 / (8 x 400G)
    of the model's own headline AllReduce; each rail is one leaf, so no traffic goes up (uplinks 0)."""
    catalog = bundled_catalog()
    design = load_design(default_example_path(), catalog).design
    analysis = analyze_design(design, catalog)
    point = analysis.collectives.point("allreduce", 2**30)
    egress = tree_egress_factor(32) if point.algorithm.endswith("tree") else 2 * 255 / 256
    nic = point.algbw_GBps * 8 * egress / 8 / 400
    summary = analysis.link_utilisation.summary()
    assert summary["nic"]["links"] == 256
    assert summary["nic"]["max"] == pytest.approx(nic)
    assert summary["leaf_up"]["max"] == 0.0
    assert 0.5 < nic < 0.96  # below the NIC efficiency cap, as a NIC-bound AllReduce should be
