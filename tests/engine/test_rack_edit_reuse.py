"""A rack's budget, feeds or cooling edit through the Document's snapshot redoes that rack alone, and the
results are a cold analysis' (power, cooling, the slowest rack, the facility and rack-scale findings).

The engine finds the racks to redo by identity (engine/incremental/store.py RackRows, power_racks.py
_changed_racks): a snapshot keeps every part an edit did not touch as the same object. A live design's
parts are edited in place, so the same object says nothing there: those analyses must redo every rack.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from planner_gui.catalog import bundled_catalog
from planner_gui.document.changes import SetFields, apply_all
from planner_gui.document.snapshot import SnapshotBuilder
from planner_gui.engine.analysis import Analysis, AnalysisCache, analyze_design
from planner_gui.engine.facility.cooling import slowest_rack
from planner_gui.engine.incremental.store import RackRows, keeping
from planner_gui.model import CoolingType, Design, Feed
from planner_gui.templates import TemplateSpec, generate_design

CATALOG = bundled_catalog()
NODES = 64


def _design() -> Design:
    return generate_design(CATALOG, TemplateSpec("dgx-h100", NODES))


def _cold(design: Design) -> Analysis:
    return analyze_design(copy.deepcopy(design), CATALOG)


def _json(analysis: Analysis) -> str:
    return json.dumps(analysis.to_json(), sort_keys=True)


def _edit(design: Design, builder: SnapshotBuilder, rack_id: str, **after: Any) -> None:
    rack = design.racks[rack_id]
    changes = [SetFields("racks", rack_id, {name: getattr(rack, name) for name in after}, after)]
    apply_all(changes, design, CATALOG)
    builder.record(changes, applied=True)


def _gpu_racks(design: Design) -> list[str]:
    return [rack_id for rack_id in design.racks if any(True for _ in design.devices_in_rack(rack_id))]


@pytest.mark.parametrize("after", [{"power_budget_kw": 9.0}, {"power_budget_kw": 80.0},
                                   {"feed_a": Feed(230.0, 16.0, 1)}, {"feed_b": None},
                                   {"cooling": CoolingType.LIQUID}, {"cooling_capacity_kw": 5.0}])
def test_a_rack_edit_redoes_that_rack_and_equals_a_cold_run(after: dict[str, Any]) -> None:
    design = _design()
    builder, cache = SnapshotBuilder(design), AnalysisCache()
    before = analyze_design(builder.snapshot(), CATALOG, cache)
    rack_id = _gpu_racks(design)[1]
    _edit(design, builder, rack_id, **after)
    found = analyze_design(builder.snapshot(), CATALOG, cache)
    assert _json(found) == _json(_cold(design))
    assert slowest_rack(found.cooling) == slowest_rack(_cold(design).cooling)
    for report, old in ((found.power, before.power), (found.cooling, before.cooling)):
        new = [other for other in report.racks if report.racks[other] is not old.racks[other]]
        assert set(new) <= {rack_id}  # every other rack's report is the very object it was
        assert report.rack_changes is not None and report.rack_changes[0] is old.racks
        assert set(report.rack_changes[1]) == set(new)


def test_edits_back_and_forth_then_a_bad_budget_names_the_rack() -> None:
    design = _design()
    builder, cache = SnapshotBuilder(design), AnalysisCache()
    analyze_design(builder.snapshot(), CATALOG, cache)
    first, second = _gpu_racks(design)[:2]
    for rack_id, budget in ((first, 5.0), (second, 7.0), (first, 40.0), (second, 40.0)):
        _edit(design, builder, rack_id, power_budget_kw=budget)
        assert _json(analyze_design(builder.snapshot(), CATALOG, cache)) == _json(_cold(design))
    _edit(design, builder, second, power_budget_kw=-3.0)
    found = analyze_design(builder.snapshot(), CATALOG, cache)
    assert found.power is None and second in found.unavailable["power"]
    assert "power_budget_kw" in found.unavailable["power"]
    _edit(design, builder, second, power_budget_kw=30.0)  # and back: the kept racks are still right
    assert _json(analyze_design(builder.snapshot(), CATALOG, cache)) == _json(_cold(design))


def test_a_live_design_edited_in_place_is_never_taken_as_unchanged() -> None:
    design = _design()
    cache = AnalysisCache()
    analyze_design(design, CATALOG, cache)
    rack = design.racks[_gpu_racks(design)[0]]
    rack.power_budget_kw = 6.0  # the same Rack object, a new value: its supply is read again
    found = analyze_design(design, CATALOG, cache)
    assert _json(found) == _json(_cold(design)) and found.power.racks[rack.id].budget_w == 6000.0
    rack.cooling_capacity_kw = 4.0  # its power is as it was (the same RackPower): its cooling is redone
    found = analyze_design(design, CATALOG, cache)
    assert _json(found) == _json(_cold(design)) and found.cooling.racks[rack.id].capacity_w == 4000.0


def test_rack_rows_redo_only_what_is_not_the_same_object() -> None:
    rows = RackRows("test_rows")
    a, b, c = object(), object(), object()
    with keeping({}):
        results, todo = rows.reuse(["r1", "r2", "r3"], ([a, b, c],))
        assert list(todo) == [0, 1, 2] and results == [None, None, None]
        rows.keep(["r1", "r2", "r3"], ([a, b, c],), ["A", "B", "C"])
        results, todo = rows.reuse(["r1", "r2", "r3"], ([a, object(), c],))
        assert list(todo) == [1] and results == ["A", "B", "C"]
        results, todo = rows.reuse(["r3", "r1", "r4"], ([c, a, b],))  # racks came and went: matched by id
        assert list(todo) == [2] and results == ["C", "A", None]
        assert list(rows.reuse(["r1", "r2", "r3"], ([a, b, c],), settings=1)[1]) == [0, 1, 2]
        assert list(rows.reuse(["r1", "r2", "r3"], ([a, b, c],), catalog=CATALOG)[1]) == [0, 1, 2]
        assert list(rows.reuse(["r1", "r2", "r3"], ([a, b, c],), trusted=False)[1]) == [0, 1, 2]
    with keeping(None):  # no cache: nothing is kept
        rows.keep(["r1"], ([a],), ["A"])
        assert list(rows.reuse(["r1"], ([a],))[1]) == [0]
