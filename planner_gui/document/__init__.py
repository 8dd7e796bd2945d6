"""The document layer: the open design, its undo stack, its file and its live results (Qt-aware).

``Document`` is imported on first use, so that the Qt-free parts (changes.py, edits.py, snapshot.py)
serve headless callers, such as the benchmarks, without loading Qt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from planner_gui.document.document import Document

__all__ = ["Document"]


def __getattr__(name: str) -> Any:
    if name == "Document":
        from planner_gui.document.document import Document

        return Document
    raise AttributeError(name)
