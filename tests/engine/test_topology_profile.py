"""fabric_profile_from_design: every FabricProfile field read off the design."""

from __future__ import annotations

import pytest

from planner_gui.engine.collectives import predict
from planner_gui.engine.collectives.fabric_profile import fabric_profile_from_design
from planner_gui.engine.topology.report import analyze_topology
from tests.engine.test_topology_kit import Builder, make_catalog, rail_fabric, single_switch, tor_fabric

CAT = make_catalog()


def test_h100_rail_fabric_profile() -> None:
    """2 units of 32 DGX H100 (t-dgx-h100: 8 x H100, 4 NVSwitch, 8 x NDR 400G), 2 m node cables, QM9700
    leaves and spines at 330 ns. The fabric's diameter is 3 switches, but 62 of the ring's 64 steps
    stay on their rail leaf: the profile carries the ring's path, one switch."""
    design = rail_fabric(CAT, 64, per_su=32, spines_per_rail=2, uplinks_per_leaf=32).design
    topo = analyze_topology(design, CAT)
    p = fabric_profile_from_design(design, CAT, topo)
    assert topo.hops.max_switch_hops == 3
    assert (p.gpus_per_node, p.nodes, p.intra, p.nvlink_bidir_gbs, p.pcie_gen) == (8, 64, "nvswitch", 900.0, 5)
    assert (p.nics_per_node, p.nic_gbps, p.nic_latency_us, p.technology) == (8, 400.0, 1.0, "infiniband")
    assert (p.hops, p.oversubscription, p.rail_optimized, p.cable_m) == (1, 1.0, True, 2.0)
    assert p.switch_latency_ns == 330.0
    assert p.nvls and p.gdr and p.gpu_nic_affinity and not p.sharp


def test_rail_ring_that_leaves_its_leaf_at_every_step_keeps_the_spine_path() -> None:
    """One server per scalable unit: every ring neighbour sits on another unit's leaf, so each step
    crosses leaf-spine-leaf (3 switches), as on a top-of-rack fabric with one server per leaf."""
    rails = fabric_profile_from_design(rail_fabric(CAT, 4, per_su=1, spines_per_rail=1,
                                                   uplinks_per_leaf=1).design, CAT)
    tor = fabric_profile_from_design(tor_fabric(CAT, nodes=4, per_leaf=1, spines=8, uplinks_per_leaf=8).design, CAT)
    assert (rails.hops, tor.hops) == (3, 3)


def test_ring_hops_follow_ring_neighbours_not_the_diameter() -> None:
    """Rail-optimized 2 x 2 servers: 2 of 4 ring steps stay on the rail leaf (the majority rule keeps
    the leaf hop); top-of-rack with 2 servers per leaf keeps the spine path (its crossing steps hash
    all 8 NICs' flows onto the leaf uplinks and pace the lock-step ring)."""
    rails = rail_fabric(CAT, 4, per_su=2, spines_per_rail=1, uplinks_per_leaf=2).design
    tor = tor_fabric(CAT, nodes=4, per_leaf=2, spines=8, uplinks_per_leaf=16).design
    assert analyze_topology(rails, CAT).hops.max_switch_hops == 3
    assert (fabric_profile_from_design(rails, CAT).hops, fabric_profile_from_design(tor, CAT).hops) == (1, 3)


def test_settings_flow_into_the_profile() -> None:
    design = single_switch(CAT, 2).design
    design.fabric.gpudirect_rdma = False
    design.fabric.sharp = True
    design.fabric.adaptive_routing = True
    design.fabric.congestion_control = False
    p = fabric_profile_from_design(design, CAT)
    assert (p.gdr, p.sharp, p.adaptive_routing, p.congestion_control) == (False, True, True, False)


def test_sharp_needs_every_fabric_switch_to_support_it() -> None:
    """t-sn5600 has no SHARP: a RoCE fabric stays without in-network reduction even when asked for."""
    design = single_switch(CAT, 2, server="t-hgx-h100-roce", switch="t-sn5600").design
    design.fabric.sharp = True
    assert fabric_profile_from_design(design, CAT).sharp is False


def test_slowest_member_sets_nic_count_and_speed() -> None:
    """One node cables only 6 NICs, and an HDR (200G) node joins the NDR leaf: the job gets 6 NICs at 200G."""
    b = single_switch(CAT, 2, nics=8)
    b.server("short", "t-dgx-h100")
    for i in range(6):
        b.link(f"short/cx{i}", "sw-0")
    b.server("hdr", "t-dgx-h100", nic_id="t-hdr")
    for i in range(8):
        b.link(f"hdr/cx{i}", "sw-0")
    p = fabric_profile_from_design(b.design, CAT)
    assert (p.nodes, p.nics_per_node, p.nic_gbps) == (4, 6, 200.0)


def test_oversubscription_reaches_the_model() -> None:
    """ToR leaves at 4:1 with half the traffic leaving: the profile carries 2.0 and AllToAll slows by 2x."""
    design = tor_fabric(CAT, nodes=4, per_leaf=2, spines=2, uplinks_per_leaf=4).design
    p = fabric_profile_from_design(design, CAT)
    assert p.oversubscription == pytest.approx(2.0) and p.hops == 3 and not p.rail_optimized
    flat = predict(type(p)(**{**p.__dict__, "oversubscription": 1.0}), "alltoall", 2**30).busbw_GBps
    assert predict(p, "alltoall", 2**30).busbw_GBps == pytest.approx(flat / 2, rel=0.01)


def test_pcie_server_profile() -> None:
    """t-l40s-8: PCIe Gen4 GPUs, 2 NICs for 8 GPUs, so no GPU-NIC affinity; no NVLink, no NVLS."""
    design = single_switch(CAT, 2, nics=2, server="t-l40s-8", switch="t-sn5600").design
    p = fabric_profile_from_design(design, CAT)
    assert (p.intra, p.nvlink_bidir_gbs, p.pcie_gen, p.nvls, p.gpu_nic_affinity) == ("pcie", 0.0, 4, False, False)
    assert p.technology == "ethernet" and p.switch_latency_ns == 600.0


def test_a100_has_no_nvls() -> None:
    design = single_switch(CAT, 2, server="t-dgx-a100", switch="t-qm8700").design
    p = fabric_profile_from_design(design, CAT)
    assert p.nvls is False and p.nvlink_bidir_gbs == 600.0 and p.nic_gbps == 200.0


def test_the_job_is_the_largest_connected_group() -> None:
    b = single_switch(CAT, 3)
    b.server("island", "t-dgx-h100")
    assert fabric_profile_from_design(b.design, CAT).nodes == 3


def test_single_uncabled_server_is_a_one_node_job() -> None:
    b = Builder(CAT)
    b.server("solo", "t-dgx-h100")
    p = fabric_profile_from_design(b.design, CAT)
    assert (p.nodes, p.nics_per_node, p.gpus_per_node) == (1, 8, 8)


def test_no_servers_is_a_clear_error() -> None:
    b = Builder(CAT)
    b.switch("sw-0")
    with pytest.raises(ValueError, match="the design has no GPU servers"):
        fabric_profile_from_design(b.design, CAT)


def test_server_with_unknown_gpu_is_a_clear_key_error() -> None:
    catalog = make_catalog(without=("t-h100",))
    b = Builder(make_catalog())
    b.server("n0", "t-dgx-h100")
    with pytest.raises(KeyError, match="catalog has no gpu 't-h100'"):
        fabric_profile_from_design(b.design, catalog)


def test_back_to_back_pair_without_a_switch() -> None:
    """Two nodes cabled NIC to NIC: 8 NICs each, no switch on the path (hops floor at 1)."""
    b = Builder(CAT)
    b.server("a", "t-dgx-h100")
    b.server("b", "t-dgx-h100")
    for i in range(8):
        b.link(f"a/cx{i}", f"b/cx{i}")
    p = fabric_profile_from_design(b.design, CAT)
    assert (p.nodes, p.nics_per_node, p.nic_gbps, p.hops, p.rail_optimized) == (2, 8, 400.0, 1, True)
    report = analyze_topology(b.design, CAT)
    assert report.bisection_gbps == 8 * 400 and report.switch_tiers == 0 and report.unconnected_nic_count == 0
