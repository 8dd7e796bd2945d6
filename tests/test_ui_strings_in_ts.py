"""Every literal the Qt layers translate is in the .ts file, under the context it is looked up in.

lupdate misses a ``self.tr("…")`` written inside an f-string's braces (f"<b>{self.tr('fits')}</b>") and a
``widget.tr("…")`` on another object (its context is that object's class, which lupdate cannot know):
such a string shows in English in the Chinese UI although the code looks translated (issue 7's audit
found five). This scan reads the code itself, so it fails where test_i18n's lupdate-based check cannot.
"""

from __future__ import annotations

import ast
from pathlib import Path
from xml.etree import ElementTree

from planner_gui.i18n import CHINESE, ts_path

PACKAGE = Path(__file__).resolve().parents[1] / "planner_gui"
FOLDERS = ("ui", "document", "i18n", "preferences")  # the Qt layers' own strings
LOOKUPS = ("translate", "QT_TRANSLATE_NOOP")  # QCoreApplication.translate / its bare alias, and the marker


def _ts_pairs() -> set[tuple[str, str]]:
    root = ElementTree.parse(ts_path(CHINESE)).getroot()
    return {(c.findtext("name") or "", m.findtext("source") or "") for c in root.iter("context")
            for m in c.iter("message")}


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def translated_literals(source: str) -> list[tuple[int, str | None, str]]:
    """(line, context, source text) of each translation call with literal text; context None for a
    ``x.tr()`` whose context cannot be known (not ``self`` inside a class)."""
    tree = ast.parse(source)
    owner: dict[int, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for inner in ast.walk(node):
                owner[id(inner)] = node.name  # ast.walk reaches an outer class first: the innermost one wins
    found: list[tuple[int, str | None, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if name == "tr" and isinstance(func, ast.Attribute) and (text := _literal(node.args[0])) is not None:
            by_self = isinstance(func.value, ast.Name) and func.value.id == "self"
            found.append((node.lineno, owner.get(id(node)) if by_self else None, text))
        elif name in LOOKUPS and len(node.args) >= 2:
            context, text = _literal(node.args[0]), _literal(node.args[1])
            if context is not None and text is not None:
                found.append((node.lineno, context, text))
    return found


def test_the_scan_sees_calls_inside_f_strings() -> None:
    source = ("class View:\n"
              "    def show(self):\n"
              "        return f\"<b>{self.tr('fits')}</b> {translate('Other', 'word')}\"\n"
              "def plot(parent):\n"
              "    return parent.tr('size')\n")
    assert sorted(translated_literals(source), key=str) == [(3, "Other", "word"), (3, "View", "fits"),
                                                             (5, None, "size")]


def test_every_translated_literal_is_in_the_ts() -> None:
    pairs = _ts_pairs()
    missing = []
    for folder in FOLDERS:
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            for line, context, text in translated_literals(path.read_text(encoding="utf-8")):
                if context is None:
                    missing.append(f"{path.relative_to(PACKAGE)}:{line}: {text!r} via another object's tr(); "
                                   "use QCoreApplication.translate with a context")
                elif (context, text) not in pairs:
                    missing.append(f"{path.relative_to(PACKAGE)}:{line}: ({context!r}, {text!r}) is not in the "
                                   ".ts; lupdate cannot read it where it stands (inside an f-string?)")
    assert missing == []
