"""After every rack edit the rack view's bars and the power table show the new analysis' figures for every
rack, although they visit only the racks the engine says are new (PowerReport/CoolingReport
``rack_changes``) and the racks the document changed: budget, cooling, rename, undo and redo, a rack
added and removed, several edits coalesced into one run, and a new design."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from planner_gui.model import CoolingType
from planner_gui.ui.rack.items import bar_text
from planner_gui.ui.results.power import KeptRows, rack_loads
from planner_gui.ui.window.main_window import MainWindow
from tests.gui.support import air_cooled_default_design


def _assert_panes_show(window: MainWindow) -> None:
    doc = window.document
    assert doc.live.wait_idle()
    power, cooling = doc.analysis.power, doc.analysis.cooling
    for rack_id, item in window.rack_view.rack_items.items():
        rack_power, rack_cooling = power.racks[rack_id], cooling.racks[rack_id]
        assert (item.power.fraction, item.power.text) == bar_text(rack_power.max_w, rack_power.supply_w), rack_id
        assert (item.cooling.fraction, item.cooling.text) == bar_text(rack_cooling.heat_w, rack_cooling.capacity_w)
    shown = window.results_panel.power.model.rows()
    assert shown == rack_loads(power, cooling, doc.design)  # every row as a fresh build makes it


def test_rack_edits_of_every_kind_reach_every_pane(window: MainWindow, qtbot: QtBot) -> None:
    doc = window.document
    first, second = list(doc.design.racks)[:2]
    _assert_panes_show(window)
    for ids, values in (([first], {"power_budget_kw": 9.0}), ([second], {"height_u": 48}),
                        ([second], {"cooling": CoolingType.LIQUID}),
                        ([first], {"cooling_capacity_kw": 3.0}), ([second], {"name": "Rack two"}),
                        ([first, second], {"power_budget_kw": 60.0})):
        assert doc.set_properties(ids, **values)
        _assert_panes_show(window)
        # each report follows the one shown: the panes took the visit-the-changes path
        assert doc.analysis.power.rack_changes is not None and doc.analysis.cooling.rack_changes is not None
    doc.undo_stack.undo()
    _assert_panes_show(window)
    doc.undo_stack.undo()  # the rename
    _assert_panes_show(window)
    assert window.results_panel.power.model.rows()[1].label != "Rack two"
    doc.undo_stack.redo()
    _assert_panes_show(window)


def test_coalesced_edits_racks_added_and_removed_and_a_new_design(window: MainWindow, qtbot: QtBot) -> None:
    doc = window.document
    first, second = list(doc.design.racks)[:2]
    assert doc.set_properties([first], power_budget_kw=7.0)
    assert doc.set_properties([second], power_budget_kw=8.0)  # before the first edit's run: one run for both
    _assert_panes_show(window)
    added = doc.add_rack()
    assert added is not None
    _assert_panes_show(window)
    assert doc.set_properties([added], power_budget_kw=5.0)
    _assert_panes_show(window)
    assert doc.remove_items([added])
    _assert_panes_show(window)
    doc.undo_stack.undo()
    _assert_panes_show(window)
    doc.undo_stack.setClean()
    doc.new(air_cooled_default_design(doc.catalog))  # a new design: its panes start from nothing
    assert doc.set_properties([first], power_budget_kw=6.0)
    _assert_panes_show(window)


def test_a_rename_the_engine_reports_as_unchanged_still_relabels_its_row(window: MainWindow) -> None:
    """A rename keeps the rack's figures: were its reports kept as the very objects, only the document's
    ``racks_changed`` would say which row to label again."""
    doc = window.document
    assert doc.live.wait_idle()
    kept = KeptRows(follows_document=True)
    power, cooling = doc.analysis.power, doc.analysis.cooling
    kept.rows(power, cooling, doc.design)
    rack_id = list(doc.design.racks)[1]
    doc.design.racks[rack_id].name = "Renamed"
    rows, positions = kept.rows(power, cooling, doc.design)  # the same reports: nothing to follow
    assert positions == [] and rows[1].label != "Renamed"
    kept.touch([rack_id])
    rows, positions = kept.rows(power, cooling, doc.design)
    assert positions == [1] and rows[1].label == "Renamed"
