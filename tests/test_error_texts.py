"""Every refusal the model and the document raise is a translatable Text (issue 7).

A ``DesignError("rack r3 is full")`` written with a plain string or an f-string would reach the Chinese
UI and the Chinese CLI in English. This scan of planner_gui/model and planner_gui/document fails on:
- a ``DesignError`` whose message is not ``QT_TRANSLATE_NOOP("Context", "...").fill(...)``;
- a ``where`` given as a string literal or an f-string (an English label such as f"rack {id!r}");
- any other ``raise SomeError("...")`` / ``raise SomeError(f"...")`` (an English message);
- a signal emitting a literal or an f-string (``failed.emit(f"...")``: a ``Signal(str)`` shown as it is);
- a ``QT_TRANSLATE_NOOP`` that lupdate cannot read (not two string literals) or that is in the wrong
  context ("Model" in model/, "Document" in document/).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from planner_gui.model.errors import DesignError, rack_where
from planner_gui.model.messages import QT_TRANSLATE_NOOP, error_text
from tests.english_scan import called_name, plain_english

PACKAGE = Path(__file__).resolve().parents[1] / "planner_gui"
CONTEXTS = {"model": "Model", "document": "Document"}  # each layer's .ts context
MARKER = "QT_TRANSLATE_NOOP"
EXEMPT = {"model/messages.py"}  # defines the marker; its docstring example is not code


def _is_english(node: ast.expr | None) -> bool:
    """English that no translator will see."""
    return plain_english(node)


def _is_marked_text(node: ast.expr | None) -> bool:
    """``QT_TRANSLATE_NOOP(...).fill(...)``: a Text whose template lupdate extracts."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "fill"
            and isinstance(node.func.value, ast.Call) and called_name(node.func.value) == MARKER)


def _argument(call: ast.Call, index: int, keyword: str) -> ast.expr | None:
    if len(call.args) > index:
        return call.args[index]
    return next((k.value for k in call.keywords if k.arg == keyword), None)


def problems(source: str, context: str, filename: str = "<source>") -> list[str]:
    """What in ``source`` would show English in a translated UI (empty: nothing)."""
    found: list[str] = []
    tree = ast.parse(source)
    raised = {id(node.exc) for node in ast.walk(tree) if isinstance(node, ast.Raise) and node.exc is not None}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name, at = called_name(node), f"{filename}:{node.lineno}"
        if name == MARKER:
            literal = len(node.args) == 2 and all(isinstance(a, ast.Constant) and isinstance(a.value, str)
                                                  for a in node.args)
            if not literal:
                found.append(f"{at}: {MARKER} needs two string literals (lupdate reads them)")
            elif node.args[0].value != context:  # type: ignore[attr-defined]
                found.append(f"{at}: {MARKER} context {node.args[0].value!r} should be {context!r}")  # type: ignore[attr-defined]
        elif name == "DesignError":
            if not _is_marked_text(_argument(node, 0, "message")):
                found.append(f"{at}: DesignError message is not a {MARKER}(...).fill(...) Text")
            if _is_english(_argument(node, 1, "where")):
                found.append(f"{at}: DesignError where is English text; build it as a Text (model/errors.py)")
        elif id(node) in raised and node.args and _is_english(node.args[0]):
            found.append(f"{at}: {name} raised with an English string; use a {MARKER}(...).fill(...) Text")
        elif name == "emit" and any(_is_english(a) for a in node.args):
            found.append(f"{at}: a signal emits English text; translate it before it becomes a plain str")
    return found


def _sources() -> list[tuple[Path, str]]:
    return [(path, CONTEXTS[layer]) for layer in CONTEXTS for path in sorted((PACKAGE / layer).rglob("*.py"))
            if path.relative_to(PACKAGE).as_posix() not in EXEMPT]


@pytest.mark.parametrize(("path", "context"), _sources(), ids=[p.relative_to(PACKAGE).as_posix() for p, _ in _sources()])
def test_model_and_document_refusals_are_marked_texts(path: Path, context: str) -> None:
    assert problems(path.read_text(encoding="utf-8"), context, path.name) == []


def test_the_scan_finds_every_way_to_slip_english_in() -> None:
    bad = '''
raise DesignError("rack is full")
raise DesignError(f"rack {rack!r} is full", where)
raise DesignError(QT_TRANSLATE_NOOP("Model", "full").fill(), f"rack {rack!r}")
error = DesignError(message)
raise ValueError(f"no rack {rack!r}")
raise KeyError("no such rack")
self.failed.emit(f"autosave failed: {reason}")
text = QT_TRANSLATE_NOOP("Model", template).fill()
text = QT_TRANSLATE_NOOP("Document", "in the wrong context").fill()
'''
    found = problems(bad, "Model")
    assert len(found) == 9, found
    assert sorted(int(line.split(":")[1]) for line in found) == list(range(2, 11))  # one problem per line


def test_the_scan_accepts_marked_texts() -> None:
    good = '''
raise DesignError(QT_TRANSLATE_NOOP("Model", "no rack {rack!r}").fill(rack=rack_id), where())
raise DesignError(QT_TRANSLATE_NOOP("Model", "full").fill(), rack_where(rack_id))
raise SaveError(QT_TRANSLATE_NOOP("Model", "no file yet").fill())
self.edit_refused.emit(error_text(error, translate))
raise
'''
    assert problems(good, "Model") == []


def test_an_object_named_as_where_is_translated_with_the_message() -> None:
    zh = {"rack {id!r}": "机柜 {id!r}", "rack is full": "机柜已满"}
    error = DesignError(QT_TRANSLATE_NOOP("Model", "rack is full").fill(), rack_where("A01"))
    assert str(error) == "rack 'A01': rack is full"  # English as before
    assert error_text(error, lambda _context, source: zh.get(source, "")) == "机柜 'A01': 机柜已满"
    assert error_text(DesignError(error.text, "racks[0]"), lambda *_: "") == "racks[0]: rack is full"  # a path stays
