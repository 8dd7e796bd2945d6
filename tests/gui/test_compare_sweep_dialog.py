"""Tools ▸ Sweep: runs off the UI thread with progress, fills the plot and table, and cancels between values.

No timing is asserted: the cancel test holds the worker on an event until the Cancel button has
been pressed, so the order of events is fixed whatever the machine's speed.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.engine.compare.sweep import run_sweep
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.model import Design
from planner_gui.ui.dialogs.sweep import SweepDialog

CATALOG = bundled_catalog()
WAIT_MS = 60_000  # generous: the worker builds whole designs on a shared 2-core machine


@pytest.fixture
def document() -> Iterator[Document]:
    doc = Document(CATALOG, load_design(default_example_path(), CATALOG).design)
    yield doc
    doc.live.shutdown()


def test_sweep_fills_the_plot_and_the_table(qtbot: QtBot, document: Document) -> None:
    dialog = SweepDialog(document)
    qtbot.addWidget(dialog)
    dialog.figure.setCurrentIndex(dialog.figure.findData("gpus"))
    with qtbot.waitSignal(dialog.finished_sweep, timeout=WAIT_MS) as done:
        assert dialog.start("nodes=8..32")
        assert dialog.running and dialog.cancel_button.isEnabled()
    result = done.args[0]
    assert not result.cancelled and [p.value for p in result.points] == [8, 16, 32]
    assert dialog.plotted() == ([8.0, 16.0, 32.0], [64.0, 128.0, 256.0])
    assert dialog.table.rowCount() == 3 and dialog.table.item(2, 1).text() == "256"
    assert dialog.progress.value() == dialog.progress.maximum() == 3
    assert not dialog.running and dialog.status.text() == "done: 3 of 3 values"


def test_catalog_id_sweeps_plot_against_their_index(qtbot: QtBot, document: Document) -> None:
    dialog = SweepDialog(document)
    qtbot.addWidget(dialog)
    dialog.figure.setCurrentIndex(dialog.figure.findData("racks"))
    with qtbot.waitSignal(dialog.finished_sweep, timeout=WAIT_MS):
        dialog.start("server=dgx-h100,dgx-a100")
    xs, ys = dialog.plotted()
    assert xs == [0.0, 1.0] and ys == [float(p.figures["racks"]) for p in dialog.result.points]  # type: ignore[union-attr]


def test_cancel_stops_between_values(qtbot: QtBot, document: Document) -> None:
    first_value_started, may_continue = threading.Event(), threading.Event()

    def held_runner(design: Design, catalog: object, sweep: object, progress: object, cancelled: object) -> object:
        def hold(done: int, total: int, what: str) -> None:
            progress(done, total, what)  # type: ignore[operator]
            if done == 0:
                first_value_started.set()
                may_continue.wait(WAIT_MS / 1000)
        return run_sweep(design, catalog, sweep, progress=hold, cancelled=cancelled)  # type: ignore[arg-type]

    dialog = SweepDialog(document, runner=held_runner)
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.finished_sweep, timeout=WAIT_MS) as done:
        assert dialog.start("nodes=8,16,32,64")
        assert first_value_started.wait(WAIT_MS / 1000)
        dialog.cancel_button.click()
        may_continue.set()
    result = done.args[0]
    assert result.cancelled and [p.value for p in result.points] == [8]
    assert dialog.status.text() == "cancelled: 1 of 4 values" and dialog.run_button.isEnabled()


def test_a_bad_range_is_said_in_the_dialog(qtbot: QtBot, document: Document) -> None:
    dialog = SweepDialog(document)
    qtbot.addWidget(dialog)
    assert not dialog.start("nodes=64..8")
    assert "the range must go up" in dialog.status.text() and not dialog.running


def test_a_design_that_cannot_be_swept_fails_politely(qtbot: QtBot) -> None:
    doc = Document(CATALOG, Design())
    dialog = SweepDialog(doc)
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.failed_sweep, timeout=WAIT_MS) as failed:
        assert dialog.start("nodes=8,16")
    assert "has no GPU servers" in failed.args[0] and not dialog.running
    doc.live.shutdown()
