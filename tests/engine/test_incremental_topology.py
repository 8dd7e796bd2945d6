"""Compute-cable edits on a three-tier fabric: tiers updated for one link, graph arrays kept for the links
before the edit, and the rack sums of the power model. Every result must equal a cold run's exactly."""

from __future__ import annotations

import copy
import dataclasses
import json
import operator

import numpy as np
import pytest

from planner_gui.catalog import CatalogEntry, bundled_catalog
from planner_gui.engine.analysis import AnalysisCache, analyze_design
from planner_gui.engine.facility.power import power_base, power_report
from planner_gui.engine.incremental.failure_layout import FailureLayout, failure_layout, layout_with_link
from planner_gui.engine.incremental.tiers import _whole_speeds, updated_tiers, updated_tiers_and_link
from planner_gui.engine.topology.failures import analyse_failures
from planner_gui.engine.topology.graph import FabricGraph, build_fabric_graph
from planner_gui.engine.topology.report import analyze_topology
from planner_gui.engine.topology.tiers import Tiers, infer_tiers
from planner_gui.model import Link, Medium
from planner_gui.templates import TemplateSpec, generate_design
from tests.engine.conftest import cold_start
from tests.engine.test_topology_kit import Builder, add_cores, make_catalog, rail_fabric

pytestmark = pytest.mark.usefixtures("kept_store")  # incremental steps keep, as in a cached run

CAT = make_catalog()
NDR_GBPS = 400.0  # t-qm9700 ports and t-dgx-h100 NICs (test_topology_kit.py)
SERVERS_PER_LEAF = 4  # rail_fabric(per_su=4)
_TIER_ARRAYS = ("level", "lo", "hi", "up_cap", "down_cap", "peer_cap", "up_links", "down_links")
_PAIR_ARRAYS = ("pair_key", "pair_pod", "pair_switch", "pair_comp", "pair_links")
_GRAPH_ARRAYS = ("end_dev", "end_role", "end_speed", "end_tech", "end_nic", "fab_link", "fab_u", "fab_v",
                 "fab_cap", "fab_nic")


def _three_tiers() -> Builder:
    """16 nodes with 2 NICs, 4 per leaf, 8 leaves with 2 uplinks each (to spine-i-0 and spine-i-1),
    4 spines each with 1 uplink to each of 2 cores."""
    b = rail_fabric(CAT, 16, per_su=SERVERS_PER_LEAF, nics=2, spines_per_rail=2, uplinks_per_leaf=2)
    add_cores(b)
    return b


def _link_between(b: Builder, a: str, z: str) -> str:
    return next(link.id for link in b.design.links.values() if link.a.startswith(a + "/") and link.b.startswith(z + "/"))


def _assert_same_tiers(got: Tiers, want: Tiers) -> None:
    for name in _TIER_ARRAYS:
        x, y = getattr(got, name), getattr(want, name)
        assert x.dtype == y.dtype and np.array_equal(x, y), name
    assert got.top == want.top and len(got.switch_pods) == len(want.switch_pods)
    for x, y in zip(got.switch_pods + got.reach, want.switch_pods + want.reach, strict=True):
        assert x.dtype == y.dtype and np.array_equal(x, y)


def _assert_same_graph(got: FabricGraph, want: FabricGraph) -> None:
    for name in _GRAPH_ARRAYS:
        x, y = getattr(got, name), getattr(want, name)
        assert x.dtype == y.dtype and np.array_equal(x, y, equal_nan=x.dtype.kind == "f"), name


def _cold_graph(b: Builder) -> FabricGraph:
    cold_start()
    return build_fabric_graph(b.design, CAT)


def _compact(layout: FailureLayout) -> FailureLayout:
    """``layout`` without its pairs that have no links left, renumbered: what a fresh layout holds."""
    keep = layout.pair_links > 0
    number = np.cumsum(keep) - 1
    pairs = {name: getattr(layout, name)[keep] for name in _PAIR_ARRAYS}
    return dataclasses.replace(layout, inverse=number[layout.inverse], **pairs)


def _assert_same_layout(got: FailureLayout, want: FailureLayout) -> None:
    for f in dataclasses.fields(FailureLayout):
        x, y = getattr(got, f.name), getattr(want, f.name)
        assert x.dtype == y.dtype and np.array_equal(x, y), f.name


class _Fabric:
    """The graph, tiers and failure layout of the last step; ``step`` applies an edit and returns the
    incremental tiers. The layout is carried from step to step as the analysis carries it."""

    def __init__(self, b: Builder) -> None:
        self.b = b
        self.graph = build_fabric_graph(b.design, CAT)
        self.tiers = infer_tiers(self.graph)
        self.layout = failure_layout(self.graph, self.tiers)

    def step(self) -> Tiers | None:
        graph = build_fabric_graph(self.b.design, CAT)
        _assert_same_graph(graph, _cold_graph(self.b))  # the kept arrays of the links before the edit
        found = updated_tiers_and_link(self.graph, self.tiers, graph)
        old_tiers, fresh = self.tiers, infer_tiers(graph)
        self.graph, self.tiers = graph, fresh
        layout = failure_layout(graph, fresh)
        if found is None:
            self.layout = layout
            return None
        updated, link = found
        _assert_same_tiers(updated, fresh)
        if all(map(operator.is_, updated.reach, old_tiers.reach)):  # the pods held: the layout follows the link
            self.layout = layout_with_link(self.layout, updated, link)
            _assert_same_layout(_compact(self.layout), layout)
            assert analyse_failures(graph, fresh, self.layout) == analyse_failures(graph, fresh)
        else:
            self.layout = layout
        return updated


def _leaf_ratio(tiers: Tiers, graph: FabricGraph, leaf: str) -> float:
    i = graph.device_ids.index(leaf)
    return float(tiers.down_cap[i] / tiers.up_cap[i])


def test_one_compute_cable_updates_the_tiers_as_a_cold_run_would() -> None:
    b = _three_tiers()
    fabric = _Fabric(b)
    assert _whole_speeds(fabric.graph)  # each sum updated for the one link (_one_link_tiers)
    assert fabric.tiers.top == 3 and _leaf_ratio(fabric.tiers, fabric.graph, "leaf-0-0") == 2.0  # 4 x 400 / 2 x 400
    server = b.design.remove_link(_link_between(b, "node-1", "leaf-0-0"))
    assert fabric.step() is not None
    assert _leaf_ratio(fabric.tiers, fabric.graph, "leaf-0-0") == 1.5  # 3 servers left below it
    b.design.add_link(server, CAT)  # back, at the end of the list
    assert fabric.step() is not None
    b.design.remove_link(_link_between(b, "leaf-0-0", "spine-0-0"))
    assert fabric.step() is not None
    assert _leaf_ratio(fabric.tiers, fabric.graph, "leaf-0-0") == 4.0  # 1,600 Gb/s down, one 400 up
    spine = fabric.graph.device_ids.index("spine-0-0")
    up_before = float(fabric.tiers.up_cap[spine])
    b.design.remove_link(_link_between(b, "spine-0-0", "core-0"))
    assert fabric.step() is not None
    assert float(fabric.tiers.up_cap[spine]) == up_before - NDR_GBPS
    b.link("spine-0-0", "core-1", Medium.SMF, 80.0)  # a second, parallel cable to core-1
    assert fabric.step() is not None
    assert float(fabric.tiers.up_cap[spine]) == up_before


def test_edits_that_may_move_tiers_or_split_pods_take_the_full_run() -> None:
    b = _three_tiers()
    fabric = _Fabric(b)
    b.design.remove_link(_link_between(b, "leaf-0-0", "spine-0-0"))
    assert fabric.step() is not None
    b.design.remove_link(_link_between(b, "leaf-0-0", "spine-0-1"))  # its last uplink: its pod splits off
    assert fabric.step() is None
    b.design.remove_link(_link_between(b, "node-0", "leaf-0-0"))
    b.design.remove_link(_link_between(b, "node-1", "leaf-0-0"))  # two cables at once
    assert fabric.step() is None
    for n in (2, 3):  # leaf-0-0 loses its last servers: it is no longer a leaf
        b.design.remove_link(_link_between(b, f"node-{n}", "leaf-0-0"))
        updated = fabric.step()
    assert updated is None and fabric.tiers.level[fabric.graph.device_ids.index("leaf-0-0")] == -1
    b.link("leaf-0-0", "spine-0-0", Medium.MMF, 20.0)  # joins a switch no server reached: it gets a tier
    assert fabric.step() is None and fabric.tiers.level[fabric.graph.device_ids.index("leaf-0-0")] == 3


@pytest.mark.parametrize("edit", ["server", "uplink", "core"])
def test_cached_analysis_equals_a_cold_one_after_compute_cable_edits(edit: str) -> None:
    """The whole analysis through an AnalysisCache against a copy analysed from scratch, after removing
    and adding back a cable at each tier; the oversubscription and the tier capacities do change."""
    b = _three_tiers()
    design = b.design
    cache = AnalysisCache()

    def same() -> dict[str, object]:
        cached = analyze_design(design, CAT, cache).to_json()
        assert json.dumps(cached, sort_keys=True) == json.dumps(
            analyze_design(copy.deepcopy(design), CAT).to_json(), sort_keys=True)
        return cached  # type: ignore[no-any-return]

    ends = {"server": ("node-1", "leaf-0-0"), "uplink": ("leaf-0-0", "spine-0-0"), "core": ("spine-0-0", "core-0")}
    before = same()
    removed = design.remove_link(_link_between(b, *ends[edit]))
    after = same()
    assert after["topology"]["tiers"] != before["topology"]["tiers"]  # type: ignore[index]
    design.add_link(removed, CAT)
    assert same()["topology"]["tiers"] == before["topology"]["tiers"]  # type: ignore[index]
    assert analyze_topology(design, CAT).collective_oversubscription == before["topology"][  # type: ignore[index]
        "collective_oversubscription"]


def test_power_after_a_cable_edit_equals_a_fresh_report_and_keeps_untouched_racks() -> None:
    """A kept PowerBase (devices and racks unchanged) with new module watts gives the fresh report; racks
    whose sums did not change keep their RackPower objects, the rack of the re-cabled server gets a new one."""
    catalog = bundled_catalog()
    design = generate_design(catalog, TemplateSpec("dgx-h100", 8))
    base = power_base(design, catalog)
    first = power_report(design, catalog, base)
    cable = next(link for link in design.links.values() if "/cx0" in link.a)
    server = cable.a.split("/")[0]
    rack = design.devices[server].rack_id
    design.remove_link(cable.id)
    design.add_link(Link("swap", cable.a, cable.b, Medium.DAC, 2.0), catalog)  # passive copper: no module
    kept = power_report(design, catalog, base)
    assert json.dumps(kept.to_json(), sort_keys=True) == json.dumps(power_report(design, catalog).to_json(),
                                                                    sort_keys=True)
    saved_w = first.devices[server].module_w - kept.devices[server].module_w
    assert saved_w > 0 and kept.racks[rack].typical_w == first.racks[rack].typical_w - saved_w
    untouched = [r for r in first.racks if r not in (rack, design.devices[cable.b.split("/")[0]].rack_id)]
    assert untouched and all(kept.racks[r] is first.racks[r] for r in untouched)


def test_the_failure_layout_follows_new_pairs_and_peer_links() -> None:
    """A cable that forms a (pod, upper switch) pair the layout does not have gets a pair numbered in key
    order; a peer link between two leaves moves only the places of the fabric entries after it."""
    b = _three_tiers()
    uplink = b.design.remove_link(_link_between(b, "leaf-0-0", "spine-0-0"))
    fabric = _Fabric(b)  # a fresh layout, without the pair of leaf-0-0's pod and spine-0-0
    b.design.add_link(uplink, CAT)
    assert fabric.step() is not None and fabric.layout.pair_links.min() > 0
    b.link("leaf-0-0", "leaf-1-0", Medium.MMF, 20.0)  # leaves of one rail, already in one pod at tier 2
    assert fabric.step() is not None
    server = b.design.remove_link(_link_between(b, "node-1", "leaf-0-0"))
    assert fabric.step() is not None and fabric.layout.pair_links.min() == 0  # its pair stays, empty
    b.design.add_link(server, CAT)
    assert fabric.step() is not None and fabric.layout.pair_links.min() > 0


def test_speeds_that_are_no_whole_number_take_the_sums_afresh() -> None:
    """Adding or taking one link's capacity is exact only for whole Gb/s (integer sums); with a 400.1G
    switch port the per-device sums are built again by infer_tiers, and still equal a cold run's."""
    catalog = make_catalog()
    entry = catalog.entries["t-qm9700"]
    groups = [{**group, "speed_gbps": 400.1} for group in entry.data["port_groups"]]
    catalog.entries["t-qm9700"] = CatalogEntry(entry.id, entry.kind, entry.name,
                                               {**entry.data, "port_groups": groups}, entry.origin)
    b = rail_fabric(catalog, 16, per_su=SERVERS_PER_LEAF, nics=2, spines_per_rail=2, uplinks_per_leaf=2)
    cold_start()
    old_graph = build_fabric_graph(b.design, catalog)
    old = infer_tiers(old_graph)
    b.design.remove_link(_link_between(b, "leaf-0-0", "spine-0-0"))
    graph = build_fabric_graph(b.design, catalog)
    assert not _whole_speeds(graph) and 400.1 in graph.port_speeds
    updated = updated_tiers(old_graph, old, graph)
    assert updated is not None
    _assert_same_tiers(updated, infer_tiers(graph))
