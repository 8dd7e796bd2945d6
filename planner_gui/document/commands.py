"""The undo commands: one QUndoCommand per Document edit, holding that edit's reversible changes.

Commands never touch the design themselves: they hand their changes to the Document's private
``_apply_changes`` / ``_revert_changes``, which apply them and announce what changed, so views
update the same way for an edit, an undo and a redo.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QUndoCommand

from planner_gui.document.changes import Change

if TYPE_CHECKING:
    from planner_gui.document.document import Document


class EditCommand(QUndoCommand):
    """One user-visible step. The Document has already applied the changes when it pushes the command,
    so the first ``redo`` (which QUndoStack.push calls) does nothing."""

    def __init__(self, document: Document, text: str, changes: list[Change]) -> None:
        super().__init__(text)
        self._document = document
        self.changes = changes
        self._applied = True

    def redo(self) -> None:
        if self._applied:
            return
        self._document._apply_changes(self.changes)
        self._applied = True

    def undo(self) -> None:
        self._document._revert_changes(self.changes)
        self._applied = False
