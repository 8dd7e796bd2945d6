"""Reusing analysis results between edits: what each section reads, snapshotted cheaply, and a memo.

The GUI analyses the design on every edit. Most edits touch one part of it (a workload field, one
link, one rack's budget), so each section is keyed by a snapshot of exactly what it reads, and is
recomputed only when that snapshot changes. Keys copy the values (a device's rack and U, a link's
medium and length) rather than trusting object identity, because a live design may be edited in
place; links are compared as a list, which Python does pointer-first, so an unchanged 120,000-link
list compares in well under a millisecond. The app analyses a DesignSnapshot (model/snapshot.py),
whose parts are never edited in place: there, the same device and rack objects as last time are
last time's fields, not read again (link_columns.fields_of); an equal key is last time's very lists
either way.

A section keyed on another's result uses that result's *generation*, a counter bumped each time the
section is recomputed, never ``id()`` (ids of freed objects are reused).

One analysis at a time per cache, on a design nobody edits while it runs: the app's worker thread
reads only the Document's snapshot (document/snapshot.py), so whatever a run stores describes the
design it read, and stays valid for later runs even when that run's results were not shown.

Only one generation of results is kept: a section's new value replaces the old one as soon as it
is computed, and a stored key keeps the snapshots it names, not the run's whole DesignInputs. At
100,000 GPUs a generation holds lists of ~400,000 links, and every one alive is walked by the
garbage collector's passes, which land in the middle of edits.
"""

from __future__ import annotations

import dataclasses
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable
from functools import cached_property
from itertools import chain
from operator import attrgetter
from typing import Any, TypeVar

from planner_gui.engine.incremental.link_columns import LinkColumns, fields_of, kept_derived
from planner_gui.model import Design

T = TypeVar("T")
# Distinct fabric profiles whose curves and communication models are kept: a session flips between
# a handful of fabric variants (GDR on/off, a NIC swap), and one entry is ~130 predictions.
MAX_CACHED_PROFILES = 8
# Snapshots are one list per field, not one tuple per device or rack: at 100,000 GPUs a tuple each is
# ~50,000 objects per analysis, enough to set off the garbage collector's passes over the whole design.
_MODEL_FIELDS = slice(1, 4)  # catalog_id, nic_id, nic_count in a device snapshot
_RACK_FIELDS = tuple(map(attrgetter, ("id", "row", "position", "height_u", "power_budget_kw", "cooling",
                                      "cooling_capacity_kw", "catalog_id")))
_FEED_A, _FEED_B = attrgetter("feed_a"), attrgetter("feed_b")


class DesignInputs:
    """Comparable snapshots of the design's parts, each built at most once per analysis.

    The links, their media and their lengths are the very columns topology and power read
    (link_columns.py), so one pass over the links serves the keys and the computation.
    """

    def __init__(self, design: Design) -> None:
        self._design = design
        self.columns = LinkColumns(design)

    @cached_property
    def devices(self) -> tuple[list[Any], ...]:
        """id, catalog id, NIC, NIC count, rack and U of every device (link_columns.py)."""
        return self.columns.devices

    @cached_property
    def links(self) -> list[Any]:
        return self.columns.links

    @cached_property
    def media(self) -> list[Any]:
        return self.columns.media_list  # Medium members (or strings): immutable, compared by identity

    @cached_property
    def lengths(self) -> list[Any]:
        return self.columns.lengths_list

    @cached_property
    def racks(self) -> tuple[Any, ...]:
        return fields_of(self._design, "racks", list(self._design.racks.values()), _rack_columns)

    @cached_property
    def fabric(self) -> tuple[Any, ...]:
        return _snapshot(self._design.fabric)

    @cached_property
    def cost(self) -> tuple[Any, ...]:
        return (*_snapshot(self._design.cost), str(self._design.meta.currency))

    @cached_property
    def workload(self) -> tuple[Any, ...] | None:
        workload = self._design.workload
        return None if workload is None else _snapshot(workload)

    @cached_property
    def device_mix(self) -> tuple[tuple[Any, int], ...]:
        """(catalog id, NIC, NIC count) -> devices, in order of first appearance (what picks the main
        server: the most common model, the first seen on a tie)."""
        models = self.devices[_MODEL_FIELDS]
        return kept_derived(self._design, "device_mix", models,
                            lambda: tuple(Counter(zip(*models, strict=True)).items()))


class LazyKey:
    """A cache key over some of a DesignInputs' snapshots, compared in order: a later (costlier)
    snapshot is only built when the earlier ones are equal. ``materialize`` builds the rest before
    the section is computed, so a stored key describes the design the value was computed from; it
    then keeps those snapshots alone, not the whole DesignInputs (whose link columns also hold the
    previous analysis' lists, to compare with)."""

    __slots__ = ("_inputs", "_names", "_values")
    __hash__ = None  # type: ignore[assignment]  # compared, never hashed

    def __init__(self, inputs: DesignInputs, *names: str) -> None:
        self._inputs: DesignInputs | None = inputs
        self._names = names
        self._values: tuple[Any, ...] | None = None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LazyKey) or other._names != self._names:
            return NotImplemented
        return all(self._value(i) == other._value(i) for i in range(len(self._names)))

    def _value(self, i: int) -> Any:
        return self._values[i] if self._values is not None else getattr(self._inputs, self._names[i])

    def materialize(self) -> None:
        self._values = tuple(map(self._value, range(len(self._names))))
        self._inputs = None


def _rack_columns(racks: list[Any]) -> tuple[Any, ...]:
    return (*_columns(racks, _RACK_FIELDS), *_feed_columns(list(map(_FEED_A, racks))),
            *_feed_columns(list(map(_FEED_B, racks))))


def _columns(items: list[Any], fields: tuple[attrgetter[Any], ...]) -> tuple[list[Any], ...]:
    return tuple(list(map(field, items)) for field in fields)


def _feed_columns(feeds: list[Any]) -> tuple[list[Any] | None, ...]:
    """Voltage, amps and phases of every feed; when one is None (no B feed) or malformed, one flat list
    of each feed's values or kind (and two Nones, so the two shapes never compare equal)."""
    try:
        return [f.voltage_v for f in feeds], [f.amps for f in feeds], [f.phases for f in feeds]
    except AttributeError:
        return list(chain.from_iterable(map(_feed, feeds))), None, None


def _feed(feed: Any) -> tuple[Any, ...]:
    try:
        return (feed.voltage_v, feed.amps, feed.phases)
    except AttributeError:  # None (no B feed) or a malformed feed, which the power model reports
        return (type(feed), repr(feed), None)  # as wide as a feed, so the flat list stays aligned


def _snapshot(settings: Any) -> tuple[Any, ...]:
    """Field values of a settings dataclass; dicts become sorted item tuples (a copy, not a view)."""
    values = []
    for f in dataclasses.fields(settings):
        value = getattr(settings, f.name)
        values.append(tuple(sorted(value.items(), key=repr)) if isinstance(value, dict) else value)
    return tuple(values)


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
        if isinstance(wanted, LazyKey):
            wanted.materialize()
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
