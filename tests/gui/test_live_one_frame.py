"""One-frame updates (issue 19): no fixed delay before an edit's analysis, small-and-fast designs analysed
on the UI thread, and only the result panes whose sections changed drawn again."""

from __future__ import annotations

import time
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document import Document
from planner_gui.document.live import DEBOUNCE_MS, FRAME_S
from planner_gui.model import Design
from planner_gui.ui.results.panel import ResultsPanel
from tests.gui.test_document_live import _large_design

CATALOG = bundled_catalog()
WAIT_MS = 10_000


def _timed_analyzer(seconds: float) -> Any:
    def analyzer(design: Design, catalog: Any, cache: Any) -> str:
        time.sleep(seconds)
        return design.meta.name

    return analyzer


def test_no_fixed_delay_before_an_edit_is_analysed() -> None:
    assert DEBOUNCE_MS == 0


@pytest.mark.parametrize(("seconds", "thread"), [(0.0, "ui"), (3 * FRAME_S, "worker")])
def test_a_mid_sized_design_goes_to_the_ui_thread_only_while_its_runs_take_under_a_frame(
        qtbot: QtBot, seconds: float, thread: str) -> None:
    """Over the UI-thread device limit, the first run goes to the worker; the next edit runs on the UI thread
    when that run took under a frame (a hand-off would cost more), in the worker when it did not."""
    doc = Document(CATALOG, _large_design(), analyzer=_timed_analyzer(seconds))
    assert doc.live.wait_idle(WAIT_MS) and doc.live.last_thread == "worker"
    doc.set_settings("meta", name="edited")
    assert doc.live.wait_idle(WAIT_MS)
    assert doc.live.last_thread == thread and doc.analysis == "edited"


def test_only_the_panes_whose_sections_changed_are_drawn_again(qtbot: QtBot,
                                                               air_cooled_document: Document) -> None:
    """A rack's budget changes power and cooling, not the collective curves, cost inputs aside: the curves
    pane keeps what it drew; a fabric setting changes the curves, and they are drawn again."""
    document = air_cooled_document
    panel = ResultsPanel(document)
    qtbot.addWidget(panel)
    assert document.live.wait_idle(WAIT_MS)
    drawn: list[str] = []
    for name, pane, method in (("curves", panel.curves, "show_curves"), ("power", panel.power, "show_reports")):
        real = getattr(pane, method)
        setattr(pane, method, lambda *a, _real=real, _name=name, **k: (drawn.append(_name), _real(*a, **k)))
    rack = sorted(document.design.racks)[0]
    document.set_properties([rack], power_budget_kw=document.design.racks[rack].power_budget_kw + 1.0)
    assert document.live.wait_idle(WAIT_MS)
    assert drawn == ["power"]
    document.set_settings("fabric", sharp=not document.design.fabric.sharp)
    assert document.live.wait_idle(WAIT_MS)
    assert drawn == ["power", "curves", "power"]
    panel.refresh(document.analysis)  # a full refresh (preferences changed) draws every pane
    assert drawn[-2:] == ["curves", "power"]
