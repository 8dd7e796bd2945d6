"""Mouse and keyboard in the topology view: link drawing, link picking, hover, tooltips, moves, Delete.

Gestures: Shift-drag from one device to another draws a link (``Document.add_link`` picks the
free ports, or refuses with a message the status bar shows); a click near a link selects it
(Ctrl adds); Delete removes the selection; hovering a link highlights it and its tooltip names
the ports, medium, length, speed and load. Dragging devices moves them (positions are kept for
the session, not saved: a topology picture is not part of the design).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QCoreApplication, QPointF, Qt, QTimer
from PySide6.QtGui import QHelpEvent, QKeyEvent, QMouseEvent, QPainterPath
from PySide6.QtWidgets import QToolTip

from planner_gui.present import format_length, format_percent
from planner_gui.ui import colors
from planner_gui.ui.plain_text import plain_rich
from planner_gui.ui.topology import layout as tl
from planner_gui.ui.topology.items import Z_OVERLAY, NodeItem, PassivePathItem, cosmetic_pen, segments_path
from planner_gui.ui.window.navigation import MIN_SCALE

if TYPE_CHECKING:
    from planner_gui.ui.topology.view import TopologyView

LINK_PICK_PX = 5.0  # a click or hover within this many screen px of a link hits it
HOVER_WIDTH = 3.0  # cosmetic px of the hovered link
LIVE_LINK_COLOUR = "#4b5563"  # links following a dragged device (grey-600), before they rejoin their class
RUBBER_WIDTH = 1.5
DELETE_KEYS = (Qt.Key.Key_Delete, Qt.Key.Key_Backspace)


class TopologyInteraction:
    def __init__(self, view: TopologyView) -> None:
        self.view = view
        self._live_timer = QTimer(view, singleShot=True, interval=0)
        self._live_timer.timeout.connect(self._on_live_timer_timeout)
        self.reset()

    def reset(self) -> None:
        """The scene was rebuilt: make the overlays again and forget any gesture in progress."""
        self._link_source: NodeItem | None = None
        self._moving: np.ndarray | None = None
        self._live = np.empty(0, dtype=np.int64)
        scene = self.view.scene()
        self.hover = PassivePathItem(cosmetic_pen(colors.HOVER, HOVER_WIDTH), Z_OVERLAY)
        self.live = PassivePathItem(cosmetic_pen(LIVE_LINK_COLOUR, 1.0), Z_OVERLAY)
        dashed = cosmetic_pen(colors.SELECTION, RUBBER_WIDTH, Qt.PenStyle.DashLine)
        self.rubber = PassivePathItem(dashed, Z_OVERLAY)
        for item in (self.hover, self.live, self.rubber):
            scene.addItem(item)
        self.hovered_link = -1

    # ----- mouse ---------------------------------------------------------------------------------
    def press(self, event: QMouseEvent) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        node = self.node_at(event.position())
        if node is not None and event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self._link_source = node
            self._draw_rubber(event.position())
            return True
        if node is not None:
            return False
        toggle = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        link = self.link_at(event.position())
        if link < 0:
            if not toggle and self.view.selection.links:
                self.view.selection.links = set()
                self.view.selection.request_sync()
            return False  # empty space: the rubber band starts
        self._select_link(self.view.data.link_ids[link], toggle)  # type: ignore[union-attr]
        return True

    def move(self, event: QMouseEvent) -> bool:
        if self._link_source is not None:
            self._draw_rubber(event.position())
            return True
        if event.buttons() == Qt.MouseButton.NoButton and not self.view.overview_mode:
            self._hover(event.position())
        return False

    def release(self, event: QMouseEvent) -> bool:
        source = self._link_source
        if source is None:
            return False
        self._link_source = None
        self.rubber.setPath(QPainterPath())
        target = self.node_at(event.position())
        if target is not None and target is not source:
            self.view.document.add_link(source.device_id, target.device_id)
        return True

    def key(self, event: QKeyEvent) -> bool:
        if event.key() in DELETE_KEYS and self.view.document.selection:
            self.view.document.remove_items(list(self.view.document.selection))
            return True
        if event.key() == Qt.Key.Key_Escape and self._link_source is not None:
            self._link_source = None
            self.rubber.setPath(QPainterPath())
            return True
        return False

    def tooltip(self, event: QHelpEvent) -> bool:
        position = QPointF(event.pos())
        node = self.node_at(position)
        text = self.device_text(node.device_id) if node is not None else ""
        if not text and not self.view.overview_mode:
            link = self.link_at(position)
            data = self.view.data
            text = self.link_text(data.link_ids[link]) if link >= 0 and data is not None else ""
        if text:
            QToolTip.showText(event.globalPos(), plain_rich(text), self.view.viewport())
        else:
            QToolTip.hideText()
        return True

    # ----- moving devices ------------------------------------------------------------------------
    def node_moved(self, node: NodeItem) -> None:
        """A device is being dragged: its links leave the batched paths and follow it live."""
        data = self.view.data
        assert data is not None
        if self._moving is None:
            moving = {node.index} | {n.index for n in self.view.nodes.values() if n.isSelected()}
            self._moving = np.array(sorted(moving), dtype=np.int64)
            self._live = data.links_of(self._moving)
            self.view.links.discard(self._live)  # only their chunks are redrawn
            self.view.links.flush(data)
        position = node.pos()
        data.move(node.device_id, position.x(), position.y())
        self._live_timer.start()  # coalesce: several devices move per mouse event

    def finish_node_moves(self) -> None:
        if self._moving is None:
            return
        live = self._live
        self._moving, self._live = None, np.empty(0, dtype=np.int64)
        self.live.setPath(QPainterPath())
        self.view.after_hand_move(live)

    def _on_live_timer_timeout(self) -> None:
        if self._moving is not None and self.view.data is not None:
            self.live.setPath(segments_path(*self.view.data.segments(self._live)))

    # ----- picking -------------------------------------------------------------------------------
    def node_at(self, position: QPointF) -> NodeItem | None:
        if self.view.overview_mode:
            return None
        for item in self.view.items(position.toPoint()):
            if isinstance(item, NodeItem):
                return item
        return None

    def link_at(self, position: QPointF) -> int:
        """Index of the link within LINK_PICK_PX of ``position`` (viewport px), or -1."""
        data = self.view.data
        if data is None:
            return -1
        point = self.view.mapToScene(position.toPoint())
        live = data.live_links()
        tolerance = LINK_PICK_PX / max(self.view.navigator.scale, MIN_SCALE)
        hit = tl.nearest_link(point.x(), point.y(), *data.segments(live), tolerance)
        return int(live[hit]) if hit >= 0 else -1

    def _hover(self, position: QPointF) -> None:
        link = -1 if self.node_at(position) is not None else self.link_at(position)
        if link == self.hovered_link:
            return
        self.hovered_link = link
        chosen = np.array([link] if link >= 0 else [], dtype=np.int64)
        self.hover.setPath(segments_path(*self.view.data.segments(chosen)))  # type: ignore[union-attr]

    def _select_link(self, link_id: str, toggle: bool) -> None:
        view = self.view
        if toggle:
            view.selection.links ^= {link_id}
        else:
            view.selection.links = {link_id}
            view.scene().clearSelection()
        view.selection.request_sync()

    def _draw_rubber(self, position: QPointF) -> None:
        source = self._link_source
        assert source is not None
        end = self.view.mapToScene(position.toPoint())
        path = QPainterPath(source.pos())
        path.lineTo(end)
        self.rubber.setPath(path)

    # ----- tooltips ------------------------------------------------------------------------------
    def device_text(self, device_id: str) -> str:
        document = self.view.document
        device = document.design.devices.get(device_id)
        if device is None:
            return ""
        entry = document.catalog.get(device.catalog_id)
        data = self.view.data
        band = tl.band_label(int(data.band[data.index[device_id]])) if data is not None else ""
        if device.placed:
            where = QCoreApplication.translate("TopologyView", "rack {rack}, U{u}").format(rack=device.rack_id,
                                                                                          u=device.u)
        else:
            where = QCoreApplication.translate("TopologyView", "not in a rack")
        band = QCoreApplication.translate("TopologyView", band)  # marked in topology_layout
        model = entry.name if entry else device.catalog_id
        return f"{device.name or device.id} ({device.id})\n{model}\n{band}\n{where}"

    def link_text(self, link_id: str) -> str:
        document = self.view.document
        link = document.design.links.get(link_id)
        if link is None:
            return ""
        specs = [document.design.port_spec(ref, document.catalog) for ref in (link.a, link.b)]
        speeds = [s.speed_gbps for s in specs if s is not None]
        if speeds:
            speed = QCoreApplication.translate("TopologyView", "{gbps} Gb/s").format(gbps=f"{min(speeds):g}")
        else:
            speed = QCoreApplication.translate("TopologyView", "unknown speed")
        lines = [QCoreApplication.translate("TopologyView", "Link {id}").format(id=link.id), f"{link.a}  ↔  {link.b}",
                 f"{link.medium.value.upper()}, {format_length(link.length_m)}, {speed}"]
        data = self.view.data
        if data is not None and data.utilisation is not None:
            value = data.utilisation[data.link_index[link_id]]
            load = format_percent(value, 0)
            if np.isnan(value):
                load = QCoreApplication.translate("TopologyView", "not modelled")
            lines.append(QCoreApplication.translate("TopologyView", "Utilisation (1 GiB AllReduce): {load}"
                                                    ).format(load=load))
        return "\n".join(lines)
