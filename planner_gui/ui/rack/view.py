"""The rack elevation: rows of racks to scale, devices as front panels, power and cooling bars.

The view mirrors the Document: it rebuilds on ``design_replaced`` and patches only what an edit
touched on ``racks_changed``/``devices_changed`` (a 4,096-node design has 1,500 racks and 7,000
devices; one moved server re-creates one item). Bars colour each rack's load from the latest
results (green < 80 %, amber < 100 %, red from 100 %; "—" until results exist). Drops are
handled by :mod:`planner_gui.ui.rack.drops`; every change goes through Document methods.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, QTimer
from PySide6.QtGui import (
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QPainter,
    QShowEvent,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsSimpleTextItem, QGraphicsView, QWidget

from planner_gui.document.document import Document
from planner_gui.model import Device, Rack
from planner_gui.model.rack_units import occupied_units
from planner_gui.ui.palette_text import text_colour
from planner_gui.ui.rack import layout as rl
from planner_gui.ui.rack.bars import LoadBars
from planner_gui.ui.rack.drops import RackDrops
from planner_gui.ui.rack.filling import DeviceItemFiller
from planner_gui.ui.rack.items import DeviceItem, GhostItem, RackItem
from planner_gui.ui.rack.tray import TrayItem
from planner_gui.ui.rack.zero_u import place_zero_u, racks_with_zero_u, zero_u_rect
from planner_gui.ui.window.navigation import ViewNavigator, configure_view

# Below this on-screen U height (px) racks paint their devices as plain blocks and the device
# items are hidden: 1,500 racks paint far faster than 7,000 separate panels (benchmarks/gui_views.py).
DEVICE_ITEMS_MIN_U_PX = 4.0
ROW_LABEL_PX = 14  # "Row A", scene units
SCENE_MARGIN = 40.0
ROW_LABEL_INSET = 4.0  # "Row A" sits this far right of its row's left edge
MAX_FIRST_VIEW_SCALE = 1.0  # the first view never magnifies beyond 100 %
# The first view's smallest zoom: 10 px device names (items.LABEL_PX) at 7.5 px on screen, the
# smallest text the rack faces stay legible at (measured on screenshots; items skip text below 6 px).
READABLE_SCALE = 0.75


class RackView(QGraphicsView):
    """Rows of racks of the document's design (objectName ``rackView``)."""

    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rackView")
        self.document = document
        self._scene = QGraphicsScene(self)  # parented, or PySide collects it (PySide6 object ownership)
        # Mostly static items: the BSP index answers drop and click lookups fast (Qt docs: itemIndexMethod).
        self._scene.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self.setScene(self._scene)
        configure_view(self)
        self.setAcceptDrops(True)
        self.navigator = ViewNavigator(self)
        self.navigator.scale_changed.connect(self._on_navigator_scale_changed)
        self.drops = RackDrops(self)
        self.rack_items: dict[str, RackItem] = {}
        self.device_items: dict[str, DeviceItem] = {}
        self._rack_specs: dict[str, rl.RackSpec] = {}  # per rack, what the current layout was made from
        self.blocks_mode = False
        self._fitted = False
        self._syncing = False
        self._select_timer = QTimer(self, singleShot=True, interval=0)
        self._select_timer.timeout.connect(self._on_select_timer_timeout)
        self._scene.selectionChanged.connect(self._on_scene_selection_changed)
        document.design_replaced.connect(self._on_document_design_replaced)
        document.racks_changed.connect(self._on_document_racks_changed)
        document.devices_changed.connect(self._on_document_devices_changed)
        document.selection_changed.connect(self._on_document_selection_changed)
        document.results_updated.connect(self._on_document_results_updated)
        self.filler = DeviceItemFiller(self)  # a large design's device items: after the first paint
        self.load_bars = LoadBars()  # the racks' bars, repainted where the engine's reports changed
        self.rebuild()

    # ----- public --------------------------------------------------------------------------------
    def fit_all(self) -> None:
        self.navigator.fit(QRectF(0.0, 0.0, self.elevation.width, self.elevation.height))
        self._fitted = self.isVisible()

    def show_first_row(self) -> None:
        """The opening view: the tray and the first row fitted to the height, from the left, but never
        so small that device names cannot be read (then the view scrolls down and right instead)."""
        first = self.elevation.rows[0] if self.elevation.rows else None
        bottom = first.y + first.height if first is not None else self.elevation.height
        width = min(self.elevation.width, self.viewport().width() / MAX_FIRST_VIEW_SCALE)
        self.navigator.fit(QRectF(0.0, 0.0, width, bottom))
        if self.navigator.scale < READABLE_SCALE:
            self.navigator.set_scale(READABLE_SCALE)
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().minimum())
        self.verticalScrollBar().setValue(self.verticalScrollBar().minimum())
        self._fitted = self.isVisible()

    def object_at(self, position: QPoint) -> str | None:
        """The device or rack under viewport ``position`` (a device in front of its rack), else None."""
        for item in self.items(position):
            if isinstance(item, DeviceItem):
                return item.device_id
        for item in self.items(position):
            if isinstance(item, RackItem):
                return item.rack_id
        return None

    def rack_item_at(self, point: QPointF) -> RackItem | None:
        for item in self._scene.items(point):
            while item is not None and not isinstance(item, RackItem):
                item = item.parentItem()
            if item is not None:
                return item
        return None

    def occupied(self, rack_id: str, ignore: Iterable[str] = ()) -> dict[int, str]:
        design, catalog = self.document.design, self.document.catalog
        devices = [(d.id, d.u or 0, design.spec_of(d.id, catalog).height_u)
                   for d in design.devices_in_rack(rack_id)]
        return occupied_units(devices, ignore)

    def rebuild(self, later: bool = False) -> None:
        """Build the whole scene from the document's design (a new design was loaded); ``later``: a large
        design's device items are made after the first paint (filling.py), its racks paint blocks meanwhile."""
        self._scene.clear()
        self.rack_items, self.device_items = {}, {}
        self.tray, self.ghost = TrayItem(), GhostItem()
        self._scene.addItem(self.tray)
        self._scene.addItem(self.ghost)
        self._row_labels: list[QGraphicsSimpleTextItem] = []
        self._relayout()
        if not (later and self.filler.defer()):
            self.filler.pending = {}
            for device in self.document.design.devices.values():
                self.add_device_item(device)
        place_zero_u(self.document, self.rack_items, self.device_items, racks_with_zero_u(self.document))
        self._place_tray_chips()  # once, after every chip exists
        self._refresh_blocks(self.rack_items)
        self._apply_results(self.document.analysis)
        self._apply_level_of_detail(force=True)
        if self.isVisible():
            self.show_first_row()
        else:
            self._fitted = False

    # ----- document signals ---------------------------------------------------------------------
    def _on_document_design_replaced(self) -> None:
        self.rebuild(later=True)

    def finish_filling(self) -> None:
        """The last deferred device items are made: the tray, the level of detail and the selection follow."""
        self._place_tray_chips()
        self._apply_level_of_detail(force=True)
        self.show_selection(self.document.selection, reveal=False)

    def _on_document_racks_changed(self, ids: list[str]) -> None:
        design = self.document.design
        if self._only_properties_changed(ids):
            self._restyle_racks(ids)  # budget, feeds, cooling, name: the layout holds (issue 8, 100k GPUs)
            return
        for rack_id in ids:
            item = self.rack_items.pop(rack_id, None)
            if item is not None:
                self._drop_devices_of(item)
                self._scene.removeItem(item)
        self._relayout()
        kept = [rack_id for rack_id in ids if rack_id in design.racks]
        resettle = [d.id for rack_id in kept for d in design.devices_in_rack(rack_id)]
        self._sync_devices(resettle)
        self._apply_results(self.document.analysis)
        self._apply_level_of_detail(force=True)
        self.show_selection(self.document.selection, reveal=False)  # re-created items keep their selection

    def _only_properties_changed(self, ids: list[str]) -> bool:
        """True when every rack is still drawn and keeps its place and shape (row, position, height,
        width): the edit changed what it holds or how it is powered and cooled, not where it is."""
        racks = self.document.design.racks
        return all(rack_id in self.rack_items and rack_id in racks
                   and self._rack_spec(racks[rack_id]) == self._rack_specs.get(rack_id) for rack_id in ids)

    def _restyle_racks(self, ids: list[str]) -> None:
        """Racks whose layout held: only their names change here; their bars follow the results."""
        racks = self.document.design.racks
        for rack_id in ids:
            item = self.rack_items[rack_id]
            item.name = racks[rack_id].name or rack_id
            item.update()

    def _on_document_devices_changed(self, ids: list[str]) -> None:
        self._sync_devices(ids)

    def _on_document_selection_changed(self, ids: list[str]) -> None:
        if not self._syncing:
            self.show_selection(ids, reveal=True)

    def _on_document_results_updated(self, analysis: object) -> None:
        self._apply_results(analysis)

    # ----- selection ----------------------------------------------------------------------------
    def show_selection(self, ids: list[str], reveal: bool) -> None:
        wanted = [self.device_items.get(i) or self.rack_items.get(i) for i in ids]
        chosen = {item for item in wanted if item is not None}
        self._syncing = True
        try:
            for item in self._scene.selectedItems():
                if item not in chosen:
                    item.setSelected(False)
            for item in chosen:
                item.setSelected(True)
        finally:
            self._syncing = False
        if reveal and chosen:
            area = QRectF()
            for item in chosen:
                area = area.united(item.sceneBoundingRect())
            self.centerOn(area.center())

    def _on_scene_selection_changed(self) -> None:
        if not self._syncing:
            self._select_timer.start()  # a rubber band changes it many times: tell the document once

    def _on_select_timer_timeout(self) -> None:
        ids = [item.device_id if isinstance(item, DeviceItem) else item.rack_id
               for item in self._scene.selectedItems() if isinstance(item, DeviceItem | RackItem)]
        self._syncing = True
        try:
            self.document.select(ids)
        finally:
            self._syncing = False

    # ----- building blocks ----------------------------------------------------------------------
    def _relayout(self) -> None:
        """Place racks, rows and the tray (items kept, moved); racks new to the view are created."""
        design = self.document.design
        specs = [self._rack_spec(r) for r in design.racks.values()]
        self._rack_specs = {spec.rack_id: spec for spec in specs}  # what the layout was made from
        unplaced = sum(1 for d in design.devices.values() if not d.placed)
        self.elevation = rl.layout_elevation(specs, unplaced)
        for rack in design.racks.values():
            box = self.elevation.racks[rack.id]
            item = self.rack_items.get(rack.id)
            if item is None:
                item = self.rack_items[rack.id] = RackItem(box, rack.name or rack.id)
                self._scene.addItem(item)
                self.load_bars.forget()  # a new item shows no bars yet
            else:
                item.name = rack.name or rack.id
                item.set_box(box)
        tray = QRectF(rl.ROW_LABEL_W, self.elevation.tray_y, self.elevation.width - rl.ROW_LABEL_W,
                      self.elevation.tray_height)
        self.tray.set_geometry(tray, unplaced)
        self._place_tray_chips()
        self._update_row_labels()
        self._scene.setSceneRect(QRectF(0, 0, self.elevation.width, self.elevation.height).adjusted(
            -SCENE_MARGIN, -SCENE_MARGIN, SCENE_MARGIN, SCENE_MARGIN))

    def _update_tray(self) -> None:
        """A device came into or left the tray: the racks move only when the tray needs another line
        of chips (or one fewer); otherwise only the tray's title and chips change (issue 8: at 100,000
        GPUs re-placing 6,800 racks took ~300 ms an edit, benchmarks/gui_views.py --gpus)."""
        unplaced = sum(1 for d in self.document.design.devices.values() if not d.placed)
        columns = rl.tray_columns(self.elevation.width - rl.ROW_LABEL_W)
        if rl.tray_height(unplaced, columns) != self.elevation.tray_height:
            self._relayout()  # another line of chips moves every row down
            return
        self.tray.set_geometry(self.tray.rect, unplaced)
        self._place_tray_chips()

    def _rack_spec(self, rack: Rack) -> rl.RackSpec:
        return rl.RackSpec(rack.id, rack.row, rack.position, rack.height_u, self._rack_width_mm(rack.catalog_id))

    def _rack_width_mm(self, catalog_id: str) -> float:
        entry = self.document.catalog.get(catalog_id)
        return float(entry["width_mm"]) if entry is not None and entry.kind == "rack" else rl.DEFAULT_RACK_MM

    def _update_row_labels(self) -> None:
        for label in self._row_labels:
            self._scene.removeItem(label)
        self._row_labels = []
        font = self.font()
        font.setPixelSize(ROW_LABEL_PX)
        font.setBold(True)
        for row in self.elevation.rows:
            label = QGraphicsSimpleTextItem(self.tr("Row {name}").format(name=row.name))
            label.setFont(font)
            label.setBrush(text_colour(self))  # on the view's background: the theme's text colour
            label.setPos(row.x + ROW_LABEL_INSET, row.y + rl.HEADER_H)
            self._scene.addItem(label)
            self._row_labels.append(label)

    def _sync_devices(self, ids: Iterable[str]) -> None:
        """Re-create the items of these devices where the design now has them; the selection stays (a
        selected item taken out of the scene no longer deselects its device: a rename in the inspector
        kept the inspector on it)."""
        self._syncing = True
        try:
            self._recreate(ids)
        finally:
            self._syncing = False
        self.show_selection(self.document.selection, reveal=False)

    def _recreate(self, ids: Iterable[str]) -> None:
        design = self.document.design
        touched_racks: set[str] = set()
        tray_changed = False
        for device_id in ids:
            old = self.device_items.pop(device_id, None)
            if old is not None:
                tray_changed |= old.parentItem() is self.tray.holder
                rack = self._rack_of(old)
                if rack is not None:
                    touched_racks.add(rack.rack_id)
                self._retire(old)
            device = design.devices.get(device_id)
            if device is not None:
                self.add_device_item(device)
                tray_changed |= not device.placed
                if device.rack_id is not None:
                    touched_racks.add(device.rack_id)
        if tray_changed:
            self._update_tray()
        place_zero_u(self.document, self.rack_items, self.device_items, touched_racks)
        self._refresh_blocks([r for r in touched_racks if r in self.rack_items])

    def _retire(self, item: DeviceItem) -> None:
        self.drops.retire(item)

    def _rack_of(self, item: DeviceItem) -> RackItem | None:
        holder = item.parentItem()
        parent = holder.parentItem() if holder is not None else None
        return parent if isinstance(parent, RackItem) else None

    def _drop_devices_of(self, rack: RackItem) -> None:
        for child in list(rack.holder.childItems()):
            if isinstance(child, DeviceItem):
                self.device_items.pop(child.device_id, None)

    def add_device_item(self, device: Device) -> None:
        self.filler.made(device.id)
        spec = self.document.spec_of(device.id)
        entry = self.document.catalog.get(device.catalog_id)
        model = entry.name if entry is not None else device.catalog_id
        label = device.name or device.id
        if device.placed and device.rack_id in self.rack_items:
            rack = self.rack_items[device.rack_id]
            rect = (rack.device_rect(device.u or 1, spec.height_u) if spec.height_u > 0
                    else zero_u_rect(rack))
            parent: QGraphicsItem = rack.holder
        else:
            rect, parent = QRectF(0, 0, rl.FACE_W, rl.TRAY_CHIP_H), self.tray.holder
        item = DeviceItem(device.id, label, model, spec.kind.value, rect, parent, self._start_device_drag)
        self.device_items[device.id] = item

    def _place_tray_chips(self) -> None:
        columns = rl.tray_columns(self.elevation.width - rl.ROW_LABEL_W)
        chips = [i for i in self.tray.holder.childItems() if isinstance(i, DeviceItem)]
        for index, chip in enumerate(sorted(chips, key=lambda c: c.device_id)):
            x, y = rl.tray_chip_position(index, columns, self.elevation.tray_y)
            chip.setPos(x, y)

    def _refresh_blocks(self, rack_ids: Iterable[str]) -> None:
        design, catalog = self.document.design, self.document.catalog
        for rack_id in rack_ids:
            item = self.rack_items[rack_id]
            item.blocks = [(d.u or 1, spec.height_u, spec.kind.value) for d in design.devices_in_rack(rack_id)
                           if (spec := design.spec_of(d.id, catalog)).height_u > 0]
            item.update()

    def _apply_results(self, analysis: object) -> None:
        self.load_bars.paint(self.rack_items, analysis)

    # ----- level of detail ----------------------------------------------------------------------
    def _on_navigator_scale_changed(self, scale: float) -> None:
        self._fitted = self._fitted or self.isVisible()
        self._apply_level_of_detail()

    def _apply_level_of_detail(self, force: bool = False) -> None:
        blocks = self.navigator.scale * rl.U_PX < DEVICE_ITEMS_MIN_U_PX
        if blocks == self.blocks_mode and not force:
            return
        self.blocks_mode = blocks
        pending = bool(self.filler.pending)  # racks whose items are still to come paint their blocks
        for item in self.rack_items.values():  # once per threshold crossing, not per frame
            item.draw_blocks = blocks or pending
            item.holder.setVisible(not blocks)
            item.update()

    # ----- dragging ------------------------------------------------------------------------------
    def _start_device_drag(self, item: DeviceItem) -> None:
        self.drops.start_drag(item)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        self.drops.move(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        self.drops.move(event)

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        self.drops.leave()

    def dropEvent(self, event: QDropEvent) -> None:
        self.drops.drop(event)

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:
        super().drawForeground(painter, rect)
        self.filler.painted()  # the first paint of a large design is on screen: its device items follow

    def _first_view(self) -> None:
        if not self._fitted:  # the user (or a test) may have zoomed already: keep that
            self.show_first_row()

    def changeEvent(self, event: QEvent) -> None:
        """Another theme: row and rack names are on the view's background, so they follow it."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "elevation"):
            self._update_row_labels()
            for item in self.rack_items.values():
                item.update()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._fitted:
            QTimer.singleShot(0, self._first_view)  # after the layout gave the viewport its size
