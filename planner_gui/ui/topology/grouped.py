"""Grouping helpers of the fabric overview (fabric.py, overview.py). Pure numpy, no Qt.

A band's devices sorted by their partition keys (``Band``): a group's cuts are a bisection over where
each key changes (``cut_range``).

Minima and maxima of values per group index, by sorting the index once (``Grouping``):

``np.minimum.at(out, index, values)`` is unbuffered and slow: ~4 ms for the 32,768 server-leaf links
of a 4,096-node design, and the overview's regroup after an edit made eleven such calls (fabric.py)
and its bundles five more (overview.py). ``Grouping(index).into(np.minimum, out, values)`` gives the same
array (a stable sort of the index, one ``reduceat`` per call): ~0.7 ms there.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

import numpy as np


class Grouping:
    """The positions of ``index`` sorted by group, and where each group starts."""

    def __init__(self, index: np.ndarray) -> None:
        self.order = np.argsort(index, kind="stable")
        ordered = index[self.order]
        if ordered.size:
            self.starts = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1])))
        else:
            self.starts = np.empty(0, dtype=np.int64)
        self.owners = ordered[self.starts]  # the group index of each run

    def into(self, ufunc: np.ufunc, out: np.ndarray, values: np.ndarray) -> None:
        """``ufunc.at(out, index, values)`` for np.minimum or np.maximum: each group's reduction, folded into
        what ``out`` holds there."""
        if self.owners.size:
            out[self.owners] = ufunc(out[self.owners], ufunc.reduceat(values[self.order], self.starts))


@dataclass(frozen=True, eq=False)
class Band:
    """A band of the fabric overview (fabric.py) sorted by its partition keys, and where each key changes."""

    members: np.ndarray  # the band's devices in tree order
    keys: list[list[int]]  # partition keys, coarse to fine, aligned with members
    kinds: list[str]  # what each key names
    rail: np.ndarray  # per member
    base: int  # the band's first position in the tree order
    # Per key, the positions where its value changes (the member before differs), ascending; and where
    # the rail changes. A group's cuts are a bisection away: a numpy call per group and level (~1,200
    # groups at 4,096 nodes) was most of the overview's rebuild after every edit.
    cuts: list[list[int]]
    rail_cuts: list[int]


def band_of(members: np.ndarray, keys: list[np.ndarray], kinds: list[str], rail: np.ndarray, base: int) -> Band:
    cuts = [(np.flatnonzero(np.diff(key)) + 1).tolist() for key in keys]
    rail_cuts = (np.flatnonzero(np.diff(rail)) + 1).tolist()
    return Band(members, [key.tolist() for key in keys], kinds, rail, base, cuts, rail_cuts)


def cut_range(cuts: list[int], lo: int, hi: int) -> tuple[int, int]:
    """Where the cuts strictly inside (lo, hi) are in ``cuts``."""
    return bisect_right(cuts, lo), bisect_left(cuts, hi)
