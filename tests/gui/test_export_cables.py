"""File → Export Cable Schedule (CSV): the schedule the bill counts, one row per link, written whole."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from planner_gui.engine import CABLE_CSV_COLUMNS
from planner_gui.ui.window.export_cables import CableExporter
from planner_gui.ui.window.main_window import MainWindow


def test_the_file_menu_writes_every_cable(window: MainWindow, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "cables"  # no suffix: the exporter adds .csv
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_: (str(target), ""))
    action = window.menu_actions.export_cables
    assert action.objectName() == "actionExportCables" and action in window.menuBar().actions()[0].menu().actions()
    action.trigger()
    rows = list(csv.reader((tmp_path / "cables.csv").read_text(encoding="utf-8").splitlines()))
    assert tuple(rows[0]) == CABLE_CSV_COLUMNS
    assert len(rows) - 1 == len(window.document.design.links)


def test_an_unwritable_target_is_one_message(window: MainWindow, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _p, _t, text, *_: shown.append(text))
    exporter = window.findChild(CableExporter, "cableExporter")
    assert exporter.export(tmp_path / "missing-folder" / "c.csv") is None
    assert len(shown) == 1 and "\n" not in shown[0]
    assert not list(tmp_path.rglob("*.tmp"))
