"""Autosave and crash recovery.

Every minute, unsaved work is written to a recovery file in the platformdirs user state dir (one
file per running app, named after its process), with a small JSON note of the design's own file.
A clean exit or a successful save deletes it; a crash leaves it, and the next start offers it back.
If the user declines, the file stays until their next successful save, so a mistaken "No" is not
final.

Whether the app that wrote a file still runs is decided by a lock it holds for its lifetime (POSIX
flock, or on Windows msvcrt.locking on the lock file's first byte; the system drops either when the
process dies, even when killed or on a power cut), not by its pid alone: after a reboot another
program may have that pid, and the work would never be offered.
"""

from __future__ import annotations

import errno
import json
import os
import time
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from platformdirs import user_state_path
from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

from planner_gui.document.document import Document
from planner_gui.document.recent import APP_DIR_NAME
from planner_gui.io import design_to_json
from planner_gui.io.saving import os_reason, temp_prefix, write_new_file
from planner_gui.model.messages import QT_TRANSLATE_NOOP, Text, error_text, render

try:
    import fcntl
except ImportError:  # Windows: msvcrt below
    fcntl = None  # type: ignore[assignment]
try:
    import msvcrt
except ImportError:  # POSIX: fcntl above
    msvcrt = None  # type: ignore[assignment]

AUTOSAVE_INTERVAL_MS = 60_000  # issue 5: autosave every minute
RECOVERY_FOLDER = "recovery"
PREFIX = "autosave-"
SUFFIX = ".cluster"
INFO_SUFFIX = ".json"
LOCK_SUFFIX = ".lock"
LOCK_FILE_MODE = 0o600  # only the user's own apps need to open it
NS_PER_MS = 1_000_000  # unit conversion
LOCKED_BYTES = 1  # msvcrt.locking locks a byte range; one byte (past the end of the empty file) is enough
# What msvcrt.locking raises when another process holds the range (Microsoft C runtime docs, _locking):
# EACCES, a locking violation; EDEADLOCK, the same after the retries of LK_LOCK (LK_NBLCK does not retry).
HELD_ERRNOS = frozenset((errno.EACCES, getattr(errno, "EDEADLOCK", errno.EDEADLK)))


@dataclass(frozen=True, slots=True)
class RecoveryFile:
    design_path: Path
    original_path: Path | None  # the .cluster file the design came from; None if never saved
    saved_at: str  # ISO 8601, UTC
    name: str  # the design's name, to show in the question
    pid: int

    @property
    def info_path(self) -> Path:
        return self.design_path.with_suffix(INFO_SUFFIX)

    @property
    def lock_path(self) -> Path:
        return self.design_path.with_suffix(LOCK_SUFFIX)


def recovery_folder() -> Path:
    return user_state_path(APP_DIR_NAME, appauthor=False) / RECOVERY_FOLDER


class Autosaver(QObject):
    autosaved = Signal(object)  # the recovery file written
    failed = Signal(str)  # why an autosave could not be written (disk full, no permission)

    def __init__(self, document: Document, folder: Path | None = None,
                 interval_ms: int = AUTOSAVE_INTERVAL_MS, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.folder = folder if folder is not None else recovery_folder()
        self.own_path = self.folder / f"{PREFIX}{os.getpid()}-{time.time_ns() // NS_PER_MS}{SUFFIX}"
        self._declined: list[RecoveryFile] = []
        self._changes = 0  # bumped on every change; autosave skips when nothing changed since the last
        self._written = -1
        self._lock_fd: int | None = None  # held from the first autosave until a clean stop
        for signal in (document.racks_changed, document.devices_changed, document.links_changed,
                       document.settings_changed, document.design_replaced):
            signal.connect(self._on_document_changed)
        document.saved.connect(self._on_document_saved)
        self._timer = QTimer(self, interval=interval_ms)
        self._timer.timeout.connect(self.autosave_now)
        self._timer.start()

    def set_interval_s(self, seconds: int) -> None:
        """Autosave every ``seconds`` (the Preferences value, applied at start-up and when it changes)."""
        self._timer.setInterval(seconds * 1000)

    @property
    def interval_s(self) -> int:
        return self._timer.interval() // 1000

    # ----- writing ---------------------------------------------------------------------------
    def autosave_now(self) -> Path | None:
        """Write the recovery file if there is unsaved work that changed since the last autosave."""
        if not self._document.is_dirty:
            self.discard_own()
            return None
        if self._written == self._changes and self.own_path.exists():
            return self.own_path
        try:
            self._write()
        except OSError as error:
            translate = QCoreApplication.translate  # the UI language: the status bar shows it as it is
            reason = (error_text(error, translate) if isinstance(getattr(error, "text", None), Text)
                      else render(os_reason(error), translate))
            self.failed.emit(QT_TRANSLATE_NOOP("Document", "autosave to {folder} failed: {reason}").fill(
                folder=self.folder, reason=reason).render(translate))
            return None
        self._written = self._changes
        self.autosaved.emit(self.own_path)
        return self.own_path

    def _write(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        document = self._document
        info = {"original_path": str(document.path) if document.path else None, "pid": os.getpid(),
                "saved_at": datetime.now(UTC).replace(microsecond=0).isoformat(),
                "name": document.design.meta.name}
        if self._lock_fd is None:
            self._lock_fd = _hold_lock(self.own_path.with_suffix(LOCK_SUFFIX))
        _write_atomically(self.own_path, design_to_json(document.design))
        _write_atomically(self.own_path.with_suffix(INFO_SUFFIX), json.dumps(info, ensure_ascii=False))

    # ----- recovery --------------------------------------------------------------------------
    def pending(self) -> list[RecoveryFile]:
        """Recovery files left by apps that are no longer running, newest first."""
        if not self.folder.is_dir():
            return []
        found = [_read_info(path) for path in self.folder.glob(f"{PREFIX}*{SUFFIX}") if path != self.own_path]
        left = [(f, _modified(f.design_path)) for f in found if not _writer_running(f)]
        self._remove_unused_locks()
        return [f for f, when in sorted(left, key=lambda pair: pair[1], reverse=True) if when is not None]

    def _remove_unused_locks(self) -> None:
        """Locks of apps that ended with nothing to recover (a crash after their work was saved)."""
        for lock in self.folder.glob(f"{PREFIX}*{LOCK_SUFFIX}"):
            if lock != self.own_path.with_suffix(LOCK_SUFFIX) and not lock.with_suffix(SUFFIX).exists() \
                    and _lock_held(lock) is False:
                lock.unlink(missing_ok=True)

    def decline(self, files: list[RecoveryFile]) -> None:
        """Keep these files until the next successful save (a "No" can still be changed)."""
        self._declined.extend(files)

    def discard(self, files: list[RecoveryFile]) -> None:
        for recovery in files:
            for path in (recovery.design_path, recovery.info_path, recovery.lock_path):
                with suppress(OSError):  # already gone, or a read-only folder: nothing more to do
                    path.unlink(missing_ok=True)

    def discard_own(self) -> None:
        for path in (self.own_path, self.own_path.with_suffix(INFO_SUFFIX)):
            with suppress(OSError):
                path.unlink(missing_ok=True)
        self._written = -1

    def stop(self) -> None:
        """A clean exit: the user has saved or discarded their work, so nothing needs recovering."""
        self._timer.stop()
        self.discard_own()
        if self._lock_fd is not None:
            with suppress(OSError):
                self.own_path.with_suffix(LOCK_SUFFIX).unlink(missing_ok=True)
                os.close(self._lock_fd)
            self._lock_fd = None

    def _on_document_changed(self, *_: object) -> None:
        self._changes += 1

    def _on_document_saved(self, _path: object) -> None:
        self.discard_own()
        self.discard(self._declined)
        self._declined = []


def _write_atomically(path: Path, text: str) -> None:
    """New fsynced temp file then rename: a crash or a full disk leaves the previous autosave intact."""
    temporary = write_new_file(path.parent, temp_prefix(path.name), text.encode("utf-8"))
    try:
        os.replace(temporary, path)
    except OSError:
        temporary.unlink(missing_ok=True)
        raise


def _modified(path: Path) -> float | None:
    """When a recovery file was written; None if it vanished meanwhile (another app took or discarded it)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return None


def _read_info(design_path: Path) -> RecoveryFile:
    """The note beside a recovery file; a missing or damaged note still lets the design be offered."""
    try:
        info = json.loads(design_path.with_suffix(INFO_SUFFIX).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        info = {}
    info = info if isinstance(info, dict) else {}
    original = info.get("original_path")
    pid = info.get("pid")
    return RecoveryFile(design_path, Path(original) if isinstance(original, str) else None,
                        str(info.get("saved_at", "")), str(info.get("name", design_path.stem)),
                        pid if isinstance(pid, int) else 0)


def _writer_running(recovery: RecoveryFile) -> bool:
    """True while the app that wrote ``recovery`` runs: its lock decides, else (no lock) its pid."""
    if recovery.pid == os.getpid():
        return False  # only an earlier app in this process (tests), or a crashed one whose pid was reused
    held = _lock_held(recovery.lock_path)
    return _other_app_running(recovery.pid) if held is None else held


def _hold_lock(path: Path) -> int | None:
    """Open and lock ``path`` for this app's life; None where locks are unavailable (the pid check remains)."""
    if fcntl is None and msvcrt is None:
        return None
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, LOCK_FILE_MODE)
    except OSError:
        return None
    if _try_lock(fd) is not True:
        os.close(fd)
        return None
    return fd


def _lock_held(path: Path) -> bool | None:
    """Whether a live process holds the lock at ``path``; None when that cannot be known."""
    if fcntl is None and msvcrt is None:
        return None
    try:
        fd = os.open(path, os.O_RDWR)
    except OSError:
        return None
    try:
        taken = _try_lock(fd)
        if taken and msvcrt is not None and fcntl is None:
            msvcrt.locking(fd, msvcrt.LK_UNLCK, LOCKED_BYTES)  # Windows wants a range unlocked before close
    except OSError:
        return None
    finally:
        os.close(fd)  # closing also releases the probe's own POSIX lock
    return None if taken is None else not taken


def _try_lock(fd: int) -> bool | None:
    """Lock the open file ``fd`` for this process without waiting: True when locked, False when another
    process holds it, None when it cannot be told (no lock on this platform, or another error)."""
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        elif msvcrt is not None:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, LOCKED_BYTES)
        else:
            return None
    except BlockingIOError:  # flock: held elsewhere
        return False
    except OSError as error:
        return False if fcntl is None and error.errno in HELD_ERRNOS else None
    return True


def _other_app_running(pid: int) -> bool:
    """True when ``pid`` is another live process (its autosave is in use, not left by a crash).

    Only checked on POSIX, where signal 0 probes without touching the process; elsewhere every file
    is offered. Our own pid counts as not running: a file with it can only come from an earlier app
    in this process (tests) or from a crashed app whose pid was reused.
    """
    if os.name != "posix" or pid <= 0 or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # alive, owned by someone else
    return True
