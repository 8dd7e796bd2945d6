"""The fabric overview in the topology view: one item drawing the groups, their frames and the link
bundles (:mod:`planner_gui.ui.topology.overview`), and the clicks that open and close groups.

Click a group to open it (its pods, rails or switches take its place, framed under its name); click
an open group's name on its frame, or Shift-click one of its members, to close it again. Click a
device to select it, click it again to see its linked ports. Bundles are labelled "512 × 400G ·
62 %" (links, speed, the busiest link's load) where there is room, and coloured like the full
view's links (by load, speed or rail); rails colour their leaves at every size.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from planner_gui.present import format_count, format_percent
from planner_gui.ui import colors
from planner_gui.ui.palette_text import frame_colour, text_colour
from planner_gui.ui.topology import fabric as fb
from planner_gui.ui.topology import layout as tl
from planner_gui.ui.topology import overview as ov
from planner_gui.ui.topology.items import LOAD_COLOURS, NODE_RADIUS, load_levels
from planner_gui.ui.window.navigation import MIN_SCALE

if TYPE_CHECKING:
    from planner_gui.ui.topology.view import TopologyView

TITLE_PX, SUB_PX, BUNDLE_LABEL_PX = 11, 9, 10  # fonts: scene px for nodes, screen px for bundle labels
MIN_TEXT_PX = 5.0  # node text smaller than this on screen is not drawn
BUNDLE_MIN_PX, BUNDLE_MAX_PX = 1.0, 6.0  # cosmetic widths, by log10 of the link count
MAX_BUNDLE_LABELS = 400  # beyond this many bundles on screen, labels would only cover each other
FRAME_FILL_ALPHA = 28
OTHER_NETWORK_ALPHA = 90  # 0..255: bundles off the compute fabric stay visible but recede
Z_OVERVIEW = 2.5
translate = QCoreApplication.translate  # the bare name lupdate extracts
BOTTOM = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom
TOP = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop


class OverviewItem(QGraphicsItem):
    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_OVERVIEW)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.picture: ov.Picture | None = None
        self.texts: list[tuple[str, str]] = []
        self.fills: list[str] = []
        self.selected: set[int] = set()
        self.bundle_colours: list[str] = []
        self.bundle_labels: list[str] = []
        self.frame_texts: dict[int, str] = {}  # tree node -> the name on its frame
        self._rect = QRectF()

    def set_picture(self, picture: ov.Picture, texts: list[tuple[str, str]], fills: list[str],
                    bundle_colours: list[str], bundle_labels: list[str], frame_texts: dict[int, str]) -> None:
        self.prepareGeometryChange()
        self.picture, self.texts, self.fills, self.frame_texts = picture, texts, fills, frame_texts
        self.bundle_colours, self.bundle_labels = bundle_colours, bundle_labels
        left, top, right, bottom = picture.rect()
        self._rect = QRectF(left, top, right - left, bottom - top).adjusted(-20, -20, 20, 20)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        picture = self.picture
        if picture is None:
            return
        lod = max(option.levelOfDetailFromTransform(painter.worldTransform()), MIN_SCALE)
        exposed = option.exposedRect
        self._paint_frames(painter, picture, lod, widget)
        self._paint_bundles(painter, picture)
        self._paint_nodes(painter, picture, lod, exposed)
        self._paint_bundle_labels(painter, picture, lod, exposed)

    # ----- parts -------------------------------------------------------------------------------
    def _paint_frames(self, painter: QPainter, picture: ov.Picture, lod: float, widget: QWidget | None) -> None:
        text, edge = text_colour(widget), frame_colour(widget)  # on the view's background: the theme's
        painter.setFont(_font(SUB_PX, bold=True))
        for frame in picture.frames:
            rect = QRectF(frame.left, frame.top, frame.right - frame.left, frame.bottom - frame.top)
            fill = QColor(edge)
            fill.setAlpha(FRAME_FILL_ALPHA)
            painter.setPen(QPen(edge, 0))
            painter.setBrush(QBrush(fill))
            painter.drawRoundedRect(rect, NODE_RADIUS, NODE_RADIUS)
            if SUB_PX * lod >= MIN_TEXT_PX:
                painter.setPen(text)
                header = QRectF(rect.left() + 6, rect.top() + 2, rect.width() - 12, ov.FRAME_HEADER)
                painter.drawText(header, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                                 self.frame_texts.get(frame.node, ""))

    def _paint_bundles(self, painter: QPainter, picture: ov.Picture) -> None:
        spots = picture.spots
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        order = np.lexsort((picture.count, picture.fabric))  # other networks below, big bundles on top
        for k in order.tolist():
            a, b = spots[int(picture.bundle_a[k])], spots[int(picture.bundle_b[k])]
            colour = QColor(self.bundle_colours[k])
            if not picture.fabric[k]:  # storage and management: thin and faint behind the fabric
                colour.setAlpha(OTHER_NETWORK_ALPHA)
            width = _bundle_width(int(picture.count[k])) if picture.fabric[k] else BUNDLE_MIN_PX
            pen = QPen(colour, width)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.drawLine(*_ends(a, b))

    def _paint_nodes(self, painter: QPainter, picture: ov.Picture, lod: float, exposed: QRectF) -> None:
        outline = QPen(QColor(colors.SELECTION), 2.5)
        outline.setCosmetic(True)
        for i, spot in enumerate(picture.spots):
            rect = QRectF(spot.x - spot.w / 2, spot.y - spot.h / 2, spot.w, spot.h)
            if not rect.intersects(exposed):
                continue
            painter.setPen(outline if i in self.selected else Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(QColor(self.fills[i])))
            painter.drawRoundedRect(rect, NODE_RADIUS, NODE_RADIUS)
        painter.save()
        painter.scale(1.0 / lod, 1.0 / lod)  # text at screen size, within its node's screen box
        for i, spot in enumerate(picture.spots):
            rect = QRectF(spot.x - spot.w / 2, spot.y - spot.h / 2, spot.w, spot.h)
            if rect.intersects(exposed):
                self._paint_text(painter, i, QRectF(rect.x() * lod, rect.y() * lod, rect.width() * lod,
                                                    rect.height() * lod), spot)
        painter.restore()

    def _paint_text(self, painter: QPainter, i: int, box: QRectF, spot: ov.Spot) -> None:
        title, sub = self.texts[i]
        two_lines = bool(sub) and box.height() >= 2 * MIN_TEXT_PX * 1.3 + 4
        size = min(TITLE_PX, (box.height() - 4) / (2.6 if two_lines else 1.3))
        if size < MIN_TEXT_PX or box.width() < 4 * size:
            return
        painter.setPen(QColor(colors.text_on(self.fills[i])))
        inner = box.adjusted(3, 2, -3, -2)
        if two_lines:
            painter.setFont(_font(int(size), bold=True))
            painter.drawText(inner.adjusted(0, 0, 0, -inner.height() / 2), BOTTOM,
                             _elide(title, inner, int(size), bold=True))
            painter.setFont(_font(max(int(MIN_TEXT_PX), int(size) - 2)))
            painter.drawText(inner.adjusted(0, inner.height() / 2, 0, 0), TOP, _elide(sub, inner, int(size) - 2))
        else:
            painter.setFont(_font(int(size)))
            painter.drawText(inner, Qt.AlignmentFlag.AlignCenter, _elide(title, inner, int(size)))

    def _paint_bundle_labels(self, painter: QPainter, picture: ov.Picture, lod: float, exposed: QRectF) -> None:
        spots = picture.spots
        visible = []
        for k in np.argsort(-picture.count, kind="stable").tolist():  # the biggest bundles claim room first
            if not picture.fabric[k]:
                continue
            (x0, y0), (x1, y1) = (p.toTuple() for p in _ends(spots[int(picture.bundle_a[k])],
                                                              spots[int(picture.bundle_b[k])]))
            middle = QPointF((x0 + x1) / 2, (y0 + y1) / 2)
            if exposed.contains(middle):
                visible.append((k, middle, math.hypot(x1 - x0, y1 - y0) * lod))
        if len(visible) > MAX_BUNDLE_LABELS:
            return
        font = _font(BUNDLE_LABEL_PX)
        metrics = QFontMetricsF(font)
        painter.save()
        painter.scale(1.0 / lod, 1.0 / lod)  # labels keep their screen size at every zoom
        painter.setFont(font)
        backdrop = QColor(colors.LABEL_BACKDROP)
        taken: list[QRectF] = [QRectF((s.x - s.w / 2) * lod, (s.y - s.h / 2) * lod, s.w * lod, s.h * lod)
                               for s in spots]  # never over a node
        for k, middle, screen_length in visible:
            text = self.bundle_labels[k]
            width = metrics.horizontalAdvance(text) + 6
            box = QRectF(middle.x() * lod - width / 2, middle.y() * lod - metrics.height() / 2, width,
                         metrics.height())
            if screen_length < 1.2 * width or any(box.intersects(other) for other in taken):
                continue
            taken.append(box)
            painter.fillRect(box, backdrop)
            painter.setPen(QColor(colors.ROW_LABEL))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()


def _ends(a: ov.Spot, b: ov.Spot) -> tuple[QPointF, QPointF]:
    """From the lower edge of the upper node to the upper edge of the lower one (centres in one row)."""
    if abs(a.y - b.y) < 1.0:
        return QPointF(a.x, a.y), QPointF(b.x, b.y)
    upper, lower = (a, b) if a.y < b.y else (b, a)
    return QPointF(upper.x, upper.y + upper.h / 2), QPointF(lower.x, lower.y - lower.h / 2)


def _bundle_width(count: int) -> float:
    return min(BUNDLE_MAX_PX, BUNDLE_MIN_PX + math.log10(max(count, 1)) * 1.5)


def _font(px: int, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(px)
    font.setBold(bold)
    return font


def _elide(text: str, rect: QRectF, px: int, bold: bool = False) -> str:
    return QFontMetricsF(_font(px, bold)).elidedText(text, Qt.TextElideMode.ElideRight, rect.width())


# ----- texts and colours --------------------------------------------------------------------------
def node_texts(view: TopologyView, tree: fb.FabricTree, spot: ov.Spot) -> tuple[str, str]:
    """(title, subtitle) of a drawn node: "32 × NVIDIA DGX H100", "Pod 3"."""
    data, design = view.data, view.document.design
    assert data is not None
    node = tree.nodes[spot.node]
    if spot.port is not None:
        return spot.port, ""
    if node.kind == fb.DEVICE:
        device_id = data.device_ids[node.number]
        return design.devices[device_id].name or device_id, ""
    models = np.unique(tree.model[tree.devices(spot.node)])
    if models.size == 1:
        entry = view.document.catalog.get(data.model_ids[int(models[0])])
        name = entry.name if entry else data.model_ids[int(models[0])]
        title = translate("TopologyView", "{n} × {model}").format(n=format_count(node.count), model=name)
    else:
        title = translate("TopologyView", "{n} devices").format(n=format_count(node.count))
    return title, group_name(view, tree, spot.node)


def group_name(view: TopologyView, tree: fb.FabricTree, index: int) -> str:
    node = tree.nodes[index]
    if node.kind == fb.TIER:
        return translate("TopologyView", tl.short_band_label(node.band))
    if node.kind == fb.POD:
        return translate("TopologyView", "Pod {n}").format(n=node.number)
    if node.kind == fb.RAIL:
        return translate("TopologyView", "Rail {n}").format(n=node.number) if node.number > 0 else translate(
            "TopologyView", "No rail")
    if node.kind == fb.GROUP:
        return translate("TopologyView", "Group {n}").format(n=node.number)
    if node.kind == fb.CHUNK:
        return _chunk_name(view, tree, index)
    if node.kind == fb.MODEL:
        return translate("TopologyView", tl.short_band_label(node.band))
    return ""


def _chunk_name(view: TopologyView, tree: fb.FabricTree, index: int) -> str:
    node = tree.nodes[index]
    first = tree.children(index)[0]
    while tree.nodes[first].kind == fb.CHUNK:
        first = tree.children(first)[0]
    kind = tree.nodes[first].kind
    if kind == fb.POD:
        return translate("TopologyView", "Pods {a}–{b}").format(a=node.first, b=node.last)
    if kind == fb.GROUP:
        return translate("TopologyView", "Groups {a}–{b}").format(a=node.first, b=node.last)
    data = view.data
    assert data is not None
    devices = tree.devices(index)
    return f"{data.device_ids[int(devices[0])]} – {data.device_ids[int(devices[-1])]}"


def node_fill(view: TopologyView, tree: fb.FabricTree, spot: ov.Spot) -> str:
    node = tree.nodes[spot.node]
    if node.rail >= 0 and node.band >= 1:
        return colors.rail_colour(node.rail)
    data = view.data
    assert data is not None
    return colors.kind_fill(data.kinds[int(tree.devices(spot.node)[0])])


def bundle_colours(picture: ov.Picture, mode: str) -> list[str]:
    if mode == "rail":
        return [colors.rail_colour(int(r)) for r in picture.rail.tolist()]
    if mode == "load" and not np.all(np.isnan(picture.load_max)):
        return [LOAD_COLOURS[int(level)] for level in load_levels(picture.load_max).tolist()]
    return [colors.speed_colour(float(g)) for g in picture.gbps_max.tolist()]


def bundle_label(picture: ov.Picture, k: int) -> str:
    """"512 × 400G · 62 %": links, speed (a range when they differ), the busiest link's load."""
    low, high = float(picture.gbps_min[k]), float(picture.gbps_max[k])
    speed = f"{high:g}G" if low == high else f"{low:g}–{high:g}G"
    text = f"{format_count(int(picture.count[k]))} × {speed}"
    load = float(picture.load_max[k])
    return text if math.isnan(load) else f"{text} · {format_percent(load, 0)}"
