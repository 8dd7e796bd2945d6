"""One engine search off the UI thread that never touches Qt from the worker.

The Plan Training dialog's searches take from a fifth of a second (layouts) to many seconds (a
cluster search builds and analyses dozens of designs), too long for the UI thread. The worker here
is a plain Python thread (``concurrent.futures``) that runs one pure engine function on arguments the
UI thread copied before it started: it owns no Qt object, emits no signal and reads nothing the UI
changes. Progress is one tuple it overwrites (a single assignment, atomic under the interpreter
lock); cancelling is a ``threading.Event`` the engine asks between two designs. The dialog polls
:meth:`BackgroundSearch.done` with a QTimer and takes the result with :meth:`BackgroundSearch.finish`,
both on the UI thread.

Why the cyclic collector is paused for the whole search: Python runs a collector pass in whichever
thread happens to allocate when the count of new objects passes its threshold, and a search
allocates millions. A pass in the worker frees whatever garbage cycles exist at that moment, and in a
GUI those hold Qt wrappers (a closed dialog and the lambdas connected to its buttons): their widgets
would then be destroyed off the UI thread, which corrupts the heap. (An earlier version that ran this
search in a QThread aborted twice with heap corruption; its cause was not pinned down, so this one
keeps both Qt and the collector out of the worker.) So the pause (engine ``gc_paused``, shared with the live
analysis worker) begins on the UI thread before the worker starts and ends on the UI thread after it
has finished, followed by one collector pass there. The engine builds no cycles that need collecting
(engine/util/gc_pause.py), so the pause costs nothing but the deferred pass.
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import AbstractContextManager
from typing import Any

from planner_gui.engine import gc_paused

THREAD_NAME = "plan-search"  # the worker's name prefix (tests look for leftover workers by it)


class BackgroundSearch:
    """``work(search)`` running in a worker thread; every method but :meth:`report` and :meth:`stop`
    is for the UI thread."""

    def __init__(self, work: Callable[[BackgroundSearch], Any]) -> None:
        self.progress: tuple[int, int, str] = (0, 0, "")  # (done, of, what): written by the worker only
        self._cancel = threading.Event()
        self._pause: AbstractContextManager[None] | None = gc_paused()
        self._pause.__enter__()
        executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=THREAD_NAME)
        try:
            self._future: Future[Any] = executor.submit(work, self)
        except BaseException:
            self._resume()
            raise
        finally:
            executor.shutdown(wait=False)  # the one job still runs; the thread ends with it

    # ----- the worker's side ---------------------------------------------------------------------
    def report(self, done: int, of: int, what: str) -> None:
        """The engine's progress callback (plan_clusters ``progress``)."""
        self.progress = (done, of, what)

    def stop(self) -> bool:
        """The engine's cancel question (plan_clusters ``stop``)."""
        return self._cancel.is_set()

    # ----- the UI thread's side ------------------------------------------------------------------
    def cancel(self) -> None:
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def done(self) -> bool:
        return self._future.done()

    def finish(self) -> Any:
        """Wait for the worker (at once once :meth:`done`), resume the collector here, and return the
        result or raise what the work raised."""
        try:
            return self._future.result()
        finally:
            self._resume()

    def abandon(self) -> None:
        """Cancel, wait for the worker to notice (the engine asks between designs: under a second) and
        drop the result: the owner is closing."""
        self.cancel()
        with contextlib.suppress(Exception):  # nobody is left to show it: the owner is going away
            self.finish()

    def _resume(self) -> None:
        if self._pause is not None:
            pause, self._pause = self._pause, None
            pause.__exit__(None, None, None)
            gc.collect()  # the garbage of the search's time, collected on this (the UI) thread


class SearchSlot:
    """The search under way, held apart from its dialog so that the dialog's ``destroyed`` can abandon it
    without touching the (dying) dialog: connect ``destroyed`` to :meth:`abandon`."""

    def __init__(self) -> None:
        self.search: BackgroundSearch | None = None

    def abandon(self, *_args: object) -> None:
        search, self.search = self.search, None
        if search is not None:
            search.abandon()
