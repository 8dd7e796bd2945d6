"""A large design's topology is drawn just after the window's first paint (issue 19: paint first, details
after).

Building the topology of a newly opened design takes ~1 s of the UI thread at 100,000 GPUs (its link
arrays, tiers and groups); the rack elevation, menus and panes can be on screen before it. From
DEFER_FROM_DEVICES devices, a replaced design first gets an empty picture with a "Drawing the fabric…"
line; the first paint of the view (or its first showing, when it is hidden) schedules the real build for
the next turn of the event loop. Until it has run the view ignores edits and results: the build reads the
design, its latest results and the selection as they are then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QRectF, Qt, QTimer
from PySide6.QtGui import QPainter

from planner_gui.model import Design
from planner_gui.ui.palette_text import text_colour

if TYPE_CHECKING:
    from planner_gui.ui.topology.view import TopologyView

# From here the topology build is felt before the first paint: ~0.3 s at the 4,096-node generated design
# (7,258 devices), ~1 s at 100,000 GPUs (18,733); document/live.py treats 2,000 devices as large too.
DEFER_FROM_DEVICES = 2_000
DRAWING = QT_TRANSLATE_NOOP("TopologyView", "Drawing the fabric…")


class DeferredBuild:
    def __init__(self, view: TopologyView) -> None:
        self.view = view
        self.pending = False
        self._scheduled = False

    def large(self) -> bool:
        """The open design is large: its build waits for the first paint, its new loads for the next turn."""
        return len(self.view.document.design.devices) >= DEFER_FROM_DEVICES

    def design_replaced(self) -> None:
        """Build now for a small design; for a large one, an empty picture until the view has painted."""
        view = self.view
        if not self.large():
            self.pending = False
            view.rebuild()
            return
        view.rebuild(Design())  # a valid, empty picture: lookups find nothing, fit_all fits nothing
        self.pending, self._scheduled = True, False
        view.viewport().update()

    def painted(self, painter: QPainter) -> None:
        """The view painted its empty picture: say what is coming, and build it on the next turn."""
        if not self.pending:
            return
        view = self.view
        painter.save()
        painter.resetTransform()
        painter.setPen(text_colour(view))
        painter.drawText(QRectF(view.viewport().rect()), Qt.AlignmentFlag.AlignCenter,
                         QCoreApplication.translate("TopologyView", DRAWING))
        painter.restore()
        self.schedule()

    def schedule(self) -> None:
        if self.pending and not self._scheduled:
            self._scheduled = True
            QTimer.singleShot(0, self.run)

    def run(self) -> None:
        """Build the picture of the design as it is now (edits made meanwhile included)."""
        if not self.pending:
            return
        self.pending, self._scheduled = False, False
        view = self.view
        view.rebuild()
        view.selection.show(view.document.selection, reveal=False)
