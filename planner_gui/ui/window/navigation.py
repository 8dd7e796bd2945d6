"""Zoom to cursor, pan, fit and rubber-band selection, shared by the rack and topology views.

A :class:`ViewNavigator` is an event filter on a QGraphicsView's viewport: the wheel zooms about
the point under the cursor, the middle button (or Space held with the left button) pans, and a
left drag on empty space draws a rubber band. It also sets the view options both views want for
large, mostly static scenes (see :func:`configure_view`).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QTransform, QWheelEvent
from PySide6.QtWidgets import QGraphicsView

NOTCH = 120.0  # Qt: one wheel notch is 120 eighths of a degree (QWheelEvent::angleDelta)
NOTCH_ZOOM = 1.2  # one notch zooms by 20 %; ~15 notches from a 4,096-node hall overview to 100 %
ZOOM_STEP = NOTCH_ZOOM ** (1.0 / NOTCH)  # per angle unit, so touchpads' small deltas zoom smoothly
MIN_SCALE = 0.002  # far below any fit-all: a 4,096-node hall fits a 1,600 px view at about 0.06
MAX_SCALE = 8.0  # beyond this a 1 U face is taller than the screen: nothing more to see
FIT_MARGIN = 16.0  # viewport px left around the content by fit


def configure_view(view: QGraphicsView) -> None:
    """Options for scenes of thousands of mostly static items (Qt's QGraphicsView docs).

    MinimalViewportUpdate repaints only the region that changed: a hover or a selection on a
    4,096-node topology repaints in ~16 ms instead of the ~115 ms a full repaint takes
    (benchmarks/gui_views.py, "partial" vs "paint in"). Antialiasing is on for the few large
    shapes; the batched link paths switch it off themselves. No background cache: the
    background is plain. The BSP index is set on each scene."""
    view.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
    view.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    view.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    view.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, False)
    view.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
    view.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
    view.setDragMode(QGraphicsView.DragMode.RubberBandDrag)
    view.setRubberBandSelectionMode(Qt.ItemSelectionMode.IntersectsItemShape)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)


class ViewNavigator(QObject):
    """Wheel zoom about the cursor, middle/Space panning, fit; emits ``scale_changed`` after each."""

    scale_changed = Signal(float)
    wheel_zoomed = Signal()  # the user is zooming with the wheel (views may draw less until it stops)
    navigated = Signal()  # a zoom or pan of the user's (wheel, keys, drag): not a fit

    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view)
        self._view = view
        self._pan_from: QPointF | None = None
        self._space_down = False
        view.viewport().installEventFilter(self)
        view.installEventFilter(self)

    # ----- public ------------------------------------------------------------------------------
    @property
    def scale(self) -> float:
        return self._view.transform().m11()

    def zoom_by(self, factor: float, anchor: QPointF | None = None) -> None:
        """Multiply the zoom by ``factor``, keeping the scene point under ``anchor`` (viewport px) fixed."""
        view = self._view
        target = min(MAX_SCALE, max(MIN_SCALE, self.scale * factor))
        if target == self.scale:
            return
        anchor = anchor if anchor is not None else QPointF(view.viewport().rect().center())
        before = view.mapToScene(anchor.toPoint())
        view.setTransform(QTransform.fromScale(target, target))
        after = view.mapToScene(anchor.toPoint())
        self._scroll_by_scene(before - after)
        self.scale_changed.emit(self.scale)
        self.navigated.emit()

    def set_scale(self, scale: float) -> None:
        self.zoom_by(scale / self.scale)

    def fit(self, rect: QRectF, reserve_left_px: float = 0.0, reserve_top_px: float = 0.0) -> None:
        """Show all of ``rect`` (scene units) with a small margin, leaving ``reserve_left_px`` of the
        viewport free on the left and ``reserve_top_px`` at the top (for things drawn over the view)."""
        if rect.isEmpty():
            return
        view = self._view
        viewport = view.viewport().rect()
        width = max(1.0, viewport.width() - reserve_left_px - 2 * FIT_MARGIN)
        height = max(1.0, viewport.height() - reserve_top_px - 2 * FIT_MARGIN)
        scale = min(MAX_SCALE, max(MIN_SCALE, min(width / rect.width(), height / rect.height())))
        view.setTransform(QTransform.fromScale(scale, scale))
        view.centerOn(rect.center() - QPointF(reserve_left_px / 2 / scale, reserve_top_px / 2 / scale))
        self.scale_changed.emit(self.scale)

    # ----- events ------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        view = getattr(self, "_view", None)
        if view is None:
            return False  # torn down with its view: Qt may still deliver the viewport's last events
        kind = event.type()
        if watched is view:
            return self._key_event(event) if kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease) else False
        if kind == QEvent.Type.Wheel:
            return self._wheel(event)  # type: ignore[arg-type]
        if kind == QEvent.Type.MouseButtonPress:
            return self._press(event)  # type: ignore[arg-type]
        if kind == QEvent.Type.MouseMove and self._pan_from is not None:
            return self._pan(event)  # type: ignore[arg-type]
        if kind == QEvent.Type.MouseButtonRelease and self._pan_from is not None:
            self._pan_from = None
            self._view.viewport().unsetCursor()
            return True
        return False

    def _wheel(self, event: QWheelEvent) -> bool:
        delta = event.angleDelta().y()
        if delta == 0:
            return False
        self.wheel_zoomed.emit()  # before the zoom, so the repaint it causes can already be lighter
        self.zoom_by(ZOOM_STEP ** delta, event.position())
        return True

    def _press(self, event: QMouseEvent) -> bool:
        button = event.button()
        space_drag = button == Qt.MouseButton.LeftButton and self._space_down
        pan = button == Qt.MouseButton.MiddleButton or space_drag
        if not pan:
            return False
        self._pan_from = event.position()
        self._view.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        return True

    def _pan(self, event: QMouseEvent) -> bool:
        assert self._pan_from is not None
        delta = event.position() - self._pan_from
        self._pan_from = event.position()
        bars = (self._view.horizontalScrollBar(), self._view.verticalScrollBar())
        bars[0].setValue(bars[0].value() - round(delta.x()))
        bars[1].setValue(bars[1].value() - round(delta.y()))
        self.navigated.emit()
        return True

    def _key_event(self, event: QEvent) -> bool:
        key_event: QKeyEvent = event  # type: ignore[assignment]
        if key_event.key() != Qt.Key.Key_Space or key_event.isAutoRepeat():
            return False
        self._space_down = event.type() == QEvent.Type.KeyPress
        cursor = Qt.CursorShape.OpenHandCursor if self._space_down else Qt.CursorShape.ArrowCursor
        self._view.viewport().setCursor(cursor)
        return True

    def _scroll_by_scene(self, delta: QPointF) -> None:
        """Scroll so the scene moves by ``delta`` (scene units) on screen."""
        scale = self.scale
        bars = (self._view.horizontalScrollBar(), self._view.verticalScrollBar())
        bars[0].setValue(bars[0].value() + round(delta.x() * scale))
        bars[1].setValue(bars[1].value() + round(delta.y() * scale))
