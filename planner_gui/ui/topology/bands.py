"""The names of the topology's bands ("Spines (4)", "Servers (32)"), pinned to the view's left edge.

They are drawn over the picture in viewport pixels by the view's ``drawForeground``, so they stay
readable at every zoom and never scroll out of sight; each sits at the height of its band.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QCoreApplication, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter
from PySide6.QtWidgets import QGraphicsView

from planner_gui.ui import colors
from planner_gui.ui.topology import layout as tl
from planner_gui.ui.topology.data import TopologyData
from planner_gui.ui.topology.items import label_font

PAD_PX = 6  # padding around a pinned band name, screen px


class BandStrip:
    def __init__(self) -> None:
        self.spans: list[tuple[str, float, float]] = []  # (text, scene top, scene bottom)
        self.width_px = 0.0

    def update(self, data: TopologyData) -> None:
        """Each band's name, device count and vertical extent (hand-moved devices included)."""
        spans = []
        for code in np.unique(data.band[data.drawn]).tolist():
            members = data.drawn & (data.band == code)
            ys = data.y[members]
            name = QCoreApplication.translate("TopologyView", tl.short_band_label(code))
            text = f"{name} ({int(members.sum())})"
            spans.append((text, float(ys.min()) - tl.NODE_H / 2, float(ys.max()) + tl.NODE_H / 2))
        self.spans = spans
        metrics = QFontMetricsF(label_font())
        widest = max((metrics.horizontalAdvance(text) for text, _, _ in spans), default=0.0)
        self.width_px = widest + 2 * PAD_PX

    def set_spans(self, spans: list[tuple[str, float, float]]) -> None:
        """Names given by the fabric overview (its rows are its own, not the devices' places)."""
        self.spans = spans
        metrics = QFontMetricsF(label_font())
        self.width_px = max((metrics.horizontalAdvance(text) for text, _, _ in spans), default=0.0) + 2 * PAD_PX

    def paint(self, view: QGraphicsView, painter: QPainter) -> None:
        painter.save()
        painter.resetTransform()
        painter.setFont(label_font())
        metrics = QFontMetricsF(label_font())
        for text, top, bottom in self.spans:
            y0, y1 = view.mapFromScene(QPointF(0.0, top)).y(), view.mapFromScene(QPointF(0.0, bottom)).y()
            y0, y1 = max(y0, 0), min(y1, view.viewport().height())  # the band's visible part
            if y1 <= y0:
                continue  # scrolled out of sight
            middle = (y0 + y1) / 2
            box = QRectF(0.0, middle - metrics.height() / 2 - PAD_PX / 2,
                         metrics.horizontalAdvance(text) + 2 * PAD_PX, metrics.height() + PAD_PX)
            painter.fillRect(box, QColor(colors.LABEL_BACKDROP))
            painter.setPen(QColor(colors.ROW_LABEL))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()

    def area(self, view: QGraphicsView) -> QRect:
        """The viewport strip the names occupy (repainted after a scroll moved the pixels)."""
        return QRect(0, 0, int(self.width_px) + 1, view.viewport().height())
