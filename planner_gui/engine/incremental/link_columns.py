"""A design's links read once per analysis: the list, every link's medium and length, and their arrays
(and its devices' fields, which topology and the analysis cache's keys both read).

At 100,000 GPUs a design has ~390,000 links, and one pass over them in Python costs ~10-20 ms.
Three parts of one analysis read the same columns (the cache's snapshot of what changed, topology
and power), so ``analyze_design`` reads them once and makes them the *current* columns of the
design for the length of the run (:func:`columns_scope`); :func:`link_columns` hands them out, or
reads fresh ones when called outside an analysis or for another design. The scope is a context
variable, so a worker thread's analysis never sees another thread's columns.

The numpy arrays (medium codes, lengths) are rebuilt only when the plain list they come from
differs from the one the last run of the same cache built them from (engine/incremental/store.py;
nothing is kept without a cache): comparing two lists of the
same objects is a C-level pointer walk (~1 ms), converting them is ~10 ms. After a cable is added
or removed, how the links differ from last time's (:class:`LinkChange`: one removed at a place,
or some added at the end) is found once, without copying either list (array_ops.list_change), and
serves the parse of the references (topology_parse.py) and these arrays: last time's array with
the removed link's value dropped, or with the added links' values appended, once the values are
checked to be last time's but for that link (a medium or length edited in place in the same step
takes the general path). A medium or length that cannot be converted raises the same error, with
the same message, every time it is asked for, so the sections that need it fail exactly as they
would on their own.

Snapshots read on every analysis (the links, the devices' fields, the racks') are handed back as
last time's very lists while they are equal (:func:`kept_columns`): the fresh copies are dropped at
once, so the garbage collector never walks them, keys compare by identity, and what is derived from
them can be kept as long as they are the same objects (:func:`kept_derived`).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar

import numpy as np

from planner_gui.engine.incremental.store import kept
from planner_gui.engine.topology.parse import MEDIA, link_media
from planner_gui.engine.util.arrays import common_prefix, list_change, matches_prefix, matches_removal
from planner_gui.model import Design
from planner_gui.model.snapshot import is_snapshot

T = TypeVar("T")
_MEDIUM_CODE = {m: i for i, m in enumerate(MEDIA)}


_MEMO = "link_columns"  # in the running cache's store (store.py): the lists last read, the arrays built from them


class LinkColumns:
    """The links of ``design`` as they were when first asked for, with their media and lengths.

    A list equal to the one the last run read *is* that list: the new copy is
    dropped at once, so the garbage collector never has to walk it, and the arrays built from the
    old one are reused without another comparison. After a structural edit ``change`` says how the
    links differ from the list read last time (:class:`LinkChange`), found without copying either
    list; the parse of the references (topology_parse.py) and the arrays here follow it.
    """

    def __init__(self, design: Design) -> None:
        self.design = design
        self.change: LinkChange | None = None  # set with ``links``
        # per column: the values list read last time and how the new one relates to it (_relation)
        self._relations: dict[str, tuple[list[Any], tuple[str, int] | None]] = {}

    @cached_property
    def links(self) -> list[Any]:
        fresh = list(self.design.links.values())
        memo = _memo()
        old = memo.get("links")
        if old is None:
            memo["links"] = fresh
            return fresh
        keep, dropped = list_change(old, fresh)
        self.change = LinkChange(old, keep, dropped)
        if keep == len(old) == len(fresh):
            return old  # type: ignore[no-any-return]  # the same links: the fresh copy goes at once
        memo["links"] = fresh
        return fresh

    @cached_property
    def devices(self) -> tuple[list[Any], ...]:
        """id, catalog id, NIC, NIC count, rack and U of every device, one list per field (list
        comprehensions: faster than map(attrgetter) on slotted objects in Python 3.11): the analysis
        cache's snapshot of the devices, which topology also classifies them by."""
        return fields_of(self.design, "devices", list(self.design.devices.values()), lambda devices: (
            [d.id for d in devices], [d.catalog_id for d in devices], [d.nic_id for d in devices],
            [d.nic_count for d in devices], [d.rack_id for d in devices], [d.u for d in devices]))

    @cached_property
    def media_list(self) -> list[Any]:
        """Each link's medium (Medium members, or strings in a design built by hand)."""
        # a list comprehension: Python 3.11 specialises its attribute load on a slotted Link, ~1.5x faster
        # than map(attrgetter) on 400,000 links
        return self._kept_values("media_list", [link.medium for link in self.links])

    @cached_property
    def lengths_list(self) -> list[Any]:
        """Each link's length as stored (a number, or whatever a hand-made design holds)."""
        return self._kept_values("lengths_list", [link.length_m for link in self.links])

    @cached_property
    def media(self) -> np.ndarray:
        """int8 index into topology_parse.MEDIA per link; ValueError naming the first bad link."""
        try:
            return self._array("media", self.media_list, _medium_codes)
        except KeyError:  # plain strings, or a medium that is none: the parser's rules and message
            codes = link_media(self.links)
            codes.setflags(write=False)
            _memo()["media"] = (self.media_list, codes)
            return codes

    @cached_property
    def lengths(self) -> np.ndarray:
        """float64 metres per link; raises what ``np.fromiter`` raises for a value that is no number."""
        return self._array("lengths", self.lengths_list, lambda values: np.fromiter(values, np.float64, len(values)))

    def _kept_values(self, name: str, fresh: list[Any]) -> list[Any]:
        """The values read last time under ``name`` when ``fresh`` equals them, else ``fresh`` (kept for
        next time, with how it relates to the last values when the links changed as ``change`` says)."""
        memo = _memo()
        entry = memo.get(name)  # (the links the values were read from, the values)
        links = self.links
        if entry is not None:
            old_links, old = entry
            if len(old) == len(fresh) and old == fresh:  # pointer-first: ~1 ms for 400,000 unchanged links
                memo[name] = (links, old)
                return old  # type: ignore[no-any-return]
            change = self.change
            if change is not None and change.prior is old_links:
                self._relations[name] = (old, _relation(old, fresh, change))
        memo[name] = (links, fresh)
        return fresh

    def _array(self, name: str, values: list[Any], convert: Callable[[list[Any]], np.ndarray]) -> np.ndarray:
        """The array of ``values`` (a kept list): last time's when it came from the same list; else last
        time's with the value of the one removed link dropped, or with the added links' values converted
        and appended; else last time's for the leading values that are still equal and ``convert`` for
        the rest. A value ``convert`` cannot take raises, as it would converting the whole list."""
        memo = _memo()
        found = memo.get(name)
        if found is not None and found[0] is values:
            return found[1]  # type: ignore[no-any-return]
        relation = self._relations.get(name + "_list")
        if found is not None and relation is not None and relation[0] is found[0] and relation[1] is not None:
            kind, at = relation[1]
            array = np.delete(found[1], at) if kind == _REMOVED else np.concatenate((found[1], convert(values[at:])))
        else:
            array = _array(found, values, convert)
        array.setflags(write=False)  # shared by every later analysis of this design: never edited
        memo[name] = (values, array)
        return array


@dataclass(frozen=True, slots=True)
class LinkChange:
    """How a design's links differ from the list read for it last time (``prior``): the first ``keep``
    are the same, and ``dropped`` is the place of the one link removed, if that is the edit
    (array_ops.list_change)."""

    prior: list[Any]
    keep: int
    dropped: int | None


_REMOVED, _ADDED = "removed", "added"


def _relation(old: list[Any], fresh: list[Any], change: LinkChange) -> tuple[str, int] | None:
    """(_REMOVED, place) when ``fresh`` is ``old`` without the value of the link removed, (_ADDED, count
    of old values) when it is ``old`` with the added links' values after it; None otherwise (a value
    was also edited in place). ``fresh`` is a private list: it is changed and put back."""
    if change.dropped is not None:
        return (_REMOVED, change.dropped) if matches_removal(old, fresh, change.dropped) else None
    if change.keep == len(old) < len(fresh) and matches_prefix(old, fresh):
        return _ADDED, len(old)
    return None


def _medium_codes(values: list[Any]) -> np.ndarray:
    return np.fromiter(map(_MEDIUM_CODE.__getitem__, values), np.int8, len(values))


def _array(found: tuple[list[Any], np.ndarray] | None, values: list[Any],
           convert: Callable[[list[Any]], np.ndarray]) -> np.ndarray:
    """The array of ``values`` from ``found`` (the values and array built last time), when nothing
    says how they relate: last time's for the leading values that are still equal, and ``convert``
    for the rest (or the old array without one value, when one value went)."""
    keep = common_prefix(found[0], values) if found is not None else 0
    if found is not None and _one_removed(found[0], keep, values):
        return np.delete(found[1], keep)  # a cable deleted from the middle: drop its value, convert nothing
    tail = convert(values[keep:])
    return np.concatenate((found[1][:keep], tail)) if found is not None and keep else tail


def _one_removed(old: list[Any], keep: int, new: list[Any]) -> bool:
    """``new`` is ``old`` without its value at ``keep`` (the values after it equal, one place earlier).

    The comparison is of the kept per-link values (a medium, a length), so equal neighbours make it
    true for any one of them: dropping the value at ``keep`` then gives the same array either way."""
    return len(new) == len(old) - 1 and keep < len(new) and new[keep:] == old[keep + 1:]


def fields_of(design: Design, name: str, objects: list[Any], read: Callable[[list[Any]], tuple[Any, ...]]
              ) -> tuple[Any, ...]:
    """``read(objects)``: columns of fields of the design's ``name`` ("devices" or "racks", kept by
    :func:`kept_columns`); or last time's columns, unread, when ``design`` is a snapshot whose ``objects``
    are last time's (model/snapshot.py: a snapshot's parts are never edited in place, an edit replaces
    them). At 100,000 GPUs that saves reading 18,733 devices and 6,825 racks per analysis. A live design
    may have been edited in place: its fields are read every time."""
    memo = _memo()
    last = memo.get(name + "_read")  # (the objects, their columns)
    if last is not None and is_snapshot(design) and _same_objects(last[0], objects):
        return last[1]  # type: ignore[no-any-return]
    columns = kept_columns(design, name, read(objects))
    memo[name + "_read"] = (objects, columns)
    return columns


def _same_objects(old: list[Any], new: list[Any]) -> bool:
    """The very same objects in the same order (an equal copy is not: 20 and 20.0 compare equal)."""
    return len(old) == len(new) and all(map(operator.is_, old, new))


def kept_columns(design: Design, name: str, fresh: tuple[Any, ...]) -> tuple[Any, ...]:
    """``fresh`` (columns of a snapshot of ``design``) with each column equal to the one kept under
    ``name`` last time replaced by that one, and kept for next time. Snapshots taken on every analysis
    are then new objects only where the design changed: an equal copy goes at once, so the garbage
    collector never walks it (at 100,000 GPUs, ~40 lists of 7,000 to 19,000 items per analysis)."""
    memo = _memo()
    old = memo.get(name)
    if old is not None and len(old) == len(fresh):
        fresh = tuple(map(_kept_column, old, fresh))
    memo[name] = fresh
    return fresh


def kept_derived(design: Design, name: str, sources: tuple[Any, ...], compute: Callable[[], T]) -> T:
    """``compute()``, or what it gave last time under ``name`` when ``sources`` are the very objects it
    was computed from (:func:`kept_columns` hands back the same lists while the design's fields are
    unchanged, so a value derived from them is derived again only after they changed)."""
    memo = _memo()
    old = memo.get(name)
    if old is not None and len(old[0]) == len(sources) and all(map(operator.is_, old[0], sources)):
        return old[1]  # type: ignore[no-any-return]
    value = compute()
    memo[name] = (sources, value)
    return value


def _kept_column(old: Any, fresh: Any) -> Any:
    return old if old is fresh or (type(old) is type(fresh) and old == fresh) else fresh


def _memo() -> dict[str, Any]:
    """What the last run of the current cache read and built (nothing is kept without a cache)."""
    store = kept()
    memo = store.get(_MEMO)
    if memo is None:
        memo = store[_MEMO] = {}
    return memo  # type: ignore[no-any-return]


_CURRENT: ContextVar[LinkColumns | None] = ContextVar("planner_link_columns", default=None)


@contextmanager
def columns_scope(columns: LinkColumns) -> Iterator[LinkColumns]:
    """Make ``columns`` what :func:`link_columns` returns for its design until the block ends."""
    token = _CURRENT.set(columns)
    try:
        yield columns
    finally:
        _CURRENT.reset(token)


def link_columns(design: Design) -> LinkColumns:
    """The current analysis's columns when they belong to ``design``, else freshly read ones."""
    current = _CURRENT.get()
    if current is not None and current.design is design:
        return current
    return LinkColumns(design)
