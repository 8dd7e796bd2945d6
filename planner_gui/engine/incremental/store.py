"""The one place the engine keeps anything from one analysis to the next: the running cache's store.

An :class:`~planner_gui.engine.incremental.analysis_cache.AnalysisCache` (one per open document)
owns a plain dict, and ``analyze_design`` makes it the *current* store for the length of a run
(:func:`keeping`, a context variable, so a worker thread's run never sees another thread's). The
incremental steps of the pure functions (the parse of the links, the fabric arrays, the kept
topology part, the per-rack power, cooling and checks, the link columns) read what the last run
left under their name with :func:`kept`, and leave what the next run may reuse. Without a cache
(a one-shot ``cluster-planner analyze``, an export, a comparison) there is no current store:
:func:`kept` hands out an empty dict that nothing keeps, and every function computes from scratch.

Nothing here is keyed by a design's id: the store belongs to the cache, the cache to a document,
and whatever is kept is checked against its inputs before it is reused (equal lists of the same
objects, the same catalog, equal settings), so results are those of a cold run.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

_CURRENT: ContextVar[dict[str, Any] | None] = ContextVar("planner_kept", default=None)


@contextmanager
def keeping(store: dict[str, Any] | None) -> Iterator[dict[str, Any] | None]:
    """Make ``store`` what :func:`kept` returns until the block ends (None: nothing is kept)."""
    token = _CURRENT.set(store)
    try:
        yield store
    finally:
        _CURRENT.reset(token)


def kept() -> dict[str, Any]:
    """The running cached analysis' store; an empty dict nothing keeps when no cache is in use."""
    store = _CURRENT.get()
    return {} if store is None else store


class LastResults:
    """Per rack id, the inputs and the result of the last call of one rack-by-rack model (power, cooling
    or their checks), kept in the current store under ``name``. Inputs and results are two dictionaries
    rather than pairs: at 4,500 racks a pair each is 4,500 more objects for the collector to walk."""

    def __init__(self, name: str) -> None:
        self._name = name

    def previous(self, catalog: Any = None, settings: Any = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """(rack id -> inputs, rack id -> result) of the last call with ``catalog`` (the same object) and
        ``settings`` (an equal value); empty when there is none."""
        entry = kept().get(self._name)
        if entry is None or entry[0] is not catalog or entry[1] != settings:
            return {}, {}
        return entry[2], entry[3]

    def keep(self, catalog: Any, settings: Any, inputs: dict[str, Any], results: dict[str, Any]) -> None:
        kept()[self._name] = (catalog, settings, inputs, results)
