"""Copy, paste, duplicate and the views' context menus.

Copied racks and devices go to the system clipboard under a private MIME type, as the ``.cluster``
JSON of a design holding just them (document/paste.py), so they paste into this design or into
another open window's; the paste is read back through the loader, which checks it like a file,
and added through the Document (one undo step). A right click on a device, rack or link selects
it (unless it is already part of the selection) and offers Delete, Duplicate, Copy, Paste and
Properties; on empty space, Paste.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QMimeData, QPoint
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QGraphicsView, QMenu

from planner_gui.i18n import ui_error_text
from planner_gui.io import LoadError, design_from_data, design_to_data

if TYPE_CHECKING:
    from planner_gui.ui.window.main_window import MainWindow

FRAGMENT_MIME = "application/x-cluster-planner-fragment"


class Clipboard:
    """The Edit menu's Copy, Paste and Duplicate for one window, and its views' context menus."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.menu: QMenu | None = None  # the context menu last shown (tests trigger its actions)
        translate = QCoreApplication.translate
        key = QKeySequence.StandardKey
        self.copy_action = self._action(translate("MainMenus", "&Copy"), [key.Copy], self.copy, "actionCopy")
        self.paste_action = self._action(translate("MainMenus", "&Paste"), [key.Paste], self.paste, "actionPaste")
        self.duplicate_action = self._action(translate("MainMenus", "Dup&licate"), ["Ctrl+D"], self.duplicate,
                                             "actionDuplicate")
        self.properties_action = self._action(translate("MainMenus", "Propert&ies"), ["Alt+Return"],
                                              self.show_properties, "actionProperties")

    def _action(self, text: str, keys: list, slot: object, name: str) -> QAction:
        action = QAction(text, self.window)
        action.setObjectName(name)
        action.setShortcuts([QKeySequence(k) for k in keys])
        action.triggered.connect(lambda _checked=False: slot())  # type: ignore[operator]
        return action

    # ----- commands ------------------------------------------------------------------------------
    def copy(self) -> bool:
        doc = self.window.document
        fragment = doc.copy_fragment(list(doc.selection))
        if fragment is None:
            return False
        mime = QMimeData()
        mime.setData(FRAGMENT_MIME, json.dumps(design_to_data(fragment)).encode("utf-8"))
        QGuiApplication.clipboard().setMimeData(mime)
        return True

    def paste(self) -> list[str]:
        mime = QGuiApplication.clipboard().mimeData()
        if mime is None or not mime.hasFormat(FRAGMENT_MIME):
            self.window.status.show_message(QCoreApplication.translate(
                "MainWindow", "Nothing to paste: copy racks or devices first"))
            return []
        try:
            data = json.loads(bytes(mime.data(FRAGMENT_MIME).data()).decode("utf-8"))
            fragment = design_from_data(data, self.window.document.catalog,
                                        QCoreApplication.translate("MainWindow", "the clipboard")).design
        except (LoadError, ValueError) as error:
            self.window.status.show_message(ui_error_text(error))
            return []
        return self.window.document.paste(fragment, self.window.target_rack())

    def duplicate(self) -> list[str]:
        doc = self.window.document
        return doc.duplicate(list(doc.selection))

    def show_properties(self) -> None:
        dock = self.window.docks["inspectorDock"]
        dock.show()
        dock.raise_()
        self.window.inspector.setFocus()

    # ----- context menus -------------------------------------------------------------------------
    def context_menu(self, view: QGraphicsView, position: QPoint) -> QMenu:
        """The menu for a right click at ``position`` (viewport px) of ``view``, shown without blocking."""
        doc = self.window.document
        object_id = view.object_at(position)  # type: ignore[attr-defined]
        if object_id is not None and object_id not in doc.selection:
            doc.select([object_id])
        menu = QMenu(self.window)
        menu.setObjectName("designContextMenu")
        actions = self.window.menu_actions
        design = doc.design
        copyable = any(i in design.racks or i in design.devices for i in doc.selection)
        if object_id is not None:
            menu.addAction(actions.delete)
            for action in (self.duplicate_action, self.copy_action) if copyable else ():
                menu.addAction(action)
        menu.addAction(self.paste_action)
        if object_id is not None:
            menu.addSeparator()
            menu.addAction(self.properties_action)
        self.menu = menu
        menu.popup(view.viewport().mapToGlobal(position))
        return menu
