"""Issue 19 (open -> painted window): a large design's topology is built just after the view's first
paint; until then the view shows an empty picture and a line saying so, and edits made meanwhile are in
the picture it then builds. The threshold is lowered so the default design stands in for a large one."""

from __future__ import annotations

import copy

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.model import Design
from planner_gui.ui.topology import deferred
from planner_gui.ui.topology.view import TopologyView
from tests.gui.support import shown

CATALOG = bundled_catalog()
DEFAULT = load_design(default_example_path(), CATALOG).design


def _view(qtbot: QtBot) -> TopologyView:
    return shown(qtbot, TopologyView(Document(CATALOG, Design(), analyzer=lambda *_: None)), 900, 600)


def test_a_large_design_is_drawn_after_the_first_paint_with_the_edits_made_meanwhile(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deferred, "DEFER_FROM_DEVICES", 10)
    view = _view(qtbot)
    doc = view.document
    doc.new(copy.deepcopy(DEFAULT))
    assert view.deferred.pending and view.data is not None and view.data.band.size == 0  # empty, valid
    assert view.object_at(view.viewport().rect().center()) is None
    doc.remove_items(["fab-spine-01"])  # an edit before the build: the view ignores it now ...
    assert view.deferred.pending
    view.viewport().repaint()  # the first paint schedules the build for the next turn of the loop
    assert view.deferred.pending
    qtbot.waitUntil(lambda: not view.deferred.pending, timeout=5000)
    assert "fab-leaf-1" in view.data.index and "fab-spine-01" not in view.data.index  # ... and draws it then
    assert view.data.band.size == len(doc.design.devices) - sum(  # every device but the 0 U PDUs and blanks
        1 for d in doc.design.devices.values() if d.catalog_id.startswith(("pdu", "blank")))


def test_a_small_design_is_drawn_at_once(qtbot: QtBot) -> None:
    view = _view(qtbot)
    view.document.new(copy.deepcopy(DEFAULT))  # 48 devices: under DEFER_FROM_DEVICES
    assert not view.deferred.pending and "fab-spine-01" in view.data.index


def test_a_hidden_view_builds_when_it_is_shown(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deferred, "DEFER_FROM_DEVICES", 10)
    view = _view(qtbot)
    view.hide()
    view.document.new(copy.deepcopy(DEFAULT))
    QApplication.processEvents()
    assert view.deferred.pending  # nothing painted: nothing built
    view.show()
    qtbot.waitUntil(lambda: not view.deferred.pending, timeout=5000)
    assert "fab-spine-01" in view.data.index


def test_a_large_designs_loads_follow_on_the_next_turn(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    view = TopologyView(Document(CATALOG, copy.deepcopy(DEFAULT)))  # built at once: made, not opened
    qtbot.addWidget(view)
    view.document.live.wait_idle()
    QApplication.processEvents()
    monkeypatch.setattr(deferred, "DEFER_FROM_DEVICES", 10)
    seen: list[object] = []
    monkeypatch.setattr(view.patcher, "results_updated", seen.append)
    doc = view.document
    assert doc.set_properties([sorted(doc.design.racks)[0]], power_budget_kw=30.0)
    doc.live.wait_idle()
    assert not seen  # the results panes paint their figures first ...
    qtbot.waitUntil(lambda: seen == [doc.analysis], timeout=5000)  # ... the links' loads follow


def test_after_an_edit_a_large_design_is_painted_in_the_same_turn_as_its_redraw(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The overview is painted once, at the end of the patcher's redraw (before the analysis the edit
    started takes the interpreter lock in the worker), and nothing is left to paint on a later turn."""
    from planner_gui.ui.topology import overview_item, patches

    paints: list[str] = []
    paint = overview_item.OverviewItem.paint  # patched before the item exists: PySide looks overrides up once
    monkeypatch.setattr(overview_item.OverviewItem, "paint",
                        lambda item, *args: (paints.append("paint"), paint(item, *args)))
    monkeypatch.setattr(deferred, "DEFER_FROM_DEVICES", 10)
    view = _view(qtbot)
    view.document.new(copy.deepcopy(DEFAULT))
    qtbot.waitUntil(lambda: not view.deferred.pending and "paint" in paints, timeout=5000)
    assert view.overview.active
    for _ in range(5):
        QApplication.processEvents()
    paints.clear()
    paint_now = patches._paint_now

    def marked(of_view: TopologyView) -> None:
        paints.append("now")
        paint_now(of_view)
        paints.append("painted")

    monkeypatch.setattr(patches, "_paint_now", marked)
    view.document.remove_items(["fab-spine-01"])
    qtbot.waitUntil(lambda: "painted" in paints, timeout=5000)
    for _ in range(5):
        QApplication.processEvents()
    assert paints == ["now", "paint", "painted"]
