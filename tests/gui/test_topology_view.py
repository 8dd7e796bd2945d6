"""The topology view on the default design, driven with mouse and keyboard events sent to the viewport."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.ui.topology.legend import DEVICES
from planner_gui.ui.topology.view import TopologyView
from tests.gui.support import shown

NONE = Qt.KeyboardModifier.NoModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def view(qtbot: QtBot) -> TopologyView:
    catalog = bundled_catalog()
    document = Document(catalog, load_design(default_example_path(), catalog).design)
    widget = shown(qtbot, TopologyView(document), 1000, 700)
    document.live.wait_idle()
    widget.set_fabric_detail(DEVICES)  # the default design opens as its groups; these tests drive the devices
    widget.navigator.set_scale(1.0)
    return widget


def node_point(view: TopologyView, device_id: str) -> QPoint:
    node = view.node_of(device_id)
    assert node is not None
    return view.mapFromScene(node.scenePos())


def drag(qtbot: QtBot, view: TopologyView, start: QPoint, end: QPoint, modifiers: Qt.KeyboardModifier = NONE) -> None:
    """Press, move with the button held (QTest cannot send that), release (pytest-qt: QTest cannot drag with a button held)."""
    viewport = view.viewport()
    qtbot.mousePress(viewport, LEFT, modifiers, start)
    middle = QPointF((start + end) / 2)
    for point in (middle, QPointF(end)):
        move = QMouseEvent(QEvent.Type.MouseMove, point, viewport.mapToGlobal(point), Qt.MouseButton.NoButton,
                           LEFT, modifiers)
        QApplication.sendEvent(viewport, move)
    qtbot.mouseRelease(viewport, LEFT, modifiers, end)


def look_at(view: TopologyView, *device_ids: str) -> None:
    nodes = [view.node_of(d) for d in device_ids]
    xs = [n.scenePos().x() for n in nodes if n is not None]
    ys = [n.scenePos().y() for n in nodes if n is not None]
    view.centerOn((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)


def test_dragging_from_one_device_to_another_creates_a_link(view: TopologyView, qtbot: QtBot) -> None:
    document = view.document
    look_at(view, "stor-leaf-1", "mgmt-leaf-1")
    links_before = set(document.design.links)
    drawn_before = view.links.segment_count
    drag(qtbot, view, node_point(view, "stor-leaf-1"), node_point(view, "mgmt-leaf-1"), SHIFT)
    new = set(document.design.links) - links_before
    assert len(new) == 1
    link = document.design.links[new.pop()]
    assert {link.a.split("/")[0], link.b.split("/")[0]} == {"stor-leaf-1", "mgmt-leaf-1"}
    assert document.undo_stack.count() == 1
    assert link.id in view.data.link_index  # patched in, not rebuilt
    qtbot.waitUntil(lambda: view.links.segment_count == drawn_before + 1)  # drawn once the edit's signals are in
    assert not view.interaction.rubber.path().elementCount()  # the rubber line is gone


def test_linking_a_device_with_no_free_port_is_refused_with_a_message(view: TopologyView, qtbot: QtBot) -> None:
    document = view.document
    refused: list[str] = []
    document.edit_refused.connect(refused.append)
    look_at(view, "node-001", "fab-leaf-1")
    links_before = len(document.design.links)
    drag(qtbot, view, node_point(view, "node-001"), node_point(view, "fab-leaf-1"), SHIFT)
    assert len(document.design.links) == links_before
    assert refused and "every port of node-001 is in use" in refused[0]


def test_dragging_a_device_moves_it_and_its_links_follow(view: TopologyView, qtbot: QtBot) -> None:
    node = view.node_of("fab-spine-01")
    assert node is not None
    look_at(view, "fab-spine-01")
    start = node_point(view, "fab-spine-01")
    drag(qtbot, view, start, start + QPoint(0, -60))
    i = view.data.index["fab-spine-01"]
    assert view.data.y[i] == pytest.approx(node.scenePos().y()) and view.data.manual[i]
    assert node.scenePos().y() < view.data.layout.y[i] - 40  # moved up by ~60 px at 100 % zoom
    links = view.data.links_of(np.array([i]))
    x0, y0, x1, y1 = view.data.segments(links)
    ends = np.concatenate((np.c_[x0, y0], np.c_[x1, y1]))
    assert any(np.allclose(end, (node.scenePos().x(), node.scenePos().y())) for end in ends)
    assert view.document.undo_stack.count() == 0  # a picture position is not a design edit


def test_delete_removes_the_selection(view: TopologyView, qtbot: QtBot) -> None:
    document = view.document
    document.select(["storage-01"])
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert "storage-01" not in document.design.devices
    assert view.node_of("storage-01") is None
    assert not any(link.a.startswith("storage-01/") or link.b.startswith("storage-01/")
                   for link in document.design.links.values())
    document.undo_stack.undo()  # back where it was, not at a new free slot
    node = view.node_of("storage-01")
    assert node is not None
    i = view.data.index["storage-01"]
    assert (node.scenePos().x(), node.scenePos().y()) == pytest.approx((view.data.x[i], view.data.y[i]))


def test_clicking_a_link_selects_it_and_delete_removes_it(view: TopologyView, qtbot: QtBot) -> None:
    document = view.document
    link_id = next(lid for lid, link in document.design.links.items() if link.a.startswith("fab-leaf-1/")
                   and link.b.startswith("fab-spine-01/"))
    j = view.data.link_index[link_id]
    x0, y0, x1, y1 = (float(v[0]) for v in view.data.segments(np.array([j])))
    middle = QPointF((x0 + x1) / 2, (y0 + y1) / 2)
    view.centerOn(middle)
    qtbot.mouseClick(view.viewport(), LEFT, NONE, view.mapFromScene(middle))
    qtbot.waitUntil(lambda: document.selection == [link_id])
    assert view.selection.overlay.path().elementCount() == 2  # the selected link is highlighted
    assert "fab-leaf-1/" in view.interaction.link_text(link_id) and "400 Gb/s" in view.interaction.link_text(link_id)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert link_id not in document.design.links


def test_selection_syncs_both_ways(view: TopologyView, qtbot: QtBot) -> None:
    look_at(view, "node-005")
    qtbot.mouseClick(view.viewport(), LEFT, NONE, node_point(view, "node-005"))
    qtbot.waitUntil(lambda: view.document.selection == ["node-005"])
    view.centerOn(0, 0)
    view.document.select(["fab-leaf-3"])
    leaf = view.node_of("fab-leaf-3")
    assert leaf is not None and leaf.isSelected() and not view.node_of("node-005").isSelected()
    centre = view.mapToScene(view.viewport().rect().center())
    assert abs(centre.x() - leaf.scenePos().x()) < 2 and abs(centre.y() - leaf.scenePos().y()) < 2  # revealed


def test_rubber_band_selects_the_devices_inside(view: TopologyView, qtbot: QtBot) -> None:
    look_at(view, "fab-spine-01", "fab-spine-04")
    first, last = node_point(view, "fab-spine-01"), node_point(view, "fab-spine-04")
    drag(qtbot, view, first + QPoint(-60, -30), last + QPoint(60, 30))
    qtbot.waitUntil(lambda: len(view.document.selection) == 4)
    assert sorted(view.document.selection) == ["fab-spine-01", "fab-spine-02", "fab-spine-03", "fab-spine-04"]


def test_wheel_zooms_about_the_cursor_and_fit_shows_everything(view: TopologyView) -> None:
    anchor = node_point(view, "fab-leaf-2")
    scene_before = view.mapToScene(anchor)
    view.navigator.zoom_by(2.0, QPointF(anchor))
    assert view.navigator.scale == pytest.approx(2.0)
    scene_after = view.mapToScene(anchor)
    assert abs(scene_after.x() - scene_before.x()) < 2 and abs(scene_after.y() - scene_before.y()) < 2
    view.fit_all()
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    assert visible.contains(view.content_rect())


def test_results_keep_the_picture_and_edits_patch_it(view: TopologyView) -> None:
    node = view.node_of("node-010")
    segments_before = view.links.segment_count
    added = view.document.add_device("qm9700")
    assert added is not None and view.node_of("node-010") is node  # not rebuilt
    assert view.data.band[view.data.index[added]] == 1  # a lone new switch starts as a leaf
    view.document.live.wait_idle()
    assert view.links.segment_count == segments_before


def test_link_tooltip_lists_ports_medium_length_and_speed(view: TopologyView) -> None:
    link = next(iter(view.document.design.links.values()))
    text = view.interaction.link_text(link.id)
    assert link.a in text and link.b in text
    assert link.medium.value.upper() in text and f"{link.length_m:g} m" in text and "Gb/s" in text


def test_middle_button_drag_pans(view: TopologyView, qtbot: QtBot) -> None:
    bars = view.horizontalScrollBar(), view.verticalScrollBar()
    view.centerOn(view.content_rect().center())
    before = bars[0].value(), bars[1].value()
    start = QPoint(500, 350)
    end = start + QPoint(-80, -40)
    viewport = view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.MiddleButton, NONE, start)
    move = QMouseEvent(QEvent.Type.MouseMove, QPointF(end), viewport.mapToGlobal(QPointF(end)), Qt.MouseButton.NoButton,
                       Qt.MouseButton.MiddleButton, NONE)
    QApplication.sendEvent(viewport, move)
    qtbot.mouseRelease(viewport, Qt.MouseButton.MiddleButton, NONE, end)
    assert (bars[0].value() - before[0], bars[1].value() - before[1]) == (80, 40)  # the drawing follows the hand
    assert view.document.selection == []  # panning selects nothing


def test_hovering_a_link_highlights_it(view: TopologyView) -> None:
    link_id = next(lid for lid, link in view.document.design.links.items() if link.a.startswith("fab-leaf-2/"))
    j = view.data.link_index[link_id]
    x0, y0, x1, y1 = (float(v[0]) for v in view.data.segments(np.array([j])))
    point = QPointF(x0 + (x1 - x0) * 0.3, y0 + (y1 - y0) * 0.3)  # near the leaf, clear of other nodes
    view.centerOn(point)
    position = QPointF(view.mapFromScene(point))
    move = QMouseEvent(QEvent.Type.MouseMove, position, view.viewport().mapToGlobal(position), Qt.MouseButton.NoButton,
                       Qt.MouseButton.NoButton, NONE)
    QApplication.sendEvent(view.viewport(), move)
    hovered = view.interaction.hovered_link
    assert hovered >= 0 and view.data.link_a[hovered] == view.data.index["fab-leaf-2"]
    assert view.interaction.hover.path().elementCount() == 2  # one highlighted segment


def _link_pens(view: TopologyView) -> set[str]:
    return {item.pen().color().name() for item in view.links._items}


def test_links_colour_by_load_by_default_and_by_speed_on_request(view: TopologyView, qtbot: QtBot) -> None:
    """The default design's NIC links run at 82 % of 400G under the 1 GiB AllReduce (amber, 70-90 %);
    its rail-aligned leaf uplinks carry nothing (green). Switching to speed shows the speed colours."""
    from planner_gui.ui import colors
    from planner_gui.ui.topology.items import LINK_AMBER_FROM, LINK_RED_FROM

    loads = view.document.analysis.link_utilisation
    nic = max(loads.loads)
    assert LINK_AMBER_FROM <= nic < LINK_RED_FROM
    qtbot.waitUntil(lambda: view.colouring_by_load)
    QApplication.processEvents()
    assert _link_pens(view) == {colors.AMBER, colors.GREEN}
    assert view.colouring.legend.isVisible()
    view.colouring.combo.setCurrentIndex(view.colouring.combo.findData("speed"))
    QApplication.processEvents()
    assert not view.colouring_by_load and not view.colouring.legend.isVisible()
    pens = _link_pens(view)
    assert colors.speed_colour(400.0) in pens and colors.AMBER not in pens


def test_link_tooltip_shows_its_utilisation(view: TopologyView) -> None:
    design = view.document.design
    nic_link = next(link for link in design.links.values() if "/" in link.a and link.a.split("/")[1].startswith("cx"))
    expected = view.document.analysis.link_utilisation[nic_link.id]
    text = view.interaction.link_text(nic_link.id)
    assert f"{expected * 100:.0f}%" in text


def test_bundles_take_the_busiest_members_load() -> None:
    from planner_gui.ui.topology import layout as tl

    of_device = np.array([0, 0, 1, 1])
    bundles = tl.bundle_links(of_device, np.array([0, 1, 0]), np.array([2, 3, 3]), np.array([400.0] * 3),
                              np.array([0.2, 0.95, np.nan]))
    assert bundles.links.tolist() == [3] and bundles.load.tolist() == [0.95]
