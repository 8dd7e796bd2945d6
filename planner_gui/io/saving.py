"""Writing .cluster files so that no crash, power cut, full disk or read-only folder loses the previous version.

The text goes to a new temporary file beside the target (same file system, so the final rename
is atomic), is flushed to disk, the current file is copied to ``NAME.bak`` the same way, and only
then is the temporary file renamed over the target. A failure at any step leaves the target as it
was and raises :class:`SaveError` saying why; a kill at any instant leaves the old or the new
complete file (tests/reliability/test_atomic_save.py kills a saving process at random points).
"""

from __future__ import annotations

import glob
import json
import os
import secrets
import stat
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

from planner_gui.io.codec import design_to_data
from planner_gui.model import Design
from planner_gui.model.messages import QT_TRANSLATE_NOOP, Text

NEW_FILE_MODE = 0o666  # what any program creates: the user's umask then applies (os.open does it)
TEMP_SUFFIX = ".tmp"
TEMP_TOKEN_BYTES = 6  # 12 hex digits: a clash with another save's temp file is practically impossible
# POSIX NAME_MAX on Linux, macOS and Windows (NTFS counts UTF-16 units; 255 bytes is the tighter bound here).
# A temporary name is the target's name plus ~30 bytes, so a long target name is shortened in it.
NAME_MAX_BYTES = 255
TEMP_EXTRA_BYTES = 1 + 1 + 10 + 1 + 2 * TEMP_TOKEN_BYTES + len(TEMP_SUFFIX) + len(".bak")  # ".", ".", pid, "-"
TEMP_NAME_ATTEMPTS = 8  # O_EXCL retries before giving up (each clash is a 1-in-2^48 event)
# A temporary file this old cannot belong to a save in progress (a 64 MB save takes seconds): it was
# left by a crash, and the next save of the same design removes it so crashes do not fill the disk.
STALE_TEMP_SECONDS = 3600
_INDENT = " "


# The system's words for the failures a save or a load meets, as the C library writes them in English
# (Linux and macOS): one that matches is shown translated; any other stays in the system's words.
OS_REASONS = {template.source: template for template in (
    QT_TRANSLATE_NOOP("Save", "Permission denied"),
    QT_TRANSLATE_NOOP("Save", "Operation not permitted"),
    QT_TRANSLATE_NOOP("Save", "No space left on device"),
    QT_TRANSLATE_NOOP("Save", "Disk quota exceeded"),
    QT_TRANSLATE_NOOP("Save", "Read-only file system"),
    QT_TRANSLATE_NOOP("Save", "No such file or directory"),
    QT_TRANSLATE_NOOP("Save", "Not a directory"),
    QT_TRANSLATE_NOOP("Save", "Is a directory"),
    QT_TRANSLATE_NOOP("Save", "File name too long"),
    QT_TRANSLATE_NOOP("Save", "Input/output error"),
    QT_TRANSLATE_NOOP("Save", "File too large"),
    QT_TRANSLATE_NOOP("Save", "Too many levels of symbolic links"),
    QT_TRANSLATE_NOOP("Save", "Device or resource busy"),
    QT_TRANSLATE_NOOP("Save", "Text file busy"),
    QT_TRANSLATE_NOOP("Save", "Stale file handle"),
    QT_TRANSLATE_NOOP("Save", "it is a folder; choose a file name"),  # _mode_of's own
    QT_TRANSLATE_NOOP("Save", "it is not a regular file (a device, pipe or socket); choose a file name"),
    QT_TRANSLATE_NOOP("Save", "the file is read-only; save under another name, or make it writable first"),
)}


class SaveError(OSError):
    """The design could not be saved; the old file on disk is untouched.

    ``text`` is the reason as a translatable Text and ``where`` the path, so that
    :func:`~planner_gui.model.messages.error_text` shows it in the UI's language; ``str(error)`` is English.
    """

    def __init__(self, text: str, where: str = "") -> None:
        super().__init__(f"{where}: {text}" if where else text)
        self.text = text if isinstance(text, Text) else None
        self.where = where


def os_reason(error: OSError) -> str:
    """Why the system refused, as ``error.strerror`` (or the message) says it; a Text when it is a known one."""
    reason = error.strerror or (error.args[0] if len(error.args) == 1 else str(error))
    if isinstance(reason, Text):
        return reason
    template = OS_REASONS.get(reason if isinstance(reason, str) else "")
    return template.fill() if template is not None else str(reason)


def design_to_json(design: Design) -> str:
    """The file's text: sorted keys, indented, and one line per device and link.

    One line per record keeps a 100,000-link file fast to write (the C encoder does each line) and
    makes a diff of two versions show exactly which devices and links changed.
    """
    return _dump(design_to_data(design), 0) + "\n"


def _dump(value: Any, level: int) -> str:
    if isinstance(value, dict) and value:
        pad = _INDENT * (level + 1)
        items = ",\n".join(f"{pad}{_compact(key)}: {_dump(value[key], level + 1)}" for key in sorted(value))
        return "{\n" + items + "\n" + _INDENT * level + "}"
    if isinstance(value, list) and value:
        pad = _INDENT * (level + 1)
        if all(_is_flat_record(item) for item in value):
            items = ",\n".join(pad + _compact(item) for item in value)
        else:
            items = ",\n".join(pad + _dump(item, level + 1) for item in value)
        return "[\n" + items + "\n" + _INDENT * level + "]"
    return _compact(value)


def _is_flat_record(value: Any) -> bool:
    return isinstance(value, dict) and not any(isinstance(v, dict | list) for v in value.values())


def _compact(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, allow_nan=False)


def save_design(design: Design, path: Path | str) -> None:
    """Write atomically and keep the previous file as ``.bak``; raise :class:`SaveError` on any failure.

    A symbolic link is saved through (the file it points at is replaced, the link stays), and an
    existing file keeps its permission bits, so saving never changes who can read a shared design.
    """
    path = _through_links(Path(path))
    try:
        payload = design_to_json(design).encode("utf-8")
    except ValueError as error:  # NaN set by a script, or a lone surrogate (UnicodeEncodeError)
        raise SaveError(QT_TRANSLATE_NOOP("Save", "the design cannot be written as JSON ({reason}); nothing was saved")
                        .fill(reason=str(error)), str(path)) from None
    folder = path.parent
    temporary: Path | None = None
    try:
        mode = _mode_of(path)
        _refuse_odd_backup(path)
        remove_stale_temps(path)
        temporary = write_new_file(folder, temp_prefix(path.name), payload, mode)
        if mode is not None:
            _keep_backup(path, mode)
        os.replace(temporary, path)
        temporary = None
        _fsync_folder(folder)
    except OSError as error:
        kept = (QT_TRANSLATE_NOOP("Save", "the previous file is unchanged") if path.exists()
                else QT_TRANSLATE_NOOP("Save", "nothing was written"))
        raise SaveError(QT_TRANSLATE_NOOP("Save", "could not save ({reason}); {kept}").fill(
            reason=os_reason(error), kept=kept.fill()), str(path)) from None
    finally:
        if temporary is not None:
            with suppress(OSError):
                os.unlink(temporary)


def write_new_file(folder: Path, prefix: str, payload: bytes, mode: int | None = None) -> Path:
    """A new, fully written and fsynced file ``folder/prefix<random>.tmp``; removed again on any error.

    O_EXCL means a name that exists (even as a planted symbolic link) is never opened.
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(TEMP_NAME_ATTEMPTS):
        name = folder / f"{prefix}{os.getpid()}-{secrets.token_hex(TEMP_TOKEN_BYTES)}{TEMP_SUFFIX}"
        try:
            fd = os.open(name, flags, NEW_FILE_MODE)
        except FileExistsError:
            continue
        try:
            if mode is not None and hasattr(os, "fchmod"):
                os.fchmod(fd, mode)  # the umask may be stricter than the file being replaced
            _write_all(fd, payload)
            os.fsync(fd)
        except BaseException:
            os.close(fd)
            with suppress(OSError):
                os.unlink(name)
            raise
        os.close(fd)
        return name
    raise FileExistsError(QT_TRANSLATE_NOOP("Save", "no free temporary file name in {folder}").fill(folder=str(folder)))


def _write_all(fd: int, payload: bytes) -> None:
    """os.write may write less than asked (signals, pipes, some network file systems): loop until done."""
    view = memoryview(payload)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _keep_backup(path: Path, mode: int) -> None:
    """Copy the current file to ``.bak`` atomically (the original stays in place until replaced)."""
    backup = path.with_name(path.name + ".bak")
    temporary = write_new_file(path.parent, temp_prefix(backup.name), path.read_bytes(), mode)
    try:
        os.replace(temporary, backup)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise


def _through_links(path: Path) -> Path:
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def _mode_of(path: Path) -> int | None:
    """Permission bits of the file being replaced; None when there is none yet.

    Only a regular file is ever replaced: reading a named pipe for the backup would hang, a zero device
    would fill memory, and renaming over a device node would replace the node itself. A read-only file
    is the owner's "do not change" (root ignores the bits, so they are checked here).
    """
    try:
        info = path.stat()
    except FileNotFoundError:
        return None
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(21, "it is a folder; choose a file name", str(path))  # errno 21: EISDIR
    if not stat.S_ISREG(info.st_mode):
        raise OSError(22, "it is not a regular file (a device, pipe or socket); choose a file name", str(path))
    if not info.st_mode & 0o222:
        raise PermissionError(13, "the file is read-only; save under another name, or make it writable first",
                              str(path))
    return stat.S_IMODE(info.st_mode)


def _refuse_odd_backup(path: Path) -> None:
    """``NAME.bak`` is replaced too: the same rule holds for it (a planted pipe or device is refused)."""
    backup = path.with_name(path.name + ".bak")
    with suppress(FileNotFoundError):
        info = backup.lstat()
        if not (stat.S_ISREG(info.st_mode) or stat.S_ISLNK(info.st_mode)):
            raise OSError(22, "it is not a regular file (a device, pipe or socket); choose a file name",
                          str(backup))


def temp_prefix(name: str) -> str:
    """``.NAME.`` for the temporary files of ``name``, shortened so the whole temporary name fits NAME_MAX."""
    room = NAME_MAX_BYTES - TEMP_EXTRA_BYTES
    encoded = name.encode("utf-8", "surrogateescape")
    if len(encoded) > room:
        name = encoded[:room].decode("utf-8", "ignore")  # never cut a character in half
    return f".{name}."


def remove_stale_temps(path: Path) -> None:
    """Temporary files of this design left by a crash: any whose process is gone, and any older than an hour.

    A temporary name carries the pid of the process that writes it, so one left by a killed save is
    removed at the next save or open instead of after an hour; one whose process still runs is left alone.
    """
    cutoff = time.time() - STALE_TEMP_SECONDS
    for prefix in {temp_prefix(path.name), temp_prefix(path.name + ".bak")}:
        for name in glob.glob(glob.escape(str(path.parent / prefix)) + "*" + TEMP_SUFFIX):
            with suppress(OSError):
                if _writer_is_gone(name[len(str(path.parent / prefix)):]) or os.stat(name).st_mtime < cutoff:
                    os.unlink(name)


def _writer_is_gone(tail: str) -> bool:
    """True when ``PID-TOKEN.tmp`` names a process that no longer runs (never for our own pid)."""
    pid_text, dash, _ = tail.partition("-")
    if not dash or not pid_text.isdigit():
        return False
    pid = int(pid_text)
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OverflowError, OSError):
        return False
    return False


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX; opening a folder fails on Windows, where it is not needed)."""
    with suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
