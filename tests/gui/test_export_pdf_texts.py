"""File → Export PDF names the PDF writer's refusal (report/render/pdf.py, a Text in context "Report")
in the app's language, naming the user's file, never the temporary one it writes first.
The command line's side is tests/test_review_i18n_fixes.py."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

import planner_gui.report.render as render
from planner_gui.app import build
from planner_gui.i18n import install_language
from planner_gui.ui.window.export_pdf import ExportOptions, PdfExporter
from planner_gui.ui.window.main_window import MainWindow

HAN = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(autouse=True)
def _state_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))


@pytest.fixture
def critical(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _p, _t, text, *_: shown.append(text))
    return shown


@pytest.fixture
def window(qtbot: QtBot, critical: list[str]) -> Iterator[MainWindow]:
    _app, built = build(["cluster-planner"])
    qtbot.addWidget(built)
    built.document.live.wait_idle()
    yield built
    built.document.live.shutdown()


@pytest.fixture
def folder_gone_while_writing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The target's folder disappears after the exporter made its temporary file (a network share
    dropping, a folder deleted meanwhile): the PDF writer's own check refuses."""
    real_export = render.export_pdf

    def export(design: Any, catalog: Any, path: Path, *args: Any, **kwargs: Any) -> Any:
        shutil.rmtree(Path(path).parent)
        return real_export(design, catalog, path, *args, **kwargs)

    monkeypatch.setattr(render, "export_pdf", export)


def _export(window: MainWindow, target: Path) -> None:
    exporter = window.findChild(PdfExporter, "pdfExporter")
    assert isinstance(exporter, PdfExporter)
    assert exporter.export(ExportOptions(target, "en", "a4")) is None


def test_the_writers_refusal_names_the_users_file(window: MainWindow, critical: list[str], tmp_path: Path,
                                                  folder_gone_while_writing: None) -> None:
    target = tmp_path / "out" / "p.pdf"
    target.parent.mkdir()
    _export(window, target)
    assert critical == [f"Cannot export p.pdf: cannot write {target}: the folder {target.parent} does not exist; "
                        "create it or pick another output path"]


def test_the_writers_refusal_reads_in_chinese(window: MainWindow, critical: list[str], tmp_path: Path,
                                              folder_gone_while_writing: None) -> None:
    target = tmp_path / "out" / "p.pdf"
    target.parent.mkdir()
    install_language("zh_CN")
    try:
        _export(window, target)
    finally:
        install_language("en")
    [message] = critical
    assert f"无法写入 {target}：文件夹 {target.parent} 不存在" in message and HAN.search(message)
    assert "cannot write" not in message and ".part" not in message
