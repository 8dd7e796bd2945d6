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

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from itertools import compress
from operator import is_not
from typing import Any

from planner_gui.model.snapshot import DesignSnapshot

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


def is_snapshot(design: object) -> bool:
    """Whether ``design``'s parts are never edited in place (a DesignSnapshot), so identity means unchanged."""
    return isinstance(design, DesignSnapshot)


class RackRows:
    """The last call's per-rack inputs (objects, in rack order) and results of one rack-by-rack model, kept
    in the current store under ``name``, to find the racks whose inputs are other objects than last time.

    The snapshot a cached analysis reads keeps every part an edit did not touch as the same object
    (document/snapshot.py), and the rack models hand an unchanged rack's result back as the same object
    (power_racks.py), so identity says which racks to redo. The comparison is C-level passes
    (``map(is_not, ...)``): at 100,000 GPUs a rack budget edit redoes one of 6,700 racks instead of
    comparing 6,700 tuples of inputs (a few ms per model on a 2-core machine). A rack whose inputs are new
    objects with equal values is merely redone: the result is the same either way."""

    def __init__(self, name: str) -> None:
        self._name = name

    def reuse(self, ids: list[str], inputs: tuple[list[Any], ...], catalog: Any = None, settings: Any = None,
              trusted: bool = True) -> tuple[list[Any], Iterable[int]]:
        """(results in ``ids`` order, the positions whose result must be computed): the last call's
        results where a rack's inputs are the very objects they were (same id, the same ``catalog`` object,
        equal ``settings``), ``None`` and its position everywhere else. ``trusted`` False (inputs that
        may have been edited in place: the parts of a live design) reuses nothing."""
        entry = kept().get(self._name)
        count = len(ids)
        if entry is None or not trusted or entry[0] is not catalog or entry[1] != settings:
            return [None] * count, range(count)
        old_ids, old_inputs, old_results = entry[2], entry[3], entry[4]
        if old_ids == ids:  # the same racks in the same order: one pass per input column
            results = list(old_results)
            redo: set[int] = set()
            for new, old in zip(inputs, old_inputs, strict=True):
                redo.update(compress(range(count), map(is_not, new, old)))
            return results, sorted(redo)
        where = {rack_id: i for i, rack_id in enumerate(old_ids)}  # racks came or went: match them by id
        results, todo = [None] * count, []
        for i, rack_id in enumerate(ids):
            j = where.get(rack_id)
            if j is not None and all(new[i] is old[j] for new, old in zip(inputs, old_inputs, strict=True)):
                results[i] = old_results[j]
            else:
                todo.append(i)
        return results, todo

    def keep(self, ids: list[str], inputs: tuple[list[Any], ...], results: list[Any], catalog: Any = None,
             settings: Any = None) -> None:
        kept()[self._name] = (catalog, settings, ids, inputs, results)
