"""Reading and writing .cluster files: size limits, strict JSON, migrations, atomic saves."""

from __future__ import annotations

import gc
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from planner_gui.io.codec import CURRENT_SCHEMA_VERSION, FORMAT_NAME, count_problems, data_to_design
from planner_gui.io.duplicate_keys import parse_with_duplicates, proof_holds
from planner_gui.io.limits import (
    MAX_ERRORS_KEPT,
    MAX_ERRORS_SHOWN,
    MAX_FILE_BYTES,
    MAX_JSON_CONTAINERS,
    TooManyProblems,
)
from planner_gui.io.migrations import SchemaError, migrate
from planner_gui.io.reader import Problems
from planner_gui.io.saving import SaveError, design_to_json, os_reason, save_design
from planner_gui.io.sniff import NotReadable, foreign_format, read_regular_file
from planner_gui.model import Design, HardwareSpecs
from planner_gui.model.messages import QT_TRANSLATE_NOOP, Text, Translate, error_text

FILE_SUFFIX = ".cluster"


class LoadError(ValueError):
    """The file cannot be opened as a design. ``problems`` lists every problem found.

    Each problem is a str in English; the loader's own are :class:`~planner_gui.model.messages.Text`,
    so the UI and the CLI can show them in their language (``render(problem, translate)``).
    ``text`` is the one-line summary without the path (``where``), as
    :func:`~planner_gui.model.messages.error_text` expects; :meth:`render` gives the whole line.
    """

    def __init__(self, path: Path | str, problems: list[str]) -> None:
        self.path = self.where = str(path)
        self.problems = problems
        first = problems[0]
        more = (QT_TRANSLATE_NOOP("Load", "{problem} (and {count} more problem)") if len(problems) == 2 else
                QT_TRANSLATE_NOOP("Load", "{problem} (and {count} more problems)"))
        summary = more.fill(problem=first, count=len(problems) - 1) if len(problems) > 1 else first
        self.text = summary if isinstance(summary, Text) else None
        super().__init__(f"{path}: {summary}")

    def render(self, translate: Translate) -> str:
        """``str(self)`` ("PATH: first problem (and N more problem(s))") in the language of ``translate``."""
        return error_text(self, translate)


@dataclass
class LoadResult:
    design: Design
    warnings: list[str] = field(default_factory=list)
    migrated_from: int | None = None


def load_design(path: Path | str, specs: HardwareSpecs) -> LoadResult:
    """Open a .cluster file. Raises :class:`LoadError` naming every problem; never anything else.

    The file is untrusted: it is read only if it is a regular file within MAX_FILE_BYTES, parsed
    as strict JSON (no code runs, nothing is imported or unpickled) and checked value by value.
    """
    with gc_paused():
        data = _read_json(Path(path))
        return design_from_data(data, specs, path)


@contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection while a large file becomes objects.

    Loading allocates millions of objects and no cycles, so the collector's repeated passes over
    them are pure cost: a third of the link reading at 100,000 GPUs (benchmarks/load_speed.py).
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def design_from_data(data: Any, specs: HardwareSpecs, label: Path | str = "<data>") -> LoadResult:
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        raise LoadError(label, [QT_TRANSLATE_NOOP(
            "Load", "not a Cluster Planner design (expected \"format\": \"{format}\")").fill(format=FORMAT_NAME)])
    try:
        original = data.get("schema_version")
        data, passed = migrate(data)
    except SchemaError as error:
        raise LoadError(label, [_reason(error)]) from None
    oversized = count_problems(data)
    if oversized:
        raise LoadError(label, oversized)
    problems = Problems()
    try:
        design = data_to_design(data, specs, problems)
    except TooManyProblems:
        shown = problems.errors[:MAX_ERRORS_SHOWN]
        stopped = QT_TRANSLATE_NOOP("Load", "stopped reading after {count} problems").fill(count=MAX_ERRORS_KEPT)
        raise LoadError(label, [*shown, stopped]) from None
    if problems.errors:
        raise LoadError(label, problems.errors[:MAX_ERRORS_SHOWN])
    warnings = problems.warnings
    if problems.warnings_dropped:
        more = (QT_TRANSLATE_NOOP("Load", "... and {count} more warning") if problems.warnings_dropped == 1 else
                QT_TRANSLATE_NOOP("Load", "... and {count} more warnings"))
        warnings = [*warnings, more.fill(count=problems.warnings_dropped)]
    return LoadResult(design, warnings, original if passed else None)


def _read_json(path: Path) -> Any:
    try:
        raw = read_regular_file(path, MAX_FILE_BYTES)
    except NotReadable as reason:
        raise LoadError(path, [_reason(reason)]) from None
    except FileNotFoundError:
        raise LoadError(path, [QT_TRANSLATE_NOOP("Load", "no such file").fill()]) from None
    except PermissionError:
        raise LoadError(path, [QT_TRANSLATE_NOOP("Load", "permission denied; check the file's access rights").fill()]
                        ) from None
    except OSError as error:
        raise LoadError(path, [QT_TRANSLATE_NOOP("Load", "cannot be read ({reason})").fill(reason=os_reason(error))]
                        ) from None
    if not raw or raw.isspace():  # isspace stops at the first other byte; strip() would copy 50 MB
        raise LoadError(path, [QT_TRANSLATE_NOOP("Load", "is empty").fill()])
    foreign = foreign_format(raw)
    if foreign is not None:
        raise LoadError(path, [foreign])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        problem = QT_TRANSLATE_NOOP("Load", "is not UTF-8 text (bad byte at offset {offset}); is it a .cluster file?"
                                    ).fill(offset=error.start)
        raise LoadError(path, [problem]) from None
    containers = raw.count(b"{") + raw.count(b"[")  # an upper bound: braces inside strings count too
    if containers > MAX_JSON_CONTAINERS:
        raise LoadError(path, [QT_TRANSLATE_NOOP(
            "Load", "holds about {count:,} JSON objects and lists, more than the {limit:,} any design within this "
                    "version's limits has; the file is damaged or not a design").fill(
            count=containers, limit=MAX_JSON_CONTAINERS)])
    data = parse_json(text, path)
    if proof_holds(text, data):
        return data
    del data  # the exact check parses again: never hold two copies of a large file
    data, repeated = parse_with_duplicates(text)
    if repeated:
        raise LoadError(path, repeated)
    return data


def parse_json(text: str, label: Path | str) -> Any:
    """Strict JSON: no NaN/Infinity, no runaway nesting, readable errors."""
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:  # the C decoder guards its own recursion; the codec never recurses
        raise LoadError(label, [QT_TRANSLATE_NOOP(
            "Load", "nests far too deeply to be a design; the file is damaged or hostile").fill()]) from None
    except json.JSONDecodeError as error:
        template = JSON_REASONS.get(error.msg)
        raise LoadError(label, [QT_TRANSLATE_NOOP("Load", "is not valid JSON: {reason} at line {line} column {column}")
                                .fill(reason=template.fill() if template else error.msg, line=error.lineno,
                                      column=error.colno)]) from None
    except ValueError as error:  # huge integers, NaN
        where = _value_position(text)
        if where is None:
            raise LoadError(label, [QT_TRANSLATE_NOOP("Load", "is not valid JSON: {reason}").fill(
                reason=_reason(error))]) from None
        raise LoadError(label, [QT_TRANSLATE_NOOP("Load", "is not valid JSON: {reason} at line {line} column {column}")
                                .fill(reason=_reason(error), line=where[0], column=where[1])]) from None


# What the decoder refuses without saying where: NaN/Infinity outside strings, or an integer of more digits
# than Python converts (sys.get_int_max_str_digits(), 4,300 by default). Found again to name line and column.
_REFUSED_VALUE = r'(?<![\w."])(?:-?Infinity|NaN)(?![\w"])|\d{4301,}'  # re caches it


def _value_position(text: str) -> tuple[int, int] | None:
    found = re.search(_REFUSED_VALUE, text)
    if found is None:
        return None
    line = text.count("\n", 0, found.start()) + 1
    return line, found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1


# What Python's JSON decoder says about a syntax error (json/decoder.py, _json.c), translated when shown.
JSON_REASONS = {template.source: template for template in (
    QT_TRANSLATE_NOOP("Load", "Expecting value"),
    QT_TRANSLATE_NOOP("Load", "Expecting ',' delimiter"),
    QT_TRANSLATE_NOOP("Load", "Expecting ':' delimiter"),
    QT_TRANSLATE_NOOP("Load", "Expecting property name enclosed in double quotes"),
    QT_TRANSLATE_NOOP("Load", "Unterminated string starting at"),
    QT_TRANSLATE_NOOP("Load", "Invalid control character at"),
    QT_TRANSLATE_NOOP("Load", "Invalid \\escape"),
    QT_TRANSLATE_NOOP("Load", "Invalid \\uXXXX escape"),
    QT_TRANSLATE_NOOP("Load", "Extra data"),
    QT_TRANSLATE_NOOP("Load", "Illegal trailing comma before end of object"),
    QT_TRANSLATE_NOOP("Load", "Illegal trailing comma before end of array"),
)}


def _reason(error: Exception) -> str:
    """An exception's message, kept as the Text it was raised with (SchemaError, NotReadable, ours)."""
    return error.args[0] if len(error.args) == 1 and isinstance(error.args[0], Text) else str(error)


def _refuse_constant(name: str) -> Any:
    raise ValueError(QT_TRANSLATE_NOOP("Load", "{name} is not a number JSON allows").fill(name=name))


__all__ = ["CURRENT_SCHEMA_VERSION", "FILE_SUFFIX", "LoadError", "LoadResult", "SaveError", "design_from_data",
           "design_to_json", "load_design", "parse_json", "save_design"]
