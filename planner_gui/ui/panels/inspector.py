"""The inspector: properties of the selection, editable, each change one undo step through the Document.

Nothing selected shows the design's own settings (meta, fabric, workload, a few cost figures). A
selection of one kind shows that kind's form; with several objects, a field they disagree on shows
"(mixed)", and a value typed there goes to all of them in one undo step. Input the Document refuses
(a negative length, a U above the rack) shows the reason under the form and changes nothing.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QScrollArea, QStackedWidget, QVBoxLayout, QWidget

from planner_gui.document import Document
from planner_gui.model import Workload
from planner_gui.present import USD, format_design_money
from planner_gui.ui import colors
from planner_gui.ui.palette_text import readable_on
from planner_gui.ui.panels.inspector_fields import MIXED, FormPage
from planner_gui.ui.panels.inspector_forms import (
    DESIGN_SECTIONS,
    UNPLACED,
    design_page,
    device_page,
    link_page,
    rack_choices,
    rack_page,
)
from planner_gui.ui.plain_text import plain

PAGE_KINDS = ("design", "rack", "device", "link", "mixed")


class Inspector(QWidget):
    def __init__(self, document: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("inspector")
        self.document = document
        self._ids: list[str] = []
        self._committing = False
        self.header = QLabel(self, objectName="inspectorHeader", wordWrap=True)
        self.error = QLabel(self, objectName="inspectorError", wordWrap=True,
                            textFormat=Qt.TextFormat.PlainText)
        self.error.hide()
        self.pages: dict[str, FormPage] = {
            "design": design_page(self), "rack": rack_page(self),
            "device": device_page(document.catalog, self), "link": link_page(self),
            "mixed": FormPage([], self),
        }
        self.workload_button = QPushButton(self, objectName="workloadButton")
        self.workload_button.clicked.connect(self._on_workload_button_clicked)
        design_form = self.pages["design"].form
        first_workload_row, _ = design_form.getWidgetPosition(self.pages["design"].editors["workload.model_name"])
        design_form.insertRow(first_workload_row, self.workload_button)
        self.stack = QStackedWidget(self)
        for kind in PAGE_KINDS:
            self.pages[kind].committed.connect(self._on_page_committed)
            self.pages[kind].invalid.connect(self._show_error)
            scroll = QScrollArea(self, widgetResizable=True)
            scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            scroll.setWidget(self.pages[kind])
            self.stack.addWidget(scroll)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        for widget in (self.header, self.error, self.stack):
            layout.addWidget(widget)
        self._connect(document)
        self.refresh()

    def _connect(self, document: Document) -> None:
        document.selection_changed.connect(self._on_document_selection_changed)
        document.design_replaced.connect(self.refresh)
        for signal in (document.racks_changed, document.devices_changed, document.links_changed):
            signal.connect(self._on_document_objects_changed)
        document.settings_changed.connect(self._on_document_settings_changed)
        document.edit_refused.connect(self._on_document_edit_refused)

    # ----- showing ---------------------------------------------------------------------------
    @property
    def current_kind(self) -> str:
        return PAGE_KINDS[self.stack.currentIndex()]

    def refresh(self) -> None:
        design = self.document.design
        self._ids = [i for i in self.document.selection if self.document.kind_of(i)]
        kinds = {self.document.kind_of(i) for i in self._ids}
        kind = "design" if not self._ids else kinds.pop() if len(kinds) == 1 else "mixed"
        self.stack.setCurrentIndex(PAGE_KINDS.index(kind))
        if kind == "design":
            self.header.setText(self.tr("<b>Design</b> — {name}").format(name=plain(design.meta.name)))
            self._load_design()
        elif kind == "mixed":
            self.header.setText(self.tr("<b>{n} items</b> of different kinds: select one kind to edit").format(
                n=len(self._ids)))
        else:
            nouns = {"rack": self.tr("racks"), "device": self.tr("devices"), "link": self.tr("links")}
            self.header.setText(f"<b>{plain(self._ids[0])}</b>" if len(self._ids) == 1
                                else self.tr("<b>{n} {noun}</b> — edits apply to all").format(
                                    n=len(self._ids), noun=nouns[kind]))
            getattr(self, f"_load_{kind}")()

    def _load_design(self) -> None:
        design, page = self.document.design, self.pages["design"]
        values: dict[str, Any] = {}
        for section in DESIGN_SECTIONS:
            settings = getattr(design, section)
            for name in page.specs:
                if name.startswith(section + ".") and settings is not None:
                    values[name] = getattr(settings, name.partition(".")[2])
        page.load(values)
        has_workload = design.workload is not None
        settings_only = {n for n in page.specs if not n.startswith("workload.")}
        page.set_enabled_fields(None if has_workload else settings_only)
        self.workload_button.setText(self.tr("Remove training workload") if has_workload
                                     else self.tr("Add a training workload"))

    def _load_rack(self) -> None:
        self.pages["rack"].load(self._common("racks", list(self.pages["rack"].specs)))

    def _load_device(self) -> None:
        page, design = self.pages["device"], self.document.design
        rack_combo = page.editors["rack_id"]
        rack_combo.blockSignals(True)  # type: ignore[attr-defined]
        rack_combo.clear()  # type: ignore[attr-defined]
        for text, value in rack_choices(design):
            rack_combo.addItem(text, value)  # type: ignore[attr-defined]
        rack_combo.blockSignals(False)  # type: ignore[attr-defined]
        values = self._common("devices", ["name", "catalog_id", "rack_id", "u", "nic_id", "nic_count"])
        if values["rack_id"] is None:
            values["rack_id"] = UNPLACED
        entry = self.document.catalog.get(values["catalog_id"]) if values["catalog_id"] is not MIXED else None
        values["price"] = MIXED if values["catalog_id"] is MIXED else None
        if entry is not None:
            values["catalog_id"] = f"{entry.name} ({entry.id})"
            price = entry.get("price_usd")
            values["price"] = None if price is None else format_design_money(price, USD, design)
            if values["nic_id"] is None:  # None means the server's own default NIC
                values["nic_id"] = entry.get("default_nic_id")
        page.load(values)
        servers = all((e := self.document.catalog.get(design.devices[i].catalog_id)) and e.kind == "server"
                      for i in self._ids)
        page.set_row_visible("nic_id", servers)
        page.set_row_visible("nic_count", servers)
        page.set_enabled_fields(None if len(self._ids) == 1 else {"name", "rack_id", "nic_id", "nic_count"})

    def _load_link(self) -> None:
        self.pages["link"].load(self._common("links", ["a", "b", "medium", "length_m"]))

    def _common(self, collection: str, names: list[str]) -> dict[str, Any]:
        """Each field's value over the selected objects, or MIXED where they differ."""
        objects = [getattr(self.document.design, collection)[i] for i in self._ids]
        values: dict[str, Any] = {}
        for name in names:
            seen = {_key(getattr(o, name)) for o in objects}
            values[name] = getattr(objects[0], name) if len(seen) == 1 else MIXED
        return values

    # ----- editing ---------------------------------------------------------------------------
    def _on_page_committed(self, name: str, value: object) -> None:
        self._show_error("")
        self._committing = True
        try:
            if self.current_kind == "design":
                section, _, field = name.partition(".")
                self.document.set_settings(section, **{field: value})
            elif name in ("rack_id", "u"):
                self._move(name, value)
            else:
                self.document.set_properties(self._ids, **{name: value})
        finally:
            self._committing = False
        self.refresh()  # shows the model's values again, so refused input does not linger

    def _move(self, name: str, value: object) -> None:
        design = self.document.design
        if name == "rack_id":
            rack = None if value == UNPLACED else str(value)
            moves = {i: (rack, None) for i in self._ids}
        else:
            moves = {i: (design.devices[i].rack_id, value) for i in self._ids}  # type: ignore[misc]
        self.document.move_devices(moves)  # type: ignore[arg-type]

    def _on_workload_button_clicked(self) -> None:
        self._committing = True
        try:
            replacement = None if self.document.design.workload is not None else Workload()
            self.document.set_settings("workload", workload=replacement)
        finally:
            self._committing = False
        self.refresh()

    def _show_error(self, message: str) -> None:
        self.error.setStyleSheet(f"color: {readable_on(colors.ERROR_RED, self)};")  # the theme of the moment
        self.error.setText(message)
        self.error.setVisible(bool(message))

    # ----- document signals ------------------------------------------------------------------
    def _on_document_selection_changed(self, _ids: list[str]) -> None:
        self._show_error("")
        self.refresh()

    def _on_document_objects_changed(self, ids: list[str]) -> None:
        if self._ids and not self._committing and set(ids) & set(self._ids):
            self.refresh()  # an undo, a drag in a view: show the selection's new values

    def _on_document_settings_changed(self, _section: str) -> None:
        if self.current_kind == "design" and not self._committing:
            self.refresh()

    def _on_document_edit_refused(self, message: str) -> None:
        if self._committing:
            self._show_error(message)


def _key(value: object) -> object:
    return value if value is None or isinstance(value, int | float | str) else repr(value)
