"""Disk full and read-only destinations: a clear error, the design stays open and unsaved, nothing truncated.

Where the tests run as root and may mount (the CI machine), a real 256 KB tmpfs fills up and a real
read-only tmpfs refuses writes; elsewhere those two skip, and ENOSPC raised from os.write/os.fsync
(where a full disk shows itself) plus a chmod-ed folder cover the same code paths.
"""

from __future__ import annotations

import copy
import errno
import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from planner_gui.document import Document
from planner_gui.document.autosave import Autosaver
from planner_gui.io import SaveError, load_design, save_design, saving
from tests.reliability.hostile import CATALOG
from tests.reliability.save_victim import versions

TINY_FS_KB = 256  # holds the 16-node design (~60 KB) and its .bak, never the 256-node one (~0.9 MB)
SMALL_NODES, LARGE_NODES = 16, 256


@contextmanager
def tmpfs(where: Path, size_kb: int) -> Iterator[Path]:
    """A real tmpfs of ``size_kb`` at ``where`` (root only); skips the test where mounting is not allowed."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a tmpfs needs root; the ENOSPC simulation covers this case")
    where.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", str(where)],
                             capture_output=True, text=True, check=False)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({mounted.stderr.strip()}); the ENOSPC simulation covers this")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def _remount_read_only(where: Path) -> None:
    subprocess.run(["mount", "-o", "remount,ro", str(where)], check=True)


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.fixture(scope="module")
def designs() -> tuple[Any, Any]:
    small, _ = versions(SMALL_NODES)
    large, _ = versions(LARGE_NODES)
    return small, large


def test_a_full_disk_gives_a_clear_error_and_truncates_nothing(tmp_path: Path, designs: tuple[Any, Any]) -> None:
    small, large = designs
    with tmpfs(tmp_path / "tiny", TINY_FS_KB) as folder:
        target = folder / "d.cluster"
        save_design(small, target)
        before = target.read_bytes()
        with pytest.raises(SaveError, match=r"d\.cluster: could not save \(No space left on device\); the previous"):
            save_design(large, target)
        assert target.read_bytes() == before and _names(folder) == ["d.cluster"]  # no half-written temp left
        save_design(small, target)  # the space came back: the next save works
        assert _names(folder) == ["d.cluster", "d.cluster.bak"]


@pytest.mark.parametrize("failing", ["write", "fsync"])
def test_enospc_from_write_or_fsync_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        designs: tuple[Any, Any], failing: str) -> None:
    """fsync is where delayed allocation (ext4, XFS, NFS) reports a full disk, after every write 'worked'."""
    small, large = designs
    target = tmp_path / "d.cluster"
    save_design(small, target)
    before = target.read_bytes()

    def full(*_: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(saving.os, failing, full)
    with pytest.raises(SaveError, match=r"could not save \(No space left on device\); the previous file is unchanged"):
        save_design(large, target)
    monkeypatch.undo()
    assert target.read_bytes() == before and _names(tmp_path) == ["d.cluster"]


def test_a_read_only_destination_gives_a_clear_error(tmp_path: Path, designs: tuple[Any, Any]) -> None:
    small, large = designs
    with tmpfs(tmp_path / "ro", TINY_FS_KB * 4) as folder:
        target = folder / "d.cluster"
        save_design(small, target)
        before = target.read_bytes()
        _remount_read_only(folder)
        with pytest.raises(SaveError, match=r"could not save \(Read-only file system\); the previous file"):
            save_design(large, target)
        assert target.read_bytes() == before


def test_a_folder_without_write_permission_gives_a_clear_error(tmp_path: Path, designs: tuple[Any, Any]) -> None:
    if os.geteuid() == 0:
        pytest.skip("root ignores permission bits; the read-only tmpfs test covers this case")
    small, large = designs
    target = tmp_path / "d.cluster"
    save_design(small, target)
    before = target.read_bytes()
    tmp_path.chmod(0o555)
    try:
        with pytest.raises(SaveError, match=r"could not save \(Permission denied\)"):
            save_design(large, target)
    finally:
        tmp_path.chmod(0o755)
    assert target.read_bytes() == before


def test_the_window_shows_the_error_and_the_design_stays_open_and_unsaved(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, designs: tuple[Any, Any]) -> None:
    from planner_gui.app import build

    _small, large = designs
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    errors: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _parent, _title, text, *_: errors.append(text))
    monkeypatch.setattr(QMessageBox, "question", lambda *_: QMessageBox.StandardButton.Discard)  # closing
    _app, window = build(["cluster-planner"])
    qtbot.addWidget(window)
    document: Document = window.document
    document.new(copy.deepcopy(large))
    document.set_settings("meta", name="Unsaved work")
    target = tmp_path / "full.cluster"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_: (str(target), ""))
    real_fsync = os.fsync

    def full(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saving.os, "fsync", full)
    assert window.files.save_as() is False
    assert len(errors) == 1 and "could not save (No space left on device); nothing was written" in errors[0] and str(target) in errors[0]
    assert document.is_dirty and document.path is None and document.design.meta.name == "Unsaved work"
    assert window.isWindowModified() and not target.exists()
    monkeypatch.setattr(saving.os, "fsync", real_fsync)
    assert window.files.save_as() is True and not document.is_dirty  # space again: the same window saves
    assert load_design(target, CATALOG).design == document.design
    window.close()


def test_autosave_on_a_full_disk_reports_and_keeps_the_last_good_autosave(
        qtbot: QtBot, tmp_path: Path, designs: tuple[Any, Any]) -> None:
    small, large = designs
    with tmpfs(tmp_path / "state", TINY_FS_KB) as folder:
        document = Document(CATALOG, copy.deepcopy(small), analyzer=lambda *_: None)
        saver = Autosaver(document, folder=folder, parent=document)
        document.set_settings("meta", name="first autosave")
        good = saver.autosave_now()
        assert good is not None
        before = good.read_bytes()
        document.new(copy.deepcopy(large))
        document.set_settings("meta", name="too big for the disk")
        with qtbot.waitSignal(saver.failed) as failure:
            assert saver.autosave_now() is None
        assert "No space left on device" in failure.args[0]
        assert good.read_bytes() == before  # the last good autosave is intact, nothing half-written beside it
        assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]
        saver.stop()
