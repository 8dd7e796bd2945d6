"""Typed reading of plain JSON data with a path, so every problem names where it is."""

from __future__ import annotations

import math
from collections.abc import Iterator
from enum import StrEnum
from typing import Any, TypeVar

from planner_gui.io.limits import MAX_ERRORS_KEPT, MAX_MAP_ENTRIES, MAX_TEXT_CHARS, TooManyProblems

E = TypeVar("E", bound=StrEnum)
_MISSING = object()


class Problems:
    """Collects problems found while reading a file, each with its JSON path.

    Both lists are bounded: the error that makes MAX_ERRORS_KEPT raises :class:`TooManyProblems`
    (reading a hopeless file stops there), and warnings past that many are only counted.
    """

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.warnings: list[str] = []
        self.warnings_dropped = 0

    def error(self, path: str, message: str) -> None:
        self.errors.append(f"{path}: {message}" if path else message)
        if len(self.errors) >= MAX_ERRORS_KEPT:
            raise TooManyProblems()

    def refused(self, path: str, error: Exception) -> None:
        """The model refused an object: its message, without the model's own "where" (the path says it)."""
        message, where = str(error), getattr(error, "where", "")
        if where and message.startswith(where + ": "):
            message = message[len(where) + 2:]
        self.error(path, message)

    def warn(self, path: str, message: str) -> None:
        if len(self.warnings) >= MAX_ERRORS_KEPT:
            self.warnings_dropped += 1
            return
        self.warnings.append(f"{path}: {message}" if path else message)


class Reader:
    """A view of one JSON object at ``path``; typed getters record problems instead of raising.

    A getter that finds a bad value records an error and returns the default, so that reading
    goes on and the user sees every problem at once.
    """

    def __init__(self, data: Any, path: str, problems: Problems) -> None:
        self.path = path
        self.problems = problems
        if not isinstance(data, dict):
            problems.error(path, f"expected an object, got {json_type(data)}")
            data = {}
        self.data: dict[str, Any] = data

    def at(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def child(self, key: str, required: bool = True) -> Reader | None:
        value = self.data.get(key, _MISSING)
        if value is _MISSING or value is None:
            if required:
                self.problems.error(self.at(key), "missing (expected an object)")
            return None
        return Reader(value, self.at(key), self.problems)

    def items(self, key: str) -> Iterator[Reader]:
        value = self.data.get(key, [])
        if not isinstance(value, list):
            self.problems.error(self.at(key), f"expected a list, got {json_type(value)}")
            return
        for index, item in enumerate(value):
            yield Reader(item, f"{self.at(key)}[{index}]", self.problems)

    def text(self, key: str, default: str | None = "", required: bool = False) -> str | None:
        value = self._get(key, default, required)
        if value is None or value is default:
            return value
        if not isinstance(value, str):
            return self._bad(key, f"expected text, got {json_type(value)}", default)
        problem = text_problem(value)
        return value if problem is None else self._bad(key, problem, default)

    def integer(self, key: str, default: int | None, low: int, high: int, required: bool = False) -> int | None:
        value = self._get(key, default, required)
        if value is None or value is default:
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and value.is_integer() and low <= value <= high:
                return int(value)
            return self._bad(key, f"expected a whole number, got {_describe(value)}", default)
        if not low <= value <= high:
            return self._bad(key, f"{_describe(value)} is outside {low}..{high}", default)
        return value

    def number(self, key: str, default: float | None, low: float, high: float,
               required: bool = False) -> float | None:
        value = self._get(key, default, required)
        if value is None or value is default:
            return value
        if isinstance(value, bool) or not isinstance(value, int | float):
            return self._bad(key, f"expected a number, got {_describe(value)}", default)
        # Compare before converting: float(10**400) overflows, while int/float comparison is exact.
        if not low <= value <= high or (isinstance(value, float) and not math.isfinite(value)):
            return self._bad(key, f"{_describe(value)} is outside {low:g}..{high:g}", default)
        return float(value)

    def boolean(self, key: str, default: bool) -> bool:
        value = self._get(key, default, False)
        if not isinstance(value, bool):
            return self._bad(key, f"expected true or false, got {_describe(value)}", default)
        return value

    def choice(self, key: str, enum: type[E], default: E) -> E:
        value = self._get(key, default, False)
        if value is default:
            return default
        try:
            return enum(value)
        except ValueError:
            allowed = ", ".join(m.value for m in enum)
            return self._bad(key, f"{_describe(value)} is not one of {allowed}", default)

    def number_map(self, key: str, high: float) -> dict[str, float]:
        value = self._map(key, "numbers")
        inner = Reader(value, self.at(key), self.problems)
        result = {}
        for name in value:
            number = inner.number(name, None, 0.0, high)
            if number is not None and self._good_key(key, name):
                result[name] = number
        return result

    def text_map(self, key: str) -> dict[str, str]:
        value = self._map(key, "text values")
        inner = Reader(value, self.at(key), self.problems)
        result = {}
        for name, text in value.items():
            if not isinstance(text, str):
                self.problems.error(inner.at(name), f"expected text, got {json_type(text)}")
            elif inner.text(name, None) is not None and self._good_key(key, name):
                result[name] = text
        return result

    def _map(self, key: str, what: str) -> dict[str, Any]:
        value = self.data.get(key, {})
        if not isinstance(value, dict):
            return self._bad(key, f"expected an object of {what}, got {json_type(value)}", {})
        if len(value) > MAX_MAP_ENTRIES:
            return self._bad(key, f"{len(value)} entries is more than the {MAX_MAP_ENTRIES} allowed", {})
        return value

    def _good_key(self, key: str, name: str) -> bool:
        problem = text_problem(name)
        if problem is not None:
            self.problems.error(self.at(key), f"key {_describe(name)}: {problem}")
        return problem is None

    def _get(self, key: str, default: Any, required: bool) -> Any:
        value = self.data.get(key, _MISSING)
        if value is _MISSING or (value is None and default is None and not required):
            if required:
                self.problems.error(self.at(key), "missing")
            return default
        return value

    def _bad(self, key: str, message: str, default: Any) -> Any:
        self.problems.error(self.at(key), message)
        return default


def text_problem(value: str) -> str | None:
    """Why a string from a file cannot be kept (too long, or not encodable as UTF-8), or None."""
    if len(value) > MAX_TEXT_CHARS:
        return f"text of {len(value)} characters is longer than {MAX_TEXT_CHARS}"
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as error:  # a lone surrogate, e.g. the JSON escape \ud800
            return (f"contains an unpaired surrogate \\u{ord(value[error.start]):04x} at character {error.start};"
                    " the text is damaged (retype it)")
    return None


def json_type(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "text", bool: "true/false", int: "a number",
             float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def _describe(value: Any) -> str:
    if isinstance(value, str):
        return repr(value[:40] + ("..." if len(value) > 40 else ""))
    if isinstance(value, int | float) and not isinstance(value, bool):
        text = repr(value)
        return text if len(text) <= 24 else f"{text[:20]}... ({len(text)} digits)"
    return json_type(value)
