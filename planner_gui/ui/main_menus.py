"""The main window's actions and menus, with the standard shortcuts.

Ctrl+N/O/S/Shift+S for files, Ctrl+Z and Ctrl+Y (plus the platform's own redo key) for undo,
Delete, Ctrl+A, Ctrl+F to search the palette and Ctrl+0 to fit both views.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

if TYPE_CHECKING:
    from planner_gui.ui.main_window import MainWindow


@dataclass
class Actions:
    new: QAction
    open: QAction
    save: QAction
    save_as: QAction
    quit: QAction
    undo: QAction
    redo: QAction
    delete: QAction
    select_all: QAction
    find: QAction
    fit: QAction
    recent_menu: QMenu


def _action(window: MainWindow, text: str, shortcuts: list[QKeySequence | QKeySequence.StandardKey | str],
            slot: Callable[[], object], name: str) -> QAction:
    action = QAction(text, window)
    action.setObjectName(name)
    action.setShortcuts([QKeySequence(s) for s in shortcuts])
    action.triggered.connect(lambda _checked=False: slot())
    return action


def build_menus(window: MainWindow) -> Actions:
    files, doc = window.files, window.document
    key = QKeySequence.StandardKey
    actions = Actions(
        new=_action(window, "&New…", [key.New], files.new, "actionNew"),
        open=_action(window, "&Open…", [key.Open], files.open_dialog, "actionOpen"),
        save=_action(window, "&Save", [key.Save], files.save, "actionSave"),
        save_as=_action(window, "Save &As…", ["Ctrl+Shift+S"], files.save_as, "actionSaveAs"),
        quit=_action(window, "&Quit", [key.Quit], window.close, "actionQuit"),
        undo=doc.undo_stack.createUndoAction(window, "&Undo"),
        redo=doc.undo_stack.createRedoAction(window, "&Redo"),
        delete=_action(window, "&Delete", [key.Delete], window.delete_selection, "actionDelete"),
        select_all=_action(window, "Select &All", [key.SelectAll], window.select_all, "actionSelectAll"),
        find=_action(window, "&Find Hardware", [key.Find], window.palette.focus_search, "actionFind"),
        fit=_action(window, "&Fit to Window", ["Ctrl+0"], window.fit_views, "actionFit"),
        recent_menu=QMenu("Open &Recent", window),
    )
    actions.undo.setShortcuts([QKeySequence(key.Undo)])
    actions.undo.setObjectName("actionUndo")
    # Ctrl+Y everywhere (the brief), plus the platform's own redo key (Ctrl+Shift+Z on Linux).
    actions.redo.setShortcuts([QKeySequence("Ctrl+Y"), QKeySequence(key.Redo)])
    actions.redo.setObjectName("actionRedo")
    actions.recent_menu.setObjectName("menuRecent")
    actions.recent_menu.aboutToShow.connect(lambda: _fill_recent(window, actions.recent_menu))
    _fill_menubar(window, actions)
    return actions


def _fill_menubar(window: MainWindow, a: Actions) -> None:
    bar = window.menuBar()
    file_menu = bar.addMenu("&File")
    for item in (a.new, a.open, a.recent_menu, None, a.save, a.save_as, None, a.quit):
        _add(file_menu, item)
    edit_menu = bar.addMenu("&Edit")
    for item in (a.undo, a.redo, None, a.delete, a.select_all, None, a.find):
        _add(edit_menu, item)
    view_menu = bar.addMenu("&View")
    view_menu.addAction(a.fit)
    view_menu.addSeparator()
    for dock in window.docks.values():
        view_menu.addAction(dock.toggleViewAction())


def _add(menu: QMenu, item: QAction | QMenu | None) -> None:
    if item is None:
        menu.addSeparator()
    elif isinstance(item, QMenu):
        menu.addMenu(item)
    else:
        menu.addAction(item)


def _fill_recent(window: MainWindow, menu: QMenu) -> None:
    menu.clear()
    paths = window.files.recent.paths()
    for index, path in enumerate(paths, start=1):
        action = menu.addAction(f"&{index} {path.name}  —  {path.parent}")
        action.triggered.connect(lambda _checked=False, p=Path(path): window.files.open_recent(p))
    if not paths:
        menu.addAction("(no recent designs)").setEnabled(False)
        return
    menu.addSeparator()
    menu.addAction("Clear list").triggered.connect(lambda _checked=False: window.files.recent.clear())
