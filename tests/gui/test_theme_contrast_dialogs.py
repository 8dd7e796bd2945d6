"""Issue 19 item 5, the dialogs: Compare, Plan Training (layouts and clusters), Check Acceptance and New
Design read at 4.5:1 in the light and the dark theme — their labels, coloured verdicts and errors, and
their tables' cells, measured on the rendered pixels (tests/gui/contrast.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pyqtgraph as pg
import pytest
from PySide6.QtWidgets import QApplication, QDialog, QTableWidget, QTabWidget, QWidget
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.examples import default_example_path, examples_folder
from planner_gui.io import load_design
from planner_gui.templates import TemplateSpec
from planner_gui.templates.generator import generate_design
from planner_gui.ui.colors import MIN_TEXT_CONTRAST, contrast
from planner_gui.ui.dialogs.acceptance import AcceptanceDialog
from planner_gui.ui.dialogs.compare import CURRENT, CompareDialog
from planner_gui.ui.dialogs.new_design import NewDesignDialog
from planner_gui.ui.dialogs.plan_training import PlanTrainingDialog
from planner_gui.ui.palette_text import background_hex
from planner_gui.ui.window import appearance as ui_app
from tests.gui.contrast import coloured_spans, labels_with_text, plot_ticks_contrast, widget_text_contrast

CATALOG = bundled_catalog()
IB = examples_folder() / "s5-a100-8x8-ib.cluster"
ROCE = examples_folder() / "s5-a100-8x8-roce.cluster"
NCCL = Path(__file__).parents[1] / "data" / "nccl"
WAIT_MS = 120_000  # the plan search runs in a worker on a shared 2-core machine
ROWS_MEASURED = 3  # the first rows of each table: every cell of them


@pytest.fixture(params=("light", "dark"))
def theme(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    ui_app.apply_theme(request.param, qapp)
    yield request.param
    ui_app.apply_theme("light", qapp)


@pytest.fixture
def document() -> Iterator[Document]:
    doc = Document(CATALOG, load_design(IB, CATALOG).design)
    yield doc
    doc.live.shutdown()


def _shown(qtbot: QtBot, dialog: QDialog) -> QDialog:
    qtbot.addWidget(dialog)
    dialog.resize(1200, 800)
    dialog.show()
    qtbot.waitExposed(dialog)
    QApplication.processEvents()
    return dialog


def _assert_reads(root: QWidget) -> int:
    """Every shown label, coloured span and the first rows' cells of every table read, on every tab; how
    many texts were measured."""
    measured = _assert_shown_read(root)
    for tabs in root.findChildren(QTabWidget):
        for index in range(tabs.count()):
            tabs.setCurrentIndex(index)
            QApplication.processEvents()
            measured += _assert_shown_read(tabs.currentWidget())
    return measured


def _assert_shown_read(root: QWidget) -> int:
    measured = 0
    for plot in [root, *root.findChildren(pg.PlotWidget)] if isinstance(root, pg.PlotWidget) else \
            root.findChildren(pg.PlotWidget):
        if plot.isVisible():
            ratio, text, ground = plot_ticks_contrast(plot)
            assert ratio >= MIN_TEXT_CONTRAST, f"plot tick labels: {text} on {ground}"
            measured += 1
    for label in labels_with_text(root):
        ratio, text, ground = widget_text_contrast(label)
        assert ratio >= MIN_TEXT_CONTRAST, f"{label.objectName()} {label.text()[:40]!r}: {text} on {ground}"
        for colour, words in coloured_spans(label.text()):
            window = background_hex(label)
            assert contrast(colour, window) >= MIN_TEXT_CONTRAST, f"{words!r} in {colour} on {window}"
        measured += 1
    for table in [root, *root.findChildren(QTableWidget)] if isinstance(root, QTableWidget) else \
            root.findChildren(QTableWidget):
        if not table.isVisible():
            continue
        for row in range(min(ROWS_MEASURED, table.rowCount())):
            for column in range(table.columnCount()):
                item = table.item(row, column)
                rect = table.visualItemRect(item) if item is not None and item.text() else None
                if rect is None or rect.width() < 8 or not table.viewport().rect().contains(rect):
                    continue
                cell = rect.adjusted(0, 2, -1, -2)  # -1: not the grid line
                ratio, text, ground = widget_text_contrast(table.viewport(), cell, repr(item.text()))
                assert ratio >= MIN_TEXT_CONTRAST, f"{table.objectName()} {item.text()!r}: {text} on {ground}"
                measured += 1
    return measured


def test_compare_dialog_reads(qtbot: QtBot, theme: str, document: Document) -> None:
    dialog = _shown(qtbot, CompareDialog(document))
    dialog.choose(CURRENT, dialog.add_file(ROCE))
    assert dialog.compare() is not None
    QApplication.processEvents()
    assert _assert_reads(dialog) > 10


def test_acceptance_verdict_and_findings_read(qtbot: QtBot, theme: str) -> None:
    """A FAIL verdict in red and the findings' severities: red-600 is 2.5:1 on the dark theme's window."""
    doc = Document(CATALOG, load_design(default_example_path(), CATALOG).design)  # the H100s the file ran on
    try:
        dialog = _shown(qtbot, AcceptanceDialog(doc))
        dialog.load_file(NCCL / "all_reduce_perf_broken.txt")
        assert dialog.check() is not None
        QApplication.processEvents()
        assert coloured_spans(dialog.verdict.text())  # the verdict word is coloured
        assert _assert_reads(dialog) > 10
    finally:
        doc.live.shutdown()


def test_plan_training_tables_read(qtbot: QtBot, theme: str) -> None:
    doc = Document(CATALOG, generate_design(CATALOG, TemplateSpec("dgx-h100", 2)))
    try:
        dialog = _shown(qtbot, PlanTrainingDialog(doc))
        dialog.model.setCurrentIndex(dialog.model.findData("Llama-2-7B"))
        dialog.batch.setValue(64)
        dialog.tokens.setValue(0.1)
        with qtbot.waitSignal(dialog.finished_plan, timeout=WAIT_MS):
            assert dialog.start_layouts()
        QApplication.processEvents()
        assert _assert_reads(dialog) > 10
    finally:
        doc.live.shutdown()


def test_new_design_error_reads(qtbot: QtBot, theme: str) -> None:
    """The refusal under the form: Material's error red is 1.9:1 on the dark theme's window as it is."""
    dialog = _shown(qtbot, NewDesignDialog(CATALOG))
    dialog.rack_kw.setValue(5.0)  # one dgx-h100 draws up to 10.2 kW (servers.json max_power_w): refused
    dialog.accept()
    QApplication.processEvents()
    assert dialog.error.isVisible()
    ratio, text, ground = widget_text_contrast(dialog.error)
    assert ratio >= MIN_TEXT_CONTRAST, f"{text} on {ground}"
