"""The sizes the cluster search may choose between two doublings, and the binary search over them.

A doubling walk (1, 2, 4, … servers) brackets the answer: half the size fails, this size meets the goal,
so the answer can be up to twice too big. Between the two the search tries whole multiples of the
design's scale unit (``templates.generator.servers_per_unit``: a size that leaves no leaf port idle, or
whole NVLink domains) that some layout of the search space can split the global batch over. It assumes,
as the doubling walk does, that the time to train falls and the cost grows with the size, so a binary
search finds the boundary in at most ⌈log2(n + 1)⌉ designs for n sizes.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import TypeVar

from planner_gui.engine.training.planner import PlanSpace

T = TypeVar("T")


def multiples_between(low: int, high: int, unit: int) -> list[int]:
    """Whole multiples of ``unit`` strictly between ``low`` and ``high``, smallest first."""
    return list(range((low // unit + 1) * unit, high, unit))


def next_smaller(nodes: int, first: int, unit: int) -> int:
    """The size the search considers just below ``nodes``: the larger of the doubling below it and the
    unit multiple below it; 0 when ``nodes`` is the smallest size."""
    doubling, size = 0, first
    while size < nodes:
        doubling, size = size, size * 2
    return max(doubling, (nodes - 1) // unit * unit)


def splits_batch(gpus: int, per_node: int, batch: int, space: PlanSpace) -> bool:
    """Whether some tp x pp x cp of ``space`` divides the GPUs into data-parallel ranks that split the global
    batch (a necessary condition for any layout; the layout search checks the rest)."""
    models = {tp * pp * cp for tp, pp, cp in itertools.product(space.tp, space.pp, space.cp) if tp <= per_node}
    return any(gpus % m == 0 and batch % (gpus // m) == 0 for m in models)


def first_meeting(sizes: Sequence[int], meets: Callable[[int], T | None]) -> tuple[int, T | None]:
    """Binary search for the smallest size ``meets`` accepts, assuming every bigger size is accepted too
    (as the size past the end is): returns (its index, or len(sizes) when none is, and what ``meets`` gave).
    Every size left of the returned index that ``meets`` was asked about was refused, and the one just
    left of it was asked (unless the index is 0)."""
    low, high, found = -1, len(sizes), None
    while high - low > 1:
        middle = (low + high) // 2
        result = meets(sizes[middle])
        if result is None:
            low = middle
        else:
            high, found = middle, result
    return high, found


def last_meeting(sizes: Sequence[int], meets: Callable[[int], T | None]) -> tuple[int, T | None]:
    """The mirror of :func:`first_meeting`: the largest size accepted, assuming every smaller one is (as the
    size before the start is); returns (its index, or -1 when none is, and what ``meets`` gave)."""
    index, found = first_meeting(sizes[::-1], meets)
    return len(sizes) - 1 - index, found
