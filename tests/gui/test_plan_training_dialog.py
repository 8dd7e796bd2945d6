"""Tools ▸ Plan Training: the layout search on the open design fills a sorted table whose first row is the
engine's, "Use this layout" makes it the design's workload (one undo step), and the cluster search
ranks candidates or says in one line why none meets the goal."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.i18n import install_language
from planner_gui.templates import TemplateSpec
from planner_gui.templates.generator import generate_design
from planner_gui.ui.dialogs.plan_training import PlanTrainingDialog
from tests.gui.test_dialogs_zh import leftovers, shown_texts

CATALOG = bundled_catalog()
WAIT_MS = 120_000  # generous: the worker builds and analyses designs on a shared 2-core machine
DOCUMENT_SERVERS = 2  # the fixture design: 2 x DGX H100


@pytest.fixture
def document() -> Iterator[Document]:
    doc = Document(CATALOG, generate_design(CATALOG, TemplateSpec("dgx-h100", DOCUMENT_SERVERS)))
    yield doc
    doc.live.shutdown()


def _dialog(qtbot: QtBot, document: Document) -> PlanTrainingDialog:
    dialog = PlanTrainingDialog(document)
    qtbot.addWidget(dialog)
    dialog.model.setCurrentIndex(dialog.model.findData("Llama-2-7B"))
    dialog.batch.setValue(64)
    dialog.tokens.setValue(0.1)
    return dialog


def test_layouts_fill_a_sorted_table_and_apply_to_the_design(qtbot: QtBot, document: Document) -> None:
    dialog = _dialog(qtbot, document)
    with qtbot.waitSignal(dialog.finished_plan, timeout=WAIT_MS):
        assert dialog.start_layouts()
    entries = dialog.layouts.result.entries
    table = dialog.layout_table
    assert table.rowCount() == len(entries) == 10
    steps = [float(table.item(r, 11).text().replace(",", "")) for r in range(table.rowCount())]
    assert steps == sorted(steps) and steps[0] == pytest.approx(entries[0].estimate.step_time_s, abs=5e-4)
    assert "16 GPUs of dgx-h100" in dialog.layout_status.text()
    row = next(i for i, e in enumerate(entries) if e.sharding != 4)  # HSDP cannot be a workload
    table.setCurrentCell(row, 0)  # the current row, whatever modifier keys an earlier test left pressed
    assert dialog.apply_button.isEnabled()
    dialog.apply_button.click()
    workload = document.design.workload
    e = entries[row]
    assert workload is not None and (workload.tp, workload.pp, workload.dp, workload.cp) == (e.tp, e.pp, e.dp, e.cp)
    assert workload.global_batch == 64 and workload.model_name == "Llama-2-7B"
    document.undo_stack.undo()
    assert document.design.workload is None


def test_clusters_rank_or_refuse_in_one_line(qtbot: QtBot, document: Document) -> None:
    dialog = _dialog(qtbot, document)
    dialog.max_nodes.setValue(8)
    dialog.deadline.setValue(10.0)
    with qtbot.waitSignal(dialog.finished_plan, timeout=WAIT_MS):
        assert dialog.start_clusters()
    found = dialog.clusters.candidates
    assert found and dialog.cluster_table.rowCount() == len(found)
    assert [c.cost for c in found] == sorted(c.cost for c in found)
    assert all(c.days <= 10.0 for c in found)
    dialog.deadline.setValue(0.1)
    with qtbot.waitSignal(dialog.finished_plan, timeout=WAIT_MS):
        assert dialog.start_clusters()
    assert dialog.clusters.candidates == () and dialog.cluster_table.rowCount() == 0
    assert "allow" in dialog.cluster_status.text() and "\n" not in dialog.cluster_status.text()
    dialog.deadline.setValue(0.0)
    dialog.budget.setValue(0.0)
    assert not dialog.start_clusters()  # neither a deadline nor a budget: refused before any work
    assert "deadline" in dialog.cluster_status.text()


def test_the_dialog_in_chinese_shows_no_english(qtbot: QtBot, qapp: QApplication, document: Document) -> None:
    assert install_language("zh_CN", qapp) == "zh_CN"
    try:
        dialog = _dialog(qtbot, document)
        assert dialog.windowTitle() == "规划训练"
        dialog.start_layouts()
        assert dialog.wait_idle(WAIT_MS)
        dialog.tabs.setCurrentIndex(1)
        dialog.max_nodes.setValue(4)
        dialog.deadline.setValue(10.0)
        dialog.start_clusters()
        assert dialog.wait_idle(WAIT_MS)
        assert dialog.cluster_table.rowCount() > 0
        texts = [*shown_texts(dialog), *shown_texts(dialog.tabs.widget(0))]
        assert leftovers(texts, (document.design.meta.name,)) == []
    finally:
        install_language("en", qapp)
