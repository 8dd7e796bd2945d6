"""The limits a .cluster file must stay within: every file is treated as hostile until it has loaded.

Each limit is far above any real design (the largest clusters built today have ~100,000 GPUs:
12,500 8-GPU nodes, ~23,000 devices and ~390,000 links, a 49 MB file) and low enough that a hostile
file cannot make a load take more than a few seconds or a few GB. docs/reliability.md explains each.
"""

from __future__ import annotations

MAX_FILE_BYTES = 64 * 1024 * 1024  # issue 8: files over 64 MB are refused before they are read
MAX_RACKS = 50_000  # 10x a 100k-GPU design (4,644 racks in benchmarks/load_speed.py)
MAX_DEVICES = 200_000  # issue 8 brief: ~9x a 100k-GPU design (22,964 devices)
MAX_LINKS = 1_000_000  # issue 8 brief: ~2.5x a 100k-GPU design (390,616 links)
MAX_TEXT_CHARS = 10_000  # a name or note longer than a page of text is damage, not a design
MAX_MAP_ENTRIES = 10_000  # price and NCCL_* maps: one entry per catalog id or variable, a few dozen in practice
# After this many errors a file is hopeless; stop early so a file of a million bad links cannot
# keep the loader busy or fill memory with messages (the user sees the first MAX_ERRORS_SHOWN).
MAX_ERRORS_KEPT = 1_000
MAX_ERRORS_SHOWN = 50  # LoadError carries this many; the GUI shows fewer (ui/main_files.py)
# The C JSON decoder refuses nesting deeper than Python's recursion limit (1,000 by default), and
# the codec never recurses into file data, so depth needs no limit of its own.


class TooManyProblems(Exception):
    """Raised by :class:`~planner_gui.io.reader.Problems` once MAX_ERRORS_KEPT errors are recorded."""
