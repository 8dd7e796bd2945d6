"""Reading an nccl-tests results file for acceptance: the same rules as a design file (issue 20 item 8).

Only a regular file is read (a named pipe would hang the reader, ``/dev/zero`` would fill memory), and
at most MAX_RESULTS_BYTES of it. Used by ``cluster-planner accept`` and the GUI's acceptance dialog alike.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from planner_gui.io.saving import os_reason
from planner_gui.io.sniff import NotReadable, read_regular_file
from planner_gui.model.messages import QT_TRANSLATE_NOOP

MAX_RESULTS_BYTES = 32 * 2**20  # nccl-tests output is a few kB per test; 32 MiB is a wrong file


def read_results_file(path: Path) -> str:
    """The file's text (undecodable bytes become U+FFFD, which the parser reports by line).

    Raises ValueError with a translatable Text that names the file and what to do instead.
    """
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise ValueError(QT_TRANSLATE_NOOP("Load", "results {path!r} is a folder; give the text file nccl-tests "
                                                       "wrote").fill(path=str(path)))
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(QT_TRANSLATE_NOOP("Load", "results {path!r} is not a regular file (a device, pipe or "
                                                       "socket); save the nccl-tests output to a file and give that")
                             .fill(path=str(path)))
        if info.st_size > MAX_RESULTS_BYTES:
            raise ValueError(too_big_results(str(path), info.st_size))
        raw = read_regular_file(path, MAX_RESULTS_BYTES)  # re-checked on the open descriptor
    except NotReadable as reason:
        raise ValueError(QT_TRANSLATE_NOOP("Load", "results {path!r}: {reason}").fill(
            path=str(path), reason=reason.args[0])) from None
    except OSError as error:
        raise ValueError(QT_TRANSLATE_NOOP("Load", "results {path!r} cannot be read ({reason})").fill(
            path=str(path), reason=os_reason(error))) from None
    return raw.decode("utf-8", errors="replace")


def too_big_results(path: str, size: int) -> str:
    return QT_TRANSLATE_NOOP("Load", "results {path!r} is {mib} MiB; nccl-tests output is a few kB per test: is this "
                                     "the right file?").fill(path=path, mib=f"{size / 2**20:.0f}")
