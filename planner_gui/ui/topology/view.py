"""The topology view: servers, leaf/spine/core switches and links, laid out by tier.

The view keeps its own array picture of the design (:class:`TopologyData`) and patches it on
``devices_changed``/``links_changed``; the whole scene is rebuilt only on ``design_replaced``.
A patch redraws only what the edit touched: the link chunks holding its links
(:mod:`planner_gui.ui.topology.links`), their overview bundles, and the tier layout only when the
tiers changed; new results redraw only the links whose load level changed.
Level of detail follows the zoom: far out, runs of identical devices merge into blocks and links
into bundles; closer, every device is an item drawn as a plain block; closer still, labelled.
Links are always batched paths (topology_links.LinkLayer); hit-testing a link (hover, tooltip,
click) is a vectorised nearest-segment query, not an item lookup. Mouse and keyboard handling
lives in :mod:`planner_gui.ui.topology.interaction`, the selection in :mod:`planner_gui.ui.topology.selection`.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, QTimer, Signal
from PySide6.QtGui import (
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QToolTip, QWidget

from planner_gui.document.document import Document
from planner_gui.model import Design
from planner_gui.ui.topology import layout as tl
from planner_gui.ui.topology.bands import BandStrip
from planner_gui.ui.topology.data import TopologyData
from planner_gui.ui.topology.deferred import DeferredBuild
from planner_gui.ui.topology.drops import TopologyDrops
from planner_gui.ui.topology.fabric import COLLAPSE_FROM_SERVERS
from planner_gui.ui.topology.interaction import TopologyInteraction
from planner_gui.ui.topology.items import Z_LINKS, Z_NODES, LayerItem, NodeItem
from planner_gui.ui.topology.legend import BY_LOAD, BY_RAIL, DEVICES, GROUPS, MARGIN_PX, LinkColouringBar
from planner_gui.ui.topology.links import LinkLayer
from planner_gui.ui.topology.lod import DetailLevels
from planner_gui.ui.topology.overview_control import FabricOverview
from planner_gui.ui.topology.patches import PicturePatcher
from planner_gui.ui.topology.selection import TopologySelection
from planner_gui.ui.window.navigation import ViewNavigator, configure_view

SCENE_MARGIN = 200.0  # scene units around the content, room to drag devices outward
MAX_LABEL_STRIP_FRACTION = 0.15  # fit_all keeps at most this share of the width free for band names


class TopologyView(QGraphicsView):
    """Device-and-link graph of the document's design (objectName ``topologyView``). ``refused`` carries
    the reason a drop could not be done (the window's status bar shows it)."""

    refused = Signal(str)

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("topologyView")
        self.document = document
        self._scene = QGraphicsScene(self)  # parented, or PySide collects it (PySide6 object ownership)
        # Mostly static items: the BSP index makes hover and rubber-band lookups ~60x faster than
        # NoIndex at thousands of items (Qt docs: itemIndexMethod).
        self._scene.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self.setScene(self._scene)
        configure_view(self)
        self.viewport().setMouseTracking(True)  # moves without a button: the link under the cursor lights up
        self.navigator = ViewNavigator(self)
        self.navigator.scale_changed.connect(self._on_navigator_scale_changed)
        self.detail = DetailLevels(self)
        self.navigator.wheel_zoomed.connect(self.detail.wheel_zoomed)
        self.navigator.navigated.connect(self._on_navigator_navigated)
        self._opening_fit = False  # the view shows the fit it opened with: a resize fits again
        self.data: TopologyData | None = None
        self.nodes: dict[int, NodeItem] = {}
        self.nodes_built = False  # the device items exist (built when every device is first shown)
        self._fitted = False
        self.bands = BandStrip()
        self.patcher = PicturePatcher(self)
        self.selection = TopologySelection(self)
        self.interaction = TopologyInteraction(self)
        self.drops = TopologyDrops(self)
        self.setAcceptDrops(True)
        self.colouring = LinkColouringBar(self)
        self.overview = FabricOverview(self)
        self._detail_chosen: str | None = None  # the user's "Show" choice, kept across designs
        self.colouring.mode_changed.connect(self._on_colouring_mode_changed)
        self.colouring.detail_changed.connect(self._on_colouring_detail_changed)
        self.colouring.resized.connect(self._place_colouring)
        self._scene.selectionChanged.connect(self._on_scene_selection_changed)
        document.design_replaced.connect(self._on_document_design_replaced)
        document.devices_changed.connect(self._on_document_devices_changed)
        document.links_changed.connect(self._on_document_links_changed)
        document.selection_changed.connect(self._on_document_selection_changed)
        document.results_updated.connect(self._on_document_results_updated)
        self.deferred = DeferredBuild(self)  # a large design opened later is drawn after the first paint
        self._results: object = None  # a large design's latest results, applied on the next turn
        self._results_timer = QTimer(self, singleShot=True, interval=0)
        self._results_timer.timeout.connect(self._on_results_timer_timeout)
        self.rebuild()

    # ----- public --------------------------------------------------------------------------------
    def fit_all(self) -> None:
        # Keep the pinned band names clear of the drawing, unless that would squeeze a narrow view.
        reserve = min(self.bands.width_px, self.viewport().width() * MAX_LABEL_STRIP_FRACTION)
        top = self.colouring.height() + MARGIN_PX if self.colouring.isVisibleTo(self) else 0.0
        self.navigator.fit(self.content_rect(), reserve_left_px=reserve, reserve_top_px=top)
        self._fitted = self.isVisible()

    @property
    def link_colouring(self) -> str:
        """What the user chose to colour links by: "load" (the default) or "speed"."""
        return self.colouring.mode

    @property
    def colouring_by_load(self) -> bool:
        """Links are coloured by load: the user wants it and the results have loads."""
        return self.link_colouring == BY_LOAD and self.data is not None and self.data.utilisation is not None

    @property
    def fabric_detail(self) -> str:
        """GROUPS (the fabric overview) or DEVICES (every device)."""
        return GROUPS if self.overview.active else DEVICES

    def set_fabric_detail(self, mode: str) -> None:
        self.colouring.set_detail_mode(mode)
        self._on_colouring_detail_changed(mode)

    def content_rect(self) -> QRectF:
        if self.overview.active:
            return self.overview.rect()
        data = self.data
        if data is None or not data.drawn.any():
            return QRectF()
        x, y = data.x[data.drawn], data.y[data.drawn]
        half_w, half_h = tl.NODE_W / 2, tl.NODE_H / 2
        return QRectF(float(np.min(x)) - half_w, float(np.min(y)) - half_h,
                      float(np.ptp(x)) + tl.NODE_W, float(np.ptp(y)) + tl.NODE_H)

    def object_at(self, position: QPoint) -> str | None:
        """The device or link under viewport ``position``, else None."""
        if self.overview.active:
            return self.overview.device_at(QPointF(position))
        node = self.interaction.node_at(QPointF(position))
        if node is not None:
            return node.device_id
        link = self.interaction.link_at(QPointF(position))
        return self.data.link_ids[link] if link >= 0 and self.data is not None else None

    def node_of(self, device_id: str) -> NodeItem | None:
        i = self.data.index.get(device_id) if self.data is not None else None
        return self.nodes.get(i) if i is not None else None

    def rebuild(self, design: Design | None = None) -> None:
        """Build the whole scene from the document's design (a new design was loaded), or from ``design``."""
        self._scene.clear()
        self.nodes = {}
        self.data = TopologyData.from_design(design if design is not None else self.document.design,
                                             self.document.catalog)
        self.patcher.reset()
        self.patcher.apply_analysis(self.document.analysis, relayout=True)
        self.node_layer, self.link_parent = LayerItem(Z_NODES), LayerItem(Z_LINKS)
        for layer in (self.node_layer, self.link_parent):
            self._scene.addItem(layer)
        self.links = LinkLayer(self.link_parent)
        self.detail.reset()
        self.selection.reset()
        self.interaction.reset()
        self.nodes_built = False
        self.overview.reset()
        servers = int((self.data.drawn & (self.data.device_class == tl.CLASS_SERVER)).sum())
        detail = self._detail_chosen or (GROUPS if servers >= COLLAPSE_FROM_SERVERS else DEVICES)
        self.colouring.set_detail_mode(detail)
        self.overview.set_active(detail == GROUPS)
        if detail == DEVICES:
            self._build_nodes()
        self.refresh_links()
        self.update_bands()
        self.update_scene_rect()
        self.detail.apply()
        if self.isVisible():
            self.fit_all()
            self._opening_fit = True
        else:
            self._fitted = False

    def after_hand_move(self, links: np.ndarray) -> None:
        """Devices were dragged by hand: their ``links`` rejoin the batched paths, the scene grows to fit."""
        self.patcher.hand_moved(links)

    def refresh_links(self) -> None:
        """Draw every link again (a new design, or another colouring)."""
        assert self.data is not None
        self.links.rebuild(self.data, self.data.live_links(), self.colouring_by_load,
                           by_rail=self.link_colouring == BY_RAIL)
        self.colouring.set_legend_visible(self.colouring_by_load)
        self.overview.redraw()
        self.selection.refresh_overlay()

    # ----- document signals ---------------------------------------------------------------------
    def _on_document_design_replaced(self) -> None:
        self.deferred.design_replaced()

    # While a large design's build waits for the first paint, edits, results and the selection wait too:
    # the build reads them as they are then (deferred.py).
    def _on_document_devices_changed(self, ids: list[str]) -> None:
        if not self.deferred.pending:
            self.patcher.devices_changed(ids)

    def _on_document_links_changed(self, ids: list[str]) -> None:
        if not self.deferred.pending:
            self.patcher.links_changed(ids)

    def _on_document_selection_changed(self, ids: list[str]) -> None:
        if self.selection.syncing or self.deferred.pending:
            return  # this view asked for it: nothing to mirror, and do not jump away from the cursor
        self.selection.show(ids, reveal=True)

    def _on_document_results_updated(self, analysis: object) -> None:
        if self.deferred.pending:
            return
        if not self.deferred.large():
            self.patcher.results_updated(analysis)
            return
        # A large design's loads (~40 ms at 100,000 GPUs) wait for the next turn of the event loop: the
        # results panes paint their first figures before the links are coloured again (issue 19 item 3).
        self._results = analysis
        self._results_timer.start()

    def _on_results_timer_timeout(self) -> None:
        analysis, self._results = self._results, None
        if not self.deferred.pending:
            self.patcher.results_updated(analysis)

    def _on_scene_selection_changed(self) -> None:
        self.selection.scene_selection_changed()

    def _on_colouring_mode_changed(self, mode: str) -> None:
        self.patcher.redraw_all()

    def _build_nodes(self) -> None:
        """One item per drawn device: made when every device is first shown (the overview needs none,
        and at 100,000 GPUs they are half the build)."""
        assert self.data is not None
        self.nodes_built = True
        for i in np.flatnonzero(self.data.drawn).tolist():
            self.add_node(i)
        self.selection.show(self.document.selection, reveal=False)

    def _on_colouring_detail_changed(self, mode: str) -> None:
        self._detail_chosen = mode
        if mode == DEVICES and not self.nodes_built:
            self._build_nodes()
        self.overview.set_active(mode == GROUPS)
        self.selection.refresh_overlay()
        self.detail.apply()
        self.update_bands()
        self.update_scene_rect()
        self.fit_all()

    # ----- building blocks ----------------------------------------------------------------------
    def add_node(self, i: int) -> None:
        data = self.data
        assert data is not None
        device_id = data.device_ids[i]
        device = self.document.design.devices[device_id]
        node = NodeItem(i, device_id, device.name or device_id, data.kinds[i], self.node_layer,
                        self.interaction.node_moved)
        node.place(float(data.x[i]), float(data.y[i]))
        node.setCacheMode(self.detail.cache_mode())
        self.nodes[i] = node

    def place_device(self, device_id: str, x: float, y: float) -> None:
        """Stand ``device_id`` at scene (x, y), as if moved there by hand (a drop on the view)."""
        data, node = self.data, self.node_of(device_id)
        if data is None or device_id not in data.index:
            return
        data.move(device_id, x, y)
        if node is not None:
            node.place(x, y)
        self.after_hand_move(data.links_of(np.array([data.index[device_id]], dtype=np.int64)))

    def update_bands(self) -> None:
        assert self.data is not None
        if self.overview.active:
            self.bands.set_spans(self.overview.band_spans())
        else:
            self.bands.update(self.data)
        self.viewport().update()

    def update_scene_rect(self) -> None:
        rect = self.content_rect()
        margin = SCENE_MARGIN
        self._scene.setSceneRect(rect.adjusted(-margin, -margin, margin, margin))

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:
        self.bands.paint(self, painter)
        self.deferred.painted(painter)

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        # Qt scrolls the viewport's pixels; the pinned band names must be drawn again where they belong.
        self.viewport().update(self.bands.area(self))

    # ----- level of detail ----------------------------------------------------------------------
    @property
    def overview_mode(self) -> bool:
        return self.detail.overview_mode

    @property
    def links_bundled(self) -> bool:
        return self.detail.links_bundled

    def _on_navigator_scale_changed(self, scale: float) -> None:
        self._fitted = self._fitted or self.isVisible()
        self.detail.apply()

    # ----- Qt events (delegated to the interaction helper) ---------------------------------------
    def _first_view(self) -> None:
        if not self._fitted:  # the user (or a test) may have zoomed already: keep that
            self.fit_all()
            self._opening_fit = True

    def _on_navigator_navigated(self) -> None:
        self._opening_fit = False

    def _refit(self) -> None:
        """The viewport or the colour bar over it changed size while the opening fit is shown: fit again
        (under X at 150 % the bar grew after the first fit and hid the top tier)."""
        if self._opening_fit and self.isVisible():
            self.fit_all()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_colouring()

    def _place_colouring(self) -> None:
        """Pin the colour switch to the viewport's top-right corner."""
        bar, port = self.colouring, self.viewport().geometry()
        bar.adjustSize()
        bar.move(max(port.left(), port.right() - bar.width() - MARGIN_PX), port.top() + MARGIN_PX)
        if self._opening_fit:  # the viewport or the bar changed size
            QTimer.singleShot(0, self._refit)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.deferred.schedule()  # a large design opened while the view was hidden
        if not self._fitted:
            QTimer.singleShot(0, self._first_view)  # after the layout gave the viewport its real size

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.overview.active:
            if not self.overview.press(event):
                super().mousePressEvent(event)
            return
        if not self.interaction.press(event):
            super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self.overview.active:
            super().mouseMoveEvent(event)
            return
        if not self.interaction.move(event):
            super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if not self.interaction.release(event):
            super().mouseReleaseEvent(event)
        self.interaction.finish_node_moves()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        self.drops.enter_or_move(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        self.drops.enter_or_move(event)

    def dropEvent(self, event: QDropEvent) -> None:
        self.drops.drop(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.interaction.key(event):
            super().keyPressEvent(event)

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and self.overview.active:
            text = self.overview.tooltip(QPointF(event.pos()))  # type: ignore[attr-defined]
            QToolTip.showText(event.globalPos(), text or "", self.viewport())  # type: ignore[attr-defined]
            return True
        if event.type() == QEvent.Type.ToolTip and self.interaction.tooltip(event):
            return True
        return super().viewportEvent(event)

