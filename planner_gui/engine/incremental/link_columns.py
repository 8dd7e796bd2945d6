"""A design's links read once per analysis: the list, every link's medium and length as arrays, and its
devices' fields (which topology and power read).

At 100,000 GPUs a design has ~390,000 links, and one pass over them in Python costs ~10-20 ms. Topology,
power and the cable schedule read the same columns, so ``analyze_design`` reads them once and makes them
the *current* columns for the length of the run (:func:`columns_scope`, a context variable, so a worker
thread's analysis never sees another thread's); :func:`link_columns` hands them out, or reads fresh ones
outside an analysis or for another design.

What changed is the Document's to say, not this module's to find out: each column is kept in the running
cache's store (store.py) with the revisions of the aspects it was read from (model/snapshot.py), and the
next run whose revisions are equal takes it unread. When links came or went, :class:`LinkChange` says how
the list differs from last time's (util/arrays.list_change, a C-level pointer walk the parse of the
references shares, topology/parse.py); a medium or length array whose values were not edited in place is
then last time's with the removed link's value dropped, or with the values from the first changed link on
converted again. A medium or length that cannot be converted raises the same error every time it is
asked for, so the sections that need it fail exactly as they would on their own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar

import numpy as np

from planner_gui.engine.incremental.store import kept
from planner_gui.engine.topology.parse import MEDIA, link_media
from planner_gui.engine.util.arrays import list_change
from planner_gui.model import Design
from planner_gui.model.snapshot import revisions_of

T = TypeVar("T")
_MEDIUM_CODE = {m: i for i, m in enumerate(MEDIA)}
_MEMO = "link_columns"  # in the running cache's store (store.py): each column with the revisions it was read at


@dataclass(frozen=True, slots=True)
class LinkChange:
    """How a design's links differ from the list read last time (``prior``): the first ``keep`` are the
    same, and ``dropped`` is the place of the one link removed, if that is the edit (util/arrays.list_change)."""

    prior: list[Any]
    keep: int
    dropped: int | None


class LinkColumns:
    """The links of ``design`` as they were when first asked for, with their media, lengths and devices."""

    def __init__(self, design: Design) -> None:
        self.design = design
        self.revisions = revisions_of(design)
        self.change: LinkChange | None = None  # set with ``links`` when they changed since last time

    def _at(self, *aspects: str) -> tuple[int, ...]:
        return tuple(map(self.revisions.__getitem__, aspects))

    @cached_property
    def links(self) -> list[Any]:
        memo, at = _memo(), self._at("links")
        old = memo.get("links")  # (revisions, list)
        if old is not None and old[0] == at:
            return old[1]  # type: ignore[no-any-return]
        fresh = list(self.design.links.values())
        if old is not None:
            keep, dropped = list_change(old[1], fresh)
            if keep == len(old[1]) == len(fresh):
                fresh = old[1]  # the same links (a live design): the fresh copy goes at once
            else:
                self.change = LinkChange(old[1], keep, dropped)
        memo["links"] = (at, fresh)
        return fresh

    @cached_property
    def devices(self) -> tuple[list[Any], ...]:
        """id, catalog id, NIC, NIC count, rack and U of every device, one list per field (list comprehensions:
        faster than map(attrgetter) on slotted objects in Python 3.11)."""
        def read() -> tuple[list[Any], ...]:
            devices = list(self.design.devices.values())
            return ([d.id for d in devices], [d.catalog_id for d in devices], [d.nic_id for d in devices],
                    [d.nic_count for d in devices], [d.rack_id for d in devices], [d.u for d in devices])
        return kept_at("device_columns", self._at("devices", "placement"), read)

    @cached_property
    def media(self) -> np.ndarray:
        """int8 index into topology_parse.MEDIA per link; ValueError naming the first bad link."""
        try:
            return self._array("media", _medium_codes)
        except KeyError:  # plain strings, or a medium that is none: the parser's rules and message
            return self._array("media", link_media)

    @cached_property
    def lengths(self) -> np.ndarray:
        """float64 metres per link; raises what ``np.fromiter`` raises for a value that is no number."""
        return self._array("lengths", lambda links: np.fromiter([link.length_m for link in links], np.float64,
                                                                len(links)))

    def _array(self, aspect: str, convert: Callable[[list[Any]], np.ndarray]) -> np.ndarray:
        """Last time's array when the links and the ``aspect`` are as they were; after links came or went
        (no value edited in place), last time's patched by ``change``; else ``convert`` of every link."""
        memo, links, at = _memo(), self.links, self._at("links", aspect)
        found = memo.get(aspect)  # (revisions, the links, the array)
        if found is not None and found[0] == at:
            return found[2]  # type: ignore[no-any-return]
        change = self.change
        if found is not None and found[0][1] == at[1] and change is not None and change.prior is found[1]:
            old = found[2]
            array = (np.delete(old, change.dropped) if change.dropped is not None
                     else np.concatenate((old[:change.keep], convert(links[change.keep:]))))
        else:
            array = convert(links)
        array.setflags(write=False)  # shared by every later analysis of this design: never edited
        memo[aspect] = (at, links, array)
        return array


def _medium_codes(links: list[Any]) -> np.ndarray:
    # a list comprehension: Python 3.11 specialises its attribute load on a slotted Link, ~1.5x faster than
    # map(attrgetter) on 400,000 links
    return np.fromiter(map(_MEDIUM_CODE.__getitem__, [link.medium for link in links]), np.int8, len(links))


def kept_at(name: str, revisions: tuple[int, ...], compute: Callable[[], T]) -> T:
    """``compute()``, or what it gave last time under ``name`` in the running cache's store when the design's
    ``revisions`` (of the aspects it reads) are the same numbers."""
    memo = _memo()
    old = memo.get(name)
    if old is not None and old[0] == revisions:
        return old[1]  # type: ignore[no-any-return]
    value = compute()
    memo[name] = (revisions, value)
    return value


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
