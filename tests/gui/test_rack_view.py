"""The rack elevation, driven like a user would: drops sent to the viewport, clicks, results arriving.

Drag and drop is tested by sending QDragEnterEvent/QDragMoveEvent/QDropEvent to the view's
viewport (as the Orange canvas tests do, orangecanvas gui/test.py), never through QDrag.exec().
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QMouseEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.model import Design, Device, Rack
from planner_gui.ui.rack import drops as rack_drops
from planner_gui.ui.rack import layout as rl
from planner_gui.ui.rack.drops import CATALOG_MIME, DEVICE_MIME
from planner_gui.ui.rack.items import DeviceItem
from planner_gui.ui.rack.view import RackView
from tests.gui.support import shown

SERVER = "dgx-h100"  # 8 U, 10.2 kW max (catalog servers.json)
SWITCH = "qm9700"  # 1 U


def small_design() -> Design:
    """Two empty-ish 42 U racks: A01 empty, A02 holding two DGX H100 at U1 and U9."""
    catalog = bundled_catalog()
    design = Design()
    for position in (1, 2):
        design.add_rack(Rack(f"A0{position}", name=f"Rack {position}", row="A", position=position,
                             power_budget_kw=40.0))
    design.add_device(Device("node-1", SERVER, name="node-1", rack_id="A02", u=1), catalog)
    design.add_device(Device("node-2", SERVER, name="node-2", rack_id="A02", u=9), catalog)
    return design


@pytest.fixture
def view(qtbot: QtBot) -> RackView:
    document = Document(bundled_catalog(), small_design())
    widget = shown(qtbot, RackView(document), 900, 700)
    document.live.wait_idle()
    widget.navigator.set_scale(1.0)
    return widget


def u_point(view: RackView, rack_id: str, u: int) -> QPoint:
    """Viewport position of the middle of slot ``u`` of a rack."""
    box = view.elevation.racks[rack_id]
    y = box.device_top(u, 1) + rl.U_PX / 2
    view.centerOn(box.face_x + rl.FACE_W / 2, y)
    return view.mapFromScene(QPointF(box.face_x + rl.FACE_W / 2, y))


def mime(kind: str, text: str) -> QMimeData:
    data = QMimeData()
    data.setData(kind, text.encode("utf-8"))
    return data


def drag_over(view: RackView, data: QMimeData, pos: QPoint,
              modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> QDragMoveEvent:
    """Enter and move over the viewport; returns the move event (accepted or not)."""
    viewport = view.viewport()
    button, action = Qt.MouseButton.LeftButton, Qt.DropAction.CopyAction | Qt.DropAction.MoveAction
    QApplication.sendEvent(viewport, QDragEnterEvent(pos, action, data, button, modifiers))
    move = QDragMoveEvent(pos, action, data, button, modifiers)
    QApplication.sendEvent(viewport, move)
    return move


def drop(view: RackView, data: QMimeData, pos: QPoint,
         modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> bool:
    if not drag_over(view, data, pos, modifiers).isAccepted():
        return False
    event = QDropEvent(QPointF(pos), Qt.DropAction.CopyAction | Qt.DropAction.MoveAction, data,
                       Qt.MouseButton.LeftButton, modifiers)
    QApplication.sendEvent(view.viewport(), event)
    return event.isAccepted()


def test_server_dropped_from_the_palette_lands_at_u10_and_the_power_bar_follows(view: RackView) -> None:
    document = view.document
    before = view.rack_items["A01"].power.fraction
    assert before == 0.0  # an empty rack draws nothing
    assert drop(view, mime(CATALOG_MIME, SERVER), u_point(view, "A01", 10))
    placed = [d for d in document.design.devices.values() if d.rack_id == "A01"]
    assert [(d.catalog_id, d.u) for d in placed] == [(SERVER, 10)]
    assert document.undo_stack.count() == 1
    document.live.wait_idle()
    rack_power = document.analysis.power.racks["A01"]
    # Hand check: the bar shows max draw over supply; one DGX H100 draws up to 10.2 kW (catalog
    # servers.json max_power_w) and the rack's supply is its 40 kW budget capped by its feeds.
    assert rack_power.max_w >= 10_200.0
    bar = view.rack_items["A01"].power
    assert bar.fraction == pytest.approx(rack_power.max_w / rack_power.supply_w)
    assert bar.fraction > 0.2 and "kW" in bar.text


def test_drop_on_an_occupied_u_is_refused_with_a_reason(view: RackView, qtbot: QtBot) -> None:
    document = view.document
    move = drag_over(view, mime(CATALOG_MIME, SERVER), u_point(view, "A02", 12))
    assert move.isAccepted() and view.ghost.isVisible()
    assert view.ghost.reason is not None and "overlaps node-2" in view.ghost.reason  # the red ghost says why
    refused: list[str] = []
    document.edit_refused.connect(refused.append)
    devices_before = {d.id: (d.rack_id, d.u) for d in document.design.devices.values()}
    assert not drop(view, mime(CATALOG_MIME, SERVER), u_point(view, "A02", 12))
    assert {d.id: (d.rack_id, d.u) for d in document.design.devices.values()} == devices_before
    assert document.undo_stack.count() == 0
    assert refused and "overlaps" in refused[0]
    assert not view.ghost.isVisible()


def test_moving_two_devices_to_another_rack_is_one_undo_step(view: RackView) -> None:
    document = view.document
    assert drop(view, mime(DEVICE_MIME, "node-1,node-2"), u_point(view, "A01", 20))
    moved = {d: (document.design.devices[d].rack_id, document.design.devices[d].u) for d in ("node-1", "node-2")}
    assert moved == {"node-1": ("A01", 20), "node-2": ("A01", 28)}  # the 8 U offset between them is kept
    assert document.undo_stack.count() == 1
    assert view.device_items["node-1"].parentItem() is view.rack_items["A01"].holder
    document.undo_stack.undo()
    assert document.design.devices["node-1"].rack_id == "A02" and document.design.devices["node-2"].u == 9
    assert view.device_items["node-2"].parentItem() is view.rack_items["A02"].holder


def test_shift_drop_asks_for_copies_and_stacks_them_upward(view: RackView, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    monkeypatch.setattr(rack_drops, "ask_copies", lambda parent, what: asked.append(what) or 3)
    assert drop(view, mime(CATALOG_MIME, SWITCH), u_point(view, "A02", 17), Qt.KeyboardModifier.ShiftModifier)
    switches = sorted(d.u for d in view.document.design.devices.values() if d.catalog_id == SWITCH)
    assert asked and switches == [17, 18, 19]
    assert view.document.undo_stack.count() == 1


def test_shift_drop_overflows_into_the_next_rack_of_the_row(view: RackView, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rack_drops, "ask_copies", lambda parent, what: 4)
    # A01 (42 U, empty): from U30 one 8 U server fits (U30-U37); a second would reach U45. The other
    # three go to A02, the next rack of row A, from U1 upward above its servers (U1-U16): U17, U25, U33.
    assert drop(view, mime(CATALOG_MIME, SERVER), u_point(view, "A01", 30), Qt.KeyboardModifier.ShiftModifier)
    new = sorted((d.rack_id, d.u) for d in view.document.design.devices.values() if d.id not in ("node-1", "node-2"))
    assert new == [("A01", 30), ("A02", 17), ("A02", 25), ("A02", 33)]


def test_a_rack_entry_dropped_on_the_row_adds_a_rack_there(view: RackView) -> None:
    row = view.elevation.rows[0]
    x = row.slot_x(3) + row.pitch / 2  # the third slot of row A, free
    view.centerOn(x, row.y + row.height / 2)
    pos = view.mapFromScene(QPointF(x, row.y + row.height / 2))
    assert drop(view, mime(CATALOG_MIME, "rack-48u"), pos)
    added = [r for r in view.document.design.racks.values() if r.id not in ("A01", "A02")]
    assert [(r.row, r.position, r.height_u) for r in added] == [("A", 3, 48)]
    assert added[0].id in view.rack_items


def test_unplaced_devices_sit_in_the_tray_and_can_be_dragged_into_a_rack(view: RackView) -> None:
    document = view.document
    device_id = document.add_device(SWITCH)
    assert device_id is not None
    chip = view.device_items[device_id]
    assert chip.parentItem() is view.tray.holder and view.tray.count == 1
    assert drop(view, mime(DEVICE_MIME, device_id), u_point(view, "A01", 42))
    assert (document.design.devices[device_id].rack_id, document.design.devices[device_id].u) == ("A01", 42)
    assert view.tray.count == 0


def test_dropping_a_placed_device_on_the_tray_takes_it_out(view: RackView) -> None:
    tray = view.tray.rect
    view.centerOn(tray.center())
    assert drop(view, mime(DEVICE_MIME, "node-2"), view.mapFromScene(tray.center()))
    assert not view.document.design.devices["node-2"].placed
    assert view.device_items["node-2"].parentItem() is view.tray.holder


def test_selection_follows_clicks_and_the_document(view: RackView, qtbot: QtBot) -> None:
    item = view.device_items["node-1"]
    view.centerOn(item.sceneBoundingRect().center())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(item.sceneBoundingRect().center()))
    qtbot.waitUntil(lambda: view.document.selection == ["node-1"])
    view.document.select(["node-2", "A01"])
    selected = {getattr(i, "device_id", None) or getattr(i, "rack_id", None) for i in view.scene().selectedItems()}
    assert selected == {"node-2", "A01"}
    assert view.document.selection == ["node-2", "A01"]  # mirroring did not echo a different selection back


def test_bars_show_no_figures_until_results_exist(qtbot: QtBot) -> None:
    document = Document(bundled_catalog(), small_design(), analyzer=lambda design, catalog, cache: None)
    widget = RackView(document)
    qtbot.addWidget(widget)
    document.live.wait_idle()
    assert widget.rack_items["A02"].power.fraction is None and widget.rack_items["A02"].cooling.fraction is None


def test_an_edit_patches_items_instead_of_rebuilding(view: RackView) -> None:
    untouched = view.device_items["node-1"]
    rack = view.rack_items["A01"]
    view.document.move_devices({"node-2": ("A01", 1)})
    assert view.device_items["node-1"] is untouched and view.rack_items["A01"] is rack
    assert view.rack_items["A01"].blocks == [(1, 8, "gpu_server")]


def test_far_out_racks_paint_their_devices_as_blocks(view: RackView) -> None:
    view.navigator.set_scale(0.1)  # 1 U = 1.6 px on screen: below DEVICE_ITEMS_MIN_U_PX
    assert view.blocks_mode and not view.rack_items["A02"].holder.isVisible()
    view.navigator.set_scale(1.0)
    assert not view.blocks_mode and view.rack_items["A02"].holder.isVisible()
    assert isinstance(view.device_items["node-1"], DeviceItem)


def test_dragging_a_panel_with_the_mouse_moves_it(view: RackView, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real gesture: press on a panel, move, and the drag's drop lands inside QDrag.exec(), which
    runs from the panel's own mouseMoveEvent (a fake exec sends the drop, as the platform would)."""
    target = u_point(view, "A01", 20)
    carried: list[str] = []

    class FakeDrag:
        def __init__(self, source: object) -> None:
            self.data = QMimeData()

        def setMimeData(self, data: QMimeData) -> None:
            self.data = data

        def exec(self, action: Qt.DropAction) -> Qt.DropAction:
            carried.append(bytes(self.data.data(DEVICE_MIME).data()).decode())
            assert drop(view, self.data, target)
            return action

    monkeypatch.setattr("planner_gui.ui.rack.drops.QDrag", FakeDrag)
    item = view.device_items["node-2"]
    start = view.mapFromScene(item.sceneBoundingRect().center())
    viewport = view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    end = QPointF(start + QPoint(0, 30))
    move = QMouseEvent(QEvent.Type.MouseMove, end, viewport.mapToGlobal(end), Qt.MouseButton.NoButton,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(viewport, move)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end.toPoint())
    assert carried == ["node-2"]
    assert (view.document.design.devices["node-2"].rack_id, view.document.design.devices["node-2"].u) == ("A01", 20)
    assert view.device_items["node-2"] is not item  # re-created in its new rack once the drag was over


def test_several_zero_u_pdus_sit_side_by_side_in_the_rack_channel(view: RackView) -> None:
    """0 U PDUs in a 600 mm rack's right channel ((600 - 482.6) / 2 mm ~ 21 units): two strips 8 wide
    with 1.5 gaps side by side, none overlapping each other or the 19-inch face, all inside the cabinet;
    four share the height in two levels. Removing two puts the rest back to full height."""
    document = view.document
    box = view.elevation.racks["A01"]
    face_right = box.face_x + rl.FACE_W
    full = box.height_u * rl.U_PX

    def rects(ids: list[str]) -> list[object]:
        return [view.device_items[i].mapRectToScene(view.device_items[i].rect) for i in ids]

    ids = document.add_devices("pdu-3p-32a-400v", [("A01", None)] * 4)
    assert len(ids) == 4
    found = rects(ids)
    for k, rect in enumerate(found):
        assert face_right < rect.left() and rect.right() <= box.x + box.width  # in the channel, in the cabinet
        assert rect.width() == rl.ZERO_U_STRIP_W
        assert rect.height() == pytest.approx(full / 2 - rl.ZERO_U_GAP)
        assert all(not rect.intersects(other) for other in found[k + 1:])
    document.remove_items(ids[:2])
    found = rects(ids[2:])
    assert [r.height() for r in found] == [full, full]
    assert not found[0].intersects(found[1])


def test_zero_u_slots_by_hand() -> None:
    """A 12-unit channel holds (12 - 1.5) // (8 + 1.5) = 1 strip: three strips make three levels of
    100 / 3 less a 1.5 gap, one above the other."""
    slots = rl.zero_u_slots(3, face_right=186.0, frame_right=198.0, top=10.0, height=90.0)
    assert slots == [(187.5, 10.0, 8.0, 28.5), (187.5, 40.0, 8.0, 28.5), (187.5, 70.0, 8.0, 28.5)]
