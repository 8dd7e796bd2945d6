"""Issue 20 item 5: two windows on one file, or a file changed under an open document, never lose work silently."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from planner_gui.catalog import bundled_catalog
from planner_gui.document.disk_watch import FileChangedOnDisk
from planner_gui.document.document import Document
from planner_gui.examples import default_example_path
from planner_gui.io import load_design, save_design
from planner_gui.ui.window import files as file_actions
from planner_gui.ui.window.main_window import MainWindow

CATALOG = bundled_catalog()


@pytest.fixture
def shared_file(tmp_path: Path) -> Path:
    path = tmp_path / "shared.cluster"
    save_design(load_design(default_example_path(), CATALOG).design, path)
    return path


def test_the_second_of_two_documents_is_refused_instead_of_overwriting_the_first(shared_file: Path) -> None:
    first, second = Document(CATALOG), Document(CATALOG)
    try:
        first.open(shared_file)
        second.open(shared_file)
        first.design.meta.name = "first's edits"
        first.save()
        second.design.meta.name = "second's edits"
        with pytest.raises(FileChangedOnDisk, match="changed on disk since you opened it"):
            second.save()
        assert load_design(shared_file, CATALOG).design.meta.name == "first's edits"
        second.save(overwrite_changed=True)  # the user chose Overwrite: the first's version stays in .bak
        assert load_design(shared_file, CATALOG).design.meta.name == "second's edits"
        assert load_design(shared_file.with_name("shared.cluster.bak"), CATALOG).design.meta.name == "first's edits"
    finally:
        first.live.shutdown()
        second.live.shutdown()


def test_saving_twice_from_one_document_never_asks(shared_file: Path) -> None:
    document = Document(CATALOG)
    try:
        document.open(shared_file)
        document.save()
        document.save()
        assert not document.disk.changed()
    finally:
        document.live.shutdown()


def test_a_change_on_disk_is_reported_while_the_file_is_open(qtbot: QtBot, shared_file: Path) -> None:
    document = Document(CATALOG)
    try:
        document.open(shared_file)
        other = load_design(shared_file, CATALOG).design
        other.meta.name = "changed elsewhere"
        with qtbot.waitSignal(document.file_changed_on_disk, timeout=5000) as blocker:
            save_design(other, shared_file)
        assert blocker.args == [shared_file] and document.disk.changed()
    finally:
        document.live.shutdown()


def test_the_window_asks_and_save_as_keeps_both_versions(qtbot: QtBot, shared_file: Path, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    window = MainWindow(Document(CATALOG))
    qtbot.addWidget(window)
    window.files.open_path(shared_file, ask=False)
    other = load_design(shared_file, CATALOG).design
    other.meta.name = "changed elsewhere"
    monkeypatch.setattr(QMessageBox, "question", lambda *_: QMessageBox.StandardButton.No)  # keep mine open
    save_design(other, shared_file)
    asked: list[Path] = []
    monkeypatch.setattr(file_actions, "ask_changed_on_disk", lambda _w, path: asked.append(path) or "save_as")
    copy = tmp_path / "mine.cluster"
    monkeypatch.setattr(file_actions.QFileDialog, "getSaveFileName", lambda *_: (str(copy), ""))
    qtbot.waitUntil(lambda: window.document.disk.changed(), timeout=5000)
    assert window.files.save() and asked == [shared_file]
    assert load_design(shared_file, CATALOG).design.meta.name == "changed elsewhere" and copy.exists()
    window.document.live.shutdown()
