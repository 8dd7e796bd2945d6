"""Reusing analysis results between edits: each section keyed by the revisions of what it reads, and a memo.

The GUI analyses the design on every edit. Most edits touch one part of it (a workload field, one
link, one rack's budget), and the Document knows which: it renumbers the aspects of the design each
edit changed (model/snapshot.py, from its change records), and the snapshot it hands the analysis
carries those numbers. So each section is keyed by the revisions of the aspects it reads, and is
recomputed only when one of them is new; nothing is compared, copied or read again to find out. A
design that carries no revisions (a live design, a file just loaded) has every aspect new on every
run: a cache then reuses no section, only the small tables of pure functions of a fabric profile.

A section keyed on another's result uses that result's *generation*, a counter bumped each time the
section is recomputed, never ``id()`` (ids of freed objects are reused).

One analysis at a time per cache, on a design nobody edits while it runs: the app's worker thread
reads only the Document's snapshot (document/snapshot.py), so whatever a run stores describes the
design it read, and stays valid for later runs even when that run's results were not shown. Only one
generation of results is kept: a section's new value replaces the old one as soon as it is computed.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from planner_gui.engine.incremental.link_columns import LinkColumns

T = TypeVar("T")
# Distinct fabric profiles whose curves and communication models are kept: a session flips between
# a handful of fabric variants (GDR on/off, a NIC swap), and one entry is ~130 predictions.
MAX_CACHED_PROFILES = 8


class DesignInputs:
    """The revisions of the design's aspects for one analysis, and the link columns read once for it."""

    def __init__(self, design: Any) -> None:
        self.columns = LinkColumns(design)
        self.revisions = self.columns.revisions

    def __call__(self, *aspects: str) -> tuple[int, ...]:
        """A key over ``aspects`` (model/snapshot.py ASPECTS): their revision numbers."""
        return tuple(map(self.revisions.__getitem__, aspects))


class AnalysisCache:
    """Results of earlier analyses, reused where a section's inputs are unchanged.

    Give one cache to one document and pass it to every ``analyze_design`` call, one call at a
    time, on a design that does not change while the call runs (the Document's snapshot); results
    are identical to an uncached run. A different catalog object empties it. ``hits`` and
    ``misses`` count reuse per section.
    """

    def __init__(self) -> None:
        self.hits: Counter[str] = Counter()
        self.misses: Counter[str] = Counter()
        self._catalog: Any = None
        # One value per section: a new value replaces the old one at once, so an analysis never keeps
        # two generations of results alive (at 100,000 GPUs each holds lists of 400,000 links that the
        # garbage collector walks).
        self._slots: dict[str, tuple[Any, Any, int]] = {}
        self._tables: dict[str, OrderedDict[Hashable, Any]] = {}
        self._generation = 0
        # What the pure functions' incremental steps keep for the next run (store.py): the current store
        # while this cache's analysis runs.
        self.store: dict[str, Any] = {}

    def clear(self) -> None:
        self._slots.clear()
        self._tables.clear()
        self.store.clear()

    def begin(self, catalog: Any) -> None:
        """Start an analysis with ``catalog``; results made with another catalog are dropped."""
        if catalog is not self._catalog:
            self.clear()
            self._catalog = catalog

    def memo(self, section: str, key: Callable[[], Any], compute: Callable[[], T]) -> tuple[T, int]:
        """The section's value and generation, recomputed only when ``key()`` differs from last time."""
        wanted = key()
        slot = self._slots.get(section)
        if slot is not None and slot[0] == wanted:
            self.hits[section] += 1
            return slot[1], slot[2]
        self.misses[section] += 1
        value = compute()
        self._generation += 1
        self._slots[section] = (wanted, value, self._generation)
        return value, self._generation

    def table(self, name: str, key: Hashable, compute: Callable[[], T]) -> T:
        """A small least-recently-used table of pure functions of ``key`` (a FabricProfile)."""
        table = self._tables.setdefault(name, OrderedDict())
        if key in table:
            self.hits[name] += 1
            table.move_to_end(key)
            return table[key]  # type: ignore[no-any-return]
        self.misses[name] += 1
        value = table[key] = compute()
        if len(table) > MAX_CACHED_PROFILES:
            table.popitem(last=False)
        return value


class NoCache(AnalysisCache):
    """Computes everything, builds no snapshots: the path of ``analyze_design(..., cache=None)``."""

    def memo(self, section: str, key: Callable[[], Any], compute: Callable[[], T]) -> tuple[T, int]:
        return compute(), 0

    def table(self, name: str, key: Hashable, compute: Callable[[], T]) -> T:
        return compute()
