"""The Variants menu and toolbar: keep named variants of the open design ("IB", "RoCE", "32 nodes").

**New Variant from Current…** keeps the current state under its name and goes on editing a copy
under the new one; the toolbar's combo box (or **Switch To**) edits another variant, keeping the
current state; **Rename** and **Delete** act on any variant but the one being edited (which can be
renamed too). Every step is one undo step of the Document (document/variants.py); views only ask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QInputDialog, QMenu, QToolBar, QWidget

from planner_gui.document import Document

if TYPE_CHECKING:
    from planner_gui.ui.window.main_window import MainWindow


class VariantControls(QObject):
    """The Variants menu and the toolbar combo box of one window, kept in step with the Document."""

    def __init__(self, window: QWidget, document: Document) -> None:
        super().__init__(window)
        self.setObjectName("variantControls")
        self.window, self.document = window, document
        self.combo = QComboBox(objectName="variantCombo")
        self.combo.setToolTip(self.tr("The variant being edited; choose another to edit it"))
        self.combo.setMinimumContentsLength(len("32 nodes, RoCE"))  # typical names fit without eliding
        self.combo.activated.connect(self._on_combo_activated)
        self.menu = QMenu(self.tr("V&ariants"), window, objectName="menuVariants")
        self.switch_menu = QMenu(self.tr("&Switch To"), self.menu, objectName="menuVariantSwitch")
        self.new_action = self._action(self.tr("&New Variant from Current…"), "actionVariantNew", self.ask_new)
        self.rename_action = self._action(self.tr("&Rename Variant…"), "actionVariantRename", self.ask_rename)
        self.delete_action = self._action(self.tr("&Delete Variant…"), "actionVariantDelete", self.ask_delete)
        self.menu.addAction(self.new_action)
        self.menu.addMenu(self.switch_menu)
        self.menu.addSeparator()
        self.menu.addAction(self.rename_action)
        self.menu.addAction(self.delete_action)
        self.switch_menu.aboutToShow.connect(self._fill_switch_menu)
        document.variants_changed.connect(self.refresh)
        self.refresh()

    def _action(self, text: str, name: str, slot: object) -> QAction:
        action = QAction(text, self.menu)
        action.setObjectName(name)
        action.triggered.connect(lambda _checked=False: slot())  # type: ignore[operator]
        return action

    # ----- state -------------------------------------------------------------------------------
    def names(self) -> list[str]:
        return self.document.design.variants.names

    def refresh(self) -> None:
        variants = self.document.design.variants
        self.combo.blockSignals(True)
        self.combo.clear()
        if variants:
            self.combo.addItems(variants.names)
            self.combo.setCurrentIndex(variants.names.index(variants.active))
        else:
            self.combo.addItem(self.tr("(no variants)"))
        self.combo.setEnabled(bool(variants))
        self.combo.blockSignals(False)
        self.switch_menu.setEnabled(len(variants.names) > 1)
        self.rename_action.setEnabled(bool(variants))
        self.delete_action.setEnabled(len(variants.names) > 1)

    def _fill_switch_menu(self) -> None:
        self.switch_menu.clear()
        active = self.document.design.variants.active
        for name in self.names():
            action = self.switch_menu.addAction(name)
            action.setCheckable(True)
            action.setChecked(name == active)
            action.triggered.connect(lambda _checked=False, n=name: self.document.switch_variant(n))

    def _on_combo_activated(self, index: int) -> None:
        names = self.names()
        if 0 <= index < len(names):
            self.document.switch_variant(names[index])

    # ----- asking ------------------------------------------------------------------------------
    def ask_new(self) -> str | None:
        name, ok = QInputDialog.getText(self.window, self.tr("New variant"),
                                        self.tr("Name of the new variant (the current state is kept):"))
        return self.document.new_variant(name) if ok else None

    def ask_rename(self) -> str | None:
        old = self._choose(self.tr("Rename variant"), self.names())
        if old is None:
            return None
        new, ok = QInputDialog.getText(self.window, self.tr("Rename variant"), self.tr("New name:"), text=old)
        return self.document.rename_variant(old, new) if ok else None

    def ask_delete(self) -> bool:
        active = self.document.design.variants.active
        name = self._choose(self.tr("Delete variant"), [n for n in self.names() if n != active])
        return self.document.delete_variant(name) if name is not None else False

    def _choose(self, title: str, names: list[str]) -> str | None:
        if not names:
            return None
        name, ok = QInputDialog.getItem(self.window, title, self.tr("Variant:"), names, 0, False)
        return name if ok else None


def add_variants_ui(window: MainWindow) -> VariantControls:
    """The Variants menu (before Tools) and a toolbar with the variant combo box."""
    controls = VariantControls(window, window.document)
    window.menuBar().addMenu(controls.menu)
    toolbar = QToolBar(QCoreApplication.translate("VariantControls", "Variants"), window, objectName="toolbarVariants")
    toolbar.addWidget(controls.combo)
    window.addToolBar(toolbar)
    return controls
