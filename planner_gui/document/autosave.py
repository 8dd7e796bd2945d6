"""Autosave and crash recovery.

Every minute, unsaved work is written to a recovery file in the platformdirs user state dir (one
file per running app, named after its process), with a small JSON note of the design's own file.
A clean exit or a successful save deletes it; a crash leaves it, and the next start offers it back.
If the user declines, the file stays until their next successful save, so a mistaken "No" is not
final.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from platformdirs import user_state_path
from PySide6.QtCore import QObject, QTimer, Signal

from planner_gui.document.document import Document
from planner_gui.document.recent import APP_DIR_NAME
from planner_gui.io import design_to_json

AUTOSAVE_INTERVAL_MS = 60_000  # issue 5: autosave every minute
RECOVERY_FOLDER = "recovery"
PREFIX = "autosave-"
SUFFIX = ".cluster"
INFO_SUFFIX = ".json"
NS_PER_MS = 1_000_000  # unit conversion


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
        for signal in (document.racks_changed, document.devices_changed, document.links_changed,
                       document.settings_changed, document.design_replaced):
            signal.connect(self._on_document_changed)
        document.saved.connect(self._on_document_saved)
        self._timer = QTimer(self, interval=interval_ms)
        self._timer.timeout.connect(self.autosave_now)
        self._timer.start()

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
            self.failed.emit(f"autosave to {self.folder} failed: {error.strerror or error}")
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
        _write_atomically(self.own_path, design_to_json(document.design))
        _write_atomically(self.own_path.with_suffix(INFO_SUFFIX), json.dumps(info, ensure_ascii=False))

    # ----- recovery --------------------------------------------------------------------------
    def pending(self) -> list[RecoveryFile]:
        """Recovery files left by apps that are no longer running, newest first."""
        if not self.folder.is_dir():
            return []
        found = [_read_info(path) for path in self.folder.glob(f"{PREFIX}*{SUFFIX}") if path != self.own_path]
        live = [f for f in found if not _other_app_running(f.pid)]
        return sorted(live, key=lambda f: f.design_path.stat().st_mtime, reverse=True)

    def decline(self, files: list[RecoveryFile]) -> None:
        """Keep these files until the next successful save (a "No" can still be changed)."""
        self._declined.extend(files)

    def discard(self, files: list[RecoveryFile]) -> None:
        for recovery in files:
            for path in (recovery.design_path, recovery.info_path):
                path.unlink(missing_ok=True)

    def discard_own(self) -> None:
        for path in (self.own_path, self.own_path.with_suffix(INFO_SUFFIX)):
            path.unlink(missing_ok=True)
        self._written = -1

    def stop(self) -> None:
        """A clean exit: the user has saved or discarded their work, so nothing needs recovering."""
        self._timer.stop()
        self.discard_own()

    def _on_document_changed(self, *_: object) -> None:
        self._changes += 1

    def _on_document_saved(self, _path: object) -> None:
        self.discard_own()
        self.discard(self._declined)
        self._declined = []


def _write_atomically(path: Path, text: str) -> None:
    """Temp file then rename: a crash during an autosave leaves the previous autosave intact."""
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def _read_info(design_path: Path) -> RecoveryFile:
    """The note beside a recovery file; a missing or damaged note still lets the design be offered."""
    try:
        info = json.loads(design_path.with_suffix(INFO_SUFFIX).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        info = {}
    info = info if isinstance(info, dict) else {}
    original = info.get("original_path")
    pid = info.get("pid")
    return RecoveryFile(design_path, Path(original) if isinstance(original, str) else None,
                        str(info.get("saved_at", "")), str(info.get("name", design_path.stem)),
                        pid if isinstance(pid, int) else 0)


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
