"""Colours shared by the results panels and the checks list.

Load bars use the rack view's traffic-light rule and shades (``ui/colors.py``: green below 80 %,
amber below 100 %, red from 100 %), imported rather than copied so a rack's bar in the elevation
and in the results panel can never disagree. Severity colours follow the same shades: error red,
warning amber, info grey.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap

from planner_gui.i18n import ui_text
from planner_gui.model.messages import Text
from planner_gui.ui.colors import AMBER, GREEN, RED, load_colour

__all__ = ["AMBER", "GREEN", "GREY", "RED", "SEVERITIES", "as_dict", "load_colour", "load_fraction",
           "severity_colour", "severity_icon"]

GREY = "#6b7280"  # Tailwind gray-500: info checks, a state rather than a problem
ICON_SIZE_PX = 14  # the list's icons match a small-font line height
GLYPH_SCALE = 0.75  # the glyph's pixel height relative to the disc
HALF_PIXEL = 0.5  # inset so the antialiased rim stays inside the pixmap
HIDPI_SCALE = 2  # icons are painted at 2x: common HiDPI ratios (1.25-2) downscale cleanly
GLYPH_COLOUR = "#ffffff"  # white reads on all three severity colours

SEVERITY_COLOURS = {"error": RED, "warning": AMBER, "info": GREY}
SEVERITY_GLYPHS = {"error": "!", "warning": "!", "info": "i"}
SEVERITIES = ("error", "warning", "info")  # engine/checks/base.py Severity, most severe first


def load_fraction(draw: float, limit: float) -> float:
    """draw ÷ limit; a rack with draw but no limit is infinitely over, one with neither is idle."""
    if limit <= 0.0:
        return float("inf") if draw > 0.0 else 0.0
    return draw / limit


def severity_colour(severity: str) -> QColor:
    """The check colour; an unknown severity (a newer engine) shows grey rather than failing."""
    return QColor(SEVERITY_COLOURS.get(severity, GREY))


def severity_icon(severity: str, size: int = ICON_SIZE_PX) -> QIcon:
    """A filled disc in the severity's colour with a white glyph: readable without relying on colour.

    Painted at twice its size with a device pixel ratio of 2, so it stays sharp on HiDPI screens.
    """
    pixmap = QPixmap(size * HIDPI_SCALE, size * HIDPI_SCALE)
    pixmap.setDevicePixelRatio(HIDPI_SCALE)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(severity_colour(severity))
    painter.drawEllipse(QRectF(HALF_PIXEL, HALF_PIXEL, size - 2 * HALF_PIXEL, size - 2 * HALF_PIXEL))
    font = painter.font()
    font.setBold(True)
    font.setPixelSize(int(size * GLYPH_SCALE))
    painter.setFont(font)
    painter.setPen(QColor(GLYPH_COLOUR))
    glyph = SEVERITY_GLYPHS.get(severity, "?")
    painter.drawText(QRectF(0, 0, size, size), Qt.AlignmentFlag.AlignCenter, glyph)
    painter.end()
    return QIcon(pixmap)


def as_dict(item: Any) -> dict[str, Any]:
    """An engine result (an object with ``to_json()``) or its JSON form, as a dict."""
    if item is None:
        return {}
    if hasattr(item, "to_json"):
        return item.to_json()
    if isinstance(item, dict):
        return item
    raise ValueError(f"expected an engine result (with to_json()) or its JSON dict, got "
                     f"{type(item).__name__}; pass the Analysis section itself")


# Why a section is missing (engine/analysis.py ``unavailable``). The engine gives its reasons as Texts
# (model/messages.py), rendered through the installed translator. A plain string (the panels' own
# "not yet computed", an analysis read back from JSON) is matched against the engine's fixed sentences
# below; "needs X, which could not be computed" keeps the section name; anything else is shown as is.
SKIP_REASONS = (QT_TRANSLATE_NOOP("ResultsPanel", "the design has no GPU servers (of a model the catalog knows)"),
                QT_TRANSLATE_NOOP("ResultsPanel", "the design has no GPU servers"),
                QT_TRANSLATE_NOOP("ResultsPanel", "no training workload is set (add one in the design's workload "
                                                  "settings)"),
                QT_TRANSLATE_NOOP("ResultsPanel", "not yet computed"))
_NEEDS = re.compile(r"needs (\w+), which could not be computed$")


def reason_text(reason: str) -> str:
    """An engine ``unavailable`` reason in the UI language (a Text translated, else see SKIP_REASONS)."""
    if isinstance(reason, Text):
        return ui_text(reason)
    reason = str(reason)
    if reason in SKIP_REASONS:
        return QCoreApplication.translate("ResultsPanel", reason)
    needs = _NEEDS.match(reason)
    if needs:
        return QCoreApplication.translate("ResultsPanel", "needs {section}, which could not be computed").format(
            section=needs.group(1))
    return reason
