"""Tools ▸ Acceptance with the fit: the calibrated prediction (both factors applied) is drawn for the fitted run.

(Kept beside the variants GUI tests: this engineer's files; the acceptance dialog's own tests are
in test_compare_acceptance_dialog.py.)
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.ui.dialogs.acceptance import AcceptanceDialog
from tests.test_accept_calibration import PLANTED_BANDWIDTH, PLANTED_LATENCY, TOLERANCE, _measured

CATALOG = bundled_catalog()
WAIT_MS = 10_000


@pytest.fixture
def dialog(qtbot: QtBot) -> Iterator[AcceptanceDialog]:
    document = Document(CATALOG, load_design(default_example_path(), CATALOG).design)
    assert document.live.wait_idle(WAIT_MS)
    widget = AcceptanceDialog(document)
    qtbot.addWidget(widget)
    yield widget
    document.live.shutdown()


def test_the_calibrated_curve_is_drawn_over_the_measured_points(dialog: AcceptanceDialog) -> None:
    dialog.text.setPlainText(_measured(PLANTED_BANDWIDTH, PLANTED_LATENCY))
    dialog.fit.setChecked(True)
    report = dialog.check()
    assert report is not None and report.calibration is not None
    x, y = dialog.calibrated.xData, dialog.calibrated.yData
    assert np.array_equal(x, [p.bytes for p in report.calibration.curve])
    measured = [s.measured_busbw_gbs for s in report.tests[0].sizes]
    assert np.allclose(y, measured, rtol=2 * TOLERANCE, atol=0.01)  # 8 B busbw prints as 0.00
    assert "Per-call latency: 3.00× the modelled one." in dialog.findings.text()


def test_without_the_fit_there_is_no_calibrated_curve(dialog: AcceptanceDialog) -> None:
    dialog.text.setPlainText(_measured(PLANTED_BANDWIDTH, PLANTED_LATENCY))
    dialog.check()
    assert dialog.calibrated.xData is None or len(dialog.calibrated.xData) == 0
