"""Reading one catalog file: a regular JSON file of bounded size, never blocking on a pipe or device,
and the list of problems a load found (bounded too, so a hostile user catalog cannot fill memory).

Every problem is a translatable Text (model/messages.py); an unreadable file is reported and ignored.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from planner_gui.model.messages import QT_TRANSLATE_NOOP, Text

USER_CATALOG_LIMIT_BYTES = 8 * 1024 * 1024
MAX_CATALOG_ENTRIES = 10_000  # the bundled catalog has ~60 entries; far above real use (docs/reliability.md)
# Problems listed per load, as a design's (io/limits.py); past it, entries are still checked and skipped but
# only counted. Without it one entry of 2.5 million empty port groups (7 MB) held 10 million messages (3 GB).
MAX_PROBLEMS_KEPT = 1_000


class Problems:
    """What loading found: the first MAX_PROBLEMS_KEPT problems, and how many entries had more."""

    def __init__(self) -> None:
        self.kept: list[str] = []
        self.unlisted = 0  # entries (or files) with a problem past the limit

    def room(self) -> int:
        """How many problems to look for in the next entry: those that can be listed, plus one."""
        return max(MAX_PROBLEMS_KEPT - len(self.kept), 0) + 1

    def append(self, problem: str) -> None:
        if len(self.kept) < MAX_PROBLEMS_KEPT:
            self.kept.append(problem)
        else:
            self.unlisted += 1

    def skipped(self, where: str, problems: list[str]) -> None:
        """An entry skipped for ``problems``; only the sentences listed are built."""
        listed = problems[:max(MAX_PROBLEMS_KEPT - len(self.kept), 0)]
        self.kept.extend(QT_TRANSLATE_NOOP("Catalog", "{where}: {problem}; entry skipped").fill(
            where=where, problem=problem) for problem in listed)
        self.unlisted += len(problems) > len(listed)

    def listed(self) -> list[str]:
        if not self.unlisted:
            return self.kept
        more = (QT_TRANSLATE_NOOP("Catalog", "... and more problems in {count:,} entry, not listed: only the first "
                                             "{limit:,} are") if self.unlisted == 1 else
                QT_TRANSLATE_NOOP("Catalog", "... and more problems in {count:,} entries, not listed: only the first "
                                             "{limit:,} are"))
        return [*self.kept, more.fill(count=self.unlisted, limit=MAX_PROBLEMS_KEPT)]


def read_entries(path: Path, problems: Problems) -> list[Any]:
    """The file's ``entries`` list; any problem with the file as a whole is reported and the file ignored."""
    try:
        document = json.loads(_read_small_file(path).decode("utf-8"), parse_constant=_refuse_constant)
    except _Unusable as reason:
        problems.append(QT_TRANSLATE_NOOP("Catalog", "{path}: {reason}; ignored").fill(path=str(path),
                                                                                      reason=reason.args[0]))
        return []
    except (OSError, ValueError, RecursionError) as error:  # ValueError: bad JSON, UTF-8 or a 5,000-digit number
        problems.append(QT_TRANSLATE_NOOP("Catalog", "{path}: cannot be read ({reason}); ignored").fill(
            path=str(path), reason=_reason(error)))
        return []
    entries = document.get("entries") if isinstance(document, dict) else None
    if not isinstance(entries, list):
        problems.append(QT_TRANSLATE_NOOP("Catalog", "{path}: expected an object with a list 'entries'; ignored").fill(
            path=str(path)))
        return []
    if len(entries) > MAX_CATALOG_ENTRIES:
        problems.append(QT_TRANSLATE_NOOP(
            "Catalog", "{path}: {count:,} entries is more than the {limit:,} allowed; ignored").fill(
            path=str(path), count=len(entries), limit=MAX_CATALOG_ENTRIES))
        return []
    return entries


class _Unusable(Exception):
    """The catalog file is not something to parse at all (a folder, a pipe, too large)."""


def _read_small_file(path: Path) -> bytes:
    """A regular file of at most USER_CATALOG_LIMIT_BYTES, read without ever blocking on a pipe or device."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _Unusable(QT_TRANSLATE_NOOP("Catalog", "is not a regular file").fill())
        data = os.read(fd, USER_CATALOG_LIMIT_BYTES + 1)
        if info.st_size > USER_CATALOG_LIMIT_BYTES or len(data) > USER_CATALOG_LIMIT_BYTES:
            raise _Unusable(QT_TRANSLATE_NOOP("Catalog", "larger than {mb} MB").fill(
                mb=USER_CATALOG_LIMIT_BYTES // 2**20))
        return data
    finally:
        os.close(fd)


def _refuse_constant(name: str) -> Any:
    raise ValueError(QT_TRANSLATE_NOOP("Catalog", "{name} is not a number JSON allows").fill(name=name))


def _reason(error: Exception) -> Text | str:
    """Why a file could not be read: our own sentence (a NaN refused) as it is, else the error's first line."""
    return error.args[0] if error.args and isinstance(error.args[0], Text) else short_error(error)


def short_error(error: Exception) -> str:
    """An error's first line, at most 200 characters (its type when it has no text)."""
    return str(error).splitlines()[0][:200] if str(error) else type(error).__name__
