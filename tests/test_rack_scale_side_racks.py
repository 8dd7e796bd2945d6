"""The racks beside NVL72 racks (leaves, spines, storage, management) get an air-cooled budget sized for the
switches they hold, not the NVL72 rack's 110-145 kW liquid loop (issue 18): `cluster-planner new --server
gb200-nvl72` and the shipped 8 x GB300 NVL72 example."""

from __future__ import annotations

import math

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine import analyze_design
from planner_gui.examples import examples_folder
from planner_gui.io import load_design
from planner_gui.model import CoolingType
from planner_gui.templates import TemplateSpec, generate_design

CATALOG = bundled_catalog()
AIR_KW = float(CATALOG.require("air")["capacity_kw"])  # 25 kW: what the room's air removes per rack
STEP_KW = 5.0  # budgets are sized up to the next 5 kW (templates/rack_scale.py KW_STEP)


@pytest.mark.parametrize("design", [
    pytest.param(lambda: generate_design(CATALOG, TemplateSpec("gb200-nvl72", 36)), id="new-gb200-2-racks"),
    pytest.param(lambda: load_design(examples_folder() / "gb300-8x-nvl72-xdr.cluster", CATALOG).design,
                 id="example-gb300-8-racks"),
])
def test_side_racks_are_air_cooled_and_budgeted_for_their_switches(design: object) -> None:
    design = design()
    analysis = analyze_design(design, CATALOG)
    gpu_racks = {d.rack_id for d in design.devices.values() if d.nvlink_domain and d.catalog_id.endswith("nvl72")}
    side = [r for r in design.racks.values() if r.id not in gpu_racks]
    assert gpu_racks and side
    for rack in design.racks.values():
        power = analysis.power.racks[rack.id]
        if rack.id in gpu_racks:
            assert rack.cooling == CoolingType.LIQUID and rack.power_budget_kw > 100.0
            continue
        assert rack.cooling == CoolingType.AIR and rack.cooling_capacity_kw is None  # the air type's 25 kW
        assert rack.height_u == 42 and rack.catalog_id == "rack-42u"
        # the budget holds the rack's peak draw (switches, storage, cable modules) at the next 5 kW step up,
        # one step more at most (the modules are bounded from above before the cables are known exactly)
        step_up = max(STEP_KW, math.ceil(power.max_w / 1000.0 / STEP_KW) * STEP_KW)
        assert step_up <= rack.power_budget_kw <= min(step_up + STEP_KW, AIR_KW)
        assert analysis.cooling.racks[rack.id].cooling == "air"
        assert not analysis.cooling.racks[rack.id].over_capacity
    codes = {c.code for c in analysis.checks if c.ids and set(c.ids) & {r.id for r in side}}
    assert not codes & {"rack-over-budget", "rack-over-cooling", "rack-over-feeds"}, codes


def test_ordinary_servers_keep_one_rack_profile() -> None:
    """A DGX design has no rack-scale profile: network racks keep the template's budget and cooling."""
    design = generate_design(CATALOG, TemplateSpec("dgx-h100", 32, rack_kw=40.0, cooling="rdhx"))
    assert {(r.power_budget_kw, r.cooling) for r in design.racks.values()} == {(40.0, CoolingType.RDHX)}
