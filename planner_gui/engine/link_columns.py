"""A design's links read once per analysis: the list, every link's medium and length, and their arrays.

At 100,000 GPUs a design has ~390,000 links, and one pass over them in Python costs ~10-20 ms.
Three parts of one analysis read the same columns (the cache's snapshot of what changed, topology
and power), so ``analyze_design`` reads them once and makes them the *current* columns of the
design for the length of the run (:func:`columns_scope`); :func:`link_columns` hands them out, or
reads fresh ones when called outside an analysis or for another design. The scope is a context
variable, so a worker thread's analysis never sees another thread's columns.

The numpy arrays (medium codes, lengths) are rebuilt only when the plain list they come from
differs from the one they were last built from for the same design: comparing two lists of the
same objects is a C-level pointer walk (~1 ms), converting them is ~10 ms. A medium or length
that cannot be converted raises the same error, with the same message, every time it is asked
for, so the sections that need it fail exactly as they would on their own.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cached_property
from typing import Any

import numpy as np

from planner_gui.engine.array_ops import common_prefix
from planner_gui.engine.topology_parse import MEDIA, link_media
from planner_gui.model import Design

_MEDIUM_CODE = {m: i for i, m in enumerate(MEDIA)}


# Per design (by id, dropped with the design): the lists last read and the arrays last built from them.
# Each entry is replaced whole, so a second thread never pairs a list with another list's array.
_KEPT: dict[int, tuple[weakref.ref[Design], dict[str, Any]]] = {}


class LinkColumns:
    """The links of ``design`` as they were when first asked for, with their media and lengths.

    A list equal to the one read last time for the same design *is* that list: the new copy is
    dropped at once, so the garbage collector never has to walk it, and the arrays built from the
    old one are reused without another comparison.
    """

    def __init__(self, design: Design) -> None:
        self.design = design

    @cached_property
    def links(self) -> list[Any]:
        return _kept(self.design, "links", list(self.design.links.values()))

    @cached_property
    def media_list(self) -> list[Any]:
        """Each link's medium (Medium members, or strings in a design built by hand)."""
        # a list comprehension: Python 3.11 specialises its attribute load on a slotted Link, ~1.5x faster
        # than map(attrgetter) on 400,000 links
        return _kept(self.design, "media_list", [link.medium for link in self.links])

    @cached_property
    def lengths_list(self) -> list[Any]:
        """Each link's length as stored (a number, or whatever a hand-made design holds)."""
        return _kept(self.design, "lengths_list", [link.length_m for link in self.links])

    @cached_property
    def media(self) -> np.ndarray:
        """int8 index into topology_parse.MEDIA per link; ValueError naming the first bad link."""
        try:
            return _array(self.design, "media", self.media_list, _medium_codes)
        except KeyError:  # plain strings, or a medium that is none: the parser's rules and message
            codes = link_media(self.links)
            codes.setflags(write=False)
            _memo(self.design)["media"] = (self.media_list, codes)
            return codes

    @cached_property
    def lengths(self) -> np.ndarray:
        """float64 metres per link; raises what ``np.fromiter`` raises for a value that is no number."""
        return _array(self.design, "lengths", self.lengths_list,
                      lambda values: np.fromiter(values, np.float64, len(values)))


def _medium_codes(values: list[Any]) -> np.ndarray:
    return np.fromiter(map(_MEDIUM_CODE.__getitem__, values), np.int8, len(values))


def _array(design: Design, name: str, values: list[Any], convert: Callable[[list[Any]], np.ndarray]
           ) -> np.ndarray:
    """The array of ``values`` (a kept list): last time's when it came from the same list; else last
    time's for the leading values that are still equal (links are added at the end) and ``convert``
    for the rest. A value ``convert`` cannot take raises, as it would converting the whole list."""
    memo = _memo(design)
    found = memo.get(name)
    if found is not None and found[0] is values:
        return found[1]  # type: ignore[no-any-return]
    keep = common_prefix(found[0], values) if found is not None else 0
    if found is not None and _one_removed(found[0], keep, values):
        array = np.delete(found[1], keep)  # a cable deleted from the middle: drop its value, convert nothing
    else:
        tail = convert(values[keep:])
        array = np.concatenate((found[1][:keep], tail)) if keep else tail
    array.setflags(write=False)  # shared by every later analysis of this design: never edited
    memo[name] = (values, array)
    return array


def _one_removed(old: list[Any], keep: int, new: list[Any]) -> bool:
    """``new`` is ``old`` without its value at ``keep`` (the values after it equal, one place earlier).

    The comparison is of the kept per-link values (a medium, a length), so equal neighbours make it
    true for any one of them: dropping the value at ``keep`` then gives the same array either way."""
    return len(new) == len(old) - 1 and keep < len(new) and new[keep:] == old[keep + 1:]


def clear_kept() -> None:
    """Forget every kept list and array (benchmarks and tests timing a first analysis)."""
    _KEPT.clear()


def _memo(design: Design) -> dict[str, Any]:
    key = id(design)
    entry = _KEPT.get(key)
    if entry is None or entry[0]() is not design:
        entry = (weakref.ref(design, lambda _ref, k=key: _KEPT.pop(k, None)), {})
        _KEPT[key] = entry
    return entry[1]


def _kept(design: Design, name: str, fresh: list[Any]) -> list[Any]:
    """The list read last time under ``name`` when ``fresh`` equals it, else ``fresh`` (kept for next
    time)."""
    memo = _memo(design)
    old = memo.get(name)
    if old is not None and old == fresh:  # pointer-first: ~1 ms for 400,000 unchanged links
        return old  # type: ignore[no-any-return]
    memo[name] = fresh
    return fresh


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
