"""Text drawn straight on a view's background takes the theme's colour (dark theme: light text).

Faces with their own fill (devices, racks' interiors, bars, the tray, band-name backdrops) keep the
fixed colours of :mod:`planner_gui.ui.colors`; only what sits on the view's own background asks
the widget being painted for its palette.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QWidget

from planner_gui.ui import colors


def text_colour(widget: QWidget | None) -> QColor:
    """The palette's window text colour of the widget being painted (the fixed dark one without it)."""
    if widget is None:
        return QColor(colors.ROW_LABEL)
    return widget.palette().color(QPalette.ColorRole.WindowText)


def frame_colour(widget: QWidget | None) -> QColor:
    """An outline that shows on the background: the palette's mid tone."""
    if widget is None:
        return QColor(colors.RACK_FRAME)
    return widget.palette().color(QPalette.ColorRole.Mid)
