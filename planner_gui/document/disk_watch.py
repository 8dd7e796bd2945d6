"""Notice when the open design's file changes under the Document: another window's save, a sync tool, a script.

Two windows (or two instances) with the same file open used to overwrite each other: the second save
replaced the first one's edits without a word. The Document now keeps the file's stamp (inode, size,
modification time) from its last load or save; a save over a file whose stamp moved is refused with
:class:`FileChangedOnDisk` unless the user chose to overwrite, and a ``QFileSystemWatcher`` reports a
change while the file is open, so the window can offer to reload before anything is lost.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, Signal

from planner_gui.io import SaveError
from planner_gui.model.messages import QT_TRANSLATE_NOOP

Stamp = tuple[int, int, int]  # (inode, size, mtime in ns): os.replace by another save changes the inode


class FileChangedOnDisk(SaveError):
    """The file was changed by someone else since it was opened or last saved; nothing was written."""


def disk_stamp(path: Path) -> Stamp | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_ino, info.st_size, info.st_mtime_ns


class DiskWatch(QObject):
    changed_on_disk = Signal(object)  # the path, when its file is no longer the one loaded or saved

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path: Path | None = None
        self.stamp: Stamp | None = None
        self._watcher = QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(self._on_watcher_file_changed)
        self._reported: Stamp | None = None

    def follow(self, path: Path | None) -> None:
        """The document's file is ``path`` as it is on disk now (just loaded or just saved)."""
        if self._watcher.files():
            self._watcher.removePaths(self._watcher.files())
        self.path = path
        self.stamp = disk_stamp(path) if path is not None else None
        self._reported = None
        if path is not None and self.stamp is not None:
            self._watcher.addPath(str(path))

    def check_before_save(self, target: Path) -> None:
        """Refuse to save over the document's own file when another program changed it since."""
        if self.path is None or Path(target) != self.path or self.stamp is None:
            return
        now = disk_stamp(target)
        if now is not None and now != self.stamp:
            raise FileChangedOnDisk(QT_TRANSLATE_NOOP(
                "Document", "the file was changed on disk since you opened it (another window, program or person "
                            "saved it); nothing was saved. Reload it, save under another name, or overwrite it")
                                    .fill(), str(target))

    def changed(self) -> bool:
        """True when the file on disk is no longer the one this document loaded or saved."""
        return self.path is not None and self.stamp is not None and disk_stamp(self.path) != self.stamp

    def _on_watcher_file_changed(self, name: str) -> None:
        if self.path is None or Path(name) != self.path:
            return
        if name not in self._watcher.files() and os.path.exists(name):
            self._watcher.addPath(name)  # an atomic replace (ours or another's) drops the watch: watch the new file
        now = disk_stamp(self.path)
        if now != self.stamp and now != self._reported:
            self._reported = now
            self.changed_on_disk.emit(self.path)
