"""Errors raised when an edit would break one of the design's invariants."""

from __future__ import annotations


class DesignError(ValueError):
    """An edit or a loaded value violates an invariant of the design.

    ``where`` names the place (a JSON-like path or an id) so that the message can point the
    user at the exact object to fix.
    """

    def __init__(self, message: str, where: str = "") -> None:
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)
