"""First-run welcome: says what the window shows and where to start (the hardware palette).

Shown once per user (a flag in the app's QSettings); the default design is already open behind it.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QMessageBox, QWidget

WELCOMED_KEY = "welcome/shown"


def welcome_text() -> str:
    return QCoreApplication.translate(
        "Welcome",
        "<h3>Welcome to Cluster Planner</h3>"
        "<p>The example design is open: a GPU cluster in its racks (left view) and its network "
        "(right view), with live results and checks below.</p>"
        "<p>Start from the <b>Hardware</b> palette on the left: drag GPU servers, switches and racks "
        "into the rack view, or double-click an entry. Select anything to edit it in the inspector.</p>"
        "<p>File ▸ New designs a cluster from a template; Help ▸ Documentation explains every figure.</p>")


def should_welcome(settings: QSettings) -> bool:
    return str(settings.value(WELCOMED_KEY, "false")).lower() != "true"


def show_welcome(window: QWidget, settings: QSettings, modal: bool = True) -> QMessageBox:
    """Show the welcome once. Closing it leaves the focus on the design view, as at every start (issue 19
    item 1: Delete, Ctrl+A and Ctrl+E work at once; under X the palette's search box used to take it here)."""
    settings.setValue(WELCOMED_KEY, "true")
    box = QMessageBox(window)
    box.setObjectName("welcomeBox")
    box.setWindowTitle(QCoreApplication.translate("Welcome", "Welcome"))
    box.setText(welcome_text())
    focus = getattr(window, "focus_design_view", None)
    if focus is not None:
        box.finished.connect(lambda _result: focus())
    if modal:
        box.exec()
    else:
        box.open()
    return box
