"""Timing helpers shared by the benchmark scripts (imported as a sibling: the scripts run from benchmarks/)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any


def best_and_median(action: Callable[[], object], repeat: int) -> tuple[float, float]:
    """(best, median) wall seconds of ``repeat`` runs of ``action``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def budget_edit_times(doc: Any, repeat: int, timeout_ms: int,
                      after_wait: Callable[[], object] = lambda: None) -> list[tuple[float, float, float]]:
    """Per edit of the first rack's power budget (``repeat`` edits, each a new value): (seconds in the edit
    call, seconds to its results, CPU seconds to its results, the UI thread and the worker together).
    The results are stamped when ``results_updated`` reaches this slot, after the views' own slots
    (connected first), or when the wait ends if none came; ``after_wait`` runs before the stamp is read
    (processEvents, for paints queued by the results)."""
    rack = sorted(doc.design.racks)[0]
    found = []
    for i in range(repeat):
        arrived: list[tuple[float, float]] = []

        def stamp(_analysis: object, box: list[tuple[float, float]] = arrived) -> None:
            box.append((time.perf_counter(), time.process_time()))

        doc.results_updated.connect(stamp)
        start, cpu = time.perf_counter(), time.process_time()
        doc.set_properties([rack], power_budget_kw=40.0 + i + 1)
        call = time.perf_counter() - start
        doc.live.wait_idle(timeout_ms)
        after_wait()
        doc.results_updated.disconnect(stamp)  # only this one: a bare disconnect() cut every view off
        end = arrived[-1] if arrived else (time.perf_counter(), time.process_time())
        found.append((call, end[0] - start, end[1] - cpu))
    return found
