"""Timing helpers shared by the benchmark scripts (imported as a sibling: the scripts run from benchmarks/)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any, NamedTuple

QUIET_CPU_S = 0.001  # a turn of the event loop that costs less than this did nothing worth waiting for
QUIET_TURNS = 3  # in a row: the window has painted and every follow-up timer of the opening has run
SETTLE_TICK_S = 0.01  # between turns: lets zero-interval timers and posted paints come due
SETTLE_TIMEOUT_S = 30.0


def best_and_median(action: Callable[[], object], repeat: int) -> tuple[float, float]:
    """(best, median) wall seconds of ``repeat`` runs of ``action``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def settle(process_events: Callable[[], object], timeout_s: float = SETTLE_TIMEOUT_S) -> float:
    """Turn the event loop until it is quiet; returns the CPU seconds that took.

    A window that has just been opened (and grabbed) still owes its first on-screen paint, and a large
    design's views colour their links by load once the first results are in (ui/topology/patches.py): some
    30 ms at 8,000 GPUs and 190-300 ms at 100,000 GPUs, which would otherwise be counted in the first timed
    edit. The opening benchmarks count it (benchmarks/gui.py "open"); an edit made once the window is on
    screen does not wait for it."""
    cpu, deadline, quiet = time.process_time(), time.perf_counter() + timeout_s, 0
    while quiet < QUIET_TURNS and time.perf_counter() < deadline:
        turn = time.process_time()
        process_events()
        quiet = quiet + 1 if time.process_time() - turn < QUIET_CPU_S else 0
        time.sleep(SETTLE_TICK_S)
    return time.process_time() - cpu


class EditTimes(NamedTuple):
    """One edit, in seconds: the edit call (the UI thread blocked), to its results in the panes (wall and
    CPU of the process, both threads), and CPU until the window is quiet again: the results painted and
    every follow-up the edit scheduled done (a large topology's loads are coloured a turn later)."""

    call: float
    total: float
    cpu: float
    settled_cpu: float


def budget_edit_times(doc: Any, repeat: int, timeout_ms: int,
                      process_events: Callable[[], object]) -> list[EditTimes]:
    """``repeat`` edits of the first rack's power budget, each a new value, once the opened window has settled.
    The results are stamped when ``results_updated`` reaches this slot, after the views' own slots
    (connected first), or when the wait ends if none came; "settled" once the loop is quiet again (each
    edit starts from a quiet window, as a user's does: they edit at human speed)."""
    settle(process_events)
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
        settle(process_events)
        settled = time.process_time() - cpu
        doc.results_updated.disconnect(stamp)  # only this one: a bare disconnect() cut every view off
        end = arrived[-1] if arrived else (time.perf_counter(), time.process_time())
        found.append(EditTimes(call, end[0] - start, end[1] - cpu, settled))
    return found
