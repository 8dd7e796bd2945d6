"""Writing an export (the cable schedule's CSV) atomically: a complete file or none, never half of one."""

from __future__ import annotations

import os
from contextlib import suppress
from pathlib import Path

from planner_gui.io.saving import SaveError, os_reason, write_new_file
from planner_gui.model.messages import QT_TRANSLATE_NOOP


def write_text_export(path: Path | str, text: str) -> None:
    """``text`` as UTF-8 at ``path`` (replacing a file there); SaveError saying why, with nothing half-written."""
    path = Path(path)
    if path.is_dir():
        raise SaveError(QT_TRANSLATE_NOOP("Save", "this is a folder; give a file name such as cables.csv").fill(),
                        str(path))
    temporary: Path | None = None
    try:
        temporary = write_new_file(path.parent, f".{path.name}.", text.encode("utf-8"))
        os.replace(temporary, path)
        temporary = None
    except OSError as error:
        raise SaveError(QT_TRANSLATE_NOOP("Save", "could not write the export ({reason}); nothing was written")
                        .fill(reason=os_reason(error)), str(path)) from None
    finally:
        if temporary is not None:
            with suppress(OSError):
                os.unlink(temporary)
