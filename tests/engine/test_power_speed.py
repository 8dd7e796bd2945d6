"""Power and cost on a 4,096-server design: the right totals (speed is measured in benchmarks/analysis.py)."""

from __future__ import annotations

import pytest

from planner_gui.catalog import Catalog
from planner_gui.engine.checks.facility import facility_checks
from planner_gui.engine.facility.cooling import cooling_report
from planner_gui.engine.facility.power import power_report
from planner_gui.model import CostSettings, Design, Device, Feed, Link, Medium, Rack
from tests.engine.test_power_support import small_catalog

NODES = 4096
LEAF_DOWN = 32  # each 64-port leaf: 32 ports down to servers, 32 up to spines (NVIDIA DGX SuperPOD H100 reference architecture)


def _big_design(catalog: Catalog) -> Design:
    """4,096 DGX in 1,024 racks (2 × 34.5 kW feeds); 1,024 leaves and 512 spines; 32,768 DAC + 32,768 SR4 links."""
    design = Design(cost=CostSettings(rent_per_gpu_month=10_000.0, cloud_per_gpu_hour=20.0,
                                      switch_rent_month={"qm9700": 20_000.0}))
    for r in range(NODES // 4):
        design.add_rack(Rack(f"r{r}", power_budget_kw=45, cooling_capacity_kw=45, feed_a=Feed(415, 60, 3),
                             feed_b=Feed(415, 60, 3)))
        for i in range(4):
            design.add_device(Device(f"s{r * 4 + i}", "dgx-h100", rack_id=f"r{r}", u=1 + 8 * i), catalog)
    leaves, spines = NODES * 8 // LEAF_DOWN, NODES * 8 // 64
    switches = [f"leaf{i}" for i in range(leaves)] + [f"spine{i}" for i in range(spines)]
    for j, switch in enumerate(switches):
        if j % 40 == 0:
            design.add_rack(Rack(f"net{j // 40}", power_budget_kw=80, cooling_capacity_kw=80))
        design.add_device(Device(switch, "qm9700", rack_id=f"net{j // 40}", u=1 + j % 40), catalog)
    n = 0
    for s in range(NODES):
        for p in range(8):
            leaf = (s // LEAF_DOWN) * 8 + p
            design.add_link(Link(f"l{n}", f"s{s}/cx{p}", f"leaf{leaf}/p{s % LEAF_DOWN + 1}", Medium.DAC), catalog)
            n += 1
    for leaf in range(leaves):
        for p in range(LEAF_DOWN):
            k = leaf * LEAF_DOWN + p
            design.add_link(Link(f"l{n}", f"leaf{leaf}/p{LEAF_DOWN + 1 + p}", f"spine{k % spines}/p{k // spines + 1}",
                                 Medium.MMF), catalog)
            n += 1
    return design


@pytest.fixture(scope="module")
def big() -> tuple[Design, Catalog]:
    catalog = small_catalog()
    return _big_design(catalog), catalog


def test_big_design_totals(big: tuple[Design, Catalog]) -> None:
    """Servers 8,500 + 8 DAC ends × 0.1 = 8,500.8 W; leaves 747 + 32 × 0.1 + 32 × 9 = 1,038.2 W;
    spines 747 + 64 × 9 = 1,323 W. Total 4,096 × 8,500.8 + 1,024 × 1,038.2 + 512 × 1,323 = 36,559,769.6 W.
    Maximum: 4,096 × 10,200.8 + 1,536 × 1,720 = 44,424,396.8 W. GPUs 32,768."""
    design, catalog = big
    report = power_report(design, catalog)
    assert report.typical_w == pytest.approx(36_559_769.6)
    assert report.max_w == pytest.approx(44_424_396.8)
    assert report.gpu_count == 32_768
    assert report.racks["r0"].max_w == pytest.approx(4 * 10_200.8)
    ends = {(p.medium, p.cable_id): p.ends for p in report.port_ends}
    assert ends == {("dac", "dac-400"): 65_536, ("mmf", "mmf-400"): 65_536}
    cooling = cooling_report(design, catalog, report)
    assert cooling.gpu_throttle_factor == 1.0  # 40.8 kW racks on 45 kW budgets, cooling and 2 × 34.5 kW feeds
    codes = {c.code for c in facility_checks(report, cooling)}
    assert not codes & {"gpu-throttled", "rack-over-power", "rack-over-cooling"}
