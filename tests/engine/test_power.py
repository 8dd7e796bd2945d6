"""Power model: feed capacity, device and rack draw, PSU and feed redundancy, weight. Hand calculations."""

from __future__ import annotations

import json
import math

import pytest

from planner_gui.engine.checks.facility import facility_checks
from planner_gui.engine.facility.cooling import cooling_report
from planner_gui.engine.facility.power import feed_capacity_w, power_report
from planner_gui.model import Design, Device, Feed, Medium
from tests.engine.test_power_support import rack, servers, small_catalog, wire


def test_three_phase_feed_capacity_is_v_a_root3_derated() -> None:
    """400 V × 32 A × √3 × 0.8 = 12,800 × 1.73205 × 0.8 = 17,736 W ≈ 17.7 kW (NEC 80 % continuous-load rule; Raritan, "How to calculate current on a 3-phase rack PDU")."""
    assert feed_capacity_w(Feed(400.0, 32.0, 3)) == pytest.approx(17_736.2, abs=0.1)


def test_raritan_pdu_rating_is_reproduced() -> None:
    """415 V × 60 A × √3 × 0.8 = 34.5 kVA, the Raritan PX3-5878I2R spec (Raritan PX3-5878I2R datasheet)."""
    assert feed_capacity_w(Feed(415.0, 60.0, 3)) == pytest.approx(34_500, rel=0.001)


def test_single_phase_feed_has_no_root3() -> None:
    """230 V × 32 A × 0.8 = 5,888 W."""
    assert feed_capacity_w(Feed(230.0, 32.0, 1)) == pytest.approx(5_888.0)


@pytest.mark.parametrize(("feed", "word"), [(Feed(400, 32, 2), "phases"), (Feed(0, 32, 3), "voltage_v"),
                                            (Feed(400, -1, 3), "amps")])
def test_bad_feed_names_the_field(feed: Feed, word: str) -> None:
    with pytest.raises(ValueError, match=word):
        feed_capacity_w(feed, "rack 'r1' feed A")


def test_server_draw_adds_optics_on_connected_ports() -> None:
    """One DGX H100 with 8 SR4 links to a QM9700: server max 10,200 + 8 × 9 = 10,272 W;
    switch typical 747 + 8 × 9 = 819 W, switch max stays the vendor's 1,720 W (NVIDIA QM9700 user manual and LinkX specifications)."""
    catalog, design = small_catalog(), Design()
    rack(design, "r1", budget_kw=40)
    ids = servers(design, catalog, "r1", 1)
    design.add_device(Device("sw", "qm9700", rack_id="r1", u=40), catalog)
    wire(design, catalog, ids, "sw", Medium.MMF)
    report = power_report(design, catalog)
    server, switch = report.devices["r1-s0"], report.devices["sw"]
    assert server.max_w == pytest.approx(10_272.0)
    assert server.typical_w == pytest.approx(8_572.0)
    assert server.module_w == pytest.approx(72.0)
    assert switch.typical_w == pytest.approx(819.0)
    assert switch.max_w == pytest.approx(1_720.0)
    assert report.racks["r1"].max_w == pytest.approx(10_272.0 + 1_720.0)
    (ends,) = report.port_ends
    assert (ends.medium, ends.speed_gbps, ends.cable_id, ends.ends) == ("mmf", 400.0, "mmf-400", 16)


def test_dac_links_draw_a_tenth_of_a_watt_per_end() -> None:
    """Passive DAC: 0.1 W per end ([S10][S16]): 8 links add 0.8 W to the server."""
    catalog, design = small_catalog(), Design()
    rack(design, "r1", budget_kw=40)
    ids = servers(design, catalog, "r1", 1)
    design.add_device(Device("sw", "qm9700", rack_id="r1", u=40), catalog)
    wire(design, catalog, ids, "sw", Medium.DAC)
    assert power_report(design, catalog).devices["r1-s0"].max_w == pytest.approx(10_200.8)


def test_fewer_nics_lower_the_server_draw_by_their_power() -> None:
    """4 of the default 8 ConnectX-7 (25 W each): 10,200 − 4 × 25 = 10,100 W max; nic_w = 4 × 25 = 100 W.
    A different NIC model: 8 × ConnectX-6 (20 W): 10,200 − 8 × 5 = 10,160 W."""
    catalog, design = small_catalog(), Design()
    rack(design, "r1", budget_kw=40)
    servers(design, catalog, "r1", 1, prefix="four", nic_count=4)
    design.add_device(Device("six", "dgx-h100", rack_id="r1", u=20, nic_id="cx6"), catalog)
    report = power_report(design, catalog)
    assert report.devices["four-s0"].max_w == pytest.approx(10_100.0)
    assert report.devices["four-s0"].nic_w == pytest.approx(100.0)
    assert report.devices["six"].max_w == pytest.approx(10_160.0)


def test_four_dgx_h100_match_nvidia_rack_figure_and_weight() -> None:
    """4 × 10.2 kW = 40.8 kW, NVIDIA's 4-per-rack figure; 4 × 130.45 = 521.8 kg of servers, the reference's
    "522 kg" (NVIDIA DGX SuperPOD data-center design guide)."""
    catalog, design = small_catalog(), Design()
    rack(design, "r1", budget_kw=20)
    servers(design, catalog, "r1", 4)
    rack_power = power_report(design, catalog).racks["r1"]
    assert rack_power.max_w == pytest.approx(40_800.0)
    assert rack_power.gpu_count == 32
    assert rack_power.over_budget
    assert rack_power.device_weight_kg == pytest.approx(521.8)
    assert rack_power.total_weight_kg == pytest.approx(671.8)  # + the 150 kg empty rack
    assert rack_power.floor_load_kg_m2 == pytest.approx(671.8 / 0.72)  # 0.6 m × 1.2 m footprint


def test_ab_redundancy_is_max_draw_within_one_feed() -> None:
    """Each 400 V/32 A/3-phase feed carries 17.73 kW. One DGX (10.2 kW) survives losing a feed; two
    (20.4 kW) do not, though both feeds together (35.5 kW) carry them; a single feed is never redundant."""
    catalog, design = small_catalog(), Design()
    rack(design, "one")
    rack(design, "two", budget_kw=40)
    rack(design, "solo", single_feed=True)
    servers(design, catalog, "one", 1)
    servers(design, catalog, "two", 2)
    servers(design, catalog, "solo", 1)
    racks = power_report(design, catalog).racks
    assert racks["one"].feed_redundant
    assert not racks["two"].feed_redundant and racks["two"].max_w <= racks["two"].feeds_w
    assert not racks["solo"].feed_redundant and racks["solo"].feed_b_w is None
    codes = {(c.code, c.ids) for c in facility_checks(power_report(design, catalog),
                                                      cooling_report(design, catalog, power_report(design, catalog)))}
    assert ("rack-feed-not-redundant", ("two",)) in codes
    assert ("rack-feed-not-redundant", ("solo",)) in codes
    assert ("rack-feed-not-redundant", ("one",)) not in codes


def test_psu_and_feed_loss_for_dgx_h100() -> None:
    """DGX H100, 6 × 3.3 kW in 4+2 ([S28][S29]): after one PSU fails 5 × 3.3 = 16.5 kW ≥ 10.2 kW, so it
    survives; on one feed only 3 PSUs remain, 9.9 kW < 10.2 kW, so it runs at reduced performance, as
    NVIDIA's guide says. The cold-plate test server (4 × 3 kW, no spare) fails both: 3 × 3 = 9 < 10 kW."""
    catalog, design = small_catalog(), Design()
    rack(design, "r1", budget_kw=40)
    servers(design, catalog, "r1", 1)
    servers(design, catalog, "r1", 1, model="hgx-liquid", prefix="liq", first_u=20)
    devices = power_report(design, catalog).devices
    assert devices["r1-s0"].survives_psu_loss is True
    assert devices["r1-s0"].survives_feed_loss is False
    assert devices["liq-s0"].survives_psu_loss is False
    checks = facility_checks(power_report(design, catalog), cooling_report(design, catalog,
                                                                           power_report(design, catalog)))
    by_code = {c.code: c for c in checks}
    assert by_code["device-psu-not-redundant"].ids == ("liq-s0",)
    assert by_code["device-feed-loss-derate"].ids == ("r1-s0",)


def test_rack_too_heavy_for_rated_load() -> None:
    """4 DGX H100 = 521.8 kg on a rack rated 500 kg (test catalog) → error; 3 = 391.4 kg → fine.
    A floor rated 800 kg/m² is exceeded by 671.8 kg / 0.72 m² = 933 kg/m²."""
    catalog, design = small_catalog(), Design()
    rack(design, "heavy", budget_kw=60, cooling_capacity_kw=60)
    rack(design, "ok", budget_kw=60, cooling_capacity_kw=60)
    servers(design, catalog, "heavy", 4)
    servers(design, catalog, "ok", 3)
    power = power_report(design, catalog)
    checks = facility_checks(power, cooling_report(design, catalog, power), floor_rating_kg_m2=800.0)
    heavy = [c.ids for c in checks if c.code == "rack-too-heavy"]
    floor = [c.ids for c in checks if c.code == "rack-floor-overload"]
    assert heavy == [("heavy",)]
    assert floor == [("heavy",)]


def test_unknown_hardware_counts_zero_and_is_reported() -> None:
    catalog, design = small_catalog(), Design()
    rack(design, "r1")
    design.add_device(Device("mystery", "not-in-catalog", rack_id="r1", u=1), catalog)
    report = power_report(design, catalog)
    assert report.devices["mystery"].max_w == 0.0
    assert report.unknown_ids == ("mystery",)


def test_unplaced_devices_count_in_totals_not_in_racks() -> None:
    """Two DGX: one racked, one not. Totals 2 × 8,500 typical; rack holds 8,500; unplaced 8,500."""
    catalog, design = small_catalog(), Design()
    rack(design, "r1")
    servers(design, catalog, "r1", 1)
    servers(design, catalog, None, 1)
    report = power_report(design, catalog)
    assert report.typical_w == pytest.approx(17_000.0)
    assert report.racks["r1"].typical_w == pytest.approx(8_500.0)
    assert report.totals["unplaced_typical_w"] == pytest.approx(8_500.0)
    assert report.gpu_count == 16


def test_report_json_is_plain_and_keeps_the_figures() -> None:
    catalog, design = small_catalog(), Design()
    rack(design, "r1")
    servers(design, catalog, "r1", 1)
    data = json.loads(json.dumps(power_report(design, catalog).to_json()))
    (rack_json,) = data["racks"]
    assert rack_json["max_w"] == pytest.approx(10_200.0)
    assert rack_json["feed_a_w"] == pytest.approx(400 * 32 * math.sqrt(3) * 0.8)
    assert data["devices"][0]["survives_psu_loss"] is True
