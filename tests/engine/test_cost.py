"""Facility energy and cost/TCO: hand calculations with the arithmetic in each docstring.

Test catalog (tests/engine/test_power_support.py): DGX H100 $100,000, 8,500 W typical, 10,200 W max (its
draw under training load),
8 × ConnectX-7 at $2,000 and 25 W; QM9700 $30,000, 747 W typical; 400G DAC $100 a cable, 0.1 W per end;
air PUE 1.5, liquid PUE 1.1. One month is 730 h, one year 8,760 h.
"""

from __future__ import annotations

import pytest

from planner_gui.catalog import Catalog
from planner_gui.engine.checks.facility import facility_checks
from planner_gui.engine.cost.rent import switch_break_even_months
from planner_gui.engine.cost.tco import cost_report
from planner_gui.engine.facility.cooling import cooling_report
from planner_gui.engine.facility.energy import facility_report
from planner_gui.engine.facility.power import power_report
from planner_gui.model import CoolingType, CostSettings, Currency, Design, Device, Medium
from tests.engine.test_power_support import rack, servers, small_catalog, wire


def _design(count: int = 2, currency: Currency = Currency.CNY, **cost: object) -> tuple[Design, Catalog]:
    catalog, design = small_catalog(), Design()
    design.meta.currency = currency
    design.cost = CostSettings(**cost)  # type: ignore[arg-type]
    rack(design, "r1", budget_kw=60, cooling_capacity_kw=60)
    servers(design, catalog, "r1", count)
    return design, catalog


def test_pue_and_annual_energy_for_one_air_rack() -> None:
    """One DGX in an air rack. Under training load it draws its 10,200 W maximum (GPUs at their power limit):
    10.2 kW × 1.5 = 15.3 kW facility; × 8,760 h = 134.028 MWh; × ¥0.8 = ¥107,222.40 a year, ¥8,935.20 a
    month (15.3 × 730 × 0.8). The typical draw, the alternative: 8.5 × 1.5 = 12.75 kW; 111.69 MWh; ¥89,352 a
    year, ¥7,446 a month."""
    design, catalog = _design(1)
    facility = facility_report(design, catalog, power_report(design, catalog))
    assert facility.pue == pytest.approx(1.5)
    assert (facility.it_training_kw, facility.it_typical_kw) == (pytest.approx(10.2), pytest.approx(8.5))
    assert facility.facility_kw == pytest.approx(15.3)
    assert facility.annual_mwh == pytest.approx(134.028)
    assert facility.annual_energy_cost == pytest.approx(107_222.4)
    assert facility.monthly_energy_cost == pytest.approx(8_935.2)
    assert facility.facility_typical_kw == pytest.approx(12.75)
    assert facility.annual_mwh_typical == pytest.approx(111.69)
    assert facility.annual_energy_cost_typical == pytest.approx(89_352.0)
    assert facility.monthly_energy_cost_typical == pytest.approx(7_446.0)


def test_pue_is_weighted_by_each_rack_s_cooling_and_overridable() -> None:
    """Under training load: air rack 10.2 kW at 1.5 plus liquid rack 10.0 kW at 1.1: (15.3 + 11.0) / 20.2 =
    1.30198.
    CostSettings.pue = 1.25 replaces it."""
    catalog, design = small_catalog(), Design()
    rack(design, "air", budget_kw=60)
    rack(design, "wet", budget_kw=60, cooling=CoolingType.LIQUID)
    servers(design, catalog, "air", 1)
    servers(design, catalog, "wet", 1, model="hgx-liquid")
    power = power_report(design, catalog)
    assert facility_report(design, catalog, power).pue == pytest.approx(26.3 / 20.2)
    design.cost.pue = 1.25
    report = facility_report(design, catalog, power)
    assert (report.pue, report.pue_source) == (1.25, "design")
    design.cost.pue = 0.9
    with pytest.raises(ValueError, match=r"cost\.pue"):
        facility_report(design, catalog, power)


def test_rent_versus_buy_break_even_for_two_servers() -> None:
    """Buy: 2 × $100,000 × 7.2 = ¥1,440,000, + 5 % installation = ¥1,512,000 up front; power
    under training load 20.4 kW × 1.5 × 730 h × ¥0.8 = ¥17,870.40, billed ¥17,870 a month. Rent: 2 × ¥100,000
    = ¥200,000 a month. Break-even: 1,512,000 / (200,000 − 17,870) = 8.30 → month 9. Over 12 months: buy
    ¥1,726,440,
    rent ¥2,400,000; per GPU-hour (16 GPUs × 12 × 730 h = 140,160): ¥12.06 and ¥17.12."""
    design, catalog = _design(2, rent_per_server_month={"dgx-h100": 100_000.0})
    report = cost_report(design, catalog)
    buy, rent = report.options["buy"], report.options["rent"]
    assert buy.upfront == pytest.approx(1_512_000.0)
    assert buy.monthly == pytest.approx(17_870.0)
    assert buy.total == pytest.approx(1_726_440.0)
    energy = report.energy  # the alternative at the typical draw: 17 kW × 1.5 × 730 × 0.8 = ¥14,892
    assert energy is not None and (energy.monthly_training, energy.monthly_typical) == (17_870.0, 14_892.0)
    assert rent.total == pytest.approx(2_400_000.0)
    assert report.buy_vs_rent_month == 9
    assert buy.per_gpu_hour == pytest.approx(1_726_440.0 / 140_160)
    assert rent.per_gpu_hour == pytest.approx(2_400_000.0 / 140_160)


def test_seed_s1_rent_with_annual_prepay() -> None:
    """Seed 000 #1: 2 nodes at ¥80–120k per node-month, 15 % off when prepaid yearly ≈ ¥68–102k.
    12 months: 2 × 80,000 × 12 × 0.85 = ¥1,632,000 (¥68,000 per node-month); at ¥120k: ¥2,448,000
    (¥102,000). 18 months: one prepaid year + 6 list months = 160,000 × (10.2 + 6) = ¥2,592,000."""
    for price, per_node in ((80_000.0, 68_000.0), (120_000.0, 102_000.0)):
        design, catalog = _design(2, rent_per_server_month={"dgx-h100": price}, annual_prepay_discount=0.15)
        rent = cost_report(design, catalog).options["rent"]
        assert rent.total == pytest.approx(2 * price * 12 * 0.85)
        assert rent.total / 12 / 2 == pytest.approx(per_node)
        assert rent.upfront == pytest.approx(rent.total)  # the whole prepaid year is the first bill
    design, catalog = _design(2, rent_per_server_month={"dgx-h100": 80_000.0}, annual_prepay_discount=0.15,
                              project_months=18)
    assert cost_report(design, catalog).options["rent"].total == pytest.approx(2_592_000.0)


def test_per_gpu_rent_for_seed_s2() -> None:
    """Seed 000 #2: 32 GPUs × ¥2,800 = ¥89,600 a month; 20 % yearly discount → ¥2,240 per GPU-month."""
    design, catalog = _design(4, rent_per_gpu_month=2_800.0, annual_prepay_discount=0.2)
    rent = cost_report(design, catalog).options["rent"]
    assert rent.monthly == 71_680.0  # the month actually paid: ¥89,600 less 20 %, prepaid a year at a time
    assert rent.upfront == rent.total == 12 * 71_680.0
    assert rent.total / 12 / 32 == pytest.approx(2_240.0)


def test_switch_rent_versus_buy_break_even_months() -> None:
    """Seed 000 FAQ 5: rent ¥5–8k a month vs buy ¥150–250k. Best case 150,000 / 8,000 = 18.75 months,
    worst 250,000 / 5,000 = 50 months; six months of rent (¥48k) is a third of the cheapest purchase.
    In a design the bought switch also pays its power: 747 W × 1.5 × 730 h × ¥0.8 = ¥654.37 a month,
    so 150,000 / (8,000 − 654.37) = 20.42 months."""
    assert switch_break_even_months(150_000, 8_000) == pytest.approx(18.75)
    assert switch_break_even_months(250_000, 5_000) == pytest.approx(50.0)
    assert 6 * 8_000 < 150_000 / 3 + 1
    assert switch_break_even_months(150_000, 500, opex_per_month=600) is None
    design, catalog = _design(0, buy_price={"qm9700": 150_000.0}, switch_rent_month={"qm9700": 8_000.0},
                              installation_fraction=0.0, project_months=24, rent_per_gpu_month=0.0)
    design.add_device(Device("sw", "qm9700", rack_id="r1", u=40), catalog)
    report = cost_report(design, catalog)
    (switch,) = report.switches
    assert switch.opex_month == pytest.approx(654.37, abs=0.01)
    assert switch.months == pytest.approx(150_000 / (8_000 - 654.372), rel=1e-5)
    power = power_report(design, catalog)
    checks = facility_checks(power, cooling_report(design, catalog, power), report)
    assert "switch-buy-pays-back" in {c.code for c in checks}


def test_currency_conversion_and_overrides() -> None:
    """$100,000 server: ¥720,000 at 7.2 CNY/USD, ¥700,000 at 7.0, $100,000 in a USD design; an override of
    ¥500,000 is taken as is (hardware totals exclude the 5 % installation)."""
    design, catalog = _design(1)
    assert _hardware(design, catalog) == pytest.approx(720_000.0)
    design.cost.cny_per_usd = 7.0
    assert _hardware(design, catalog) == pytest.approx(700_000.0)
    design.meta.currency = Currency.USD
    assert _hardware(design, catalog) == pytest.approx(100_000.0)
    design.meta.currency = Currency.CNY
    design.cost.buy_price = {"dgx-h100": 500_000.0}
    assert _hardware(design, catalog) == pytest.approx(500_000.0)
    design.cost.cny_per_usd = 0.0
    with pytest.raises(ValueError, match="cny_per_usd"):
        cost_report(design, catalog)


def _hardware(design: Design, catalog: Catalog) -> float:
    lines = cost_report(design, catalog).options["buy"].lines
    return lines["servers"] + lines["nics"] + lines["switches"] + lines["cables"] + lines["other hardware"]


def test_cloud_hourly_price() -> None:
    """Lambda 8×H100 at $2.99 per GPU-hour (Lambda's published on-demand price, 2024-09): 16 GPUs × 730 h ×
    2.99 = $34,923.20 a month, billed as $34,923 (whole dollars); its cost per GPU-hour is the price itself,
    to the cent."""
    design, catalog = _design(2, currency=Currency.USD, cloud_per_gpu_hour=2.99)
    cloud = cost_report(design, catalog).options["cloud"]
    assert cloud.monthly == 34_923.0
    assert cloud.per_gpu_hour == pytest.approx(2.99, abs=0.005)


def test_network_share_of_buying() -> None:
    """USD, ¥→$ not involved. 2 DGX + 1 QM9700 + 16 DAC links, electricity $0.1/kWh.
    Hardware: servers 2 × (100,000 − 8 × 2,000) = 168,000; NICs 2 × 8 × 2,000 = 32,000; switch 30,000;
    cables 16 × 100 = 1,600; total 231,600, × 1.05 = 243,180 up front.
    Draw under training load: servers 2 × 10,200.8 (their maximum), switch 747 + 1.6 = 748.6 (typical), total
    21,150.2 W; electricity 21.1502 × 1.5 × 730 × 0.1 = $2,315.95, billed $2,316 a month, × 12 = 27,792.
    Network draw: switch 748.6 + NICs 400 + server modules 1.6 = 1,150.2 W. Network = (30,000 + 32,000 +
    1,600) × 1.05 + 27,792 × 1,150.2 / 21,150.2 = 68,291.40; share = 68,291.40 / 270,972 = 25.2 %."""
    design, catalog = _design(2, currency=Currency.USD, electricity_per_kwh=0.1)
    design.add_device(Device("sw", "qm9700", rack_id="r1", u=40), catalog)
    wire(design, catalog, ["r1-s0", "r1-s1"], "sw", Medium.DAC)
    buy = cost_report(design, catalog).options["buy"]
    assert buy.lines["servers"] == pytest.approx(168_000.0)
    assert buy.lines["nics"] == pytest.approx(32_000.0)
    assert buy.lines["cables"] == pytest.approx(1_600.0)
    assert buy.upfront == pytest.approx(243_180.0)
    assert buy.total == 243_180.0 + 12 * 2_316.0
    assert buy.network == pytest.approx(66_780.0 + 27_792.0 * 1_150.2 / 21_150.2, abs=0.01)
    assert buy.network_share == pytest.approx(0.25202, abs=1e-4)


def test_other_nics_are_priced_at_what_is_fitted() -> None:
    """4 × ConnectX-6 ($1,000) instead of the default 8 × ConnectX-7 ($2,000): server line 100,000 − 16,000 =
    84,000 and NIC line 4,000 (USD)."""
    catalog, design = small_catalog(), Design()
    design.meta.currency = Currency.USD
    rack(design, "r1", budget_kw=60)
    servers(design, catalog, "r1", 1, nic_id="cx6", nic_count=4)
    lines = cost_report(design, catalog).options["buy"].lines
    assert (lines["servers"], lines["nics"]) == (pytest.approx(84_000.0), pytest.approx(4_000.0))


def test_rent_vs_cloud_and_upfront_saving() -> None:
    """Rent ¥100,000 per 8-GPU node-month vs cloud ¥20/GPU-h: 8 × 730 × 20 = ¥116,800 → 1 − 100/116.8 = 14.4 %.
    Up front: ¥100,000 first bill vs buying ¥756,000 → 86.8 % saved."""
    design, catalog = _design(1, rent_per_server_month={"dgx-h100": 100_000.0}, cloud_per_gpu_hour=20.0)
    report = cost_report(design, catalog)
    assert report.rent_vs_cloud_saving == pytest.approx(1 - 100_000 / 116_800)
    assert report.upfront_saving_rent_vs_buy == pytest.approx(1 - 100_000 / 756_000)


def test_unpriced_items_are_listed_and_checked() -> None:
    """A per-server price for another model and no per-GPU price: the DGX is unpriced for rent."""
    design, catalog = _design(1, rent_per_server_month={"other": 1.0})
    report = cost_report(design, catalog)
    assert report.unpriced["rent"] == ("dgx-h100",)
    power = power_report(design, catalog)
    checks = facility_checks(power, cooling_report(design, catalog, power), report)
    assert any(c.code == "cost-unpriced" and c.ids == ("dgx-h100",) for c in checks)


@pytest.mark.parametrize(("field", "value", "word"), [
    ("project_months", 0, "project_months"), ("annual_prepay_discount", 1.0, "annual_prepay_discount"),
    ("rent_per_gpu_month", -1.0, "rent_per_gpu_month"), ("installation_fraction", 2.0, "installation_fraction"),
    ("electricity_per_kwh", -0.1, "electricity_per_kwh"),
])
def test_bad_cost_settings_name_the_field(field: str, value: object, word: str) -> None:
    design, catalog = _design(1, rent_per_gpu_month=1.0)
    setattr(design.cost, field, value)
    with pytest.raises(ValueError, match=word):
        cost_report(design, catalog)


def test_liquid_versus_air_comparison() -> None:
    """4 DGX (10.2 kW max, 8 U, 8.5 kW typical), space ¥5,000 per rack-month.
    Air 25 kW: 2 per rack → 2 racks; liquid 80 kW: 7 by power, 42 U / 8 U = 5 by space → 5 → 1 rack.
    Energy under training load: 40.8 kW × 8,760 h × ¥0.8 = 285,926.4 × 1.5 = 428,889.6 vs × 1.1 = 314,519.04:
    saving 114,370.56 (1 − 1.1/1.5 = 26.7 %). Retrofit $1,500/kW × 7.2 × 40.8 kW = ¥440,640; monthly saving
    (114,370.56 + 1 rack × 5,000 × 12) / 12 = 14,530.88 → payback 30.32 months."""
    design, catalog = _design(4, space_per_rack_month=5_000.0)
    comparison = facility_report(design, catalog, power_report(design, catalog)).comparison
    assert comparison is not None
    assert (comparison.servers_per_rack_air["dgx-h100"], comparison.servers_per_rack_liquid["dgx-h100"]) == (2, 5)
    assert (comparison.racks_air, comparison.racks_liquid) == (2, 1)
    assert comparison.annual_energy_saving == pytest.approx(114_370.56)
    assert comparison.energy_saving_fraction == pytest.approx(0.26667, abs=1e-5)
    assert comparison.retrofit_cost == pytest.approx(440_640.0)
    assert comparison.payback_months == pytest.approx(30.324, abs=1e-3)
