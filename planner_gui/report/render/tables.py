"""Table layout: column widths from content and weights, wrapped cells, rows measured for paging.

Numbers and money are right-aligned and never wrapped while the table has room; text columns share
what is left by their weights. A cell that would still be taller than a page is cut with an
ellipsis, so no row can run off the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QFontMetricsF, QPaintDevice, QPainter, QPen

from planner_gui.report.content.blocks import Column, ColumnKind
from planner_gui.report.render.fonts import FontSet, Role
from planner_gui.report.render.text import TextBox, wrap

PAD_X_PT = 3.0  # cell padding left and right
PAD_Y_PT = 2.0  # cell padding above and below
SAMPLE_ROWS = 300  # rows measured for natural widths: enough to see the widest figure in practice
NUMBER_SHARE_CAP = 0.35  # a single numeric column never takes more than this share of the width
HEAD_FILL = "#e3e8ef"
ZEBRA_FILL = "#f5f7fa"
FOOT_FILL = "#eef1f5"
RULE = "#9aa5b4"
TEXT = "#1d1d1f"
_RIGHT = (ColumnKind.NUMBER, ColumnKind.MONEY)


@dataclass
class Row:
    cells: list[TextBox]
    height: float
    fill: str | None = None
    bold: bool = False


@dataclass
class TableLayout:
    widths: list[float]
    header: Row | None
    rows: list[Row]
    pad_x: float
    pad_y: float

    def draw_row(self, painter: QPainter, row: Row, x: float, y: float) -> None:
        if row.fill:
            painter.fillRect(QRectF(x, y, sum(self.widths), row.height), QColor(row.fill))
        left = x
        for box, width in zip(row.cells, self.widths, strict=True):
            box.draw(painter, left + self.pad_x, y + self.pad_y, TEXT)
            left += width

    def draw_rule(self, painter: QPainter, x: float, y: float, weight: float) -> None:
        pen = QPen(QColor(RULE))
        pen.setWidthF(weight)
        painter.setPen(pen)
        painter.drawLine(x, y, x + sum(self.widths), y)


def layout_table(
    columns: Sequence[Column],
    rows: Sequence[Sequence[str]],
    footer: Sequence[str] | None,
    width: float,
    max_row_height: float,
    fonts: FontSet,
    device: QPaintDevice,
    pt: float,
    show_header: bool = True,
    first_column_bold: bool = False,
) -> TableLayout:
    pad_x, pad_y = PAD_X_PT * pt, PAD_Y_PT * pt
    widths = _column_widths(columns, rows, footer, width, fonts, device, pad_x)
    line_cap = _line_cap(fonts, device, max_row_height - 2 * pad_y)

    def make(cells: Sequence[str], bold: bool, fill: str | None, first_bold: bool = False) -> Row:
        boxes = []
        for index, (text, column, w) in enumerate(zip(cells, columns, widths, strict=True)):
            role = _role(column, bold or (first_bold and index == 0))
            align = "right" if column.kind in _RIGHT else "left"
            boxes.append(wrap(text, fonts.font(role), w - 2 * pad_x, device, align, line_cap))
        height = max((b.height for b in boxes), default=0.0) + 2 * pad_y
        return Row(boxes, height, fill, bold)

    header = make([c.title for c in columns], True, HEAD_FILL) if show_header else None
    body = [make(r, False, ZEBRA_FILL if i % 2 else None, first_column_bold) for i, r in enumerate(rows)]
    if footer is not None:
        body.append(make(footer, True, FOOT_FILL))
    return TableLayout(widths, header, body, pad_x, pad_y)


def _role(column: Column, bold: bool) -> Role:
    if bold:
        return Role.TABLE_HEAD
    return Role.CODE if column.kind is ColumnKind.CODE else Role.TABLE


def _line_cap(fonts: FontSet, device: QPaintDevice, height: float) -> int:
    line = QFontMetricsF(fonts.font(Role.TABLE), device).lineSpacing() * 1.2
    return max(1, int(height // line))


def _column_widths(
    columns: Sequence[Column],
    rows: Sequence[Sequence[str]],
    footer: Sequence[str] | None,
    width: float,
    fonts: FontSet,
    device: QPaintDevice,
    pad_x: float,
) -> list[float]:
    metrics = {
        role: QFontMetricsF(fonts.font(role), device) for role in (Role.TABLE, Role.TABLE_HEAD, Role.CODE)
    }
    sample = list(rows[:SAMPLE_ROWS]) + ([footer] if footer else [])
    natural = []
    for index, column in enumerate(columns):
        cells = [r[index] for r in sample]
        body_metrics = metrics[_role(column, False)]
        longest = max((body_metrics.horizontalAdvance(c) for c in cells), default=0.0)
        if footer:
            longest = max(longest, metrics[Role.TABLE_HEAD].horizontalAdvance(footer[index]))
        head = max((metrics[Role.TABLE_HEAD].horizontalAdvance(w) for w in column.title.split()), default=0.0)
        natural.append(max(longest, head) + 2 * pad_x + 1.0)
    total_weight = sum(c.weight for c in columns) or 1.0
    if sum(natural) <= width:
        extra = width - sum(natural)
        return [n + extra * c.weight / total_weight for n, c in zip(natural, columns, strict=True)]
    fixed = {
        i: min(n, width * NUMBER_SHARE_CAP)
        for i, (n, c) in enumerate(zip(natural, columns, strict=True))
        if c.kind in _RIGHT
    }
    if sum(fixed.values()) >= width * 0.8:  # too many numeric columns: share by weight alone
        return [width * c.weight / total_weight for c in columns]
    flexible = [i for i in range(len(columns)) if i not in fixed]
    left = width - sum(fixed.values())
    flex_weight = sum(columns[i].weight for i in flexible) or 1.0
    widths = [fixed.get(i, 0.0) for i in range(len(columns))]
    for i in flexible:
        widths[i] = left * columns[i].weight / flex_weight
    return widths
