"""The app starts on the bundled default design (the editor proper arrives with the GUI issue)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.ui.app import SummaryWindow, run_app


def test_window_shows_the_default_design(qtbot: QtBot) -> None:
    catalog = bundled_catalog()
    design = load_design(default_example_path(), catalog).design
    window = SummaryWindow(design, catalog, default_example_path())
    qtbot.addWidget(window)
    window.show()
    text = window.findChild(QLabel, "designSummary").text()
    assert "32 GPU servers, 256 GPUs" in text and design.meta.name in window.windowTitle()


def test_run_app_opens_and_quits(qtbot: QtBot) -> None:
    assert run_app(None, quit_after_ms=50) == 0


def test_run_app_reports_a_bad_file_without_crashing(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr("planner_gui.ui.app.QMessageBox.critical", lambda _parent, _title, text: shown.append(text))
    bad = tmp_path / "bad.cluster"
    bad.write_text("{", encoding="utf-8")
    assert run_app(str(bad)) == 1
    assert shown and "is not valid JSON" in shown[0]
