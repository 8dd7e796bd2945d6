"""Killing the app loses at most the edits since the last autosave, and a "No" to recovery is not final.

A real app process (tests/reliability/gui_victim.py: planner_gui.app.build, scripted edits, a forced
autosave, one more edit) is killed with SIGKILL. The next start offers the autosave; declining keeps
it (it is offered again at the following start); accepting restores exactly the design at the
autosave, unsaved, with Save pointing at the original file; the next successful save removes it.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from planner_gui.app import build
from planner_gui.document.autosave import recovery_folder
from planner_gui.examples import example_paths
from planner_gui.io import load_design
from planner_gui.ui.window.main_window import MainWindow
from tests.reliability.gui_victim import NAME_AT_AUTOSAVE
from tests.reliability.hostile import CATALOG

ROOT = Path(__file__).resolve().parents[2]
READY_TIMEOUT_S = 180.0  # starting Qt and the first analysis on a busy 2-core CI machine


def _crash_the_app(tmp_path: Path) -> tuple[Path, Path, Path]:
    """Start the app with unsaved work in a child process, SIGKILL it; returns (design, expected, autosave)."""
    design = tmp_path / "customer.cluster"
    shutil.copy(next(p for p in example_paths() if p.name.startswith("s1-")), design)
    expected = tmp_path / "expected.cluster"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, "-m", "tests.reliability.gui_victim", str(design), str(expected)]
    with subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True) as app:
        assert app.stdout is not None
        deadline = time.monotonic() + READY_TIMEOUT_S
        line = ""
        while not line.startswith("ready"):
            line = app.stdout.readline()
            assert line or app.poll() is None, "the app exited before it was ready"
            assert time.monotonic() < deadline, "the app did not get ready in time"
        app.send_signal(signal.SIGKILL)
        app.wait()
    return design, expected, Path(line.split(maxsplit=1)[1].strip())


def _start(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, answer: QMessageBox.StandardButton,
           asked: list[str]) -> MainWindow:
    def question(_parent: QWidget, title: str, text: str, *_: object) -> QMessageBox.StandardButton:
        asked.append(text)
        return answer if title == "Recover unsaved work" else QMessageBox.StandardButton.Discard

    monkeypatch.setattr(QMessageBox, "question", question)
    monkeypatch.setattr(QMessageBox, "critical", lambda *_: pytest.fail("unexpected error dialog"))
    _app, window = build(["cluster-planner"])
    qtbot.addWidget(window)
    return window


def test_after_a_kill_the_autosave_is_offered_declined_kept_then_restored(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    design_path, expected, autosave = _crash_the_app(tmp_path)
    assert autosave.parent == recovery_folder() and autosave.exists()
    at_autosave = load_design(expected, CATALOG).design
    assert at_autosave.meta.name == NAME_AT_AUTOSAVE

    asked: list[str] = []
    declined = _start(qtbot, monkeypatch, QMessageBox.StandardButton.No, asked)
    assert len(asked) == 1 and NAME_AT_AUTOSAVE in asked[0] and str(design_path) in asked[0]
    assert declined.document.design != at_autosave and autosave.exists()  # a "No" keeps the file ...
    declined.close()
    assert autosave.exists()  # ... through a clean exit of the app that declined

    asked.clear()
    window = _start(qtbot, monkeypatch, QMessageBox.StandardButton.Yes, asked)
    document = window.document
    assert len(asked) == 1 and NAME_AT_AUTOSAVE in asked[0]  # offered again at the next start
    assert document.design == at_autosave  # the state at the last autosave, not the edit after it
    assert document.is_dirty and document.path == design_path  # unsaved; Save goes back to the original
    assert not autosave.exists() and window.autosaver.own_path.exists()  # now autosaved by this app

    document.save(design_path)
    assert load_design(design_path, CATALOG).design == at_autosave
    assert not any(recovery_folder().glob("autosave-*.cluster"))  # a successful save clears recovery
    window.close()


def _left_behind(folder: Path, pid: int) -> Path:
    """A recovery file as a crashed app leaves it: design, note and lock file."""
    folder.mkdir(parents=True, exist_ok=True)
    design = folder / f"autosave-{pid}-1.cluster"
    shutil.copy(example_paths()[0], design)
    design.with_suffix(".json").write_text(f'{{"pid": {pid}, "name": "left behind"}}', encoding="utf-8")
    design.with_suffix(".lock").touch()
    return design


HOLD_LOCK = "import fcntl, os, sys, time; fd = os.open(sys.argv[1], os.O_RDWR); fcntl.flock(fd, fcntl.LOCK_EX); " \
            "print('locked', flush=True); time.sleep(600)"


@pytest.mark.skipif(os.name != "posix", reason="flock is POSIX; elsewhere the pid check alone decides")
def test_a_running_app_keeps_its_file_and_a_reused_pid_does_not_hide_a_crash(qtbot: QtBot, tmp_path: Path) -> None:
    """After a power cut the crashed app's pid may belong to another program: the lock, not the pid, decides."""
    from planner_gui.document import Document
    from planner_gui.document.autosave import Autosaver

    folder = tmp_path / "recovery"
    reused = _left_behind(folder, pid=1)  # pid 1 is always alive, but it does not hold the lock
    running = _left_behind(folder, pid=os.getppid())
    with subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(running.with_suffix(".lock"))],
                          stdout=subprocess.PIPE, text=True) as holder:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        document = Document(CATALOG, analyzer=lambda *_: None)
        saver = Autosaver(document, folder=folder, parent=document)
        assert [f.design_path for f in saver.pending()] == [reused]  # the live app's file is not offered
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    assert sorted(f.design_path for f in saver.pending()) == sorted([reused, running])  # now it is
    saver.discard(saver.pending())
    assert sorted(p.name for p in folder.iterdir()) == []  # design, note and lock all gone


@pytest.mark.skipif(os.name != "posix", reason="flock is POSIX; elsewhere the pid check alone decides")
def test_restoring_one_crashed_design_keeps_the_other_crashed_designs(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two windows crashed with different designs: restoring the newer must not delete the older one."""
    older, newer = _left_behind(recovery_folder(), pid=1), _left_behind(recovery_folder(), pid=2)
    os.utime(older, (1_000_000_000, 1_000_000_000))  # 2001: clearly the older one
    asked: list[str] = []
    window = _start(qtbot, monkeypatch, QMessageBox.StandardButton.Yes, asked)
    assert len(asked) == 1 and not newer.exists()  # restored, and replaced by this app's own autosave
    assert older.exists() and [f.design_path for f in window.autosaver.pending()] == [older]  # offered next
    window.document.undo_stack.setClean()
    window.close()
