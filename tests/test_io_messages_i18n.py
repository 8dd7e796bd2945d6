"""The loader's and saver's messages are translatable Texts: English unchanged, Chinese in a zh UI/CLI.

Every problem io/*.py reports is a :class:`~planner_gui.model.messages.Text` whose ``str`` is the
English the other io tests pin; rendered through the shipped Chinese translation it reads in Chinese
with its JSON path, ids and numbers intact. An ast scan keeps new messages marked.
"""

from __future__ import annotations

import ast
import errno
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication

from planner_gui.catalog import bundled_catalog
from planner_gui.io import CURRENT_SCHEMA_VERSION, LoadError, SaveError, load_design, save_design, saving
from planner_gui.io.reader import Problems
from planner_gui.io.saving import os_reason
from planner_gui.model import Design, DesignError
from planner_gui.model.messages import QT_TRANSLATE_NOOP, Text, english, error_text, render
from tests.english_scan import plain_english

IO_DIR = Path(__file__).resolve().parents[1] / "planner_gui" / "io"
CATALOG = bundled_catalog()
HEAD = '{"format": "cluster-planner", "schema_version": 2, '
CHECKED_RAISES = frozenset(("LoadError", "SaveError", "NotReadable", "SchemaError"))


def _cjk(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


@pytest.fixture
def zh() -> Iterator[object]:
    """The shipped Chinese translation installed; ``QCoreApplication.translate`` as the translator."""
    from PySide6.QtWidgets import QApplication

    from planner_gui.i18n import install_language

    app = QApplication.instance() or QApplication([])
    assert install_language("zh_CN", app) == "zh_CN"
    try:
        yield QCoreApplication.translate
    finally:
        install_language("en", app)


def _load_error(tmp_path: Path, content: str | bytes, name: str = "bad.cluster") -> LoadError:
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    with pytest.raises(LoadError) as caught:
        load_design(path, CATALOG)
    return caught.value


# ----- the scan: every message io raises or records is marked ----------------------------------
def _unmarked(node: ast.AST | None) -> bool:
    """Plain English (a list or tuple of problems counts if any item is one)."""
    return plain_english(node, tuples=True)


def _records(func: ast.Attribute) -> bool:
    """``problems.error/warn(path, message)`` or the Reader's ``self._bad(key, message, default)``."""
    return (func.attr in ("error", "warn") and "problems" in ast.unparse(func.value)) or func.attr == "_bad"


def unmarked_messages(source: str, name: str = "<source>") -> list[str]:
    """``name:line`` of each raise of a loader/saver error (or any raise whose message comes first) and each
    problems.error/warn or Reader._bad call, given an unmarked message."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            call = node.exc
            called = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", "")
            args = call.args if called in CHECKED_RAISES else call.args[:1]  # any raise: its message first
            if any(_unmarked(arg) for arg in args):
                found.append(f"{name}:{node.lineno}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and _records(node.func) and any(
                _unmarked(arg) for arg in node.args[1:]):
            found.append(f"{name}:{node.lineno}")
    return found


def test_the_scan_finds_unmarked_messages() -> None:
    """The scan itself: each of these is caught, the marked forms are not."""
    bad = '''
raise LoadError(path, ["no such file"])
raise LoadError(path, [f"cannot be read ({reason})"])
raise SaveError(f"{path}: could not save")
raise NotReadable("is a folder")
raise SchemaError(f"schema {version}")
self.problems.error(path, "missing")
r.problems.warn(path, f"unknown catalog id {x!r}")
raise ValueError(f"{name} is not a number JSON allows")
return self._bad(key, f"expected text, got {json_type(value)}", default)
'''
    assert len(unmarked_messages(bad)) == 9
    good = '''
raise LoadError(path, [QT_TRANSLATE_NOOP("Load", "no such file").fill()])
raise SaveError(QT_TRANSLATE_NOOP("Save", "could not save ({reason})").fill(reason=r), str(path))
self.problems.error(self.at(key), QT_TRANSLATE_NOOP("Load", "missing").fill())
raise IsADirectoryError(21, "it is a folder; choose a file name", str(path))
'''
    assert unmarked_messages(good) == []


def test_io_raises_and_records_only_marked_messages() -> None:
    found = [hit for path in sorted(IO_DIR.glob("*.py"))
             for hit in unmarked_messages(path.read_text(encoding="utf-8"), path.name)]
    assert found == []


# ----- English stays as it was; the Texts carry the translation ----------------------------------
def test_problems_are_texts_whose_english_is_unchanged(tmp_path: Path) -> None:
    error = _load_error(tmp_path, HEAD + '"racks": "x", "links": [{"id": "a", "id": "b"}]}')
    assert error.problems == ["links[0]: key 'id' appears twice"]
    assert all(isinstance(p, Text) for p in error.problems)
    assert str(error) == f"{tmp_path / 'bad.cluster'}: links[0]: key 'id' appears twice"
    assert error.render(english) == error_text(error, english) == str(error)


def test_a_design_error_refused_keeps_the_models_text() -> None:
    """Problems.refused passes a DesignError's Text on (no "where" twice), so it translates too."""
    inner = QT_TRANSLATE_NOOP("Model", "duplicate rack id {rack!r}").fill(rack="r1")
    problems = Problems()
    problems.refused("racks[1]", DesignError(inner, where="r1"))
    problems.refused("racks[2]", DesignError("plain english", where="r2"))
    assert problems.errors == ["racks[1]: duplicate rack id 'r1'", "racks[2]: plain english"]
    zh = {"duplicate rack id {rack!r}": "机柜 ID {rack!r} 重复"}
    assert render(problems.errors[0], lambda _c, s: zh.get(s, "")) == "racks[1]: 机柜 ID 'r1' 重复"


def test_unknown_system_reasons_stay_in_the_systems_words() -> None:
    assert isinstance(os_reason(OSError(errno.EROFS, os.strerror(errno.EROFS))), Text)
    assert os_reason(OSError(errno.EROFS, "Nur-Lese-Dateisystem")) == "Nur-Lese-Dateisystem"
    assert os_reason(OSError(5)) == "5"


# ----- Chinese -------------------------------------------------------------------------------
HOSTILE = {  # content -> (English problem, a JSON path or value the Chinese must keep)
    "dup": (HEAD + '"links": [{"id": "a", "a": "x", "id": "b"}]}', "links[0]: key 'id' appears twice", "links[0]: "),
    "types": (HEAD + '"racks": "x"}', "racks: expected a list, got text", "racks: "),
    "range": (HEAD + '"cost": {"pue": 9}}', "cost.pue: 9 is outside 1..3", "cost.pue: 9 "),
    "newer": ('{"format": "cluster-planner", "schema_version": 99}',
              f"this file was written by a newer Cluster Planner (schema 99; this version reads up to "
              f"{CURRENT_SCHEMA_VERSION}); "
              "update Cluster Planner to open it", "schema 99"),
    "syntax": ('{"a": [1, }', "is not valid JSON: Expecting value at line 1 column 11", "11"),
    "format": ('{"format": "other"}', 'not a Cluster Planner design (expected "format": "cluster-planner")',
               '"format": "cluster-planner"'),
    "pdf": (b"%PDF-1.7 ...", "is a PDF document and is not valid JSON; it is not a Cluster Planner design", "PDF"),
    "empty": (b"  \n", "is empty", ""),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_files_read_in_chinese_with_their_paths(tmp_path: Path, zh: object, case: str) -> None:
    content, problem, kept = HOSTILE[case]
    error = _load_error(tmp_path, content)
    assert error.problems[0] == problem  # English unchanged under a Chinese UI
    shown = render(error.problems[0], zh)  # type: ignore[arg-type]
    assert _cjk(shown) and kept in shown and shown != problem


def test_a_missing_file_and_a_folder_read_in_chinese(tmp_path: Path, zh: object) -> None:
    with pytest.raises(LoadError) as missing:
        load_design(tmp_path / "gone.cluster", CATALOG)
    with pytest.raises(LoadError) as folder:
        load_design(tmp_path, CATALOG)
    assert missing.value.problems == ["no such file"]
    assert render(missing.value.problems[0], zh) == "文件不存在"  # type: ignore[arg-type]
    assert _cjk(render(folder.value.problems[0], zh))  # type: ignore[arg-type]


def test_the_one_line_summary_renders_in_chinese(tmp_path: Path, zh: object) -> None:
    """What the CLI prints: "PATH: first problem (and N more problems)", translated as a whole."""
    error = _load_error(tmp_path, HEAD + '"racks": "x", "meta": {"name": 5}, "cost": {"pue": 9}}')
    path = str(tmp_path / "bad.cluster")
    assert str(error) == f"{path}: meta.name: expected text, got a number (and 2 more problems)"
    line = error.render(zh)  # type: ignore[arg-type]
    assert line.startswith(f"{path}: meta.name: ") and _cjk(line) and "2" in line
    assert error_text(error, zh) == line  # type: ignore[arg-type]


def test_a_save_refused_by_the_system_reads_in_chinese(tmp_path: Path, zh: object,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only folder (EROFS, as a read-only mount gives even to root): the reason and the rest translate."""
    target = tmp_path / "d.cluster"

    def refuse(*_: object) -> int:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(saving.os, "open", refuse)
    with pytest.raises(SaveError) as caught:
        save_design(Design(), target)
    assert str(caught.value) == f"{target}: could not save (Read-only file system); nothing was written"
    shown = error_text(caught.value, zh)  # type: ignore[arg-type]
    assert shown.startswith(f"{target}: ") and _cjk(shown) and "Read-only" not in shown
