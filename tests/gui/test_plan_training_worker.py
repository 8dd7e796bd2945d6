"""Tools ▸ Plan Training searches in a worker thread: the window keeps turning its event loop while a
search computes, Cancel stops a cluster search between two designs, closing or destroying the dialog
mid-search leaves no worker behind (and the garbage collector on), and the results are the CLI's."""

from __future__ import annotations

import gc
import json
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QTimer
from pytestqt.qtbot import QtBot

from planner_gui.cli import main
from planner_gui.document.document import Document
from planner_gui.engine import plan_clusters
from planner_gui.io import save_design
from planner_gui.templates import TemplateSpec
from planner_gui.templates.generator import generate_design
from planner_gui.ui.dialogs.background import THREAD_NAME
from planner_gui.ui.dialogs.plan_training import PlanTrainingDialog
from tests.gui.test_plan_training_dialog import CATALOG, DOCUMENT_SERVERS, WAIT_MS, _dialog

TICK_MS = 5
GOAL_ARGS = ("--model", "Llama-2-7B", "--global-batch", "64", "--train-tokens", "1e11")


@pytest.fixture
def document() -> Iterator[Document]:
    doc = Document(CATALOG, generate_design(CATALOG, TemplateSpec("dgx-h100", DOCUMENT_SERVERS)))
    yield doc
    doc.live.shutdown()


def _workers() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith(THREAD_NAME)]


def _idle_afterwards(dialog: PlanTrainingDialog) -> None:
    assert not dialog.running and dialog.run_clusters.isEnabled() and not dialog.cancel_button.isVisible()
    assert gc.isenabled() and _workers() == []


def _gated(gate: threading.Event, computing: threading.Event) -> Callable[..., Any]:
    """The real cluster search, flagged while it computes, then held until the test opens the gate."""

    def runner(catalog: Any, request: Any, progress: Any, stop: Any) -> Any:
        computing.set()
        try:
            plan = plan_clusters(catalog, request, progress=progress, stop=stop)
        finally:
            computing.clear()
        while not gate.wait(0.01) and not stop():
            pass
        return plan

    return runner


def test_the_event_loop_turns_while_a_search_computes(qtbot: QtBot, document: Document) -> None:
    gate, computing = threading.Event(), threading.Event()
    dialog = PlanTrainingDialog(document, cluster_runner=_gated(gate, computing))
    qtbot.addWidget(dialog)
    dialog.model.setCurrentIndex(dialog.model.findData("Llama-2-7B"))
    dialog.max_nodes.setValue(8)
    ticks: list[bool] = []  # at each tick of a UI-thread timer: was the worker inside the engine?
    timer = QTimer(interval=TICK_MS)
    timer.timeout.connect(lambda: ticks.append(computing.is_set()))
    timer.start()
    assert dialog.start_clusters() and dialog.running
    assert not dialog.run_clusters.isEnabled() and not dialog.start_layouts()  # one search at a time
    qtbot.waitUntil(lambda: any(ticks), timeout=WAIT_MS)  # a tick arrived while the engine computed
    qtbot.waitUntil(lambda: ticks and not computing.is_set() and dialog.running, timeout=WAIT_MS)
    dialog.batch.setValue(128)  # the inputs stay editable; the search keeps the copy it started with
    assert dialog.running and "Searching" in dialog.cluster_status.text()
    with qtbot.waitSignal(dialog.finished_plan, timeout=WAIT_MS):
        gate.set()
    timer.stop()
    assert dialog.clusters.candidates and dialog.cluster_table.rowCount() == len(dialog.clusters.candidates)
    _idle_afterwards(dialog)


def test_cancel_stops_a_cluster_search_between_designs(qtbot: QtBot, document: Document) -> None:
    asked = threading.Event()

    def runner(catalog: Any, request: Any, progress: Any, stop: Any) -> Any:
        progress(0, 3, "dgx-h100")
        asked.set()
        while not stop():
            threading.Event().wait(0.01)
        return plan_clusters(catalog, request, progress=progress, stop=stop)  # raises at its first design

    dialog = PlanTrainingDialog(document, cluster_runner=runner)
    qtbot.addWidget(dialog)
    dialog.model.setCurrentIndex(dialog.model.findData("Llama-2-7B"))
    assert dialog.start_clusters()
    qtbot.waitUntil(lambda: "1 of 3 servers" in dialog.cluster_status.text(), timeout=WAIT_MS)
    assert dialog.progress.maximum() == 3 and dialog.cancel_button.isEnabled()
    dialog.cancel_button.click()
    qtbot.waitUntil(lambda: not dialog.running, timeout=WAIT_MS)
    assert dialog.clusters is None and dialog.cluster_status.text() == "Search cancelled"
    _idle_afterwards(dialog)


@pytest.mark.parametrize("ending", ["close", "delete"])
def test_ending_the_dialog_mid_search_leaves_no_worker(qtbot: QtBot, document: Document, ending: str) -> None:
    dialog = PlanTrainingDialog(document)
    dialog.model.setCurrentIndex(dialog.model.findData("Llama-2-7B"))
    dialog.max_nodes.setValue(64)
    dialog.show()
    assert dialog.start_clusters()
    search = dialog._slot.search
    assert search is not None
    qtbot.waitUntil(lambda: search.progress[1] > 0, timeout=WAIT_MS)  # the worker is inside the engine
    if ending == "close":
        dialog.close()
        _idle_afterwards(dialog)
        assert dialog.cluster_status.text() == "Search cancelled"
    dialog.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qtbot.wait(2 * TICK_MS)
    assert search.done() and gc.isenabled() and _workers() == []


def test_the_results_are_the_cli_s(qtbot: QtBot, document: Document, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    dialog = _dialog(qtbot, document)
    dialog.max_nodes.setValue(8)
    dialog.deadline.setValue(10.0)
    for start in (dialog.start_layouts, dialog.start_clusters):
        with qtbot.waitSignal(dialog.finished_plan, timeout=WAIT_MS):
            assert start()
    path = tmp_path / "open.cluster"
    save_design(document.design, path)
    assert main(["plan-training", "--design", str(path), *GOAL_ARGS, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(dialog.layouts.to_json()))
    currency = str(document.design.meta.currency)  # the dialog prices in the open design's currency
    assert main(["plan-cluster", *GOAL_ARGS, "--deadline-days", "10", "--max-nodes", "8", "--top", "1000",
                 "--currency", currency, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(dialog.clusters.to_json()))
    _idle_afterwards(dialog)
