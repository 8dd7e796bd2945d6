"""Ctrl+S on a shipped example asks where to save: the installed example is never overwritten."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from planner_gui.app import build
from planner_gui.examples import default_example_path
from planner_gui.ui.window.files import is_bundled


def test_saving_the_default_design_goes_to_save_as(qtbot: QtBot, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    original = default_example_path().read_bytes()
    asked: list[str] = []
    target = tmp_path / "mine.cluster"

    def save_dialog(_parent: object, _title: str, suggested: str, _filter: str) -> tuple[str, str]:
        asked.append(suggested)
        return str(target), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_dialog)
    _app, window = build(["cluster-planner"])
    qtbot.addWidget(window)
    assert is_bundled(window.document.path)
    window.document.set_settings("meta", name="Edited copy")
    assert window.files.save()
    assert len(asked) == 1 and not is_bundled(Path(asked[0]))  # suggested outside the package
    assert default_example_path().read_bytes() == original
    assert target.exists() and window.document.path == target and not window.document.is_dirty
    window.document.live.shutdown()
