"""Starting, recovering after a crash, New from a template, and the CLI's ``run_app``."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from planner_gui.app import build, run_app
from planner_gui.catalog import bundled_catalog
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.ui.dialogs.new_design import NewDesignDialog
from planner_gui.ui.window.main_window import MainWindow

CATALOG = bundled_catalog()
DEFAULT = load_design(default_example_path(), CATALOG).design


@pytest.fixture(autouse=True)
def _state_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))


@pytest.fixture
def answers(monkeypatch: pytest.MonkeyPatch) -> list[QMessageBox.StandardButton]:
    """Answers for QMessageBox.question, in order (then Discard); criticals are recorded in ``errors``."""
    queue: list[QMessageBox.StandardButton] = []

    def ask(_parent: QWidget, _title: str, _text: str, *_: object) -> QMessageBox.StandardButton:
        return queue.pop(0) if queue else QMessageBox.StandardButton.Discard

    monkeypatch.setattr(QMessageBox, "question", ask)
    monkeypatch.setattr(QMessageBox, "critical", lambda *_: pytest.fail("unexpected error dialog"))
    return queue


def _build(qtbot: QtBot) -> MainWindow:
    _app, window = build(["cluster-planner"])
    qtbot.addWidget(window)
    return window


def _crash_with_unsaved_work(qtbot: QtBot, name: str) -> Path:
    """Edit, let autosave run, then leave without closing (what a crash leaves behind)."""
    window = _build(qtbot)
    window.document.set_settings("meta", name=name)
    written = window.autosaver.autosave_now()
    assert written is not None and written.exists()
    window.autosaver._timer.stop()  # a dead app autosaves no more; its file stays
    window.document.live.shutdown()
    return written


def test_after_a_crash_the_autosave_is_offered_and_restored(qtbot: QtBot,
                                                           answers: list[QMessageBox.StandardButton]) -> None:
    left = _crash_with_unsaved_work(qtbot, "Work before the crash")
    answers.append(QMessageBox.StandardButton.Yes)
    window = _build(qtbot)
    doc = window.document
    assert doc.design.meta.name == "Work before the crash" and doc.is_dirty
    assert doc.path == default_example_path()  # Save goes back to the file it came from
    assert window.isWindowModified()
    assert not left.exists() and window.autosaver.own_path.exists()  # our own copy replaced the old one
    doc.undo_stack.setClean()
    window.close()


def test_declining_recovery_keeps_the_file_until_the_next_save(qtbot: QtBot, tmp_path: Path,
                                                              answers: list[QMessageBox.StandardButton]) -> None:
    left = _crash_with_unsaved_work(qtbot, "Declined work")
    answers.append(QMessageBox.StandardButton.No)
    window = _build(qtbot)
    assert window.document.design == DEFAULT and left.exists()
    window.document.save(tmp_path / "saved.cluster")
    assert not left.exists()
    window.close()


def test_new_from_template_generates_the_design(qtbot: QtBot) -> None:
    dialog = NewDesignDialog(CATALOG)
    qtbot.addWidget(dialog)
    dialog.nodes.setValue(2)
    dialog.topology.setCurrentText("single-switch")
    dialog.accept()
    assert dialog.result() == NewDesignDialog.DialogCode.Accepted
    servers = [d for d in dialog.design.devices.values() if d.catalog_id == "dgx-h100"]
    assert len(servers) == 2 and all(d.placed for d in servers)


def test_a_template_the_generator_refuses_keeps_the_dialog_open_with_its_message(qtbot: QtBot) -> None:
    dialog = NewDesignDialog(CATALOG)
    qtbot.addWidget(dialog)
    dialog.rack_kw.setValue(5.0)  # one dgx-h100 draws up to 10.2 kW (servers.json max_power_w)
    dialog.accept()
    assert dialog.design is None and dialog.result() != NewDesignDialog.DialogCode.Accepted
    assert "draws up to 10.2 kW, more than the rack budget 5 kW" in dialog.error.text()


def test_new_blank_design_has_one_empty_rack(qtbot: QtBot) -> None:
    dialog = NewDesignDialog(CATALOG)
    qtbot.addWidget(dialog)
    dialog.blank.setChecked(True)
    dialog.accept()
    assert list(dialog.design.racks) == ["A01"] and not dialog.design.devices


def test_file_new_replaces_the_design_after_asking(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
                                                   answers: list[QMessageBox.StandardButton]) -> None:
    window = _build(qtbot)
    window.document.set_settings("meta", name="changed")
    monkeypatch.setattr(NewDesignDialog, "exec", lambda self: (self.blank.setChecked(True), self.accept(),
                                                              NewDesignDialog.DialogCode.Accepted)[-1])
    replaced: list[bool] = []
    window.document.design_replaced.connect(lambda: replaced.append(True))
    assert window.files.new()  # the unsaved change is discarded (the default answer)
    assert replaced and list(window.document.design.racks) == ["A01"] and window.document.path is None
    assert window.windowTitle().startswith("Untitled design[*] — not saved yet")
    window.close()


def test_file_new_says_when_the_oversubscription_asked_is_not_what_was_built(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """32 DGX H100 rail-optimized at 3:1 builds 2.67:1 (tests/test_templates_oversubscription.py): the status
    bar says so, and the design's notes keep it."""
    window = _build(qtbot)

    def run(dialog: NewDesignDialog) -> NewDesignDialog.DialogCode:
        dialog.server.setCurrentIndex(dialog.server.findData("dgx-h100"))
        dialog.nodes.setValue(32)
        dialog.oversubscription.setValue(3.0)
        dialog.accept()
        return NewDesignDialog.DialogCode.Accepted

    monkeypatch.setattr(NewDesignDialog, "exec", run)
    assert window.files.new()
    shown = window.statusBar().currentMessage()
    assert "Oversubscription 3:1 was asked for; the leaves were built at 2.67:1" in shown
    assert shown in window.document.design.meta.notes
    window.close()


def test_run_app_opens_and_quits(qtbot: QtBot) -> None:
    assert run_app(None, quit_after_ms=50) == 0


def test_run_app_reports_a_bad_file_without_crashing(qtbot: QtBot, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _parent, _title, text: shown.append(text))
    bad = tmp_path / "bad.cluster"
    bad.write_text("{", encoding="utf-8")
    assert run_app(str(bad), quit_after_ms=50) == 0  # the window opened and ran (issue 19 item 10)
    assert shown and "is not valid JSON" in shown[0]


def test_the_saved_autosave_interval_is_used_from_start_up(qtbot: QtBot) -> None:
    from planner_gui.preferences import Preferences, save_preferences

    save_preferences(Preferences(autosave_interval_s=10))  # the test's own config dir (tests/conftest.py)
    window = _build(qtbot)
    assert window.autosaver.interval_s == 10  # was the 60 s default until Preferences was opened
    window.document.live.shutdown()
