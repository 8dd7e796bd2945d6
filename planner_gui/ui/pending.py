""""Computing…" only when the results take longer than a frame.

Every edit makes the Document's shown results stale (``results_pending``); most edits' results follow
within the same frame (a design of up to a few thousand devices is analysed on the UI thread in a few
ms: document/live.py). Marking the panes as updating at once would flash "Updating…" on every edit and
cost two extra layouts and paints of the results dock and the status bar per edit (~4 ms of the ~14 ms
from a rack budget edit to a quiet window at 8,000 GPUs, benchmarks/scale.py). So the marker waits one
frame and is dropped if the results, a failure or a new design arrive first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from planner_gui.document.live import FRAME_S, MS_PER_S

PENDING_DELAY_MS = round(FRAME_S * MS_PER_S)  # one frame at 60 Hz


class PendingNotice(QObject):
    """Calls ``show`` a frame after the document's results went stale, unless they were settled by then."""

    shown = Signal()  # ``show`` was called: the results took longer than a frame

    def __init__(self, document: Any, show: Callable[[], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self, singleShot=True, interval=PENDING_DELAY_MS)
        self._timer.timeout.connect(show)
        self._timer.timeout.connect(self.shown)
        document.results_pending.connect(self._timer.start)
        for settled in (document.results_updated, getattr(document, "results_failed", None),
                        getattr(document, "design_replaced", None)):
            if settled is not None:  # a test double may offer only the GUI contract's signals
                settled.connect(self._on_document_settled)

    @property
    def waiting(self) -> bool:
        return self._timer.isActive()

    def _on_document_settled(self, *_: object) -> None:
        self._timer.stop()
