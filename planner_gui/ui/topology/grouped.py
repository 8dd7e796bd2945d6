"""Minima and maxima of values per group index, by sorting the index once. Pure numpy, no Qt.

``np.minimum.at(out, index, values)`` is unbuffered and slow: ~4 ms for the 32,768 server-leaf links
of a 4,096-node design, and the overview's regroup after an edit made eleven such calls (fabric.py)
and its bundles five more (overview.py). ``Grouping(index).into(np.minimum, out, values)`` gives the same
array (a stable sort of the index, one ``reduceat`` per call): ~0.7 ms there.
"""

from __future__ import annotations

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
