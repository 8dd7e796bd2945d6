"""The rack elevation's incremental paths (issue 8): a rack edit that keeps the layout restyles the rack in
place, and new results repaint only the racks whose reports changed; both must show exactly what a
view built from scratch on the same document shows."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.ui.rack.view import RackView
from tests.gui.support import shown
from tests.gui.test_rack_view import small_design

DGX_MAX_W = 10_200.0  # catalog servers.json: DGX H100 max_power_w; rack A02 holds two
TIGHT_BUDGET_KW = 12.0  # below the two servers' 20.4 kW: the bar goes red


@pytest.fixture
def view(qtbot: QtBot) -> RackView:
    document = Document(bundled_catalog(), small_design())
    widget = shown(qtbot, RackView(document), 900, 700)
    document.live.wait_idle()
    return widget


def picture(view: RackView) -> dict[str, tuple[object, ...]]:
    """What each rack shows: name, place and shape, bars (fraction and text), and its device blocks."""
    return {rack_id: (item.name, item.box, item.power.fraction, item.power.text, item.cooling.fraction,
                      item.cooling.text, tuple(item.blocks))
            for rack_id, item in view.rack_items.items()}


def fresh_picture(view: RackView, qtbot: QtBot) -> dict[str, tuple[object, ...]]:
    other = RackView(view.document)
    qtbot.addWidget(other)
    return picture(other)


def test_a_budget_edit_restyles_the_rack_in_place_and_keeps_the_selection(view: RackView, qtbot: QtBot) -> None:
    document = view.document
    document.select(["A02", "node-1"])
    rack, server = view.rack_items["A02"], view.device_items["node-1"]
    assert document.set_properties(["A02"], power_budget_kw=TIGHT_BUDGET_KW)
    document.live.wait_idle()
    qtbot.wait(1)  # let the view's deferred selection report run, as the event loop would
    assert view.rack_items["A02"] is rack and view.device_items["node-1"] is server
    assert document.selection == ["A02", "node-1"]
    max_w = document.analysis.power.racks["A02"].max_w
    assert max_w >= 2 * DGX_MAX_W
    assert rack.power.fraction == pytest.approx(max_w / (TIGHT_BUDGET_KW * 1000.0))  # supply = the budget
    assert f"/ {TIGHT_BUDGET_KW:.1f} kW" in rack.power.text
    assert picture(view) == fresh_picture(view, qtbot)


def test_a_device_edit_re_creates_its_panel_and_keeps_it_selected(view: RackView, qtbot: QtBot) -> None:
    document = view.document  # under X a rename in the inspector deselected the device (issue 19 re-check)
    document.select(["node-1"])
    old = view.device_items["node-1"]
    assert document.set_properties(["node-1"], name="renamed")
    qtbot.wait(1)  # the view's deferred selection report, as the event loop would run it
    assert view.device_items["node-1"] is not old and view.device_items["node-1"].label == "renamed"
    assert document.selection == ["node-1"] and view.device_items["node-1"].isSelected()
    document.undo_stack.undo()
    qtbot.wait(1)
    assert document.selection == ["node-1"] and view.device_items["node-1"].label != "renamed"


def test_undoing_a_budget_edit_brings_the_old_bar_back(view: RackView) -> None:
    document = view.document
    before = view.rack_items["A02"].power.text
    document.set_properties(["A02"], power_budget_kw=TIGHT_BUDGET_KW)
    document.live.wait_idle()
    assert view.rack_items["A02"].power.text != before
    document.undo_stack.undo()
    document.live.wait_idle()
    assert view.rack_items["A02"].power.text == before


def test_a_renamed_rack_shows_its_new_name_like_a_fresh_view(view: RackView, qtbot: QtBot) -> None:
    document = view.document
    rack = view.rack_items["A01"]
    document.set_properties(["A01"], name="Spine rack")
    document.live.wait_idle()
    assert view.rack_items["A01"] is rack and rack.name == "Spine rack"
    assert picture(view) == fresh_picture(view, qtbot)


def test_a_moved_rack_is_laid_out_again_and_stays_selected(view: RackView, qtbot: QtBot) -> None:
    document = view.document
    document.select(["A01"])
    old_x = view.rack_items["A01"].box.x
    assert document.set_properties(["A01"], position=5)
    document.live.wait_idle()
    qtbot.wait(1)
    assert view.rack_items["A01"].box.x > old_x  # further right along the row: not the in-place path
    assert document.selection == ["A01"]
    assert picture(view) == fresh_picture(view, qtbot)
