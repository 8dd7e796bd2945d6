"""What the topology view draws at the current zoom (level of detail).

Far out, a big design's devices merge into blocks (one per run of up to eight identical devices in
a row) and its links into bundles (one line per pair of blocks). Closer, every device is an item,
drawn as a plain block until its label is legible; links stay bundled until devices are ~40 px
wide, because every link of a 1,024-node fabric at that zoom is a solid smear that costs 100+ ms a
frame to stroke. While the wheel turns, big designs keep the bundles and draw every link again
once it rests. Switching is per threshold crossing (a few calls), never per frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QGraphicsItem

from planner_gui.ui.topology import layout as tl
from planner_gui.ui.topology.items import LABEL_MIN_SCREEN_PX, LABEL_PX, BundlesItem, GroupsItem
from planner_gui.ui.topology.links import distinct

if TYPE_CHECKING:
    from planner_gui.ui.topology.data import TopologyData
    from planner_gui.ui.topology.view import TopologyView

# By a device's on-screen width (px). Measured in benchmarks/gui_views.py: at 1,024 nodes,
# stroking every link at fit-all zoom took 90-280 ms a frame, the bundles well under 10 ms.
OVERVIEW_NODE_PX = 20.0
LINK_DETAIL_NODE_PX = 40.0
GROUPING_MIN_DEVICES = 200  # small designs are never grouped: every device is always visible
BUNDLING_MIN_LINKS = 5000  # below this every link is always drawn (the default design has 639)
# While the wheel turns, a big design draws bundles (a few ms) instead of every link (~100 ms a
# frame at 4,096 nodes, benchmarks/gui_views.py); every link returns this long after the last notch.
ZOOM_SETTLE_MS = 200


class DetailLevels:
    def __init__(self, view: TopologyView) -> None:
        self.view = view
        self.overview_mode = False
        self.links_bundled = False
        self.dirty = True  # blocks and bundles are out of date (rebuilt when next shown)
        self._bundles: tl.BundleIndex | None = None  # the bundles per link, patched by link edits
        self._groups: tl.Groups | None = None
        self._nodes_cached = True
        self._settle_timer = QTimer(view, singleShot=True, interval=ZOOM_SETTLE_MS)
        self._settle_timer.timeout.connect(self.apply)

    def reset(self) -> None:
        """A new scene: new drawing items, nodes start cached."""
        self.groups_item, self.bundles_item = GroupsItem(), BundlesItem()
        self.view.scene().addItem(self.groups_item)
        self.view.scene().addItem(self.bundles_item)
        self._nodes_cached = True
        self.dirty = True
        self._bundles: tl.BundleIndex | None = None
        self._groups: tl.Groups | None = None

    def wheel_zoomed(self) -> None:
        self._settle_timer.start()

    def apply(self) -> None:
        view, data = self.view, self.view.data
        assert data is not None
        node_px = view.navigator.scale * tl.NODE_W
        overview = node_px < OVERVIEW_NODE_PX and int(data.drawn.sum()) >= GROUPING_MIN_DEVICES
        many = data.n_links >= BUNDLING_MIN_LINKS
        zooming = self._settle_timer.isActive()
        bundled = overview or (many and (node_px < LINK_DETAIL_NODE_PX or zooming))
        if view.overview.active:  # the fabric overview draws instead of all of these
            for item in (self.groups_item, view.node_layer, self.bundles_item, view.link_parent):
                item.setVisible(False)
            self.overview_mode, self.links_bundled = False, False
            return
        if (overview or bundled) and self.dirty:
            self._rebuild()
        self.overview_mode, self.links_bundled = overview, bundled
        self.groups_item.setVisible(overview)
        view.node_layer.setVisible(not overview)
        self.bundles_item.setVisible(bundled)
        view.link_parent.setVisible(not bundled)
        self._set_node_caching(view.navigator.scale * LABEL_PX >= LABEL_MIN_SCREEN_PX)

    def cache_mode(self) -> QGraphicsItem.CacheMode:
        """For a node made now: what the others use."""
        cached = QGraphicsItem.CacheMode.DeviceCoordinateCache
        return cached if self._nodes_cached else QGraphicsItem.CacheMode.NoCache

    def _set_node_caching(self, labelled: bool) -> None:
        """Cache labelled nodes (text is the costly part); plain blocks paint faster than a pixmap
        can be made for them, so they are not cached (a zoom step would re-make thousands)."""
        if labelled == self._nodes_cached:
            return
        self._nodes_cached = labelled
        mode = self.cache_mode()
        for node in self.view.nodes.values():
            node.setCacheMode(mode)

    def patch_links(self, links: np.ndarray, loads: np.ndarray) -> None:
        """``links`` came, went or moved and ``loads`` changed load: only their bundles change (groups
        depend on devices only)."""
        data, index = self.view.data, self._bundles
        if self.dirty or index is None or links.size + loads.size == 0:
            return  # rebuilt in full when next shown
        assert data is not None
        if links.size:
            index.update(distinct(links, data.link_alive.size), data.link_a, data.link_b, data.link_gbps,
                         self._drawn_links(data), data.utilisation)
        if loads.size and data.utilisation is not None:
            index.refresh_loads(loads, data.utilisation)
        self.bundles_item.rebuild(self._groups, index.current(), self.view.colouring_by_load)

    @staticmethod
    def _drawn_links(data: TopologyData) -> np.ndarray:
        return data.link_alive & data.drawn[data.link_a] & data.drawn[data.link_b]

    def _rebuild(self) -> None:
        data, catalog = self.view.data, self.view.document.catalog
        assert data is not None
        groups = tl.group_runs(np.where(data.drawn, data.x, np.nan), data.y, data.band, data.model)
        self._groups = groups
        self._bundles = tl.BundleIndex(groups.of_device, data.link_a, data.link_b, data.link_gbps,
                                       data.utilisation, self._drawn_links(data))
        names = [entry.name if (entry := catalog.get(m)) is not None else m for m in data.model_ids]
        kinds = [catalog.device_spec(m).kind.value for m in data.model_ids]
        self.groups_item.rebuild(groups, names, kinds)
        self.bundles_item.rebuild(groups, self._bundles.current(), self.view.colouring_by_load)
        self.dirty = False
