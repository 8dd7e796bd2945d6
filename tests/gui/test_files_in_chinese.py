"""In the Chinese UI, a file that cannot be opened, saved or recovered is explained in Chinese.

The loader's problems keep their JSON paths and ids; the dialogs' own words and the loader's
sentences are both Chinese (issue 7).
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from planner_gui.document.autosave import RecoveryFile
from planner_gui.document.document import Document
from planner_gui.document.recent import RecentFiles, open_settings
from planner_gui.i18n import install_language
from planner_gui.io import saving
from planner_gui.ui.dialogs.recovery import offer_recovery
from planner_gui.ui.window.files import FileActions

HOSTILE = ('{"format": "cluster-planner", "schema_version": 2, "racks": "x", "cost": {"pue": 9},\n'
           ' "links": [{"id": "l1", "a": "x", "b": "y", "medium": "dac", "length_m": 1, "id": "l2"}]}')


def _cjk(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


@pytest.fixture
def chinese(qtbot: QtBot) -> Iterator[None]:
    install_language("zh_CN")
    try:
        yield
    finally:
        install_language("en")


@pytest.fixture
def dialogs(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """(title, text) of every critical message box shown."""
    shown: list[tuple[str, str]] = []

    def critical(_parent: QWidget, title: str, text: str, *_: object) -> QMessageBox.StandardButton:
        shown.append((title, text))
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "critical", critical)
    return shown


@pytest.fixture
def actions(qtbot: QtBot, air_cooled_document: Document) -> FileActions:
    window = QWidget()
    qtbot.addWidget(window)
    return FileActions(window, air_cooled_document, RecentFiles(open_settings()))


def test_a_hostile_file_is_explained_in_chinese_with_its_json_paths(
        tmp_path: Path, chinese: None, dialogs: list[tuple[str, str]], actions: FileActions) -> None:
    path = tmp_path / "hostile.cluster"
    path.write_text(HOSTILE, encoding="utf-8")
    assert actions.open_path(path, ask=False) is False
    (title, text), = dialogs
    lines = text.splitlines()
    assert title == "无法打开方案" and lines[0] == f"无法打开 {path}："
    assert lines[1] == "• links[0]: 键 'id' 出现了两次"  # the JSON path and the key as in the file


def test_many_problems_each_read_in_chinese(tmp_path: Path, chinese: None, dialogs: list[tuple[str, str]],
                                            actions: FileActions) -> None:
    path = tmp_path / "types.cluster"
    path.write_text('{"format": "cluster-planner", "schema_version": 2, "racks": "x", "cost": {"pue": 9},'
                    ' "meta": {"name": 5, "currency": "XYZ"}, "fabric": {"sharp": null}}', encoding="utf-8")
    actions.open_path(path, ask=False)
    (_, text), = dialogs
    problems = text.splitlines()[1:]
    assert "• cost.pue: 9 超出范围 1..3" in problems and "• racks: 应为列表，实际为文本" in problems
    assert "• meta.currency: 'XYZ' 不是 CNY, USD 之一" in problems and len(problems) == 5
    assert all(_cjk(line) for line in problems)


def test_a_save_into_a_read_only_folder_is_explained_in_chinese(
        tmp_path: Path, chinese: None, dialogs: list[tuple[str, str]], actions: FileActions,
        monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "read-only"
    folder.mkdir()
    if os.geteuid() == 0:  # root writes through permission bits: refuse as a read-only mount would
        def refuse(*_: object) -> int:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        monkeypatch.setattr(saving.os, "open", refuse)
    else:
        folder.chmod(0o555)
    try:
        assert actions._save_to(folder / "d.cluster") is False
    finally:
        folder.chmod(0o755)
    (title, text), = dialogs
    assert title == "无法保存方案"
    assert text.startswith(f"{folder / 'd.cluster'}: 无法保存（") and text.endswith("没有写入任何内容")
    assert "denied" not in text and "Read-only" not in text  # the system's reason is translated too


class _OneAutosave:
    """The part of Autosaver offer_recovery uses: one pending file, declined or not."""

    def __init__(self, file: RecoveryFile) -> None:
        self.files, self.declined = [file], []

    def pending(self) -> list[RecoveryFile]:
        return self.files

    def decline(self, files: list[RecoveryFile]) -> None:
        self.declined += files


def test_a_damaged_autosave_is_explained_in_chinese(tmp_path: Path, chinese: None, dialogs: list[tuple[str, str]],
                                                    air_cooled_document: Document,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    damaged = tmp_path / "autosave-1.cluster"
    damaged.write_bytes(b"")
    asked: list[tuple[str, str]] = []

    def question(_parent: QWidget, title: str, text: str, *_: object) -> QMessageBox.StandardButton:
        asked.append((title, text))
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", question)
    saver = _OneAutosave(RecoveryFile(damaged, None, "", "Lost work", 1))
    assert offer_recovery(QWidget(), air_cooled_document, saver) is False  # type: ignore[arg-type]
    (ask_title, ask_text), = asked
    assert ask_title == "恢复未保存的工作" and "“Lost work”" in ask_text and _cjk(ask_text)
    (title, text), = dialogs
    assert title == "无法恢复方案" and text.splitlines()[1] == "• 文件为空" and saver.declined == saver.files


def test_a_file_added_to_compare_that_cannot_open_is_explained_in_chinese(
        qtbot: QtBot, tmp_path: Path, chinese: None, air_cooled_document: Document,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QFileDialog

    from planner_gui.ui.dialogs.compare import CompareDialog

    path = tmp_path / "hostile.cluster"
    path.write_text(HOSTILE, encoding="utf-8")
    dialog = CompareDialog(air_cooled_document)
    qtbot.addWidget(dialog)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_: (str(path), ""))
    dialog._ask_file()
    shown = dialog.status.text()
    assert f"{path}: links[0]: 键 'id' 出现了两次" in shown
