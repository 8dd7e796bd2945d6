"""Reading and writing .cluster files: size limits, strict JSON, migrations, atomic saves."""

from __future__ import annotations

import gc
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from planner_gui.io.codec import CURRENT_SCHEMA_VERSION, FORMAT_NAME, count_problems, data_to_design
from planner_gui.io.duplicate_keys import duplicate_key_problems
from planner_gui.io.limits import MAX_ERRORS_KEPT, MAX_ERRORS_SHOWN, MAX_FILE_BYTES, TooManyProblems
from planner_gui.io.migrations import SchemaError, migrate
from planner_gui.io.reader import Problems
from planner_gui.io.saving import SaveError, design_to_json, save_design
from planner_gui.io.sniff import NotReadable, foreign_format, read_regular_file
from planner_gui.model import Design, HardwareSpecs

FILE_SUFFIX = ".cluster"


class LoadError(ValueError):
    """The file cannot be opened as a design. ``problems`` lists every problem found."""

    def __init__(self, path: Path | str, problems: list[str]) -> None:
        self.path = str(path)
        self.problems = problems
        more = f" (and {len(problems) - 1} more problem(s))" if len(problems) > 1 else ""
        super().__init__(f"{path}: {problems[0]}{more}")


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
        raise LoadError(label, [f"not a Cluster Planner design (expected \"format\": \"{FORMAT_NAME}\")"])
    try:
        original = data.get("schema_version")
        data, passed = migrate(data)
    except SchemaError as error:
        raise LoadError(label, [str(error)]) from None
    oversized = count_problems(data)
    if oversized:
        raise LoadError(label, oversized)
    problems = Problems()
    try:
        design = data_to_design(data, specs, problems)
    except TooManyProblems:
        shown = problems.errors[:MAX_ERRORS_SHOWN]
        raise LoadError(label, [*shown, f"stopped reading after {MAX_ERRORS_KEPT} problems"]) from None
    if problems.errors:
        raise LoadError(label, problems.errors[:MAX_ERRORS_SHOWN])
    warnings = problems.warnings
    if problems.warnings_dropped:
        warnings = [*warnings, f"... and {problems.warnings_dropped} more warning(s)"]
    return LoadResult(design, warnings, original if passed else None)


def _read_json(path: Path) -> Any:
    try:
        raw = read_regular_file(path, MAX_FILE_BYTES)
    except NotReadable as reason:
        raise LoadError(path, [str(reason)]) from None
    except FileNotFoundError:
        raise LoadError(path, ["no such file"]) from None
    except PermissionError:
        raise LoadError(path, ["permission denied; check the file's access rights"]) from None
    except OSError as error:
        raise LoadError(path, [f"cannot be read ({error.strerror or error})"]) from None
    if not raw or raw.isspace():  # isspace stops at the first other byte; strip() would copy 50 MB
        raise LoadError(path, ["is empty"])
    foreign = foreign_format(raw)
    if foreign is not None:
        raise LoadError(path, [foreign])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        problem = f"is not UTF-8 text (bad byte at offset {error.start}); is it a .cluster file?"
        raise LoadError(path, [problem]) from None
    data = parse_json(text, path)
    repeated = duplicate_key_problems(text, data)
    if repeated:
        raise LoadError(path, repeated)
    return data


def parse_json(text: str, label: Path | str) -> Any:
    """Strict JSON: no NaN/Infinity, no runaway nesting, readable errors."""
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:  # the C decoder guards its own recursion; the codec never recurses
        raise LoadError(label, ["nests far too deeply to be a design; the file is damaged or hostile"]) from None
    except json.JSONDecodeError as error:
        where = f"line {error.lineno} column {error.colno}"
        raise LoadError(label, [f"is not valid JSON: {error.msg} at {where}"]) from None
    except ValueError as error:  # huge integers, NaN
        raise LoadError(label, [f"is not valid JSON: {error}"]) from None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


__all__ = ["CURRENT_SCHEMA_VERSION", "FILE_SUFFIX", "LoadError", "LoadResult", "SaveError", "design_from_data",
           "design_to_json", "load_design", "parse_json", "save_design"]
