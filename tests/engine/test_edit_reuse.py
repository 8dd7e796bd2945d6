"""Every shortcut a cable edit takes (link columns, the parse, graph arrays, tiers, the failure layout,
the kept report fields and snapshots) gives exactly what a cold analysis gives.

A generated three-tier design with storage and management networks; compute cables of every tier
taken from the middle of the link list and added back at its end (what benchmarks/scale.py times),
storage cables likewise, in-place length and medium edits, and several edits in one step. After
each, the cached analysis of the design equals the analysis of a copy (a design no per-design cache
has seen), in its JSON and in the per-link loads, which the JSON only summarises.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable

import numpy as np
import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.engine.analysis import Analysis, AnalysisCache, analyze_design
from planner_gui.engine.training import MODEL_PRESETS, workload_for_preset
from planner_gui.model import Design, Link, Medium
from planner_gui.templates import TemplateSpec, generate_design
from tests.engine.test_topology_kit import add_cores, make_catalog, rail_fabric

CATALOG = bundled_catalog()
KIT = make_catalog()
NODES = 120  # DGX A100 on 40-port HDR switches: three tiers (test_scale_properties.py)
STORAGE_MARK = "/st"  # a server's storage ports (st0, st1: catalog servers)


def _design() -> Design:
    design = generate_design(CATALOG, TemplateSpec("dgx-a100", NODES))
    design.workload = workload_for_preset(MODEL_PRESETS[0], tp=8, pp=1, dp=NODES, global_batch=4 * NODES)
    return design


def _same(design: Design, cache: AnalysisCache) -> Analysis:
    cached = analyze_design(design, CATALOG, cache)
    cold = analyze_design(copy.deepcopy(design), CATALOG)
    assert json.dumps(cached.to_json(), sort_keys=True) == json.dumps(cold.to_json(), sort_keys=True)
    got, want = cached.link_utilisation, cold.link_utilisation
    assert got is not None and want is not None
    assert np.array_equal(got.loads, want.loads, equal_nan=True) and np.array_equal(got.tier, want.tier)
    assert list(got.link_ids) == list(want.link_ids)
    return cached


def _middle_cable(analysis: Analysis, tier: int) -> str:
    """A cable from the middle of the list: a NIC cable (tier 0) or an uplink of a switch of ``tier``."""
    graph, tiers = analysis.topology.graph, analysis.topology.tier_data
    if tier == 0:
        links = graph.fab_link[graph.fab_nic >= 0]
    else:
        links = graph.fab_link[(tiers.lo >= 0) & (tiers.level[tiers.lo] == tier) & (graph.fab_nic < 0)]
    assert links.size
    return graph.link_ids[int(links[links.size // 2])]


@pytest.fixture(scope="module")
def session() -> tuple[Design, AnalysisCache, Analysis]:
    design = _design()
    cache = AnalysisCache()
    return design, cache, _same(design, cache)


@pytest.mark.parametrize("tier", [0, 1, 2], ids=["nic", "leaf", "spine"])
def test_a_compute_cable_from_the_middle_removed_and_added_back(session: tuple[Design, AnalysisCache, Analysis],
                                                                 tier: int) -> None:
    design, cache, first = session
    assert first.topology.switch_tiers == 3
    removed = design.remove_link(_middle_cable(first, tier))
    changed = _same(design, cache)
    assert changed.topology.tiers != first.topology.tiers  # a capacity moved
    design.add_link(removed, CATALOG)  # back, at the end of the list
    _same(design, cache)
    design.remove_link(removed.id)  # from the end this time
    _same(design, cache)
    design.add_link(removed, CATALOG)
    assert _same(design, cache).topology.tiers == first.topology.tiers


def test_storage_cables_and_in_place_edits(session: tuple[Design, AnalysisCache, Analysis]) -> None:
    design, cache, first = session
    links = list(design.links.values())
    storage = [link for link in links if STORAGE_MARK in link.a + link.b]
    storage = storage[len(storage) // 2]
    design.remove_link(storage.id)
    _same(design, cache)
    design.add_link(storage, CATALOG)
    _same(design, cache)
    cable = design.links[_middle_cable(first, 1)]
    for edit in (lambda: setattr(cable, "length_m", 140.0), lambda: setattr(cable, "medium", Medium.DAC),
                 lambda: setattr(cable, "medium", Medium.MMF), lambda: setattr(cable, "length_m", 20.0)):
        edit()
        _same(design, cache)


def test_several_edits_in_one_step(session: tuple[Design, AnalysisCache, Analysis]) -> None:
    """A removal with an in-place edit before or after it, two removals at once: none is the one-link
    change the shortcuts expect, and each must fall back to the full work."""
    design, cache, first = session
    ids = list(design.links)

    def medium_then_removal() -> list[Link]:
        design.links[ids[5]].medium = Medium.SMF
        return [design.remove_link(ids[len(ids) // 2])]

    steps: list[Callable[[], list[Link]]] = [
        lambda: [design.remove_link(ids[10])],
        medium_then_removal,
        lambda: [design.remove_link(_middle_cable(first, 0)), design.remove_link(_middle_cable(first, 2))],
    ]
    for step in steps:
        removed = step()
        design.links[ids[30]].length_m += 1.0  # and an in-place edit after it, in the same step
        _same(design, cache)
        for link in removed:
            design.add_link(link, CATALOG)
        _same(design, cache)


def test_a_cable_no_server_reaches_moves_the_kept_layout_along() -> None:
    """A cable between two fabric switches no server reaches keeps every fabric figure; the fabric
    entries after it move one place, and so must the failure layout kept for the next compute edit."""
    b = rail_fabric(KIT, 16, per_su=4, nics=2, spines_per_rail=2, uplinks_per_leaf=2)
    add_cores(b)
    b.switch("stor-0")
    b.switch("stor-1")
    pair = [b.link("stor-0", "stor-1") for _ in range(2)]
    design, cache = b.design, AnalysisCache()

    def same() -> None:
        cached = analyze_design(design, KIT, cache).to_json()
        assert json.dumps(cached, sort_keys=True) == json.dumps(analyze_design(copy.deepcopy(design), KIT).to_json(),
                                                                sort_keys=True)

    same()
    uplinks = [link for link in design.links.values() if link.a.startswith(("leaf-1-0/", "leaf-2-1/"))][::2]
    for uplink in uplinks:
        design.remove_link(uplink.id)
        same()
    for uplink in uplinks:
        design.add_link(uplink, KIT)  # at the end, after the switches' pair: their fabric entries are the last
        same()
    design.remove_link(pair[0])  # every fabric entry after it, the two uplinks' among them, moves up one place
    same()
    design.remove_link(uplinks[0].id)
    same()
    design.add_link(uplinks[0], KIT)
    same()


def test_device_rack_and_feed_fields_edited_in_place(session: tuple[Design, AnalysisCache, Analysis]) -> None:
    """A live design edited in place (no snapshot): its devices' and racks' fields are read on every
    analysis, so a write to any of them, a feed's amps included, is seen, and the analysis equals a cold one."""
    design, cache, _ = session
    rack = next(iter(design.racks.values()))
    server = next(d for d in design.devices.values() if d.rack_id == rack.id and d.catalog_id == "dgx-a100")
    before = (rack.feed_a.amps, rack.power_budget_kw, server.rack_id, server.u)
    rack.feed_a.amps = 16.0
    _same(design, cache)
    rack.power_budget_kw = 9.0
    _same(design, cache)
    design.place_device(server.id, None, None, CATALOG)
    _same(design, cache)
    design.place_device(server.id, before[2], before[3], CATALOG)
    rack.feed_a.amps, rack.power_budget_kw = before[:2]
    _same(design, cache)
