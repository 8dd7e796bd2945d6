"""Graphics items of the topology view: device nodes, path items, the zoomed-out overview.

Links are never one item each (:mod:`planner_gui.ui.topology.links` batches them): paths are
built from numpy arrays in one call (pyqtgraph's ``arrayToQPath``, which streams the points into
Qt through QDataStream) and painted by Qt in C++. Far out, devices merge into one block per run
of identical devices (:class:`GroupsItem`) and links into one line per pair of blocks (:class:`BundlesItem`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from pyqtgraph.functions import arrayToQPath
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QStyleOptionGraphicsItem, QWidget

from planner_gui.ui import colors
from planner_gui.ui.topology import layout as tl
from planner_gui.ui.window.navigation import MIN_SCALE

LABEL_PX = 10.0  # label font size in scene units: legible from 70 % zoom (7 px on screen)
BOUNDS_PAD = 1.0  # scene units around a path's control points (a cosmetic pen's half width at 100 %)
LABEL_INSET = 4.0  # scene units between a label and its node's edges
LABEL_MIN_SCREEN_PX = 7.0  # below this on screen, labels are skipped (they would be unreadable)
NODE_RADIUS = 4.0  # rounded corners of a node, scene units
SELECTION_WIDTH = 2.5  # cosmetic px
# A path with more segments than this is drawn without antialiasing: aliased opaque lines are
# 4-5x faster in Qt's raster engine (measured: 120,000 segments in 34 ms vs 136+ ms).
AA_SEGMENT_LIMIT = 2000
BUNDLE_MIN_WIDTH, BUNDLE_MAX_WIDTH = 1.0, 2.0  # cosmetic px of overview bundles, by capacity
LOAD_COLOURS = (colors.GREEN, colors.AMBER, colors.RED, colors.NO_DATA)  # load level codes 0..3
# Link load levels (share of line rate under the headline AllReduce, engine/topology/utilisation.py).
# Amber from 70 %: an M/M/1 queue's wait is rho / (1 - rho) service times, 2.3 at 70 % and climbing
# steeply (queueing latency starts to show); red from 90 %: within a few points of the 96 % a NIC
# achieves with GPUDirect RDMA (collectives/hardware.py NIC_EFFICIENCY): the link is saturated.
LINK_AMBER_FROM = 0.7
LINK_RED_FROM = 0.9
MAX_BANDS = 64  # band codes per key digit: far above the 4-5 tiers a fabric has, plus the two others
Z_BUNDLES, Z_LINKS, Z_GROUPS, Z_NODES, Z_OVERLAY = 0, 1, 2, 3, 4


def label_font() -> QFont:
    font = QFont()
    font.setPixelSize(int(LABEL_PX))
    return font


class LayerItem(QGraphicsItem):
    """An invisible parent: hiding it hides thousands of children in one call."""

    def __init__(self, z: float) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self.setZValue(z)

    def boundingRect(self) -> QRectF:
        return QRectF()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None,
              ) -> None:
        return


class NodeItem(QGraphicsItem):
    """One device: a coloured block, labelled when zoomed in; selectable and movable by hand."""

    def __init__(self, index: int, device_id: str, label: str, kind: str, parent: QGraphicsItem,
                 on_moved: Callable[[NodeItem], None]) -> None:
        super().__init__(parent)
        self.index, self.device_id, self.label = index, device_id, label
        self._fill = QColor(colors.kind_fill(kind))
        self._text = QColor(colors.kind_text(kind))
        self._on_moved = on_moved
        self.quiet = True  # programmatic moves do not count as the user's
        flags = QGraphicsItem.GraphicsItemFlag
        self.setFlags(flags.ItemIsSelectable | flags.ItemIsMovable | flags.ItemSendsGeometryChanges)
        # Repainting a cached pixmap is a blit; nodes change rarely and never rotate (Qt docs: QGraphicsItem cacheMode).
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        pad = SELECTION_WIDTH
        return QRectF(-tl.NODE_W / 2 - pad, -tl.NODE_H / 2 - pad, tl.NODE_W + 2 * pad, tl.NODE_H + 2 * pad)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(_node_rect())
        return path

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None,
              ) -> None:
        rect = _node_rect()
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        selected = self.isSelected()
        if lod * LABEL_PX < LABEL_MIN_SCREEN_PX:  # level of detail: a plain block, no text
            painter.fillRect(rect, colors.SELECTION if selected else self._fill)
            return
        painter.setPen(QPen(QColor(colors.SELECTION), SELECTION_WIDTH) if selected else Qt.PenStyle.NoPen)
        painter.setBrush(self._fill)
        painter.drawRoundedRect(rect, NODE_RADIUS, NODE_RADIUS)
        painter.setPen(self._text)
        painter.setFont(label_font())
        metrics = QFontMetricsF(painter.font())
        text = metrics.elidedText(self.label, Qt.TextElideMode.ElideMiddle, rect.width() - LABEL_INSET)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: Any) -> Any:
        if change == QGraphicsItem.GraphicsItemChange.ItemPositionHasChanged and not self.quiet:
            self._on_moved(self)
        return super().itemChange(change, value)

    def place(self, x: float, y: float) -> None:
        self.quiet = True
        self.setPos(x, y)
        self.quiet = False


def _node_rect() -> QRectF:
    return QRectF(-tl.NODE_W / 2, -tl.NODE_H / 2, tl.NODE_W, tl.NODE_H)


class PassivePathItem(QGraphicsPathItem):
    """A path that is only looked at: never hit by clicks or the rubber band (its shape is empty),
    which spares Qt stroking 30,000 segments to test a click."""

    def __init__(self, pen: QPen, z: float, segments: int = 0) -> None:
        super().__init__()
        self.setPen(pen)
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.segments = segments
        self.aliased: bool | None = None  # None: decided by this path's own segment count
        self._bounds = QRectF()

    def setPath(self, path: QPainterPath) -> None:
        # Qt derives a stroked path item's bounds from shape(), which is empty here: keep them explicitly.
        self.prepareGeometryChange()
        bounds = path.controlPointRect()
        pad = BOUNDS_PAD
        self._bounds = bounds.adjusted(-pad, -pad, pad, pad) if not path.isEmpty() else QRectF()
        super().setPath(path)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def contains(self, point: QPointF) -> bool:
        return False

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None,
              ) -> None:
        if self.aliased or (self.aliased is None and self.segments > AA_SEGMENT_LIMIT):
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        super().paint(painter, option, widget)


def cosmetic_pen(colour: str, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(QColor(colour), width, style)
    pen.setCosmetic(True)  # the same on-screen width at every zoom
    return pen


def segments_path(x0: np.ndarray, y0: np.ndarray, x1: np.ndarray, y1: np.ndarray) -> QPainterPath:
    """One path holding every segment (x0, y0)-(x1, y1), built without a Python loop."""
    n = x0.size
    if n == 0:
        return QPainterPath()
    x, y = np.empty(2 * n), np.empty(2 * n)
    x[0::2], x[1::2], y[0::2], y[1::2] = x0, x1, y0, y1
    return arrayToQPath(x, y, connect="pairs", finiteCheck=False)


def load_levels(u: np.ndarray) -> np.ndarray:
    """Index into LOAD_COLOURS per load: green, amber, red, or no data (NaN)."""
    code = np.where(u >= LINK_RED_FROM, 2, np.where(u >= LINK_AMBER_FROM, 1, 0))
    return np.where(np.isnan(u), 3, code).astype(np.int64)


class _DrawingItem(QGraphicsItem):
    """A picture that is only looked at: no clicks, no rubber-band hits."""

    def __init__(self, z: float) -> None:
        super().__init__()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._rect = QRectF()

    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        return QPainterPath()


class GroupsItem(_DrawingItem):
    """Far out: one block per run of identical devices in a row, labelled "32 × DGX H100" if it fits."""

    def __init__(self) -> None:
        super().__init__(Z_GROUPS)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self._blocks: list[tuple[QPainterPath, QBrush]] = []
        self._labels: list[tuple[QRectF, str, float]] = []  # (block, text, text width in screen px)

    def rebuild(self, groups: tl.Groups, names: list[str], kinds: list[str]) -> None:
        self.prepareGeometryChange()
        half = tl.NODE_H / 2
        self._blocks = _block_paths(groups, kinds)
        metrics = QFontMetricsF(_screen_label_font())
        self._labels = []
        for x0, x1, y, n, k in zip(groups.x0, groups.x1, groups.y, groups.count, groups.key, strict=True):
            text = f"{int(n)} × {names[int(k)]}"
            rect = QRectF(float(x0), float(y) - half, float(x1 - x0), tl.NODE_H)
            self._labels.append((rect, text, metrics.horizontalAdvance(text)))
        self._rect = QRectF()
        for path, _ in self._blocks:
            self._rect = self._rect.united(path.boundingRect())

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None,
              ) -> None:
        for path, brush in self._blocks:
            painter.fillPath(path, brush)
        lod = max(option.levelOfDetailFromTransform(painter.worldTransform()), MIN_SCALE)
        painter.save()
        painter.scale(1.0 / lod, 1.0 / lod)  # labels keep their screen size at every zoom
        painter.setFont(_screen_label_font())
        painter.setPen(QColor(colors.LABEL_ON_DARK))
        exposed = option.exposedRect
        if tl.NODE_H * lod < QFontMetricsF(painter.font()).height():
            painter.restore()
            return  # rows too thin for a line of text
        for rect, text, width in self._labels:  # ~1,000 blocks at 4,096 nodes; only the exposed ones draw
            if width < rect.width() * lod and rect.intersects(exposed):
                screen = QRectF(rect.x() * lod, rect.y() * lod, rect.width() * lod, rect.height() * lod)
                painter.drawText(screen, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()


class BundlesItem(_DrawingItem):
    """Links merged per pair of groups: one line each, wider for more capacity."""

    def __init__(self) -> None:
        super().__init__(Z_BUNDLES)
        self._bundles: list[tuple[QPainterPath, QPen]] = []

    def rebuild(self, groups: tl.Groups, bundles: tl.Bundles, by_load: bool = False) -> None:
        drawn = _bundle_paths(groups, bundles, by_load and bundles.load is not None)
        if len(drawn) == len(self._bundles) and all(
                path == old_path and pen == old_pen for (path, pen), (old_path, old_pen) in zip(
                    drawn, self._bundles, strict=True)):
            return  # the same picture: no repaint (a full one costs ~60 ms at 100,000 GPUs)
        self.prepareGeometryChange()
        self._bundles = drawn
        self._rect = QRectF()
        for path, _ in self._bundles:
            self._rect = self._rect.united(path.controlPointRect())
        self._rect.adjust(-1.0, -1.0, 1.0, 1.0)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None,
              ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # many lines: see AA_SEGMENT_LIMIT
        for path, pen in self._bundles:
            painter.strokePath(path, pen)


def _speed_colours(gbps: np.ndarray) -> np.ndarray:
    """colors.speed_colour for a whole array at once."""
    thresholds = np.array([speed for speed, _ in colors.SPEED_COLOURS])
    names = np.array([colour for _, colour in colors.SPEED_COLOURS] + [colors.UNKNOWN_SPEED_COLOUR])
    index = np.searchsorted(thresholds, np.nan_to_num(gbps, nan=-1.0), side="right") - 1
    return names[np.where(index < 0, len(thresholds), index)]


def _screen_label_font() -> QFont:
    font = QFont()
    font.setPixelSize(int(LABEL_MIN_SCREEN_PX))
    return font


def _block_paths(groups: tl.Groups, kinds: list[str]) -> list[tuple[QPainterPath, QBrush]]:
    by_colour: dict[str, QPainterPath] = {}
    half = tl.NODE_H / 2
    for x0, x1, y, key in zip(groups.x0, groups.x1, groups.y, groups.key, strict=True):
        colour = QColor(colors.kind_fill(kinds[int(key)]))
        path = by_colour.setdefault(colour.name(), QPainterPath())
        path.addRect(QRectF(float(x0), float(y) - half, float(x1 - x0), tl.NODE_H))
    result = []
    for name, path in by_colour.items():
        colour = QColor(name)
        colour.setAlpha(colors.GROUP_FILL_ALPHA)
        result.append((path, QBrush(colour)))
    return result


def _bundle_paths(groups: tl.Groups, bundles: tl.Bundles, by_load: bool) -> list[tuple[QPainterPath, QPen]]:
    """One path per (colour, width): colour by mean speed, or by the busiest member's load level."""
    if bundles.links.size == 0:
        return []
    cx = (groups.x0 + groups.x1) / 2.0
    mean_speed = bundles.gbps / np.maximum(bundles.links, 1)
    weight = np.log2(1.0 + bundles.gbps)
    width = np.round(np.interp(weight, (weight.min(), max(weight.max(), weight.min() + 1.0)),
                               (BUNDLE_MIN_WIDTH, BUNDLE_MAX_WIDTH)))
    load = bundles.load if by_load else None
    colour_of = _speed_colours(mean_speed) if load is None else np.array(LOAD_COLOURS)[load_levels(load)]
    result = []
    for colour in np.unique(colour_of).tolist():
        for w in np.unique(width).tolist():
            pick = (width == w) & (colour_of == colour)
            if pick.any():
                ga, gb = bundles.group_a[pick], bundles.group_b[pick]
                path = segments_path(cx[ga], groups.y[ga], cx[gb], groups.y[gb])
                result.append((path, cosmetic_pen(colour, float(w))))
    return result
