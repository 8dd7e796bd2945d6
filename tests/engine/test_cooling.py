"""Cooling model: heat, airflow, liquid flow, capacity, throttle factor and the checks. Hand calculations."""

from __future__ import annotations

import pytest

from planner_gui.catalog import Catalog
from planner_gui.engine.checks.facility import facility_checks
from planner_gui.engine.facility.cooling import (
    LIQUID_DELTA_T_K,
    M3H_PER_CFM,
    THROTTLE_FLOOR,
    cooling_report,
    throttle_factor,
)
from planner_gui.engine.facility.power import power_report
from planner_gui.model import CoolingType, Design
from tests.engine.test_power_support import rack, servers, small_catalog


def _one_rack(count: int, budget_kw: float = 60.0, cooling: CoolingType = CoolingType.AIR,
              model: str = "dgx-h100", **extra: object) -> tuple[Design, Catalog]:
    catalog, design = small_catalog(), Design()
    rack(design, "r1", budget_kw=budget_kw, cooling=cooling, **extra)
    servers(design, catalog, "r1", count, model=model)
    return design, catalog


def test_heat_in_btu_per_hour_and_tons() -> None:
    """DGX H100: 10,200 W × 3.412 = 34,802 BTU/h, the reference's "34,800 BTU/h"; ÷ 12,000 = 2.9 tons
    (insideHPC, "Calculating CFMs for HPC power and cooling")."""
    design, catalog = _one_rack(1)
    cooling = cooling_report(design, catalog, power_report(design, catalog)).racks["r1"]
    assert cooling.heat_btu_h == pytest.approx(34_802.4)
    assert cooling.heat_tons == pytest.approx(2.9002, abs=1e-4)


def test_airflow_reproduces_the_dgx_h100_fan_figure() -> None:
    """CFM = 3.16 × W / ΔT°F ([S44]). At the DGX H100's implied ΔT of 29 °F: 3.16 × 10,200 / 29 = 1,111 CFM,
    within 1 % of NVIDIA's 1,105 CFM at 80 % fan PWM (NVIDIA DGX H100 user guide)."""
    design, catalog = _one_rack(1)
    power = power_report(design, catalog)
    cooling = cooling_report(design, catalog, power, air_delta_t_f=29.0).racks["r1"]
    assert cooling.airflow_cfm == pytest.approx(1_111.4, abs=0.1)
    assert cooling.airflow_cfm == pytest.approx(1_105.0, rel=0.01)
    assert cooling.airflow_m3h == pytest.approx(1_111.4 * 1.699, rel=1e-3)
    assert pytest.approx(1.699, abs=1e-3) == M3H_PER_CFM


def test_default_delta_t_reproduces_nvidia_rack_profile() -> None:
    """The default ΔT of 21 °F comes from NVIDIA's 2× DGX B200 rack profile: 4,290 CFM for 28.6 kW
    (NVIDIA DGX B200 rack profile); 3.16 × 28,600 / 21 = 4,304 CFM is within 0.5 % of it. Two 10 kW servers in an
    air rack then need 3.16 × 20,000 / 21 = 3,010 CFM."""
    design, catalog = _one_rack(2, model="hgx-liquid")  # 2 × 10,000 W, air rack
    cooling = cooling_report(design, catalog, power_report(design, catalog)).racks["r1"]
    assert cooling.airflow_cfm == pytest.approx(3_009.5, abs=0.1)
    rack_profile_cfm = 3.16 * 28_600 / 21.0
    assert rack_profile_cfm == pytest.approx(4_290, rel=0.005)


def test_liquid_rack_sends_most_heat_to_water() -> None:
    """4 cold-plate servers × 10,000 W = 40 kW in a liquid rack. 22.5 % (midpoint of 15–30 %, [S70]) stays
    in air: liquid 31,000 W, air 9,000 W. Loop flow 14.3 × 31 kW / 10 K = 44.33 L/min; OCP's 1.5 L/min/kW
    rule gives 46.5 L/min, within 5 %. Airflow for the residual: 3.16 × 9,000 / 21 = 1,354 CFM."""
    design, catalog = _one_rack(4, cooling=CoolingType.LIQUID, model="hgx-liquid")
    cooling = cooling_report(design, catalog, power_report(design, catalog)).racks["r1"]
    assert cooling.liquid_w == pytest.approx(31_000.0)
    assert cooling.air_w == pytest.approx(9_000.0)
    assert cooling.liquid_lpm == pytest.approx(44.33, abs=0.01)
    assert cooling.liquid_lpm == pytest.approx(1.5 * 31.0, rel=0.05)
    assert cooling.airflow_cfm == pytest.approx(1_354.3, abs=0.1)
    assert LIQUID_DELTA_T_K == 10.0


def test_rear_door_takes_all_heat_to_water_but_fans_still_move_it() -> None:
    """RDHx: room-neutral, so the door's water takes all 20,400 W; the server fans still push all of it."""
    design, catalog = _one_rack(2, cooling=CoolingType.RDHX)
    cooling = cooling_report(design, catalog, power_report(design, catalog)).racks["r1"]
    assert cooling.liquid_w == pytest.approx(20_400.0)
    assert cooling.air_w == pytest.approx(20_400.0)
    assert cooling.capacity_w == pytest.approx(35_000.0)


def test_capacity_from_catalog_or_override() -> None:
    """Air rack: catalog 25 kW. Override 12 kW → 12 kW; 2 DGX (20.4 kW) then exceed it. An override of 50 kW
    on air exceeds the type's 30 kW ceiling → warning."""
    design, catalog = _one_rack(2, cooling_capacity_kw=12.0)
    power = power_report(design, catalog)
    cooling = cooling_report(design, catalog, power).racks["r1"]
    assert (cooling.capacity_w, cooling.capacity_source) == (12_000.0, "override")
    assert cooling.over_capacity
    assert cooling.limit == "cooling"
    codes = {c.code for c in facility_checks(power, cooling_report(design, catalog, power))}
    assert "rack-over-cooling" in codes
    high, high_catalog = _one_rack(1, cooling_capacity_kw=50.0)
    high_power = power_report(high, high_catalog)
    high_codes = {c.code for c in facility_checks(high_power, cooling_report(high, high_catalog, high_power))}
    assert "rack-cooling-override-high" in high_codes


def test_four_dgx_h100_on_20_kw_are_over_budget_and_throttled() -> None:
    """4 × 10.2 kW = 40.8 kW against a 20 kW budget (feeds 2 × 17.7 kW, cooling override 60 kW so power binds).
    20 / 40.8 = 0.49, below the 0.5 floor (HW slowdown halves clocks, [S18]) → factor 0.5; two errors."""
    design, catalog = _one_rack(4, budget_kw=20.0, cooling_capacity_kw=60.0)
    power = power_report(design, catalog)
    cooling = cooling_report(design, catalog, power)
    rack_cooling = cooling.racks["r1"]
    assert rack_cooling.throttle_factor == THROTTLE_FLOOR == 0.5
    assert rack_cooling.limit == "power-budget"
    assert cooling.gpu_throttle_factor == 0.5
    assert cooling.throttled_gpu_count == 32
    checks = {c.code: c for c in facility_checks(power, cooling)}
    assert checks["rack-over-power"].ids == ("r1",)
    assert checks["gpu-throttled"].severity == "error"
    assert "50%" in checks["gpu-throttled"].message


def test_mild_deficit_gives_proportional_factor() -> None:
    """2 DGX H100 = 20.4 kW on 20 kW: 20 / 20.4 = 0.980. The seeds' 20–30 % loss corresponds to a demand
    1.25–1.43 × supply: 20/25 = 0.8 and 20/28.57 = 0.7."""
    design, catalog = _one_rack(2, budget_kw=20.0, cooling_capacity_kw=60.0)
    rack_cooling = cooling_report(design, catalog, power_report(design, catalog)).racks["r1"]
    assert rack_cooling.throttle_factor == pytest.approx(20.0 / 20.4)
    assert throttle_factor(20.0, 25.0) == pytest.approx(0.8)
    assert throttle_factor(20.0, 28.57) == pytest.approx(0.7, abs=1e-3)
    assert throttle_factor(20.0, 10.0) == 1.0


def test_design_factor_is_the_slowest_gpu_rack() -> None:
    """Racks at 1.0 and 0.98: synchronous training runs at 0.98. A switch-only rack over budget is ignored."""
    catalog, design = small_catalog(), Design()
    rack(design, "fine", budget_kw=40, cooling_capacity_kw=60)
    rack(design, "tight", budget_kw=20, cooling_capacity_kw=60)
    servers(design, catalog, "fine", 2)
    servers(design, catalog, "tight", 2)
    cooling = cooling_report(design, catalog, power_report(design, catalog))
    assert cooling.racks["fine"].throttle_factor == 1.0
    assert cooling.gpu_throttle_factor == pytest.approx(20.0 / 20.4)
    assert cooling.throttled_gpu_count == 16


def test_missing_cooling_entry_is_a_clear_key_error() -> None:
    catalog, design = small_catalog(drop=("rdhx",)), Design()
    rack(design, "r1", cooling=CoolingType.RDHX)
    power = power_report(design, catalog)
    with pytest.raises(KeyError, match=r"no cooling entry 'rdhx'.*cooling_capacity_kw"):
        cooling_report(design, catalog, power)
    design.racks["r1"].cooling_capacity_kw = 30.0  # an override needs no catalog entry
    assert cooling_report(design, catalog, power).racks["r1"].capacity_w == 30_000.0


def test_bad_override_is_a_value_error() -> None:
    design, catalog = _one_rack(1, cooling_capacity_kw=-5.0)
    with pytest.raises(ValueError, match="cooling_capacity_kw"):
        cooling_report(design, catalog, power_report(design, catalog))


def test_liquid_rack_of_air_servers_is_flagged() -> None:
    design, catalog = _one_rack(2, cooling=CoolingType.LIQUID)
    power = power_report(design, catalog)
    codes = {c.code for c in facility_checks(power, cooling_report(design, catalog, power))}
    assert "rack-liquid-without-cold-plates" in codes
