"""Reading and writing .cluster files: size limits, strict JSON, migrations, atomic saves."""

from __future__ import annotations

import json
import os
import tempfile
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from planner_gui.io.codec import CURRENT_SCHEMA_VERSION, FORMAT_NAME, data_to_design, design_to_data
from planner_gui.io.migrations import SchemaError, migrate
from planner_gui.io.reader import Problems
from planner_gui.model import Design, HardwareSpecs

MAX_FILE_BYTES = 64 * 1024 * 1024  # larger files are refused: no real design comes close
MAX_ERRORS_SHOWN = 50
FILE_SUFFIX = ".cluster"


class LoadError(ValueError):
    """The file cannot be opened as a design. ``problems`` lists every problem found."""

    def __init__(self, path: Path | str, problems: list[str]) -> None:
        self.path = str(path)
        self.problems = problems
        more = f" (and {len(problems) - 1} more problem(s))" if len(problems) > 1 else ""
        super().__init__(f"{path}: {problems[0]}{more}")


class SaveError(OSError):
    """The design could not be saved; the old file on disk is untouched."""


@dataclass
class LoadResult:
    design: Design
    warnings: list[str] = field(default_factory=list)
    migrated_from: int | None = None


def load_design(path: Path | str, specs: HardwareSpecs) -> LoadResult:
    """Open a .cluster file. Raises :class:`LoadError` naming every problem; never anything else."""
    data = _read_json(Path(path))
    return design_from_data(data, specs, path)


def design_from_data(data: Any, specs: HardwareSpecs, label: Path | str = "<data>") -> LoadResult:
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        raise LoadError(label, [f"not a Cluster Planner design (expected \"format\": \"{FORMAT_NAME}\")"])
    try:
        original = data.get("schema_version")
        data, passed = migrate(data)
    except SchemaError as error:
        raise LoadError(label, [str(error)]) from None
    problems = Problems()
    design = data_to_design(data, specs, problems)
    if problems.errors:
        raise LoadError(label, problems.errors[:MAX_ERRORS_SHOWN])
    return LoadResult(design, problems.warnings, original if passed else None)


def _read_json(path: Path) -> Any:
    try:
        if path.is_dir():
            raise LoadError(path, ["is a folder, not a .cluster file"])
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            limit = MAX_FILE_BYTES // 2**20
            raise LoadError(path, [f"is {size / 2**20:.0f} MB; designs over {limit} MB are refused"])
        raw = path.read_bytes()
    except FileNotFoundError:
        raise LoadError(path, ["no such file"]) from None
    except PermissionError:
        raise LoadError(path, ["permission denied; check the file's access rights"]) from None
    except OSError as error:
        raise LoadError(path, [f"cannot be read ({error.strerror or error})"]) from None
    if not raw.strip():
        raise LoadError(path, ["is empty"])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        problem = f"is not UTF-8 text (bad byte at offset {error.start}); is it a .cluster file?"
        raise LoadError(path, [problem]) from None
    return parse_json(text, path)


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


def design_to_json(design: Design) -> str:
    """The file's text: sorted keys, indented, and one line per device and link.

    One line per record keeps a 100,000-link file fast to write (the C encoder does each line) and
    makes a diff of two versions show exactly which devices and links changed.
    """
    return _dump(design_to_data(design), 0) + "\n"


_INDENT = " "


def _dump(value: Any, level: int) -> str:
    if isinstance(value, dict) and value:
        pad = _INDENT * (level + 1)
        items = ",\n".join(f"{pad}{_compact(key)}: {_dump(value[key], level + 1)}" for key in sorted(value))
        return "{\n" + items + "\n" + _INDENT * level + "}"
    if isinstance(value, list) and value:
        pad = _INDENT * (level + 1)
        if all(_is_flat_record(item) for item in value):
            items = ",\n".join(pad + _compact(item) for item in value)
        else:
            items = ",\n".join(pad + _dump(item, level + 1) for item in value)
        return "[\n" + items + "\n" + _INDENT * level + "]"
    return _compact(value)


def _is_flat_record(value: Any) -> bool:
    return isinstance(value, dict) and not any(isinstance(v, dict | list) for v in value.values())


def _compact(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, allow_nan=False)


def save_design(design: Design, path: Path | str) -> None:
    """Write atomically: temp file in the same folder, fsync, keep the old file as ``.bak``, rename.

    At every instant the path holds either the old or the new complete file. Raises
    :class:`SaveError` with a readable message; on error the old file is untouched.
    """
    path = Path(path)
    payload = design_to_json(design).encode("utf-8")
    folder = path.parent if str(path.parent) else Path(".")
    tmp_name = None
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():
            _keep_backup(path)
        os.replace(tmp_name, path)
        tmp_name = None
        _fsync_folder(folder)
    except OSError as error:
        raise SaveError(f"{path}: could not save ({error.strerror or error}); the previous file is unchanged") from None
    finally:
        if tmp_name is not None:
            with suppress(OSError):
                os.unlink(tmp_name)


def _keep_backup(path: Path) -> None:
    """Copy the current file to ``.bak`` atomically (the original stays in place until replaced)."""
    backup = path.with_name(path.name + ".bak")
    fd, tmp_name = tempfile.mkstemp(prefix=f".{backup.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(path.read_bytes())
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, backup)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp_name)
        raise


def _fsync_folder(folder: Path) -> None:
    with suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


__all__ = ["CURRENT_SCHEMA_VERSION", "FILE_SUFFIX", "LoadError", "LoadResult", "SaveError", "design_from_data",
           "design_to_json", "load_design", "parse_json", "save_design"]
