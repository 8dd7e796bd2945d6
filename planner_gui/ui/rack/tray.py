"""The tray above the rows of the rack elevation: devices in the design that are not in a rack yet.

Its fill is fixed (light indigo in both themes), so its title takes the fixed dark text. The tray is
at least four chips wide (``layout.TRAY_MIN_W``), so its title fits on one line even over a one-rack
design, where the tray used to be one rack wide and cut the hint off after "Drop a device".
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from planner_gui.ui import colors
from planner_gui.ui.rack import layout as rl
from planner_gui.ui.rack.items import LABEL_PX, MIN_TEXT_SCREEN_PX, PAD, Z_RACK, Holder

TITLE_FLAGS = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap


def title_font() -> QFont:
    font = QFont()
    font.setPixelSize(LABEL_PX)
    font.setBold(True)
    return font


class TrayItem(QGraphicsItem):
    """The unplaced devices' chips (children of ``holder``) under a title saying what to do with them."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_RACK)
        self.rect = QRectF()
        self.count = 0
        self.holder = Holder(self)

    def set_geometry(self, rect: QRectF, count: int) -> None:
        self.prepareGeometryChange()
        self.rect, self.count = rect, count
        self.update()

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-PAD, -PAD, PAD, PAD)

    def title(self) -> str:
        if self.count:
            text = QCoreApplication.translate("RackView", "Unplaced devices ({count}): drag them into a rack")
        else:
            text = QCoreApplication.translate("RackView", "Unplaced devices: none. Drop a device here to take it "
                                              "out of its rack")
        return text.format(count=self.count)

    def title_rect(self) -> QRectF:
        """Where the title is drawn: the title line, inset by the tray's padding on both sides."""
        return QRectF(self.rect.left() + rl.TRAY_PAD, self.rect.top(), self.rect.width() - 2 * rl.TRAY_PAD,
                      rl.TRAY_TITLE_H)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None,
              ) -> None:
        painter.setPen(QPen(QColor(colors.TRAY_BORDER), 0, Qt.PenStyle.DashLine))
        painter.setBrush(QColor(colors.TRAY_FILL))
        painter.drawRect(self.rect)
        if option.levelOfDetailFromTransform(painter.worldTransform()) * LABEL_PX < MIN_TEXT_SCREEN_PX:
            return
        painter.setPen(QColor(colors.ROW_LABEL))
        painter.setFont(title_font())
        painter.drawText(self.title_rect(), TITLE_FLAGS, self.title())


def title_fits(tray: TrayItem) -> bool:
    """Whether the whole title fits its rect (no line cut off at the tray's edge)."""
    box = tray.title_rect()
    needed = QFontMetricsF(title_font()).boundingRect(box, TITLE_FLAGS, tray.title())
    return needed.width() <= box.width() and needed.height() <= box.height()
