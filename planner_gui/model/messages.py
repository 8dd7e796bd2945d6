"""Sentences the pure layers (model, io, engine) write in English and the Qt layers show translated.

The model, the loader and the engine never import Qt, yet their error messages reach a Chinese UI and
a Chinese command line. They write each sentence as a template marked for Qt's ``lupdate``::

    raise DesignError(QT_TRANSLATE_NOOP("Model", "no rack {rack!r} in this design").fill(rack=rack_id))

``QT_TRANSLATE_NOOP`` is the name lupdate looks for (context and source must be string literals, and
no f-string), so the template lands in the ``.ts`` file beside the UI's strings and is translated
there. ``fill`` returns a :class:`Text`: a ``str`` whose value is the English sentence, so every
caller that handles plain strings (logs, JSON, tests, ``in``) keeps working, and which remembers its
template and values so that :func:`render` can redo it through a translator (the UI's
``QCoreApplication.translate``, the CLI's QTranslator). Values that are Texts themselves are
rendered in the same language; other values keep their format spec (``{kw:.1f}``) in both languages.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

Translate = Callable[[str, str], str]  # (context, English source) -> translation, "" when there is none


def english(context: str, source: str) -> str:
    """The identity translator: the English source itself."""
    return source


@dataclass(frozen=True, slots=True)
class Template:
    """An English template and the .ts context it is translated in."""

    context: str
    source: str

    def fill(self, **params: Any) -> Text:
        return Text(self, params)


def QT_TRANSLATE_NOOP(context: str, source: str) -> Template:
    """Mark ``source`` for translation in ``context``; fill in the values with :meth:`Template.fill`."""
    return Template(context, source)


class Text(str):
    """A sentence in English (its ``str`` value) that can be rendered again in another language."""

    __slots__ = ("params", "template")
    template: Template
    params: Mapping[str, Any]

    def __new__(cls, template: Template, params: Mapping[str, Any]) -> Text:
        text = super().__new__(cls, template.source.format(**params))
        text.template = template
        text.params = dict(params)
        return text

    def __reduce__(self) -> tuple[Any, ...]:  # copy, deepcopy and pickle rebuild it from its parts
        return (Text, (self.template, self.params))

    def render(self, translate: Translate) -> str:
        """This sentence through ``translate``; English when the translation is missing or broken."""
        values = {name: render(value, translate) if isinstance(value, Text) else value
                  for name, value in self.params.items()}
        pattern = translate(self.template.context, self.template.source) or self.template.source
        try:
            return pattern.format(**values)
        except (KeyError, IndexError, ValueError):  # a translation that lost or misspelt a {field}
            return self.template.source.format(**values)


def render(value: object, translate: Translate) -> str:
    """``value`` as text in the language of ``translate``: a :class:`Text` translated, anything else as is."""
    if isinstance(value, Text):
        return value.render(translate)
    return str(value)


def error_text(error: BaseException, translate: Translate) -> str:
    """An exception's message in the language of ``translate``.

    Errors raised with a :class:`Text` (``DesignError``, the loader's errors) translate; their
    ``where`` prefix is a path or an id and stays as it is, unless it is a Text itself (the model's
    "rack 'A01'"). Anything else reads as ``str(error)``.
    """
    text = getattr(error, "text", None)
    if isinstance(text, Text):
        where = render(getattr(error, "where", ""), translate)
        body = text.render(translate)
        return f"{where}: {body}" if where else body
    # KeyError's str() is the repr of its argument; any other error raised with one Text is that Text
    if (isinstance(error, KeyError) and error.args) or (len(error.args) == 1 and isinstance(error.args[0], Text)):
        message: object = error.args[0]
    else:
        message = error
    return render(message, translate) if isinstance(message, Text) else str(message)
