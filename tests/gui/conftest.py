"""GUI tests: a modal message box left unanswered would block the offscreen test run forever.

Tests that care about a dialog patch it themselves (their monkeypatch wins); everywhere else a
question is answered "Discard" (or "No") and informational boxes return at once, so a window
closed dirty at teardown cannot hang the suite.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from planner_gui.app import build
from planner_gui.catalog import bundled_catalog
from planner_gui.document.document import Document
from planner_gui.ui.window import main_window
from planner_gui.ui.window.main_window import MainWindow
from tests.gui.support import air_cooled_default_design


@pytest.fixture(autouse=True)
def _never_block_on_message_boxes(monkeypatch: pytest.MonkeyPatch) -> None:
    def question(*_args: object, **_kwargs: object) -> QMessageBox.StandardButton:
        return QMessageBox.StandardButton.Discard

    def notice(*_args: object, **_kwargs: object) -> QMessageBox.StandardButton:
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "question", question)
    for name in ("information", "warning", "critical"):
        monkeypatch.setattr(QMessageBox, name, notice)


@pytest.fixture(autouse=True)
def _full_hd_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    """The offscreen platform's screen is 800 x 800; windows are kept on the screen (issue 19 item 6),
    so the tests get the 1920 x 1080 desktop (less a 30 px panel) their window sizes assume."""
    monkeypatch.setattr(main_window, "available_area", lambda _window: QRect(0, 0, 1920, 1050))


@pytest.fixture
def air_cooled_document() -> Iterator[Document]:
    """A Document on the default design with its racks on plain air cooling (overloads to show)."""
    catalog = bundled_catalog()
    document = Document(catalog, air_cooled_default_design(catalog))
    yield document
    document.live.shutdown()


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    """The app's main window as ``cluster-planner`` opens it (the default design), shown and analysed,
    with its state (recent files, layout) in ``tmp_path``; closed clean at the end. A module that needs
    another window defines its own ``window``."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    _app, built = build(["cluster-planner"])
    qtbot.addWidget(built)
    qtbot.waitExposed(built)
    built.document.live.wait_idle()
    yield built
    built.document.undo_stack.setClean()
    built.close()
