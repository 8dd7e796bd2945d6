"""Per-rack results kept from one call to the next, for the rack-by-rack parts of the facility models.

Power, cooling and their checks build one object per rack (4,500 racks at 100,000 GPUs), and an edit
changes one or two racks. :class:`LastResults` keeps, per design, what the previous call built for
each rack with the exact inputs it was built from; the next call reuses an object when its inputs
compare equal, so every result is exactly what a fresh computation would give. The kept results are
replaced whole at the end of a call, so a call racing another on a second thread sees one call's
results or the other's, never a mix. Entries go when their design is garbage-collected, or when a
different catalog object is used.
"""

from __future__ import annotations

import threading
import weakref
from typing import Any

_NO_DESIGN = -1  # key of the entry for callers that have no design (facility checks)


class LastResults:
    """Per rack id, the inputs and the result of the last call for a design (and catalog and settings).

    Inputs and results are kept in two dictionaries rather than as pairs: at 4,500 racks a pair each
    is 4,500 more objects for the garbage collector to walk after every analysis.
    """

    def __init__(self) -> None:
        self._kept: dict[int, tuple[Any, Any, Any, dict[str, Any], dict[str, Any]]] = {}
        self._lock = threading.Lock()
        _ALL.add(self)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()

    def previous(self, design: Any, catalog: Any = None, settings: Any = None
                 ) -> tuple[dict[str, Any], dict[str, Any]]:
        """(rack id -> inputs, rack id -> result) kept by the last :meth:`keep` for ``design`` and
        ``catalog`` (the same object) and ``settings`` (an equal value); empty when there is none."""
        entry = self._kept.get(_key(design))
        if (entry is None or (design is not None and entry[0]() is not design) or entry[1] is not catalog
                or entry[2] != settings):
            return {}, {}
        return entry[3], entry[4]

    def keep(self, design: Any, catalog: Any, settings: Any, inputs: dict[str, Any], results: dict[str, Any]
             ) -> None:
        key = _key(design)
        ref = None if design is None else weakref.ref(design, lambda _ref, k=key: self._forget(k))
        with self._lock:
            self._kept[key] = (ref, catalog, settings, inputs, results)

    def _forget(self, key: int) -> None:
        with self._lock:
            self._kept.pop(key, None)


_ALL: weakref.WeakSet[LastResults] = weakref.WeakSet()


def clear_all() -> None:
    """Forget every kept result (benchmarks and tests timing a first analysis)."""
    for memo in list(_ALL):
        memo.clear()


def _key(design: Any) -> int:
    return _NO_DESIGN if design is None else id(design)
