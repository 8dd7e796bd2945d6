"""The preferences that change how the app looks (theme, units), applied at start-up and when they change."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from planner_gui.present import Units, set_units

LIGHT, DARK, SYSTEM = "light", "dark", "system"  # preferences/model.py THEMES
# The dark palette: the widely used Fusion dark scheme (Qt's Fusion style on a (53, 53, 53) window,
# as in Qt's own "Styles" example's dark variant): grey surfaces, white text, a blue highlight.
DARK_WINDOW = QColor(53, 53, 53)
DARK_BASE = QColor(35, 35, 35)  # text fields and tables: a step darker than the window
DARK_ALTERNATE = QColor(45, 45, 45)
DARK_TEXT = QColor(255, 255, 255)
DARK_DISABLED_TEXT = QColor(127, 127, 127)
DARK_HIGHLIGHT = QColor(42, 130, 218)  # also the link colour
DARK_BRIGHT_TEXT = QColor(255, 0, 0)
_theme = [SYSTEM]  # the theme last applied; "system" follows the desktop's later light/dark switches
_following: list[QGuiApplication] = []  # apps whose colour-scheme signal is connected (once each)


def dark_palette() -> QPalette:
    roles = QPalette.ColorRole
    palette = QPalette()
    for role, colour in ((roles.Window, DARK_WINDOW), (roles.WindowText, DARK_TEXT), (roles.Base, DARK_BASE),
                         (roles.AlternateBase, DARK_ALTERNATE), (roles.ToolTipBase, DARK_WINDOW),
                         (roles.ToolTipText, DARK_TEXT), (roles.PlaceholderText, DARK_DISABLED_TEXT),
                         (roles.Text, DARK_TEXT), (roles.Button, DARK_WINDOW), (roles.ButtonText, DARK_TEXT),
                         (roles.BrightText, DARK_BRIGHT_TEXT), (roles.Link, DARK_HIGHLIGHT),
                         (roles.Highlight, DARK_HIGHLIGHT), (roles.HighlightedText, QColor(Qt.GlobalColor.black))):
        palette.setColor(role, colour)
    for role in (roles.WindowText, roles.Text, roles.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, DARK_DISABLED_TEXT)
    return palette


def system_is_dark(app: QGuiApplication) -> bool:
    return app.styleHints().colorScheme() == Qt.ColorScheme.Dark


def theme_palette(theme: str, app: QApplication) -> QPalette:
    """The palette for a theme preference: "dark", "light" (the style's standard palette), or "system"
    (dark when the desktop says so)."""
    if theme not in (LIGHT, DARK, SYSTEM):
        raise ValueError(f"theme {theme!r} is not one of {LIGHT}, {DARK}, {SYSTEM}; fix it in Preferences")
    if theme == DARK or (theme == SYSTEM and system_is_dark(app)):
        return dark_palette()
    return app.style().standardPalette()


def apply_theme(theme: str, app: QApplication | None = None) -> QPalette:
    """Give the whole app the theme's palette (open widgets repaint; returns the palette set)."""
    app = app or QApplication.instance()  # type: ignore[assignment]
    if app is None:
        raise RuntimeError("apply_theme needs a QApplication; create it first")
    palette = theme_palette(theme, app)
    _theme[0] = theme
    if app not in _following:
        app.styleHints().colorSchemeChanged.connect(lambda _scheme: _on_system_scheme_changed(app))
        _following.append(app)
    app.setPalette(palette)
    return palette


def _on_system_scheme_changed(app: QApplication) -> None:
    if _theme[0] == SYSTEM:
        app.setPalette(theme_palette(SYSTEM, app))


def apply_preferences(preferences: Any, app: QApplication | None = None) -> None:
    """Theme and units from ``preferences`` (a preferences.Preferences); the language has its own switch."""
    set_units(Units.from_preferences(preferences))
    apply_theme(preferences.theme, app)
