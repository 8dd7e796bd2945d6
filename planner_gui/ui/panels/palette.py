"""The palette: the hardware catalog as a searchable tree whose entries drag onto the views.

Model/view all the way: a QStandardItemModel (one group per kind) whose ``mimeData`` carries the
dragged entry's catalog id under the contract's MIME type, behind a recursive
QSortFilterProxyModel for the search box. The views decide what a drop means.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QAbstractItemView, QLineEdit, QTreeView, QVBoxLayout, QWidget

from planner_gui.catalog import Catalog, CatalogEntry
from planner_gui.ui.palette_text import tooltip_muted

CATALOG_MIME = "application/x-cluster-planner-catalog-id"  # the GUI contract's palette MIME type
CATALOG_ID_ROLE = Qt.ItemDataRole.UserRole + 1  # where each entry item keeps its catalog id
SEARCH_ROLE = Qt.ItemDataRole.UserRole + 2  # the text the search box matches (name, id, vendor, ...)
# The groups, in palette order: (title, catalog kinds shown in it).
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (QT_TRANSLATE_NOOP("Palette", "GPU servers"), ("server",)),
    (QT_TRANSLATE_NOOP("Palette", "Switches"), ("switch",)),
    (QT_TRANSLATE_NOOP("Palette", "Storage"), ("storage",)),
    (QT_TRANSLATE_NOOP("Palette", "Racks"), ("rack",)),
    (QT_TRANSLATE_NOOP("Palette", "Cables"), ("cable",)),
    (QT_TRANSLATE_NOOP("Palette", "Rack accessories"), ("pdu", "power_shelf", "patch_panel", "blank")),
)
W_PER_KW = 1000.0  # unit conversion


class CatalogModel(QStandardItemModel):
    """Groups of catalog entries; entries (not groups) are draggable and carry their id."""

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        # USD catalog price -> shown text; the main window shows it in the open design's currency
        self.price_text: Callable[[float], str] | None = None
        self.setHorizontalHeaderLabels([QCoreApplication.translate("Palette", "Hardware")])
        for title, kinds in GROUPS:
            entries = sorted((e for e in catalog if e.kind in kinds), key=lambda e: e.name.lower())
            if not entries:
                continue
            shown = QCoreApplication.translate("Palette", title)
            group = QStandardItem(f"{shown} ({len(entries)})")
            group.setEditable(False)
            group.setDragEnabled(False)
            group.setData(shown, Qt.ItemDataRole.AccessibleTextRole)
            for entry in entries:
                group.appendRow(_entry_item(entry, catalog))
            self.appendRow(group)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Tooltips are written when asked for, so a price follows the design's currency and rate."""
        if role == Qt.ItemDataRole.ToolTipRole:
            entry = self.catalog.get(super().data(index, CATALOG_ID_ROLE) or "")
            return None if entry is None else entry_tooltip(entry, self.catalog, self.price_text)
        return super().data(index, role)

    def mimeTypes(self) -> list[str]:
        return [CATALOG_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex | QPersistentModelIndex]) -> QMimeData:
        ids = [index.data(CATALOG_ID_ROLE) for index in indexes if index.data(CATALOG_ID_ROLE)]
        mime = QMimeData()
        if ids:
            mime.setData(CATALOG_MIME, ids[0].encode("utf-8"))  # one entry per drag (single selection)
            mime.setText(ids[0])
        return mime


def _entry_item(entry: CatalogEntry, catalog: Catalog) -> QStandardItem:
    item = QStandardItem(entry.name)
    item.setEditable(False)
    item.setDragEnabled(True)
    item.setData(entry.id, CATALOG_ID_ROLE)
    # Searching by id, vendor or GPU works too: the filter reads this role.
    words = (entry.name, entry.id, entry.get("vendor", ""), entry.get("gpu_id", ""),
             entry.get("technology", ""), entry.get("medium", ""))
    item.setData(" ".join(str(word) for word in words), SEARCH_ROLE)
    return item


def entry_tooltip(entry: CatalogEntry, catalog: Catalog, price_text: Callable[[float], str] | None = None) -> str:
    """Key specs of one entry, as rich text: what an architect checks before dragging it in.

    ``price_text`` shows the catalog's USD price (e.g. in the design's currency); without it, in USD."""
    lines = [f"<b>{entry.name}</b> <span style='color:{tooltip_muted()}'>({entry.id})</span>"]
    lines += _specs(entry, catalog)
    if entry.get("price_usd") is not None:
        usd = float(entry["price_usd"])
        shown = price_text(usd) if price_text is not None else f"${usd:,.0f}"
        lines.append(QCoreApplication.translate("Palette", "List price: {price}").format(price=shown))
    return "<br>".join(lines)


def _tr(text: str) -> str:
    """Translate in the "Palette" context (every literal passed here is marked in SPEC_TEXTS)."""
    return QCoreApplication.translate("Palette", text)


# The tooltip lines and the catalog's words in them, marked for lupdate (it cannot see through _tr).
SPEC_TEXTS = (QT_TRANSLATE_NOOP("Palette", "Power: {typical} kW typical, {max} kW max"),
              QT_TRANSLATE_NOOP("Palette", "Compute NICs: {count} × {nic}"),
              QT_TRANSLATE_NOOP("Palette", "Cooling: {cooling}"),
              QT_TRANSLATE_NOOP("Palette", "{technology} switch, {height} U"),
              QT_TRANSLATE_NOOP("Palette", "infiniband switch, {height} U"),
              QT_TRANSLATE_NOOP("Palette", "ethernet switch, {height} U"),
              QT_TRANSLATE_NOOP("Palette", "{capacity} TB, read {read} GB/s, {height} U"),
              QT_TRANSLATE_NOOP("Palette", "Ports: {ports}"),
              QT_TRANSLATE_NOOP("Palette", "Power: {max} kW max"),
              QT_TRANSLATE_NOOP("Palette", "{height} U, {width} × {depth} mm, max load {load} kg"),
              QT_TRANSLATE_NOOP("Palette", "{medium}, {speed}G {technology}, reach {reach} m"))
# catalog values shown in the tooltips (servers' cooling, cables' technology)
SPEC_WORDS = {word: word for word in (
    QT_TRANSLATE_NOOP("Palette", "air"), QT_TRANSLATE_NOOP("Palette", "rdhx"), QT_TRANSLATE_NOOP("Palette", "liquid"),
    QT_TRANSLATE_NOOP("Palette", "infiniband"), QT_TRANSLATE_NOOP("Palette", "ethernet"),
    QT_TRANSLATE_NOOP("Palette", "any"))}  # (a cable's technology is "any", "infiniband" or "ethernet")


def _word(value: object) -> str:
    return _tr(SPEC_WORDS[value]) if value in SPEC_WORDS else str(value)


def _switch_line(entry: CatalogEntry) -> str:
    """ "infiniband switch, 1 U": a line of its own per technology, so Chinese can write it without a gap."""
    technology = str(entry["technology"])
    known = f"{technology} switch, {{height}} U"
    if technology in ("infiniband", "ethernet"):
        return _tr(known).format(height=entry["height_u"])
    return _tr("{technology} switch, {height} U").format(technology=technology, height=entry["height_u"])


def _specs(entry: CatalogEntry, catalog: Catalog) -> list[str]:
    kind = entry.kind
    if kind == "server":
        gpu = catalog.get(entry["gpu_id"])
        nic = catalog.get(entry["default_nic_id"])
        return [f"{entry['gpu_count']} × {gpu.name if gpu else entry['gpu_id']}, {entry['height_u']} U",
                _tr("Power: {typical} kW typical, {max} kW max").format(
                    typical=f"{entry['typical_power_w'] / W_PER_KW:.1f}", max=f"{entry['max_power_w'] / W_PER_KW:.1f}"),
                _tr("Compute NICs: {count} × {nic}").format(
                    count=entry["compute_nic_slots"], nic=nic.name if nic else entry["default_nic_id"]),
                _tr("Cooling: {cooling}").format(cooling=_word(entry["cooling"]))]
    if kind in ("switch", "storage"):
        ports = ", ".join(f"{g['count']} × {g['speed_gbps']:g}G {g['form_factor']}"
                          for g in entry["port_groups"])
        first = (_switch_line(entry) if kind == "switch"
                 else _tr("{capacity} TB, read {read} GB/s, {height} U").format(
                     capacity=f"{entry['capacity_tb']:g}", read=f"{entry['read_gbs']:g}", height=entry["height_u"]))
        return [first, _tr("Ports: {ports}").format(ports=ports),
                _tr("Power: {max} kW max").format(max=f"{entry['max_power_w'] / W_PER_KW:.2f}")]
    if kind == "rack":
        return [_tr("{height} U, {width} × {depth} mm, max load {load} kg").format(
            height=entry["height_u"], width=f"{entry['width_mm']:g}", depth=f"{entry['depth_mm']:g}",
            load=f"{entry['max_load_kg']:g}")]
    if kind == "cable":
        return [_tr("{medium}, {speed}G {technology}, reach {reach} m").format(
            medium=entry["medium"].upper(), speed=f"{entry['speed_gbps']:g}", technology=_word(entry["technology"]),
            reach=f"{entry['reach_m']:g}")]
    if "height_u" in entry.data:
        return [f"{entry['height_u']} U"]
    return []


class Palette(QWidget):
    """Search box over the catalog tree. ``entry_activated`` fires on double click (id of the entry)."""

    entry_activated = Signal(str)

    def __init__(self, catalog: Catalog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("palette")
        self.model = CatalogModel(catalog, self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setRecursiveFilteringEnabled(True)  # a group stays while one of its entries matches
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterRole(SEARCH_ROLE)
        self.search = QLineEdit(self, placeholderText=self.tr("Search hardware (name, id, vendor)…"),
                                clearButtonEnabled=True)
        self.search.setObjectName("paletteSearch")
        self.search.textChanged.connect(self._on_search_text_changed)
        self.tree = QTreeView(self, headerHidden=True, uniformRowHeights=True)
        self.tree.setObjectName("paletteTree")
        self.tree.setModel(self.proxy)
        self.tree.setDragEnabled(True)
        self.tree.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.doubleClicked.connect(self._on_tree_double_clicked)
        self.tree.expandAll()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.search)
        layout.addWidget(self.tree)

    def set_price_text(self, price_text: Callable[[float], str] | None) -> None:
        """How tooltips show a catalog's USD price (None: in USD)."""
        self.model.price_text = price_text

    def focus_search(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def visible_ids(self) -> list[str]:
        """Catalog ids the tree shows now (after the search filter), in order."""
        return [index.data(CATALOG_ID_ROLE) for index in self._entry_indexes()]

    def index_of(self, catalog_id: str) -> QModelIndex:
        """The tree (proxy) index of an entry, invalid when it is filtered out or unknown."""
        found = (i for i in self._entry_indexes() if i.data(CATALOG_ID_ROLE) == catalog_id)
        return next(found, QModelIndex())

    def _entry_indexes(self) -> list[QModelIndex]:
        proxy = self.proxy
        groups = [proxy.index(row, 0) for row in range(proxy.rowCount())]
        return [proxy.index(child, 0, group) for group in groups for child in range(proxy.rowCount(group))]

    def _on_search_text_changed(self, text: str) -> None:
        self.proxy.setFilterFixedString(text.strip())
        self.tree.expandAll()

    def _on_tree_double_clicked(self, index: QModelIndex) -> None:
        catalog_id = index.data(CATALOG_ID_ROLE)
        if catalog_id:
            self.entry_activated.emit(catalog_id)
