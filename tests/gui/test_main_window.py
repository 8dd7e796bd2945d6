"""The main window built by ``planner_gui.app.build``: layout, title, status bar, files, shortcuts."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from planner_gui.app import build
from planner_gui.catalog import bundled_catalog
from planner_gui.engine.analysis import analyze_design
from planner_gui.examples import default_example_path
from planner_gui.io import load_design
from planner_gui.ui.panels.status_bar import summary_texts
from planner_gui.ui.window.main_window import DEFAULT_SIZE, MainWindow

CATALOG = bundled_catalog()
DEFAULT = load_design(default_example_path(), CATALOG).design


@pytest.fixture(autouse=True)
def _state_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))


@pytest.fixture
def dialogs(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    """Records every message box instead of showing it; questions answer from ``answers``."""
    shown: dict[str, list] = {"critical": [], "question": [], "information": [], "answers": []}

    def ask(_parent: QWidget, _title: str, text: str, *_: object) -> QMessageBox.StandardButton:
        shown["question"].append(text)
        return shown["answers"].pop(0) if shown["answers"] else QMessageBox.StandardButton.Discard

    monkeypatch.setattr(QMessageBox, "critical", lambda _p, _t, text, *_: shown["critical"].append(text))
    monkeypatch.setattr(QMessageBox, "information", lambda _p, _t, text, *_: shown["information"].append(text))
    monkeypatch.setattr(QMessageBox, "question", ask)
    return shown


@pytest.fixture
def window(qtbot: QtBot, dialogs: dict[str, list[str]]) -> Iterator[MainWindow]:
    _app, built = build(["cluster-planner"])
    qtbot.addWidget(built)
    built.document.live.wait_idle()
    yield built
    built.document.undo_stack.setClean()
    built.close()


def _close_quietly(window: MainWindow) -> None:
    window.document.undo_stack.setClean()
    window.close()


def test_build_opens_the_default_design_with_every_part_in_place(window: MainWindow) -> None:
    assert window.document.design == DEFAULT and window.document.path == default_example_path()
    assert window.undo_stack is window.document.undo_stack
    for name in ("palette", "inspector", "topologyView", "resultsPanel", "checksList"):
        assert window.findChild(QWidget, name) is not None, name
    docks = {d.objectName(): d.widget().objectName() for d in window.findChildren(QDockWidget)}
    assert docks["paletteDock"] == "palette" and docks["inspectorDock"] == "inspector"
    assert docks["resultsDock"] == "resultsPanel" and docks["checksDock"] == "checksList"
    assert window.dockWidgetArea(window.docks["paletteDock"]) == Qt.DockWidgetArea.LeftDockWidgetArea
    assert window.windowTitle().startswith(f"{DEFAULT.meta.name}[*] — h100-32x8-ndr-rail.cluster")


def test_title_marks_unsaved_changes(window: MainWindow, tmp_path: Path, qtbot: QtBot) -> None:
    """Qt's modified marker: "[*]" in the title, shown as "*" (or the platform's sign) while unsaved."""
    assert not window.isWindowModified() and "[*]" in window.windowTitle()
    window.document.set_settings("meta", name="Edited")
    assert window.windowTitle().startswith("Edited[*] — ") and window.isWindowModified()
    window.undo_stack.undo()
    assert window.windowTitle().startswith(f"{DEFAULT.meta.name}[*] — ") and not window.isWindowModified()
    window.undo_stack.redo()
    window.document.save(tmp_path / "edited.cluster")
    assert window.windowTitle().startswith("Edited[*] — edited.cluster") and not window.isWindowModified()


def test_status_bar_figures_equal_the_analysis_summary(window: MainWindow, qtbot: QtBot) -> None:
    summary = analyze_design(DEFAULT, CATALOG).summary
    expected = summary_texts(summary)
    shown = {name: window.findChild(QLabel, f"status_{name}").text() for name in expected}
    assert shown == expected
    # Hand check against the default design: 32 DGX H100 x 8 GPUs in 9 racks; rent from its cost
    # settings (seed 000 prices): 32 servers x CNY 100,000 + 12 QM9700 (8 leaves, 4 spines) x 22,500.
    assert shown["gpus"] == "256 GPUs" and shown["racks"] == "9 racks"
    # the month paid: 32 nodes × ¥100,000 + 12 switches × ¥22,500 at list, prepaid a year at a time 15 % off
    assert shown["monthly"] == f"¥{round((32 * 100_000 + 12 * 22_500) * 0.85):,} rent/month"
    assert shown["busbw"] == f"AllReduce 1 GiB {summary.allreduce_busbw_1gib_gbps:.0f} GB/s busbw"
    with qtbot.waitSignal(window.document.results_updated, timeout=2000):
        window.document.remove_items(["node-001"])
    assert window.findChild(QLabel, "status_gpus").text() == "248 GPUs"


def test_a_broken_file_on_the_command_line_shows_the_loaders_message(qtbot: QtBot, tmp_path: Path,
                                                                     dialogs: dict[str, list[str]]) -> None:
    bad = tmp_path / "bad.cluster"
    bad.write_text("{", encoding="utf-8")
    _app, window = build(["cluster-planner", str(bad)])
    qtbot.addWidget(window)
    assert window.startup_failed and window.document.path is None
    assert len(dialogs["critical"]) == 1 and "is not valid JSON" in dialogs["critical"][0]
    assert "Traceback" not in dialogs["critical"][0]
    _close_quietly(window)


def test_a_failed_open_keeps_the_current_design(window: MainWindow, tmp_path: Path,
                                                dialogs: dict[str, list[str]]) -> None:
    missing = tmp_path / "gone.cluster"
    assert not window.files.open_path(missing)
    assert dialogs["critical"] == [f"{missing} cannot be opened:\n• no such file"]
    assert window.document.design == DEFAULT


def _drop_files(target: QWidget, paths: list[Path]) -> bool:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    action, button, mods = Qt.DropAction.CopyAction, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(QPoint(20, 20), action, mime, button, mods)
    QApplication.sendEvent(target, enter)
    if not enter.isAccepted():
        return False
    drop = QDropEvent(QPointF(20, 20), action, mime, button, mods)
    QApplication.sendEvent(target, drop)
    return drop.isAccepted()


def test_dropping_a_cluster_file_on_the_window_opens_it(window: MainWindow, tmp_path: Path) -> None:
    other = sorted(default_example_path().parent.glob("s1-*.cluster"))[0]
    assert not _drop_files(window, [tmp_path / "notes.txt"])
    assert _drop_files(window, [other])
    assert window.document.path == other and window.document.design == load_design(other, CATALOG).design
    assert window.files.recent.paths()[0] == other.resolve()


def test_closing_with_unsaved_changes_asks_and_cancel_keeps_the_window(window: MainWindow,
                                                                     dialogs: dict[str, list]) -> None:
    window.document.set_settings("meta", name="Unsaved")
    dialogs["answers"].append(QMessageBox.StandardButton.Cancel)
    assert not window.close()
    assert window.isVisible() and "Unsaved" in dialogs["question"][0]
    dialogs["answers"].append(QMessageBox.StandardButton.Discard)
    assert window.close()


def test_save_as_writes_the_file_and_lists_it_as_recent(window: MainWindow, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "proposal"  # no suffix typed: .cluster is added
    monkeypatch.setattr("planner_gui.ui.window.files.QFileDialog.getSaveFileName",
                        lambda *_: (str(target), ""))
    window.document.set_settings("meta", name="Proposal")
    assert window.files.save_as()
    saved = tmp_path / "proposal.cluster"
    assert load_design(saved, CATALOG).design == window.document.design
    assert window.files.recent.paths()[0] == saved.resolve() and not window.document.is_dirty


def test_standard_shortcuts(window: MainWindow) -> None:
    a = window.menu_actions
    expected = {a.new: "Ctrl+N", a.open: "Ctrl+O", a.save: "Ctrl+S", a.save_as: "Ctrl+Shift+S", a.undo: "Ctrl+Z",
                a.redo: "Ctrl+Y", a.delete: "Del", a.select_all: "Ctrl+A", a.find: "Ctrl+F", a.fit: "Ctrl+0"}
    for action, key in expected.items():
        assert QKeySequence(key) in action.shortcuts(), (action.text(), key)


def test_select_all_then_delete_is_one_undo_step(window: MainWindow) -> None:
    window.menu_actions.select_all.trigger()
    design = window.document.design
    assert len(window.document.selection) == len(design.racks) + len(design.devices) + len(design.links)
    window.menu_actions.delete.trigger()
    assert not design.devices and not design.racks and window.undo_stack.count() == 1
    window.menu_actions.undo.trigger()
    assert window.document.design == DEFAULT


def test_find_focuses_the_palette_search(window: MainWindow, qtbot: QtBot) -> None:
    window.activateWindow()
    qtbot.waitActive(window)
    window.menu_actions.find.trigger()
    qtbot.waitUntil(window.palette.search.hasFocus, timeout=1000)


def test_double_clicking_a_palette_entry_adds_it_to_the_selected_rack(window: MainWindow) -> None:
    rack = window.document.add_rack()
    window.document.select([rack])
    window.palette.entry_activated.emit("qm9700")
    added = [d for d in window.document.design.devices.values() if d.rack_id == rack]
    assert [(d.catalog_id, d.u) for d in added] == [("qm9700", 1)]
    window.palette.entry_activated.emit("rack-48u")
    assert window.document.design.racks[sorted(window.document.design.racks)[-1]].height_u == 48


def test_geometry_and_dock_layout_are_remembered(window: MainWindow, qtbot: QtBot) -> None:
    window.resize(700, 500)  # within the offscreen screen (800 x 800): restoreGeometry clamps to it
    size = (window.width(), window.height())  # the docks' minimum sizes may widen it a little
    assert size != DEFAULT_SIZE
    window.docks["checksDock"].hide()
    window.close()
    _app, again = build(["cluster-planner"])
    qtbot.addWidget(again)
    # The height comes back exactly; the width may be clamped to the 800 px offscreen screen.
    assert again.height() == size[1] and again.width() <= size[0] and again.width() != DEFAULT_SIZE[0]
    assert not again.docks["checksDock"].isVisible()
    _close_quietly(again)


def test_status_bar_shows_computing_then_a_failure_reason(qtbot: QtBot, window: MainWindow) -> None:
    pending = window.findChild(QLabel, "status_pending")
    with qtbot.waitSignal(window.pending.shown, timeout=5_000):  # a frame later, no results having come
        window.document.results_pending.emit()
    assert pending.text() == "computing…"
    window.document.results_failed.emit("results could not be computed: bad rack feed")
    assert pending.text() == "" and window.statusBar().currentMessage() == "results could not be computed: bad rack feed"
