"""File → Export PDF: the dialog's defaults, a written proposal, Cancel, errors and warnings.

Every dialog is replaced: the options dialog's ``exec`` presses Browse… (whose QFileDialog answers a
temp path) and Export; message boxes record what they would have said; QDesktopServices records
what it would have opened.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QLocale, QTimer, QUrl
from PySide6.QtGui import QDesktopServices, QKeySequence
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox, QProgressDialog, QWidget
from pytestqt.qtbot import QtBot

import planner_gui.report.render as render
from planner_gui.app import build
from planner_gui.examples import default_example_path
from planner_gui.report.render import fonts
from planner_gui.ui.window import export_pdf as ui_export
from planner_gui.ui.window.export_pdf import ExportOptions, ExportPdfDialog, PdfExporter
from planner_gui.ui.window.main_window import MainWindow

DESIGN_NAME = "Export Test Cluster 7"  # set on the default design, so the cover must show it


def norm(text: str) -> str:
    """pypdf puts tabs and newlines between Qt's text runs: compare without whitespace."""
    return re.sub(r"\s+", "", text)


@pytest.fixture(autouse=True)
def _state_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """Records critical boxes, the success box (and answers it from ``open``), and opened URLs."""
    record: dict[str, list[Any]] = {"critical": [], "done": [], "opened": [], "open": []}
    monkeypatch.setattr(QMessageBox, "critical", lambda _p, _t, text, *_: record["critical"].append(text))
    # Closing the window after a rename asks to save: the test's edits are discarded.
    monkeypatch.setattr(QMessageBox, "question", lambda *_: QMessageBox.StandardButton.Discard)

    def answer_done_box(box: QMessageBox) -> int:
        record["done"].append((box.text(), box.informativeText()))
        wanted = record["open"].pop(0) if record["open"] else "Close"
        next(b for b in box.buttons() if b.text().replace("&", "") == wanted).click()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", answer_done_box)
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: record["opened"].append(url) or True)
    return record


@pytest.fixture
def window(qtbot: QtBot, shown: dict[str, list[Any]]) -> Iterator[MainWindow]:
    _app, built = build(["cluster-planner"])
    qtbot.addWidget(built)
    built.document.live.wait_idle()
    built.document.set_settings("meta", name=DESIGN_NAME)
    built.document.live.wait_idle()
    yield built
    built.document.undo_stack.setClean()  # the rename above is not worth a "save changes?" prompt at teardown
    built.document.live.shutdown()


def _exporter(window: MainWindow) -> PdfExporter:
    exporter = window.findChild(PdfExporter, "pdfExporter")
    assert isinstance(exporter, PdfExporter)
    return exporter


def _answer_dialog(monkeypatch: pytest.MonkeyPatch, picked: Path) -> list[ExportPdfDialog]:
    """The options dialog presses Browse… (the file dialog answers ``picked``), then Export."""
    seen: list[ExportPdfDialog] = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_: (str(picked), "PDF documents (*.pdf)"))

    def run(dialog: ExportPdfDialog) -> int:
        seen.append(dialog)
        dialog.browse_button.click()
        dialog.export_button.click()
        return dialog.result()

    monkeypatch.setattr(ExportPdfDialog, "exec", run)
    return seen


def test_file_menu_has_export_pdf_on_ctrl_e(window: MainWindow) -> None:
    action = window.menu_actions.export_pdf
    file_menu = next(m.menu() for m in window.menuBar().actions() if m.text() == "&File")
    assert action in file_menu.actions()
    assert action.text() == "&Export PDF…"
    assert action.shortcut() == QKeySequence("Ctrl+E")
    assert action.objectName() == "actionExportPdf"


def test_paper_follows_the_territory() -> None:
    """Letter in the US and Canada (the brief), ISO A4 elsewhere, whatever the language."""
    assert ui_export.default_paper(QLocale("en_US")) == "letter"
    assert ui_export.default_paper(QLocale("fr_CA")) == "letter"
    assert ui_export.default_paper(QLocale("en_GB")) == "a4"
    assert ui_export.default_paper(QLocale("zh_CN")) == "a4"


def test_language_follows_the_app_language(monkeypatch: pytest.MonkeyPatch) -> None:
    assert ui_export.default_lang("zh_CN") == "zh"
    assert ui_export.default_lang("en") == "en"
    monkeypatch.setattr(ui_export, "current_language", lambda: "zh_CN")  # the app switched to Chinese
    assert ui_export.default_lang() == "zh"


def test_default_path_is_the_design_name_beside_the_design_file(tmp_path: Path) -> None:
    assert ui_export.default_pdf_path("Lab A/B: 64 GPUs", tmp_path / "lab.cluster") == tmp_path / "Lab A-B- 64 GPUs.pdf"
    assert ui_export.default_pdf_path("x", None) == Path.home() / "x.pdf"
    # The bundled example lives inside the installed package: the PDF goes home instead.
    assert ui_export.default_pdf_path("demo", default_example_path()) == Path.home() / "demo.pdf"


def test_export_from_the_menu_writes_the_proposal_and_opens_it(
    window: MainWindow, shown: dict[str, list[Any]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    analyses: list[object] = []
    real_export = render.export_pdf

    def spy(*args: Any, **kwargs: Any) -> Any:
        analyses.append(kwargs["analysis"])
        return real_export(*args, **kwargs)

    monkeypatch.setattr(render, "export_pdf", spy)
    seen = _answer_dialog(monkeypatch, tmp_path / "proposal")  # no suffix typed: .pdf is added
    shown["open"].append("Open PDF")
    window.menu_actions.export_pdf.trigger()

    target = tmp_path / "proposal.pdf"
    reader = PdfReader(target)
    assert norm(DESIGN_NAME) in norm(reader.pages[0].extract_text())
    assert seen[0].options().lang == ui_export.default_lang()
    assert analyses == [window.document.analysis]  # the window's results, not a second engine run
    assert shown["critical"] == []
    assert f"{len(reader.pages)} pages" in shown["done"][0][0]
    assert shown["opened"] == [QUrl.fromLocalFile(str(target))]
    assert f"Exported proposal.pdf: {len(reader.pages)} pages" in window.statusBar().currentMessage()
    assert list(tmp_path.glob("*.part")) == []  # the temporary file was moved into place
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~mask  # as any new file, not mkstemp's 0600
    assert window.findChild(QProgressDialog) is None or not window.findChild(QProgressDialog).isVisible()


def test_open_folder_opens_the_folder(window: MainWindow, shown: dict[str, list[Any]], tmp_path: Path) -> None:
    shown["open"].append("Open Folder")
    result = _exporter(window).export(ExportOptions(tmp_path / "p.pdf", "en", "letter"))
    assert result is not None and result.path.is_file()
    assert shown["opened"] == [QUrl.fromLocalFile(str(tmp_path))]
    # Letter is 612 x 792 pt (ANSI A, 8.5 x 11 in).
    box = PdfReader(result.path).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def test_an_edit_not_yet_analysed_is_waited_for(window: MainWindow, shown: dict[str, list[Any]], tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    before = window.document.analysis
    analyses: list[object] = []
    real_export = render.export_pdf
    monkeypatch.setattr(render, "export_pdf", lambda *a, **k: analyses.append(k["analysis"]) or real_export(*a, **k))
    window.document.set_settings("meta", name="Renamed just now")
    assert window.document.live.busy
    _exporter(window).export(ExportOptions(tmp_path / "p.pdf", "en", "a4"))
    assert analyses[0] is window.document.analysis and analyses[0] is not before
    assert norm("Renamed just now") in norm(PdfReader(tmp_path / "p.pdf").pages[0].extract_text())


def test_cancel_stops_the_export_and_keeps_the_old_file(
    window: MainWindow, shown: dict[str, list[Any]], tmp_path: Path, qtbot: QtBot
) -> None:
    target = tmp_path / "old.pdf"
    target.write_bytes(b"an older proposal")

    def press_cancel() -> None:
        progress = window.findChild(QProgressDialog, "exportProgress")
        assert progress is not None
        progress.cancel()

    QTimer.singleShot(0, press_cancel)  # fires at the first processEvents of the export
    result = _exporter(window).export(ExportOptions(target, "en", "a4"))
    assert result is None
    assert target.read_bytes() == b"an older proposal"
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix in (".pdf", ".part")) == ["old.pdf"]
    assert "cancelled" in window.statusBar().currentMessage()
    assert shown["critical"] == [] and shown["done"] == []


def test_cancel_of_a_new_file_leaves_no_file(window: MainWindow, shown: dict[str, list[Any]], tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    QTimer.singleShot(0, lambda: window.findChild(QProgressDialog, "exportProgress").cancel())
    assert _exporter(window).export(ExportOptions(out / "new.pdf", "en", "a4")) is None
    assert list(out.iterdir()) == []


@pytest.mark.parametrize(("where", "says"), [
    (lambda tmp: tmp / "no-such-folder" / "p.pdf", "does not exist"),
    (lambda tmp: tmp / "a-file" / "p.pdf", "Not a directory"),
    (lambda tmp: tmp, "is a folder"),
])
def test_an_unwritable_path_gives_a_clear_message(
    window: MainWindow, shown: dict[str, list[Any]], tmp_path: Path, where: Callable[[Path], Path], says: str
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "a-file").write_text("not a folder")
    target = where(out)
    assert _exporter(window).export(ExportOptions(target, "en", "a4")) is None
    [message] = shown["critical"]
    assert str(target) in message and says in message and "Traceback" not in message
    assert ".part" not in message  # the user's path is named, never the temporary file
    assert shown["done"] == []
    assert sorted(p.name for p in out.iterdir()) == ["a-file"]


def test_without_a_chinese_font_a_chinese_export_fails_with_one_message_and_writes_nothing(
    window: MainWindow, shown: dict[str, list[Any]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fonts, "find_cjk_family", lambda *_: None)
    assert _exporter(window).export(ExportOptions(tmp_path / "zh.pdf", "zh", "a4")) is None
    [message] = shown["critical"]
    assert "Chinese" in message and "font" in message and "Traceback" not in message
    assert shown["done"] == [] and list(tmp_path.iterdir()) == []  # never an English PDF under the zh name


def test_dialog_fields_and_defaults(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dialog = ExportPdfDialog(ExportOptions(tmp_path / "a.pdf", "zh", "letter"), cjk_installed=False)
    qtbot.addWidget(dialog)
    assert dialog.lang_combo.currentText() == "简体中文" and dialog.paper_combo.currentData() == "letter"
    assert not dialog.cjk_note.isHidden()  # Chinese asked for, no CJK font: the dialog says so up front
    assert not dialog.export_button.isEnabled()  # and does not write English instead
    dialog.lang_combo.setCurrentIndex(dialog.lang_combo.findData("en"))
    assert dialog.cjk_note.isHidden() and dialog.export_button.isEnabled()
    dialog.path_edit.setText("sub/b")  # a bare name goes to the default folder, with .pdf added
    assert dialog.options() == ExportOptions(tmp_path / "sub" / "b.pdf", "en", "letter")
    dialog.path_edit.setText("  ")
    assert not dialog.export_button.isEnabled()


def test_dialog_asks_before_replacing_a_typed_existing_file(qtbot: QtBot, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a.pdf").write_bytes(b"old")
    asked: list[str] = []
    answers = [QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes]

    def question(_parent: QWidget, _title: str, text: str, *_: object) -> QMessageBox.StandardButton:
        asked.append(text)
        return answers.pop(0)

    monkeypatch.setattr(QMessageBox, "question", question)
    dialog = ExportPdfDialog(ExportOptions(tmp_path / "a.pdf", "en", "a4"), cjk_installed=True)
    qtbot.addWidget(dialog)
    dialog.export_button.click()
    assert dialog.result() != QDialog.DialogCode.Accepted and len(asked) == 1
    dialog.export_button.click()
    assert dialog.result() == QDialog.DialogCode.Accepted and str(tmp_path / "a.pdf") in asked[1]
