"""How the topology view follows edits and new results without rebuilding its picture.

``devices_changed``/``links_changed`` patch the view's arrays (:class:`TopologyData`) at once and
re-file only the links they touched in the batched paths (:mod:`planner_gui.ui.topology.links`);
the tier layout stays still unless the tiers can have changed (``TopologyData.tiers_unchanged``).
New results re-file only the links whose load level changed and move only the devices whose tier
changed. What must be drawn again (the touched link chunks, their overview bundles, the band names
and scene rect when devices moved) is drawn once the burst of signals is over: one edit emits
devices_changed then links_changed, and its results follow.

A large design's picture is painted at the end of that redraw, not on a later turn: by then the
analysis the edit started runs in the worker thread, and every Qt call of the paint that lets the
interpreter lock go waited up to a switch interval (5 ms) to get it back: at 4,096 nodes the overview's
15 ms paint after a spine delete took 70-480 ms (benchmarks/gui.py --only spine).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QCoreApplication, QEvent, QTimer

if TYPE_CHECKING:
    from planner_gui.ui.topology.data import TopologyData
    from planner_gui.ui.topology.view import TopologyView


class PicturePatcher:
    def __init__(self, view: TopologyView) -> None:
        self.view = view
        self._timer = QTimer(view, singleShot=True, interval=0)
        self._timer.timeout.connect(self._on_timer_timeout)
        self.reset()

    def reset(self) -> None:
        """A new picture: nothing pending."""
        self._utilisation_source: object = None
        self._tiers_source: object = None  # the engine's switch tiers the bands were last taken from
        self._pending_links: list[np.ndarray] = []  # links re-filed since the last redraw (for their bundles)
        self._pending_loads: list[np.ndarray] = []  # links whose load changed since then
        self._layout_moved = False  # devices came, went or moved: band names, scene rect, overview groups
        self._redraw_all = False  # the whole picture changes (colouring, loads appeared or went)

    # ----- edits -----------------------------------------------------------------------------------
    def devices_changed(self, ids: list[str]) -> None:
        view, data, design = self.view, self._data, self.view.document.design
        added = [d for d in ids if d in design.devices and d not in data.index]
        removed = [d for d in ids if d not in design.devices and d in data.index]
        orphaned = data.links_of(np.array([data.index[d] for d in removed], dtype=np.int64))
        for i in data.remove_devices(removed):
            node = view.nodes.pop(i, None)
            if node is not None:
                view.scene().removeItem(node)
        for i in data.add_devices(added, design, view.document.catalog):
            if data.drawn[i] and view.nodes_built:
                view.add_node(i)
        for device_id in ids:
            node = view.node_of(device_id)
            if node is not None and device_id in design.devices:
                node.label = design.devices[device_id].name or device_id
                node.update()
        if added or removed:
            self.patch_links(orphaned)
            self.layout_changed()

    def links_changed(self, ids: list[str]) -> None:
        view, data, design = self.view, self._data, self.view.document.design
        gone = [lid for lid in ids if lid not in design.links]
        removed = data.remove_links(gone)
        added = data.add_links([lid for lid in ids if lid in design.links and lid not in data.link_index],
                               design, view.document.catalog)
        view.selection.links -= set(gone)
        if not (added or removed):
            return
        if not data.tiers_unchanged(removed, added):  # keep the layout still unless the tiers changed
            self._devices_moved(data.move_to_bands(data.inferred_bands()))
        self.patch_links(np.array(removed + added, dtype=np.int64))

    def hand_moved(self, links: np.ndarray) -> None:
        """Devices were dragged by hand: their ``links`` rejoin the batched paths where they now are."""
        self.patch_links(links)
        self.layout_changed()

    # ----- results ---------------------------------------------------------------------------------
    def results_updated(self, analysis: object) -> None:
        loads, moved = self.apply_analysis(analysis, relayout=False)
        if loads is None:
            self.redraw_all()
        elif loads.size:
            self.patch_links(loads, geometry=False)  # only those whose load level changed are redrawn
        self._devices_moved(moved)

    def apply_analysis(self, analysis: object, relayout: bool) -> tuple[np.ndarray | None, list[int]]:
        """Take tiers (and link utilisation, if the engine reports it) from the results. Returns the
        links whose load changed (None: loads appeared or went) and the devices that changed tier."""
        data = self._data
        utilisation = getattr(analysis, "link_utilisation", None)
        loads: np.ndarray | None = np.empty(0, dtype=np.int64)
        if utilisation is not self._utilisation_source:  # the analysis cache hands back the same object
            self._utilisation_source = utilisation        # when the loads' inputs did not change
            loads = data.set_utilisation(utilisation)
        switches = getattr(getattr(analysis, "topology", None), "switches", None)
        if switches is None or (switches is self._tiers_source and not relayout):
            return loads, []  # no tiers, or the very ones the bands follow already (an unchanged topology)
        self._tiers_source = switches
        bands = data.bands_from_tiers(dict(zip(switches.device_ids, switches.tiers, strict=True)))
        if relayout:
            data.relayout(bands=bands)
            return loads, []
        return loads, data.move_to_bands(bands)

    # ----- pending redraws -------------------------------------------------------------------------
    def redraw_all(self) -> None:
        self._redraw_all = True
        self._timer.start()

    def patch_links(self, links: np.ndarray, geometry: bool = True) -> None:
        """These links came, went, changed class or (``geometry``) moved: re-file them now, redraw their
        chunks and bundles when the burst is over."""
        self.view.links.update(self._data, links, geometry)
        (self._pending_links if geometry else self._pending_loads).append(links)
        self._timer.start()

    def layout_changed(self) -> None:
        self._layout_moved = True
        self._timer.start()

    def _devices_moved(self, moved: list[int]) -> None:
        """Devices changed tier and place: their nodes and links follow."""
        if not moved:
            return
        view, data = self.view, self._data
        for i in moved:
            if i in view.nodes:
                view.nodes[i].place(float(data.x[i]), float(data.y[i]))
        self.patch_links(data.links_of(np.array(moved, dtype=np.int64)))
        self.layout_changed()

    def _on_timer_timeout(self) -> None:
        view = self.view
        regroup = self._layout_moved or self._redraw_all or bool(self._pending_links)
        if self._layout_moved and self._data.bands_overlap():  # a band grew into the next: lay out anew
            self._relayout()
        if self._redraw_all:
            view.refresh_links()
            view.detail.dirty = True
        else:
            view.links.flush(self._data)
            view.selection.refresh_overlay()
            if self._layout_moved:
                view.detail.dirty = True  # groups follow devices: built again when next shown
            else:
                view.detail.patch_links(_joined(self._pending_links), _joined(self._pending_loads))
        if self._layout_moved or self._redraw_all:
            view.update_bands()
            view.update_scene_rect()
        self._pending_links, self._pending_loads, self._layout_moved, self._redraw_all = [], [], False, False
        if regroup:  # the groups follow every edit (at once when shown, else when next shown)
            view.overview.refresh()
        else:  # only loads changed: the same groups, their bundles coloured again
            view.overview.redraw()
        view.detail.apply()
        if view.deferred.large():
            _paint_now(view)

    def _relayout(self) -> None:
        """Every device not moved by hand goes back to its band's place; everything is drawn again."""
        view, data = self.view, self._data
        data.relayout(bands=data.band.copy())
        for i, node in view.nodes.items():
            node.place(float(data.x[i]), float(data.y[i]))
        self._redraw_all = True

    @property
    def _data(self) -> TopologyData:
        data = self.view.data
        assert data is not None
        return data


def _paint_now(view: TopologyView) -> None:
    """Paint what changed now, once: the scene's queued update tells the viewport what is dirty, and the
    window's update request (posted, not yet handled) is handled here; nothing is left for a later turn."""
    QCoreApplication.sendPostedEvents(view.scene(), QEvent.Type.MetaCall.value)
    QCoreApplication.sendPostedEvents(view.window(), QEvent.Type.UpdateRequest.value)


def _joined(parts: list[np.ndarray]) -> np.ndarray:
    return np.concatenate(parts) if parts else np.empty(0, dtype=np.int64)
