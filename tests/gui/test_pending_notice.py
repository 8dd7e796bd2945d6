""""Computing…" waits a frame (ui/pending.py): results that come sooner never flash it; slower ones show it
until they are in."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document import Document
from planner_gui.model import Design
from planner_gui.ui.pending import PENDING_DELAY_MS, PendingNotice
from tests.gui.test_document_live import SlowAnalyzer, _large_design

CATALOG = bundled_catalog()
WAIT_MS = 10_000


def _notice(document: Document) -> tuple[PendingNotice, list[int]]:
    shown: list[int] = []
    notice = PendingNotice(document, lambda: shown.append(1))
    return notice, shown


def test_results_within_the_frame_never_show_the_notice(qtbot: QtBot) -> None:
    document = Document(CATALOG, Design(), analyzer=SlowAnalyzer(0.0))  # a small design: the UI thread
    notice, shown = _notice(document)
    assert document.live.wait_idle(WAIT_MS)
    document.set_settings("meta", name="edited")
    assert notice.waiting  # stale, but not said yet
    assert document.live.wait_idle(WAIT_MS)
    qtbot.wait(3 * PENDING_DELAY_MS)
    assert shown == [] and not notice.waiting and document.analysis == "edited"


@pytest.mark.parametrize("seconds", [0.3])
def test_results_slower_than_a_frame_show_it_until_they_are_in(qtbot: QtBot, seconds: float) -> None:
    document = Document(CATALOG, _large_design(), analyzer=SlowAnalyzer(seconds))  # the worker
    notice, shown = _notice(document)
    assert document.live.wait_idle(WAIT_MS)
    shown.clear()  # the first run's notice
    document.set_settings("meta", name="edited")
    assert shown == []
    with qtbot.waitSignal(notice.shown, timeout=WAIT_MS):
        pass
    assert document.analysis != "edited"  # said while the run is under way
    assert document.live.wait_idle(WAIT_MS)
    assert shown == [1] and not notice.waiting and document.analysis == "edited"
