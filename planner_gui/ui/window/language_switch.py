"""Switching the language of a running app without losing the open design.

Widgets write their labels once, when they are built, so rather than teach some thirty widgets to
retranslate themselves, the window is rebuilt around the same :class:`Document`: the design, its
undo history, selection, file path, unsaved-changes flag and autosaver carry over untouched, and the
new window takes the old one's geometry and dock layout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication

from planner_gui.i18n import install_language

if TYPE_CHECKING:
    from planner_gui.ui.window.main_window import MainWindow

_windows: list[MainWindow] = []  # the current main window, kept alive once the caller lets go of it


def switch_language(window: MainWindow, language: str | None) -> MainWindow:
    """Install ``language`` and return the main window rebuilt in it (the old one is retired)."""
    from planner_gui.ui.window.main_window import STATE_VERSION, MainWindow

    app = QApplication.instance()
    install_language(language, app)
    geometry, state = window.saveGeometry(), window.saveState(STATE_VERSION)
    fresh = MainWindow(window.document, autosaver=window.autosaver)
    window.autosaver.setParent(fresh)  # the autosaver outlives the window it was made for
    fresh.restoreGeometry(geometry)
    fresh.restoreState(state, STATE_VERSION)
    fresh.startup_failed = window.startup_failed
    was_visible = window.isVisible()
    window.retire()
    _windows[:] = [fresh]
    if was_visible:
        fresh.show()
    return fresh
