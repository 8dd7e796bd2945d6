"""Errors raised when an edit would break one of the design's invariants."""

from __future__ import annotations

from planner_gui.model.messages import Text


class DesignError(ValueError):
    """An edit or a loaded value violates an invariant of the design.

    ``where`` names the place (a JSON-like path or an id) so that the message can point the
    user at the exact object to fix. A message given as a :class:`~planner_gui.model.messages.Text`
    is kept in ``text`` so that the UI and the CLI can show it in their language
    (:func:`~planner_gui.model.messages.error_text`); ``str(error)`` is always English.
    """

    def __init__(self, message: str, where: str = "") -> None:
        self.where = where
        self.text = message if isinstance(message, Text) else None
        super().__init__(f"{where}: {message}" if where else message)
