"""A 4,096-node design (1,509 racks, 7,258 devices) in the rack elevation: built, painted and edited in place.

No wall-clock bounds here (they flake on a loaded runner): the speed is shown by benchmarks/gui_views.py.
What is asserted is the structure that makes it fast: far out the racks paint their devices, and an
edit patches the scene (the same rack items) instead of rebuilding it."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.templates import TemplateSpec, generate_design
from planner_gui.ui.rack.view import RackView

NODES = 4096


def test_a_4096_node_hall_builds_paints_and_edits_in_place(qtbot: QtBot) -> None:
    design = generate_design(bundled_catalog(), TemplateSpec("dgx-h100", NODES))
    document = Document(bundled_catalog(), design, analyzer=lambda design, catalog, cache: None)
    view = RackView(document)
    qtbot.addWidget(view)
    view.resize(1600, 1000)
    view.show()
    qtbot.waitExposed(view)
    assert len(view.rack_items) == len(design.racks) and len(view.device_items) == len(design.devices)
    view.fit_all()
    assert view.blocks_mode  # far out: racks paint their devices, the 7,000 panels are hidden
    view.viewport().repaint()
    kept = view.rack_items[next(iter(design.racks))]
    document.move_devices({"node-0001": (None, None)})  # into the tray: every row moves down a line
    assert view.rack_items[kept.rack_id] is kept and view.device_items["node-0001"].parentItem() is view.tray.holder
