"""Reading a file that may be anything: bounded reads of regular files only, and naming other formats.

A .cluster path can point at a pipe, a device (``/dev/zero`` never ends) or a file far too big to
be a design, and people do drop a PDF, a zip or a spreadsheet on the window. Each gets a message
that says what the file is, before any parsing.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from planner_gui.model.messages import QT_TRANSLATE_NOOP, Template

READ_CHUNK_BYTES = 1 << 20  # after the first read, 1 MB steps: the size bound holds even if the file grows
# Leading bytes of formats people mistake for a design (https://en.wikipedia.org/wiki/List_of_file_signatures).
UTF16 = QT_TRANSLATE_NOOP("Load", "UTF-16 text; save it as UTF-8")
SIGNATURES: tuple[tuple[bytes, Template], ...] = (
    (b"%PDF-", QT_TRANSLATE_NOOP("Load", "a PDF document")),
    (b"PK\x03\x04", QT_TRANSLATE_NOOP("Load", "a zip archive (or an .xlsx/.docx/.pptx file, which are zip archives)")),
    (b"PK\x05\x06", QT_TRANSLATE_NOOP("Load", "an empty zip archive")),
    (b"\x1f\x8b", QT_TRANSLATE_NOOP("Load", "a gzip-compressed file; decompress it first")),
    (b"BZh", QT_TRANSLATE_NOOP("Load", "a bzip2-compressed file; decompress it first")),
    (b"\xfd7zXZ\x00", QT_TRANSLATE_NOOP("Load", "an xz-compressed file; decompress it first")),
    (b"7z\xbc\xaf\x27\x1c", QT_TRANSLATE_NOOP("Load", "a 7-Zip archive")),
    (b"Rar!\x1a\x07", QT_TRANSLATE_NOOP("Load", "a RAR archive")),
    (b"\x89PNG\r\n\x1a\n", QT_TRANSLATE_NOOP("Load", "a PNG image")),
    (b"\xff\xd8\xff", QT_TRANSLATE_NOOP("Load", "a JPEG image")),
    (b"GIF8", QT_TRANSLATE_NOOP("Load", "a GIF image")),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", QT_TRANSLATE_NOOP("Load", "an old-style Office document (.xls/.doc)")),
    (b"SQLite format 3\x00", QT_TRANSLATE_NOOP("Load", "an SQLite database")),
    (b"\x7fELF", QT_TRANSLATE_NOOP("Load", "a program (ELF executable)")),
    (b"MZ", QT_TRANSLATE_NOOP("Load", "a Windows program")),
    (b"\x80\x04\x95", QT_TRANSLATE_NOOP(
        "Load", "a Python pickle, which Cluster Planner never opens (it could run code)")),
    (b"\xff\xfe", UTF16),
    (b"\xfe\xff", UTF16),
)


FOREIGN = QT_TRANSLATE_NOOP("Load", "is {name} and is not valid JSON; it is not a Cluster Planner design")


class NotReadable(Exception):
    """The path cannot be read as a design file; ``args[0]`` says why, for the user (a translatable Text)."""


def read_regular_file(path: Path, limit: int) -> bytes:
    """The whole file, if it is a regular file of at most ``limit`` bytes; NotReadable otherwise.

    Opened non-blocking so a named pipe does not hang the open, then checked with fstat on the open
    descriptor (not the path, which could be swapped between check and open).
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise NotReadable(QT_TRANSLATE_NOOP("Load", "is a folder, not a .cluster file").fill())
        if not stat.S_ISREG(info.st_mode):
            raise NotReadable(QT_TRANSLATE_NOOP(
                "Load", "is not a regular file (a device, pipe or socket); choose a .cluster file").fill())
        if info.st_size > limit:
            raise NotReadable(too_big(info.st_size, limit))
        return _read_at_most(fd, info.st_size, limit)
    finally:
        os.close(fd)


def _read_at_most(fd: int, expected: int, limit: int) -> bytes:
    """Read to the end; the first read asks for the whole file, so a 50 MB design is one system call."""
    chunks: list[bytes] = []
    total = 0
    size = expected + 1  # one byte more than stat said, to notice a file that grew
    while True:
        chunk = os.read(fd, size)
        if not chunk:
            return chunks[0] if len(chunks) == 1 else b"".join(chunks)
        total += len(chunk)
        if total > limit:
            raise NotReadable(too_big(total, limit))
        chunks.append(chunk)
        size = READ_CHUNK_BYTES


def too_big(size: int, limit: int) -> str:
    return QT_TRANSLATE_NOOP("Load", "is over {limit} MB ({size:.0f} MB read); files that large are refused").fill(
        limit=limit // 2**20, size=size / 2**20)


def foreign_format(raw: bytes) -> str | None:
    """What the file is, when its first bytes show it is not JSON text; None when it may be JSON."""
    for signature, name in SIGNATURES:
        if raw.startswith(signature):
            return FOREIGN.fill(name=name.fill())
    return None
