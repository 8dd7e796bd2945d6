"""The topology view's selection: devices selected as scene items, links as a set of ids drawn as one
overlay path, mirrored both ways with the document's selection.

A selection made here (a click, Ctrl-click, a rubber band that changes it many times) is told to the
document once the burst is over (a zero-interval timer); a selection made elsewhere (the rack view, the
inspector) is mirrored here and, unless the fabric overview is shown, the view centres on it. While this
view tells the document, it does not mirror the echo back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QTimer

from planner_gui.ui import colors
from planner_gui.ui.topology.items import Z_OVERLAY, NodeItem, PassivePathItem, cosmetic_pen, segments_path

if TYPE_CHECKING:
    from planner_gui.ui.topology.view import TopologyView

SELECTED_LINK_WIDTH = 3.0  # cosmetic px


class TopologySelection:
    def __init__(self, view: TopologyView) -> None:
        self.view = view
        self.links: set[str] = set()  # the selected links' ids (devices are selected scene items)
        self.syncing = False  # this view is changing the selection: do not mirror the echo
        self.overlay: PassivePathItem | None = None
        self._timer = QTimer(view, singleShot=True, interval=0)
        self._timer.timeout.connect(self._on_timer_timeout)

    def reset(self) -> None:
        """The scene was rebuilt: nothing selected here, a new overlay for selected links."""
        self.links = set()
        self.overlay = PassivePathItem(cosmetic_pen(colors.SELECTION, SELECTED_LINK_WIDTH), Z_OVERLAY)
        self.view.scene().addItem(self.overlay)

    def show(self, ids: list[str], reveal: bool) -> None:
        """Mirror the document's selection; ``reveal`` centres the view on it."""
        view = self.view
        chosen = {node for i in ids if (node := view.node_of(i)) is not None}
        self.syncing = True
        try:
            for item in view.scene().selectedItems():  # only what is selected now, not every node
                if item not in chosen:
                    item.setSelected(False)
            for node in chosen:
                node.setSelected(True)
            self.links = {i for i in ids if i in view.document.design.links}
        finally:
            self.syncing = False
        self.refresh_overlay()
        view.overview.show_selection(ids)
        if reveal and ids and not view.overview.active:  # the overview's places are its own
            self._centre_on(ids)

    def request_sync(self) -> None:
        """The user changed the selection here: tell the document once the burst is over."""
        self._timer.start()

    def refresh_overlay(self) -> None:
        data = self.view.data
        if data is None or self.overlay is None:
            return
        chosen = np.array([data.link_index[i] for i in self.links if i in data.link_index], dtype=np.int64)
        self.overlay.setPath(segments_path(*data.segments(chosen)))
        self.overlay.setVisible(not self.view.overview.active)  # the groups mark their own selection

    def scene_selection_changed(self) -> None:
        """The view's scene changed its selected items (the view relays it: a slot of the view, so that Qt
        drops the connection when the view is destroyed, before its scene)."""
        if not self.syncing:
            self.request_sync()

    def _on_timer_timeout(self) -> None:
        view = self.view
        ids = [item.device_id for item in view.scene().selectedItems() if isinstance(item, NodeItem)]
        ids += sorted(self.links)
        self.syncing = True
        try:
            view.document.select(ids)
        finally:
            self.syncing = False
        self.refresh_overlay()

    def _centre_on(self, ids: list[str]) -> None:
        data = self.view.data
        assert data is not None
        points = [data.index[i] for i in ids if i in data.index]
        points += [int(data.link_a[data.link_index[i]]) for i in ids if i in data.link_index]
        points = [p for p in points if data.drawn[p]]
        if points:
            xs, ys = data.x[points], data.y[points]
            self.view.centerOn(float((xs.min() + xs.max()) / 2), float((ys.min() + ys.max()) / 2))
