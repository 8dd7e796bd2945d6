"""The "still running" test of crash recovery on Windows: msvcrt.locking behind the same functions as
flock, run here on Linux with a fake msvcrt that behaves as Windows documents it (a locked byte range
refuses every other handle with EACCES until unlocked, closed or the process ends)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from planner_gui.document import autosave


class FakeMsvcrt:
    """msvcrt.locking's rules: ranges are locked per open handle; LK_NBLCK on a range another handle
    holds fails at once with EACCES; LK_UNLCK frees it. ``end_process`` drops every lock, as Windows
    does when the holding process dies."""

    LK_UNLCK, LK_LOCK, LK_NBLCK, LK_RLCK, LK_NBRLCK = 0, 1, 2, 3, 4

    def __init__(self) -> None:
        self.held: dict[tuple[int, int], int] = {}  # (device, inode) of the file -> the handle holding it
        self.calls: list[tuple[int, int]] = []

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        assert nbytes == autosave.LOCKED_BYTES and os.lseek(fd, 0, os.SEEK_CUR) == 0  # the first byte
        self.calls.append((fd, mode))
        info = os.fstat(fd)
        key = (info.st_dev, info.st_ino)
        if mode == self.LK_UNLCK:
            if self.held.get(key) != fd:
                raise OSError(errno.EACCES, "Permission denied")
            del self.held[key]
            return
        assert mode == self.LK_NBLCK
        if key in self.held and self.held[key] != fd:
            raise PermissionError(errno.EACCES, "Permission denied")
        self.held[key] = fd

    def end_process(self) -> None:
        self.held.clear()


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> FakeMsvcrt:
    fake = FakeMsvcrt()
    monkeypatch.setattr(autosave, "fcntl", None)
    monkeypatch.setattr(autosave, "msvcrt", fake)
    return fake


def _recovery(tmp_path: Path, pid: int) -> autosave.RecoveryFile:
    design = tmp_path / f"{autosave.PREFIX}{pid}-1{autosave.SUFFIX}"
    design.write_text("{}", encoding="utf-8")
    return autosave.RecoveryFile(design, None, "", "d", pid)


def test_a_held_lock_means_the_app_still_runs_and_its_end_frees_it(windows: FakeMsvcrt, tmp_path: Path) -> None:
    recovery = _recovery(tmp_path, pid=os.getpid() + 1)  # not this process: the lock decides
    fd = autosave._hold_lock(recovery.lock_path)
    assert fd is not None and recovery.lock_path.exists()
    assert autosave._lock_held(recovery.lock_path) is True and autosave._writer_running(recovery)
    windows.end_process()  # killed: Windows releases its locks
    os.close(fd)
    assert autosave._lock_held(recovery.lock_path) is False and not autosave._writer_running(recovery)
    # the probe unlocked the byte it took, so the next app can hold the lock again
    assert windows.held == {} and [mode for _, mode in windows.calls[-2:]] == [windows.LK_NBLCK, windows.LK_UNLCK]


def test_a_free_lock_beats_a_reused_pid(windows: FakeMsvcrt, tmp_path: Path) -> None:
    """After a reboot another program can have the crashed app's pid: the free lock still offers the work."""
    recovery = _recovery(tmp_path, pid=os.getppid())  # a live process that is not the writer
    recovery.lock_path.write_bytes(b"")
    assert autosave._lock_held(recovery.lock_path) is False and not autosave._writer_running(recovery)


def test_without_a_lock_file_the_pid_decides(windows: FakeMsvcrt, tmp_path: Path) -> None:
    alive = _recovery(tmp_path, pid=os.getppid())
    assert autosave._lock_held(alive.lock_path) is None
    assert autosave._writer_running(alive) is (os.name == "posix")  # the pid probe works on POSIX only


def test_a_second_app_cannot_take_a_held_lock(windows: FakeMsvcrt, tmp_path: Path) -> None:
    lock = tmp_path / "a.lock"
    first = autosave._hold_lock(lock)
    assert first is not None and autosave._hold_lock(lock) is None
    os.close(first)


def test_other_errors_are_unknown_not_held(windows: FakeMsvcrt, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a locking violation means "held"; a bad handle or any other failure leaves it to the pid."""
    def broken(fd: int, mode: int, nbytes: int) -> None:
        raise OSError(errno.EBADF, "Bad file descriptor")

    monkeypatch.setattr(windows, "locking", broken)
    lock = tmp_path / "b.lock"
    lock.write_bytes(b"")
    assert autosave._lock_held(lock) is None and autosave._hold_lock(lock) is None
