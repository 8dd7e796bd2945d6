"""Errors raised when an edit would break one of the design's invariants."""

from __future__ import annotations

from planner_gui.model.messages import QT_TRANSLATE_NOOP, Text


class DesignError(ValueError):
    """An edit or a loaded value violates an invariant of the design.

    ``where`` names the place (a JSON-like path or an id) so that the message can point the
    user at the exact object to fix. A message given as a :class:`~planner_gui.model.messages.Text`
    is kept in ``text`` so that the UI and the CLI can show it in their language
    (:func:`~planner_gui.model.messages.error_text`); ``str(error)`` is always English. Every message
    the model and the document raise is such a Text (tests/test_error_texts.py keeps it so).
    """

    def __init__(self, message: str, where: str = "") -> None:
        self.where = where
        self.text = message if isinstance(message, Text) else None
        super().__init__(f"{where}: {message}" if where else message)


# The ``where`` of an object's error: "rack 'A01'" in English, translated with the message.
def rack_where(rack_id: object) -> Text:
    return QT_TRANSLATE_NOOP("Model", "rack {id!r}").fill(id=rack_id)


def device_where(device_id: object) -> Text:
    return QT_TRANSLATE_NOOP("Model", "device {id!r}").fill(id=device_id)


def link_where(link_id: object) -> Text:
    return QT_TRANSLATE_NOOP("Model", "link {id!r}").fill(id=link_id)
