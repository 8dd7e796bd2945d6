"""Rack-scale NVLink systems end to end: the template, the design's domains, the profile and the checks."""

from __future__ import annotations

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.analysis import analyze_design
from planner_gui.engine.checks.rack_scale import rack_scale_checks
from planner_gui.engine.collectives import predict, profile_from_catalog
from planner_gui.engine.collectives.fabric_profile import fabric_profile_from_design
from planner_gui.model import Design, Workload
from planner_gui.templates import TemplateSpec, generate_design
from planner_gui.templates.spec import TemplateError

CATALOG = bundled_catalog()
TRAYS = 18


@pytest.fixture(scope="module")
def one_rack() -> Design:
    return generate_design(CATALOG, TemplateSpec("gb200-nvl72", TRAYS))


def _fresh(trays: int = TRAYS, server: str = "gb200-nvl72") -> Design:
    return generate_design(CATALOG, TemplateSpec(server, trays))


def _codes(design: Design) -> list[str]:
    return [c.code for c in analyze_design(design, CATALOG).checks]


def test_one_rack_holds_a_whole_domain(one_rack: Design) -> None:
    trays = [d for d in one_rack.devices.values() if d.catalog_id == "gb200-nvl72"]
    switch_trays = [d for d in one_rack.devices.values() if d.catalog_id == "nvlink5-switch-tray"]
    shelves = [d for d in one_rack.devices.values() if d.catalog_id == "power-shelf-33kw"]
    assert (len(trays), len(switch_trays), len(shelves)) == (18, 9, 8)
    assert {d.rack_id for d in trays + switch_trays + shelves} == {trays[0].rack_id}
    assert {d.nvlink_domain for d in trays + switch_trays} == {"nvl-001"}
    rack = one_rack.racks[trays[0].rack_id]
    assert rack.catalog_id == "rack-nvl72-mgx" and rack.cooling == "liquid"
    assert rack.cooling_capacity_kw == 110.0  # 18 x 5.4 kW + 9 x 1 kW = 106.2 kW, sized up to 5 kW
    assert not any(c in _codes(one_rack) for c in ("nvlink-domain-split", "rack-over-power-shelves",
                                                   "rack-over-cooling", "rack-over-power", "rack-over-feed"))


def test_the_design_profile_is_the_catalog_profile_of_a_rack(one_rack: Design) -> None:
    profile = fabric_profile_from_design(one_rack, CATALOG)
    assert (profile.gpus_per_node, profile.nodes, profile.hosts_per_domain, profile.nics_per_node) == (72, 1, 18, 72)
    direct = profile_from_catalog(CATALOG, "gb200", 4, TRAYS, "ib-ndr-400", nvlink_domain=72)
    assert predict(profile, "allreduce", 2**32).busbw_GBps == pytest.approx(
        predict(direct, "allreduce", 2**32).busbw_GBps, rel=1e-9)


def test_two_racks_are_two_nccl_nodes_over_the_fabric() -> None:
    design = _fresh(2 * TRAYS)
    profile = fabric_profile_from_design(design, CATALOG)
    assert (profile.gpus_per_node, profile.nodes, profile.hosts_per_domain) == (72, 2, 18)
    assert len({d.nvlink_domain for d in design.devices.values() if d.nvlink_domain}) == 2


def test_nodes_count_trays_in_whole_racks() -> None:
    with pytest.raises(TemplateError, match=r"--nodes counts trays, in whole racks \(e.g. 18 or 36\)"):
        _fresh(20)


def test_a_design_without_domains_keeps_each_tray_its_own_node() -> None:
    plain = _fresh()
    for device in plain.devices.values():
        device.nvlink_domain = None
    profile = fabric_profile_from_design(plain, CATALOG)
    assert (profile.gpus_per_node, profile.nodes, profile.hosts_per_domain) == (4, 18, 1)


def test_a_domain_split_over_racks_is_an_error() -> None:
    design = _fresh()
    tray = next(d for d in design.devices.values() if d.catalog_id == "gb200-nvl72")
    other = next(r for r in design.racks if r != tray.rack_id)
    design.place_device(tray.id, other, design.free_u_slots(other, 1, CATALOG)[0], CATALOG)
    found = [c for c in rack_scale_checks(design, CATALOG) if c.code == "nvlink-domain-split"]
    assert len(found) == 1 and found[0].severity == "error" and "nvl-001" in found[0].message


def test_a_domain_larger_than_its_system_is_an_error() -> None:
    design = _fresh(2 * TRAYS)
    for device in design.devices.values():
        if device.nvlink_domain == "nvl-002":
            device.nvlink_domain = "nvl-001"
    codes = [c.code for c in rack_scale_checks(design, CATALOG)]
    assert "nvlink-domain-too-large" in codes and "nvlink-domain-split" in codes
    assert fabric_profile_from_design(design, CATALOG).hosts_per_domain == 1  # 144 GPUs > the system's 72

def test_a_domain_on_servers_without_multi_node_nvlink_is_an_error() -> None:
    design = generate_design(CATALOG, TemplateSpec("dgx-h100", 2))
    for device in design.devices.values():
        if device.catalog_id == "dgx-h100":
            device.nvlink_domain = "nvl-x"
    assert "nvlink-domain-unsupported" in [c.code for c in rack_scale_checks(design, CATALOG)]
    assert fabric_profile_from_design(design, CATALOG).hosts_per_domain == 1


def test_power_shelves_must_carry_the_rack() -> None:
    design = _fresh()
    shelves = sorted(d.id for d in design.devices.values() if d.catalog_id == "power-shelf-33kw")
    for shelf in shelves[:5]:  # 3 x 33 kW = 99 kW left for a 106 kW rack
        design.remove_device(shelf)
    found = {c.code: c for c in analyze_design(design, CATALOG).checks}
    assert found["rack-over-power-shelves"].values()["shelves_w"] == 3 * 33_000
    for shelf in shelves[5:]:
        design.remove_device(shelf)
    assert "rack-no-power-shelves" in _codes(design)


def test_heat_to_air_is_checked_against_the_room() -> None:
    design = _fresh()
    checks = {c.code: c for c in analyze_design(design, CATALOG).checks}
    heat = analyze_design(design, CATALOG).cooling
    rack_id = next(d.rack_id for d in design.devices.values() if d.catalog_id == "gb200-nvl72")
    air_w = heat.racks[rack_id].air_w
    assert checks["rack-heat-to-air-over-room"].values() == {"rack": rack_id, "air_w": air_w, "room_w": 25_000.0}
    assert air_w == pytest.approx(heat.racks[rack_id].heat_w - heat.racks[rack_id].liquid_w)


def test_tensor_parallel_stays_inside_the_domain() -> None:
    """tp=16 on NVL72 racks is inside a node (72 GPUs); the same trays without domains cross the network."""
    design = _fresh(2 * TRAYS)
    design.workload = Workload(model_name="70B", layers=80, hidden=8192, heads=64, kv_heads=8, ffn_hidden=28672,
                               gated_mlp=True, vocab=32000, seq_len=4096, global_batch=144, micro_batch=1,
                               tp=16, pp=1, dp=9)
    joined = analyze_design(design, CATALOG)
    assert "tp-across-nodes" not in [c.code for c in joined.checks]
    split = generate_design(CATALOG, TemplateSpec("gb200-nvl72", 2 * TRAYS))
    split.workload = design.workload
    for device in split.devices.values():
        device.nvlink_domain = None
    apart = analyze_design(split, CATALOG)
    assert "tp-across-nodes" in [c.code for c in apart.checks]
    assert joined.training.estimate.step_time_s < apart.training.estimate.step_time_s


def test_plain_examples_raise_no_rack_scale_finding() -> None:
    design = generate_design(CATALOG, TemplateSpec("dgx-h100", 4))
    assert rack_scale_checks(design, CATALOG, analyze_design(design, CATALOG).power) == []


def test_a_tray_outside_any_rack_is_a_split() -> None:
    design = _fresh()
    tray = next(d for d in design.devices.values() if d.catalog_id == "gb200-nvl72")
    design.place_device(tray.id, None, None, CATALOG)
    assert "nvlink-domain-split" in [c.code for c in rack_scale_checks(design, CATALOG)]
