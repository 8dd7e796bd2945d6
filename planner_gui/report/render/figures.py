"""Vector figures: line charts and drawings (racks, topology) painted into a rectangle.

Everything is QPainter paths, lines and text: the PDF gets no raster image. Text in a figure is
elided to the room it has and never drawn outside the figure's rectangle.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen

from planner_gui.report.content.blocks import Chart, Drawing, Label, Line, Rect
from planner_gui.report.render.fonts import FontSet, Role

AXIS = "#5a6472"
GRID = "#d9dee5"
TICK_PT = 3.0
SERIES_PT = 1.2  # line width of a data series
LEGEND_SWATCH_PT = 12.0
GRID_PT, FRAME_PT, MIN_PEN_PT = 0.4, 0.8, 0.1  # line weights: gridlines, plot frame, thinnest line drawn
LEGEND_COLUMNS = 2
LEGEND_LINE = 1.4  # legend row pitch, in label-font line heights
LEGEND_LINE_WEIGHT = 1.5  # legend swatches are drawn heavier than the series so the colour reads
HALF_LINE = 0.5
Y_TITLE_LINES = 1.6  # room left of the tick labels for the rotated y-axis title
X_LABEL_LINES = 2.8  # room under the plot for tick labels and the x-axis title
DIGIT_CENTER = 2.6  # baseline offset that centres digits on a gridline: ascent / 2.6 (cap height / 2)
MIN_LABEL_PT = 3.0  # drawing labels smaller than this are left out: unreadable in print


class FigurePainter:
    def __init__(self, painter: QPainter, fonts: FontSet, pt: float) -> None:
        self.painter, self.fonts, self.pt = painter, fonts, pt

    # ----- charts ----------------------------------------------------------------------------------
    def chart(self, chart: Chart, rect: QRectF) -> None:
        font = self.fonts.font(Role.SMALL)
        metrics = QFontMetricsF(font, self.painter.device())
        label_w = max((metrics.horizontalAdvance(t.label) for t in chart.y_ticks), default=0.0)
        rows = math.ceil(len(chart.series) / LEGEND_COLUMNS)
        legend_h = metrics.height() * LEGEND_LINE * rows if len(chart.series) > 1 else 0.0
        plot = QRectF(
            rect.left() + label_w + metrics.height() * Y_TITLE_LINES,
            rect.top() + legend_h + metrics.height() * HALF_LINE,
            0.0,
            0.0,
        )
        plot.setRight(rect.right() - metrics.height())
        plot.setBottom(rect.bottom() - metrics.height() * X_LABEL_LINES)
        self.painter.setFont(font)
        self._grid(chart, plot, metrics)
        self.painter.save()
        self.painter.setClipRect(plot)
        for series in chart.series:
            self._series(chart, series.xs, series.ys, series.color, series.dash, plot)
        self.painter.restore()
        self._axis_titles(chart, plot, rect, metrics)
        self._legend(chart, rect, metrics)

    def _x(self, chart: Chart, value: float, plot: QRectF) -> float:
        ticks = [t.value for t in chart.x_ticks]
        low = min(ticks) if chart.x_min is None else chart.x_min
        high = max(ticks) if chart.x_max is None else chart.x_max
        if chart.log_x:
            value, low, high = (math.log2(max(v, 1e-300)) for v in (value, low, high))
        return plot.left() + (value - low) / ((high - low) or 1.0) * plot.width()

    def _y(self, chart: Chart, value: float, plot: QRectF) -> float:
        span = (chart.y_max - chart.y_min) or 1.0
        return plot.bottom() - (value - chart.y_min) / span * plot.height()

    def _grid(self, chart: Chart, plot: QRectF, metrics: QFontMetricsF) -> None:
        p = self.painter
        p.setPen(self._pen(GRID, GRID_PT))
        for tick in chart.y_ticks:
            y = self._y(chart, tick.value, plot)
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
        for tick in chart.x_ticks:
            x = self._x(chart, tick.value, plot)
            p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
        p.setPen(self._pen(AXIS, FRAME_PT))
        p.drawRect(plot)
        p.setPen(QColor(AXIS))
        gap = TICK_PT * self.pt
        for tick in chart.y_ticks:
            y = self._y(chart, tick.value, plot)
            width = metrics.horizontalAdvance(tick.label)
            p.drawText(QPointF(plot.left() - gap - width, y + metrics.ascent() / DIGIT_CENTER), tick.label)
        for tick in chart.x_ticks:
            x = self._x(chart, tick.value, plot)
            width = metrics.horizontalAdvance(tick.label)
            left = min(max(x - width / 2, plot.left() - gap), plot.right() + gap - width)
            p.drawText(QPointF(left, plot.bottom() + gap + metrics.ascent()), tick.label)

    def _series(
        self, chart: Chart, xs: tuple[float, ...], ys: tuple[float, ...], color: str, dash: str, plot: QRectF
    ) -> None:
        if not xs:
            return
        path = QPainterPath()
        path.moveTo(self._x(chart, xs[0], plot), self._y(chart, ys[0], plot))
        for x, y in zip(xs[1:], ys[1:], strict=True):
            path.lineTo(self._x(chart, x, plot), self._y(chart, y, plot))
        self.painter.setPen(self._series_pen(color, dash, SERIES_PT))
        self.painter.setBrush(Qt.BrushStyle.NoBrush)
        self.painter.drawPath(path)

    def _axis_titles(self, chart: Chart, plot: QRectF, rect: QRectF, metrics: QFontMetricsF) -> None:
        p = self.painter
        p.setPen(QColor(AXIS))
        x_title = metrics.elidedText(chart.x_label, Qt.TextElideMode.ElideRight, plot.width())
        p.drawText(
            QPointF(
                plot.center().x() - metrics.horizontalAdvance(x_title) / 2, rect.bottom() - metrics.descent()
            ),
            x_title,
        )
        y_title = metrics.elidedText(chart.y_label, Qt.TextElideMode.ElideRight, plot.height())
        p.save()
        p.translate(
            rect.left() + metrics.ascent(), plot.center().y() + metrics.horizontalAdvance(y_title) / 2
        )
        p.rotate(-90)
        p.drawText(QPointF(0, 0), y_title)
        p.restore()

    def _legend(self, chart: Chart, rect: QRectF, metrics: QFontMetricsF) -> None:
        if len(chart.series) < 2:
            return
        column_w = rect.width() / 2
        swatch = LEGEND_SWATCH_PT * self.pt
        for index, series in enumerate(chart.series):
            x = rect.left() + (index % 2) * column_w + metrics.height() * 2
            y = (
                rect.top()
                + (index // LEGEND_COLUMNS) * metrics.height() * LEGEND_LINE
                + metrics.height() * HALF_LINE
            )
            self.painter.setPen(self._series_pen(series.color, series.dash, SERIES_PT * LEGEND_LINE_WEIGHT))
            self.painter.drawLine(QPointF(x, y), QPointF(x + swatch, y))
            self.painter.setPen(QColor(AXIS))
            room = column_w - swatch - metrics.height() * 3
            text = metrics.elidedText(series.name, Qt.TextElideMode.ElideRight, room)
            self.painter.drawText(
                QPointF(x + swatch + metrics.height() * HALF_LINE, y + metrics.ascent() / DIGIT_CENTER), text
            )

    # ----- drawings --------------------------------------------------------------------------------
    def drawing(self, drawing: Drawing, rect: QRectF) -> None:
        scale = min(rect.width() / drawing.width, rect.height() / drawing.height)
        left = rect.left() + (rect.width() - drawing.width * scale) / 2
        top = rect.top() + (rect.height() - drawing.height * scale) / 2
        self.painter.save()
        self.painter.setClipRect(rect)
        for shape in drawing.shapes:
            if isinstance(shape, Rect):
                self._rect(shape, left, top, scale)
            elif isinstance(shape, Line):
                self.painter.setPen(self._pen(shape.color, shape.width * scale / self.pt))
                self.painter.drawLine(
                    QPointF(left + shape.x1 * scale, top + shape.y1 * scale),
                    QPointF(left + shape.x2 * scale, top + shape.y2 * scale),
                )
            else:
                self._label(shape, left, top, scale)
        self.painter.restore()

    def _rect(self, shape: Rect, left: float, top: float, scale: float) -> None:
        p = self.painter
        p.setPen(
            Qt.PenStyle.NoPen
            if shape.stroke is None
            else self._pen(shape.stroke, shape.stroke_width * scale / self.pt)
        )
        p.setBrush(Qt.BrushStyle.NoBrush if shape.fill is None else QBrush(QColor(shape.fill)))
        p.drawRect(QRectF(left + shape.x * scale, top + shape.y * scale, shape.w * scale, shape.h * scale))
        p.setBrush(Qt.BrushStyle.NoBrush)

    def _label(self, shape: Label, left: float, top: float, scale: float) -> None:
        size_pt = shape.size * scale / self.pt
        if size_pt < MIN_LABEL_PT or not shape.text:
            return
        font = QFont(self.fonts.font(Role.SMALL))
        font.setPointSizeF(size_pt)
        font.setBold(shape.bold)
        metrics = QFontMetricsF(font, self.painter.device())
        text = shape.text
        if shape.max_w > 0:
            text = metrics.elidedText(text, Qt.TextElideMode.ElideRight, shape.max_w * scale)
        width = metrics.horizontalAdvance(text)
        x = left + shape.x * scale - {"left": 0.0, "center": width / 2, "right": width}.get(shape.align, 0.0)
        baseline = top + shape.y * scale + (metrics.ascent() - metrics.descent()) / 2
        self.painter.setFont(font)
        self.painter.setPen(QColor(shape.color))
        self.painter.drawText(QPointF(x, baseline), text)

    def _series_pen(self, color: str, dash: str, width_pt: float) -> QPen:
        pen = self._pen(color, width_pt)
        pen.setStyle(_DASHES.get(dash, Qt.PenStyle.SolidLine))
        return pen

    def _pen(self, color: str, width_pt: float) -> QPen:
        pen = QPen(QColor(color))
        pen.setWidthF(max(width_pt, MIN_PEN_PT) * self.pt)
        pen.setCosmetic(False)
        return pen


_DASHES = {"dash": Qt.PenStyle.DashLine, "dot": Qt.PenStyle.DotLine}
