"""The cyclic collector never runs in the live analysis' worker thread: it is off from before a worker run
starts until the UI thread has the result (document/live.py). A pass in the worker would destroy the Qt
objects of garbage cycles off the UI thread, which corrupted the heap in the GUI suite ("Socket notifiers
cannot be enabled or disabled from another thread", then malloc's abort)."""

from __future__ import annotations

import gc
import threading

import pytest
from pytestqt.qtbot import QtBot

from planner_gui.catalog import Catalog, bundled_catalog
from planner_gui.document import live
from planner_gui.document.document import Document
from planner_gui.engine.analysis import analyze_design
from planner_gui.model import Design
from tests.gui.support import air_cooled_default_design

WAIT_MS = 10_000


def test_the_worker_runs_with_the_collector_off_and_the_ui_thread_turns_it_back_on(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live, "UI_THREAD_DEVICE_LIMIT", 0)  # every run by its speed: this one in the worker
    seen: list[tuple[str, bool]] = []

    def watched(design: Design, catalog: Catalog, cache: object) -> object:
        seen.append((threading.current_thread().name, gc.isenabled()))
        return analyze_design(design, catalog)

    catalog = bundled_catalog()
    document = Document(catalog, air_cooled_default_design(catalog), analyzer=watched)
    assert gc.isenabled()
    assert document.live.wait_idle(WAIT_MS) and document.analysis is not None
    assert document.live.last_thread == "worker"
    assert seen and seen[0][0] != threading.main_thread().name and seen[0][1] is False
    assert gc.isenabled()  # released on the UI thread with the result
    document.set_settings("fabric", sharp=True)
    assert document.live.wait_idle(WAIT_MS) and len(seen) == 2 and seen[1][1] is False and gc.isenabled()
    document.live.shutdown()


def test_a_shutdown_while_the_worker_runs_gives_the_collector_back(qtbot: QtBot,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live, "UI_THREAD_DEVICE_LIMIT", 0)
    started, gate = threading.Event(), threading.Event()
    runs: list[int] = []

    def held(design: Design, catalog: Catalog, cache: object) -> object:
        runs.append(1)
        started.set()
        gate.wait(WAIT_MS / 1000)
        return analyze_design(design, catalog)

    catalog = bundled_catalog()
    document = Document(catalog, air_cooled_default_design(catalog), analyzer=held)
    qtbot.waitUntil(started.is_set, timeout=WAIT_MS)
    assert not gc.isenabled()
    gate.set()
    document.live.shutdown()  # waits for the worker; its queued answer is stale
    assert gc.isenabled()
    qtbot.wait(50)  # the stale answer is delivered: a shut-down analysis starts no new run for it
    assert runs == [1] and not document.live.busy and gc.isenabled()

