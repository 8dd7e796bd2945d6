"""Tools ▸ Acceptance: pasted or opened nccl-tests output against the design, as the engine judges it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.engine.acceptance.check import check_acceptance
from planner_gui.engine.acceptance.nccl_results import parse_nccl_tests
from planner_gui.engine.analysis import analyze_design
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.present import format_days
from planner_gui.ui.dialogs.acceptance import AcceptanceDialog
from planner_gui.ui.palette_text import readable_on
from planner_gui.ui.results.style import RED

CATALOG = bundled_catalog()
DATA = Path(__file__).parents[1] / "data" / "nccl"
WAIT_MS = 10_000


@pytest.fixture
def document() -> Iterator[Document]:
    doc = Document(CATALOG, load_design(default_example_path(), CATALOG).design)
    assert doc.live.wait_idle(WAIT_MS)
    yield doc
    doc.live.shutdown()


@pytest.fixture
def dialog(qtbot: QtBot, document: Document) -> AcceptanceDialog:
    widget = AcceptanceDialog(document)
    qtbot.addWidget(widget)
    return widget


def test_an_opened_file_is_judged_as_the_cli_judges_it(dialog: AcceptanceDialog, document: Document) -> None:
    path = DATA / "all_reduce_perf_broken.txt"
    dialog.load_file(path)
    report = dialog.check()
    direct = check_acceptance(document.design, CATALOG, parse_nccl_tests(path.read_text(), "all_reduce_perf"))
    assert report is not None and report.to_json() == direct.to_json()
    # its 'Test NCCL failure ... unhandled system error' line fails the run whatever the bandwidth
    red = readable_on(RED, dialog.verdict)  # red-600 shaded to read on the window (4.2:1 on Fusion's grey)
    assert dialog.verdict.text().startswith(f"<b style='color:{red}'>FAIL</b>")
    assert dialog.sizes.rowCount() == len(report.tests[0].sizes) == 26
    for line in (22, 23, 24, 25, 39, 40):
        assert f"line {line}: " in dialog.findings.text()
    x, y = dialog.measured.xData, dialog.measured.yData
    assert np.array_equal(x, [s.bytes for s in report.tests[0].sizes])
    assert np.allclose(y, [s.measured_busbw_gbs for s in report.tests[0].sizes])
    assert len(dialog.predicted.xData) == len(report.tests[0].predicted_curve)


def test_pasted_failing_output_shows_failures_and_diagnoses(dialog: AcceptanceDialog) -> None:
    v100 = (DATA / "reduce_scatter_perf_v100_old_layout.txt").read_text()
    dialog.text.setPlainText(v100)
    dialog.hint.setCurrentIndex(dialog.hint.findData("reduce_scatter_perf"))
    other = dialog.check()  # a V100 log against the H100 design: not judged
    assert other is not None and other.verdict == "mismatch" and "MISMATCH" in dialog.verdict.text()
    dialog.text.setPlainText(v100.replace("Tesla V100-SXM2-32GB", "NVIDIA H100 80GB HBM3"))  # as if on H100s
    report = dialog.check()
    assert report is not None and report.verdict == "fail"
    results = [dialog.sizes.item(i, 5).text() for i in range(dialog.sizes.rowCount())]
    assert results.count("fail") == 14 and results[-1] == "fail"  # 1.31x small-message and 76 % medium rules
    assert "bandwidth-low" not in dialog.findings.text()  # the message is shown, not the code
    assert "of the predicted busbw" in dialog.findings.text()
    brushes = dialog.measured.opts["symbolBrush"]
    assert [b.color().name() for b in brushes][-1] == RED.lower()


def test_two_tests_in_one_paste_can_each_be_shown(dialog: AcceptanceDialog) -> None:
    dialog.text.setPlainText((DATA / "two_tests_1x8.txt").read_text())
    dialog.check()
    assert dialog.run_choice.count() == 2
    dialog.run_choice.setCurrentIndex(1)
    test = dialog.current_test()
    assert test is not None and test.test == "all_gather_perf"
    assert dialog.sizes.rowCount() == len(test.sizes)


def test_the_fit_reports_the_training_change(dialog: AcceptanceDialog, document: Document) -> None:
    dialog.load_file(DATA / "all_reduce_perf_4x8_openmpi.txt")
    dialog.fit.setChecked(True)
    report = dialog.check()
    assert report is not None and report.calibration is not None
    change = report.calibration.training
    before = analyze_design(document.design, CATALOG).training.estimate.days_to_train  # the engine's, unfitted
    assert change.days_before == pytest.approx(before) and change.days_after != change.days_before
    sentence = f"Days to train: {format_days(change.days_before)} → {format_days(change.days_after)}."
    assert sentence in dialog.findings.text()


def test_text_that_is_not_nccl_tests_output(dialog: AcceptanceDialog) -> None:
    dialog.text.setPlainText("hello\nworld\n")
    report = dialog.check()
    assert report is not None and report.tests == () and "no nccl-tests results" in dialog.verdict.text()
    assert "line 1: not nccl-tests output, skipped: &#x27;hello&#x27;" in dialog.findings.text()
