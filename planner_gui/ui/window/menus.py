"""The main window's actions and menus, with the standard shortcuts.

Ctrl+N/O/S/Shift+S for files, Ctrl+E to export the PDF proposal, Ctrl+Z and Ctrl+Y (plus the
platform's own redo key) for undo, Delete, Ctrl+A, Ctrl+F to search the palette, Ctrl+= / Ctrl+- to zoom and Ctrl+0
to fit both views.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from planner_gui.ui.window.export_cables import export_cables_action
from planner_gui.ui.window.export_pdf import export_pdf_action
from planner_gui.ui.window.variants import add_variants_ui

ZOOM_KEY_STEP = 1.25  # one key press zooms a little more than a wheel notch (navigation.NOTCH_ZOOM)

if TYPE_CHECKING:
    from planner_gui.ui.window.main_window import MainWindow


@dataclass
class Actions:
    new: QAction
    open: QAction
    save: QAction
    save_as: QAction
    export_pdf: QAction
    export_cables: QAction
    quit: QAction
    undo: QAction
    redo: QAction
    delete: QAction
    select_all: QAction
    find: QAction
    fit: QAction
    zoom_in: QAction
    zoom_out: QAction
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
        new=_action(window, QCoreApplication.translate("MainMenus", "&New…"), [key.New], files.new, "actionNew"),
        open=_action(window, QCoreApplication.translate("MainMenus", "&Open…"),
                     [key.Open], files.open_dialog, "actionOpen"),
        save=_action(window, QCoreApplication.translate("MainMenus", "&Save"), [key.Save], files.save, "actionSave"),
        save_as=_action(window, QCoreApplication.translate("MainMenus", "Save &As…"),
                        ["Ctrl+Shift+S"], files.save_as, "actionSaveAs"),
        export_pdf=export_pdf_action(window),
        export_cables=export_cables_action(window),
        quit=_action(window, QCoreApplication.translate("MainMenus", "&Quit"), [key.Quit], window.close, "actionQuit"),
        undo=doc.undo_stack.createUndoAction(window, QCoreApplication.translate("MainMenus", "&Undo")),
        redo=doc.undo_stack.createRedoAction(window, QCoreApplication.translate("MainMenus", "&Redo")),
        delete=_action(window, QCoreApplication.translate("MainMenus", "&Delete"),
                       [key.Delete], window.delete_selection, "actionDelete"),
        select_all=_action(window, QCoreApplication.translate("MainMenus", "Select &All"),
                           [key.SelectAll], window.select_all, "actionSelectAll"),
        find=_action(window, QCoreApplication.translate("MainMenus", "&Find Hardware"),
                     [key.Find], window.palette.focus_search, "actionFind"),
        fit=_action(window, QCoreApplication.translate("MainMenus", "&Fit to Window"),
                    ["Ctrl+0"], window.fit_views, "actionFit"),
        # Ctrl+= is Ctrl++ without Shift on most keyboards; the platform's zoom keys too.
        zoom_in=_action(window, QCoreApplication.translate("MainMenus", "Zoom &In"),
                        ["Ctrl+=", *QKeySequence.keyBindings(key.ZoomIn)], lambda: window.zoom_views(ZOOM_KEY_STEP),
                        "actionZoomIn"),
        zoom_out=_action(window, QCoreApplication.translate("MainMenus", "Zoom &Out"),
                         QKeySequence.keyBindings(key.ZoomOut) or ["Ctrl+-"],
                         lambda: window.zoom_views(1.0 / ZOOM_KEY_STEP), "actionZoomOut"),
        recent_menu=QMenu(QCoreApplication.translate("MainMenus", "Open &Recent"), window),
    )
    actions.undo.setShortcuts([QKeySequence(key.Undo)])
    actions.undo.setObjectName("actionUndo")
    # Ctrl+Y everywhere (the brief), plus the platform's own redo key (Ctrl+Shift+Z on Linux).
    # A key listed twice (the platform's redo may be Ctrl+Y already) would make Qt call it ambiguous.
    redo_keys = [QKeySequence("Ctrl+Y"), *QKeySequence.keyBindings(key.Redo)]
    actions.redo.setShortcuts(list({k.toString(): k for k in redo_keys}.values()))
    actions.redo.setObjectName("actionRedo")
    actions.recent_menu.setObjectName("menuRecent")
    actions.recent_menu.aboutToShow.connect(lambda: _fill_recent(window, actions.recent_menu))
    _fill_menubar(window, actions)
    return actions


def _fill_menubar(window: MainWindow, a: Actions) -> None:
    bar = window.menuBar()
    file_menu = bar.addMenu(QCoreApplication.translate("MainMenus", "&File"))
    for item in (a.new, a.open, a.recent_menu, None, a.save, a.save_as, None, a.export_pdf, a.export_cables, None,
                 a.quit):
        _add(file_menu, item)
    edit_menu = bar.addMenu(QCoreApplication.translate("MainMenus", "&Edit"))
    clip = window.clipboard
    for item in (a.undo, a.redo, None, clip.copy_action, clip.paste_action, clip.duplicate_action, a.delete,
                 a.select_all, None, clip.properties_action, a.find):
        _add(edit_menu, item)
    view_menu = bar.addMenu(QCoreApplication.translate("MainMenus", "&View"))
    for action in (a.zoom_in, a.zoom_out, a.fit):
        view_menu.addAction(action)
    view_menu.addSeparator()
    window.central.add_layout_actions(view_menu)  # Rack elevation / Topology / Side by side / Stacked
    view_menu.addSeparator()
    for dock in window.docks.values():
        view_menu.addAction(dock.toggleViewAction())
    add_variants_ui(window)  # Variants menu and toolbar (ui/window/variants.py)
    _add_tools(window)
    _add_help_and_preferences(window, edit_menu)


def _add_tools(window: MainWindow) -> None:
    """Tools ▸ Compare…, Sweep…, Acceptance… (issue 9), Plan Training… (issue 17); each dialog module loads on
    first use."""
    def opener(module: str, function: str) -> Callable[[], object]:
        return lambda: getattr(importlib.import_module(f"planner_gui.ui.{module}"), function)(window)

    tools = window.menuBar().addMenu(QCoreApplication.translate("MainMenus", "&Tools"))
    tools.setObjectName("menuTools")
    for text, module, function, name in (
            (QCoreApplication.translate("MainMenus", "&Compare Designs…"), "dialogs.compare", "open_compare",
             "actionCompare"),
            (QCoreApplication.translate("MainMenus", "&Sweep a Parameter…"), "dialogs.sweep", "open_sweep",
             "actionSweep"),
            (QCoreApplication.translate("MainMenus", "&Acceptance (nccl-tests)…"), "dialogs.acceptance",
             "open_acceptance", "actionAcceptance"),
            (QCoreApplication.translate("MainMenus", "&Plan Training…"), "dialogs.plan_training",
             "open_plan_training", "actionPlanTraining")):
        tools.addAction(_action(window, text, [], opener(module, function), name))


def _add_help_and_preferences(window: MainWindow, edit_menu: QMenu) -> None:
    """Edit ▸ Preferences, and the Help menu (bundled docs, About). Their dialogs are imported when first
    opened: About alone reads every library's installed metadata (issue 19: the default design's start)."""
    edit_menu.addSeparator()
    prefs = _action(window, QCoreApplication.translate("MainMenus", "Pr&eferences…"),
                    [QKeySequence.StandardKey.Preferences],
                    lambda: _call("dialogs.preferences", "open_preferences", window), "actionPreferences")
    prefs.setMenuRole(QAction.MenuRole.PreferencesRole)
    edit_menu.addAction(prefs)
    help_menu = window.menuBar().addMenu(QCoreApplication.translate("MainMenus", "&Help"))
    help_menu.setObjectName("menuHelp")
    docs = _action(window, QCoreApplication.translate("MainMenus", "&Documentation"),
                   [QKeySequence.StandardKey.HelpContents],
                   lambda: _call("window.help", "HelpWindow", window).show(), "actionHelp")
    about = _action(window, QCoreApplication.translate("MainMenus", "&About Cluster Planner"), [],
                    lambda: _call("dialogs.about", "show_about", window), "actionAbout")
    about.setMenuRole(QAction.MenuRole.AboutRole)
    help_menu.addAction(docs)
    help_menu.addAction(about)


def _call(module: str, name: str, window: MainWindow) -> Any:
    """``planner_gui.ui.<module>.<name>(window)``, the module imported on first use."""
    return getattr(importlib.import_module(f"planner_gui.ui.{module}"), name)(window)


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
        menu.addAction(QCoreApplication.translate("MainMenus", "(no recent designs)")).setEnabled(False)
        return
    menu.addSeparator()
    clear = menu.addAction(QCoreApplication.translate("MainMenus", "Clear list"))
    clear.triggered.connect(lambda _checked=False: window.files.recent.clear())
