"""A QGuiApplication for rendering, created on demand and headless when there is no display.

QPdfWriter and font look-ups need a QGuiApplication. The CLI runs on servers without a display,
so when none is set (no DISPLAY / WAYLAND_DISPLAY on Linux) the offscreen platform is chosen before
Qt starts; an application the caller already made (the GUI, pytest-qt) is reused as is.
"""

from __future__ import annotations

import os
import sys

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QGuiApplication

OFFSCREEN = "offscreen"  # Qt's platform plugin that needs no display server
_DISPLAY_VARIABLES = ("DISPLAY", "WAYLAND_DISPLAY")
_app: QGuiApplication | None = None  # kept alive for the process: PySide would collect a local one


def ensure_gui_app() -> QCoreApplication:
    """The running Qt application, or a new QGuiApplication (offscreen without a display)."""
    global _app
    existing = QCoreApplication.instance()
    if existing is not None:
        if not isinstance(existing, QGuiApplication):
            raise RuntimeError(
                "a QCoreApplication is running; rendering a PDF needs a QGuiApplication "
                "(create QGuiApplication or QApplication instead)"
            )
        return existing
    if _needs_offscreen():
        os.environ["QT_QPA_PLATFORM"] = OFFSCREEN
    _app = QGuiApplication(sys.argv[:1] or ["cluster-planner"])
    return _app


def _needs_offscreen() -> bool:
    if os.environ.get("QT_QPA_PLATFORM"):
        return False  # the user (or a test) chose a platform
    if sys.platform.startswith("linux"):
        return not any(os.environ.get(name) for name in _DISPLAY_VARIABLES)
    return False  # Windows and macOS always have a window system
