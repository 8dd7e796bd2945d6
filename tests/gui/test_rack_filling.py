"""Issue 19 (open -> painted window): a large design's device panels are made after the rack view's first
paint, a chunk per turn of the event loop; racks paint their devices as blocks meanwhile, and an edit made
before an item's turn is in the picture. The thresholds are lowered so the default design stands in."""

from __future__ import annotations

import copy

import pytest
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.model import Design
from planner_gui.ui.rack import filling
from planner_gui.ui.rack.view import RackView
from tests.gui.support import shown

CATALOG = bundled_catalog()
DEFAULT = load_design(default_example_path(), CATALOG).design


def _view(qtbot: QtBot) -> RackView:
    return shown(qtbot, RackView(Document(CATALOG, Design(), analyzer=lambda *_: None)), 900, 600)


def test_device_items_follow_the_first_paint_in_chunks(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(filling, "DEFER_FROM_DEVICES", 10)
    monkeypatch.setattr(filling, "CHUNK", 20)  # 48 devices: three turns
    view = _view(qtbot)
    doc = view.document
    doc.new(copy.deepcopy(DEFAULT))
    assert not view.device_items and len(view.rack_items) == len(doc.design.racks)  # racks at once
    assert all(rack.draw_blocks for rack in view.rack_items.values())  # their devices as blocks
    doc.remove_items(["node-001"])  # an edit before the items exist
    doc.set_properties(["node-002"], name="renamed")  # re-made by the edit itself
    assert view.device_items["node-002"].label == "renamed"
    view.viewport().repaint()
    qtbot.waitUntil(lambda: not view.filler.pending, timeout=5000)
    assert set(view.device_items) == set(doc.design.devices)  # every device once, the deleted one not
    assert view.device_items["node-002"].label == "renamed"
    assert not any(rack.draw_blocks for rack in view.rack_items.values())  # panels now, at this zoom


def test_a_small_design_gets_its_items_at_once(qtbot: QtBot) -> None:
    view = _view(qtbot)
    view.document.new(copy.deepcopy(DEFAULT))
    assert not view.filler.pending and set(view.device_items) == set(view.document.design.devices)
