"""The cyclic collector held off while a worker thread runs engine code, and given back on the UI thread.

Python runs a collector pass in whichever thread allocates past the collector's threshold. A pass in a
worker frees the garbage cycles that exist at that moment, and in the GUI those hold Qt wrappers
(closed dialogs, replaced views, the lambdas connected to them): their C++ objects would then be
destroyed off the UI thread, which corrupts the heap (seen in the GUI suite: "QSocketNotifier: Socket
notifiers cannot be enabled or disabled from another thread", then malloc's abort). The engine's own
pause (engine/util/gc_pause.py) ends inside the worker, so its catch-up pass could still run there;
a hold taken on the UI thread before the worker starts and released on the UI thread once its answer
is in keeps every pass on the UI thread. The engine builds no cycles that need collecting while it
runs, so the hold costs nothing but the deferred pass. (The Plan Training search does the same for
its Python thread: ui/dialogs/background.py.)
"""

from __future__ import annotations

import weakref
from contextlib import AbstractContextManager

from PySide6.QtCore import QObject

from planner_gui.engine import gc_paused


class CollectorHold:
    """Holds taken by ``owner`` for its workers; an owner that is freed gives back whatever it still held.

    The give-back is a ``weakref.finalize`` on the owner's wrapper, not a slot on its ``destroyed``
    signal: a Python callable connected to an object in a garbage cycle can be cleared by the collector
    before the object's C++ destructor emits the signal, and calling it then crashes."""

    def __init__(self, owner: QObject) -> None:
        self._pauses: list[AbstractContextManager[None]] = []
        weakref.finalize(owner, _release, self._pauses)

    @property
    def held(self) -> bool:
        return bool(self._pauses)

    def hold(self) -> None:
        """On the UI thread, just before a worker starts."""
        pause = gc_paused()
        pause.__enter__()
        self._pauses.append(pause)

    def release(self) -> None:
        """On the UI thread, once the worker's answer is in (or it was waited for); idempotent."""
        _release(self._pauses)


def _release(pauses: list[AbstractContextManager[None]]) -> None:
    while pauses:
        pauses.pop().__exit__(None, None, None)
