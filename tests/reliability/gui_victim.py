"""The desktop app with unsaved work, waiting to be killed (tests/reliability/test_crash_recovery.py).

Usage: python -m tests.reliability.gui_victim DESIGN EXPECTED
Builds the real window on DESIGN, makes edits, forces an autosave, writes the design as it was at
that autosave to EXPECTED (for the test to compare), then edits once more (work the crash may lose)
and prints "ready". It never exits by itself: the test ends it with SIGKILL.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from planner_gui.app import build
from planner_gui.io import save_design

NAME_AT_AUTOSAVE = "Edited before the crash 崩溃前"
NAME_AFTER_AUTOSAVE = "Edited after the last autosave"
WAIT_S = 600.0  # far longer than any test waits: the kill always comes first


def main() -> None:
    design_path, expected = Path(sys.argv[1]), Path(sys.argv[2])
    app, window = build(["cluster-planner", str(design_path)])
    document = window.document
    rack = document.add_rack()
    document.add_device("dgx-h100", rack, 1)
    document.set_settings("meta", name=NAME_AT_AUTOSAVE)
    written = window.autosaver.autosave_now()
    assert written is not None, "the forced autosave wrote nothing"
    save_design(document.design, expected)  # io only: the document does not see this as a save
    document.set_settings("meta", name=NAME_AFTER_AUTOSAVE)
    app.processEvents()
    print("ready", written, flush=True)
    time.sleep(WAIT_S)


if __name__ == "__main__":
    main()
