"""Undoable variant steps on the Document: save the current state as a new variant, switch, rename, delete.

Each step changes ``design.variants`` through model/variants.py and is pushed as one undo command,
so the file becomes dirty and Undo brings the previous state back. A switch moves whole designs in
and out of the Document's ``design`` (no copies), which keeps the earlier undo steps valid: they are
only reached after the switch itself is undone. A refused step changes nothing and emits
``edit_refused`` with the model's message, as every other edit does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QUndoCommand

from planner_gui.model import DesignError
from planner_gui.model import variants as model
from planner_gui.model.messages import error_text

translate = QCoreApplication.translate  # the bare name lupdate extracts: translate("Context", "literal")

if TYPE_CHECKING:
    from planner_gui.document.document import Document


class VariantCommand(QUndoCommand):
    """One variant step; applied before it is pushed, so the first ``redo`` does nothing."""

    def __init__(self, document: Document, text: str, redo: Callable[[], object], undo: Callable[[], object],
                 replaces: bool) -> None:
        super().__init__(text)
        self._document, self._redo, self._undo, self._replaces = document, redo, undo, replaces
        self._applied = True

    def redo(self) -> None:
        if self._applied:
            return
        self._redo()
        self._applied = True
        self._document._variants_edited(self._replaces)

    def undo(self) -> None:
        self._undo()
        self._applied = False
        self._document._variants_edited(self._replaces)


def save_as_new(document: Document, name: str) -> str | None:
    """Keep the current state and go on editing it as variant ``name``; returns the tidied name."""
    design = document.design
    was_empty = not design.variants
    try:
        kept = model.new_variant(design, name)
    except DesignError as error:
        document.edit_refused.emit(error_text(error, QCoreApplication.translate))
        return None
    new, state = design.variants.active, design.variants.stored[kept]

    def undo() -> None:
        model.undo_new_variant(design, new, kept, was_empty)

    text = translate("UndoStep", "New variant {name}").format(name=new)
    _push(document, text, lambda: model.new_variant(design, new, state), undo, False)
    return new


def switch(document: Document, name: str) -> bool:
    """Edit variant ``name``; the current state is kept under its own name."""
    design = document.design
    if name == design.variants.active:
        return True
    try:
        previous = model.switch_to(design, name)
    except DesignError as error:
        document.edit_refused.emit(error_text(error, QCoreApplication.translate))
        return False
    text = translate("UndoStep", "Switch to variant {name}").format(name=name)
    _push(document, text, lambda: model.switch_to(design, name),
          lambda: model.switch_to(design, previous), True)
    return True


def rename(document: Document, old: str, new: str) -> str | None:
    design = document.design
    try:
        new = model.rename(design, old, new)
    except DesignError as error:
        document.edit_refused.emit(error_text(error, QCoreApplication.translate))
        return None
    if new == old:
        return new
    text = translate("UndoStep", "Rename variant {old} to {new}").format(old=old, new=new)
    _push(document, text, lambda: model.rename(design, old, new),
          lambda: model.rename(design, new, old), False)
    return new


def delete(document: Document, name: str) -> bool:
    design = document.design
    try:
        index, state = model.delete(design, name)
    except DesignError as error:
        document.edit_refused.emit(error_text(error, QCoreApplication.translate))
        return False
    text = translate("UndoStep", "Delete variant {name}").format(name=name)
    _push(document, text, lambda: model.delete(design, name),
          lambda: model.restore(design, name, index, state), False)
    return True


def _push(document: Document, text: str, redo: Callable[[], object], undo: Callable[[], object],
          replaces: bool) -> None:
    document.undo_stack.push(VariantCommand(document, text, redo, undo, replaces))
    document._variants_edited(replaces)
