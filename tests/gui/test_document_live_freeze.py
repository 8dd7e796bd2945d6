"""Live results of a large design freeze its long-lived objects out of the cyclic collector's passes once
the first results are out (engine/util/gc_pause.py), and a new design hands them back."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document import Document
from planner_gui.document.live import LiveAnalysis
from planner_gui.examples import default_example_path
from planner_gui.io import load_design

CATALOG = bundled_catalog()


@pytest.fixture
def document(qtbot: QtBot) -> Iterator[Document]:
    document = Document(CATALOG, load_design(default_example_path(), CATALOG).design)
    yield document
    document.live.shutdown()
    gc.unfreeze()  # whatever a failed assertion left frozen


def test_small_designs_stay_with_the_collector(document: Document) -> None:
    assert len(document.design.devices) < LiveAnalysis.freeze_device_limit
    document.live.wait_idle()
    assert document.analysis is not None and not document.live.frozen


def test_first_results_of_a_large_design_freeze_and_a_new_design_thaws(
        document: Document, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(LiveAnalysis, "freeze_device_limit", len(document.design.devices))  # "large" now
    document.live.wait_idle()
    assert document.live.frozen and gc.get_freeze_count() > 0
    results = document.analysis
    document.set_properties([next(iter(document.design.racks))], power_budget_kw=33.0)
    document.live.wait_idle()
    assert document.analysis is not results and document.live.frozen  # later results freeze nothing more
    document.new()  # the empty design: its objects are the collector's again, and it is too small to freeze
    assert not document.live.frozen and gc.get_freeze_count() == 0
    document.live.wait_idle()
    assert not document.live.frozen and gc.get_freeze_count() == 0


def test_shutdown_thaws(document: Document, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(LiveAnalysis, "freeze_device_limit", 1)
    document.live.wait_idle()
    assert gc.get_freeze_count() > 0
    document.live.shutdown()
    assert gc.get_freeze_count() == 0
