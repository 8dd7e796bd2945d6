"""Graphics items of the rack elevation: racks with their U grid and load bars, devices, the ghost.

A rack draws its own frame, U grid, U numbers and the power and cooling bars. Its devices are
child items (selectable, draggable) under one holder, so that far out the view hides every
device with one call per rack and the rack paints plain coloured blocks in their place.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from planner_gui.present import MISSING
from planner_gui.ui import colors
from planner_gui.ui.palette_text import draw_over_bar, text_colour
from planner_gui.ui.plain_text import plain_rich
from planner_gui.ui.rack import layout as rl

LABEL_PX = 10  # device label font, scene units
SMALL_PX = 9  # U numbers and bar text: still 6 px on screen at the 67 % opening zoom of a small pane
HEADER_PX = 11  # rack names
MIN_TEXT_SCREEN_PX = 6.0  # text smaller than this on screen is skipped (unreadable)
GRID_MIN_SCREEN_PX = 4.0  # U grid lines closer than this on screen are skipped
SELECTION_WIDTH = 2.5
Z_RACK, Z_DEVICE, Z_GHOST = 0, 1, 10
PERCENT = 100.0
W_PER_KW = 1000.0
PAD = 2.0  # scene units: bounds margin for outlines, gap between U numbers and the face
TEXT_INSET = 4.0  # scene units between a label and its panel's edge
NAME_MODEL_GAP = 8.0  # between a device's name and its model on a one-line label
MIN_MODEL_CHARS = 4  # a model name squeezed below four characters' width is left out
UPRIGHT_ASPECT = 4.0  # a panel this many times taller than wide is a 0 U strip, labelled upright
OUTLINE_DARKER = 150  # QColor.darker factor (percent): a panel's edge is its fill at two thirds
HAIRLINE = 0.5  # half a scene unit inset so a 1 px edge stays inside the panel
GHOST_PEN = 2.0
RIGHT_MIDDLE = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
LEFT_MIDDLE = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter


def _font(pixels: int, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(pixels)
    font.setBold(bold)
    return font


def _lod(painter: QPainter, option: QStyleOptionGraphicsItem) -> float:
    return option.levelOfDetailFromTransform(painter.worldTransform())


_GRIDS: dict[tuple[float, int], QPainterPath] = {}  # (rack width, height in U) -> its U grid, in rack coordinates


def _grid_path(width: float, height_u: int, face: QRectF) -> QPainterPath:
    """The U grid lines of a rack of this shape: one path shared by every rack of the shape (a hall of
    6,800 identical racks at 100,000 GPUs built 6,800 copies of 41 lines each on opening)."""
    path = _GRIDS.get((width, height_u))
    if path is None:
        path = _GRIDS[(width, height_u)] = QPainterPath()
        for i in range(1, height_u):
            path.moveTo(face.left(), face.top() + i * rl.U_PX)
            path.lineTo(face.right(), face.top() + i * rl.U_PX)
    return path


class LoadBar:
    """One bar's figures: the fraction of the budget used and the text to show (None: no results)."""

    __slots__ = ("fraction", "text")

    def __init__(self, fraction: float | None = None, text: str = "") -> None:
        self.fraction, self.text = fraction, text


class RackItem(QGraphicsItem):
    """A rack drawn to scale; far out it also paints its devices as plain blocks."""

    def __init__(self, box: rl.RackBox, name: str) -> None:
        super().__init__()
        self.rack_id, self.name, self.box = box.rack_id, name, box
        self.blocks: list[tuple[int, int, str]] = []  # (u, height_u, kind) for the far-out picture
        self.power, self.cooling = LoadBar(), LoadBar()
        self.bar_key: object = ()  # the figures the bars show now (RackView skips racks whose figures held)
        self.bar_source: tuple[object, object] | None = None  # the engine's (power, cooling) rack reports shown
        self.draw_blocks = False
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.setZValue(Z_RACK)
        self.holder = Holder(self)
        self.set_box(box)

    def set_box(self, box: rl.RackBox) -> None:
        old = getattr(self, "box", None)
        if old is not None and (old.width, old.height_u) == (box.width, box.height_u) and hasattr(self, "_grid"):
            self.box = box  # same size: a move (or nothing) needs no geometry change, only a position
            if self.pos() != QPointF(box.x, box.y):
                self.setPos(box.x, box.y)
            return
        self.prepareGeometryChange()
        self.box = box
        self._bounds = QRectF(0.0, 0.0, box.width, box.height).adjusted(-PAD, -PAD, PAD, PAD)
        self.setPos(box.x, box.y)
        self._grid = _grid_path(box.width, box.height_u, self._face_rect())

    # ----- geometry in the rack's own coordinates --------------------------------------------------
    def boundingRect(self) -> QRectF:
        return self._bounds  # asked for on every scene index update: kept, not rebuilt (6,800 racks at 100k)
    # ----- geometry in the rack's own coordinates --------------------------------------------------
    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(QRectF(0.0, 0.0, self.box.width, self.box.height))
        return path

    def device_rect(self, u: int, height_u: int) -> QRectF:
        top = self.box.device_top(u, height_u) - self.box.y
        return QRectF(self.box.face_x - self.box.x, top, rl.FACE_W, height_u * rl.U_PX)

    def _frame_rect(self) -> QRectF:
        return QRectF(0.0, rl.HEADER_H, self.box.width, 2 * rl.FRAME_PAD + self.box.height_u * rl.U_PX)

    def _face_rect(self) -> QRectF:
        top = rl.HEADER_H + rl.FRAME_PAD
        return QRectF(self.box.face_x - self.box.x, top, rl.FACE_W, self.box.height_u * rl.U_PX)

    # ----- painting --------------------------------------------------------------------------------
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None,
              ) -> None:
        lod = _lod(painter, option)
        painter.fillRect(self._frame_rect(), QColor(colors.RACK_FRAME))
        painter.fillRect(self._face_rect(), QColor(colors.RACK_INTERIOR))
        if lod * rl.U_PX >= GRID_MIN_SCREEN_PX:
            self._paint_grid(painter, lod)
        if self.draw_blocks:
            for u, height, kind in self.blocks:
                painter.fillRect(self.device_rect(u, height), QColor(colors.kind_fill(kind)))
        if lod * HEADER_PX >= MIN_TEXT_SCREEN_PX:
            painter.setPen(text_colour(widget))  # on the view's background: the theme's text colour
            painter.setFont(_font(HEADER_PX, bold=True))
            header = QRectF(0, 0, self.box.width, rl.HEADER_H)
            painter.drawText(header, Qt.AlignmentFlag.AlignCenter, self.name)
        self._paint_bars(painter, lod)
        if self.isSelected():
            painter.setPen(QPen(QColor(colors.SELECTION), SELECTION_WIDTH))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(0, 0, self.box.width, self.box.height))

    def _paint_grid(self, painter: QPainter, lod: float) -> None:
        face = self._face_rect()
        painter.setPen(QPen(QColor(colors.U_GRID), 0))
        painter.drawPath(self._grid)
        if lod * SMALL_PX < MIN_TEXT_SCREEN_PX:
            return
        painter.setPen(QColor(colors.U_LABEL))
        painter.setFont(_font(SMALL_PX))
        margin = face.left() - PAD
        for u in range(1, self.box.height_u + 1):
            top = face.top() + (self.box.height_u - u) * rl.U_PX
            painter.drawText(QRectF(0, top, margin, rl.U_PX), RIGHT_MIDDLE, str(u))

    def _paint_bars(self, painter: QPainter, lod: float) -> None:
        top = rl.HEADER_H + 2 * rl.FRAME_PAD + self.box.height_u * rl.U_PX + rl.BAR_GAP
        power = QCoreApplication.translate("RackView", "Power")
        cooling = QCoreApplication.translate("RackView", "Cooling")
        for label, bar in ((power, self.power), (cooling, self.cooling)):
            rect = QRectF(0, top, self.box.width, rl.BAR_H)
            painter.fillRect(rect, QColor(colors.U_GRID))
            if bar.fraction is not None:
                share = min(max(bar.fraction, 0.0), 1.0)
                filled = QRectF(rect.left(), rect.top(), rect.width() * share, rect.height())
                painter.fillRect(filled, QColor(colors.load_colour(bar.fraction)))
            if lod * SMALL_PX >= MIN_TEXT_SCREEN_PX:
                text = f"{label} {bar.text}" if bar.fraction is not None else f"{label} {MISSING}"
                self._paint_bar_text(painter, rect, text, bar.fraction)
            top += rl.BAR_H + rl.BAR_GAP

    @staticmethod
    def _paint_bar_text(painter: QPainter, rect: QRectF, text: str, fraction: float | None) -> None:
        """The figures over the bar: dark on the grey track, green and amber, white on red (dark text on
        red-600 was 3.8:1)."""
        painter.setFont(_font(SMALL_PX))
        share = 0.0 if fraction is None else min(max(fraction, 0.0), 1.0)
        split = rect.left() + rect.width() * share
        draw_over_bar(painter, rect.adjusted(TEXT_INSET, 0, -TEXT_INSET, 0), LEFT_MIDDLE, text, split,
                      (colors.load_colour(fraction), colors.U_GRID), colors.ROW_LABEL)


class Holder(QGraphicsItem):
    """The parent of a rack's device items: hiding it hides them all."""

    def __init__(self, parent: QGraphicsItem) -> None:
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)

    def boundingRect(self) -> QRectF:
        return QRectF()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None,
              ) -> None:
        return


class DeviceItem(QGraphicsItem):
    """A device's front panel: coloured by kind, labelled with its name and model; drag to move it."""

    def __init__(self, device_id: str, label: str, model: str, kind: str, rect: QRectF, parent: QGraphicsItem,
                 start_drag: Callable[[DeviceItem], None]) -> None:
        super().__init__(parent)
        self.device_id, self.label, self.model, self.kind = device_id, label, model, kind
        self.rect = rect
        self._start_drag = start_drag
        self._press: QPoint | None = None
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.setZValue(Z_DEVICE)
        # A panel repaints as a blit until it changes; faces never rotate (Qt docs: QGraphicsItem cacheMode).
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setToolTip(plain_rich(f"{label} ({device_id})\n{model}"))

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-SELECTION_WIDTH, -SELECTION_WIDTH, SELECTION_WIDTH, SELECTION_WIDTH)

    def set_rect(self, rect: QRectF) -> None:
        """Move the panel within its rack (0 U strips are re-arranged when one comes or goes)."""
        if rect != self.rect:
            self.prepareGeometryChange()
            self.rect = rect

    @property
    def upright(self) -> bool:
        """A tall narrow strip (a 0 U PDU): its label runs bottom to top."""
        return self.rect.height() > UPRIGHT_ASPECT * self.rect.width()

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self.rect)
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None,
              ) -> None:
        lod = _lod(painter, option)
        if self.upright:
            self._paint_strip(painter, lod)
            return
        fill = QColor(colors.kind_fill(self.kind))
        painter.setPen(QPen(fill.darker(OUTLINE_DARKER), 0))
        painter.setBrush(fill)
        painter.drawRect(self.rect.adjusted(HAIRLINE, HAIRLINE, -HAIRLINE, -HAIRLINE))
        if lod * LABEL_PX >= MIN_TEXT_SCREEN_PX and self.rect.height() >= LABEL_PX:
            self._paint_label(painter)
        if self.isSelected():
            painter.setPen(QPen(QColor(colors.SELECTION), SELECTION_WIDTH))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(self.rect)

    def _paint_strip(self, painter: QPainter, lod: float) -> None:
        fill = QColor(colors.kind_fill(self.kind))
        edge = QColor(colors.kind_text(self.kind))  # light: a strip stands out from the dark cabinet
        painter.setPen(QPen(QColor(colors.SELECTION), SELECTION_WIDTH) if self.isSelected() else QPen(edge, 0))
        painter.setBrush(fill)
        painter.drawRect(self.rect)
        pixels = int(self.rect.width()) - 1
        if lod * pixels < MIN_TEXT_SCREEN_PX:
            return
        painter.save()
        painter.translate(self.rect.left(), self.rect.bottom())
        painter.rotate(-90)  # the label reads bottom to top, along the strip
        painter.setPen(QColor(colors.kind_text(self.kind)))
        painter.setFont(_font(pixels))
        along = QRectF(TEXT_INSET, 0, self.rect.height() - 2 * TEXT_INSET, self.rect.width())
        text = QFontMetricsF(painter.font()).elidedText(self.label, Qt.TextElideMode.ElideRight, along.width())
        painter.drawText(along, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, text)  # at the top
        painter.restore()

    def _paint_label(self, painter: QPainter) -> None:
        painter.setPen(QColor(colors.kind_text(self.kind)))
        painter.setFont(_font(LABEL_PX))
        metrics = QFontMetricsF(painter.font())
        inner = self.rect.adjusted(TEXT_INSET, 0, -TEXT_INSET, 0)
        two_lines = self.rect.height() >= 2 * metrics.height() + PAD
        if two_lines:
            line = metrics.height()
            name_rect = QRectF(inner.left(), inner.center().y() - line, inner.width(), line)
            model_rect = QRectF(inner.left(), inner.center().y(), inner.width(), metrics.height())
            painter.drawText(name_rect, Qt.AlignmentFlag.AlignLeft, self.label)
            painter.drawText(model_rect, Qt.AlignmentFlag.AlignLeft,
                             metrics.elidedText(self.model, Qt.TextElideMode.ElideRight, inner.width()))
            return
        name_width = metrics.horizontalAdvance(self.label)
        painter.drawText(inner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, self.label)
        room = inner.width() - name_width - NAME_MODEL_GAP
        if room > metrics.horizontalAdvance("…") * MIN_MODEL_CHARS:
            model = metrics.elidedText(self.model, Qt.TextElideMode.ElideRight, room)
            painter.drawText(inner, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, model)

    # ----- dragging to another U or rack ----------------------------------------------------------
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self._press = event.screenPos()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None or not event.buttons() & Qt.MouseButton.LeftButton:
            return
        moved = event.screenPos() - self._press
        if moved.manhattanLength() >= QApplication.startDragDistance():
            self._press = None
            self._start_drag(self)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self._press = None
        super().mouseReleaseEvent(event)


class GhostItem(QGraphicsItem):
    """Where a dragged device would land: green when it fits, red with the reason when it does not."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_GHOST)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.rect = QRectF()
        self.reason: str | None = None
        self.hide()

    def show_at(self, rect: QRectF, reason: str | None) -> None:
        self.prepareGeometryChange()
        self.rect, self.reason = rect, reason
        self.show()
        self.update()

    def boundingRect(self) -> QRectF:
        return self.rect.united(self._reason_rect()).adjusted(-PAD, -PAD, PAD, PAD)

    def _reason_rect(self) -> QRectF:
        """A label just above the ghost, wide enough for the reason (on white, readable over panels)."""
        if not self.reason:
            return QRectF()
        metrics = QFontMetricsF(_font(LABEL_PX, bold=True))
        width = metrics.horizontalAdvance(self.reason) + 2 * TEXT_INSET
        height = metrics.height() + PAD
        return QRectF(self.rect.left(), self.rect.top() - height - PAD, width, height)

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None,
              ) -> None:
        colour = QColor(colors.GHOST_REFUSED if self.reason else colors.GHOST_OK)
        fill = QColor(colour)
        fill.setAlpha(colors.GHOST_ALPHA)
        painter.setPen(QPen(colour, GHOST_PEN))
        painter.setBrush(fill)
        painter.drawRect(self.rect)
        if self.reason:
            label = self._reason_rect()
            painter.setPen(QPen(colour, 0))
            painter.setBrush(QColor(colors.RACK_INTERIOR))
            painter.drawRect(label)
            painter.setPen(QColor(colors.RED))
            painter.setFont(_font(LABEL_PX, bold=True))
            painter.drawText(label, Qt.AlignmentFlag.AlignCenter, self.reason)


def bar_text(used_w: float, available_w: float) -> tuple[float | None, str]:
    """(fraction, "31.2 / 42.0 kW (74 %)") for a bar; a zero budget with load counts as over."""
    if available_w <= 0:
        used = f"{used_w / W_PER_KW:.1f}"
        text = QCoreApplication.translate("RackView", "{used} kW, no budget").format(used=used)
        return (float("inf") if used_w > 0 else 0.0), text
    fraction = used_w / available_w
    return fraction, f"{used_w / W_PER_KW:.1f} / {available_w / W_PER_KW:.1f} kW ({fraction * PERCENT:.0f} %)"
