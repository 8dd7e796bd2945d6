"""Drag and drop onto the rack elevation: palette entries, devices moved between U and racks, racks.

Palette entries arrive as ``application/x-cluster-planner-catalog-id`` (the catalog id, UTF-8);
devices dragged inside the view as ``application/x-cluster-planner-device-ids`` (comma-separated,
the grabbed device first). While dragging, a ghost shows where the device would land: green when
it fits, red with the reason when it does not. A drop always goes to the Document, which makes
the edit (one undo step) or refuses it with a message the status bar shows; nothing here changes
the model.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QMimeData, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QDrag, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QInputDialog, QWidget

from planner_gui.model.rack_units import stack_upward
from planner_gui.ui.rack import layout as rl
from planner_gui.ui.rack.items import DeviceItem

if TYPE_CHECKING:
    from planner_gui.ui.rack.view import RackView

CATALOG_MIME = "application/x-cluster-planner-catalog-id"
DEVICE_MIME = "application/x-cluster-planner-device-ids"
DEFAULT_COPIES = 4  # issue 5 brief: Shift-drop asks N with a default of 4
MAX_COPIES = 512  # a whole 4,096-GPU build-out is 512 eight-GPU servers
Placement = tuple[str | None, int | None]


def ask_copies(parent: QWidget, what: str) -> int | None:
    """How many copies a Shift-drop places (None: cancelled). Tests replace this function."""
    value, ok = QInputDialog.getInt(parent, QCoreApplication.translate("RackView", "Place copies"),
                                    QCoreApplication.translate("RackView", "How many {what}?").format(what=what),
                                    DEFAULT_COPIES, 1, MAX_COPIES)
    return value if ok else None


@dataclass(frozen=True, slots=True)
class Payload:
    catalog_id: str | None = None  # a palette entry
    device_ids: tuple[str, ...] = ()  # devices dragged inside the view (grabbed one first)


@dataclass(frozen=True, slots=True)
class Target:
    kind: str  # "rack", "tray" or "row"
    rack_id: str | None = None
    u: int | None = None
    row: str | None = None
    position: int | None = None


def read_payload(mime: QMimeData) -> Payload | None:
    if mime.hasFormat(CATALOG_MIME):
        text = bytes(mime.data(CATALOG_MIME).data()).decode("utf-8").strip()
        return Payload(catalog_id=text) if text else None
    if mime.hasFormat(DEVICE_MIME):
        ids = tuple(i for i in bytes(mime.data(DEVICE_MIME).data()).decode("utf-8").split(",") if i)
        return Payload(device_ids=ids) if ids else None
    return None


def device_mime(ids: list[str]) -> QMimeData:
    mime = QMimeData()
    mime.setData(DEVICE_MIME, ",".join(ids).encode("utf-8"))
    return mime


class RackDrops:
    def __init__(self, view: RackView) -> None:
        self.view = view
        self._dragging = False
        self._retired: list[DeviceItem] = []

    # ----- dragging out of the view ----------------------------------------------------------------
    def start_drag(self, item: DeviceItem) -> None:
        """Drag a panel (and the other selected panels with it); the grabbed device goes first."""
        selected = [i.device_id for i in self.view.scene().selectedItems() if isinstance(i, DeviceItem)]
        ids = [item.device_id] + [i for i in selected if i != item.device_id] if item.isSelected() else [
            item.device_id]
        drag = QDrag(self.view)
        drag.setMimeData(device_mime(ids))
        self._dragging = True
        try:
            drag.exec(Qt.DropAction.MoveAction)
        finally:
            self._dragging = False
            QTimer.singleShot(0, self._retired.clear)  # after the item's mouseMoveEvent has returned

    def retire(self, item: DeviceItem) -> None:
        """Take an item out of the scene but keep it alive while a drag it started is running: the
        drop that moved it runs inside QDrag.exec(), called from the item's own mouseMoveEvent."""
        self.view.scene().removeItem(item)
        self._retired.append(item)
        if not self._dragging:
            QTimer.singleShot(0, self._retired.clear)

    # ----- events --------------------------------------------------------------------------------
    def move(self, event: QDragMoveEvent) -> None:
        payload = read_payload(event.mimeData())
        target = self._target(event.position(), payload) if payload is not None else None
        if payload is None or target is None:
            self.view.ghost.hide()
            event.ignore()
            return
        self._show_ghost(payload, target)
        event.setDropAction(Qt.DropAction.MoveAction if payload.device_ids else Qt.DropAction.CopyAction)
        event.accept()

    def leave(self) -> None:
        self.view.ghost.hide()

    def drop(self, event: QDropEvent) -> None:
        self.view.ghost.hide()
        payload = read_payload(event.mimeData())
        target = self._target(event.position(), payload) if payload is not None else None
        if payload is None or target is None:
            event.ignore()
            return
        copies = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        done = self._apply(payload, target, copies)
        event.setDropAction(Qt.DropAction.MoveAction if payload.device_ids else Qt.DropAction.CopyAction)
        event.setAccepted(done)

    # ----- where ---------------------------------------------------------------------------------
    def _target(self, position: QPointF, payload: Payload) -> Target | None:
        view = self.view
        point = view.mapToScene(position.toPoint())
        layout = view.elevation
        if self._is_rack_entry(payload):
            row = layout.row_at(point.x(), point.y())
            if row is None:
                return Target("row", row=None)
            slot = layout.position_at(row, point.x())
            taken = (row.name, slot) in layout.slots
            return Target("row", row=row.name, position=None if taken else slot)
        if layout.in_tray(point.y()):
            return Target("tray")
        rack = view.rack_item_at(point)
        if rack is None:
            return None
        u = rack.box.u_at(point.y())
        return Target("rack", rack_id=rack.rack_id, u=u) if u is not None else None

    def _is_rack_entry(self, payload: Payload) -> bool:
        entry = self.view.document.catalog.get(payload.catalog_id) if payload.catalog_id else None
        return entry is not None and entry.kind == "rack"

    # ----- ghost ---------------------------------------------------------------------------------
    def _show_ghost(self, payload: Payload, target: Target) -> None:
        view = self.view
        if target.kind == "row":
            row = next((r for r in view.elevation.rows if r.name == target.row), None)
            if row is None or target.position is None:
                view.ghost.hide()
                return
            slot = QRectF(row.slot_x(target.position), row.y, row.pitch - rl.RACK_GAP, row.height)
            view.ghost.show_at(slot, None)
            return
        if target.kind == "tray":
            view.ghost.hide()
            return
        moves = self.placements(payload, target, copies=1)
        height = self._height_of(payload)
        box = view.elevation.racks[target.rack_id]  # type: ignore[index]
        top = box.device_top(target.u, height)  # type: ignore[arg-type]
        rect = QRectF(box.face_x, top, rl.FACE_W, height * rl.U_PX)
        view.ghost.show_at(rect, self._refusal(payload, moves))

    def _height_of(self, payload: Payload) -> int:
        document = self.view.document
        if payload.catalog_id is not None:
            return max(1, document.catalog.device_spec(payload.catalog_id).height_u)
        first = payload.device_ids[0]
        return max(1, document.spec_of(first).height_u) if first in document.design.devices else 1

    def _refusal(self, payload: Payload, moves: list[tuple[str, Placement, int]]) -> str | None:
        """Why the drop would be refused (checked like the model does), or None."""
        ignore = set(payload.device_ids)
        claimed: dict[str, dict[int, str]] = {}
        for device_id, (rack_id, u), height in moves:
            if rack_id is None or u is None:
                continue
            occupied = claimed.setdefault(rack_id, self.view.occupied(rack_id, ignore))
            reason = rl.refusal(occupied, self.view.elevation.racks[rack_id].height_u, u, height)
            if reason is not None:
                return reason
            occupied.update({x: device_id for x in range(u, u + height)})
        return None

    # ----- what ----------------------------------------------------------------------------------
    def placements(self, payload: Payload, target: Target, copies: int) -> list[tuple[str, Placement, int]]:
        """(device id or "new", (rack, U), height) for every device the drop places."""
        if target.kind == "tray":
            return [(d, (None, None), 0) for d in payload.device_ids] or [("new", (None, None), 0)]
        rack_id, u = target.rack_id, target.u
        assert rack_id is not None and u is not None
        if payload.catalog_id is not None:
            height = self._height_of(payload)
            if copies == 1:
                return [("new", (rack_id, u), height)]
            return [("new", p, height) for p in self._stacked(rack_id, u, height, copies)]
        return self._moves(payload.device_ids, rack_id, u)

    def _stacked(self, rack_id: str, u: int, height: int, count: int) -> list[Placement]:
        """``count`` free places from ``u`` upward, then in the row's next racks from U1; the rest
        stay unplaced (they appear in the tray)."""
        view = self.view
        box = view.elevation.racks[rack_id]
        here = stack_upward(view.occupied(rack_id), box.height_u, u, height, count)
        found: list[Placement] = [(rack_id, x) for x in here]
        following = sorted((b for b in view.elevation.racks.values() if b.row == box.row and b.x > box.x),
                           key=lambda b: b.x)
        for other in following:
            if len(found) >= count:
                break
            wanted = count - len(found)
            free = stack_upward(view.occupied(other.rack_id), other.height_u, 1, height, wanted)
            found += [(other.rack_id, x) for x in free]
        return found + [(None, None)] * (count - len(found))

    def _moves(self, ids: tuple[str, ...], rack_id: str, u: int) -> list[tuple[str, Placement, int]]:
        """The grabbed device goes to ``u``; from one rack the others keep their offsets, otherwise
        they stack upward above it."""
        document = self.view.document
        devices = [document.design.devices[i] for i in ids if i in document.design.devices]
        if not devices:
            return []
        heights = {d.id: max(1, document.spec_of(d.id).height_u) for d in devices}
        anchor = devices[0]
        if anchor.placed and all(d.rack_id == anchor.rack_id and d.placed for d in devices):
            return [(d.id, (rack_id, u + (d.u or 0) - (anchor.u or 0)), heights[d.id]) for d in devices]
        occupied = self.view.occupied(rack_id, set(ids))
        moves: list[tuple[str, Placement, int]] = [(anchor.id, (rack_id, u), heights[anchor.id])]
        occupied.update({x: anchor.id for x in range(u, u + heights[anchor.id])})
        box = self.view.elevation.racks[rack_id]
        for device in devices[1:]:
            free = stack_upward(occupied, box.height_u, u, heights[device.id], 1)
            spot = free[0] if free else None
            moves.append((device.id, (rack_id, spot) if spot else (None, None), heights[device.id]))
            if spot:
                occupied.update({x: device.id for x in range(spot, spot + heights[device.id])})
        return moves

    def _apply(self, payload: Payload, target: Target, copies: bool) -> bool:
        document = self.view.document
        if target.kind == "row":
            entry = document.catalog.get(payload.catalog_id or "")
            height = int(entry["height_u"]) if entry is not None else rl.DEFAULT_RACK_U
            return document.add_rack(target.row, target.position, height) is not None
        if payload.device_ids:
            moves = {d: placement for d, placement, _ in self.placements(payload, target, 1)}
            return document.move_devices(moves)
        catalog_id = payload.catalog_id
        assert catalog_id is not None
        count = 1
        if copies and target.kind == "rack":
            entry = document.catalog.get(catalog_id)
            asked = ask_copies(self.view, entry.name if entry is not None else catalog_id)
            if asked is None:
                return False
            count = asked
        placements = [p for _, p, _ in self.placements(payload, target, count)]
        if count == 1:
            return document.add_device(catalog_id, *placements[0]) is not None
        return bool(document.add_devices(catalog_id, placements))
