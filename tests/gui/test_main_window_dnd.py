"""Issue 5's end-to-end list in one window: palette to rack drops, a link drawn in the topology,
undo all, save and reopen. Drags are sent as events to the views' viewports, never QDrag.exec()."""

from __future__ import annotations

import copy
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.ui.panels.palette import CATALOG_MIME
from planner_gui.ui.rack.view import RackView
from planner_gui.ui.topology.legend import DEVICES
from planner_gui.ui.topology.view import TopologyView
from planner_gui.ui.window.main_window import MainWindow
from tests.gui.support import drop

CATALOG = bundled_catalog()
DEFAULT = load_design(default_example_path(), CATALOG).design
LEFT, SHIFT, NONE = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, Qt.KeyboardModifier.NoModifier
GIB_INDEX = -5  # the 1 GiB point of the curves: sizes run in powers of two up to 16 GiB (4 points above 1 GiB)


def _palette_mime(window: MainWindow, catalog_id: str) -> QMimeData:
    """What the palette puts on the clipboard when its entry is dragged."""
    mime = window.palette.proxy.mimeData([window.palette.index_of(catalog_id)])
    assert mime.hasFormat(CATALOG_MIME)
    return mime


def _u_point(view: RackView, rack_id: str, u: int) -> QPoint:
    item = view.rack_items[rack_id]
    centre = item.mapRectToScene(item.device_rect(u, 1)).center()
    view.centerOn(centre)
    return view.mapFromScene(centre)


def _drag_link(qtbot: QtBot, view: TopologyView, start_id: str, end_id: str) -> None:
    """Shift-drag from one device to another: press, move with the button held, release."""
    nodes = [view.node_of(start_id), view.node_of(end_id)]
    view.centerOn((nodes[0].scenePos() + nodes[1].scenePos()) / 2)
    start, end = (view.mapFromScene(n.scenePos()) for n in nodes)
    viewport = view.viewport()
    qtbot.mousePress(viewport, LEFT, SHIFT, start)
    for point in (QPointF((start + end) / 2), QPointF(end)):
        QApplication.sendEvent(viewport, QMouseEvent(QEvent.Type.MouseMove, point, viewport.mapToGlobal(point),
                                                     Qt.MouseButton.NoButton, LEFT, SHIFT))
    qtbot.mouseRelease(viewport, LEFT, SHIFT, end)


def _allreduce_1gib(window: MainWindow) -> float:
    sizes, busbw = window.results_panel.curves.plotted("allreduce")
    assert len(sizes) and np.all(np.diff(sizes) > 0)
    return float(busbw[GIB_INDEX])


def test_drop_refuse_link_undo_all_save_reopen(window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    doc = window.document
    window.rack_view.navigator.set_scale(1.0)
    rack = doc.add_rack()
    window.document.live.wait_idle()
    assert window.rack_view.rack_items[rack].power.fraction == 0.0  # an empty rack draws nothing

    # 1. A server dragged from the palette to U10 of the new rack lands there, and everything follows.
    with qtbot.waitSignal(doc.results_updated, timeout=5000):
        assert drop(window.rack_view, _palette_mime(window, "dgx-h100"), _u_point(window.rack_view, rack, 10))
    placed = [(d.catalog_id, d.u) for d in doc.design.devices.values() if d.rack_id == rack]
    assert placed == [("dgx-h100", 10)]
    assert window.rack_view.rack_items[rack].power.fraction > 0.2  # 10.2 kW max (servers.json) of ≤ 42 kW
    assert doc.analysis.summary.gpus == 256 + 8
    assert window.findChild(QLabel, "status_gpus").text() == "264 GPUs"

    # 2. A second server on U12 would overlap U10-U17: refused, model unchanged, reason in the status bar.
    steps = doc.undo_stack.count()
    assert not drop(window.rack_view, _palette_mime(window, "dgx-h100"), _u_point(window.rack_view, rack, 12))
    assert [d.u for d in doc.design.devices.values() if d.rack_id == rack] == [10]
    assert doc.undo_stack.count() == steps and "overlaps" in window.statusBar().currentMessage()

    # 3. Unplug node-001's first rail, then draw it again in the topology: the curves follow both edits.
    before = _allreduce_1gib(window)
    with qtbot.waitSignal(doc.results_updated, timeout=5000):
        doc.remove_items(["link-001"])
    unplugged = _allreduce_1gib(window)
    assert unplugged < before  # one rail of 8 lost: slower AllReduce
    window.topology_view.set_fabric_detail(DEVICES)  # the default design opens as its groups
    window.topology_view.navigator.set_scale(1.0)
    with qtbot.waitSignal(doc.results_updated, timeout=5000):
        _drag_link(qtbot, window.topology_view, "node-001", "fab-leaf-1")
    new = set(doc.design.links) - set(DEFAULT.links)
    assert len(new) == 1
    link = doc.design.links[new.pop()]
    assert (link.a, link.b) == ("node-001/cx0", "fab-leaf-1/p1")  # the freed ports, chosen again
    assert _allreduce_1gib(window) == pytest.approx(before)

    # 4. Undo everything: the design is the one opened.
    while doc.undo_stack.canUndo():
        window.menu_actions.undo.trigger()
    assert doc.design == DEFAULT and not doc.is_dirty
    while doc.undo_stack.canRedo():
        window.menu_actions.redo.trigger()
    final = copy.deepcopy(doc.design)

    # 5. Save, reopen: equal.
    path = tmp_path / "edited.cluster"
    doc.save(path)
    assert window.files.open_path(path)
    assert doc.design == final and doc.path == path


def test_a_design_file_dropped_on_a_view_opens_it(window: MainWindow) -> None:
    """The views take only their own MIME types; a dropped .cluster file reaches the window."""
    other = default_example_path().parent / "s1-h100-2x8-ndr.cluster"
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(other))])
    assert drop(window.rack_view, mime, QPoint(50, 50))
    assert window.document.path == other
