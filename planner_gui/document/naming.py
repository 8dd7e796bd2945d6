"""Ids for new objects, written like the ones the design already has. No Qt."""

from __future__ import annotations

from collections.abc import Iterable

from planner_gui.model import Design


def fresh_id(design: Design, prefix: str, siblings: Iterable[str]) -> str:
    """An unused ``prefix-N``, zero-padded like its siblings: after "node-001".."node-032" comes
    "node-033", not "node-33", so new devices sort among the generated ones."""
    number = int(design.new_id(prefix).rpartition("-")[2])
    start = len(prefix) + 1
    widths = [len(i) - start for i in siblings if i.startswith(prefix + "-") and i[start:].isdigit()]
    return f"{prefix}-{number:0{max(widths, default=1)}d}"
