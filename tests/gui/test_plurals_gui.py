"""The desktop app on a design with exactly one server, NIC, switch and rack: no "1 racks" anywhere.

Every text the window shows after its analysis (labels, buttons, tabs, status bar, the rows of every
table and list: results, checks, inspector) and the undo labels of one-item edits are searched with the
CLI test's scan (tests/test_plurals.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtWidgets import QAbstractButton, QAbstractItemView, QLabel, QTabBar, QWidget
from pytestqt.qtbot import QtBot

from planner_gui.app import build
from planner_gui.catalog import bundled_catalog
from planner_gui.io import save_design
from planner_gui.model import Workload
from planner_gui.templates import TemplateSpec, generate_design
from planner_gui.ui.window.main_window import MainWindow
from tests.test_plurals import wrong_plurals


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    design = generate_design(bundled_catalog(), TemplateSpec(server_id="dgx-h100", nodes=1, nics_per_node=1,
                                                             topology="single-switch"))
    design.workload = Workload(model_name="LLaMA-7B", layers=32, hidden=4096, heads=32, kv_heads=32,
                               ffn_hidden=11008, gated_mlp=True, vocab=32000, seq_len=4096, global_batch=64,
                               micro_batch=1, tp=8)
    path = tmp_path / "one.cluster"
    save_design(design, path)
    _app, built = build(["cluster-planner", str(path)])
    qtbot.addWidget(built)
    built.document.live.wait_idle()
    yield built
    built.document.undo_stack.setClean()
    built.close()


def _model_texts(model: QAbstractItemModel, parent: QModelIndex | None = None) -> Iterator[str]:
    parent = QModelIndex() if parent is None else parent
    for row in range(min(model.rowCount(parent), 200)):
        for column in range(model.columnCount(parent)):
            index = model.index(row, column, parent)
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                value = model.data(index, role)
                if isinstance(value, str):
                    yield value
            if column == 0 and model.rowCount(index) > 0:
                yield from _model_texts(model, index)


def _texts(root: QWidget) -> Iterator[str]:
    yield root.windowTitle()
    for widget in root.findChildren(QWidget):
        yield widget.toolTip()
        if isinstance(widget, QLabel | QAbstractButton):
            yield widget.text()
        elif isinstance(widget, QTabBar):
            yield from (widget.tabText(i) for i in range(widget.count()))
        elif isinstance(widget, QAbstractItemView) and widget.model() is not None:
            yield from _model_texts(widget.model())


def test_one_of_each_reads_in_the_singular(window: MainWindow) -> None:
    document = window.document
    shown = "\n".join(_texts(window))
    assert "1 rack" in shown and "8 GPUs" in shown  # the status bar, as a check that the scan sees it
    device = next(d.id for d in document.design.devices.values() if d.rack_id is not None)
    document.set_properties([device], name="renamed")
    document.remove_items([device])
    labels = [document.undo_stack.text(i) for i in range(document.undo_stack.count())]
    assert labels[-2:] == ["Set name of 1 item", "Delete 1 item"]
    found = wrong_plurals(shown + "\n" + "\n".join(labels))
    assert not found, found
