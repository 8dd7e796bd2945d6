"""Ports and cables: port usage, unconnected NICs, speed steps, cable reach; bad input; the parse cache."""

from __future__ import annotations

import copy
import json

import pytest

from planner_gui.engine.analysis import AnalysisCache, analyze_design
from planner_gui.engine.topology.cabling import FALLBACK_REACH_M, FALLBACK_SOURCE
from planner_gui.engine.topology.report import analyze_topology
from planner_gui.model import Design, Link, Medium
from tests.engine.conftest import cold_start
from tests.engine.test_topology_kit import Builder, add_cores, make_catalog, rail_fabric, single_switch

pytestmark = pytest.mark.usefixtures("kept_store")  # incremental steps keep, as in a cached run

CAT = make_catalog()


def test_port_usage_and_full_switch() -> None:
    """8 nodes x 8 NICs fill all 64 ports of the one switch; 4 nodes use 32."""
    full = analyze_topology(single_switch(CAT, 8).design, CAT).switches
    assert full.rows()[0].used == 64 and full.rows()[0].free == 0 and full.full() == ("sw-0",)
    half = analyze_topology(single_switch(CAT, 4).design, CAT).switches
    assert half.rows()[0].used == 32 and half.full() == ()


def test_unconnected_nics_are_listed_by_port() -> None:
    b = single_switch(CAT, 2, nics=6)  # a DGX has 8 compute NICs; 6 cabled
    report = analyze_topology(b.design, CAT)
    assert report.unconnected_nic_count == 4
    assert [(u.device_id, u.ports) for u in report.unconnected_nics] == [
        ("node-0", ("cx6", "cx7")), ("node-1", ("cx6", "cx7"))]


def test_nic_on_a_management_switch_is_not_on_the_fabric() -> None:
    b = single_switch(CAT, 2, nics=7, server="t-hgx-h100-roce", switch="t-sn5600")
    b.switch("mgmt-0", "t-mgmt")
    b.link("node-0/cx7", "mgmt-0")
    report = analyze_topology(b.design, CAT)
    assert report.unconnected_nic_count == 2  # node-0/cx7 goes nowhere useful, node-1/cx7 is free


def _hdr_server_on_ndr_leaf(length_m: float, medium: Medium) -> Builder:
    b = single_switch(CAT, 2)
    b.server("old-0", "t-dgx-a100")  # HDR 200G NICs
    b.link("old-0/cx0", "sw-0", medium, length_m)
    return b


def test_hdr_to_ndr_over_40m_optics_is_flagged_once() -> None:
    """200G HDR NIC to a 400G NDR port over 40 m of multimode: within the 50 m SR4 reach, beyond the 30 m
    HDR-NDR limit (NVIDIA ConnectX-7 firmware 28.35.2000 release notes, known issues); the link also steps speed 200G -> 400G."""
    report = analyze_topology(_hdr_server_on_ndr_leaf(40.0, Medium.MMF).design, CAT)
    assert [(c.rule, c.limit_m, c.length_m) for c in report.cable_issues] == [("hdr-ndr-optics", 30.0, 40.0)]
    assert [(m.a_gbps, m.b_gbps, m.fabric) for m in report.speed_mismatches] == [(200.0, 400.0, True)]


def test_reach_limits_come_from_the_catalog() -> None:
    """NDR DAC reaches 3 m (t-dac-ndr), multimode 50 m (t-mmf): 3.5 m of DAC and 60 m of MMF fail."""
    b = single_switch(CAT, 2, nics=6)
    dac = b.link("node-0/cx6", "sw-0", Medium.DAC, 3.5)
    mmf = b.link("node-1/cx6", "sw-0", Medium.MMF, 60.0)
    ok = b.link("node-1/cx7", "sw-0", Medium.DAC, 3.0)
    issues = {c.link_id: c for c in analyze_topology(b.design, CAT).cable_issues}
    assert set(issues) == {dac, mmf} and ok not in issues
    assert (issues[dac].limit_m, issues[dac].source) == (3.0, "catalog t-dac-ndr")
    assert (issues[mmf].limit_m, issues[mmf].source) == (50.0, "catalog t-mmf")


def test_reach_falls_back_to_the_reference_without_catalog_cables() -> None:
    catalog = make_catalog(without=("t-dac-ndr", "t-dac-hdr", "t-dac-eth", "t-aoc-hdr", "t-mmf", "t-smf"))
    b = single_switch(catalog, 1, nics=1)
    b.design.links["l1"].length_m = 2.5
    issue = analyze_topology(b.design, catalog).cable_issues[0]
    assert (issue.limit_m, issue.source) == (FALLBACK_REACH_M[Medium.DAC], FALLBACK_SOURCE)


def test_edits_give_the_same_report_as_a_cold_start() -> None:
    """The parse cache reuses unchanged links; after edits the result must equal a fresh analysis."""
    b = rail_fabric(CAT, 8, per_su=4, nics=2, spines_per_rail=1, uplinks_per_leaf=2)
    design = b.design
    analyze_topology(design, CAT)
    design.remove_link("l3")  # a link in the middle
    b.link("node-1/cx0", "leaf-0-1")  # re-cabled to the wrong rail, appended at the end
    design.links["l5"].length_m = 80.0  # an in-place edit of a length
    b.server("late-node", "t-dgx-h100")  # a device added after the first parse
    b.link("late-node/cx0", "leaf-1-0")
    warm = analyze_topology(design, CAT).to_json()
    cold_start()
    cold = analyze_topology(design, CAT).to_json()
    assert json.dumps(warm, sort_keys=True) == json.dumps(cold, sort_keys=True)
    assert warm["rails"]["off_rail_count"] == 1 and warm["cable_issue_count"] == 1
    design.remove_device("node-0")  # devices renumber and links vanish from the middle
    warm = analyze_topology(design, CAT).to_json()
    cold_start()
    assert json.dumps(warm, sort_keys=True) == json.dumps(analyze_topology(design, CAT).to_json(), sort_keys=True)
    assert warm["servers"] == 8


def test_link_to_missing_device_is_a_clear_key_error() -> None:
    b = single_switch(CAT, 1, nics=1)
    b.design.links["bad"] = Link("bad", "ghost/cx0", "sw-0/p9")  # bypasses the model's checks on purpose
    with pytest.raises(KeyError, match="link 'bad' names device 'ghost'"):
        analyze_topology(b.design, CAT)


def test_malformed_reference_is_a_clear_value_error() -> None:
    b = single_switch(CAT, 1, nics=1)
    b.design.links["bad"] = Link("bad", "node-0-cx1", "sw-0/p9")
    with pytest.raises(ValueError, match="link 'bad': port reference 'node-0-cx1' must look like"):
        analyze_topology(b.design, CAT)


def test_unknown_medium_is_a_clear_value_error() -> None:
    b = single_switch(CAT, 1, nics=1)
    b.design.links["l1"].medium = "copper"  # type: ignore[assignment]
    with pytest.raises(ValueError, match="link 'l1': medium 'copper' is not one of dac, acc"):
        analyze_topology(b.design, CAT)


def test_design_without_links_or_servers() -> None:
    b = Builder(CAT)
    b.switch("sw-0")
    report = analyze_topology(b.design, CAT)
    assert report.servers == 0 and report.fabric_links == 0 and report.switch_tiers == 0
    assert report.worst_switch_failure is None and report.bisection_fraction == 1.0


def _three_tiers() -> tuple[Builder, list[str]]:
    """16 nodes, 2 rails, 4 leaves per rail, 2 spines per rail, 2 cores; a management switch with 4 BMCs
    (three cabled before the core links, one last)."""
    b = rail_fabric(CAT, 16, per_su=4, nics=2, spines_per_rail=2, uplinks_per_leaf=2)
    b.switch("mgmt-0", "t-mgmt")
    bmc = [b.link(f"node-{n}/bmc", "mgmt-0", Medium.UTP, 3.0) for n in range(3)]
    add_cores(b)
    bmc.append(b.link("node-3/bmc", "mgmt-0", Medium.UTP, 3.0))  # the last link
    return b, bmc


def _cold_json(design: Design) -> str:
    cold_start()
    return json.dumps(analyze_topology(design, CAT).to_json(), sort_keys=True)


def test_link_edits_on_three_tiers_give_a_cold_start_report() -> None:
    """A management cable added or removed reuses the fabric figures (tiers, failures, rails: the same
    objects); a compute or core cable recomputes them. Every report equals a cold start's."""
    b, bmc = _three_tiers()
    design = b.design
    first = analyze_topology(design, CAT)
    assert first.switch_tiers == 3 and first.worst_link_failure is not None
    removed = design.remove_link(bmc[-1])  # the last link: a management cable
    after = analyze_topology(design, CAT)
    assert after.tier_data is first.tier_data and after.switches.used != first.switches.used
    assert json.dumps(after.to_json(), sort_keys=True) == _cold_json(design)
    first = analyze_topology(design, CAT)  # the cold run's figures are the ones kept now
    design.add_link(removed, CAT)
    back = analyze_topology(design, CAT)
    design.remove_link(bmc[0])  # before the core links: they move down the list, the fabric is the same
    shifted = analyze_topology(design, CAT)
    assert shifted.tier_data is back.tier_data is first.tier_data
    assert json.dumps(shifted.to_json(), sort_keys=True) == _cold_json(design)
    warm = analyze_topology(design, CAT)
    compute = design.remove_link("l3")  # node-1/cx0 to its leaf, in the middle of the list
    edited = analyze_topology(design, CAT)
    assert edited.tier_data is not warm.tier_data and edited.unconnected_nic_count == warm.unconnected_nic_count + 1
    assert json.dumps(edited.to_json(), sort_keys=True) == _cold_json(design)
    design.add_link(compute, CAT)  # back, now at the end: same fabric, different link order
    assert json.dumps(analyze_topology(design, CAT).to_json(), sort_keys=True) == _cold_json(design)
    core = next(link for link in design.links.values() if link.b.startswith("core-"))
    design.remove_link(core.id)
    cut = analyze_topology(design, CAT)
    assert json.dumps(cut.to_json(), sort_keys=True) == _cold_json(design)
    design.add_link(Link("swap", core.a, core.b, Medium.SMF, 80.0), CAT)  # same ends, a new link id
    assert json.dumps(analyze_topology(design, CAT).to_json(), sort_keys=True) == _cold_json(design)


def test_cached_analysis_equals_an_uncached_one_after_link_edits_on_three_tiers() -> None:
    """The whole analysis through an AnalysisCache (as the GUI runs it) against one from scratch."""
    b, bmc = _three_tiers()
    design = b.design
    cache = AnalysisCache()

    def same() -> bool:  # a copy is another design to every per-design cache: its analysis starts cold
        cached = json.dumps(analyze_design(design, CAT, cache).to_json(), sort_keys=True)
        return cached == json.dumps(analyze_design(copy.deepcopy(design), CAT).to_json(), sort_keys=True)

    assert same()
    removed = [design.remove_link(bmc[0]), design.remove_link("l5")]  # a management cable, a compute one
    assert same()
    design.add_link(removed.pop(), CAT)
    assert same()
    design.add_link(removed.pop(), CAT)
    assert same()


def test_a_cable_between_switches_no_server_reaches_reuses_the_fabric_figures() -> None:
    """Two switches of the fabric model cabled only to each other (a storage spine pair, say) are in the
    fabric arrays but have no tier: removing or adding their cable keeps the tiers, pods and failures
    (only the per-link tier ends and peer capacities are redone), and the report equals a cold start's."""
    b, _ = _three_tiers()
    b.switch("stor-0")
    b.switch("stor-1")
    pair = [b.link("stor-0", "stor-1", Medium.DAC, 2.0) for _ in range(2)]
    design = b.design
    first = analyze_topology(design, CAT)
    removed = design.remove_link(pair[0])  # before the other pair cable: it moves down the list
    after = analyze_topology(design, CAT)
    assert after.fabric_links == first.fabric_links - 1
    assert after.tier_data.switch_pods is first.tier_data.switch_pods and after.tier_data is not first.tier_data
    assert json.dumps(after.to_json(), sort_keys=True) == _cold_json(design)
    assert analyze_topology(design, CAT).tier_data.peer_cap[design_index(design, "stor-0")] == 400.0
    design.add_link(removed, CAT)
    assert json.dumps(analyze_topology(design, CAT).to_json(), sort_keys=True) == _cold_json(design)


def design_index(design: Design, device_id: str) -> int:
    return list(design.devices).index(device_id)
