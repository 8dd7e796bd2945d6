"""Live results: the engine runs after every edit, debounced, and off the UI thread when it is slow.

A burst of edits (a drag that moves 32 servers, a paste of many racks) is coalesced by a
zero-interval single-shot timer: it fires once the events already queued are handled, so an edit's
results start at once, and edits made while a run is under way wait for it and share the next run.
The engine reads the Document's snapshot of the design (document/
snapshot.py), never the live design: ``design_source`` hands it out when no run is under way, so
no edit reaches what a run reads. Small designs are analysed right away on the UI thread (a few
ms), and so are mid-sized ones (up to a few thousand devices) whose last run took less than a
frame: a hand-off to the worker would cost more than it saves, since the two threads share the
interpreter lock. Everything else runs in one worker thread. Every request bumps a generation counter: a worker's result
is published only if no edit happened since it started, otherwise the latest snapshot is analysed
next (what the dropped run cached stays valid: it describes the snapshot it read).

Once the first results of a large design are out, everything alive (the design, the views' items,
the engine's cache) is frozen out of the cyclic collector's passes (engine/util/gc_pause.py): otherwise a
full pass over it (~290 ms at 100,000 GPUs) lands in the middle of a later edit. A new design thaws it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QDeadlineTimer,
    QObject,
    QRunnable,
    Qt,
    QThreadPool,
    QTimer,
    Signal,
)

from planner_gui.catalog import Catalog
from planner_gui.document.collector import CollectorHold
from planner_gui.engine import freeze_long_lived, thaw_long_lived
from planner_gui.model import Design
from planner_gui.model.messages import QT_TRANSLATE_NOOP, error_text

DEBOUNCE_MS = 0  # issue 19: no fixed delay; a run under way coalesces the edits made meanwhile
FIRST_RUN_DELAY_MS = 30  # a newly opened design's first run: after the window has painted once
UI_THREAD_DEVICE_LIMIT = 200  # below this the engine takes a few ms: no thread hand-off needed (brief)
# Up to this many devices a design whose last run took under a frame (wall clock: what the UI would wait)
# is analysed on the UI thread (benchmarks/scale.py's 8,000-GPU design has 1,328 devices, most of its
# edits ~10 ms); above it, always
# the worker (issue 5: a 4,096-node design never blocks the UI).
FAST_PATH_DEVICE_LIMIT = 2_000
FRAME_S = 1 / 60  # issue 19: an edit's results within one frame at 60 Hz
MS_PER_S = 1000.0
# From here a full collector pass over the open design is felt: ~15 us a device (290 ms over the 18,733
# devices of benchmarks/scale.py's 100,000-GPU design), so ~30 ms at 2,000 devices, a third of issue 8's
# 100 ms interactive budget.
FREEZE_DEVICE_LIMIT = 2_000

Analyzer = Callable[[Design, Catalog, Any], Any]


def engine_analyzer() -> tuple[Analyzer | None, Any, str]:
    """(analyze_design, a fresh cache, "") from the engine, or (None, None, why) while it is missing."""
    try:
        from planner_gui.engine import analysis
    except ImportError as error:
        why = QT_TRANSLATE_NOOP("Document", "results are not available: the engine's analysis module is missing "
                                            "({error})").fill(error=str(error))
        return None, None, why.render(QCoreApplication.translate)
    cache_type = getattr(analysis, "AnalysisCache", None)
    return analysis.analyze_design, cache_type() if cache_type is not None else None, ""


class _WorkerSignals(QObject):
    """Lives in the UI thread; a worker emits through it, so delivery is queued to the UI thread."""

    done = Signal(object, int, str, float)  # (analysis or None, generation, error text, seconds)


class _Worker(QRunnable):
    def __init__(self, job: Callable[[], None]) -> None:
        super().__init__()
        self._job = job

    def run(self) -> None:
        self._job()


class LiveAnalysis(QObject):
    """Runs ``analyze_design`` on the design that ``design_source`` returns, after each request."""

    started = Signal()
    finished = Signal(object)  # the Analysis of the latest design
    failed = Signal(str)  # the engine raised on the latest design (not a stale one); in the UI language
    freeze_device_limit = FREEZE_DEVICE_LIMIT  # tests lower it to exercise the freeze on a small design

    def __init__(self, catalog: Catalog, design_source: Callable[[], Design],
                 analyzer: Analyzer | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._catalog, self._source = catalog, design_source
        if analyzer is None:
            analyzer, self._cache, self._missing = engine_analyzer()
        else:
            self._cache, self._missing = None, ""
        self._analyze = analyzer
        self._generation = 0
        self._running = False
        self._closed = False  # shut down: a stale answer arriving afterwards starts no new run
        self._devices = 0  # devices of the design the last run read
        # Wall-clock seconds of the last run of this design (None: none yet), what a run here would block
        self._last_s: float | None = None
        self.last_seconds: float | None = None  # engine time of the last published run
        self.last_thread = ""  # "ui" or "worker": where the last published run went
        self._fresh = True  # no results published yet for this design: the first ones freeze it if large
        self.frozen = False  # this design's long-lived objects are out of the collector's passes
        self._timer = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)
        self._timer.timeout.connect(self._on_timer_timeout)
        self._pool = QThreadPool(self)
        # The cyclic collector is off from before a worker run starts until the UI thread has its result
        # (document/collector.py: a pass in the worker would destroy Qt objects off the UI thread).
        self._collector = CollectorHold(self)
        self._pool.setMaxThreadCount(1)  # one analysis at a time: a newer request waits for the runner
        self._signals = _WorkerSignals(self)
        self._signals.done.connect(self._on_worker_done, Qt.ConnectionType.QueuedConnection)

    # ----- public ----------------------------------------------------------------------------
    def request(self) -> None:
        """The design changed: analyse it once the burst of edits is over."""
        self._generation += 1
        self._closed = False
        # A design's first run waits for the window's first paint (issue 19: paint first, details after);
        # an edit's run starts at once.
        self._timer.start(FIRST_RUN_DELAY_MS if self._fresh else DEBOUNCE_MS)

    def reset_cache(self) -> None:
        """A different design was loaded: results cached for the old one must not leak into it."""
        if self._analyze is not None:
            _, self._cache, _ = engine_analyzer()
        self._last_s = None
        self._thaw()
        self._fresh = True

    @property
    def busy(self) -> bool:
        return self._running or self._timer.isActive()

    def wait_idle(self, timeout_ms: int = 30_000) -> bool:
        """Process events until the latest request is answered (tests, benchmarks, shutdown)."""
        deadline = QDeadlineTimer(timeout_ms)
        while self.busy and not deadline.hasExpired():
            QCoreApplication.processEvents()
            self._pool.waitForDone(1)
        return not self.busy

    def shutdown(self) -> None:
        self._timer.stop()
        self._closed = True  # the answer of the run waited for below, still queued, must not start another
        self._generation += 1  # whatever is running now is stale
        self._pool.waitForDone()
        self._collector.release()  # the worker is done; its queued answer, if any, finds nothing to release
        self._thaw()

    # ----- running ---------------------------------------------------------------------------
    def _on_timer_timeout(self) -> None:
        if self._analyze is None:
            self.failed.emit(self._missing)
            return
        if self._running:
            return  # the worker's completion starts the next run
        design, generation = self._source(), self._generation
        self.started.emit()
        self._devices = len(design.devices)
        if self._on_ui_thread(self._devices):
            self._run_here(design)
        else:
            self._running = True
            self._collector.hold()
            self._pool.start(_Worker(lambda: self._run_in_worker(design, generation)))

    def _on_ui_thread(self, devices: int) -> bool:
        if devices < UI_THREAD_DEVICE_LIMIT:
            return True
        return devices < FAST_PATH_DEVICE_LIMIT and self._last_s is not None and self._last_s < FRAME_S

    def _run_here(self, design: Design) -> None:
        start = time.perf_counter()
        try:
            result = self._analyze(design, self._catalog, self._cache)  # type: ignore[misc]
        except Exception as error:  # the engine's own message, shown in the status bar
            self._last_s = None
            self.failed.emit(_describe(error))
            return
        self._last_s = time.perf_counter() - start
        self._publish(result, self._last_s, "ui")

    def _run_in_worker(self, design: Design, generation: int) -> None:
        start = time.perf_counter()
        try:
            result, error = self._analyze(design, self._catalog, self._cache), ""  # type: ignore[misc]
        except Exception as exc:  # shown on the UI thread, unless the run is stale by then
            result, error = None, _describe(exc)
        self._signals.done.emit(result, generation, error, time.perf_counter() - start)

    def _on_worker_done(self, result: object, generation: int, error: str, seconds: float) -> None:
        self._running = False
        self._collector.release()
        self._last_s = seconds
        if generation != self._generation:
            if not self._timer.isActive() and not self._closed:
                self._on_timer_timeout()  # edits arrived while it ran: analyse the latest design now
            return
        if error:
            self.failed.emit(error)
        else:
            self._publish(result, seconds, "worker")

    def _publish(self, result: object, seconds: float, where: str) -> None:
        self.last_seconds, self.last_thread = seconds, where
        self.finished.emit(result)
        if self._fresh:  # after the views have built what they keep for this design
            self._fresh = False
            if self._devices >= self.freeze_device_limit:
                freeze_long_lived()
                self.frozen = True

    def _thaw(self) -> None:
        if self.frozen:
            thaw_long_lived()
            self.frozen = False


def _describe(error: Exception) -> str:
    """Why the engine failed, in the UI language (QCoreApplication.translate is thread-safe: a worker calls it)."""
    text = error_text(error, QCoreApplication.translate)
    return QT_TRANSLATE_NOOP("Document", "results could not be computed: {reason}").fill(
        reason=text or type(error).__name__).render(QCoreApplication.translate)
