"""The document layer: the open design, its undo stack, its file and its live results (Qt-aware)."""

from planner_gui.document.document import Document

__all__ = ["Document"]
