"""The window's one copy of a non-modal tool dialog (compare, sweep, acceptance): made on first use,
kept on the window, shown and raised on every later use, so the design stays editable beside it."""

from __future__ import annotations

from typing import Any, TypeVar

from PySide6.QtWidgets import QDialog

DialogT = TypeVar("DialogT", bound=QDialog)


def single_dialog(window: Any, attribute: str, kind: type[DialogT]) -> DialogT:
    """``window``'s ``kind`` dialog, kept as ``window.<attribute>``; made for ``window.document`` when absent."""
    dialog = getattr(window, attribute, None)
    if not isinstance(dialog, kind):
        dialog = kind(window.document, window)
        setattr(window, attribute, dialog)
    return dialog


def raised(dialog: DialogT) -> DialogT:
    """``dialog`` shown and brought to the front."""
    dialog.show()
    dialog.raise_()
    return dialog
