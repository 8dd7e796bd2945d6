"""Palette entries dropped on the topology view: the device joins the design unplaced.

A server, switch or storage box dropped on the topology is added without a rack (it shows in the
rack elevation's Unplaced tray, from where it is dragged into a rack) and stands where it was
dropped. A rack cannot go into a topology: the drop is refused with the reason, which the
status bar shows, as every other refused drop does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent

from planner_gui.catalog.loader import DEVICE_KINDS
from planner_gui.ui.rack.drops import read_payload

NO_PORTS = ("pdu", "blank")  # catalog kinds the topology never draws (data.HIDDEN_KINDS)

if TYPE_CHECKING:
    from planner_gui.ui.topology.view import TopologyView


class TopologyDrops:
    def __init__(self, view: TopologyView) -> None:
        self.view = view

    def enter_or_move(self, event: QDragEnterEvent | QDragMoveEvent) -> None:
        """Palette entries are taken (a drop that cannot be done says why); anything else is not ours."""
        payload = read_payload(event.mimeData())
        if payload is not None and payload.catalog_id is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def drop(self, event: QDropEvent) -> None:
        payload = read_payload(event.mimeData())
        if payload is None or payload.catalog_id is None:
            event.ignore()
            return
        event.acceptProposedAction()
        why = self.refusal(payload.catalog_id)
        if why:
            self.view.refused.emit(why)
            return
        view = self.view
        device_id = view.document.add_device(payload.catalog_id, None)  # unplaced: the rack view's tray
        if device_id is not None:
            where = view.mapToScene(event.position().toPoint())
            view.place_device(device_id, where.x(), where.y())

    def refusal(self, catalog_id: str) -> str:
        """Why ``catalog_id`` cannot be dropped on a topology ("" when it can)."""
        entry = self.view.document.catalog.get(catalog_id)
        translate = QCoreApplication.translate
        if entry is None:
            return translate("TopologyView", "The catalog has no entry {id}; pick one from the palette").format(
                id=catalog_id)
        if entry.kind == "rack":
            return translate("TopologyView", "{name} is a rack: drop it on a row of the rack elevation, then "
                                             "put devices in it").format(name=entry.name)
        if entry.kind not in DEVICE_KINDS or entry.kind in NO_PORTS:
            return translate("TopologyView", "{name} has no network ports to draw in the topology: drop it into a "
                                             "rack of the rack elevation").format(name=entry.name)
        return ""
