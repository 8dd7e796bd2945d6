"""The open design's port and device indexes, built between turns of the event loop.

The model builds them when first needed (model/link_index.py), and the first delete of a device in a
large design paid for it: ~0.3 s at 4,096 DGX nodes, ~1 s at 100,000 GPUs, with the window frozen
(issue 19: "4k nodes: delete a spine - 0.56 s"). Once the results of a design are out, this files
LINKS_PER_STEP links per turn of the event loop, a few ms each, until both indexes are complete;
an edit that needs them sooner finishes them itself. New results start it again when an edit or
another design dropped an index (a bulk load drops both).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer

from planner_gui.engine import gc_paused

if TYPE_CHECKING:
    from planner_gui.document.document import Document

# ~2.5 us a link on the 2-core test machine (both indexes): ~10 ms a step, under a 60 Hz frame, so
# input and paints are handled between the steps. 4,096 DGX nodes (118,000 links) take ~30 turns.
LINKS_PER_STEP = 4_000


class IndexWarmup(QObject):
    """Builds the indexes of its document's design a step at a time after ``start``. It keeps no Python
    reference to the document (its Qt parent): no reference cycle holds a Document's Qt objects for the
    cyclic collector, which may run in the analysis thread."""

    def __init__(self, document: Document) -> None:
        super().__init__(document)
        self._timer = QTimer(self, interval=0)  # repeats until the indexes are complete
        self._timer.timeout.connect(self._on_timer_timeout)

    @property
    def active(self) -> bool:
        return self._timer.isActive()

    def start(self, _results: object = None) -> None:
        if not self._timer.isActive():
            self._timer.start()

    def _on_timer_timeout(self) -> None:
        # The design of the moment: another one may have been opened since the start. A step files
        # thousands of links: with the collector held, no pass can start inside this slot and destroy,
        # with the garbage it frees, a Document (and this warm-up) whose timer is still running here;
        # the pass comes at the next allocation after the step.
        document: Document = self.parent()  # type: ignore[assignment]
        with gc_paused():
            complete = document.design.prepare_indexes(LINKS_PER_STEP)
        if complete:
            self._timer.stop()
