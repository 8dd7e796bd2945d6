"""Typed reading of plain JSON data with a path, so every problem names where it is.

Every problem is a translatable :class:`~planner_gui.model.messages.Text` (English as its ``str``),
built only when a value is bad: a valid value never pays for a message.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from enum import StrEnum
from typing import Any, TypeVar

from planner_gui.io.limits import MAX_ERRORS_KEPT, MAX_MAP_ENTRIES, MAX_TEXT_CHARS, TooManyProblems
from planner_gui.model.messages import QT_TRANSLATE_NOOP, Template, Text

E = TypeVar("E", bound=StrEnum)
_MISSING = object()
# "path: problem" joins a JSON path and a sentence; it has nothing to translate, so it is not marked.
AT = Template("Load", "{path}: {message}")


def at(path: str, message: str) -> str:
    """``message`` prefixed with the JSON ``path`` it is about, as a Text that keeps the message translatable."""
    return AT.fill(path=path, message=message) if path else message


class Problems:
    """Collects problems found while reading a file, each with its JSON path.

    Both lists are bounded: the error that makes MAX_ERRORS_KEPT raises :class:`TooManyProblems`
    (reading a hopeless file stops there), and warnings past that many are only counted.
    """

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.warnings: list[str] = []
        self.warnings_dropped = 0
        self.parts_with_kept_keys = 0  # parts whose unknown keys are kept (io/unknown_keys.py)

    def error(self, path: str, message: str) -> None:
        """Record ``message`` (a Text, so the UI can show it translated) at the JSON ``path``."""
        self.errors.append(at(path, message))
        if len(self.errors) >= MAX_ERRORS_KEPT:
            raise TooManyProblems()

    def refused(self, path: str, error: Exception) -> None:
        """The model refused an object: its message, without the model's own "where" (the path says it)."""
        text = getattr(error, "text", None)
        if isinstance(text, Text):  # a DesignError's sentence, without its "where"
            self.error(path, text)
            return
        message, where = str(error), getattr(error, "where", "")
        if where and message.startswith(where + ": "):
            message = message[len(where) + 2:]
        self.error(path, message)

    def warn(self, path: str, message: str) -> None:
        if len(self.warnings) >= MAX_ERRORS_KEPT:
            self.warnings_dropped += 1
            return
        self.warnings.append(at(path, message))


class Reader:
    """A view of one JSON object at ``path``; typed getters record problems instead of raising.

    A getter that finds a bad value records an error and returns the default, so that reading
    goes on and the user sees every problem at once.
    """

    def __init__(self, data: Any, path: str, problems: Problems) -> None:
        self.path = path
        self.problems = problems
        if not isinstance(data, dict):
            problems.error(path, QT_TRANSLATE_NOOP("Load", "expected an object, got {type}").fill(type=json_type(data)))
            data = {}
        self.data: dict[str, Any] = data

    def at(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def child(self, key: str, required: bool = True) -> Reader | None:
        value = self.data.get(key, _MISSING)
        if value is _MISSING or value is None:
            if required:
                self.problems.error(self.at(key), QT_TRANSLATE_NOOP("Load", "missing (expected an object)").fill())
            return None
        return Reader(value, self.at(key), self.problems)

    def items(self, key: str) -> Iterator[Reader]:
        value = self.data.get(key, [])
        if not isinstance(value, list):
            self.problems.error(self.at(key), expected_list(value))
            return
        for index, item in enumerate(value):
            yield Reader(item, f"{self.at(key)}[{index}]", self.problems)

    def text(self, key: str, default: str | None = "", required: bool = False) -> str | None:
        value = self._get(key, default, required)
        if value is None or value is default:
            return value
        if not isinstance(value, str):
            return self._bad(key, expected_text(value), default)
        problem = text_problem(value)
        return value if problem is None else self._bad(key, problem, default)

    def integer(self, key: str, default: int | None, low: int, high: int, required: bool = False) -> int | None:
        value = self._get(key, default, required)
        if value is None or value is default:
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and value.is_integer() and low <= value <= high:
                return int(value)
            return self._bad(key, QT_TRANSLATE_NOOP("Load", "expected a whole number, got {value}").fill(
                value=_describe(value)), default)
        if not low <= value <= high:
            return self._bad(key, QT_TRANSLATE_NOOP("Load", "{value} is outside {low}..{high}").fill(
                value=_describe(value), low=low, high=high), default)
        return value

    def number(self, key: str, default: float | None, low: float, high: float,
               required: bool = False) -> float | None:
        value = self._get(key, default, required)
        if value is None or value is default:
            return value
        if isinstance(value, bool) or not isinstance(value, int | float):
            return self._bad(key, QT_TRANSLATE_NOOP("Load", "expected a number, got {value}").fill(
                value=_describe(value)), default)
        # Compare before converting: float(10**400) overflows, while int/float comparison is exact.
        if not low <= value <= high or (isinstance(value, float) and not math.isfinite(value)):
            return self._bad(key, QT_TRANSLATE_NOOP("Load", "{value} is outside {low:g}..{high:g}").fill(
                value=_describe(value), low=low, high=high), default)
        return float(value)

    def boolean(self, key: str, default: bool) -> bool:
        value = self.data.get(key, default)  # null is refused below: true/false must be said (a file's switch)
        if not isinstance(value, bool):
            return self._bad(key, QT_TRANSLATE_NOOP("Load", "expected true or false, got {value}").fill(
                value=_describe(value)), default)
        return value

    def choice(self, key: str, enum: type[E], default: E) -> E:
        value = self._get(key, default, False)
        if value is default:
            return default
        try:
            return enum(value)
        except ValueError:
            allowed = ", ".join(m.value for m in enum)
            return self._bad(key, QT_TRANSLATE_NOOP("Load", "{value} is not one of {allowed}").fill(
                value=_describe(value), allowed=allowed), default)

    def number_map(self, key: str, high: float) -> dict[str, float]:
        value = self._map(key, QT_TRANSLATE_NOOP("Load", "expected an object of numbers, got {type}"))
        inner = Reader(value, self.at(key), self.problems)
        result = {}
        for name in value:
            number = inner.number(name, None, 0.0, high)
            if number is not None and self._good_key(key, name):
                result[name] = number
        return result

    def text_map(self, key: str) -> dict[str, str]:
        value = self._map(key, QT_TRANSLATE_NOOP("Load", "expected an object of text values, got {type}"))
        inner = Reader(value, self.at(key), self.problems)
        result = {}
        for name, text in value.items():
            if not isinstance(text, str):
                self.problems.error(inner.at(name), expected_text(text))
            elif inner.text(name, None) is not None and self._good_key(key, name):
                result[name] = text
        return result

    def _map(self, key: str, expected: Template) -> dict[str, Any]:
        """The object at ``key``; ``expected`` ("expected an object of ..., got {type}") names a wrong type."""
        value = self.data.get(key, {})
        if not isinstance(value, dict):
            return self._bad(key, expected.fill(type=json_type(value)), {})
        if len(value) > MAX_MAP_ENTRIES:
            return self._bad(key, QT_TRANSLATE_NOOP("Load", "{count} entries is more than the {limit} allowed").fill(
                count=len(value), limit=MAX_MAP_ENTRIES), {})
        return value

    def _good_key(self, key: str, name: str) -> bool:
        problem = text_problem(name)
        if problem is not None:
            self.problems.error(self.at(key), QT_TRANSLATE_NOOP("Load", "key {key}: {problem}").fill(
                key=_describe(name), problem=problem))
        return problem is None

    def _get(self, key: str, default: Any, required: bool) -> Any:
        """The raw value at ``key``; absent or ``null`` gives ``default``, never a silent loss.

        A required value that is ``null`` is an error (the object it belongs to cannot be built, and
        skipping it quietly would lose it at the next save); an optional ``null`` where the default is
        a real value is a warning that names the default used.
        """
        value = self.data.get(key, _MISSING)
        if value is _MISSING:
            if required:
                self.problems.error(self.at(key), QT_TRANSLATE_NOOP("Load", "missing").fill())
            return default
        if value is None:
            if required:
                self.problems.error(self.at(key), QT_TRANSLATE_NOOP(
                    "Load", "is null; this value is needed (give it a value or remove the whole entry)").fill())
            elif default is not None:
                self.problems.warn(self.at(key), QT_TRANSLATE_NOOP(
                    "Load", "is null; the default {default} is used").fill(default=_default_words(default)))
            return default
        return value

    def _bad(self, key: str, message: str, default: Any) -> Any:
        self.problems.error(self.at(key), message)
        return default


def text_problem(value: str) -> str | None:
    """Why a string from a file cannot be kept (too long, or not encodable as UTF-8), or None."""
    if len(value) > MAX_TEXT_CHARS:
        return QT_TRANSLATE_NOOP("Load", "text of {count} characters is longer than {limit}").fill(
            count=len(value), limit=MAX_TEXT_CHARS)
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as error:  # a lone surrogate, e.g. the JSON escape \ud800
            return QT_TRANSLATE_NOOP("Load", "contains an unpaired surrogate \\u{code:04x} at character {index};"
                                             " the text is damaged (retype it)").fill(
                code=ord(value[error.start]), index=error.start)
    return None


def expected_list(value: Any) -> str:
    return QT_TRANSLATE_NOOP("Load", "expected a list, got {type}").fill(type=json_type(value))


def expected_text(value: Any) -> str:
    return QT_TRANSLATE_NOOP("Load", "expected text, got {type}").fill(type=json_type(value))


def json_type(value: Any) -> str:
    """What a JSON value is, in words (a Text: "expected a list, got text" reads in the UI's language)."""
    kind = type(value)
    if kind is dict:
        return QT_TRANSLATE_NOOP("Load", "an object").fill()
    if kind is list:
        return QT_TRANSLATE_NOOP("Load", "a list").fill()
    if kind is str:
        return QT_TRANSLATE_NOOP("Load", "text").fill()
    if kind is bool:
        return QT_TRANSLATE_NOOP("Load", "true/false").fill()
    if kind is int or kind is float:
        return QT_TRANSLATE_NOOP("Load", "a number").fill()
    if value is None:
        return QT_TRANSLATE_NOOP("Load", "null").fill()
    return kind.__name__  # not a JSON type: only code, never a file, hands one over


def _default_words(default: Any) -> str:
    if isinstance(default, bool):
        return "true" if default else "false"
    return default.value if isinstance(default, StrEnum) else _describe(default)


def _describe(value: Any) -> str:
    if isinstance(value, str):
        return repr(value[:40] + ("..." if len(value) > 40 else ""))
    if isinstance(value, int | float) and not isinstance(value, bool):
        text = repr(value)
        return text if len(text) <= 24 else QT_TRANSLATE_NOOP("Load", "{start}... ({count} digits)").fill(
            start=text[:20], count=len(text))
    return json_type(value)
