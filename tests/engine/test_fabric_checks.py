"""Fabric checks: every code fires on the design it is about, with the severity its rule gives."""

from __future__ import annotations

from dataclasses import replace

import pytest

from planner_gui.engine.checks.base import Severity
from planner_gui.engine.checks.fabric import CODES, fabric_checks
from planner_gui.engine.collectives import predict
from planner_gui.engine.collectives.fabric_profile import fabric_profile_from_design
from planner_gui.model import Medium, Workload
from tests.engine.test_topology_kit import Builder, make_catalog, rail_fabric, single_switch, tor_fabric

CAT = make_catalog()
PLANNED_ENV = {"NCCL_IB_HCA": "=mlx5_0,mlx5_1,mlx5_2,mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_7"}


def _by_code(design: object, catalog: object = CAT) -> dict[str, object]:
    checks = fabric_checks(design, catalog)
    assert all(c.code in CODES for c in checks), [c.code for c in checks]
    return {c.code: c for c in checks}


def _clean_rail(nodes: int = 64) -> Builder:
    b = rail_fabric(CAT, nodes, per_su=32, spines_per_rail=2, uplinks_per_leaf=32)
    b.design.fabric.nccl_env = dict(PLANNED_ENV)
    return b


def test_clean_rail_optimized_fabric_has_no_warning() -> None:
    checks = fabric_checks(_clean_rail().design, CAT)
    assert [c for c in checks if c.severity is not Severity.INFO] == []


def test_servers_unreachable() -> None:
    b = _clean_rail(4)
    b.server("island", "t-dgx-h100")
    found = _by_code(b.design)["servers-unreachable"]
    assert found.severity is Severity.ERROR and found.ids == ("island",)


def test_nic_unconnected() -> None:
    design = single_switch(CAT, 2, nics=7).design
    found = _by_code(design)["nic-unconnected"]
    assert found.severity is Severity.WARNING and found.ids == ("node-0", "node-1")
    assert "2 compute NICs are" in found.message


def test_cable_reach_and_hdr_ndr() -> None:
    b = single_switch(CAT, 2, nics=7)
    b.link("node-0/cx7", "sw-0", Medium.DAC, 5.0)
    b.server("hdr", "t-dgx-a100")
    b.link("hdr/cx0", "sw-0", Medium.MMF, 40.0)
    found = _by_code(b.design)
    assert found["cable-reach"].severity is Severity.ERROR and found["cable-reach"].ids == ("l15",)
    assert found["cable-hdr-ndr-optics"].severity is Severity.WARNING
    assert found["mixed-nic-speeds"].severity is Severity.WARNING  # 200G NIC into a 400G port
    assert "200G, 400G" in found["mixed-nic-speeds"].message


def test_single_spine_and_leaf_spofs() -> None:
    design = tor_fabric(CAT, nodes=4, per_leaf=2, spines=1, uplinks_per_leaf=16).design
    found = _by_code(design)
    assert found["single-spine"].severity is Severity.WARNING and found["single-spine"].ids == ("spine-0",)
    assert found["single-point-of-failure"].severity is Severity.INFO  # the two leaves single-home nodes
    assert set(found["single-point-of-failure"].ids) == {"leaf-0", "leaf-1"}


def test_off_rail_nic_is_a_warning_and_top_of_rack_is_information() -> None:
    b = rail_fabric(CAT, 8, per_su=4, nics=2, spines_per_rail=2, uplinks_per_leaf=4)
    for link in [lk for lk in b.design.links.values() if lk.a == "node-1/cx0"]:
        b.design.remove_link(link.id)
    b.link("node-1/cx0", "leaf-0-1")
    assert _by_code(b.design)["non-rail-cabling"].severity is Severity.WARNING
    tor = tor_fabric(CAT, nodes=4, per_leaf=2, spines=2, uplinks_per_leaf=16).design
    assert _by_code(tor)["non-rail-cabling"].severity is Severity.INFO


def test_switch_ports_full() -> None:
    found = _by_code(single_switch(CAT, 8).design)["switch-ports-full"]
    assert found.severity is Severity.INFO and found.ids == ("sw-0",)


def test_gdr_off_severity_follows_the_model() -> None:
    """On 400G NDR the host-staging path halves the network rate: well over the 10 % warning line."""
    design = _clean_rail(4).design
    design.fabric.gpudirect_rdma = False
    p = fabric_profile_from_design(design, CAT)
    off, on = (predict(q, "allreduce", 2**30).busbw_GBps for q in (p, replace(p, gdr=True)))
    assert off < 0.9 * on
    found = _by_code(design)["gdr-off"]
    assert found.severity is Severity.WARNING and f"{off:.0f} GB/s" in found.message


def test_nccl_defaults_and_socket() -> None:
    design = single_switch(CAT, 2).design
    assert _by_code(design)["nccl-env-defaults"].severity is Severity.INFO
    design.fabric.nccl_env = {"NCCL_NET": "Socket"}
    found = _by_code(design)
    assert found["nccl-net-socket"].severity is Severity.WARNING and "nccl-env-defaults" not in found


def test_roce_before_nccl_2_21_needs_a_gid_index() -> None:
    design = single_switch(CAT, 2, server="t-hgx-h100-roce", switch="t-sn5600").design
    design.fabric.nccl_version = "2.18.3"
    assert _by_code(design)["nccl-env-defaults"].severity is Severity.WARNING


def test_spine_leaf_with_few_leaves() -> None:
    """32 GPUs on 2 leaves and a spine: the extra hop costs latency; severity from the predicted cost."""
    design = tor_fabric(CAT, nodes=4, per_leaf=2, spines=2, uplinks_per_leaf=16).design
    p = fabric_profile_from_design(design, CAT)
    cost = predict(p, "allreduce", 8).time_us / predict(replace(p, hops=1), "allreduce", 8).time_us - 1
    found = _by_code(design)["spine-leaf-few-leaves"]
    assert found.severity is (Severity.WARNING if cost >= 0.10 else Severity.INFO)
    assert f"+{cost:.0%}" in found.message and "660 ns" in found.message  # 2 extra traversals x 330 ns


def _roce_tor(nodes: int = 8) -> object:
    design = tor_fabric(CAT, nodes=nodes, per_leaf=4, spines=2, uplinks_per_leaf=32, server="t-hgx-h100-roce",
                        switch="t-sn5600").design
    design.fabric.nccl_env = dict(PLANNED_ENV)
    return design


def test_roce_at_64_gpus_without_adaptive_routing_or_congestion_control() -> None:
    """64 GPUs over static ECMP across a spine: the model's flow-collision loss is well above 10 %."""
    design = _roce_tor()
    design.fabric.congestion_control = False
    found = _by_code(design)
    assert found["roce-at-scale"].severity is Severity.WARNING
    assert found["roce-no-adaptive-routing"].severity is Severity.WARNING
    assert found["roce-no-congestion-control"].severity is Severity.WARNING


def test_roce_on_one_switch_matches_infiniband() -> None:
    """32 GPUs on one RoCE switch: no ECMP, so the model puts RoCE level with IB and the seed's
    'IB advised at 32 GPUs' becomes information."""
    design = single_switch(CAT, 4, server="t-hgx-h100-roce", switch="t-sn5600").design
    found = _by_code(design)
    assert found["roce-at-scale"].severity is Severity.INFO
    assert "roce-no-adaptive-routing" not in found


def test_oversubscribed_fabric() -> None:
    design = tor_fabric(CAT, nodes=4, per_leaf=2, spines=2, uplinks_per_leaf=4).design
    found = _by_code(design)["oversubscribed-fabric"]
    assert found.severity is Severity.WARNING and "2.00:1" in found.message and "4.00:1" in found.message


def test_oversubscribed_switch_that_traffic_does_not_meet_is_information() -> None:
    """2:1 leaves, 2 leaves: only half of each leaf's traffic leaves it, exactly what its uplinks carry."""
    design = tor_fabric(CAT, nodes=4, per_leaf=2, spines=2, uplinks_per_leaf=8).design
    assert _by_code(design)["oversubscribed-fabric"].severity is Severity.INFO


@pytest.mark.parametrize(("tp", "severity"), [(2, Severity.INFO), (4, Severity.WARNING)])
def test_pcie_tensor_parallel(tp: int, severity: Severity) -> None:
    design = single_switch(CAT, 2, nics=2, server="t-l40s-8", switch="t-sn5600").design
    design.workload = Workload(tp=tp)
    assert _by_code(design)["pcie-tensor-parallel"].severity is severity


def test_tensor_parallel_across_nodes() -> None:
    design = single_switch(CAT, 2).design
    design.workload = Workload(tp=16)
    found = _by_code(design)["tp-across-nodes"]
    assert found.severity is Severity.WARNING and "tp=16" in found.message


def test_single_server_design_has_no_fabric_findings() -> None:
    b = Builder(CAT)
    b.server("solo", "t-dgx-h100")
    assert fabric_checks(b.design, CAT) == []


def test_every_code_is_documented() -> None:
    """docs/models/topology.md's checks table lists exactly the codes the checks can emit."""
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "models" / "topology.md").read_text(encoding="utf-8")
    table = doc.split("## 5. Checks", 1)[1].split("## 6.", 1)[0]
    documented = {line.split("`")[1] for line in table.splitlines() if line.startswith("| `")}
    assert documented == set(CODES)
