"""Wrapped text: a QTextLayout broken into lines of a given width, drawable line by line.

QTextLayout does Unicode line breaking (Chinese breaks between characters, English at spaces) and
font fallback (a Chinese name inside English text). Words longer than the line (ids, 500-character
names) break anywhere, so no text can run past its box.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QFont, QPaintDevice, QPainter, QTextLayout, QTextOption

LINE_SPACING = 1.18  # line pitch as a multiple of the font's line height: airy enough for CJK
ELLIPSIS = "…"


@dataclass
class TextBox:
    layout: QTextLayout
    width: float
    line_tops: list[float]  # top of each line, relative to the box
    line_heights: list[float]

    @property
    def lines(self) -> int:
        return len(self.line_tops)

    @property
    def height(self) -> float:
        return self.height_of(0, self.lines)

    def height_of(self, start: int, end: int) -> float:
        """Height taken by lines ``start`` .. ``end`` - 1 when drawn together."""
        if end <= start:
            return 0.0
        return self.line_tops[end - 1] + self.line_heights[end - 1] - self.line_tops[start]

    def lines_fitting(self, start: int, height: float) -> int:
        """How many lines from ``start`` fit in ``height`` (at least 0)."""
        end = start
        while end < self.lines and self.height_of(start, end + 1) <= height:
            end += 1
        return end - start

    def draw(
        self,
        painter: QPainter,
        x: float,
        y: float,
        color: str = "#202020",
        start: int = 0,
        end: int | None = None,
    ) -> None:
        """Draw lines ``start`` .. ``end`` - 1 with the first one's top at ``y``."""
        end = self.lines if end is None else end
        painter.setPen(QColor(color))
        offset = y - self.line_tops[start] if self.lines else y
        for index in range(start, end):
            self.layout.lineAt(index).draw(painter, QPointF(x, offset))


def wrap(
    text: str, font: QFont, width: float, device: QPaintDevice, align: str = "left", max_lines: int = 0
) -> TextBox:
    """``text`` broken into lines no wider than ``width`` (device units); ``max_lines`` > 0 elides."""
    layout = _layout(text, font, width, device, align)
    tops, heights = _break_lines(layout, width)
    if max_lines and len(tops) > max_lines:
        cut = layout.lineAt(max_lines - 1)
        shortened = text[: cut.textStart() + max(cut.textLength() - 1, 0)].rstrip() + ELLIPSIS
        layout = _layout(shortened, font, width, device, align)
        tops, heights = _break_lines(layout, width)
        tops, heights = tops[:max_lines], heights[:max_lines]
    return TextBox(layout, width, tops, heights)


def _layout(text: str, font: QFont, width: float, device: QPaintDevice, align: str) -> QTextLayout:
    layout = QTextLayout(text.replace("\n", "\u2028"), font, device)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    option.setAlignment(_ALIGN.get(align, Qt.AlignmentFlag.AlignLeft))
    layout.setTextOption(option)
    layout.setCacheEnabled(True)
    return layout


def _break_lines(layout: QTextLayout, width: float) -> tuple[list[float], list[float]]:
    tops: list[float] = []
    heights: list[float] = []
    y = 0.0
    layout.beginLayout()
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        line.setPosition(QPointF(0.0, y))
        tops.append(y)
        heights.append(line.height())
        y += line.height() * LINE_SPACING
    layout.endLayout()
    return tops, heights


_ALIGN = {
    "left": Qt.AlignmentFlag.AlignLeft,
    "right": Qt.AlignmentFlag.AlignRight,
    "center": Qt.AlignmentFlag.AlignHCenter,
}
