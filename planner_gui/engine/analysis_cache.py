"""Reusing analysis results between edits: what each section reads, snapshotted cheaply, and a memo.

The GUI analyses the design on every edit. Most edits touch one part of it (a workload field, one
link, one rack's budget), so each section is keyed by a snapshot of exactly what it reads, and is
recomputed only when that snapshot changes. Snapshots copy the values (a device's rack and U, a
link's medium and length) rather than trusting object identity, because the model allows plain
attribute edits of some fields; links are compared as a list, which Python does pointer-first, so
an unchanged 120,000-link list compares in well under a millisecond.

A section keyed on another's result uses that result's *generation*, a counter bumped each time the
section is recomputed, never ``id()`` (ids of freed objects are reused).

The app analyses large designs in a worker thread while the user keeps editing. Keys are taken
before a section is computed, and at the end of a run the cheap snapshots are taken again: if the
design changed meanwhile, everything the run stored is dropped (``forget_last_run``, which a
caller that knows a run was stale may also call itself).
"""

from __future__ import annotations

import dataclasses
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable
from functools import cached_property
from itertools import chain
from operator import attrgetter
from typing import Any, TypeVar

from planner_gui.engine.link_columns import LinkColumns
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
        """id, catalog id, NIC, NIC count, rack and U of every device (list comprehensions: faster than
        map(attrgetter) on slotted objects in Python 3.11)."""
        devices = list(self._design.devices.values())
        return ([d.id for d in devices], [d.catalog_id for d in devices], [d.nic_id for d in devices],
                [d.nic_count for d in devices], [d.rack_id for d in devices], [d.u for d in devices])

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
    def racks(self) -> tuple[list[Any], ...]:
        racks = list(self._design.racks.values())
        return (*_columns(racks, _RACK_FIELDS), list(chain.from_iterable(map(_feed, map(_FEED_A, racks)))),
                list(chain.from_iterable(map(_feed, map(_FEED_B, racks)))))

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
        return tuple(Counter(zip(*self.devices[_MODEL_FIELDS], strict=True)).items())

    def unchanged(self) -> bool:
        """True when the snapshots taken so far still match the design (cheap ones only: every
        structural edit, placement, rack, setting and workload change; not an in-place change of
        a link's medium or length, which would cost a full pass over the links)."""
        design = self._design
        taken = self.__dict__
        checks = {
            "devices": lambda: DesignInputs(design).devices,
            "links": lambda: list(design.links.values()),
            "racks": lambda: DesignInputs(design).racks,
            "fabric": lambda: _snapshot(design.fabric),
            "cost": lambda: DesignInputs(design).cost,
            "workload": lambda: DesignInputs(design).workload,
        }
        return all(taken[name] == fresh() for name, fresh in checks.items() if name in taken)


class LazyKey:
    """A cache key over some of a DesignInputs' snapshots, compared in order: a later (costlier)
    snapshot is only built when the earlier ones are equal. ``materialize`` builds the rest before
    the section is computed, so a stored key describes the design the value was computed from."""

    __slots__ = ("_inputs", "_names")
    __hash__ = None  # type: ignore[assignment]  # compared, never hashed

    def __init__(self, inputs: DesignInputs, *names: str) -> None:
        self._inputs, self._names = inputs, names

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LazyKey) or other._names != self._names:
            return NotImplemented
        return all(getattr(self._inputs, n) == getattr(other._inputs, n) for n in self._names)

    def materialize(self) -> None:
        for name in self._names:
            getattr(self._inputs, name)


def _columns(items: list[Any], fields: tuple[attrgetter[Any], ...]) -> tuple[list[Any], ...]:
    return tuple(list(map(field, items)) for field in fields)


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
    time; results are identical to an uncached run. A different catalog object empties it.
    Results of a run during which the design changed (a worker thread racing the UI) are not
    kept: the run checks its snapshots at the end, and a caller that knows a run was stale can
    call :meth:`forget_last_run`. ``hits`` and ``misses`` count reuse per section.
    """

    def __init__(self) -> None:
        self.hits: Counter[str] = Counter()
        self.misses: Counter[str] = Counter()
        self._catalog: Any = None
        self._slots: dict[str, tuple[Any, Any, int]] = {}
        self._replaced: dict[str, tuple[Any, Any, int] | None] = {}  # this run's overwritten slots
        self._tables: dict[str, OrderedDict[Hashable, Any]] = {}
        self._generation = 0

    def clear(self) -> None:
        self._slots.clear()
        self._replaced.clear()
        self._tables.clear()

    def begin(self, catalog: Any) -> None:
        """Start an analysis with ``catalog``; results made with another catalog are dropped."""
        self._replaced.clear()
        if catalog is not self._catalog:
            self.clear()
            self._catalog = catalog

    def finish(self, inputs: DesignInputs) -> None:
        """End an analysis: keep its results only if the design did not change while it ran."""
        if not self._replaced:  # nothing was stored: nothing to take back
            return
        try:
            stable = inputs.unchanged()
        except Exception:  # a design that cannot even be snapshotted: keep nothing from this run
            stable = False
        if not stable:
            self.forget_last_run()

    def forget_last_run(self) -> None:
        """Drop what the last ``analyze_design`` call stored, restoring the results before it."""
        for section, previous in self._replaced.items():
            if previous is None:
                self._slots.pop(section, None)
            else:
                self._slots[section] = previous
        self._replaced.clear()

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
        self._replaced.setdefault(section, slot)
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

    def finish(self, inputs: DesignInputs) -> None:
        return None

    def memo(self, section: str, key: Callable[[], Any], compute: Callable[[], T]) -> tuple[T, int]:
        return compute(), 0

    def table(self, name: str, key: Hashable, compute: Callable[[], T]) -> T:
        return compute()
