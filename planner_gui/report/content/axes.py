"""Axes of the proposal's line charts (collective busbw, cost over time, comparison, scaling):
readable gridline spacing and labelled ticks, so every chart's axis is built the same way."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from planner_gui.report.content.blocks import Tick

NICE_STEPS = (1.0, 2.0, 2.5, 5.0, 10.0)  # axis steps: 1, 2, 2.5 or 5 times a power of ten
Y_TICK_TARGET = 5  # about this many gridlines on a value axis


def nice_step(raw: float) -> float:
    """The smallest 1/2/2.5/5 x 10^k at or above ``raw`` (a readable gridline spacing)."""
    if raw <= 0 or not math.isfinite(raw):
        return 1.0
    power = 10.0 ** math.floor(math.log10(raw))
    return next(s * power for s in NICE_STEPS if s * power >= raw * (1 - 1e-12))


def ticks(values: Iterable[Any], label: Callable[[Any], str]) -> tuple[Tick, ...]:
    """One tick at each of ``values``, labelled ``label(value)``."""
    return tuple(Tick(float(value), label(value)) for value in values)


def value_axis(top: float, label: Callable[[float], str]) -> tuple[float, tuple[Tick, ...]]:
    """(axis maximum, ticks) of a linear axis from 0 that holds ``top`` in about Y_TICK_TARGET nice steps."""
    step = nice_step(top / Y_TICK_TARGET)
    y_max = step * math.ceil(top / step) if top > 0 else 1.0
    return y_max, ticks([v * step for v in range(round(y_max / step) + 1)], label)
